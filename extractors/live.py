"""Thin browser I/O: a live Playwright page -> UITree, and a tree node -> Playwright locator.

Everything after the CDP calls is pure (`extractors.cdp.tree_from_cdp`). Playwright errors
are mapped to `ExtractionError` here, at the boundary.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from typing import Any

from playwright.sync_api import CDPSession, Locator, Page
from playwright.sync_api import Error as PlaywrightError

from extractors.cdp import FrameCapture, session_prefix, tree_from_cdp
from extractors.errors import ExtractionError, first_line
from extractors.tree import DEFAULT_MAX_NODES, BBox, UINode, UITree

# Attribute written on an element when a node is resolved to a locator; the AX tree never shows it.
LOCATOR_ATTRIBUTE = "data-webminim-id"
_ARIA_REF = re.compile(r"^(?:f\d+)?e\d+$")
_NO_OWN_SESSION = "does not have a separate CDP session"
CDP_TIMEOUT_MS = 30_000
_PROBE_TIMEOUT_MS = 2_000


def _send(cdp: CDPSession, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
    """`cdp.send` with a time limit, minus the sync wrapper's deep walk over the reply.

    Every call is bounded by CDP_TIMEOUT_MS: a renderer that hangs or crashes (a 5,000-deep
    DOM built by script does) must give an error, never a stalled agent.

    The public wrapper re-maps every nested value of the result looking for Playwright
    objects; a CDP reply is plain JSON, and on a 10,000-element page that walk costs more
    than Chromium's own work. Falls back to the public call if the internals move.
    """
    impl = getattr(cdp, "_impl_obj", None)
    sync = getattr(cdp, "_sync", None)
    if impl is None or sync is None:
        return cdp.send(method, params, timeout=CDP_TIMEOUT_MS)
    return sync(impl.send(method=method, params=params, timeout=CDP_TIMEOUT_MS))


@dataclass(slots=True)
class _Session:
    prefix: str
    cdp: CDPSession
    root_frame_id: str


def _frame_ids(frame_tree: dict[str, Any]) -> Iterator[str]:
    stack = [frame_tree]
    while stack:
        node = stack.pop()
        yield node["frame"]["id"]
        stack.extend(reversed(node.get("childFrames") or []))


def _open_sessions(page: Page) -> list[_Session]:
    """One CDP session for the page plus one per out-of-process iframe."""
    context = page.context
    main = context.new_cdp_session(page)
    root = _send(main, "Page.getFrameTree")["frameTree"]["frame"]["id"]
    sessions = [_Session("", main, root)]
    for frame in page.frames[1:]:
        try:
            cdp = context.new_cdp_session(frame)
        except PlaywrightError as exc:
            if _NO_OWN_SESSION in str(exc):
                continue  # same-process iframe: the page session already sees it
            raise
        frame_root = _send(cdp, "Page.getFrameTree")["frameTree"]["frame"]["id"]
        sessions.append(_Session(session_prefix(frame_root), cdp, frame_root))
    return sessions


@contextmanager
def _sessions(page: Page) -> Iterator[list[_Session]]:
    sessions: list[_Session] = []
    try:
        sessions = _open_sessions(page)
        yield sessions
    finally:
        for session in sessions:
            with suppress(PlaywrightError):
                session.cdp.detach()


def _frame_owner(sessions: list[_Session], frame_id: str, host: _Session) -> tuple[str, int] | None:
    """(session prefix, backend id) of the <iframe> element hosting `frame_id`."""
    candidates = [host] if frame_id != host.root_frame_id else [s for s in sessions if s is not host]
    for session in candidates:
        try:
            owner = _send(session.cdp, "DOM.getFrameOwner", {"frameId": frame_id})
        except PlaywrightError:
            continue
        return session.prefix, int(owner["backendNodeId"])
    return None


def _bounds(cdp: CDPSession) -> dict[str, dict[int, BBox]]:
    """Layout boxes per frame id, each in its own document's coordinates."""
    snapshot = _send(cdp, "DOMSnapshot.captureSnapshot", {"computedStyles": [], "includeDOMRects": True})
    per_frame: dict[str, dict[int, BBox]] = {}
    strings = snapshot["strings"]
    for document in snapshot["documents"]:
        backend_ids = document["nodes"]["backendNodeId"]
        layout = document["layout"]
        boxes = {
            backend_ids[index]: BBox(*map(float, rect))
            for index, rect in zip(layout["nodeIndex"], layout["bounds"], strict=True)
        }
        per_frame[strings[document["frameId"]]] = boxes
    return per_frame


def _tabs(page: Page) -> tuple[tuple[str, ...], int]:
    pages = page.context.pages
    return tuple(p.title() for p in pages), pages.index(page)


def capture_frames(page: Page, *, bbox: bool = False) -> list[FrameCapture]:
    """Raw CDP captures of every frame of `page`, the top-level document first."""
    try:
        with _sessions(page) as sessions:
            return _capture(sessions, bbox=bbox)
    except PlaywrightError as exc:
        raise ExtractionError(f"could not read the accessibility tree: {_diagnose(page, exc)}") from exc


def _diagnose(page: Page, exc: PlaywrightError) -> str:
    """One line saying why a CDP call failed; a crashed renderer is named as such."""
    message = first_line(exc)
    if "crashed" not in message.lower():
        try:
            page.wait_for_function("() => true", timeout=_PROBE_TIMEOUT_MS)
        except PlaywrightError as probe:
            if "crashed" in str(probe).lower():
                message = str(probe).strip().splitlines()[0]
            elif "Timeout" in message:
                return f"Chromium's renderer did not answer within {CDP_TIMEOUT_MS // 1000} s ({message})"
    if "crashed" in message.lower():
        return "the page crashed in Chromium's renderer (very large or deeply nested pages can do that)"
    return message


def extract_page(page: Page, *, bbox: bool = False, max_nodes: int = DEFAULT_MAX_NODES) -> UITree:
    """The page's full accessibility tree across all frames (iframes, shadow DOM included).

    Args:
        page: a loaded Playwright page (Chromium).
        bbox: also fetch a bounding box per node (one DOMSnapshot call per CDP session).
        max_nodes: refuse pages with more accessibility nodes than this.
    """
    captures = capture_frames(page, bbox=bbox)
    try:
        tabs, active = _tabs(page)
        url, title = page.url, page.title()
    except PlaywrightError as exc:
        raise ExtractionError(f"could not read the page: {first_line(exc)}") from exc
    return tree_from_cdp(captures, url=url, title=title, tabs=tabs, active_tab=active, max_nodes=max_nodes)


def _capture(sessions: list[_Session], *, bbox: bool) -> list[FrameCapture]:
    captures: list[FrameCapture] = []
    for session in sessions:
        frame_tree = _send(session.cdp, "Page.getFrameTree")["frameTree"]
        boxes = _bounds(session.cdp) if bbox else {}
        for frame_id in _frame_ids(frame_tree):
            try:
                nodes = _send(session.cdp, "Accessibility.getFullAXTree", {"frameId": frame_id})["nodes"]
            except PlaywrightError:
                continue  # a frame that went away or never loaded a document
            if not nodes:
                continue
            is_top = session.prefix == "" and frame_id == session.root_frame_id
            owner = None if is_top else _frame_owner(sessions, frame_id, session)
            if not is_top and owner is None:
                continue  # a detached frame has nowhere to hang
            captures.append(FrameCapture(frame_id, session.prefix, nodes, owner, boxes.get(frame_id, {})))
    return captures


def locator_for(page: Page, node: UINode) -> Locator:
    """A Playwright locator for the element behind `node` of a tree extracted from `page`.

    CDP nodes are resolved by backend id (the element is tagged with `data-webminim-id`);
    aria-snapshot nodes by their `[ref=eN]`. Nodes from static HTML have no live element.
    """
    if node.backend_node_id is None:
        if _ARIA_REF.match(node.id):
            return page.locator(f"aria-ref={node.id}")
        raise ExtractionError(f"node [{node.id}] has no live element (it was not extracted from this page)")
    try:
        with _sessions(page) as sessions:
            return _tag_and_locate(page, sessions, node)
    except PlaywrightError as exc:
        raise ExtractionError(f"could not resolve node [{node.id}]: {_diagnose(page, exc)}") from exc


def _tag_and_locate(page: Page, sessions: list[_Session], node: UINode) -> Locator:
    prefix = node.id[: len(node.id) - len(str(node.backend_node_id))]
    session = next((s for s in sessions if s.prefix == prefix), None)
    if session is None:
        raise ExtractionError(f"node [{node.id}] belongs to a frame that is gone")
    try:
        obj = _send(session.cdp, "DOM.resolveNode", {"backendNodeId": node.backend_node_id})["object"]
    except PlaywrightError as exc:
        raise ExtractionError(f"node [{node.id}] is no longer in the page") from exc
    _send(
        session.cdp,
        "Runtime.callFunctionOn",
        {
            "objectId": obj["objectId"],
            "functionDeclaration": "function(attr, id) {"
            " const el = this.nodeType === 1 ? this : this.parentElement;"
            " if (el) el.setAttribute(attr, id); }",
            "arguments": [{"value": LOCATOR_ATTRIBUTE}, {"value": node.id}],
        },
    )
    selector = f'[{LOCATOR_ATTRIBUTE}="{node.id}"]'
    for frame in page.frames:
        locator = frame.locator(selector)
        if locator.count() > 0:
            return locator.first
    raise ExtractionError(f"node [{node.id}] is not reachable by a locator (closed shadow root?)")
