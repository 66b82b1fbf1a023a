"""Thin browser I/O (sync API): a live Playwright page -> UITree, a tree node -> locator.

The CDP conversation is in `extractors.cdp_steps` (shared with the async twin in
`extractors.live_async`); everything after it is pure (`extractors.cdp.tree_from_cdp`).
Playwright errors become `ExtractionError` here, at the boundary. Every CDP call is bounded
by CDP_TIMEOUT_MS where Playwright supports it (1.50+): a renderer that hangs or crashes
(a 5,000-deep DOM built by script does) gives an error, never a stalled agent. Older
releases (1.44, which BrowserGym pins) work without that limit.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from typing import Any

from playwright.sync_api import CDPSession, Locator, Page
from playwright.sync_api import Error as PlaywrightError

from extractors import cdp_steps
from extractors.cdp import FrameCapture, session_prefix, tree_from_cdp
from extractors.cdp_steps import CallFailed, Session, Steps
from extractors.errors import ExtractionError, first_line
from extractors.tree import DEFAULT_MAX_NODES, UINode, UITree

LOCATOR_ATTRIBUTE = cdp_steps.LOCATOR_ATTRIBUTE
ARIA_REF = re.compile(r"^(?:f\d+)?e\d+$")
CDP_TIMEOUT_MS = 30_000
_PROBE_TIMEOUT_MS = 2_000


_TAKES_TIMEOUT: dict[type, bool] = {}


def limit(send: Any) -> dict[str, int]:
    """`{"timeout": CDP_TIMEOUT_MS}` where this Playwright's `CDPSession.send` takes one
    (1.50 and later), else nothing: older releases (BrowserGym pins 1.44) have no limit."""
    owner = type(getattr(send, "__self__", send))
    if owner not in _TAKES_TIMEOUT:
        try:
            _TAKES_TIMEOUT[owner] = "timeout" in inspect.signature(send).parameters
        except (TypeError, ValueError):
            _TAKES_TIMEOUT[owner] = False
    return {"timeout": CDP_TIMEOUT_MS} if _TAKES_TIMEOUT[owner] else {}


def _send(cdp: CDPSession, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
    """`cdp.send` with a time limit, minus the sync wrapper's deep walk over the reply.

    The public wrapper re-maps every nested value of the result looking for Playwright
    objects; a CDP reply is plain JSON, and on a 10,000-element page that walk costs more
    than Chromium's own work. Falls back to the public call if the internals move.
    """
    impl = getattr(cdp, "_impl_obj", None)
    sync = getattr(cdp, "_sync", None)
    if impl is None or sync is None:
        return cdp.send(method, params, **limit(cdp.send))
    return sync(impl.send(method=method, params=params, **limit(impl.send)))


def run(steps: Steps) -> Any:
    """Drive a cdp_steps generator over the sync API."""
    reply: dict[str, Any] | None = None
    failure: CallFailed | None = None
    while True:
        try:
            call = steps.throw(failure) if failure is not None else steps.send(reply)  # type: ignore[arg-type]
        except StopIteration as done:
            return done.value
        try:
            reply, failure = _send(call.session.cdp, call.method, call.params), None
        except PlaywrightError as exc:
            reply, failure = None, CallFailed(first_line(exc))


def _open_sessions(page: Page) -> list[Session]:
    """One CDP session for the page plus one per out-of-process iframe."""
    context = page.context
    main = context.new_cdp_session(page)
    sessions = [Session("", main, _send(main, "Page.getFrameTree")["frameTree"]["frame"]["id"])]
    for frame in page.frames[1:]:
        try:
            cdp = context.new_cdp_session(frame)
        except PlaywrightError as exc:
            if cdp_steps.NO_OWN_SESSION in str(exc):
                continue  # same-process iframe: the page session already sees it
            raise
        frame_root = _send(cdp, "Page.getFrameTree")["frameTree"]["frame"]["id"]
        sessions.append(Session(session_prefix(frame_root), cdp, frame_root))
    return sessions


@contextmanager
def _sessions(page: Page) -> Iterator[list[Session]]:
    sessions: list[Session] = []
    try:
        sessions = _open_sessions(page)
        yield sessions
    finally:
        for session in sessions:
            with suppress(PlaywrightError):
                session.cdp.detach()


def _diagnose(page: Page, message: str) -> str:
    """One line saying why a CDP call failed; a crashed renderer is named as such."""
    if "crashed" not in message.lower():
        try:
            page.wait_for_function("() => true", timeout=_PROBE_TIMEOUT_MS)
        except PlaywrightError as probe:
            if "crashed" in str(probe).lower():
                message = "Target crashed"
            elif "Timeout" in message:
                return f"Chromium's renderer did not answer within {CDP_TIMEOUT_MS // 1000} s ({message})"
    if "crashed" in message.lower():
        return "the page crashed in Chromium's renderer (very large or deeply nested pages can do that)"
    return message


def capture_frames(page: Page, *, bbox: bool = False, max_elements: int | None = None) -> list[FrameCapture]:
    """Raw CDP captures of every frame of `page`, the top-level document first."""
    try:
        with _sessions(page) as sessions:
            return run(cdp_steps.capture(sessions, bbox=bbox, max_elements=max_elements))
    except (PlaywrightError, CallFailed) as exc:
        raise ExtractionError(f"could not read the accessibility tree: {_diagnose(page, first_line(exc))}") from exc


def extract_page(
    page: Page, *, bbox: bool = False, max_nodes: int = DEFAULT_MAX_NODES, max_elements: int | None = None
) -> UITree:
    """The page's full accessibility tree across all frames (iframes, shadow DOM included).

    Args:
        page: a loaded Playwright page (Chromium).
        bbox: also fetch a bounding box per node (one DOMSnapshot call per CDP session).
        max_nodes: refuse pages with more accessibility nodes than this.
        max_elements: refuse, before reading its tree, a document with more elements than this.
    """
    captures = capture_frames(page, bbox=bbox, max_elements=max_elements)
    try:
        pages = page.context.pages
        tabs, active = tuple(p.title() for p in pages), pages.index(page)
        url, title = page.url, page.title()
    except PlaywrightError as exc:
        raise ExtractionError(f"could not read the page: {first_line(exc)}") from exc
    return tree_from_cdp(captures, url=url, title=title, tabs=tabs, active_tab=active, max_nodes=max_nodes)


def locator_for(page: Page, node: UINode) -> Locator:
    """A Playwright locator for the element behind `node` of a tree extracted from `page`.

    CDP nodes are resolved by backend id (the element is tagged with `data-webminim-id`);
    aria-snapshot nodes by their `[ref=eN]`. Nodes from static HTML have no live element.
    """
    if node.backend_node_id is None:
        if ARIA_REF.match(node.id):
            return page.locator(f"aria-ref={node.id}")
        raise ExtractionError(f"node [{node.id}] has no live element (it was not extracted from this page)")
    prefix = node.id[: len(node.id) - len(str(node.backend_node_id))]
    try:
        with _sessions(page) as sessions:
            session = next((s for s in sessions if s.prefix == prefix), None)
            if session is None:
                raise ExtractionError(f"node [{node.id}] belongs to a frame that is gone")
            selector = run(cdp_steps.tag_node(session, node.backend_node_id, node.id))
        for frame in page.frames:
            locator = frame.locator(selector)
            if locator.count() > 0:
                return locator.first
    except CallFailed as exc:
        raise ExtractionError(f"node [{node.id}] is no longer in the page ({exc})") from exc
    except PlaywrightError as exc:
        raise ExtractionError(f"could not resolve node [{node.id}]: {_diagnose(page, first_line(exc))}") from exc
    raise ExtractionError(f"node [{node.id}] is not reachable by a locator (closed shadow root?)")
