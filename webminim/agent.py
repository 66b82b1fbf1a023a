"""The broker in the agent loop: a Playwright page that only ever shows the minimal view.

    with sync_playwright() as pw:
        page = pw.chromium.launch(**launch_options()).new_page()
        page.goto("http://127.0.0.1:8000/a/shop/twofa?seed=1")
        agent_page = MinimPage(page, "Complete the two-step verification", minim=Minim.load())
        obs = agent_page.observe()          # sanitized text: the code shows as [OTP_1]
        agent_page.act('type [57] "[OTP_1]"')  # rehydrated locally, typed into the code field
        agent_page.act("click [61]")

`AsyncMinimPage` is the async twin. Both share `_Core` (pure: state, thresholds, rules);
only extraction and execution differ. Any internal failure raises a WebminimError and
returns nothing: the caller sends nothing.

Text the agent types is minimized first (webminim.typed_text): the field it goes into is
read from the page with where its form sends, in one evaluation, and what the task and that
field do not need is removed before placeholders are filled in; text that cannot be checked
is not typed.

Where a placeholder may go is checked twice: by the action (the field's own frame and its
form must be on the value's origin; `goto` opens only http(s) URLs without withheld values)
and by the request guard on the whole browser context (no vault value or secret-named
parameter reaches another origin from any page, popup or tab). Every refusal and every
blocked request is written to the audit log.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from playwright.async_api import ElementHandle as AsyncElementHandle
from playwright.async_api import Frame as AsyncFrame
from playwright.async_api import Locator as AsyncLocator
from playwright.async_api import Page as AsyncPage
from playwright.sync_api import ElementHandle, Frame, Locator, Page
from playwright.sync_api import Error as PlaywrightError

from extractors import live, live_async
from extractors.errors import first_line
from extractors.tree import UINode, UITree
from webminim.actions import Action, FieldSite, parse_action, rehydrate
from webminim.egress.browser_adapter import Incident, RequestGuard
from webminim.egress.navigation import check_navigation
from webminim.errors import ActionRefused, BrowserError, WebminimError
from webminim.minim import Minim
from webminim.safe_urls import origin_of
from webminim.session import AuditLog, LeakageBudget, disclosure
from webminim.typed_text import FIELD_JS, FieldRead, TypedText, field_read, needs_minimizing, type_plan
from webminim.view import SanitizedView

if TYPE_CHECKING:
    from webminim.egress.text import TextMinimizer

Format = Literal["webarena", "browsergym", "json"]

_INHERITED = ("", "about:blank", "about:srcdoc")  # frames that take their creator's origin


def _frame_url(frame: Frame | AsyncFrame | None) -> str:
    """The URL whose origin a frame has: an about:blank or srcdoc frame's is its parent's."""
    while frame is not None and frame.url in _INHERITED and frame.parent_frame is not None:
        frame = frame.parent_frame
    return frame.url if frame is not None else ""


def _read(frame: Frame | AsyncFrame | None, value: Any, label: str) -> FieldRead:
    top = frame is not None and frame.parent_frame is None
    return field_read(value, frame_url=_frame_url(frame), top=top, label=label)


def read_field(handle: ElementHandle, label: str = "") -> FieldRead:
    """A field (sync element handle) as it really is, in one evaluation: its frame, where its
    form sends and what it is for; `label` is its accessible name when the tree has it."""
    return _read(handle.owner_frame(), handle.evaluate(FIELD_JS), label)


async def read_field_async(handle: AsyncElementHandle, label: str = "") -> FieldRead:
    """The async twin of `read_field`."""
    return _read(await handle.owner_frame(), await handle.evaluate(FIELD_JS), label)


def field_site(handle: ElementHandle) -> FieldSite:
    """Where a field (sync element handle) really is: its frame and where its form sends."""
    return read_field(handle).site


# Most elements give at most one accessibility node worth scoring (wrappers are ignored), so a
# document with twice the scorer's node cap in elements is refused without reading its tree.
ELEMENTS_PER_SCORED_NODE = 2


class _Core:
    """State and rules shared by the sync and async wrappers (no I/O here)."""

    def __init__(
        self,
        task: str,
        minim: Minim,
        *,
        fmt: Format,
        audit_log: Path | None,
        leakage_budget: float | None,
        text_minimizer: TextMinimizer | None = None,
    ) -> None:
        if not isinstance(task, str) or not task.strip():
            raise ActionRefused("the task must be a non-empty text")
        self.task = task
        self.minim = minim
        self.fmt = fmt
        self.audit = AuditLog(audit_log) if audit_log is not None else None
        self.budget = LeakageBudget(leakage_budget) if leakage_budget is not None else None
        self.step = 0
        self.guard = RequestGuard(task=task, vault=minim.vault, on_incident=self.incident)
        self.typed = TypedText(task, minimizer=text_minimizer, audit=self.audit)
        self.raw: UITree | None = None
        self.view: SanitizedView | None = None
        self.answer: str | None = None  # a stop action's answer, for the local user only

    @property
    def max_elements(self) -> int:
        """Documents with more elements are refused before Chromium builds their tree."""
        return ELEMENTS_PER_SCORED_NODE * self.minim.scorer.max_nodes

    def observed(self, raw: UITree) -> str:
        thresholds = self.budget.thresholds(self.minim.thresholds) if self.budget else self.minim.thresholds
        view = self.minim.sanitize(raw, self.task, thresholds=thresholds)
        self.step += 1
        self.raw, self.view = raw, view
        spent = 0.0
        if self.budget is not None:
            self.budget.charge(disclosure(view, raw))
            spent = self.budget.spent
        if self.audit is not None:
            self.audit.observation(self.step, raw, view, thresholds, spent)
        if self.fmt == "json":
            import json

            return json.dumps({"text": view.text("webarena"), "nodes": view.nodes_json()}, ensure_ascii=False)
        return view.text(self.fmt)

    def target(self, action: Action) -> UINode | None:
        """The raw node an action addresses, if the agent could see it in the last view."""
        if self.raw is None or self.view is None:
            raise ActionRefused("observe() the page before acting on it")
        if action.node_id and action.node_id in self.view.tree:
            return self.raw[action.node_id]
        return None

    def parse(self, text: str | Action) -> tuple[Action, UINode | None]:
        """The action and the raw node it addresses; refused when it addresses one not shown."""
        action = parse_action(text) if isinstance(text, str) else text
        if action.kind == "stop":
            return action, None
        target = self.target(action)
        if action.kind in ("click", "hover", "type") and target is None:
            raise ActionRefused(f"[{action.node_id}] is not in the current observation")
        return action, target

    @staticmethod
    def reads_field(action: Action) -> bool:
        """Whether the live field must be read before typing: its text is minimized for it, or
        a placeholder's frame and form are checked."""
        return action.kind == "type" and (needs_minimizing(action.text) or bool(action.placeholders()))

    def plan(
        self, action: Action, target: UINode | None, current_url: str, field: FieldRead | None = None
    ) -> tuple[Action, str]:
        """The action as it will run (typed text minimized) and the text to really use
        (placeholders filled in where they may go); `field` is the live field of a `type`."""
        if action.kind == "stop":
            self.answer = rehydrate(action, vault=self.minim.vault, target=None, origin=origin_of(current_url))
            return action, self.answer
        if action.kind == "type":
            vault = self.minim.vault
            return type_plan(
                action, typed=self.typed, field=field, vault=vault, target=target, page_url=current_url, step=self.step
            )
        real = rehydrate(action, vault=self.minim.vault, target=target, origin=origin_of(current_url))
        if action.kind == "goto":  # both wrappers: schemes that run code, values withheld from the model
            real = check_navigation(real, current_url, self.guard)
        return action, real

    def incident(self, incident: Incident) -> None:
        """A request the guard blocked or rewrote, for the audit log."""
        if self.audit is not None:
            outcome, reason = incident.action, incident.reason
            self.audit.request(self.step, incident.url, outcome, reason, incident.placeholders, incident.where)

    def record(self, action: Action, outcome: str) -> None:
        if self.audit is not None:
            self.audit.action(self.step, action.kind, action.node_id, action.text, action.placeholders(), outcome)

    def refused(self, action: str | Action, reason: ActionRefused) -> None:
        if self.audit is None:
            return
        if isinstance(action, str):
            try:
                action = parse_action(action)
            except ActionRefused:
                self.audit.action(self.step, "unparsed", "", action, [], f"refused: {reason}")
                return
        self.record(action, f"refused: {reason}")


class _Wrapper:
    """What the sync and async wrappers share: the session core and the request guard."""

    def __init__(
        self,
        page: Page | AsyncPage,
        task: str,
        *,
        minim: Minim | None = None,
        fmt: Format = "webarena",
        audit_log: Path | None = None,
        leakage_budget: float | None = None,
        broker: str | None = None,
        text_minimizer: TextMinimizer | None = None,
    ) -> None:
        self.page = page
        if minim is None and broker is not None:
            from webminim.broker import BrokerScorer

            minim = Minim(BrokerScorer(broker))  # scores from a running `webminim serve`; vault stays here
        self._core = _Core(
            task,
            minim if minim is not None else Minim.load(),
            fmt=fmt,
            audit_log=audit_log,
            leakage_budget=leakage_budget,
            text_minimizer=text_minimizer,
        )
        self.guard = self._core.guard

    @property
    def view(self) -> SanitizedView | None:
        return self._core.view

    @property
    def vault(self):  # noqa: ANN201 - the session's Vault
        return self._core.minim.vault

    @property
    def answer(self) -> str | None:
        """The agent's final answer (`stop [...]`), placeholders filled in, for the local user."""
        return self._core.answer


class MinimPage(_Wrapper):
    """A sanitizing observer/actor around a sync Playwright page.

    Options: `minim`, `fmt`, `audit_log`, `leakage_budget`, `broker`, `text_minimizer` (see
    `_Wrapper`; typed text is minimized by the shared default unless one is given),
    `guard_requests`.
    """

    def __init__(self, page: Page, task: str, *, guard_requests: bool = True, **options: Any) -> None:
        super().__init__(page, task, **options)
        self.guard_requests = guard_requests
        if guard_requests:
            self.guard.install(page)

    def observe(self) -> str:
        """The sanitized observation of the current page (what may be sent to the model)."""
        return self._core.observed(live.extract_page(self.page, max_elements=self._core.max_elements))

    def act(self, action: str | Action) -> None:
        """Execute one WebArena action; refuses what would move withheld data out of place."""
        try:
            planned, target = self._core.parse(action)
        except ActionRefused as exc:
            self._core.refused(action, exc)
            raise
        try:
            page = self.page
            locator = None
            if planned.kind in ("click", "hover", "type"):
                locator = live.locator_for(page, target)  # type: ignore[arg-type]
            field = None
            if locator is not None and self._core.reads_field(planned):
                field = self._read_field(locator, target)  # type: ignore[arg-type]
            run, text = self._core.plan(planned, target, page.url, field)
            if self.guard_requests and run.kind == "type" and run.placeholders():
                self.guard.hold(page)  # before the value is in: the page's scripts may send it on
            self._execute(run, locator, text)
        except ActionRefused as exc:
            self._core.refused(planned, exc)
            raise
        except WebminimError:
            self._core.record(planned, "failed")
            raise
        except PlaywrightError as exc:
            self._core.record(planned, "failed")
            raise BrowserError(f"{planned.kind} failed: {first_line(exc)}") from exc
        self._core.record(planned, "done")

    def _execute(self, action: Action, locator: Locator | None, text: str) -> None:
        page = self.page
        if locator is not None:
            if action.kind == "click":
                locator.click()
            elif action.kind == "hover":
                locator.hover()
            else:
                locator.fill(text)
                if action.press_enter:
                    locator.press("Enter")
        elif action.kind == "press":
            page.keyboard.press(text)
        elif action.kind == "scroll":
            page.mouse.wheel(0, 600 if text == "down" else -600)
        elif action.kind == "goto":
            page.goto(text)  # checked by check_navigation in plan
        elif action.kind == "go_back":
            page.go_back()
        elif action.kind == "go_forward":
            page.go_forward()
        elif action.kind == "new_tab":
            self.page = page.context.new_page()
            if self.guard_requests:
                self.guard.install(self.page)  # a no-op when the context is guarded already
        elif action.kind == "close_tab":
            others = [p for p in page.context.pages if p is not page]
            page.close()
            if others:
                self.page = others[-1]
        elif action.kind == "tab_focus":
            pages = page.context.pages
            index = int(text)
            if not 0 <= index < len(pages):
                raise ActionRefused(f"there is no tab {index} (open tabs: {len(pages)})")
            self.page = pages[index]
            self.page.bring_to_front()

    @staticmethod
    def _read_field(locator: Locator, target: UINode) -> FieldRead:
        handle = locator.element_handle()
        try:
            return read_field(handle, target.name)
        finally:
            handle.dispose()


class AsyncMinimPage(_Wrapper):
    """The async twin of MinimPage."""

    def __init__(self, page: AsyncPage, task: str, *, guard_requests: bool = True, **options: Any) -> None:
        super().__init__(page, task, **options)
        self.guard_requests = guard_requests
        self._guard_pending = guard_requests  # routes are installed with an await: on first use

    async def _ensure_guard(self) -> None:
        if self._guard_pending:
            self._guard_pending = False
            await self.guard.install_async(self.page)

    async def observe(self) -> str:
        await self._ensure_guard()
        return self._core.observed(await live_async.extract_page(self.page, max_elements=self._core.max_elements))

    async def act(self, action: str | Action) -> None:
        await self._ensure_guard()
        try:
            planned, target = self._core.parse(action)
        except ActionRefused as exc:
            self._core.refused(action, exc)
            raise
        page = self.page
        try:
            locator = None
            if planned.kind in ("click", "hover", "type"):
                locator = await live_async.locator_for(page, target)  # type: ignore[arg-type]
            field = None
            if locator is not None and self._core.reads_field(planned):
                field = await self._read_field(locator, target)  # type: ignore[arg-type]
            run, text = self._core.plan(planned, target, page.url, field)
            if self.guard_requests and run.kind == "type" and run.placeholders():
                await self.guard.hold_async(page)  # before the value is in: the page's scripts may send it on
            await self._execute(run, locator, text)
        except ActionRefused as exc:
            self._core.refused(planned, exc)
            raise
        except WebminimError:
            self._core.record(planned, "failed")
            raise
        except Exception as exc:  # noqa: BLE001 - async Playwright errors, mapped at the boundary
            self._core.record(planned, "failed")
            raise BrowserError(f"{planned.kind} failed: {first_line(exc)}") from exc
        self._core.record(planned, "done")

    async def _execute(self, action: Action, locator: AsyncLocator | None, text: str) -> None:
        page = self.page
        if locator is not None:
            if action.kind == "click":
                await locator.click()
            elif action.kind == "hover":
                await locator.hover()
            else:
                await locator.fill(text)
                if action.press_enter:
                    await locator.press("Enter")
        elif action.kind == "press":
            await page.keyboard.press(text)
        elif action.kind == "scroll":
            await page.mouse.wheel(0, 600 if text == "down" else -600)
        elif action.kind == "goto":
            await page.goto(text)  # checked by check_navigation in plan
        elif action.kind == "go_back":
            await page.go_back()
        elif action.kind == "go_forward":
            await page.go_forward()
        elif action.kind == "tab_focus":
            pages = page.context.pages
            index = int(text)
            if not 0 <= index < len(pages):
                raise ActionRefused(f"there is no tab {index} (open tabs: {len(pages)})")
            self.page = pages[index]
            await self.page.bring_to_front()
        elif action.kind == "new_tab":
            self.page = await page.context.new_page()
            if self.guard_requests:
                await self.guard.install_async(self.page)  # a no-op when the context is guarded already
        elif action.kind == "close_tab":
            others = [p for p in page.context.pages if p is not page]
            await page.close()
            if others:
                self.page = others[-1]

    @staticmethod
    async def _read_field(locator: AsyncLocator, target: UINode) -> FieldRead:
        handle = await locator.element_handle()
        try:
            return await read_field_async(handle, target.name)
        finally:
            await handle.dispose()
