"""Training sentences for the contextual-integrity "minors" (a private fact about a specific
child) and "beliefs" (a specific person's religion/practice, political view/vote/affiliation, or
sexual orientation) categories, with hand-checked "none" hard negatives that use child or belief
words without disclosing such a fact.

Inputs: the Reddit scraper dumps (r-*.json.gz: title, postText, nested comments), the
EmpatheticDialogues situations (ed_hypemo_{train,valid,test}.csv, column "text"), CFPB complaint
narratives (cfpb_complaints.csv, "Consumer complaint narrative"), COVID-Dialogue (patient turns)
and ChatDoctor GenMedGPT-5k ("input"). Texts are HTML-unescaped and split into sentences (6-40
words, ASCII-ish, no URLs); candidates match a broad child-word + private-cue regex (MINORS) or a
religion/politics/orientation regex (BELIEFS). A subset of candidates was read and labelled by hand;
labels live in the decisions file ("decisions": sha1(text)[:12] -> "minors" | "beliefs" | "none" |
"reject"; "owner_third": positives about someone other than the writer, the rest being "self").
Undecided and rejected candidates are dropped. Output is JSON lines
{"text", "source", "category", "owner", "doc"} in sha1(text) order; reruns are byte-identical.

Run (stdlib only):
  python bench/ci_data/prepare_minors_beliefs.py --reddit /work/outside/raw/reddit_scraper \
      --more /work/outside/raw/more --health /work/outside/raw/health \
      --decisions bench/ci_data/minors_beliefs_decisions.json \
      --out /work/outside/minors_beliefs/sentences_minors_beliefs.jsonl
  (--dump FILE writes all candidates as JSON lines instead, for labelling.)
"""

import argparse
import csv
import glob
import gzip
import hashlib
import html
import json
import os
import re
from collections import Counter

from hand_labels import dump, write_labelled

CHILD = (r"\b(?:sons?|daughters?|kids?|kiddos?|child|children|toddlers?|bab(?:y|ies)|infants?|newborn|"
         r"teens?|teenagers?|(?:my|our|her|his|their) (?:little |youngest |oldest |eldest )?(?:boys?|girls?)|"
         r"nephews?|nieces?|step-?sons?|step-?daughters?|grand-?sons?|grand-?daughters?|grandkids?|"
         r"grandchild(?:ren)?|(?:little|baby|younger|kid) (?:brother|sister)|\d+ ?(?:yo|y/o)\b|"
         r"\d+[- ](?:year|month)[- ]old)\b")
MCUE = (r"\b(?:diagnos\w*|autis\w*|adhd|add|asperger\w*|dyslexi\w*|sick|ill|illness|hospital\w*|surgery|"
        r"therap\w*|meds|medicat\w*|bull(?:y|ied|ying)|suspended|expelled|fail\w*|grades?|custody|cps|"
        r"adopt\w*|foster\w*|pregnan\w*|arrested|detention|behaviou?r\w*|tantrums?|meltdowns?|special needs|"
        r"iep|is \d+|turned \d+|years? old|months? old|kindergarten|preschool|daycare|school|teacher|"
        r"principal|fever|allerg\w*|asthma|seizures?|cancer|broke|stitches|vaccin\w*|speech|delay\w*|"
        r"disorder|depress\w*|anxi\w*|counsel\w*|juvie|ran away|vap\w*|drugs?|caught|lied|lying|stole|"
        r"punish\w*|grounded|born|premature|nicu|colic|teething|potty|wet (?:the|his|her) bed|cough\w*|"
        r"rash|vomit\w*|infection|doctor|pediatrician|diabet\w*|disabilit\w*|disabled|divorce|"
        r"graduat\w*|college|got into|accepted|dropped out|sentenced|jail|police|rehab|overdos\w*|"
        r"suicid\w*|self-harm|cutting|eating disorder|weight|surgery|injur\w*|died|passed away|miscarr\w*)\b")
BELIEF = (r"\b(?:church\w*|mosque|synagogue|temple|pray\w*|christians?|christianity|muslims?|islam\w*|jewish|"
          r"jews?|judaism|hindu\w*|buddhis\w*|atheis\w*|agnostic|mormons?|lds|catholic\w*|protestant|baptist|"
          r"evangelical|convert(?:ed)?|faith|bible|quran|koran|ramadan|lent|religio\w*|spiritual|"
          r"vot(?:e|ed|es|ing|er|ers)|democrats?|democratic party|republicans?|liberals?|conservatives?|"
          r"labour|tory|tories|trump|biden|obama|hillary|maga|left-wing|right-wing|leftist|socialist|"
          r"communist|libertarian|gay|lesbian|bisexual|transgender|trans|queer|came out|coming out|lgbt\w*|"
          r"pastor|priest|rabbi|imam|kosher|halal|sabbath|shabbat|bapti[sz]ed|mass|god|jesus|bar mitzvah|"
          r"atheist|pagan|wiccan|sikh|election|politic\w*|party member)\b")
MINORS, BELIEFS = re.compile(CHILD, re.I), re.compile(BELIEF, re.I)
MINOR_CUE = re.compile(MCUE, re.I)
URL = re.compile(r"https?:|www\.|\.com\b|\br/\w|\]\(")
SPLIT = re.compile(r"(?<=[.!?])\s+|\n+")


def sentences(text):
    for s in SPLIT.split(html.unescape(text or "")):
        s = " ".join(s.split()).strip(" *>#-")
        n = len(s.split())
        if not 6 <= n <= 40 or URL.search(s) or s in ("[deleted]", "[removed]") or "XX" in s:
            continue
        if sum(ord(c) < 128 for c in s) < 0.97 * len(s) or not re.search(r"[a-z]", s):
            continue
        yield s


def walk_comments(cs):
    for c in cs or []:
        if c.get("author") not in ("AutoModerator",):
            yield c.get("comment", "")
        yield from walk_comments(c.get("replies"))


def read_covid(path):
    """Patient turns (and the Description) of each id=N record."""
    doc, keep, buf = None, False, []
    for line in open(path, encoding="utf-8", errors="replace"):
        line = line.strip()
        m = re.match(r"^id=(\d+)$", line)
        if m:
            doc, keep = m.group(1), False
        elif line in ("Patient:", "Description"):
            keep = True
        elif line in ("Doctor:", "Dialogue"):
            keep = False
        elif keep and line:
            yield "covid_mb", f"covid-dialogue-en:{doc}", line


def texts(reddit_dir, more_dir, health_dir):
    for path in sorted(glob.glob(os.path.join(reddit_dir, "r-*.json.gz"))):
        sub = os.path.basename(path)[2:-len(".json.gz")]
        with gzip.open(path, "rt", encoding="utf-8") as f:
            posts = json.load(f)
        for p in posts:
            for t in [p.get("title", ""), p.get("postText", "")] + list(walk_comments(p.get("comments"))):
                yield f"reddit_mb:{sub}", p.get("id", ""), t
    for split in ("train", "valid", "test"):
        with open(os.path.join(more_dir, f"ed_hypemo_{split}.csv"), encoding="utf-8", newline="") as f:
            for i, row in enumerate(csv.DictReader(f)):
                yield "ed_mb", f"ed_{split}:{i}", row["text"]
    with open(os.path.join(more_dir, "cfpb_complaints.csv"), encoding="utf-8", newline="") as f:
        for row in csv.DictReader(f):
            yield "cfpb_mb", f"cfpb:{row['Complaint ID']}", row["Consumer complaint narrative"]
    yield from read_covid(os.path.join(health_dir, "COVID-Dialogue-Dataset-English.txt"))
    with open(os.path.join(health_dir, "chatdoctor5k.json"), encoding="utf-8") as f:
        for i, d in enumerate(json.load(f)):
            yield "chatdoctor_mb", f"genmedgpt-5k:{i}", d.get("input", "")


def candidates(reddit_dir, more_dir, health_dir):
    seen = {}
    for source, doc, t in texts(reddit_dir, more_dir, health_dir):
        for s in sentences(t):
            h = hashlib.sha1(s.encode("utf-8")).hexdigest()
            if h in seen:
                continue
            kinds = []
            if MINORS.search(s) and MINOR_CUE.search(s):
                kinds.append("minors")
            if BELIEFS.search(s):
                kinds.append("beliefs")
            if kinds:
                seen[h] = {"sha": h, "text": s, "source": source, "doc": doc, "kind": "+".join(kinds)}
    return [seen[h] for h in sorted(seen)]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reddit", required=True)
    ap.add_argument("--more", required=True)
    ap.add_argument("--health", required=True)
    ap.add_argument("--decisions")
    ap.add_argument("--out")
    ap.add_argument("--dump")
    a = ap.parse_args()
    cands = candidates(a.reddit, a.more, a.health)
    if a.dump:
        dump(cands, a.dump)
        return
    rows = write_labelled(cands, a.decisions, a.out, ("minors", "beliefs", "none"))
    counts = Counter((r["category"], r["source"]) for r in rows)
    for k in sorted(counts):
        print(f"{k[0]:9s} {k[1]:40s} {counts[k]}")


if __name__ == "__main__":
    main()
