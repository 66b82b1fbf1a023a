"""Verbs that mean the same, from WordNet 3.0: "Answer Jack's message" names the "Reply" link.

A task and a page often word one act differently, and on pages unlike its training data the
model scores the control the task means n̂ ≈ 0 when its label is not the task's word
(measured leave-one-family-out: "Answer … saying I agree" against a "Reply" link). The
policy's anchors (rule 3) therefore also take a control labelled by one verb that WordNet
puts in the same synset as a verb of the task.

Only a verb's two most frequent senses count, and both words must reach each other that way
("answer" ↔ "reply" ↔ "respond", "buy" ↔ "purchase", "start" ↔ "begin"), so a rare sense does
not link everyday words ("find" and "feel"). Single words only. The table is built once from
the WordNet database files (`python -m webminim.synonyms WORDNET_DIR`) and shipped as
`lexicons/wordnet_verbs.json` with WordNet's licence beside it; nothing in it comes from our
own pages or tasks.
"""

from __future__ import annotations

import json
import sys
from functools import cache
from importlib import resources
from pathlib import Path

SENSES = 2  # a verb's most frequent senses that count
_TABLE = "wordnet_verbs.json"


@cache
def verb_synonyms() -> dict[str, frozenset[str]]:
    """lemma -> the single-word verbs that share one of its first SENSES synsets, both ways."""
    raw = json.loads(resources.files("webminim.lexicons").joinpath(_TABLE).read_text(encoding="utf-8"))
    return {lemma: frozenset(words) for lemma, words in raw.items()}


def synonyms_of(words: frozenset[str] | set[str]) -> frozenset[str]:
    """Every verb a WordNet synonym of one of `words` (lower-cased single words)."""
    table = verb_synonyms()
    return frozenset(s for w in words for s in table.get(w, ()))


def build(wordnet: Path) -> dict[str, list[str]]:
    """The table from WordNet's `index.verb` (senses in frequency order) and `data.verb` (synsets)."""
    synsets: dict[str, list[str]] = {}
    for line in (wordnet / "data.verb").read_text(encoding="utf-8").splitlines():
        if line.startswith("  ") or not line.strip():
            continue  # the licence header
        fields = line.split()
        count = int(fields[3], 16)
        synsets[fields[0]] = [fields[4 + 2 * k].lower() for k in range(count)]
    near: dict[str, set[str]] = {}
    for line in (wordnet / "index.verb").read_text(encoding="utf-8").splitlines():
        if line.startswith("  ") or not line.strip():
            continue
        fields = line.split()
        lemma, senses = fields[0], int(fields[2])
        if "_" in lemma:
            continue
        offsets = fields[-senses:][:SENSES]
        words = {w for o in offsets for w in synsets[o] if "_" not in w and w != lemma}
        if words:
            near[lemma] = words
    mutual = {lemma: sorted(w for w in words if lemma in near.get(w, ())) for lemma, words in near.items()}
    return {lemma: words for lemma, words in sorted(mutual.items()) if words}


def main(argv: list[str]) -> int:
    if len(argv) != 1 or not (Path(argv[0]) / "index.verb").is_file():
        print("usage: python -m webminim.synonyms WORDNET_DICT_DIR (holding index.verb, data.verb)", file=sys.stderr)
        return 2
    out = Path(__file__).parent / "lexicons" / _TABLE
    table = build(Path(argv[0]))
    out.write_text(json.dumps(table, separators=(",", ":"), sort_keys=True) + "\n", encoding="utf-8")
    print(f"{len(table)} verbs -> {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
