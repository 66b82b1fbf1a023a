"""Dates (a date of birth by its cue), schedules."""

from __future__ import annotations

import re

from webminim.egress.detectors.base import Finding, _finding, near_digits, scan_near
from webminim.egress.taxonomy import Category

_MONTHS = (
    r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|"
    r"Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)"
)
_DAYS = r"(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day"


# Month names of the languages whose dates a birth date is written in ("12. März 1985", "12 de
# marzo de 1985", "12 mars 1985"): German, Spanish, French, Italian, Dutch, Portuguese
_MONTHS_INTL = (
    r"(?:januar|j[äa]nner|februar|m[äa]rz|maerz|mai|juni|juli|oktober|dezember|"
    r"enero|febrero|marzo|abril|mayo|junio|julio|agosto|se?ptiembre|octubre|noviembre|diciembre|"
    r"janvier|f[ée]vrier|mars|avril|juin|juillet|ao[ûu]t|septembre|octobre|novembre|d[ée]cembre|"
    r"gennaio|febbraio|aprile|maggio|giugno|luglio|settembre|ottobre|dicembre|"
    r"januari|februari|maart|mei|augustus|"
    r"janeiro|fevereiro|mar[çc]o|maio|junho|julho|setembro|outubro|novembro|dezembro|"
    rf"{_MONTHS})"
)
_MONTH_WORD = re.compile(_MONTHS_INTL, re.I)
# "born", "date of birth" in those languages (and "DOB"): a date just after one is a birth date
_BIRTH = re.compile(
    r"birth|born|\bd\.?o\.?b\b|birthday|geboren|\bgeb\.|geburts|nacid[oa]|nacimiento|\bn[ée]e?\b|naissance|"
    r"\bnat[oa]\b|nascit[ao]|geboorte|nascid[oa]|nascimento|"
    r"\bnac(?:í|i|ió|io|iste)\b|\bnasc(?:i|eu|este)\b",  # "nací el", "nasci em": the verb's past
    re.I,
)


class DateDetector:
    """Dates: ISO, "03/12/1985", "March 3, 1985", "3 March". After a birth word of any of six
    languages ("geboren am", "nacido el", "né le", "DOB") also the European forms a birth date
    is written in: "12. März 1985", "12 de marzo de 1985", "12.03.1985"."""

    name = "date"
    kinds = frozenset({"date", "date_of_birth"})
    field_trigger = re.compile(r"birth|dob|geburt|nacimiento|naissance|nascita|geboorte", re.I)
    trigger = re.compile(rf"\d|{_MONTHS}", re.I)
    _rx = re.compile(
        rf"\b(?:\d{{4}}-\d{{2}}-\d{{2}}|\d{{1,2}}/\d{{1,2}}/\d{{2,4}}|{_MONTHS}\.?\s+\d{{1,2}}(?:st|nd|rd|th)?"
        rf"(?:,?\s+\d{{4}})?|\d{{1,2}}\s+{_MONTHS}(?:\s+\d{{4}})?)\b",
        re.I,
    )
    # "12. März 1985", "12 de marzo de 1985", "1er mars 1985", "12.03.1985", "12-03-1985"
    _intl = re.compile(
        rf"(?<![\w.])(?:\d{{1,2}}(?:er|º|°)?\.?\s*(?:de\s+)?{_MONTHS_INTL}\.?,?\s*(?:de\s+|del\s+)?(?:19|20)\d\d"
        r"|[0-3]?\d[./-][01]?\d[./-](?:19|20)\d\d)(?!\w|[.-]\d)",  # a full stop may end the sentence
        re.I,
    )

    # every date holds digits: a month word before them ("March 3"), at most four tokens after
    # the first ("12 de marzo de 1985") (`near_digits`)
    _TOKENS_BEFORE, _TOKENS_AFTER = 2, 4

    def detect(self, text: str, field: str = "") -> list[Finding]:
        found = []
        birth_field = bool(field) and self.field_trigger.search(field) is not None
        regions = near_digits(text, self._TOKENS_BEFORE, self._TOKENS_AFTER)
        for m in scan_near(self._rx, text, regions):
            before = text[max(0, m.start() - 30) : m.start()]
            if _BIRTH.search(before) or birth_field:
                found.append(_finding(Category.QI, "date_of_birth", m, self.name, precision="day"))
            else:
                found.append(_finding(Category.Tp, "date", m, self.name, precision="day"))
        for m in scan_near(self._intl, text, regions):
            if any(f.start < m.end() and m.start() < f.end for f in found):
                continue
            if birth_field or _BIRTH.search(text, max(0, m.start() - 30), m.start()):
                found.append(_finding(Category.QI, "date_of_birth", m, self.name, precision="day"))
        return found


class ScheduleDetector:
    name = "schedule"
    kinds = frozenset({"schedule"})
    trigger = re.compile(r"every|day|[ap]m\b|daily", re.I)
    _rx = re.compile(
        rf"\b(?:every\s+(?:{_DAYS}|day|morning|evening|night|week(?:day|end)?)s?|(?:on\s+)?{_DAYS}s?\s+"
        r"(?:at|from|around)\s+\d{1,2}(?::\d{2})?\s*(?:am|pm)?|daily at\s+\d{1,2}(?::\d{2})?\s*(?:am|pm)?|"
        r"\d{1,2}(?::\d{2})?\s*(?:am|pm)\s*(?:to|-)\s*\d{1,2}(?::\d{2})?\s*(?:am|pm))",
        re.I,
    )

    def detect(self, text: str, field: str = "") -> list[Finding]:
        return [_finding(Category.Tp, "schedule", m, self.name) for m in self._rx.finditer(text)]
