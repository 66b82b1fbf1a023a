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
