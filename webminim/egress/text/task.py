"""A task split into its instruction and the material attached to it.

Real agent tasks carry their data: "Submit a comment to this merge request based on the
relevant part of the conversation below: <a chat log>". What the user asks is the
instruction; the log is material, a source of data and never evidence that data is needed
(a word of a private sentence does not become needed because the log holds it too).

Material is: an explicit `context=`; a fenced block; quoted lines ("> …"); what follows a
colon that ends a line, or a colon followed by a long passage; a long quotation; the lines
of a transcript ("Dana: …", "[10:02] Sam: …", two or more). The rest is the instruction.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

LONG = 15  # words: a passage after a colon or inside quotes this long is material, not wording
_FENCE = re.compile(r"```.*?(?:```|\Z)|~~~.*?(?:~~~|\Z)", re.S)
_QUOTED_LINE = re.compile(r"^[ \t]*>.*$", re.M)
_SPEAKER_LINE = re.compile(r"^[ \t]*(?:\[[^\]\n]{1,20}\][ \t]*)?[A-Z][\w .'-]{0,30}:[ \t]+\S.*$", re.M)
_COLON_BLOCK = re.compile(r":[ \t]*\r?\n")
_COLON_INLINE = re.compile(r":\s+")
_QUOTATION = re.compile(r"[\"“]([^\"”\n]{20,})[\"”]")


@dataclass(frozen=True, slots=True)
class Task:
    """The user's instruction and the material that came with it (both plain text)."""

    instruction: str
    material: tuple[str, ...] = ()

    @property
    def material_text(self) -> str:
        return "\n".join(self.material)


def _words(text: str) -> int:
    return len(text.split())


def split_task(task: str, context: str | Sequence[str] = ()) -> Task:
    """Split `task` into instruction and material; `context` is material as given."""
    material: list[str] = [context] if isinstance(context, str) else list(context)
    material = [m for m in material if m.strip()]
    text = task or ""
    cut: list[tuple[int, int]] = [m.span() for m in _FENCE.finditer(text)]
    cut += [m.span() for m in _QUOTED_LINE.finditer(text)]
    speakers = [m.span() for m in _SPEAKER_LINE.finditer(text)]
    if len(speakers) >= 2:
        cut += speakers
    block = _COLON_BLOCK.search(text)
    if block is not None and text[block.end() :].strip():
        cut.append((block.end(), len(text)))  # "... the conversation below:\n<log>"
    else:
        for m in _COLON_INLINE.finditer(text):
            rest = text[m.end() :]
            if _words(rest) >= LONG and _words(text[: m.start()]) >= 2:
                cut.append((m.end(), len(text)))  # "... based on this thread: <a long passage>"
                break
    cut += [m.span(1) for m in _QUOTATION.finditer(text) if _words(m.group(1)) >= LONG]
    if not cut:
        return Task(text.strip(), tuple(material))
    merged: list[list[int]] = []
    for start, end in sorted(cut):
        if merged and start <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])
    instruction, last = [], 0
    for start, end in merged:
        instruction.append(text[last:start])
        material.append(text[start:end].strip())
        last = end
    instruction.append(text[last:])
    return Task(" ".join(" ".join(instruction).split()), tuple(m for m in material if m))
