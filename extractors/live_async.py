"""The async twin of `extractors.live`: the same CDP steps, driven over Playwright's async API."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
from typing import Any

from playwright.async_api import CDPSession, Locator, Page
from playwright.async_api import Error as PlaywrightError

from extractors import cdp_steps, live
from extractors.cdp import FrameCapture, session_prefix, tree_from_cdp
from extractors.cdp_steps import CallFailed, Session, Steps
from extractors.errors import ExtractionError, first_line
from extractors.tree import DEFAULT_MAX_NODES, UINode, UITree


async def _send(cdp: CDPSession, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
    impl = getattr(cdp, "_impl_obj", None)
    if impl is None:
        return await cdp.send(method, params, **live.limit(cdp.send))
    return await impl.send(method=method, params=params, **live.limit(impl.send))


async def run(steps: Steps) -> Any:
    """Drive a cdp_steps generator over the async API."""
    reply: dict[str, Any] | None = None
    failure: CallFailed | None = None
    while True:
        try:
            call = steps.throw(failure) if failure is not None else steps.send(reply)  # type: ignore[arg-type]
        except StopIteration as done:
            return done.value
        try:
            reply, failure = await _send(call.session.cdp, call.method, call.params), None
        except PlaywrightError as exc:
            reply, failure = None, CallFailed(first_line(exc))


@asynccontextmanager
async def _sessions(page: Page) -> AsyncIterator[list[Session]]:
    context = page.context
    sessions: list[Session] = []
    try:
        main = await context.new_cdp_session(page)
        sessions.append(Session("", main, (await _send(main, "Page.getFrameTree"))["frameTree"]["frame"]["id"]))
        for frame in page.frames[1:]:
            try:
                cdp = await context.new_cdp_session(frame)
            except PlaywrightError as exc:
                if cdp_steps.NO_OWN_SESSION in str(exc):
                    continue
                raise
            root = (await _send(cdp, "Page.getFrameTree"))["frameTree"]["frame"]["id"]
            sessions.append(Session(session_prefix(root), cdp, root))
        yield sessions
    finally:
        for session in sessions:
            with suppress(PlaywrightError):
                await session.cdp.detach()


async def capture_frames(page: Page, *, bbox: bool = False, max_elements: int | None = None) -> list[FrameCapture]:
    try:
        async with _sessions(page) as sessions:
            return await run(cdp_steps.capture(sessions, bbox=bbox, max_elements=max_elements))
    except (PlaywrightError, CallFailed) as exc:
        message = first_line(exc)
        if "crashed" in message.lower():
            message = "the page crashed in Chromium's renderer (very large or deeply nested pages can do that)"
        raise ExtractionError(f"could not read the accessibility tree: {message}") from exc


async def extract_page(
    page: Page, *, bbox: bool = False, max_nodes: int = DEFAULT_MAX_NODES, max_elements: int | None = None
) -> UITree:
    """Async twin of `extractors.live.extract_page`."""
    captures = await capture_frames(page, bbox=bbox, max_elements=max_elements)
    try:
        pages = page.context.pages
        tabs = tuple([await p.title() for p in pages])
        url, title = page.url, await page.title()
    except PlaywrightError as exc:
        raise ExtractionError(f"could not read the page: {first_line(exc)}") from exc
    return tree_from_cdp(captures, url=url, title=title, tabs=tabs, active_tab=pages.index(page), max_nodes=max_nodes)


async def locator_for(page: Page, node: UINode) -> Locator:
    """Async twin of `extractors.live.locator_for`."""
    if node.backend_node_id is None:
        if live.ARIA_REF.match(node.id):
            return page.locator(f"aria-ref={node.id}")
        raise ExtractionError(f"node [{node.id}] has no live element (it was not extracted from this page)")
    prefix = node.id[: len(node.id) - len(str(node.backend_node_id))]
    try:
        async with _sessions(page) as sessions:
            session = next((s for s in sessions if s.prefix == prefix), None)
            if session is None:
                raise ExtractionError(f"node [{node.id}] belongs to a frame that is gone")
            selector = await run(cdp_steps.tag_node(session, node.backend_node_id, node.id))
        for frame in page.frames:
            locator = frame.locator(selector)
            if await locator.count() > 0:
                return locator.first
    except CallFailed as exc:
        raise ExtractionError(f"node [{node.id}] is no longer in the page ({exc})") from exc
    except PlaywrightError as exc:
        raise ExtractionError(f"could not resolve node [{node.id}]: {first_line(exc)}") from exc
    raise ExtractionError(f"node [{node.id}] is not reachable by a locator (closed shadow root?)")
