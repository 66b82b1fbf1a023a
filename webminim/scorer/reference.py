"""The torch scorer: the trained ScorerNet (torch-geometric GATv2) run as it was trained.
It is the reference that the ONNX Runtime scorer is checked against, and what training and
`webminim eval --runtime torch` use."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import torch

from extractors.tree import UITree
from webminim.embedder import Embedder
from webminim.errors import ScorerError
from webminim.features import build_graph
from webminim.scorer.checkpoint import default_checkpoint, embedder_for, load
from webminim.scorer.inputs import batched
from webminim.scorer.model import ScorerNet, expected_score
from webminim.scores import MAX_NODES, Scores, check_request, split_scores


class Scorer:
    """Scores trees for tasks with a trained ScorerNet and the MiniLM embedder."""

    runtime = "torch"

    def __init__(
        self, model: ScorerNet, card: dict[str, Any], embedder: Embedder, *, max_nodes: int = MAX_NODES
    ) -> None:
        self.model = model
        self.card = card
        self.embedder = embedder
        self.max_nodes = max_nodes

    @classmethod
    def load(cls, path: Path | None = None, *, embedder: Embedder | None = None) -> Scorer:
        checkpoint = path or default_checkpoint()
        model, card = load(checkpoint)
        return cls(model, card, embedder_for(card, checkpoint, embedder, "torch"))

    def score(self, tree: UITree, task: str) -> Scores:
        return self.score_many(tree, [task])[0]

    @torch.no_grad()
    def score_many(self, tree: UITree, tasks: Sequence[str]) -> list[Scores]:
        """Scores for several tasks on one tree: the tree is embedded once."""
        check_request(tree, tasks, self.max_nodes)
        try:
            graph = build_graph(tree, self.embedder)
            b = batched(graph, tasks, self.embedder.embed(list(tasks)))
            t = {name: torch.from_numpy(getattr(b, name)) for name in ("x", "task", "feats", "edges", "batch")}
            s_logits, n_logits = self.model(t["x"], t["task"], t["feats"], t["edges"], t["batch"])
            s_hat, n_hat = expected_score(s_logits).numpy(), expected_score(n_logits).numpy()
        except ScorerError:
            raise
        except Exception as exc:  # noqa: BLE001 - any failure means no trustworthy scores
            raise ScorerError(f"scoring failed: {type(exc).__name__}: {exc}") from exc
        return split_scores(s_hat, n_hat, b.size, len(tasks))
