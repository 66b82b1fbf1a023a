"""A screenshot that shows only what the sanitized view keeps (for vision agents).

    masked = mask_screenshot(screenshot, view, boxes)   # boxes: element id -> (x, y, w, h)

Fail closed: the result starts black; the boxes of kept elements whose every descendant is
kept are copied in (text without a box of its own shows through its element only then);
then the box of every abstracted or removed element that holds text and no shown element
is blacked out again, for overlays drawn over shown elements (an empty wrapper removed so
that its children are promoted hides nothing). An element without a
box shows nothing. Placeholders are not drawn: an abstracted value is simply not visible.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import numpy as np

from extractors.tree import UINode, UITree
from webminim.errors import PolicyError
from webminim.view import SanitizedView

Box = Sequence[float]


def mask_screenshot(image: np.ndarray, view: SanitizedView, raw: UITree, boxes: Mapping[str, Box | None]) -> np.ndarray:
    if not isinstance(image, np.ndarray) or image.ndim != 3 or image.shape[2] not in (3, 4):
        raise PolicyError("a screenshot must be an H x W x 3 (or 4) image array")
    height, width = image.shape[:2]
    out = np.zeros_like(image)
    not_kept = {node_id for node_id, d in view.decisions.items() if d.action != "K"}
    # an empty wrapper that was removed (its children promoted) hides nothing; text that was does
    hidden = {node_id for node_id in not_kept if node_id in raw and _has_text(raw[node_id])}
    hidden_below = _ancestors_of(raw, hidden)  # their box shows something withheld
    for node in raw:
        if node.id in not_kept or node.id not in view.tree:
            continue
        if node.id not in hidden_below:
            region = _region(boxes.get(node.id), width, height)
            if region is not None:
                out[region] = image[region]
    # a hidden element drawn over a shown one (a toast over a form) is blacked out again; one
    # that holds shown elements (a form whose label was withheld) is left to its own text nodes
    shown_below = _ancestors_of(raw, {n.id for n in raw if n.id in view.tree and n.id not in not_kept})
    for node_id in hidden - shown_below:
        region = _region(boxes.get(node_id), width, height)
        if region is not None:
            out[region] = 0
    return out


def black_out(image: np.ndarray, boxes: Mapping[str, Box | None], ids: Iterable[str]) -> np.ndarray:
    """`image` with the boxes of `ids` black (elements the view shows, drawn with what it does not)."""
    height, width = image.shape[:2]
    for node_id in ids:
        region = _region(boxes.get(node_id), width, height)
        if region is not None:
            image[region] = 0
    return image


def _has_text(node: UINode) -> bool:
    return bool(node.name.strip() or (node.value or "").strip() or node.description.strip())


def _ancestors_of(raw: UITree, ids: set[str]) -> set[str]:
    """Every ancestor of any of `ids`."""
    marked: set[str] = set()
    for node_id in ids:
        for ancestor in raw.ancestors(node_id):
            if ancestor.id in marked:
                break
            marked.add(ancestor.id)
    return marked


def _region(box: Box | None, width: int, height: int) -> tuple[slice, slice] | None:
    if box is None or len(box) != 4:
        return None
    try:
        x, y, w, h = (float(v) for v in box)
    except (TypeError, ValueError):
        return None
    if not all(np.isfinite(v) for v in (x, y, w, h)) or w <= 0 or h <= 0:
        return None
    left, top = max(0, int(np.floor(x))), max(0, int(np.floor(y)))
    right, bottom = min(width, int(np.ceil(x + w))), min(height, int(np.ceil(y + h)))
    if right <= left or bottom <= top:
        return None
    return slice(top, bottom), slice(left, right)
