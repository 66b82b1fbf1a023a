"""Reading a rendered WebArena-style view the way a scripted agent would."""

from __future__ import annotations


def find_line(text: str, role: str, needle: str) -> str:
    """The id of the first `role` line of `text` whose line contains `needle` (any case)."""
    for line in text.splitlines():
        if f"] {role} " in line and needle.lower() in line.lower():
            return line.strip().split("]")[0].lstrip("[")
    raise AssertionError(f"no {role} containing {needle!r} in:\n{text}")
