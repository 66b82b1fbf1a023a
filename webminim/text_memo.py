"""`per_text`: remember a pure function of short text, bounded.

A page's text repeats from one agent step to the next (as its embeddings do), so the per-node
text work of a step (patterns, words, code scans) is mostly answered already. Only short
text is remembered (a long paragraph is rare and would hold memory for nothing), and only so
many texts: the memory stays bounded over a long session.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache, wraps
from typing import TypeVar

T = TypeVar("T")

MAX_CHARS = 1000  # longer text is computed afresh every time
MAX_TEXTS = 1 << 15


def per_text(fn: Callable[[str], T]) -> Callable[[str], T]:
    """`fn` remembered for texts of at most MAX_CHARS characters (LRU, MAX_TEXTS of them).
    `fn` must be pure and return an immutable value (it is shared by every caller)."""
    remembered = lru_cache(maxsize=MAX_TEXTS)(fn)

    @wraps(fn)
    def memo(text: str) -> T:
        return remembered(text) if len(text) <= MAX_CHARS else fn(text)

    memo.cache_clear = remembered.cache_clear  # type: ignore[attr-defined]
    return memo
