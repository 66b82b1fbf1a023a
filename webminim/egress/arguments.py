"""Tool-call arguments as the minimizer reads them: JSON text or a Python value in, a copy made
only of JSON values out, within the size and depth caps (a refused value is an EgressError, never
a value passed unscanned)."""

from __future__ import annotations

import json
from typing import Any

from webminim.egress import paths
from webminim.egress.classifier import MAX_DEPTH, MAX_LEAVES
from webminim.errors import EgressError

MAX_ARGUMENT_BYTES = 4 * 1024 * 1024  # of JSON text, or of the strings and keys of a Python value
MAX_NODES = 5 * MAX_LEAVES  # values of any kind (null, true, [], {} count too)


def parse_arguments(args: Any) -> Any:
    if isinstance(args, str | bytes | bytearray):
        if len(args) > MAX_ARGUMENT_BYTES:
            raise EgressError(f"arguments are larger than {MAX_ARGUMENT_BYTES // (1024 * 1024)} MiB")
        try:
            args = json.loads(args)
        except RecursionError:
            raise EgressError(f"arguments are nested deeper than {MAX_DEPTH} levels") from None
        except ValueError as exc:  # JSONDecodeError, UnicodeDecodeError, an integer of 4,300+ digits
            raise EgressError(f"arguments are not valid JSON: {first_line(exc)[:80]}") from None
    if not isinstance(args, dict):
        raise EgressError("tool arguments must be a JSON object")
    return _plain(args)


def _plain(args: dict[str, Any]) -> dict[str, Any]:
    """A copy of `args` made only of JSON values, iteratively, within the depth and size caps.

    Tuples become lists (JSON has one array type); anything the detectors cannot read —
    bytes, sets, objects, non-string keys, integers too long to print — is refused, since
    it would otherwise pass unscanned."""
    root: dict[str, Any] = {}
    stack: list[tuple[Any, Any, str, int]] = [(args, root, paths.ROOT, 0)]
    size = nodes = 0
    while stack:
        source, target, pointer, depth = stack.pop()
        if depth >= MAX_DEPTH:
            raise EgressError(f"arguments are nested deeper than {MAX_DEPTH} levels")
        if isinstance(source, dict):
            members: list[tuple[str | int, Any]] = []
            for key, value in source.items():
                if not isinstance(key, str):
                    where = pointer or "the top level"
                    raise EgressError(f"object key {key!r} at {where} is not a string; JSON keys are strings")
                size += len(key)
                members.append((key, value))
        else:
            members = list(enumerate(source))
        for slot, value in members:
            nodes += 1
            if nodes > MAX_NODES:
                raise EgressError(f"arguments have more than {MAX_NODES:,} values")
            here = paths.child(pointer, slot)
            if isinstance(value, dict):
                copied: Any = {}
                stack.append((value, copied, here, depth + 1))
            elif isinstance(value, list | tuple):
                copied = []
                stack.append((value, copied, here, depth + 1))
            else:
                copied = _scalar(value, here)
                size += len(copied) if isinstance(copied, str) else 0
            if size > MAX_ARGUMENT_BYTES:
                raise EgressError(f"arguments are larger than {MAX_ARGUMENT_BYTES // (1024 * 1024)} MiB")
            if isinstance(target, dict):
                target[slot] = copied
            else:
                target.append(copied)
    return root


def _scalar(value: Any, pointer: str) -> Any:
    if value is None or isinstance(value, bool | str | float):
        return value
    if isinstance(value, int):
        try:
            str(value)  # Python refuses to print integers of more than 4,300 digits
        except ValueError:
            raise EgressError(f"the integer at {pointer} is too long to check; send it as a string") from None
        return value
    if isinstance(value, bytes | bytearray | memoryview):
        raise EgressError(f"the value at {pointer} is bytes; decode it to text (or base64) before the call")
    raise EgressError(f"the value at {pointer} is a {type(value).__name__}, not a JSON value")


def first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return (text.splitlines()[0] if text else "")[:160]
