"""Node masks built from index arrays: the few numpy idioms every rule shares."""

from __future__ import annotations

import numpy as np


def indices(targets: np.ndarray, where: np.ndarray, size: int) -> np.ndarray:
    """A mask of the nodes `targets[i]` for every i in `where` (targets of -1 ignored)."""
    picked = targets[where]
    mask = np.zeros(size, dtype=bool)
    mask[picked[picked >= 0]] = True
    return mask


def in_controls(controls_of: np.ndarray, controls: np.ndarray) -> np.ndarray:
    """The texts inside (`controls_of`: the control each text is inside, or -1) any control of
    the mask `controls`."""
    return (controls_of >= 0) & controls[np.maximum(controls_of, 0)]
