"""The scorer on ONNX Runtime: the same network and MiniLM as the torch reference, exported
once, run without torch, torch-geometric or transformers in the process (a CLI call starts
in a fraction of the time, an agent process holds less memory). Scores equal the
reference's within 1e-4 on a 0–10 scale (tests/test_onnx_runtime.py)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from extractors.tree import UITree
from webminim.embedder import Embedder, onnx_session
from webminim.errors import ScorerError
from webminim.features import build_graph
from webminim.scorer.checkpoint import card, default_checkpoint
from webminim.scorer.export import scorer_graph
from webminim.scorer.inputs import batched, with_self_loops
from webminim.scores import MAX_NODES, Scores, check_request, split_scores


class OnnxScorer:
    runtime = "onnx"

    def __init__(self, session: Any, card: dict[str, Any], embedder: Embedder, *, max_nodes: int = MAX_NODES) -> None:
        self.session = session
        self.card = card
        self.embedder = embedder
        self.max_nodes = max_nodes

    @classmethod
    def load(cls, path: Path | None = None, *, embedder: Embedder | None = None) -> OnnxScorer:
        checkpoint = path or default_checkpoint()
        info = card(checkpoint)  # a checkpoint that is not ours fails here, before any export
        graph = scorer_graph(checkpoint)
        try:
            session = onnx_session(graph)
        except Exception as exc:  # noqa: BLE001 - no session, no scores: fail closed
            raise ScorerError(
                f"cannot load the ONNX scorer {graph} (delete it to export again): "
                f"{type(exc).__name__}: {str(exc).strip().splitlines()[0] if str(exc).strip() else ''}"
            ) from exc
        return cls(session, info, embedder or Embedder(runtime="onnx"))

    def score(self, tree: UITree, task: str) -> Scores:
        return self.score_many(tree, [task])[0]

    def score_many(self, tree: UITree, tasks: Sequence[str]) -> list[Scores]:
        """Scores for several tasks on one tree: the tree is embedded once."""
        check_request(tree, tasks, self.max_nodes)
        try:
            graph = build_graph(tree, self.embedder)
            b = batched(graph, tasks, self.embedder.embed(list(tasks)))
            feed = {
                "x": b.x,
                "task": b.task,
                "feats": b.feats,
                "edges": with_self_loops(b.edges, len(b.x)),
                "batch": b.batch,
            }
            s_hat, n_hat = self.session.run(None, feed)
        except ScorerError:
            raise
        except Exception as exc:  # noqa: BLE001 - any failure means no trustworthy scores
            raise ScorerError(f"scoring failed: {type(exc).__name__}: {exc}") from exc
        return split_scores(s_hat, n_hat, b.size, len(tasks))
