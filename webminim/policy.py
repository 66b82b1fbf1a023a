"""The normative policy layer (Minim §4.3): scores -> Keep / Abstract / Remove.

    R  if n̂ < τ_nec
    A  if n̂ ≥ τ_nec and ŝ ≥ τ_sens   (and n̂ < τ_disclose, when set)
    K  otherwise                                  τ_nec = 1.0, τ_sens = 5.0

Thresholds are policy, not model: change them without retraining.

Beyond the paper, a control is never removed while text inside it is shown: text kept
under a removed link or button would be promoted out of it, visible but not clickable.
Such a control takes the decision its own ŝ gives (K, or A when sensitive).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from extractors.tree import UITree
from webminim.errors import ConfigError
from webminim.metrics import A, K, R

TAU_NEC = 1.0
TAU_SENS = 5.0


@dataclass(frozen=True, slots=True)
class Thresholds:
    """Validated on construction: both thresholds live on the 0-10 score scale."""

    tau_nec: float = TAU_NEC
    tau_sens: float = TAU_SENS
    tau_disclose: float | None = None  # beyond the paper: show sensitive nodes this necessary

    def __post_init__(self) -> None:
        for name in ("tau_nec", "tau_sens", "tau_disclose"):
            value = getattr(self, name)
            if name == "tau_disclose" and value is None:
                continue
            if not isinstance(value, (int, float)) or not 0.0 <= float(value) <= 10.0:
                raise ConfigError(f"{name} must be a number between 0 and 10, got {value!r}")


def controls_of(tree: UITree, depth: int = 2) -> np.ndarray:
    """For every node, the index of the interactive ancestor (within `depth` levels) whose
    label it is, or -1."""
    index = {node.id: i for i, node in enumerate(tree.nodes)}
    out = np.full(len(tree.nodes), -1, dtype=np.int64)
    for i, node in enumerate(tree.nodes):
        if node.interactive:
            continue
        parent = node.parent
        for _ in range(depth):
            if parent is None or parent not in index:
                break
            j = index[parent]
            if tree.nodes[j].interactive:
                out[i] = j
                break
            parent = tree.nodes[j].parent
    return out


def decide(
    s_hat: np.ndarray,
    n_hat: np.ndarray,
    thresholds: Thresholds = Thresholds(),
    controls: np.ndarray | None = None,
) -> np.ndarray:
    """R / A / K (0 / 1 / 2) per node.

    With `tau_disclose` set, a sensitive node whose necessity reaches it is kept rather than
    abstracted: for tasks that must read it (an email the user asked to summarize). Off by
    default, as in the paper. `controls` (from `controls_of`) keeps a control whose label
    is shown.
    """
    sensitive = s_hat >= thresholds.tau_sens
    if thresholds.tau_disclose is not None:
        sensitive &= n_hat < thresholds.tau_disclose
    actions = np.where(sensitive, A, K).astype(np.int8)
    actions[n_hat < thresholds.tau_nec] = R
    if controls is not None:
        shown = (actions != R) & (controls >= 0)
        for j in np.unique(controls[shown]):
            if actions[j] == R:
                actions[j] = A if sensitive[j] else K
    return actions


__all__ = [
    "A",
    "K",
    "R",
    "TAU_NEC",
    "TAU_SENS",
    "Thresholds",
    "controls_of",
    "decide",
]
