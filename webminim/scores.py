"""What every scorer returns and what Minim needs of one, without loading torch.

The local GATv2 scorer (`webminim.scorer.Scorer`), the prompted-LLM baseline
(`webminim.scorer.llm.LLMScorer`) and a client of a running broker
(`webminim.broker.BrokerScorer`) all give `Scores`; an agent that only talks to a broker
never imports torch.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

import numpy as np

from extractors.tree import UITree
from webminim.errors import ScorerError

MAX_NODES = 20_000  # beyond this, scoring would stall the agent for minutes: refuse instead


@dataclass(frozen=True, slots=True)
class Scores:
    s: np.ndarray  # sensitivity ŝ in [0, 10], document order
    n: np.ndarray  # task-conditioned necessity n̂ in [0, 10]


class TreeScorer(Protocol):
    """What Minim and `webminim eval` need of a scorer."""

    max_nodes: int

    def score(self, tree: UITree, task: str) -> Scores: ...

    def score_many(self, tree: UITree, tasks: Sequence[str]) -> list[Scores]: ...


def check_request(tree: UITree, tasks: Sequence[str], max_nodes: int) -> None:
    """What every scorer refuses before any work: no task, or a page too large to score in time."""
    if not tasks or any(not isinstance(t, str) or not t.strip() for t in tasks):
        raise ScorerError("a task must be a non-empty text")
    if len(tree) > max_nodes:
        raise ScorerError(
            f"page has {len(tree):,} accessibility nodes, more than the {max_nodes:,} webminim scores; "
            "nothing is sent (raise the scorer's max_nodes to allow larger pages)"
        )


def split_scores(s_hat: np.ndarray, n_hat: np.ndarray, size: int, count: int) -> list[Scores]:
    """One Scores per task from a batched pass (task k's nodes at rows k·size…), after the
    check every local scorer makes: finite scores or none at all."""
    if not (np.isfinite(s_hat).all() and np.isfinite(n_hat).all()):
        raise ScorerError("scoring produced non-finite scores")
    return [Scores(s_hat[k * size : (k + 1) * size], n_hat[k * size : (k + 1) * size]) for k in range(count)]
