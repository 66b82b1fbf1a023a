"""Training sentences for the contextual-integrity model from conversational TV dialogue: the
Friends transcripts (fan transcriptions from livesinabox.com / crazy-for-friends, as collected per
episode in the public GitHub repository fangj/friends, season/SSEE.html), where characters talk
and gossip about themselves and each other. Every category can occur (health, finance,
relationships, legal, employment, location, minors, beliefs), plus hand-checked "none" hard
negatives that use the same words without disclosing a private fact about a specific person.

Inputs: the git directory of a fangj/friends snapshot (read with `git show COMMIT:path`, the
commit pinned in COMMITS). Each episode page is stripped of tags, split into paragraphs, and a
paragraph "Speaker: line" becomes an utterance (action notes in (...) and [...] removed; scene
count from "[Scene" headings gives the doc id "sSSeEE:cNN"). Utterances are split into sentences
(6-40 words, ASCII-ish, at least one lowercase letter). Candidates match a broad keyword regex per
category (CATS below); a sentence may match several. Candidates were read one by one and labelled
by hand; labels live in the decisions file ("decisions": sha1(text)[:12] -> a category | "none" |
"reject"; "owner_third": positives about someone other than the speaker, the rest being "self").
Undecided and rejected candidates are dropped. Output is JSON lines
{"text", "source", "category", "owner", "doc"} in sha1(text) order; reruns are byte-identical.

Run (stdlib only, needs git):
  python bench/ci_data/prepare_friends.py --src /work/.mirror/fangj+friends/repo \
      --decisions bench/ci_data/friends_decisions.json \
      --out /work/outside/train/chat/sentences_friends.jsonl
  (--dump FILE writes all candidates as JSON lines instead, for labelling.)
"""

import argparse
import hashlib
import html
import re
import subprocess
from collections import Counter

from hand_labels import dump, write_labelled

COMMITS = {"fangj/friends": "0e0e7b0f08c0ccb4a80b4f3beab22fbaa1ccca91"}
SOURCE = "friends_hand"

CATS = {
    "health": r"\b(?:pregnan\w*|hospital\w*|doctor|surgery|sick|ill|illness|cancer|diagnos\w*|therap\w*|"
    r"medicat\w*|pills?|allerg\w*|injur\w*|broke (?:my|his|her) \w+|stitches|fever|flu|cold sores?|"
    r"depress\w*|anxiety|nervous breakdown|virus|infection|rash|contractions?|labor|miscarr\w*|"
    r"sperm count|tumou?r|disease|x-rays?|dentist|chicken ?pox|shots?|operation|heart attack|"
    r"kidney|appendix|hernia|ER|emergency room|in a coma|hearing loss|blood)\b",
    "finance": r"\b(?:money|rent|debt|owe[sd]?|loan\w*|broke|salary|raise|paycheck|pay (?:you|me|him|her) back|"
    r"bucks|dollars?|\$\d[\d,]*|credit cards?|bank|savings|afford|mortgage|bills?|inheritance|"
    r"inherit\w*|cheque|check|taxes|bankrupt\w*|alimony|poor|rich|expensive|lend|borrow\w*)\b",
    "relationships": r"\b(?:divorc\w*|dating|date[sd]?|broke up|break up|breaking up|breakup|cheat\w*|affair|"
    r"slept with|sleeping with|married|marry|marrying|engaged|engagement|girlfriend|"
    r"boyfriend|ex-?wife|ex-?husband|separated|dumped|proposed?|wedding|in love|kissed|"
    r"widow\w*|died|passed away|funeral|fight with|estranged|moved in|hooked up)\b",
    "legal": r"\b(?:arrest\w*|jail|prison|police|cops?|court|judge|lawyers?|attorney|sue[sd]?|suing|lawsuit|"
    r"annul\w*|custody|restraining order|stole|steal\w*|crime|criminal|probation|parole|"
    r"illegal\w*|bail|ticket|fined|warrant|testify|jury|immigration|green card|deport\w*)\b",
    "employment": r"\b(?:fired|laid off|lay off|job|jobs|promot\w*|quit|quitting|interview\w*|hired|boss|"
    r"resign\w*|unemployed|out of work|audition\w*|career|position|work(?:s|ing)? (?:at|for)|"
    r"waitress\w*|transfer\w*|office|raise|salary|agent|temp(?:ing)?|internship|intern)\b",
    "location": r"\b(?:lives? in|living in|moved? to|moving to|moving in|apartment|address|staying (?:at|with)|"
    r"flying to|fly to|going to (?:London|Vegas|Paris|Barbados|Tulsa|Yemen|Montauk|Minsk|"
    r"Long Island|Poughkeepsie|Vermont|China|Athens|Atlantic City)|London|Vegas|Paris|Barbados|"
    r"Tulsa|Yemen|Minsk|Long Island|Poughkeepsie|Westchester|Scarsdale|Montauk|Atlantic City|"
    r"Vermont|Los Angeles|California|Chicago|Greece|Italy|Hawaii|Florida|in town|out of town|"
    r"hotel|grew up)\b",
    "minors": r"(?i:\b(?:sons?|daughters?|kids?|child|children|bab(?:y|ies)|infant|newborn|nephews?|nieces?|"
    r"triplets|twins|teenagers?|school|\d+[- ](?:year|month)[- ]old)\b)|\b(?:Ben|Emma|Leslie)\b",
    "beliefs": r"\b(?:gay|lesbian\w*|homosexual|bisexual|came out|coming out|jewish|jews?|christian\w*|"
    r"catholic|church|pray\w*|god|religio\w*|temple|synagogue|rabbi|priest|minister|hanukkah|"
    r"christmas|kosher|atheist|buddhis\w*|vote[sd]?|voting|republican|democrat\w*|liberal|"
    r"conservative|politic\w*|evolution|believe in|ordained|psychic|aura)\b",
}
RE = {k: re.compile(v, 0 if k == "minors" else re.I) for k, v in CATS.items()}
SPEAKER = re.compile(r"^([A-Z][A-Za-z.' -]{0,30}?):\s+(.+)$")
SPLIT = re.compile(r"(?<=[.!?])\s+")
NOTE = re.compile(r"\([^)]*\)|\[[^\]]*\]")


def git_show(src, path):
    return subprocess.run(
        ["git", "--git-dir", src, "show", f"{COMMITS['fangj/friends']}:{path}"], check=True, capture_output=True
    ).stdout.decode("latin-1")


def episodes(src):
    out = subprocess.run(
        ["git", "--git-dir", src, "ls-tree", "--name-only", COMMITS["fangj/friends"], "season/"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    for path in sorted(out):
        m = re.match(r"season/(\d\d)(\d\d)[^/]*\.html$", path)
        if m:
            yield f"s{m.group(1)}e{m.group(2)}", path


def utterances(page):
    """(scene number, speaker, line) for each 'Speaker: line' paragraph of an episode page."""
    t = re.sub(r"(?is)<(?:p|br|div|h\d|hr)\b[^>]*>", "\n\n", page)
    t = html.unescape(re.sub(r"(?s)<[^>]*>", "", t)).replace("\r", "")
    t = t.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"').replace("\u201d", '"')
    t = t.replace("\x92", "'").replace("\x93", '"').replace("\x94", '"').replace("\x85", "...")
    scene = 0
    for para in re.split(r"\n\s*\n", t):
        p = " ".join(para.split())
        if re.match(r"^[\[(]\s*(?:Scene|Cut to|Flashback)", p, re.I):
            scene += 1
            continue
        m = SPEAKER.match(p)
        if m and m.group(1).lower() not in ("written by", "transcribed by", "teleplay by", "story by", "note"):
            yield scene, m.group(1).strip(), " ".join(NOTE.sub(" ", m.group(2)).split())


def sentences(text):
    for s in SPLIT.split(text):
        s = s.strip(" -*")
        n = len(s.split())
        if not 6 <= n <= 40 or not re.search(r"[a-z]", s):
            continue
        if any(ord(c) >= 128 for c in s) or "http" in s or "@" in s:
            continue
        yield s


def kinds_of(s):
    return [k for k, rx in RE.items() if rx.search(s)]


def candidates(src):
    seen = {}
    for ep, path in episodes(src):
        for scene, speaker, line in utterances(git_show(src, path)):
            for s in sentences(line):
                h = hashlib.sha1(s.encode("utf-8")).hexdigest()
                if h in seen:
                    continue
                ks = kinds_of(s)
                if ks:
                    seen[h] = {
                        "sha": h,
                        "text": s,
                        "speaker": speaker,
                        "doc": f"{ep}:c{scene:02d}",
                        "kind": "+".join(ks),
                    }
    return [seen[h] for h in sorted(seen)]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--src", required=True, help="git dir of a fangj/friends snapshot")
    ap.add_argument("--decisions")
    ap.add_argument("--out")
    ap.add_argument("--dump")
    a = ap.parse_args()
    cands = candidates(a.src)
    if a.dump:
        dump(cands, a.dump)
        return
    rows = write_labelled(cands, a.decisions, a.out, set(CATS) | {"none"}, SOURCE)
    counts = Counter((r["category"], r["owner"]) for r in rows)
    for k in sorted(counts):
        print(f"{k[0]:14s} {k[1]:6s} {counts[k]}")


if __name__ == "__main__":
    main()
