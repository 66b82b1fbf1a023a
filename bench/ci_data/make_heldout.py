"""A message set for bench/outside_text.py: whole messages of one outside set, in half of them
(by the SHA-1 of the message id) one private sentence of another inserted after the first
sentence's end. Mechanical: the only wording of ours is each message set's task.

    python make_heldout.py --messages dev/aeslc_benign.jsonl --private b_private.jsonl --out b   # set B
    python make_heldout.py --messages c/benign.jsonl --private c/private_sentences.jsonl --out c/eval   # set C

`--private`: JSON lines with "text" and "category" (set B's are the confessional forums' post
sentences of sentences_extra.jsonl, comments excluded, 6-40 words).
"""

import argparse
import hashlib
import json
import re
from pathlib import Path

_AFTER_FIRST = re.compile(r"(?<=[a-z]{2}[.!?])[ \t]+(?=[A-Z])")  # after a sentence's end, not an initial


def sha(text: str) -> int:
    return int(hashlib.sha1(text.encode()).hexdigest(), 16)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--messages", type=Path, required=True)
    parser.add_argument("--private", type=Path, required=True)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    private = sorted((json.loads(line) for line in args.private.open()), key=lambda r: sha(r["text"]))
    messages = [json.loads(line) for line in args.messages.open()]
    with_private, benign = [], []
    for m in messages:
        cut = _AFTER_FIRST.search(m["text"])
        if sha(m["id"]) % 2 == 0 and cut and len(with_private) < len(private):
            p = private[len(with_private)]
            inserted = p["text"].strip() if p["text"].strip()[-1:] in ".!?" else p["text"].strip() + "."
            text = m["text"][: cut.end()] + inserted + " " + m["text"][cut.end() :]
            needed = [s for s in re.split(r"(?<=[.!?])\s+|\n+", m["text"]) if len(s.split()) >= 3]
            with_private.append(
                {
                    "id": m["id"] + "+p",
                    "source": f"{m['source']}+{p.get('source', 'private')}",
                    "task": m["task"],
                    "text": text,
                    "sensitive": [inserted],
                    "needed": needed,
                    "category": p["category"],
                    "recipient": "",
                }
            )
        else:
            benign.append(m)
    args.out.mkdir(parents=True, exist_ok=True)
    for name, rows in (("heldout_messages.jsonl", with_private), ("heldout_benign.jsonl", benign)):
        with (args.out / name).open("w") as handle:
            handle.writelines(json.dumps(r) + "\n" for r in rows)
    print(len(with_private), len(benign))


if __name__ == "__main__":
    main()
