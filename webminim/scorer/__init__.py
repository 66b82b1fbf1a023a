"""The local scoring model: per-node sensitivity ŝ and task-conditioned necessity n̂.

    scorer = Scorer.load()                    # the checkpoint shipped with the package
    scores = scorer.score(tree, "Add the toaster to my cart")
    scores.s, scores.n                        # float32 arrays in [0, 10], document order

Every failure is a ScorerError: the caller must then send nothing (fail closed).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import torch

from extractors.tree import UITree
from webminim.embedder import Embedder
from webminim.errors import ScorerError
from webminim.features import build_graph, task_features
from webminim.scorer.checkpoint import default_checkpoint, load
from webminim.scorer.model import ScorerNet, expected_score
from webminim.scores import MAX_NODES, Scores, TreeScorer, check_request

__all__ = ["MAX_NODES", "Scorer", "Scores", "TreeScorer", "default_checkpoint", "load"]


class Scorer:
    """Scores trees for tasks with a trained ScorerNet and the MiniLM embedder."""

    def __init__(
        self, model: ScorerNet, card: dict[str, Any], embedder: Embedder, *, max_nodes: int = MAX_NODES
    ) -> None:
        self.model = model
        self.card = card
        self.embedder = embedder
        self.max_nodes = max_nodes

    @classmethod
    def load(cls, path: Path | None = None, *, embedder: Embedder | None = None) -> Scorer:
        model, card = load(path or default_checkpoint())
        return cls(model, card, embedder or Embedder())

    def score(self, tree: UITree, task: str) -> Scores:
        return self.score_many(tree, [task])[0]

    @torch.no_grad()
    def score_many(self, tree: UITree, tasks: Sequence[str]) -> list[Scores]:
        """Scores for several tasks on one tree: the tree is embedded once."""
        check_request(tree, tasks, self.max_nodes)
        try:
            graph = build_graph(tree, self.embedder)
            task_embs = self.embedder.embed(list(tasks))
            size = len(tree)
            x = torch.from_numpy(np.tile(graph.x, (len(tasks), 1)))
            feats = torch.from_numpy(
                np.concatenate([task_features(graph, t, e) for t, e in zip(tasks, task_embs, strict=True)])
            )
            edges = torch.from_numpy(np.concatenate([graph.edge_index + k * size for k in range(len(tasks))], axis=1))
            batch = torch.arange(len(tasks)).repeat_interleave(size)
            s_logits, n_logits = self.model(x, torch.from_numpy(task_embs), feats, edges, batch)
            s_hat, n_hat = expected_score(s_logits).numpy(), expected_score(n_logits).numpy()
        except ScorerError:
            raise
        except Exception as exc:  # noqa: BLE001 - any failure means no trustworthy scores
            raise ScorerError(f"scoring failed: {type(exc).__name__}: {exc}") from exc
        if not (np.isfinite(s_hat).all() and np.isfinite(n_hat).all()):
            raise ScorerError("scoring produced non-finite scores")
        return [Scores(s_hat[k * size : (k + 1) * size], n_hat[k * size : (k + 1) * size]) for k in range(len(tasks))]
