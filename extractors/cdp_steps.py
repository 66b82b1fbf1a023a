"""What to ask CDP, and in what order, to capture every frame of a page — without doing I/O.

The steps are generators that yield `Call(session, method, params)` and receive the reply;
the sync driver (`extractors.live`) and the async driver (`extractors.live_async`) run the
same steps over their own Playwright API. A failed call is thrown back into the generator
as `CallFailed`, which it may catch (a frame that went away) or let propagate.
"""

from __future__ import annotations

from collections.abc import Generator, Iterator
from dataclasses import dataclass
from typing import Any

from extractors.cdp import FrameCapture
from extractors.errors import ExtractionError
from extractors.tree import BBox

LOCATOR_ATTRIBUTE = "data-webminim-id"
NO_OWN_SESSION = "does not have a separate CDP session"


class CallFailed(Exception):
    """A CDP call failed (the driver's message); thrown into a step generator."""


@dataclass(slots=True)
class Session:
    """A CDP session: the page's own (prefix "") or an out-of-process frame's."""

    prefix: str
    cdp: Any  # a sync or async Playwright CDPSession
    root_frame_id: str


@dataclass(frozen=True, slots=True)
class Call:
    session: Session
    method: str
    params: dict[str, Any] | None = None


Steps = Generator[Call, dict[str, Any], Any]


def frame_ids(frame_tree: dict[str, Any]) -> Iterator[str]:
    stack = [frame_tree]
    while stack:
        node = stack.pop()
        yield node["frame"]["id"]
        stack.extend(reversed(node.get("childFrames") or []))


def frame_owner(sessions: list[Session], frame_id: str, host: Session) -> Steps:
    """(session prefix, backend id) of the <iframe> element hosting `frame_id`, or None."""
    candidates = [host] if frame_id != host.root_frame_id else [s for s in sessions if s is not host]
    for session in candidates:
        try:
            owner = yield Call(session, "DOM.getFrameOwner", {"frameId": frame_id})
        except CallFailed:
            continue
        return session.prefix, int(owner["backendNodeId"])
    return None


def bounds(session: Session) -> Steps:
    """Layout boxes per frame id, each in its own document's coordinates."""
    snapshot = yield Call(session, "DOMSnapshot.captureSnapshot", {"computedStyles": [], "includeDOMRects": True})
    per_frame: dict[str, dict[int, BBox]] = {}
    strings = snapshot["strings"]
    for document in snapshot["documents"]:
        backend_ids = document["nodes"]["backendNodeId"]
        layout = document["layout"]
        per_frame[strings[document["frameId"]]] = {
            backend_ids[index]: BBox(*map(float, rect))
            for index, rect in zip(layout["nodeIndex"], layout["bounds"], strict=True)
        }
    return per_frame


_COUNT_ELEMENTS = "document.getElementsByTagName('*').length"


def element_count(session: Session) -> Steps:
    """How many elements the session's own document holds (a few ms, even on huge pages)."""
    reply = yield Call(session, "Runtime.evaluate", {"expression": _COUNT_ELEMENTS, "returnByValue": True})
    value = (reply.get("result") or {}).get("value")
    return value if isinstance(value, int) else 0


def capture(sessions: list[Session], *, bbox: bool, max_elements: int | None = None) -> Steps:
    """Every frame's accessibility tree, the top-level document first.

    With `max_elements`, a document holding more elements is refused before its
    accessibility tree is asked for: on a 50,000-element page that call alone takes
    Chromium tens of seconds, only for the tree to be refused as too large afterwards.
    """
    captures: list[FrameCapture] = []
    for session in sessions:
        if max_elements is not None:
            count = yield from element_count(session)
            if count > max_elements:
                raise ExtractionError(
                    f"page has {count:,} elements, too many for the accessibility nodes webminim scores "
                    f"(at most {max_elements:,} elements per document); nothing is sent"
                )
        frame_tree = (yield Call(session, "Page.getFrameTree"))["frameTree"]
        boxes = (yield from bounds(session)) if bbox else {}
        for frame_id in frame_ids(frame_tree):
            is_top = session.prefix == "" and frame_id == session.root_frame_id
            try:
                reply = yield Call(session, "Accessibility.getFullAXTree", {"frameId": frame_id})
            except CallFailed:
                if is_top:
                    raise  # without the page's own document there is no observation to give
                continue  # a frame that went away or never loaded a document
            nodes = reply["nodes"]
            if not nodes:
                continue
            owner = None if is_top else (yield from frame_owner(sessions, frame_id, session))
            if not is_top and owner is None:
                continue  # a detached frame has nowhere to hang
            captures.append(FrameCapture(frame_id, session.prefix, nodes, owner, boxes.get(frame_id, {})))
    return captures


_TAG = (
    "function(attr, id) { const el = this.nodeType === 1 ? this : this.parentElement;"
    " if (el) el.setAttribute(attr, id); }"
)


def tag_node(session: Session, backend_node_id: int, node_id: str) -> Steps:
    """Mark the element behind a backend node with `data-webminim-id`, so a locator finds it."""
    obj = (yield Call(session, "DOM.resolveNode", {"backendNodeId": backend_node_id}))["object"]
    yield Call(
        session,
        "Runtime.callFunctionOn",
        {
            "objectId": obj["objectId"],
            "functionDeclaration": _TAG,
            "arguments": [{"value": LOCATOR_ATTRIBUTE}, {"value": node_id}],
        },
    )
    return f'[{LOCATOR_ATTRIBUTE}="{node_id}"]'
