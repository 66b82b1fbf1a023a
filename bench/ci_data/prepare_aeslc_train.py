"""AESLC (Enron) sent e-mails as training negatives, except the 300 evaluation e-mails (dev set B).
Sentences of 5-60 words; a sentence with a personal-private cue is dropped (not labelled), so
business talk of money, contracts, deadlines and colleagues stays as 'none'."""

import hashlib
import json
import os
import re
import sys

sys.path.insert(0, "/work/outside")
from prepare import Repo, split_sentences
from prepare_extra import read_many

PERSONAL = re.compile(
    r"\b(?:sick|ill|illness|hospital|doctor|surgery|pregnan\w*|cancer|therap\w*|depress\w*|anxiety|"
    r"diagnos\w*|medication|wife|husband|son|daughter|kids?|baby|divorce\w*|mom|dad|mother|father|sister|brother|"
    r"girlfriend|boyfriend|funeral|died|death|arrest\w*|lawsuit|sued|lawyer|attorney|salary|salaries|loan|debt|"
    r"mortgage|bankrupt\w*|owe|fired|laid off|layoffs?|resign\w*|severance|resume|interview|password|ssn|"
    r"social security|home address|phone|religio\w*|church|gay|lesbian|affair|dating|love you|miss you)\b",
    re.I,
)
repo = Repo(sys.argv[1])
held = {json.loads(l)["id"].split(":", 1)[1] for l in open("/work/outside/dev/aeslc_benign.jsonl")}
paths = [
    p
    for p in repo.ls()
    if p.startswith("enron_subject_line/") and p.endswith(".subject") and "_sent" in os.path.basename(p)
]
blobs = read_many(repo, paths)
rows, seen = [], set()
for p in sorted(paths):
    fid = os.path.basename(p)[:-8]
    if p not in blobs or fid in held:
        continue
    body = blobs[p].decode("utf-8", "replace").split("@subject")[0]
    for s in split_sentences(body):
        s = re.sub(r"\s+", " ", s).strip()
        n = len(s.split())
        if not (5 <= n <= 60) or PERSONAL.search(s) or re.search(r"https?:|www\.|@\w", s):
            continue
        k = s.lower()
        if k in seen:
            continue
        seen.add(k)
        rows.append(
            {"text": s, "source": "aeslc_train", "category": "none", "owner": "none", "doc": "aeslc_train:" + fid}
        )
rows.sort(key=lambda r: hashlib.sha1(r["text"].encode()).hexdigest())
rows = rows[:6000]
with open("/work/outside/sentences_aeslc.jsonl", "w") as f:
    for r in rows:
        f.write(json.dumps(r) + "\n")
print(len(rows), len(held))
