"""`Minim`: the observation broker — a raw tree and a task in, the minimal view out.

    minim = Minim.load()
    view = minim.sanitize(tree, "Reply to Dana's email about the March invoice")
    view.text("webarena")        # exactly what may be sent to the remote model
    view.decisions["57"]         # Decision(node_id, action, s, n, reason)

Scoring failures raise ScorerError and nothing is returned: callers send nothing.
"""

from __future__ import annotations

from pathlib import Path

from extractors.tree import UITree
from webminim.embedder import Embedder
from webminim.errors import PolicyError, ScorerError
from webminim.policy import PolicyContext, Thresholds, decide_explained
from webminim.scores import TreeScorer
from webminim.vault import Vault
from webminim.view import SanitizedView, build_view


class Minim:
    """Scorer + policy + vault for one agent session."""

    def __init__(self, scorer: TreeScorer, *, thresholds: Thresholds | None = None, vault: Vault | None = None) -> None:
        self.scorer = scorer
        self.thresholds = thresholds if thresholds is not None else Thresholds()
        self.vault = vault if vault is not None else Vault()

    @classmethod
    def load(
        cls,
        path: Path | None = None,
        *,
        thresholds: Thresholds | None = None,
        embedder: Embedder | None = None,
    ) -> Minim:
        """The shipped checkpoint (or `path`), default thresholds, a fresh vault."""
        from webminim.scorer import load_scorer  # ONNX Runtime (or torch) loads here, not for a broker's client

        return cls(load_scorer(path, embedder=embedder), thresholds=thresholds)

    def with_fresh_vault(self) -> Minim:
        """The same scorer and thresholds with an empty vault: a new episode remembers nothing
        of the last one's placeholders."""
        return Minim(self.scorer, thresholds=self.thresholds)

    def sanitize(self, tree: UITree, task: str, *, thresholds: Thresholds | None = None) -> SanitizedView:
        limits = thresholds if thresholds is not None else self.thresholds
        scores = self.scorer.score(tree, task)
        try:
            actions, reasons = decide_explained(scores.s, scores.n, limits, PolicyContext.of(tree, task))
            return build_view(
                tree,
                actions,
                scores.s,
                scores.n,
                self.vault,
                tau_nec=limits.tau_nec,
                tau_sens=limits.tau_sens,
                task=task,
                reasons=reasons,
            )
        except ScorerError:
            raise
        except Exception as exc:  # noqa: BLE001 - a view we cannot build is a view we cannot send
            raise PolicyError(f"could not build the sanitized view: {type(exc).__name__}: {exc}") from exc
