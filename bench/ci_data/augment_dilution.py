"""Private sentences diluted by harmless words, as a private sentence of a long message is.

A static mean of word pieces reads "my 18 month old has autism and loves the tv above all things
in life" as mostly harmless: the private words are a few among many. This writes, for private
training sentences of 4-20 words, one longer sentence each: the private sentence joined to a
harmless clause of another training document ("..., and ..."; "...; ..."; "... - ..."), with
the private sentence's category, source and document (so it falls on the same side of the
validation split as the sentence it was made from). Nothing is written by hand: both halves are
outside text already in the training file.

    python augment_dilution.py --data train.jsonl --out dilution.jsonl [--share 0.5]

Deterministic: pairs and joins are chosen by SHA-1 of the texts.
"""

from __future__ import annotations

import argparse
import hashlib
import json
from pathlib import Path

JOINS = (", and {b}", "; {b}", " - {b}", ", but {b}", " and {b}")


def sha(text: str) -> int:
    return int(hashlib.sha1(text.encode()).hexdigest(), 16)


def clause(text: str) -> str:
    """A harmless sentence as a trailing clause: its end stop dropped, its first letter lowered
    unless it is "I" or a name-like capital run."""
    body = text.strip().rstrip(".!?")
    if body[:2] not in ("I ", "I'") and not body[:2].isupper():
        body = body[:1].lower() + body[1:]
    return body


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, required=True)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--share", type=float, default=0.5, help="of the private sentences, this share gets one")
    args = parser.parse_args()
    rows = [json.loads(line) for line in args.data.open(encoding="utf-8")]
    harmless = sorted(
        (r for r in rows if r["category"] == "none" and 6 <= len(r["text"].split()) <= 18),
        key=lambda r: sha(r["text"]),
    )
    private = [r for r in rows if r["category"] != "none" and 4 <= len(r["text"].split()) <= 20]
    out = []
    for r in sorted(private, key=lambda r: sha(r["text"])):
        h = sha("dilute|" + r["text"])
        if h % 1000 >= args.share * 1000:
            continue
        other = harmless[h % len(harmless)]
        if other.get("doc") == r.get("doc"):
            continue
        joined = r["text"].strip().rstrip(".!?") + JOINS[h % len(JOINS)].format(b=clause(other["text"])) + "."
        out.append({**r, "text": joined, "augmented": "dilution"})
    with args.out.open("w", encoding="utf-8") as handle:
        handle.writelines(json.dumps(r) + "\n" for r in out)
    print(len(out), "diluted private sentences from", len(private))


if __name__ == "__main__":
    main()
