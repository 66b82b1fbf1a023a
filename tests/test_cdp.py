"""CDP builder on real captures (tests/fixtures/cdp_iframe.json, see capture_cdp.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from extractors.cdp import FrameCapture, tree_from_cdp
from extractors.errors import ExtractionError
from extractors.tree import BBox

CAPTURES = json.loads((Path(__file__).parent / "fixtures" / "cdp_iframe.json").read_text())


def captures(*, with_bounds: bool = True) -> list[FrameCapture]:
    return [
        FrameCapture(
            c["frame_id"],
            c["session"],
            c["nodes"],
            tuple(c["owner"]) if c["owner"] else None,
            {int(k): BBox(*v) for k, v in c["bounds"].items()} if with_bounds else {},
        )
        for c in CAPTURES
    ]


@pytest.fixture(scope="module")
def tree():
    return tree_from_cdp(captures(), url="http://127.0.0.1/iframe.html", title="Checkout")


def test_every_frame_hangs_under_its_iframe(tree):
    for title in ("Same-origin payment", "Inline help", "Cross-site widget"):
        frame = next(n for n in tree if n.role == "Iframe" and n.name == title)
        (root,) = tree.children(frame.id)
        assert root.role == "RootWebArea"
    cross = next(n for n in tree if n.role == "Iframe" and n.name == "Cross-site widget")
    inner = [n for n in tree.descendants(cross.id) if n.role == "button"]
    assert [n.name for n in inner] == ["Pay now"]
    assert inner[0].id.startswith("f") and "-" in inner[0].id  # out-of-process session prefix


def test_ids_are_session_prefix_plus_backend_id(tree):
    for node in tree:
        assert node.backend_node_id is not None
        assert node.id.endswith(str(node.backend_node_id))


def test_ignored_and_inline_text_nodes_are_dropped(tree):
    roles = {n.role for n in tree}
    assert "InlineTextBox" not in roles and "none" not in roles
    # the html/body wrappers were ignored: the heading hangs straight from the root
    heading = next(n for n in tree if n.role == "heading")
    assert heading.parent == tree.root.id


def test_values_and_properties_come_through(tree):
    cards = [n for n in tree if n.role == "textbox" and n.name == "Card number"]
    assert len(cards) == 2 and all(n.value == "4111 1111 1111 1111" for n in cards)
    assert tree.root.properties["focusable"] is True
    assert all(n.interactive for n in cards)


def test_child_frame_boxes_are_offset_into_page_coordinates(tree):
    frame = next(n for n in tree if n.role == "Iframe" and n.name == "Cross-site widget")
    button = next(n for n in tree.descendants(frame.id) if n.role == "button")
    assert frame.bbox is not None and button.bbox is not None
    assert frame.bbox.y <= button.bbox.y <= frame.bbox.y + frame.bbox.height


def test_without_bounds_there_are_no_boxes():
    tree = tree_from_cdp(captures(with_bounds=False))
    assert all(n.bbox is None for n in tree)


def test_no_captures_is_an_error():
    with pytest.raises(ExtractionError):
        tree_from_cdp([])


def test_node_limit_applies_across_frames():
    with pytest.raises(ExtractionError, match="more than 20"):
        tree_from_cdp(captures(), max_nodes=20)
