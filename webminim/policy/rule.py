"""A rule of the safety net, and the decisions it works on while the engine runs the rules.

A rule is a small class with a name (what `--rules -NAME` turns off), the reasons it records,
and one `apply`: it raises removed nodes (`lift`), abstracts (`abstract`) or lowers (`lower`)
decisions of the `Draft`, and every node it moves records that rule's reason. The engine runs
the rules in one pinned order (`webminim.policy.engine.RULES`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np

from webminim.decisions import A, K, R
from webminim.thresholds import Thresholds

if TYPE_CHECKING:
    from webminim.policy.context import PageContext, PolicyContext


@dataclass(slots=True, eq=False)
class Draft:
    """The decisions while the rules run: per node R / A / K, and why a rule moved it."""

    s_hat: np.ndarray
    n_hat: np.ndarray
    thresholds: Thresholds
    context: PolicyContext | None
    controls: np.ndarray  # `controls_of`: the control a text is inside, or -1
    actions: np.ndarray
    reasons: dict[int, str] = field(default_factory=dict)  # raised (and abstracted) by a rule
    lowered: dict[int, str] = field(default_factory=dict)  # kept apart: rules read `reasons` as what was raised
    _memo: dict[str, Any] = field(default_factory=dict)

    @property
    def page(self) -> PageContext:
        assert self.context is not None  # only rules that need no context run without one
        return self.context.page

    @property
    def raised(self) -> np.ndarray:
        """What a raised node becomes: its raw text only when ŝ says it is harmless."""
        return self.memo("raised", lambda: np.where(self.s_hat >= self.thresholds.tau_sens, A, K).astype(np.int8))

    @property
    def always_a(self) -> np.ndarray:
        """Raised to A whatever ŝ says: text the agent reads through placeholders."""
        return self.memo("always_a", lambda: np.full(len(self.actions), A, dtype=np.int8))

    def memo(self, key: str, compute: Callable[[], Any]) -> Any:
        """A value several rules share (the rows the task acts on), computed when first asked."""
        if key not in self._memo:
            self._memo[key] = compute()
        return self._memo[key]

    def lift(self, mask: np.ndarray, why: str, to: np.ndarray | None = None) -> None:
        """Raise the removed nodes of `mask` to `to` (default: `raised`)."""
        target = self.raised if to is None else to
        for i in np.flatnonzero(mask & (self.actions == R)):
            self.actions[i] = target[i]
            self.reasons[int(i)] = why

    def abstract(self, mask: np.ndarray, why: str) -> None:
        """Never shown raw, whether the model removed the node or kept it."""
        for i in np.flatnonzero(mask & (self.actions != A)):
            self.actions[i] = A
            self.reasons[int(i)] = why

    def lower(self, mask: np.ndarray, to: int, why: str) -> None:
        for i in np.flatnonzero(mask):
            self.actions[i] = to
            self.lowered[int(i)] = why


class Rule:
    """One rule: `name`, the reasons it records (`why`), and `apply`."""

    name: ClassVar[str]
    why: ClassVar[tuple[str, ...]]
    # part of the policy itself, not of the net: runs with only `controls_of`, and is never turned off
    base: ClassVar[bool] = False

    def applies(self, draft: Draft) -> bool:
        """Whether the task calls for this rule at all (a code, a read, a search)."""
        return True

    def apply(self, draft: Draft) -> None:
        raise NotImplementedError
