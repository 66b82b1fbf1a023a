"""What every detector shares: the finding it reports, the protocol it follows, and how
overlapping findings are resolved."""

from __future__ import annotations

import bisect
import dataclasses
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Protocol

from webminim.egress.taxonomy import Category

LABEL_WINDOW = 48  # characters before a value in which its label may stand ("Steuer-ID: ...")

_TOKEN = re.compile(r"\S+")
_DIGIT_RUN = re.compile(r"\d+")


_last_tokens: tuple[str, list[tuple[int, int]], list[int]] = ("", [], [])


def _tokens(text: str) -> tuple[list[tuple[int, int]], list[int]]:
    """The text's space-separated tokens (spans, starts), kept for the last text: the address
    and postcode detectors read the same text one after the other."""
    global _last_tokens
    last = _last_tokens  # one read: another thread may replace it, never half of it
    if last[0] is text or last[0] == text:
        return last[1], last[2]
    spans = [m.span() for m in _TOKEN.finditer(text)]
    starts = [start for start, _ in spans]
    _last_tokens = (text, spans, starts)
    return spans, starts


def near_digits(text: str, before: int, after: int) -> list[tuple[int, int]]:
    """Where a pattern whose every match holds digits, at most `before` space-separated tokens
    before the token they begin in and `after` after the one they end in, can match: from the
    start of the one to the end of the other around each run of digits, overlapping regions
    merged (a match that could reach another run's region lies in the merged one). A scan of
    these (`finditer(text, start, end)`: look-behinds still see the text before) finds what a
    scan of the whole text finds, reading a few tokens around each number instead."""
    spans, starts = _tokens(text)
    regions: list[tuple[int, int]] = []
    for run in _DIGIT_RUN.finditer(text):
        first = bisect.bisect_right(starts, run.start()) - 1
        last = bisect.bisect_right(starts, run.end() - 1) - 1
        start, end = spans[max(0, first - before)][0], spans[min(len(spans) - 1, last + after)][1]
        if regions and start <= regions[-1][1]:
            regions[-1] = (regions[-1][0], max(regions[-1][1], end))
        else:
            regions.append((start, end))
    return regions


def scan_near(pattern: re.Pattern[str], text: str, regions: list[tuple[int, int]]) -> Iterator[re.Match[str]]:
    """`pattern.finditer` over each region of `near_digits`, left to right."""
    return (m for start, end in regions for m in pattern.finditer(text, start, end))


@dataclass(frozen=True, slots=True)
class Finding:
    """One detected item of privacy-sensitive data (its text stays in memory, never in logs)."""

    category: Category
    kind: str
    start: int
    end: int
    text: str
    detector: str
    precision: str = ""  # location/date granularity: street, zip4, zip5, gps, city, state; day
    hint: str = ""  # e.g. the city of a named facility
    path: str = ""

    def at(self, path: str) -> Finding:
        return Finding(
            self.category, self.kind, self.start, self.end, self.text, self.detector, self.precision, self.hint, path
        )

    def mapped(self, start: int, end: int, source: str, via: str) -> Finding:
        """This finding, made in a decoded or normalized view, moved back onto `source`."""
        return dataclasses.replace(
            self, start=start, end=end, text=source[start:end], detector=f"{self.detector}+{via}"
        )

    def shifted(self, offset: int, length: int | None = None, text: str | None = None) -> Finding:
        end = self.start + offset + (length if length is not None else self.end - self.start)
        return Finding(
            self.category,
            self.kind,
            self.start + offset,
            end,
            text if text is not None else self.text,
            self.detector,
            self.precision,
            self.hint,
            self.path,
        )


class Detector(Protocol):
    """`trigger` is a cheap pattern the text must match before `detect` can find anything
    (None: always run); `field_trigger` (optional) a field name that runs it regardless;
    `needs_digit` (optional) says the trigger cannot match a text without a digit, so the
    classifier does not even try it there. `kinds` (optional) are the finding kinds it can
    report: a reader that wants only some kinds runs only the detectors that can report them
    (`PSDClassifier.restricted`); a detector without it is always run."""

    name: str
    trigger: re.Pattern[str] | None

    def detect(self, text: str, field: str = "") -> list[Finding]: ...


def _finding(
    category: Category,
    kind: str,
    match: re.Match[str],
    detector: str,
    *,
    group: int | str = 0,
    precision: str = "",
    hint: str = "",
) -> Finding:
    return Finding(category, kind, match.start(group), match.end(group), match.group(group), detector, precision, hint)


def _decoded(f: Finding) -> bool:
    return "+decoded" in f.detector


def resolve_overlaps(findings: Iterable[Finding]) -> list[Finding]:
    """Keep, for overlapping spans, the longer and then the more specific finding.

    Findings read in a decoded view (base64, %-escapes, ...) all cover the whole encoded
    substring, so several items hidden in one encoded segment share one span: each distinct
    item (category, kind) there is kept, not just the first detector's."""
    ordered = sorted(findings, key=lambda f: (f.start, -(f.end - f.start)))
    kept: list[Finding] = []
    for f in ordered:
        if kept and f.start < kept[-1].end:
            previous = kept[-1]
            if (f.end - f.start) > (previous.end - previous.start):
                while kept and (kept[-1].start, kept[-1].end) == (previous.start, previous.end):
                    kept.pop()  # the longer span replaces every item that shared the shorter one
                kept.append(f)
            elif (f.start, f.end) == (previous.start, previous.end) and _decoded(f) and _decoded(previous):
                group = [k for k in kept if (k.start, k.end) == (f.start, f.end)]
                if all((k.category, k.kind) != (f.category, f.kind) for k in group):
                    kept.append(f)
            continue
        kept.append(f)
    return kept


def disjoint(findings: Iterable[Finding]) -> list[Finding]:
    """Findings whose spans do not overlap, left to right: overlapping ones merge into the
    first (its span grown to cover them), so a rewrite never replaces a span twice."""
    out: list[Finding] = []
    for f in sorted(findings, key=lambda f: (f.start, -(f.end - f.start))):
        if out and f.start < out[-1].end:
            if f.end > out[-1].end:
                last = out[-1]
                out[-1] = dataclasses.replace(last, end=f.end)
            continue
        out.append(f)
    return out
