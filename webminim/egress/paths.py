"""JSON Pointers (RFC 6901) into tool arguments: how findings and rewrites name a value.

A pointer is "" (the whole document) or "/"-separated reference tokens in which "~" is
written "~0" and "/" is written "~1"; a list element is its decimal index. Dotted paths
("$.a.b[0]") were ambiguous — a key "a.b" or "b[0]" named another field — while a pointer
names exactly one value whatever characters its keys hold.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from webminim.errors import EgressError

ROOT = ""
_INDEX = re.compile(r"0|[1-9][0-9]*")

Token = str | int


def escape(token: str) -> str:
    """One reference token: "~" -> "~0" first, then "/" -> "~1" (RFC 6901 §3)."""
    return token.replace("~", "~0").replace("/", "~1")


def unescape(token: str) -> str:
    """The inverse of `escape`: "~1" -> "/" first, then "~0" -> "~" (RFC 6901 §4)."""
    return token.replace("~1", "/").replace("~0", "~")


def child(pointer: str, token: Token) -> str:
    """The pointer to member `token` (a key or a list index) of the value at `pointer`."""
    return f"{pointer}/{token}" if isinstance(token, int) else f"{pointer}/{escape(token)}"


def join(tokens: Iterable[Token]) -> str:
    out = ROOT
    for token in tokens:
        out = child(out, token)
    return out


def split(pointer: str) -> list[str]:
    """The unescaped reference tokens of `pointer` ("" -> [])."""
    if pointer == ROOT:
        return []
    if not pointer.startswith("/"):
        raise EgressError(f"not a JSON Pointer: {pointer[:60]!r} (it must be empty or start with '/')")
    return [unescape(token) for token in pointer[1:].split("/")]


def parent(pointer: str) -> str:
    return pointer[: pointer.rfind("/")] if pointer else ROOT


def last(pointer: str) -> str:
    """The unescaped last token: the key (or index) the value is stored under."""
    return unescape(pointer[pointer.rfind("/") + 1 :]) if pointer else ""


def is_within(pointer: str, ancestor: str) -> bool:
    """True when `pointer` is `ancestor` or names a value nested inside it."""
    return pointer == ancestor or pointer.startswith(ancestor + "/")


def locate(document: Any, pointer: str) -> tuple[Any, Token] | None:
    """(container, key or index) holding the value at `pointer`, or None if nothing is there."""
    tokens = split(pointer)
    if not tokens:
        return None  # the root has no container
    node = document
    for depth, token in enumerate(tokens):
        slot: Token
        if isinstance(node, Mapping):
            if token not in node:
                return None
            slot = token
        elif isinstance(node, list):
            if not _INDEX.fullmatch(token) or int(token) >= len(node):
                return None
            slot = int(token)
        else:
            return None
        if depth == len(tokens) - 1:
            return node, slot
        node = node[slot]
    return None


def sort_key(document: Any, pointer: str) -> tuple[Token, ...]:
    """`pointer`'s tokens with list indices as ints, resolved against `document`.

    Sorting pointers by this key in descending order applies edits deepest-first and list
    removals from the highest index down, so no edit moves a value another edit names.
    """
    out: list[Token] = []
    node: Any = document
    for token in split(pointer):
        if isinstance(node, list) and _INDEX.fullmatch(token):
            index = int(token)
            out.append(index)
            node = node[index] if index < len(node) else None
        else:
            out.append(token)
            node = node.get(token) if isinstance(node, Mapping) else None
    return tuple(out)
