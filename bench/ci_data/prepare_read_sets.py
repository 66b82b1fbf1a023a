"""Training rows from evaluation sets that are no longer held out (their errors were read).

    python prepare_read_sets.py --set c=/work/outside/c --set d=/work/outside/d --set e=/work/outside/e \\
        --out sentences_read.jsonl

Each set folder holds `benign.jsonl` (whole outside messages: {"id", "source", "text"}; a training set
of sentences alone has none) and
`private_sentences.jsonl` ({"id", "source", "category", "text"}), as `make_heldout.py` reads
them. A benign message gives each of its sentences (cut by the minimizer's own segmenter, 3
words or more) as "none"; a private sentence is a row of its category. A training set's hard
negatives (rows of `private_sentences.jsonl` labelled "none": personal-looking sentences that tell
no private fact) are left out unless `--hard-negatives`: trained on, those of sets M and N lowered
validation recall at the same precision (0.729 -> 0.688) and raised the leaks of sets I and K.
`doc` keeps a message's sentences together in `train.py`'s validation split. Deterministic: rows
in file order.
Only sets whose errors have been read belong here: a set still held out must never be trained on.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from webminim.egress.text.segments import sentences


def benign_rows(name: str, path: Path) -> list[dict]:
    rows = []
    for line in path.open(encoding="utf-8"):
        message = json.loads(line)
        text = message["text"]
        for span in sentences(text):
            sentence = text[span.start : span.end]
            if span.kind == "sentence" and len(sentence.split()) >= 3:
                rows.append(
                    {
                        "text": sentence,
                        "source": f"read_{name}:{message['source']}",
                        "category": "none",
                        "owner": "none",
                        "doc": message["id"],
                    }
                )
    return rows


def private_rows(name: str, path: Path, hard_negatives: bool = False) -> list[dict]:
    rows = []
    for line in path.open(encoding="utf-8"):
        r = json.loads(line)
        if r["category"] == "none" and not hard_negatives:
            continue
        rows.append(
            {
                "text": r["text"],
                "source": f"read_{name}:{r.get('source', 'private')}",
                "category": r["category"],
                "owner": r.get("owner", "third"),
                "doc": r.get("id", r["text"]),
            }
        )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", action="append", required=True, help="NAME=FOLDER (repeatable)")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--hard-negatives", action="store_true", help="keep private files' rows labelled none")
    args = parser.parse_args()
    rows: list[dict] = []
    for item in args.set:
        name, folder = item.split("=", 1)
        if (Path(folder) / "benign.jsonl").exists():  # a training set of sentences alone has none
            rows += benign_rows(name, Path(folder) / "benign.jsonl")
        rows += private_rows(name, Path(folder) / "private_sentences.jsonl", args.hard_negatives)
    with args.out.open("w", encoding="utf-8") as handle:
        handle.writelines(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)
    counts: dict[str, int] = {}
    for r in rows:
        counts[r["category"]] = counts.get(r["category"], 0) + 1
    print(len(rows), counts)


if __name__ == "__main__":
    main()
