"""`per_text`: remember a pure function of short strings, bounded.

A page's text repeats from one agent step to the next (as its embeddings do), and a tool's
field keys from one call to the next, so the per-node and per-field work on them is mostly
answered already. Only short strings are remembered (a long paragraph is rare and would hold
memory for nothing), and only so many: the memory stays bounded over a long session.
"""

from __future__ import annotations

import importlib
import inspect
import weakref
from collections.abc import Callable
from contextlib import suppress
from functools import wraps
from typing import Any, TypeVar

T = TypeVar("T")
Fn = Callable[..., T]

MAX_CHARS = 1000  # longer text is computed afresh every time
MAX_TEXTS = 1 << 15
# every live memory, for forget_all: an entry goes with its memory (a dropped scorer's, say)
_MEMORIES: weakref.WeakValueDictionary[int, Memory] = weakref.WeakValueDictionary()


class Memory(dict):
    """A bounded dict that lets its oldest entry go when full (first in, first out) and is
    emptied by `forget_all`: what every memo here keeps, and a memory filled another way (the
    static encoder's word pieces, tokenized a batch at a time)."""

    __slots__ = ("size", "__weakref__")

    def __init__(self, size: int) -> None:
        super().__init__()
        self.size = size
        _MEMORIES[id(self)] = self

    def keep(self, key: Any, value: Any) -> None:
        if len(self) >= self.size:
            with suppress(StopIteration, RuntimeError, KeyError):  # another thread emptied or changed it
                del self[next(iter(self))]
        self[key] = value


class _Memory(Memory):
    """text -> fn(text) for one function of one string. The memo *is* this dict's own
    look-up: a text seen before is answered by one dict access in C, no Python frame (a
    page's warm step asks ~10,000 of them); `__missing__` computes the rest."""

    __slots__ = ("fn", "longest")

    def __init__(self, fn: Callable[[str], Any], longest: int, size: int) -> None:
        super().__init__(size)
        self.fn, self.longest = fn, longest

    def __reduce__(self) -> tuple[Callable[[str, str], _Memory], tuple[str, str]]:
        """By reference, as a function is pickled: the memo of the same name where it is read back."""
        return _named_memory, (self.fn.__module__, self.fn.__qualname__)

    def __missing__(self, text: str) -> Any:
        value = self.fn(text)
        if len(text) <= self.longest:
            self.keep(text, value)
        return value


class _Memories(_Memory):
    """(text, ...) -> fn(text, ...) for one function of several strings: `_Memory` keyed by
    the arguments' tuple. A hit is one dict access; the length test runs on a miss only
    (only short texts are kept)."""

    __slots__ = ()

    def __missing__(self, texts: tuple[str, ...]) -> Any:  # type: ignore[override]
        value = self.fn(*texts)
        if all(len(t) <= self.longest for t in texts):
            self.keep(texts, value)
        return value


def _named_memory(module: str, name: str) -> _Memory:
    memory = getattr(importlib.import_module(module), name).__self__
    if not isinstance(memory, _Memory):
        raise TypeError(f"{module}.{name} is not a per_text memo")
    return memory


def per_text(
    fn: Fn | None = None, *, maxsize: int | None = None, longest: int | None = None
) -> Fn | Callable[[Fn], Fn]:
    """`fn` (of one or more strings) remembered when every argument has at most `longest`
    characters (MAX_CHARS), for `maxsize` (MAX_TEXTS) texts. `@per_text` or
    `@per_text(maxsize=..., longest=...)`. `fn` must be pure and return an immutable value
    (it is shared by every caller). `forget(memo)` empties one memo, `forget_all()` all."""

    def wrap(fn: Fn) -> Fn:
        limit = MAX_CHARS if longest is None else longest
        size = MAX_TEXTS if maxsize is None else maxsize
        if _one_argument(fn):  # the common case: the memory's own look-up is the function
            return _Memory(fn, limit, size).__getitem__
        memories = _Memories(fn, limit, size)
        look_up = memories.__getitem__

        @wraps(fn)
        def memo(*texts: str) -> T:
            return look_up(texts)

        memo.cache_clear = memories.clear  # type: ignore[attr-defined]
        return memo

    return wrap if fn is None else wrap(fn)


def forget(memo: Callable[..., Any]) -> None:
    """Empty one memo made by `per_text`."""
    owner = getattr(memo, "__self__", None)
    (owner.clear if isinstance(owner, _Memory) else memo.cache_clear)()  # type: ignore[attr-defined]


def forget_all() -> None:
    """Empty every memo: the next page is computed as if none had been seen (benchmarks of a
    first visit)."""
    for memory in list(_MEMORIES.values()):
        memory.clear()


def _one_argument(fn: Fn) -> bool:
    parameters = list(inspect.signature(fn).parameters.values())
    return len(parameters) == 1 and parameters[0].kind in (
        parameters[0].POSITIONAL_ONLY,
        parameters[0].POSITIONAL_OR_KEYWORD,
    )
