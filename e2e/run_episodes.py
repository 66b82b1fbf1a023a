"""Run the text-only agent over the task-type cases on the raw and on the sanitized view.

    python e2e/run_episodes.py [--per-theme 1] [--seeds 2] [--views raw,sanitized]

The agent (e2e/scripted_agent.py) gets the task text and observation strings only; each
episode is judged from the site's server log and the agent's answer (e2e/judges.py). Prints
task success per task type for both views, every failure with its cause, and the leak check
over every observation, action argument and cross-origin request of the sanitized episodes
(the sites' third-party tracker makes real ones). The e2e test calls `run_all`.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
import urllib.request
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

sys.path.insert(0, str(Path(__file__).parent))
from episodes import Case, cases  # noqa: E402
from judges import Evidence, Verdict, judge  # noqa: E402
from scripted_agent import ActionFailed, Outcome, run  # noqa: E402

from extractors.live import extract_page, locator_for  # noqa: E402
from webminim.actions import parse_action  # noqa: E402
from webminim.agent import MinimPage  # noqa: E402
from webminim.browser import launch_options  # noqa: E402
from webminim.minim import Minim  # noqa: E402
from webminim.renderers import render  # noqa: E402
from webminim.safe_urls import origin_of  # noqa: E402


class RawPage:
    """The unprotected baseline: the full observation, actions executed as given."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.tree = None
        self.answer: str | None = None

    def observe(self) -> str:
        self.tree = extract_page(self.page)
        return render(self.tree, "webarena")

    def act(self, action: str) -> None:
        parsed = parse_action(action)
        if parsed.kind == "stop":
            self.answer = parsed.text
            return
        locator = locator_for(self.page, self.tree[parsed.node_id])
        if parsed.kind == "click":
            locator.click()
        elif parsed.kind == "type":
            locator.fill(parsed.text)
            if parsed.press_enter:
                locator.press("Enter")


class BrowserEnv:
    """The text the agent may see and the actions it may take; it keeps the page to itself."""

    def __init__(self, view: RawPage | MinimPage) -> None:
        self._view = view
        self.seen: list[str] = []
        self.actions: list[str] = []

    def observe(self) -> str:
        text = self._view.observe()
        self.seen.append(text)
        return text

    def act(self, action: str) -> str:
        self.actions.append(action)
        try:
            self._view.act(action)
            self._view.page.wait_for_load_state("load")
        except Exception as exc:  # noqa: BLE001 - the agent gets the one-line reason, as an LLM would
            raise ActionFailed(f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}") from None
        return self.observe()

    @property
    def answer(self) -> str | None:
        return self._view.answer


# Tasks whose point is the secret: it may reach the page through the vault, never the text.
SECRET_TASKS = {"extract_2fa_code": "otp", "complete_2fa": "otp"}


@dataclass
class Report:
    outcomes: dict[str, list[tuple[Case, Outcome, Verdict]]] = field(default_factory=lambda: defaultdict(list))
    leaks: list[str] = field(default_factory=list)
    secrets_checked: int = 0
    requests_checked: int = 0

    def success(self, view: str, task_type: str | None = None) -> float:
        rows = [v for c, _, v in self.outcomes[view] if task_type is None or c.task.type == task_type]
        return sum(v.success for v in rows) / len(rows) if rows else float("nan")

    def kept(self) -> float:
        """Sanitized successes among the episodes the agent solves on the full view."""
        raw = {(c.label, c.spec.seed, c.task.text) for c, _, v in self.outcomes["raw"] if v.success}
        rows = [v.success for c, _, v in self.outcomes["sanitized"] if (c.label, c.spec.seed, c.task.text) in raw]
        return sum(rows) / len(rows) if rows else float("nan")


def _log(base_url: str) -> dict[str, list[dict[str, Any]]]:
    with urllib.request.urlopen(f"{base_url}/__log") as response:
        return json.load(response)


def leaks_in(case: Case, places: list[tuple[str, str]]) -> tuple[int, list[str]]:
    """Injected secrets found in `places` ((kind, text) pairs): (secrets checked, leaks)."""
    checked, found = 0, []
    for injection in case.injections():
        for secret in injection.secrets:
            if secret.lower() in case.task.text.lower():
                continue  # the user named it in the task (a tab title to switch to)
            checked += 1
            where = next((kind for kind, text in places if secret in text), None)
            if where is not None:
                found.append(f"{case.label}: {injection.kind} secret found in: {where}")
    return checked, found


def _record_cross_origin(context: BrowserContext, base_url: str, into: list[str]) -> None:
    """Every request to another origin that completed (a request the guard aborted never left)."""
    origin = origin_of(base_url)

    def finished(request: Any) -> None:
        if origin_of(request.url) != origin:
            into.append(f"{request.url} {request.post_data or ''}")

    context.on("requestfinished", finished)


Places = list[tuple[str, str]]  # (where, text): everything that left the page during an episode


def run_case(
    browser: Browser, base_url: str, case: Case, view: str, minim_factory: Any
) -> tuple[Outcome, Verdict, Places]:
    """One episode: (what the agent did, the verdict, every place text went during it)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        page.set_default_timeout(5_000)
        requests: list[str] = []
        _record_cross_origin(context, base_url, requests)
        before = _log(base_url)
        page.goto(base_url + case.url, wait_until="load")
        surface = RawPage(page) if view == "raw" else MinimPage(page, case.task.text, minim=minim_factory())
        env = BrowserEnv(surface)
        outcome = run(env, case.task.text)
        with contextlib.suppress(Exception):  # widgets report to the server by fetch; a page that polls: go on
            page.wait_for_load_state("networkidle", timeout=3_000)
        after = _log(base_url)
        fresh = {k: after[k][len(before[k]) :] for k in after}
        evidence = Evidence(case.spec, case.task, case.injections(), fresh["actions"], fresh["visits"], env.answer)
        verdict = judge(evidence)
        if not verdict.success and outcome.error:
            verdict = Verdict(False, outcome.error)
        beacons = [json.dumps(b) for b in fresh["beacons"]]
        places = [("observation", t) for t in env.seen] + [("action", t) for t in env.actions]
        places += [("cross-origin request", t) for t in requests] + [("beacon received", t) for t in beacons]
        return outcome, verdict, places
    finally:
        context.close()


def run_all(
    browser: Browser,
    base_url: str,
    minim_factory,  # noqa: ANN001
    *,
    per_theme: int = 1,
    seeds: int = 1,
    views: tuple[str, ...] = ("raw", "sanitized"),
) -> Report:
    report = Report()
    for case in cases(per_theme, seeds=seeds):
        for view in views:
            outcome, verdict, places = run_case(browser, base_url, case, view, minim_factory)
            report.outcomes[view].append((case, outcome, verdict))
            if view == "sanitized":
                checked, found = leaks_in(case, places)
                report.secrets_checked += checked
                report.leaks += found
                outbound = ("cross-origin request", "beacon received")
                report.requests_checked += sum(kind in outbound for kind, _ in places)
    return report


def print_report(report: Report) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(title="Text-only agent: task success, full vs sanitized view (judged from server state)")
    table.add_column("task type")
    for view in report.outcomes:
        table.add_column(view, justify="right")
    table.add_column("failures")
    types = sorted({c.task.type for c, _, _ in next(iter(report.outcomes.values()))})
    for task_type in types:
        cells = [f"{report.success(v, task_type):.0%}" for v in report.outcomes]
        reasons = "; ".join(
            sorted(
                {
                    f"{view} {c.spec.theme}/{c.spec.page}: {v.reason}"
                    for view, rows in report.outcomes.items()
                    for c, _, v in rows
                    if c.task.type == task_type and not v.success
                }
            )
        )
        table.add_row(task_type, *cells, reasons[:200])
    table.add_row("ALL", *[f"{report.success(v):.1%}" for v in report.outcomes], "")
    console = Console(width=220)
    console.print(table)
    if "raw" in report.outcomes and "sanitized" in report.outcomes:
        console.print(f"sanitized success among episodes solved on the full view: {report.kept():.1%}")
    console.print(
        f"secrets checked: {report.secrets_checked}; leaked: {len(report.leaks)}; "
        f"cross-origin requests and beacons seen: {report.requests_checked}"
    )
    for leak in report.leaks:
        console.print(f"  LEAK {leak}")


def main() -> None:
    from webarena_env.server import running_sites
    from webminim.embedder import Embedder

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-theme", type=int, default=1)
    parser.add_argument("--seeds", type=int, default=2, help="page seeds per case (other content and wording)")
    parser.add_argument("--views", default="raw,sanitized")
    args = parser.parse_args()
    scorer = Minim.load(embedder=Embedder()).scorer
    with running_sites() as sites, sync_playwright() as pw:
        browser = pw.chromium.launch(**launch_options())
        report = run_all(
            browser,
            sites.url,
            lambda: Minim(scorer),
            per_theme=args.per_theme,
            seeds=args.seeds,
            views=tuple(args.views.split(",")),
        )
        browser.close()
    print_report(report)


if __name__ == "__main__":
    main()
