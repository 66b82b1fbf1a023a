"""Held-out C: whole messages of three sources never trained on or read (GitHub issue posts,
Play-store reviews, a mailing list) with, in half of them, one private sentence of a never-used
source (consumer health questions) inserted after the first sentence's end. Mechanical: choices
by sha1; the only wording of ours is each kind's task."""

import hashlib
import json
import re


def h(s):
    return int(hashlib.sha1(s.encode()).hexdigest(), 16)


pos = sorted((json.loads(l) for l in open("/work/outside/c/private_sentences.jsonl")), key=lambda r: h(r["text"]))
msgs = [json.loads(l) for l in open("/work/outside/c/benign.jsonl")]
out_m, out_b, k = [], [], 0
for m in msgs:
    text = m["text"]
    cut = re.search(r"(?<=[a-z]{2}[.!?])[ \t]+(?=[A-Z])", text)
    if h(m["id"]) % 2 == 0 and cut and k < len(pos):
        p = pos[k]
        k += 1
        ins = p["text"].strip()
        ins = ins if ins[-1:] in ".!?" else ins + "."
        new = text[: cut.end()] + ins + " " + text[cut.end() :]
        sents = [s for s in re.split(r"(?<=[.!?])\s+|\n+", text) if len(s.split()) >= 3]
        out_m.append(
            {
                "id": m["id"] + "+p",
                "source": m["source"] + "+" + p["source"],
                "task": m["task"],
                "text": new,
                "sensitive": [ins],
                "needed": sents,
                "category": p["category"],
                "recipient": "",
            }
        )
    else:
        out_b.append(m)
with open("/work/outside/c/eval/heldout_messages.jsonl", "w") as f:
    for r in out_m:
        f.write(json.dumps(r) + "\n")
with open("/work/outside/c/eval/heldout_benign.jsonl", "w") as f:
    for r in out_b:
        f.write(json.dumps(r) + "\n")
print(len(out_m), len(out_b))
