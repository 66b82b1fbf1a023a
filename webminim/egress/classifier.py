"""The PSD classifier over tool arguments: every string leaf, decoded views, split fields.

A hard time budget bounds every call: past it, classification stops with EgressTimeout
and the minimizer fails closed. Nesting depth and leaf count are bounded too.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from webminim.egress import fields, paths
from webminim.egress.deadline import EgressTimeout, clock
from webminim.egress.decode import decoded_segments, normalized
from webminim.egress.detectors import Detector, Finding, LexiconDetector, default_detectors, resolve_overlaps
from webminim.egress.taxonomy import Category
from webminim.errors import EgressError
from webminim.text_memo import per_text

MAX_DEPTH = 64
MAX_LEAVES = 20_000
DEFAULT_BUDGET_MS = 250.0
MAX_DECODE_DEPTH = 2  # base64 inside base64, %-escapes inside base64, ...: two layers deep
_LEET_HINT = re.compile(r"[A-Za-z][013457][A-Za-z]")
_SPLIT_MAX_FIELD = 64
_DIGITS = re.compile(r"\d{2}")
_SPLIT_DETECTORS = frozenset({"ssn", "national_id", "card", "phone", "iban", "account_number", "email"})
# Items of one list are joined only when there are few and each is a short piece of digits (or an
# IBAN's letters): a number written as its groups, never a list of words or of long values
_SPLIT_MAX_ITEMS = 8
_DATE_VALUE = re.compile(r"\s*\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}(?:[T ][\d:.+Z-]*)?\s*")  # a date is no piece
_PIECE = re.compile(r"(?=[^\d]{0,4}\d)[A-Za-z0-9 .()+-]{1,16}")


@dataclass(frozen=True, slots=True)
class Leaf:
    """A string (or number) value in the arguments, with where it lives."""

    path: str  # a JSON Pointer (RFC 6901): "/attendees/0/email"
    key: str
    value: str
    container: Any
    slot: str | int


def leaves(args: Any) -> Iterator[Leaf]:
    """Every string / number leaf of a JSON value, in document order, iteratively.

    Paths are JSON Pointers, so a key holding "." or "[0]" cannot name another field; a list
    item's `key` is the name of the object member that holds the list."""
    stack: list[tuple[Any, str, int, str]] = [(args, paths.ROOT, 0, "")]
    count = 0
    while stack:
        value, path, depth, name = stack.pop()
        if depth > MAX_DEPTH:
            raise EgressError(f"arguments are nested deeper than {MAX_DEPTH} levels")
        if isinstance(value, dict):
            entries = [(paths.child(path, str(key)), str(key), key, child) for key, child in value.items()]
        elif isinstance(value, list):
            entries = [(paths.child(path, i), name, i, child) for i, child in enumerate(value)]
        else:
            continue
        nested = []
        for child_path, key, slot, child in entries:
            if isinstance(child, str | int | float) and not isinstance(child, bool):
                count += 1
                if count > MAX_LEAVES:
                    raise EgressError(f"arguments have more than {MAX_LEAVES:,} values")
                yield Leaf(child_path, key, str(child), value, slot)
            elif isinstance(child, dict | list):
                nested.append((child, child_path, depth + 1, key))
        stack.extend(reversed(nested))


_DIGIT_RUNS = re.compile(r"\d+")
_LETTER = re.compile(r"[^\W\d_]")  # a letter of any script
_RUN_TRIGGER = re.compile(r"\\d(?:\{(\d+)\})?")  # a trigger that is "\d" or "\d{n}" and nothing else


def _digit_run(trigger: re.Pattern[str] | None) -> int:
    """The digit run a trigger of the form `\\d` or `\\d{n}` asks for (0: another kind of trigger)."""
    if trigger is None or trigger.flags & re.ASCII:
        return 0
    m = _RUN_TRIGGER.fullmatch(trigger.pattern)
    return int(m.group(1) or 1) if m else 0


_LITERALS = re.compile(r"[a-z -]+(?:\|[a-z -]+)*")  # "pass|pin|pass-nr": plain words, one of which must occur


def _literal_words(trigger: re.Pattern[str] | None) -> tuple[str, ...] | None:
    """The words of a case-blind trigger that is plain words joined by "|": on ASCII text it
    matches exactly where one of them is a substring of the text lower-cased (a substring
    test is C-speed; the regex tries every word at every position). None for any other trigger."""
    if trigger is None or not trigger.flags & re.IGNORECASE or not _LITERALS.fullmatch(trigger.pattern):
        return None
    return tuple(trigger.pattern.split("|"))


_FIELD_MEMO = 4096  # field names remembered per classifier
_FIELD_MEMO_KEY = 256  # the longest field name remembered


class PSDClassifier:
    """Runs the detector registry over text and over whole argument objects."""

    def __init__(self, detectors: Sequence[Detector] | None = None, *, budget_ms: float = DEFAULT_BUDGET_MS) -> None:
        self.detectors = list(detectors) if detectors is not None else default_detectors()
        self.budget_ms = budget_ms
        self._lexicon = next((d for d in self.detectors if isinstance(d, LexiconDetector)), None)
        self._split_detectors = [d for d in self.detectors if d.name in _SPLIT_DETECTORS]
        # Which detectors a field's name alone wakes ("ssn" -> the SSN detector): keys repeat
        # across calls, so each is matched against the field triggers once (bounded memo).
        self._by_field: dict[str, tuple[bool, ...]] = {}
        # Detectors whose trigger needs a digit are not even tried on a text without one, and a
        # trigger that is only a run of digits ("\d", "\d{5}") is read off the text's longest run.
        # One row per detector, in registry order: (detector, trigger, digit run, needs a digit,
        # needs a letter, its trigger's plain words).
        self._gates = tuple(
            (
                d,
                d.trigger,
                _digit_run(d.trigger),
                bool(getattr(d, "needs_digit", False)),
                bool(getattr(d, "needs_letter", False)),
                _literal_words(d.trigger),
            )
            for d in self.detectors
        )
        # Load lexicons, city names and parsers (and the phone matcher's verification patterns,
        # compiled on its first match) now, so no call pays for them inside its budget.
        for detector in self.detectors:
            detector.detect("Dr. Mary Smith, 12 Main St, Boston, MA 02110, (415) 555-0199", "name")
        fields.warm_up()

    def restricted(self, kinds: Iterable[str]) -> PSDClassifier:
        """A classifier of the detectors that can report one of `kinds` (and of those that do not
        say what they report), sharing their loaded lexicons and parsers, with this one's budget."""
        wanted = frozenset(kinds)
        chosen = [d for d in self.detectors if getattr(d, "kinds", None) is None or d.kinds & wanted]
        return PSDClassifier(chosen, budget_ms=self.budget_ms)

    def _woken_by(self, field: str) -> tuple[bool, ...]:
        woken = self._by_field.get(field)
        if woken is None:
            woken = tuple(
                bool(field) and getattr(d, "field_trigger", None) is not None and bool(d.field_trigger.search(field))
                for d in self.detectors
            )
            if len(field) <= _FIELD_MEMO_KEY:  # a key the size of a document is not kept
                if len(self._by_field) >= _FIELD_MEMO:
                    self._by_field.clear()
                self._by_field[field] = woken
        return woken

    def _deadline_check(self, deadline: float) -> None:
        if clock() > deadline:
            raise EgressTimeout(f"classification exceeded its {self.budget_ms:g} ms budget; the call is held back")

    def classify_text(
        self,
        text: str,
        field: str = "",
        *,
        deadline: float | None = None,
        resolved: bool = True,
        _depth: int = 0,
    ) -> list[Finding]:
        """Findings in `text`: read as it is, in its normalized views, and in every decoded
        view (base64, %-escapes, HTML entities, spelled-out addresses), each decoded view
        classified like any text, with every detector, its own normalized and nested decoded
        views, and mapped back onto the whole encoded substring, one finding per item in it.
        Overlapping findings are resolved (`resolve_overlaps`) unless `resolved` is False: for
        a caller that first drops some by rules of its own."""
        deadline = deadline if deadline is not None else clock() + self.budget_ms / 1000
        found: list[Finding] = []
        woken = self._woken_by(field)
        run = max(map(len, _DIGIT_RUNS.findall(text)), default=0)
        letter = _LETTER.search(text) is not None
        lowered = text.lower() if text.isascii() else None  # where a trigger's plain words may be looked up
        for (detector, trigger, least, needs_digit, needs_letter, words), by_field in zip(
            self._gates, woken, strict=True
        ):
            if not by_field and trigger is not None:  # woken by the text, or not run
                if needs_letter and not letter:
                    continue
                if least:
                    if run < least:
                        continue
                elif needs_digit and not run:
                    continue
                elif words is not None and lowered is not None:
                    if not any(w in lowered for w in words):
                        continue
                elif not trigger.search(text):
                    continue
            found.extend(detector.detect(text, field))
        self._deadline_check(deadline)
        if _depth < MAX_DECODE_DEPTH:
            for start, end, decoded in decoded_segments(text):
                inner = self.classify_text(decoded, field, deadline=deadline, _depth=_depth + 1)
                found.extend(f.mapped(start, end, text, "decoded") for f in inner)
                self._deadline_check(deadline)
        variants = [normalized(text)]
        if self._lexicon is not None and _LEET_HINT.search(text):
            variants.append(normalized(text, leet=True))
        for variant in variants:
            if variant is None:
                continue
            norm, index = variant
            detectors = self.detectors if variant is variants[0] else [self._lexicon]
            for detector in detectors:
                for f in detector.detect(norm, field):  # type: ignore[union-attr]
                    found.append(f.mapped(index[f.start], index[f.end - 1] + 1, text, "normalized"))
            self._deadline_check(deadline)
        return resolve_overlaps(found) if resolved else found

    def classify(self, args: Any, schema: Any = None) -> list[Finding]:
        """Findings in every leaf of `args`, each carrying its path.

        With the tool's `schema`, each field's profile (key, description, format) adds the
        field's own meaning: a bare number in `current_salary` is financial PSD, a name in
        `reference_names` a third party's identity (see `fields`)."""
        deadline = clock() + self.budget_ms / 1000
        found: list[Finding] = []
        by_container: dict[int, list[Leaf]] = {}
        by_list: dict[int, list[Leaf]] = {}
        for leaf in leaves(args):
            here = self.classify_text(leaf.value, leaf.key, deadline=deadline)
            found.extend(f.at(leaf.path) for f in here)
            if not here:
                semantic = _field_finding(leaf, schema)
                if semantic is not None:
                    found.append(semantic)
            if isinstance(leaf.container, dict):
                by_container.setdefault(id(leaf.container), []).append(leaf)
            elif isinstance(leaf.container, list) and len(leaf.container) <= _SPLIT_MAX_ITEMS:
                by_list.setdefault(id(leaf.container), []).append(leaf)
        for siblings in by_container.values():
            found.extend(self._split_fields(siblings, deadline))
        for items in by_list.values():  # a card number written as four items ["4111", "1111", ...]
            if len(items) >= 2 and all(_PIECE.fullmatch(v) and not _DATE_VALUE.fullmatch(v) for v in _texts(items)):
                found.extend(self._join(items, deadline))
        parts = {f.path for f in found if f.kind.endswith("_split")}
        return [f for f in found if not (f.detector == "field_shape" and f.path in parts)]  # one number, found once

    def _split_fields(self, siblings: list[Leaf], deadline: float) -> list[Finding]:
        """PSD split across sibling fields ("ssn_a": "123", "ssn_b": "45-6789") still counts,
        but only among keys that say they are parts of one thing (`phone_area` + `phone_number`),
        never across unrelated fields or list items."""
        groups: dict[str, list[Leaf]] = {}
        for leaf in siblings:
            stem, is_part = _part_stem(leaf.key)
            if is_part and 0 < len(leaf.value) <= _SPLIT_MAX_FIELD and not _DATE_VALUE.fullmatch(leaf.value):
                groups.setdefault(stem, []).append(leaf)
        found: list[Finding] = []
        for short in groups.values():
            if 2 <= len(short) <= 12:
                found.extend(self._join(short, deadline))
        return found

    def _join(self, short: list[Leaf], deadline: float) -> list[Finding]:
        found = []
        for joiner in ("", " ", "-"):  # "-": an SSN or a phone number cut at its hyphens
            joined, bounds, position = "", [], 0
            for leaf in short:
                bounds.append((position, position + len(leaf.value), leaf))
                joined += leaf.value + joiner
                position = len(joined)
            for f in (f for d in self._split_detectors for f in d.detect(joined, "")):
                touched = [leaf for start, end, leaf in bounds if start < f.end and f.start < end]
                if len(touched) < 2:
                    continue  # already found inside one field
                for leaf in touched:
                    found.append(
                        Finding(
                            f.category,
                            f"{f.kind}_split",
                            0,
                            len(leaf.value),
                            leaf.value,
                            f"{f.detector}+split",
                            f.precision,
                            f.hint,
                            leaf.path,
                        )
                    )
            if found:
                break
            self._deadline_check(deadline)
        return found


_PART = re.compile(
    r"(?:[_\-\s.]*(?:\d+|[a-d]|part\d*|area|prefix|suffix|number|num|no|local|user|username|host|domain|"
    r"first|second|third|fourth|middle|last|ext|extension|country|code|block|group|segment|"
    r"line|exchange|subscriber|piece|chunk))$",
    re.I,
)
_MEANINGFUL = re.compile(r"[0-9A-Za-z\u00C0-\uFFFF]{2}")
_ACCOUNT_SHAPE = re.compile(r"[A-Za-z]{0,4}[\d\s-]+")  # "2279 6627 7729", "DE89 3704 ...": digits, maybe a prefix
_DIGIT = re.compile(r"\d")
_PHONE_SHAPE = re.compile(r"\+?(?:[\s().-]*\d){6,15}(?:\s*(?:x|ext\.?)\s*\d{1,6})?")


@per_text(maxsize=_FIELD_MEMO, longest=_FIELD_MEMO_KEY)
def _part_stem(key: str) -> tuple[str, bool]:
    """("phone", True) for "phone_area"; (key, False) when the key names no part of a whole."""
    stem, is_part = key.lower(), False
    for _ in range(2):
        shorter = _PART.sub("", stem)
        if shorter == stem:
            break
        stem, is_part = shorter, True
    if not stem.strip("_-. ") or _PART.fullmatch(key):
        return "", True  # bare part labels ("a", "b" or "1", "2") are parts of one unnamed whole
    return stem, is_part


def _texts(items: list[Leaf]) -> list[str]:
    return [leaf.value for leaf in items]


def _phone_shaped(value: str) -> bool:
    return len(value) <= 40 and bool(_PHONE_SHAPE.fullmatch(value.strip()))


def _account_shaped(value: str) -> bool:
    return len(value) <= 48 and bool(_ACCOUNT_SHAPE.fullmatch(value.strip())) and len(_DIGIT.findall(value)) >= 8


_SHAPED_KINDS: tuple[tuple[str, Category, Callable[[str], bool]], ...] = (
    ("phone", Category.DI, _phone_shaped),
    ("account_number", Category.F, _account_shaped),
)


def _field_finding(leaf: Leaf, schema: Any) -> Finding | None:
    """The whole value as one item when its field's profile says what PSD it is."""
    if not _MEANINGFUL.search(leaf.value):
        return None
    spec = schema.field(leaf.path) if schema is not None else None
    description = str(getattr(spec, "description", "") or "")
    fmt = str(getattr(spec, "format", "") or "")
    tool = str(getattr(schema, "description", "") or "")
    profile = fields.profile(leaf.key, description, fmt, tool=tool)
    if profile.category is None:
        # a number in `contact_phone` is a phone number, one in `card_number` an account,
        # whether or not a numbering plan or a checksum says so (the detectors only read valid
        # ones in free text)
        for kind, category, shaped in _SHAPED_KINDS:
            if kind in profile.expects and shaped(leaf.value):
                return Finding(category, kind, 0, len(leaf.value), leaf.value, "field_shape", path=leaf.path)
    if profile.category is None or profile.free_text:
        return None
    return Finding(profile.category, profile.kind, 0, len(leaf.value), leaf.value, "field", path=leaf.path)
