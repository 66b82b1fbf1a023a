"""JSON objects that an agent serialised into a string argument (`"metadata": "{\\"access\\":
\\"key in the lockbox\\", \\"phone\\": ...}"`): each is minimized as a call of its own, member by
member, and written back as a JSON string, so the members the task needs stay and the rest
go, instead of the whole string being judged as one piece of prose.

The embedded object gets a schema of its own built from its values (every member optional,
typed as it is written): what the tool's schema says about the string does not describe its
members. Bounded: at most MAX_EMBEDDED objects per call, each at most MAX_TEXT characters,
nested at most MAX_NESTING deep.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

MAX_EMBEDDED = 16
MAX_TEXT = 64 * 1024
MAX_NESTING = 3
_TYPES = ((bool, "boolean"), (int, "integer"), (float, "number"), (str, "string"), (list, "array"), (dict, "object"))


def embedded_objects(values: Mapping[str, str]) -> dict[str, dict[str, Any]]:
    """JSON Pointer -> the object decoded from the string there, for every string argument
    (`values`: the call's leaves, path -> text) that holds one JSON object and nothing else."""
    found: dict[str, dict[str, Any]] = {}
    for path, value in values.items():
        text = value.strip()
        if not (text.startswith("{") and text.endswith("}")) or len(text) > MAX_TEXT:
            continue
        try:
            decoded = json.loads(text)
        except (ValueError, RecursionError):
            continue  # prose that happens to be in braces: read as prose
        if isinstance(decoded, dict) and decoded and all(isinstance(k, str) for k in decoded):
            found[path] = decoded
            if len(found) >= MAX_EMBEDDED:
                break
    return found


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


def written_back(original: str, value: dict[str, Any]) -> str:
    """The minimized object as JSON text, in the original's style (ASCII escapes or not)."""
    return json.dumps(value, ensure_ascii=original.isascii())
