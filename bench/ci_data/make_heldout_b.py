"""Held-out B: Enron e-mails (AESLC, never trained on) with, in half of them, one private
sentence from the confessional forums (never trained on) inserted after the first sentence.
Mechanical: choices by sha1; no wording of ours beyond the task "Send this e-mail"."""

import hashlib
import json
import re

HELD = {
    "reddit_trueoffmychest",
    "reddit_offmychest",
    "reddit_vent",
    "reddit_amitheasshole",
    "reddit_relationship_advice",
}


def h(s):
    return int(hashlib.sha1(s.encode()).hexdigest(), 16)


pos = [json.loads(l) for l in open("/work/outside/sentences_extra.jsonl")]
pos = [
    r
    for r in pos
    if r["source"] in HELD
    and r["category"] != "none"
    and not re.search(r":c\d+$", r["doc"])
    and 6 <= len(r["text"].split()) <= 40
]
pos.sort(key=lambda r: h(r["text"]))
mails = [json.loads(l) for l in open("/work/outside/dev/aeslc_benign.jsonl")]
out_msgs, out_benign = [], []
k = 0
for m in mails:
    if h(m["id"]) % 2 == 0 and k < len(pos):
        p = pos[k]
        k += 1
        text = m["text"]
        cut = re.search(r"(?<=[a-z]{2}[.!?])\s+(?=[A-Z])", text)  # after a sentence's end, not an initial
        at = cut.end() if cut else len(text)
        ins = p["text"].strip()
        ins = ins if ins[-1:] in ".!?" else ins + "."
        new = text[:at] + ins + (" " if cut else " ") + text[at:] if cut else text + " " + ins
        sents = [s for s in re.split(r"(?<=[.!?])\s+", text) if len(s.split()) >= 3]
        out_msgs.append(
            {
                "id": m["id"] + "+p",
                "source": "aeslc_enron+confessional_forums",
                "task": m["task"],
                "text": new,
                "sensitive": [ins],
                "needed": sents,
                "category": p["category"],
                "recipient": "",
            }
        )
    else:
        out_benign.append(m)
json.dump
with open("/work/outside/b/heldout_messages.jsonl", "w") as f:
    for r in out_msgs:
        f.write(json.dumps(r) + "\n")
with open("/work/outside/b/heldout_benign.jsonl", "w") as f:
    for r in out_benign:
        f.write(json.dumps(r) + "\n")
print(len(out_msgs), len(out_benign), len(pos))
