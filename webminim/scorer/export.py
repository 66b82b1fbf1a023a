"""ONNX exports of the scorer's two models, made with torch once and run without it.

    python -m webminim.scorer.export [CHECKPOINT]    # export now (./dev runs it at set-up)

The GATv2 network is exported with its self loops taken out of the graph (GATv2Conv adds
them with shape-dependent masks that the TorchScript exporter fixes to the example's size);
`webminim.scorer.inputs.with_self_loops` adds them to the edges before ONNX Runtime runs it,
exactly as GATv2Conv does. Checked against the torch model in tests/test_onnx_runtime.py.
"""

from __future__ import annotations

import copy
import sys
from pathlib import Path

from webminim import onnx_files
from webminim.embedder import minilm_graph
from webminim.errors import WebminimError
from webminim.features import NODE_DIM, TASK_DIM
from webminim.scorer.checkpoint import default_checkpoint


def export_scorer(checkpoint: Path, out: Path) -> None:
    import torch

    from webminim.scorer.checkpoint import load
    from webminim.scorer.model import expected_score

    model, _ = load(checkpoint)
    model = copy.deepcopy(model)
    for conv in model.convs:
        conv.add_self_loops = False  # the caller's edges hold them (inputs.with_self_loops)

    class Expected(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.model = model

        def forward(self, x, task, feats, edges, batch):  # noqa: ANN001, ANN202 - traced, not called
            s_logits, n_logits = self.model(x, task, feats, edges, batch)
            return expected_score(s_logits), expected_score(n_logits)

    nodes = 6
    example = (
        torch.zeros(nodes, NODE_DIM),
        torch.zeros(1, 384),
        torch.zeros(nodes, TASK_DIM),
        torch.tensor([[0, 1, 1, 2, 3, 4, 5], [1, 0, 2, 1, 3, 4, 5]]),
        torch.zeros(nodes, dtype=torch.long),
    )
    nodes_first = {0: "nodes"}
    axes = {"x": nodes_first, "task": {0: "tasks"}, "feats": nodes_first, "edges": {1: "edges"}, "batch": nodes_first}
    onnx_files.export_module(Expected(), example, out, list(axes), ["s", "n"], axes)


def scorer_graph(checkpoint: Path | None = None) -> Path:
    """The ONNX file of a checkpoint's network, exported on first use (needs torch once)."""
    path = checkpoint or default_checkpoint()
    key = onnx_files.key_of([path.read_bytes()]) if path.is_file() else "missing"
    return onnx_files.ensure("scorer", key, lambda out: export_scorer(path, out))


def main(argv: list[str]) -> int:
    checkpoint = Path(argv[0]) if argv else None
    try:
        print(f"webminim: ONNX MiniLM at {minilm_graph()}", file=sys.stderr)
        print(f"webminim: ONNX scorer at {scorer_graph(checkpoint)}", file=sys.stderr)
    except WebminimError as exc:
        print(f"webminim: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
