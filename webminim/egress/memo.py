"""Memo for pure functions of a schema's short strings (field keys, member paths): they repeat
on every call to a tool. Only short keys are kept, so a key the size of a document is never
held; the cache is bounded."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache, wraps
from typing import TypeVar

T = TypeVar("T")


def remember_short(maxsize: int, longest: int = 256) -> Callable[[Callable[[str], T]], Callable[[str], T]]:
    def wrap(fn: Callable[[str], T]) -> Callable[[str], T]:
        remembered = lru_cache(maxsize=maxsize)(fn)

        @wraps(fn)
        def call(key: str) -> T:
            return remembered(key) if len(key) <= longest else fn(key)

        return call

    return wrap
