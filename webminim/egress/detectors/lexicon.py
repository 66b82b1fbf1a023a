"""Entity lexicons (data files in `lexicons/`) matched with one Aho-Corasick automaton."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import cache
from importlib import resources

import ahocorasick

from webminim.egress.detectors.base import Finding
from webminim.egress.taxonomy import Category

LEXICON_FILES = (
    "facilities.json",
    "health.json",
    "medications.json",
    "financial.json",
    "relational.json",
    "quasi.json",
    "behavioral.json",
    "intent.json",
    "implicit.json",
    "health_intl.json",
    "financial_intl.json",
)


@cache
def _lexicon(name: str) -> dict:
    return json.loads(resources.files("webminim.egress").joinpath(f"lexicons/{name}").read_text())


@dataclass(frozen=True, slots=True)
class _Term:
    category: Category
    kind: str
    hint: str = ""


@cache
def _automaton() -> ahocorasick.Automaton:
    automaton = ahocorasick.Automaton()
    for name in LEXICON_FILES:
        data = _lexicon(name)
        category = Category(data["category"])
        for entry in data.get("named", ()):
            automaton.add_word(
                entry["name"].lower(), (len(entry["name"]), _Term(category, data["kind"], entry["city"]))
            )
        for term in (*data.get("generic", ()), *data.get("terms", ())):
            automaton.add_word(term.lower(), (len(term), _Term(category, data["kind"])))
    automaton.make_automaton()
    return automaton


def _kinds() -> frozenset[str]:
    return frozenset(_lexicon(name)["kind"] for name in LEXICON_FILES)


@dataclass
class LexiconDetector:
    """Facilities, conditions, medications, financial distress, relations, ... as data files."""

    name: str = "lexicon"
    trigger: re.Pattern[str] | None = None
    kinds: frozenset[str] = field(default_factory=_kinds)  # what it can find: its files' kinds
    _automaton: ahocorasick.Automaton = field(default_factory=_automaton, repr=False)

    def detect(self, text: str, field: str = "") -> list[Finding]:
        lower = text.lower()
        found = []
        for end, (length, term) in self._automaton.iter(lower):
            start = end - length + 1
            if (start > 0 and lower[start - 1].isalnum()) or (end + 1 < len(lower) and lower[end + 1].isalnum()):
                continue  # whole words only ("aids" is not in "raids")
            found.append(
                Finding(term.category, term.kind, start, end + 1, text[start : end + 1], self.name, hint=term.hint)
            )
        return found
