"""The local scoring model: per-node sensitivity ŝ and task-conditioned necessity n̂.

    scorer = load_scorer()                    # the checkpoint shipped with the package
    scores = scorer.score(tree, "Add the toaster to my cart")
    scores.s, scores.n                        # float32 arrays in [0, 10], document order

Two runtimes run the same trained network: "onnx" (the default where ONNX Runtime is
installed: MiniLM on ONNX Runtime, the GATv2 network in numpy, no torch in the process) and
torch (the reference; training and `--runtime torch`).
WEBMINIM_RUNTIME=torch|onnx chooses. Every failure is a ScorerError: the caller must then
send nothing (fail closed).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from webminim.embedder import RUNTIMES, Embedder, default_runtime
from webminim.errors import ScorerError
from webminim.scorer.checkpoint import default_checkpoint
from webminim.scores import MAX_NODES, Scores, TreeScorer

if TYPE_CHECKING:
    from webminim.scorer.reference import Scorer

__all__ = ["MAX_NODES", "RUNTIMES", "Scorer", "Scores", "TreeScorer", "default_checkpoint", "load", "load_scorer"]


def load_scorer(path: Path | None = None, *, embedder: Embedder | None = None, runtime: str | None = None) -> Any:
    """The scorer for `path` (default: the shipped checkpoint) on `runtime` (default: the
    embedder's, else WEBMINIM_RUNTIME, else ONNX Runtime where installed)."""
    chosen = runtime or (embedder.runtime if embedder is not None else default_runtime())
    if chosen not in RUNTIMES:
        raise ScorerError(f"unknown runtime {chosen!r}: expected one of {', '.join(RUNTIMES)}")
    if chosen == "onnx":
        from webminim.scorer.runtime import OnnxScorer

        return OnnxScorer.load(path, embedder=embedder)
    from webminim.scorer.reference import Scorer

    return Scorer.load(path, embedder=embedder)


def __getattr__(name: str) -> Any:  # torch loads only for the names that need it
    if name == "Scorer":
        from webminim.scorer.reference import Scorer

        return Scorer
    if name == "load":
        from webminim.scorer.checkpoint import load

        return load
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
