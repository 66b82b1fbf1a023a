"""The PSD classifier over tool arguments: every string leaf, decoded views, split fields.

A hard time budget bounds every call: past it, classification stops with EgressTimeout
and the minimizer fails closed. Nesting depth and leaf count are bounded too.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from webminim.egress.decode import decoded_segments, normalized
from webminim.egress.detectors import Detector, Finding, LexiconDetector, default_detectors, resolve_overlaps
from webminim.errors import EgressError

MAX_DEPTH = 64
MAX_LEAVES = 20_000
DEFAULT_BUDGET_MS = 250.0
_LEET_HINT = re.compile(r"[A-Za-z][013457][A-Za-z]")
_SPLIT_MAX_FIELD = 64
_DIGITS = re.compile(r"\d{2}")
_SPLIT_DETECTORS = frozenset({"ssn", "card", "phone", "iban", "account_number", "email"})


class EgressTimeout(EgressError):
    """Classification ran past its time budget; the call must not go out unexamined."""


@dataclass(frozen=True, slots=True)
class Leaf:
    """A string (or number) value in the arguments, with where it lives."""

    path: str
    key: str
    value: str
    container: Any
    slot: str | int


def leaves(args: Any) -> Iterator[Leaf]:
    """Every string / number leaf of a JSON value, in document order, iteratively."""
    stack: list[tuple[Any, str, int]] = [(args, "$", 0)]
    count = 0
    while stack:
        value, path, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise EgressError(f"arguments are nested deeper than {MAX_DEPTH} levels")
        if isinstance(value, dict):
            entries = [(f"{path}.{key}", str(key), key, child) for key, child in value.items()]
        elif isinstance(value, list):
            entries = [(f"{path}[{i}]", path.rsplit(".", 1)[-1], i, child) for i, child in enumerate(value)]
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
                nested.append((child, child_path, depth + 1))
        stack.extend(reversed(nested))


class PSDClassifier:
    """Runs the detector registry over text and over whole argument objects."""

    def __init__(self, detectors: Sequence[Detector] | None = None, *, budget_ms: float = DEFAULT_BUDGET_MS) -> None:
        self.detectors = list(detectors) if detectors is not None else default_detectors()
        self.budget_ms = budget_ms
        self._lexicon = next((d for d in self.detectors if isinstance(d, LexiconDetector)), None)
        self._split_detectors = [d for d in self.detectors if d.name in _SPLIT_DETECTORS]
        # Load lexicons, city names and parsers now, so no call pays for them inside its budget.
        for detector in self.detectors:
            detector.detect("Dr. Mary Smith, 12 Main St, Boston, MA 02110", "name")

    def _deadline_check(self, deadline: float) -> None:
        if time.perf_counter() > deadline:
            raise EgressTimeout(f"classification exceeded its {self.budget_ms:g} ms budget; the call is held back")

    def classify_text(self, text: str, field: str = "", *, deadline: float | None = None) -> list[Finding]:
        deadline = deadline if deadline is not None else time.perf_counter() + self.budget_ms / 1000
        found: list[Finding] = []
        for detector in self.detectors:
            field_trigger = getattr(detector, "field_trigger", None)
            if (
                detector.trigger is None
                or detector.trigger.search(text)
                or (field and field_trigger is not None and field_trigger.search(field))
            ):
                found.extend(detector.detect(text, field))
        self._deadline_check(deadline)
        for start, end, decoded in decoded_segments(text):
            for detector in self.detectors:
                found.extend(f.mapped(start, end, text, "decoded") for f in detector.detect(decoded, field))
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
        return resolve_overlaps(found)

    def classify(self, args: Any) -> list[Finding]:
        """Findings in every leaf of `args`, each carrying its JSON path."""
        deadline = time.perf_counter() + self.budget_ms / 1000
        found: list[Finding] = []
        by_container: dict[int, list[Leaf]] = {}
        for leaf in leaves(args):
            found.extend(f.at(leaf.path) for f in self.classify_text(leaf.value, leaf.key, deadline=deadline))
            by_container.setdefault(id(leaf.container), []).append(leaf)
        for siblings in by_container.values():
            found.extend(self._split_fields(siblings, deadline))
        return found

    def _split_fields(self, siblings: list[Leaf], deadline: float) -> list[Finding]:
        """PSD split across sibling fields ("ssn_a": "123", "ssn_b": "45-6789") still counts."""
        # Splitting hides numbers (SSN, card, phone, account): only digit-bearing short fields.
        short = [leaf for leaf in siblings if 0 < len(leaf.value) <= _SPLIT_MAX_FIELD and _DIGITS.search(leaf.value)]
        if len(short) < 2 or len(short) > 12:
            return []
        found = []
        for joiner in ("", " "):
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
