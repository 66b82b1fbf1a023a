"""Tool-type handlers: what a required field of a weather, calendar, search, maps, email or
messaging tool really needs, when its schema says nothing more precise.

Each handler answers two questions about a field: is this detected item necessary for it
(N = 0), and how to rewrite the field when it holds unnecessary items.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from webminim.egress import fields
from webminim.egress.detectors import Finding
from webminim.egress.freetext import ClauseJudge, minimize_text
from webminim.egress.schema import FieldSpec
from webminim.text_memo import per_text

ToolType = Literal["weather", "calendar", "search", "maps", "email", "messaging", "generic"]
Plan = Literal["keep", "city", "redact", "substitute"]

_TYPE_WORDS: tuple[tuple[ToolType, re.Pattern[str]], ...] = (
    ("weather", re.compile(r"weather|forecast|temperature", re.I)),
    ("maps", re.compile(r"map|direction|route|navigat|geocod|distance|places", re.I)),
    ("calendar", re.compile(r"calendar|event|meeting|schedul|appointment|reminder", re.I)),
    ("email", re.compile(r"e-?mail|mail\b|gmail|outlook", re.I)),
    ("messaging", re.compile(r"message|slack|chat|sms|text|whatsapp|teams|discord", re.I)),
    ("search", re.compile(r"search|lookup|query|find|browse|web", re.I)),
)
_LOCATION_FIELD = re.compile(r"location|city|place|address|where|q$|query|destination|origin|from|to$", re.I)
_CITY_FIELD = re.compile(r"^(?:city|town|city_?name|stadt|ort|ciudad|ville|citt[aà]|plaats)$", re.I)
_RECIPIENT_FIELD = re.compile(r"^(?:to|cc|bcc|recipients?|channel|user|attendees?|email|phone|number)$", re.I)
_TITLE_FIELD = re.compile(r"title|summary|subject|name", re.I)


@lru_cache(maxsize=1024)  # a tool's name and description repeat on every call to it
def tool_type(name: str, description: str = "") -> ToolType:
    for kind, pattern in _TYPE_WORDS:
        if pattern.search(name):
            return kind
    for kind, pattern in _TYPE_WORDS:
        if pattern.search(description):
            return kind
    return "generic"


def _leaf_name(spec: FieldSpec | None, path: str) -> str:
    """The member name of a field, from its schema path ("a[].b") or a JSON Pointer / dotted path."""
    return _member(spec.path if spec else path)


@per_text(maxsize=4096, longest=256)
def _member(name: str) -> str:
    parts = [p for p in re.split(r"[./]|\[\d*\]", name.removeprefix("$")) if p and not p.isdigit()]
    return parts[-1].replace("~1", "/").replace("~0", "~") if parts else ""


def profile_of(spec: FieldSpec | None, path: str) -> fields.FieldProfile:
    return fields.profile(_leaf_name(spec, path), spec.description if spec else "", spec.format if spec else "")


@dataclass(frozen=True, slots=True)
class Handler:
    kind: ToolType
    task: str = ""  # the normalised task, for the free-text layer
    judge: ClauseJudge | None = None  # an optional backend for the free-text layer

    def necessary(self, finding: Finding, spec: FieldSpec | None, path: str) -> bool:
        """Is this item needed in this required, unannotated field?"""
        field = _leaf_name(spec, path)
        profile = profile_of(spec, path)
        if finding.detector == "field":
            return True  # a required field holding its own kind of data: the tool asked for it
        if _CITY_FIELD.match(field) or (self.kind == "weather" and _LOCATION_FIELD.search(field)):
            # a forecast, or a field named for a city, needs the place, never the street in it
            return finding.precision in ("city", "state") or (
                self.kind == "weather" and finding.kind == "zip" and finding.precision == "zip5"
            )
        if not profile.free_text and finding.kind.removesuffix("_split") in profile.expects:
            return True  # a city in `city`, an e-mail in `payee_email`, a name in `guest_name`
        if self.kind in ("email", "messaging", "calendar") and _RECIPIENT_FIELD.match(field):
            return finding.kind in ("email", "phone", "person_name")
        if self.kind == "maps" and _LOCATION_FIELD.search(field):
            return finding.category.value == "L"  # routing needs the address, not the facility it is
        return False

    def plan(self, spec: FieldSpec | None, path: str) -> Plan:
        """How to rewrite this field when it holds unnecessary items."""
        field = _leaf_name(spec, path)
        if _CITY_FIELD.match(field) or (self.kind == "weather" and _LOCATION_FIELD.search(field)):
            return "city"
        if self.kind == "calendar" and _TITLE_FIELD.search(field):
            return "substitute"
        return "redact"

    def rewrite_text(self, value: str, found: list[Finding], unnecessary: list[Finding], spec: FieldSpec | None) -> str:
        """A required text field holding unnecessary items: clause-level for free text, tags otherwise."""
        profile = profile_of(spec, spec.path if spec else "")
        if profile.free_text or (spec is not None and spec.type in ("string", "") and len(value) > 40):
            return minimize_text(value, found, unnecessary, self.task, self.judge)
        from webminim.egress.rewrite import redact

        return redact(value, unnecessary)


CALENDAR_TITLE = "Appointment"
