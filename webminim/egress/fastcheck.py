"""A compiled yes/no check for the simple schemas most tools have, in front of jsonschema.

jsonschema (with RE2 for `pattern`) stays the reference and the only source of error
messages; fastjsonschema compiles a schema into Python code that says "valid" some ten times
faster, which is a tenth of a call. It is used only for schemas built from keywords whose
meaning is the same in both (draft 7 and 2020-12) and whose check cannot backtrack: no
`pattern`, no `$ref`, no `$schema`, no `enum`/`const` holding numbers or booleans (Python
finds `True in [1]`, JSON does not), no `uniqueItems`. When it says "invalid", or cannot
compile, jsonschema decides.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import fastjsonschema

Check = Callable[[Any], Any]

_PLAIN = frozenset(
    (  # noqa: SIM905 - a word list reads better as prose
        "type minimum maximum exclusiveMinimum exclusiveMaximum minLength maxLength minItems maxItems "
        "multipleOf required description title default examples $comment minProperties "
        "maxProperties deprecated readOnly writeOnly x-minimum-necessary"
    ).split()
)
_COMBINED = frozenset(["anyOf", "oneOf", "allOf"])
_MAX_NODES = 2_000  # a schema larger than this is checked by jsonschema alone


def compile_check(schema: Mapping[str, Any]) -> Check | None:
    """A callable that raises when `args` may be invalid, or None when `schema` is not simple.
    `format` is left out of the compiled copy: the jsonschema validator does not check formats
    either, and fastjsonschema's format patterns could backtrack."""
    budget = [_MAX_NODES]
    plain = _plain_copy(schema, budget)
    if plain is None:
        return None
    try:
        return fastjsonschema.compile(plain, use_default=False, detailed_exceptions=False)
    except Exception:  # noqa: BLE001 - a schema it cannot compile is checked by jsonschema alone
        return None


def _plain_copy(schema: Any, budget: list[int]) -> dict[str, Any] | None:
    """`schema` without `format`, when every keyword in it is simple; else None."""
    budget[0] -= 1
    if budget[0] < 0 or not isinstance(schema, Mapping):
        return None
    out: dict[str, Any] = {}
    for key, value in schema.items():
        if key == "format":
            continue
        if key in _PLAIN:
            if key.startswith("exclusive") and (isinstance(value, bool) or not isinstance(value, int | float)):
                return None  # draft 4's boolean form means something else
            out[key] = value
        elif key in ("enum", "const"):
            values = value if key == "enum" and isinstance(value, list) else [value]
            if not all(isinstance(v, str) or v is None for v in values):
                return None
            out[key] = value
        elif key == "properties":
            if not isinstance(value, Mapping):
                return None
            children = {name: _plain_copy(child, budget) for name, child in value.items()}
            if any(child is None for child in children.values()):
                return None
            out[key] = children
        elif key in ("items", "not") or (key == "additionalProperties" and not isinstance(value, bool)):
            child = _plain_copy(value, budget)
            if child is None:
                return None
            out[key] = child
        elif key == "additionalProperties":
            out[key] = value
        elif key in _COMBINED:
            if not isinstance(value, list):
                return None
            children = [_plain_copy(child, budget) for child in value]
            if any(child is None for child in children):
                return None
            out[key] = children
        else:
            return None
    return out
