"""Person names (a first-name lexicon and capitalised runs) and ages."""

from __future__ import annotations

import re
import unicodedata
from functools import cache

from webminim.egress.deadline import check as check_deadline
from webminim.egress.detectors.base import Finding, _finding
from webminim.egress.detectors.lexicon import _lexicon
from webminim.egress.taxonomy import Category

_WHOLE_NAME = re.compile(r"[A-Z][a-zA-Z'-]+(?:\s+[A-Z][a-zA-Z'.-]+){0,3}")
_WHOLE_AGE = re.compile(r"\s*\d{1,3}\s*")


@cache
def _first_names() -> frozenset[str]:
    return frozenset(_lexicon("first_names.json")["terms"])  # see webminim.egress.first_names


def _unaccented(word: str) -> str:
    """The word without its combining accents ("José" -> "Jose", "Jürgen" -> "Jurgen"; "Søren"
    stays): the name table, from SSA's counts, holds names as SSA writes them, unaccented."""
    return "".join(c for c in unicodedata.normalize("NFKD", word) if not unicodedata.combining(c))


_HOUSE_NUMBER_BEFORE = re.compile(r"(?<![\d.,])\b\d{1,6}[A-Za-z]?\s+$")


class NameDetector:
    """Person names: an honorific or a known first name followed by a capitalised surname."""

    name = "person_name"
    kinds = frozenset({"person_name"})
    field_trigger = re.compile(r"name|patient|passenger|guest|attendee|contact", re.I)
    trigger = re.compile(r"[A-ZÀ-ÖØ-Þ][^\W\d_A-Z]")
    _honorific = re.compile(r"\b(?:Dr|Mr|Mrs|Ms|Mx|Prof|Rev)\.?\s+[A-Z][a-zA-Z'-]+(?:\s+[A-Z][a-zA-Z'-]+)?")
    # a lookahead, so that "User Michael Johnson" still finds "Michael Johnson"
    _pair = re.compile(r"(?=\b([A-ZÀ-ÖØ-Þ][^\W\d_A-Z]{2,}(?:\s+[A-Z]\.)?\s+[A-ZÀ-ÖØ-Þ][^\W\d_]*(?:['-][^\W\d_]+)*)\b)")
    _field = re.compile(
        r"(?:^|_)(?:name|full_?name|patient|passenger|guest|attendee|recipient_name|contact)(?:$|_)", re.I
    )

    def detect(self, text: str, field: str = "") -> list[Finding]:
        found = [_finding(Category.DI, "person_name", m, self.name) for m in self._honorific.finditer(text)]
        names = _first_names()
        for m in self._pair.finditer(text):
            check_deadline()  # a page of names is slow here: stop at the call's deadline
            first = m.group(1).split()[0]
            if _HOUSE_NUMBER_BEFORE.search(text, 0, m.start(1)):
                continue  # "1 Gustave L. Levy Pl": a street named after a person
            known = first in names or (not first.isascii() and _unaccented(first) in names)
            if known and not any(f.start <= m.start(1) < f.end for f in found):
                found.append(_finding(Category.DI, "person_name", m, self.name, group=1))
        if not found and self._field.search(field) and _WHOLE_NAME.fullmatch(text.strip()):
            found.append(Finding(Category.DI, "person_name", 0, len(text), text, self.name))
        return found


class AgeDetector:
    name = "age"
    kinds = frozenset({"age"})
    field_trigger = re.compile(r"(?:^|_)age(?:$|_)", re.I)
    trigger = re.compile(r"\d")
    needs_digit = True  # its trigger cannot match a text without a digit
    needs_letter = True  # and what it finds holds a letter too (a street, a town, "years old")
    _rx = re.compile(r"\b\d{1,3}[- ]years?[- ]old\b|\bage[d]?\s*:?\s*\d{1,3}\b", re.I)

    def detect(self, text: str, field: str = "") -> list[Finding]:
        found = [_finding(Category.QI, "age", m, self.name) for m in self._rx.finditer(text)]
        if not found and self.field_trigger.search(field) and _WHOLE_AGE.fullmatch(text):
            found.append(Finding(Category.QI, "age", 0, len(text), text, self.name))
        return found
