"""`per_text`: remember a pure function of short strings, bounded.

A page's text repeats from one agent step to the next (as its embeddings do), and a tool's
field keys from one call to the next, so the per-node and per-field work on them is mostly
answered already. Only short strings are remembered (a long paragraph is rare and would hold
memory for nothing), and only so many: the memory stays bounded over a long session.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from functools import lru_cache, wraps
from typing import TypeVar

T = TypeVar("T")
Fn = Callable[..., T]

MAX_CHARS = 1000  # longer text is computed afresh every time
MAX_TEXTS = 1 << 15
_MEMORIES: list[Callable[[], None]] = []  # every memo's cache_clear, for forget_all


def per_text(
    fn: Fn | None = None, *, maxsize: int | None = None, longest: int | None = None
) -> Fn | Callable[[Fn], Fn]:
    """`fn` (of one or more strings) remembered when every argument has at most `longest`
    characters (MAX_CHARS), LRU, `maxsize` (MAX_TEXTS) calls. `@per_text` or
    `@per_text(maxsize=..., longest=...)`. `fn` must be pure and return an immutable value
    (it is shared by every caller)."""

    def wrap(fn: Fn) -> Fn:
        limit = MAX_CHARS if longest is None else longest
        remembered = lru_cache(maxsize=MAX_TEXTS if maxsize is None else maxsize)(fn)

        if _one_argument(fn):  # the common case, without packing and a generator per call

            @wraps(fn)
            def memo(text: str) -> T:
                return remembered(text) if len(text) <= limit else fn(text)

        else:

            @wraps(fn)
            def memo(*texts: str) -> T:
                return remembered(*texts) if all(len(t) <= limit for t in texts) else fn(*texts)

        memo.cache_clear = remembered.cache_clear  # type: ignore[attr-defined]
        _MEMORIES.append(remembered.cache_clear)
        return memo

    return wrap if fn is None else wrap(fn)


def forget_all() -> None:
    """Empty every memo: the next page is computed as if none had been seen (benchmarks of a
    first visit)."""
    for clear in _MEMORIES:
        clear()


def _one_argument(fn: Fn) -> bool:
    parameters = list(inspect.signature(fn).parameters.values())
    return len(parameters) == 1 and parameters[0].kind in (
        parameters[0].POSITIONAL_ONLY,
        parameters[0].POSITIONAL_OR_KEYWORD,
    )
