"""CDP builder on real captures (tests/fixtures/cdp_iframe.json, see capture_cdp.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from extractors import cdp_steps
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


# --- the CDP conversation (extractors.cdp_steps), driven by canned replies ---------------


def _drive(steps: cdp_steps.Steps, answer):  # type: ignore[no-untyped-def]
    """Run a step generator, answering each call with `answer(call)` (an exception is thrown in)."""
    reply = None
    failure = None
    while True:
        try:
            call = steps.throw(failure) if failure is not None else steps.send(reply)
        except StopIteration as done:
            return done.value
        try:
            reply, failure = answer(call), None
        except cdp_steps.CallFailed as exc:
            reply, failure = None, exc


def _page_answers(elements: int, *, ax_fails: bool = False):  # type: ignore[no-untyped-def]
    asked: list[str] = []

    def answer(call: cdp_steps.Call) -> dict:
        asked.append(call.method)
        if call.method == "Runtime.evaluate":
            return {"result": {"type": "number", "value": elements}}
        if call.method == "Page.getFrameTree":
            return {"frameTree": {"frame": {"id": "TOP"}}}
        if call.method == "Accessibility.getFullAXTree":
            if ax_fails:
                raise cdp_steps.CallFailed("Timeout 30000ms exceeded")
            return {"nodes": [{"nodeId": "1", "role": {"value": "RootWebArea"}}]}
        raise AssertionError(call.method)

    return answer, asked


def test_a_document_over_the_element_cap_is_refused_before_its_tree_is_read():
    answer, asked = _page_answers(50_000)
    session = cdp_steps.Session("", None, "TOP")
    with pytest.raises(ExtractionError, match="50,000 elements.*accessibility nodes"):
        _drive(cdp_steps.capture([session], bbox=False, max_elements=40_000), answer)
    assert "Accessibility.getFullAXTree" not in asked


def test_a_document_under_the_element_cap_is_captured():
    answer, asked = _page_answers(39_999)
    session = cdp_steps.Session("", None, "TOP")
    captures = _drive(cdp_steps.capture([session], bbox=False, max_elements=40_000), answer)
    assert [c.frame_id for c in captures] == ["TOP"]
    assert asked[0] == "Runtime.evaluate"


def test_a_failed_read_of_the_top_document_is_an_error_not_an_empty_capture():
    answer, _ = _page_answers(10, ax_fails=True)
    session = cdp_steps.Session("", None, "TOP")
    with pytest.raises(cdp_steps.CallFailed, match="Timeout"):
        _drive(cdp_steps.capture([session], bbox=False), answer)
