"""Why each raw node is shown the way it is: a `Decision` per node, written out when read.

A view records what decided each node (its action and scores, and the few nodes a safety net,
the task or the secret guard raised); the `Decisions` mapping turns that into one `Decision`
per node on its first read. An audit log, a report or a leakage budget reads them; an
agent's plain `observe()` sends the view's text only, and a warm step on a 1,000-node page
no longer formats a thousand reasons it throws away.
"""

from __future__ import annotations

from collections.abc import ItemsView, Iterator, Mapping, Sequence, ValuesView
from dataclasses import dataclass, field
from typing import Literal

R, A, K = 0, 1, 2  # Remove, Abstract, Keep: a node's action in every array of decisions
Action = Literal["K", "A", "R"]
ACTION_NAMES: dict[int, Action] = {K: "K", A: "A", R: "R"}
# what an abstracted node sends, in tokens (Minim §5.2's tok_post): its placeholder's length or
# this share of its own tokens, whichever is more
TOK_PH = 6.0
P_ABS = 0.05


@dataclass(frozen=True, slots=True)
class Decision:
    """Why a node is shown the way it is: an auditable value object (no raw text)."""

    node_id: str
    action: Action
    s: float
    n: float
    reason: str


@dataclass(frozen=True, slots=True)
class Grounds:
    """What a view recorded beyond each node's action and scores (node indices)."""

    tau_nec: str  # the thresholds as the reasons print them (`:g`)
    tau_sens: str
    echoed: frozenset[int] = frozenset()  # shown because the task names its text
    wordless: frozenset[int] = frozenset()  # shown: no letter or digit to abstract ("*", ":")
    guarded: frozenset[int] = frozenset()  # abstracted by the secret guard
    raised: Mapping[int, str] = field(default_factory=dict)  # the policy's rules: why they raised or lowered it
    withheld: Mapping[int, tuple[str, ...]] = field(default_factory=dict)  # kept, these fields withheld
    masked: frozenset[int] = frozenset()  # kept, e-mail addresses shown as placeholders
    coded: frozenset[int] = frozenset()  # kept, codes seen in the session shown as placeholders


def reason(action: int, s: float, n: float, tau_nec: str, tau_sens: str) -> str:
    """The thresholds come formatted (`:g`): this runs for every node."""
    if action == R:
        return f"n̂ {n:.1f} < τ_nec {tau_nec}"
    if action == A:
        return f"n̂ {n:.1f} ≥ τ_nec, ŝ {s:.1f} ≥ τ_sens {tau_sens}"
    return f"n̂ {n:.1f} ≥ τ_nec, ŝ {s:.1f} < τ_sens {tau_sens}"


class Decisions(Mapping[str, Decision]):
    """Raw node id -> `Decision`, in document order, built on the first read."""

    __slots__ = ("_ids", "_actions", "_s", "_n", "_grounds", "_built")

    def __init__(
        self, ids: Sequence[str], actions: Sequence[int], s: Sequence[float], n: Sequence[float], grounds: Grounds
    ) -> None:
        self._ids, self._actions, self._s, self._n, self._grounds = ids, actions, s, n, grounds
        self._built: dict[str, Decision] | None = None

    def _table(self) -> dict[str, Decision]:
        if self._built is None:
            g, out = self._grounds, {}
            for i, node_id in enumerate(self._ids):
                action, s, n = self._actions[i], self._s[i], self._n[i]
                if i in g.echoed:
                    why = "named by the task"
                elif i in g.wordless:
                    why = "shown: no letter or digit to abstract"
                elif i in g.guarded and action == A:
                    why = "kept by the policy; abstracted because its text holds a secret"
                elif i in g.raised:
                    why = f"{g.raised[i]} (n̂ {n:.1f}, ŝ {s:.1f})"
                else:
                    why = reason(action, s, n, g.tau_nec, g.tau_sens)
                if action == K and i in g.withheld:
                    why += f"; its {', '.join(g.withheld[i])} withheld: holds a secret"
                if action == K and i in g.masked:
                    why += "; e-mail addresses shown as placeholders"
                if action == K and i in g.coded:
                    why += "; a code seen before shown as its placeholder"
                out[node_id] = Decision(node_id, ACTION_NAMES[action], s, n, why)
            self._built = out
        return self._built

    def __getitem__(self, node_id: str) -> Decision:
        return self._table()[node_id]

    def __iter__(self) -> Iterator[str]:
        return iter(self._table())

    def __len__(self) -> int:
        return len(self._ids)

    def items(self) -> ItemsView[str, Decision]:
        return self._table().items()

    def values(self) -> ValuesView[Decision]:
        return self._table().values()

    def __repr__(self) -> str:
        return f"Decisions({self._table()!r})"
