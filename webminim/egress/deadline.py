"""The per-call time budget, checkable from anywhere inside one minimization.

`ToolMinimizer.minimize()` opens `within(budget_ms)`; decoders, detectors and validators
call `check()` inside their loops, so a slow stage stops at the deadline instead of only
after it returns. A context variable (not a global) keeps concurrent calls apart.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from webminim.errors import EgressError

# Seconds the cyclic garbage collector has paused this process, and when the running one
# started. A full collection walks every object the process holds (a benchmark with Presidio
# and Faker loaded: up to 240 ms), which is no part of checking the call it happens to land
# in: the budget's clock stops while it runs, so a benign call is not held back for it.
_GC = {"paused": 0.0, "since": 0.0}


def _on_collection(phase: str, info: dict[str, Any]) -> None:
    if phase == "start":
        _GC["since"] = time.perf_counter()
    else:
        _GC["paused"] += time.perf_counter() - _GC["since"]


gc.callbacks.append(_on_collection)


def clock() -> float:
    """Seconds, like `time.perf_counter`, less the garbage collector's pauses: what budgets read."""
    return time.perf_counter() - _GC["paused"]


# (absolute perf_counter deadline, the budget it came from, for the message)
_DEADLINE: ContextVar[tuple[float, float] | None] = ContextVar("webminim_egress_deadline", default=None)


class EgressTimeout(EgressError):
    """Classification ran past its time budget; the call must not go out unexamined."""


@contextmanager
def within(budget_ms: float) -> Iterator[None]:
    """Run the body under a deadline `budget_ms` from now (an enclosing, earlier one wins)."""
    deadline = clock() + budget_ms / 1000
    outer = _DEADLINE.get()
    if outer is not None and outer[0] < deadline:
        deadline, budget_ms = outer
    token = _DEADLINE.set((deadline, budget_ms))
    try:
        yield
    finally:
        _DEADLINE.reset(token)


def check() -> None:
    """Raise EgressTimeout when the current call's deadline has passed (no-op outside one)."""
    current = _DEADLINE.get()
    if current is not None and clock() > current[0]:
        raise EgressTimeout(f"checking the call exceeded its {current[1]:g} ms budget; the call is held back")


def remaining_s() -> float | None:
    """Seconds left before the deadline (None outside a call)."""
    current = _DEADLINE.get()
    return None if current is None else max(0.0, current[0] - clock())
