"""Training sentences for the contextual-integrity "location" category (a specific person's
whereabouts: where they live, are, stay, go, or moved), with hand-checked place-mentioning
"none" sentences as hard negatives.

Inputs: the Reddit scraper dumps (r-*.json.gz: post title, postText and nested comments) and the
EmpatheticDialogues situations (ed_hypemo_{train,valid,test}.csv, column "text"). Texts are split
into sentences (6-40 words, ASCII-ish, no URLs); candidates are those matching a broad
person-whereabouts regex (POS) or naming a known place without matching it (NEG). Every kept
candidate was read and labelled by hand; the labels live in the decisions file ("decisions":
sha1(text)[:12] -> "location" | "none" | "reject"; "owner_third": location sentences about someone
other than the writer, the rest being "self"). Undecided and rejected candidates are dropped. Output is JSON lines
{"text", "source", "category", "owner", "doc"} in sha1(text) order; reruns are byte-identical.

Run (stdlib only):
  python bench/ci_data/prepare_location.py --reddit /work/outside/raw/reddit_scraper \
      --ed /work/outside/raw/more --decisions bench/ci_data/location_decisions.json \
      --out /work/outside/location/sentences_location.jsonl
  (--dump FILE writes all candidates as JSON lines instead, for labelling.)
"""

import argparse
import csv
import glob
import gzip
import hashlib
import json
import os
import re
from collections import Counter

from hand_labels import dump, write_labelled

KIN = (r"(?:mom|mum|mother|dad|father|parents|wife|husband|partner|girlfriend|boyfriend|brother|sister|"
       r"son|daughter|family|friends?|best friend|grandparents|grandma|grandmother|grandpa|grandfather|"
       r"aunt|uncle|cousins?|in-laws|fianc[ée]e?|roommate|neighbou?rs?|sisters|brothers|folks|kids)")
SUBJ = rf"(?:\b(?:I|[Ww]e|[Hh]e|[Ss]he|[Tt]hey|[Mm]y {KIN}|[Oo]ur {KIN})|\b[A-Z][a-z]+)"
VERB = (r"(?:live|lives|lived|living|moved|moving|move|relocated|relocating|am staying|are staying|stay|"
        r"stayed|staying|am in|are in|is in|'m in|'re in|will be in|be in|be away|travel|travelling|traveling|"
        r"flying|flew|visiting|visit|visited|commute|grew up|from|based in|home is|house is|apartment|flat|"
        r"going|headed|heading)")
GENERIC = (r"(?:the city|downtown|a (?:small )?town|a (?:small )?village|the suburbs|the countryside|"
           r"the country|a farm|the coast|the mountains|the states|abroad|overseas|the area|the island|"
           r"the north|the south|the east|the west|the midwest|rural \w+)")
PLACES = ("japan|tokyo|kyoto|osaka|hokkaido|okinawa|nara|hiroshima|sapporo|fukuoka|nagoya|hakone|shibuya|"
          "shinjuku|london|paris|berlin|rome|madrid|amsterdam|dublin|seattle|portland|boston|chicago|"
          "new york|california|texas|florida|ohio|oregon|colorado|arizona|michigan|alaska|montana|maine|"
          "vermont|georgia|virginia|carolina|tennessee|kentucky|wisconsin|minnesota|iowa|idaho|utah|"
          "nevada|washington|canada|toronto|vancouver|montreal|mexico|brazil|england|scotland|wales|"
          "ireland|france|germany|italy|spain|sweden|norway|finland|australia|sydney|melbourne|"
          "new zealand|korea|seoul|china|taiwan|thailand|vietnam|india|hawaii|vegas|los angeles|"
          "san francisco|denver|atlanta|miami|houston|dallas|austin|europe|asia|africa|uk|usa")
PLACE = rf"(?:(?<![.!?] )\b[A-Z][a-zA-Z]+|{GENERIC}|(?:{PLACES})\b)"
GAP = r"(?:\s+[\w',-]+){0,3}?"
POS = re.compile(rf"{SUBJ}{GAP}\s+{VERB}{GAP}\s+(?:in|to|at|near|outside|from|of)\b{GAP}\s+{PLACE}")
PREP_PLACE = re.compile(rf"\b(?:in|to|at|near|from|of|around|visit|visiting)\s+(?:the\s+)?(?:{PLACES})\b", re.I)
URL = re.compile(r"https?:|www\.|\.com\b|\br/\w|\]\(")
SPLIT = re.compile(r"(?<=[.!?])\s+|\n+")


def sentences(text):
    for s in SPLIT.split(text or ""):
        s = " ".join(s.split()).strip(" *>#-")
        n = len(s.split())
        if not 6 <= n <= 40 or URL.search(s) or s in ("[deleted]", "[removed]"):
            continue
        if sum(ord(c) < 128 for c in s) < 0.97 * len(s) or not re.search(r"[a-z]", s):
            continue
        yield s


def walk_comments(cs):
    for c in cs or []:
        if c.get("author") not in ("AutoModerator",):
            yield c.get("comment", "")
        yield from walk_comments(c.get("replies"))


def texts(reddit_dir, ed_dir):
    for path in sorted(glob.glob(os.path.join(reddit_dir, "r-*.json.gz"))):
        sub = os.path.basename(path)[2:-len(".json.gz")]
        with gzip.open(path, "rt", encoding="utf-8") as f:
            posts = json.load(f)
        for p in posts:
            for t in [p.get("title", ""), p.get("postText", "")] + list(walk_comments(p.get("comments"))):
                yield f"reddit_location:{sub}", p.get("id", ""), t
    for split in ("train", "valid", "test"):
        with open(os.path.join(ed_dir, f"ed_hypemo_{split}.csv"), encoding="utf-8", newline="") as f:
            for i, row in enumerate(csv.DictReader(f)):
                yield "ed_location", f"ed_{split}:{i}", row["text"]


def candidates(reddit_dir, ed_dir):
    seen = {}
    for source, doc, t in texts(reddit_dir, ed_dir):
        ed = source == "ed_location"
        for s in sentences(t):
            h = hashlib.sha1(s.encode("utf-8")).hexdigest()
            if h in seen:
                continue
            pos = POS.search(s) if not ed else POS.search(re.sub(r"^i\b|(?<=\s)i\b", "I", s)) and PREP_PLACE.search(s)
            if ed and not pos:
                pos = re.search(rf"\b(?:i|we|my {KIN})\b.*\b(?:{VERB})\b.*\b(?:in|to|at|near|from)\s+(?:a |the )?"
                                rf"(?:{PLACES}|new (?:city|town|state|country|house|place)|{GENERIC})\b", s)
            kind = "pos" if pos else ("neg" if PREP_PLACE.search(s) else None)
            if kind:
                seen[h] = {"sha": h, "text": s, "source": source, "doc": doc, "kind": kind}
    return [seen[h] for h in sorted(seen)]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reddit", required=True)
    ap.add_argument("--ed", required=True)
    ap.add_argument("--decisions")
    ap.add_argument("--out")
    ap.add_argument("--dump")
    a = ap.parse_args()
    cands = candidates(a.reddit, a.ed)
    if a.dump:
        dump(cands, a.dump)
        return
    rows = write_labelled(cands, a.decisions, a.out, ("location", "none"))
    counts = Counter((r["category"], r["source"]) for r in rows)
    for k in sorted(counts):
        print(f"{k[0]:9s} {k[1]:40s} {counts[k]}")


if __name__ == "__main__":
    main()
