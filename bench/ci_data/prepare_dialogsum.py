"""Training sentences for the contextual-integrity classifier from DialogSum everyday dialogues,
hand-labelled into the eight private categories (health, finance, relationships, legal,
employment, location, minors, beliefs) plus "none" hard negatives that use such words without
disclosing a private fact of a specific person.

Input: DialogSum (Chen et al. 2021, github.com/cylnlp/dialogsum, CC BY-NC-SA 4.0). The train split
is no longer at the repository HEAD (its blob is absent from the snapshot), so the train and dev
splits are read from DialogSum_Data.zip as committed at COMMITS["zip"] (one record a line, written
as Python dict literals; parsed with ast.literal_eval). The test and hidden-test splits are never
read. Each "#PersonN#: ..." turn is split into sentences (6-40 words, ASCII, no URLs);
candidates match a broad keyword regex for at least one category (CATS below). A subset of
candidates was read and labelled by hand, in batches per category taken in sha1(text) order among
those matching a stronger cue regex plus a personal pronoun (one per dialogue per batch), so both
real disclosures and look-alike negatives come up. A category when
the sentence discloses a private fact about a specific person (the speaker, the addressee or a
named/related third party), "none" when it uses category words but discloses no such fact
(general statements, service talk, interviewer questions, small talk), "reject" when unclear.
Labels live in the decisions file ("decisions": sha1(text)[:12] -> category | "none" | "reject";
"owner_third": positives about someone other than the speaker, the rest being "self").
Undecided and rejected candidates are dropped. Output is JSON lines
{"text", "source", "category", "owner", "doc"} in sha1(text) order; reruns are byte-identical.

Run (stdlib only):
  python bench/ci_data/prepare_dialogsum.py --dialogsum /work/.mirror/cylnlp+dialogsum/repo \
      --decisions bench/ci_data/dialogsum_decisions.json \
      --out /work/outside/train/chat/sentences_dialogsum.jsonl
  (--dump FILE writes all candidates as JSON lines instead, for labelling.)
"""

import argparse
import ast
import hashlib
import io
import re
import subprocess
import zipfile
from collections import Counter

from hand_labels import dump, write_labelled

COMMITS = {
    "head": "848cc8c05e0a04def79326539de827f1b28786a0",  # cylnlp/dialogsum HEAD when fetched
    "zip": "9a79c6b7a768020c97b44e955312dd68172c34f4",  # "Add files via upload": DialogSum_Data.zip
}
ZIP_PATH = "DialogSum_Data.zip"
SPLITS = ("DialogSum_Data/dialogsum.train.jsonl", "DialogSum_Data/dialogsum.dev.jsonl")
SOURCE = "dialogsum_hand"
LABELS = ("health", "finance", "relationships", "legal", "employment", "location", "minors", "beliefs", "none")

CATS = {
    "health": r"\b(?:sick|ill|illness|hospital\w*|doctor|surgery|operation|pregnan\w*|baby due|injur\w*|hurt|"
    r"broke (?:my|his|her) \w+|broken (?:arm|leg|ankle|wrist)|pain|ache\w*|headache|fever|flu|cold|"
    r"cough\w*|allerg\w*|asthma|diabet\w*|cancer|heart attack|blood pressure|medicine|medicat\w*|"
    r"pills?|prescri\w*|depress\w*|anxi\w*|stress\w*|insomnia|can't sleep|diagnos\w*|symptoms?|"
    r"disease|infection|stomach|diet|overweight|weight|smok\w*|drunk|alcohol\w*|therap\w*)\b",
    "finance": r"\b(?:debts?|owe[sd]?|loans?|mortgage|salary|paid|pay ?check|wages?|income|broke|savings?|"
    r"saved|bankrupt\w*|credit cards?|overdra\w*|rent|afford|can't pay|bills?|lend|borrow\w*|"
    r"money|dollars?|\$\d[\d,]*|yuan|pounds|invest\w*|stocks?|lottery|budget|expensive|cheap|"
    r"bank account|tuition|raise)\b",
    "relationships": r"\b(?:girlfriend|boyfriend|wife|husband|fianc\w*|divorc\w*|married|marry|marriage|wedding|"
    r"dating|date with|went out with|broke up|break up|split up|separated|affair|cheat\w*|"
    r"in love|love (?:her|him)|engaged|proposed|ex-?wife|ex-?husband|quarrel\w*|argu\w*|"
    r"fight|fought|passed away|died|funeral|widow\w*|single|crush|jealous)\b",
    "legal": r"\b(?:police\w*|arrest\w*|court|judge|lawyer|attorney|sue[ds]?|suing|lawsuit|jail|prison|"
    r"fine[ds]?|ticket|stolen|stole|robbed|robbery|burglar\w*|thief|theft|crime|criminal|guilty|"
    r"visa|immigra\w*|deport\w*|passport|illegal\w*|witness|charged|accident|speeding)\b",
    "employment": r"\b(?:fired|laid off|lay-?offs?|sacked|promot\w*|resign\w*|quit|job|jobs|interview\w*|"
    r"boss|manager|hired|unemploy\w*|retire\w*|position|career|employ\w*|work(?:ed|ing)? (?:for|at|as)|"
    r"salary|raise|transfer\w*|performance|overtime|applied|application|resume|company)\b",
    "location": r"\b(?:live[sd]? (?:in|at|on|near)|living (?:in|at|with)|moved? (?:to|from|into)|moving to|"
    r"address|apartment|flat|staying (?:at|in|with)|hotel|room \d+|street|avenue|road|"
    r"neighbou?rhood|downtown|suburbs?|from (?:[A-Z]\w+)|trip to|flying to|fly to|going to [A-Z]\w+|"
    r"visit(?:ing)? [A-Z]\w+|hometown|back home|leaving for)\b",
    "minors": r"\b(?:sons?|daughters?|kids?|child|children|bab(?:y|ies)|toddler|teenager|little (?:boy|girl)|"
    r"nephew|niece|grandson|granddaughter|\d+[- ]years?[- ]old|school|kindergarten|homework|"
    r"grades?|exam)\b",
    "beliefs": r"\b(?:church|mosque|temple|pray\w*|christians?|muslims?|islam|jewish|buddhis\w*|catholic|"
    r"religio\w*|faith|bible|god|vot(?:e|ed|ing|er)|election|democrat\w*|republican\w*|party|"
    r"politic\w*|liberal|conservative|gay|lesbian|atheist|believe in)\b",
}
RX = {k: re.compile(v, re.I if k != "location" else 0) for k, v in CATS.items()}
URL = re.compile(r"https?:|www\.|\.com\b")
SPLIT = re.compile(r"(?<=[.!?])\s+")
TURN = re.compile(r"^#Person\d#:\s*")


def sentences(turn):
    for s in SPLIT.split(TURN.sub("", turn)):
        s = " ".join(s.split()).strip()
        n = len(s.split())
        if not 6 <= n <= 40 or URL.search(s) or not s.isascii() or not re.search(r"[a-z]", s):
            continue
        yield s


def dialogues(git_dir):
    raw = subprocess.run(
        ["git", "--git-dir", git_dir, "show", f"{COMMITS['zip']}:{ZIP_PATH}"], check=True, capture_output=True
    ).stdout
    z = zipfile.ZipFile(io.BytesIO(raw))
    for name in SPLITS:
        for line in z.read(name).decode("utf-8").splitlines():
            if line.strip():
                d = ast.literal_eval(line)
                yield d["fname"], d["dialogue"]


def candidates(git_dir):
    seen = {}
    for doc, dia in dialogues(git_dir):
        for turn in dia.split("\n"):
            for s in sentences(turn):
                h = hashlib.sha1(s.encode("utf-8")).hexdigest()
                if h in seen:
                    continue
                kinds = [k for k, rx in RX.items() if rx.search(s)]
                if kinds:
                    seen[h] = {"sha": h, "text": s, "doc": doc, "kind": "+".join(kinds)}
    return [seen[h] for h in sorted(seen)]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dialogsum", required=True, help="cylnlp/dialogsum git dir")
    ap.add_argument("--decisions")
    ap.add_argument("--out")
    ap.add_argument("--dump")
    a = ap.parse_args()
    cands = candidates(a.dialogsum)
    if a.dump:
        dump(cands, a.dump)
        return
    rows = write_labelled(cands, a.decisions, a.out, LABELS, SOURCE)
    counts = Counter((r["category"], r["owner"]) for r in rows)
    for k in sorted(counts):
        print(f"{k[0]:14s} {k[1]:6s} {counts[k]}")
    print("total", len(rows))


if __name__ == "__main__":
    main()
