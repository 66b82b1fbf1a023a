"""The scorer without torch: MiniLM on ONNX Runtime (exported once) and the GATv2 network in
numpy and scipy.sparse read straight from the checkpoint (`webminim.scorer.numpy_net`). A
CLI call starts in a fraction of the time, an agent process holds less memory, and no
torch, torch-geometric or transformers is imported. Scores equal the torch reference's within
1e-4 on a 0–10 scale (tests/test_onnx_runtime.py). The runtime is called "onnx" after
ONNX Runtime, which runs MiniLM, the larger half of the cost."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from extractors.tree import UITree
from webminim.embedder import Embedder
from webminim.errors import ScorerError
from webminim.features import TreeGraph, build_graph
from webminim.scorer.checkpoint import card, config, default_checkpoint, embedder_for
from webminim.scorer.inputs import batched, with_self_loops
from webminim.scorer.numpy_net import NumpyNet
from webminim.scores import MAX_NODES, Scores, check_request, split_scores
from webminim.text_memo import MAX_CHARS, Memory

PROJECTED_TEXTS = 1 << 14  # texts whose projection is remembered: 16 MiB of rows at most


class OnnxScorer:
    runtime = "onnx"

    def __init__(self, net: NumpyNet, card: dict[str, Any], embedder: Embedder, *, max_nodes: int = MAX_NODES) -> None:
        self.net = net
        self.card = card
        self.embedder = embedder
        self.max_nodes = max_nodes
        # text -> the network's projection of its vector (a page's texts repeat from step to
        # step, as their vectors do); emptied by text_memo.forget_all
        self._projected = Memory(PROJECTED_TEXTS)

    @classmethod
    def load(cls, path: Path | None = None, *, embedder: Embedder | None = None) -> OnnxScorer:
        checkpoint = path or default_checkpoint()
        info = card(checkpoint)  # a checkpoint that is not ours fails here
        embedder = embedder_for(info, checkpoint, embedder, "onnx")
        return cls(NumpyNet.load(checkpoint, config(checkpoint)), info, embedder)

    def score(self, tree: UITree, task: str) -> Scores:
        return self.score_many(tree, [task])[0]

    def score_many(self, tree: UITree, tasks: Sequence[str]) -> list[Scores]:
        """Scores for several tasks on one tree: the tree is embedded once."""
        check_request(tree, tasks, self.max_nodes)
        try:
            graph = build_graph(tree, self.embedder)
            b = batched(graph, tasks, self.embedder.embed(list(tasks)))
            projected = self._projections(graph) if len(tasks) == 1 else None  # a batch tiles x
            s_hat, n_hat = self.net(b.x, b.task, b.feats, with_self_loops(b.edges, len(b.x)), b.batch, projected)
        except ScorerError:
            raise
        except Exception as exc:  # noqa: BLE001 - any failure means no trustworthy scores
            raise ScorerError(f"scoring failed: {type(exc).__name__}: {exc}") from exc
        return split_scores(s_hat, n_hat, b.size, len(tasks))

    def _projections(self, graph: TreeGraph) -> np.ndarray:
        """`NumpyNet.project_text` of every node's vector, row by row: remembered per text, the
        new ones projected in one product (a warm step multiplies only the structural columns)."""
        memory = self._projected
        rows = [memory.get(text) for text in graph.texts]
        missing = [i for i, row in enumerate(rows) if row is None]
        if missing:
            fresh = self.net.project_text(graph.emb[missing])
            fresh.flags.writeable = False  # each row is shared by every page that shows its text
            for i, row in zip(missing, fresh, strict=True):
                rows[i] = row
                if len(graph.texts[i]) <= MAX_CHARS:  # a long paragraph is rare: not worth its key
                    memory.keep(graph.texts[i], row)
        return np.concatenate(rows).reshape(len(rows), -1)
