"""Structures that an agent serialised into a string argument: a JSON object (`"metadata":
"{\\"access\\": \\"key in the lockbox\\", \\"phone\\": ...}"`) or a URL's query string
(`"callback_url": "https://hooks.example/x?id=7&sms=...&note=..."`). Each is minimized as a call
of its own, member by member, and written back in the form it came in, so the members the task
needs stay and the rest go, instead of the whole string being judged as one piece of prose.

The embedded structure gets a schema of its own built from its values (every member
optional, typed as it is written): what the tool's schema says about the string does not
describe its members. Bounded: at most MAX_EMBEDDED structures per call, each at most
MAX_TEXT characters (a query at most MAX_PARAMETERS parameters), nested at most MAX_NESTING deep.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qsl, quote, quote_plus, urlencode, urlsplit, urlunsplit

MAX_EMBEDDED = 16
MAX_TEXT = 64 * 1024
MAX_NESTING = 3
MAX_PARAMETERS = 64
_TYPES = ((bool, "boolean"), (int, "integer"), (float, "number"), (str, "string"), (list, "array"), (dict, "object"))


@dataclass(frozen=True, slots=True)
class Embedded:
    """A structure found in a string argument: its members, and the text it was read from."""

    members: dict[str, Any]
    original: str
    form: str  # "json" or "query"

    def written_back(self, members: dict[str, Any]) -> str:
        """`members` in the original's form: JSON text in its style (ASCII escapes or not), or
        the URL with its query rebuilt from the members left, in its escaping ("+" or "%20")."""
        if self.form == "json":
            return json.dumps(members, ensure_ascii=self.original.isascii())
        parts = urlsplit(self.original.strip())
        plus = "+" in parts.query
        query = urlencode([(k, str(v)) for k, v in members.items()], quote_via=quote_plus if plus else quote)
        return urlunsplit(parts._replace(query=query))


def embedded_structures(values: Mapping[str, str]) -> dict[str, Embedded]:
    """JSON Pointer -> the structure decoded from the string there, for every string argument
    (`values`: the call's leaves, path -> text) that holds one JSON object or one http(s) URL
    with a query, and nothing else."""
    found: dict[str, Embedded] = {}
    for path, value in values.items():
        text = value.strip()
        if len(text) > MAX_TEXT:
            continue
        members = _json_object(text)
        form = "json"
        if members is None:
            members, form = _query(text), "query"
        if members:
            found[path] = Embedded(members, value, form)
            if len(found) >= MAX_EMBEDDED:
                break
    return found


def _json_object(text: str) -> dict[str, Any] | None:
    if not (text.startswith("{") and text.endswith("}")):
        return None
    try:
        decoded = json.loads(text)
    except (ValueError, RecursionError):
        return None  # prose that happens to be in braces: read as prose
    return decoded if isinstance(decoded, dict) and all(isinstance(k, str) for k in decoded) else None


def _query(text: str) -> dict[str, Any] | None:
    """The parameters of a URL's query, when the text is one http(s) URL whose parameter names
    are all different (a repeated name is left to the prose reading)."""
    if not text.lower().startswith(("http://", "https://")) or "?" not in text or any(c.isspace() for c in text):
        return None
    try:
        pairs = parse_qsl(urlsplit(text).query, keep_blank_values=True, max_num_fields=MAX_PARAMETERS)
    except ValueError:
        return None
    members = dict(pairs)
    return members if len(members) == len(pairs) else None


def schema_of(value: dict[str, Any], description: str = "") -> dict[str, Any]:
    """A schema for an embedded object: its members, each optional, typed as written."""
    return {
        "type": "object",
        "description": description,
        "properties": {key: _typed(member) for key, member in value.items()},
    }


def _typed(value: Any) -> dict[str, str]:
    for kind, name in _TYPES:  # bool before int: True is an int in Python
        if isinstance(value, kind):
            return {"type": name}
    return {}
