"""Tool schemas: which argument fields are required, optional or minimum-necessary, and how
precise a minimum-necessary value may be.

Annotations accepted (both spellings, on a property or as a top-level map):

    "location": {"type": "string", "x-minimum-necessary": "city"}      precision hint
    "to":       {"type": "string", "format": "email", "minimum_necessary": true}
    {"minimum_necessary": {"location": ["city-level"]}}               top-level map

Hints: city, state, country, zip5, zip3, gps, date, week, month, year, age_range,
initials, first_name, domain. A schema that marks every field minimum-necessary is
flagged as suspicious and its marks are ignored (an operator could otherwise switch
minimization off by annotation).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import jsonschema
from jsonschema.exceptions import SchemaError

from webminim.errors import EgressError

HINTS = frozenset(
    {
        "city",
        "state",
        "country",
        "zip5",
        "zip3",
        "gps",
        "date",
        "week",
        "month",
        "year",
        "age_range",
        "initials",
        "first_name",
        "domain",
    }
)
_MARK_KEYS = ("x-minimum-necessary", "minimum_necessary", "x-minimum_necessary")
_INDEX = re.compile(r"\[\d+\]")


def _hint(raw: Any) -> tuple[bool, str]:
    """(marked necessary, precision hint) from an annotation value."""
    if raw is True:
        return True, ""
    if raw is False or raw is None:
        return False, ""
    values = raw if isinstance(raw, list) else [raw]
    for value in values:
        hint = str(value).lower().replace("-level", "").replace("_level", "").strip()
        hint = {"zip": "zip5", "zipcode": "zip5", "zip_code": "zip5", "coordinates": "gps"}.get(hint, hint)
        if hint in HINTS:
            return True, hint
    raise EgressError(f"unknown minimum-necessary precision {raw!r}; use true or one of {', '.join(sorted(HINTS))}")


@dataclass(frozen=True, slots=True)
class FieldSpec:
    path: str  # dotted, arrays as [] ("attendees[].email")
    required: bool
    necessary: bool
    hint: str
    type: str
    format: str
    description: str


@dataclass(frozen=True)
class ToolSchema:
    """A validated tool schema with its field dispositions."""

    name: str
    schema: Mapping[str, Any]
    fields: Mapping[str, FieldSpec]
    suspicious: bool
    description: str = ""

    @classmethod
    def parse(cls, name: str, schema: Any, *, description: str = "") -> ToolSchema:
        if isinstance(schema, str):
            try:
                schema = json.loads(schema)
            except json.JSONDecodeError as exc:
                raise EgressError(f"schema for {name!r} is not valid JSON: {exc.msg} (line {exc.lineno})") from None
        if not isinstance(schema, dict):
            raise EgressError(f"schema for {name!r} must be a JSON object")
        try:
            jsonschema.validators.validator_for(schema).check_schema(schema)
        except SchemaError as exc:
            raise EgressError(f"schema for {name!r} is not a valid JSON Schema: {exc.message}") from None
        fields = _fields(schema)
        marked = [f for f in fields.values() if f.necessary]
        suspicious = bool(fields) and len(marked) == len(fields) and len(fields) > 1
        if suspicious:  # every field "necessary": ignore the marks, keep the flag
            fields = {
                k: FieldSpec(f.path, f.required, False, "", f.type, f.format, f.description) for k, f in fields.items()
            }
        return cls(name, schema, fields, suspicious, description or str(schema.get("description", "")))

    def field(self, json_path: str) -> FieldSpec | None:
        """The spec of `$.a[3].b` ("a[].b"), or of its nearest described ancestor."""
        key = _INDEX.sub("[]", json_path.removeprefix("$").lstrip("."))
        while key:
            if key in self.fields:
                return self.fields[key]
            key = key.rsplit(".", 1)[0] if "." in key else ""
        return None

    def errors(self, args: Any) -> list[str]:
        validator = _validator(json.dumps(self.schema, sort_keys=True))
        return [f"{'.'.join(map(str, e.absolute_path)) or '$'}: {e.message}" for e in validator.iter_errors(args)]


@lru_cache(maxsize=256)
def _validator(schema_json: str) -> Any:
    schema = json.loads(schema_json)
    return jsonschema.validators.validator_for(schema)(schema)


def _fields(schema: Mapping[str, Any]) -> dict[str, FieldSpec]:
    """Flatten object properties (and array items) into dotted paths."""
    top_marks = next((schema[k] for k in _MARK_KEYS if isinstance(schema.get(k), dict)), {})
    out: dict[str, FieldSpec] = {}
    stack: list[tuple[Mapping[str, Any], str]] = [(schema, "")]
    while stack:
        node, prefix = stack.pop()
        required = set(node.get("required") or ())
        for name, prop in (node.get("properties") or {}).items():
            if not isinstance(prop, dict):
                continue
            path = f"{prefix}{name}"
            raw = next((prop[k] for k in _MARK_KEYS if k in prop), top_marks.get(path))
            necessary, hint = _hint(raw)
            kind = prop.get("type", "")
            out[path] = FieldSpec(
                path,
                name in required,
                necessary,
                hint,
                kind if isinstance(kind, str) else "",
                str(prop.get("format", "")),
                str(prop.get("description", "")),
            )
            if kind == "object":
                stack.append((prop, f"{path}."))
            elif kind == "array" and isinstance(prop.get("items"), dict) and prop["items"].get("type") == "object":
                stack.append((prop["items"], f"{path}[]."))
    return out
