"""Masked screenshots: only what the sanitized view keeps is visible."""

from __future__ import annotations

import numpy as np
import pytest

from extractors.tree import TreeBuilder
from webminim.errors import PolicyError
from webminim.metrics import A, K
from webminim.screenshot import mask_screenshot
from webminim.vault import Vault
from webminim.view import build_view


def scene():
    b = TreeBuilder()
    b.add("1", "RootWebArea", name="Shop")
    b.add("2", "button", parent="1", name="Continue")
    b.add("3", "status", parent="1", name="Your code is 123456")
    b.add("4", "StaticText", parent="3", name="Your code is 123456")
    b.add("5", "link", parent="1", name="Cart")
    b.add("6", "StaticText", parent="5", name="Cart")
    tree = b.build(url="http://shop.test/")
    actions = np.array([K, K, A, A, K, K], dtype=np.int8)
    s, n = np.where(actions == A, 9.0, 1.0), np.full(len(actions), 10.0)
    view = build_view(tree, actions, s, n, Vault(), tau_nec=1.0, tau_sens=5.0)
    boxes = {"1": (0, 0, 100, 80), "2": (10, 10, 20, 10), "3": (50, 50, 30, 10), "5": (10, 60, 20, 8)}
    return tree, view, boxes


def test_only_kept_elements_show_and_the_code_s_box_is_black():
    tree, view, boxes = scene()
    image = np.full((80, 100, 3), 200, dtype=np.uint8)
    out = mask_screenshot(image, view, tree, boxes)
    assert out.shape == image.shape and out.dtype == image.dtype
    assert (out[10:20, 10:30] == 200).all() and (out[60:68, 10:30] == 200).all()  # the button, the link
    assert (out[50:60, 50:80] == 0).all()  # the code's box
    assert out.sum() == image[10:20, 10:30].sum() + image[60:68, 10:30].sum()  # the root (holds the code) is not shown


@pytest.mark.parametrize(
    "box", [None, (1, 2, 3), ("x", 0, 1, 1), (0, 0, -5, 5), (500, 500, 10, 10), (0, 0, float("nan"), 1)]
)
def test_an_element_without_a_usable_box_shows_nothing(box):
    tree, view, boxes = scene()
    boxes = {**boxes, "2": box}
    out = mask_screenshot(np.full((80, 100, 3), 200, dtype=np.uint8), view, tree, boxes)
    assert (out[10:20, 10:30] == 0).all()


def test_not_an_image_is_one_error():
    tree, view, boxes = scene()
    with pytest.raises(PolicyError, match="screenshot"):
        mask_screenshot(np.zeros((80, 100)), view, tree, boxes)
