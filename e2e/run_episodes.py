"""Run the scripted agent over the task-type cases on the raw and the sanitized view.

    python e2e/run_episodes.py [--per-theme 1] [--views raw,sanitized]

Prints task success per task type for both views, the leak check over every episode, and
returns the outcomes (the e2e test calls `run_all`).
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

sys.path.insert(0, str(Path(__file__).parent))
from episodes import Case, cases  # noqa: E402
from scripted_agent import Episode, Outcome, RawPage, run  # noqa: E402

from webminim.agent import MinimPage  # noqa: E402
from webminim.browser import launch_options  # noqa: E402
from webminim.minim import Minim  # noqa: E402
from webminim.view import origin_of  # noqa: E402

# Tasks whose point is the secret: it may reach the page through the vault, never the text.
SECRET_TASKS = {"extract_2fa_code": "otp", "complete_2fa": "otp"}


@dataclass
class Report:
    outcomes: dict[str, list[tuple[Case, Outcome]]] = field(default_factory=lambda: defaultdict(list))
    leaks: list[str] = field(default_factory=list)
    secrets_checked: int = 0
    requests_checked: int = 0

    def success(self, view: str, task_type: str | None = None) -> float:
        rows = [o for c, o in self.outcomes[view] if task_type is None or c.task.type == task_type]
        return sum(o.success for o in rows) / len(rows) if rows else float("nan")


def _leak_check(report: Report, case: Case, episode: Episode, requests: list[str]) -> None:
    """No injected secret in any observation text, action argument or request to another
    origin during a sanitized episode."""
    places = [("observation", t) for t in episode.seen] + [("action", t) for t in episode.actions]
    places += [("cross-origin request", t) for t in requests]
    for injection in case.injections():
        for secret in injection.secrets:
            if secret.lower() in case.task.text.lower():
                continue  # the user named it in the task (a tab title to switch to)
            report.secrets_checked += 1
            where = next((kind for kind, text in places if secret in text), None)
            if where is not None:
                report.leaks.append(f"{case.label}: {injection.kind} secret in an {where}")


def _record_cross_origin(page: Page, base_url: str, into: list[str]) -> None:
    origin = origin_of(base_url)
    page.on("request", lambda r: into.append(f"{r.url} {r.post_data or ''}") if origin_of(r.url) != origin else None)


def run_all(
    browser: Browser,
    base_url: str,
    minim_factory,
    *,
    per_theme: int = 1,  # noqa: ANN001
    views: tuple[str, ...] = ("raw", "sanitized"),
) -> Report:
    report = Report()
    for case in cases(per_theme):
        for view in views:
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            page = context.new_page()
            page.set_default_timeout(5_000)
            requests: list[str] = []
            _record_cross_origin(page, base_url, requests)
            page.goto(base_url + case.url, wait_until="load")
            agent = RawPage(page) if view == "raw" else MinimPage(page, case.task.text, minim=minim_factory())
            episode = Episode(agent, case.spec, base_url, case.injections())
            outcome = run(episode, case.task)
            report.outcomes[view].append((case, outcome))
            if view == "sanitized":
                _leak_check(report, case, episode, requests)
                report.requests_checked += len(requests)
            context.close()
    return report


def print_report(report: Report) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(title="Scripted agent: task success, full vs sanitized view")
    table.add_column("task type")
    for view in report.outcomes:
        table.add_column(view, justify="right")
    table.add_column("failures")
    types = sorted({c.task.type for c, _ in next(iter(report.outcomes.values()))})
    for task_type in types:
        cells = [f"{report.success(v, task_type):.0%}" for v in report.outcomes]
        reasons = "; ".join(
            sorted(
                {
                    f"{view} {c.spec.theme}: {o.reason}"
                    for view, rows in report.outcomes.items()
                    for c, o in rows
                    if c.task.type == task_type and not o.success
                }
            )
        )
        table.add_row(task_type, *cells, reasons[:90])
    table.add_row("ALL", *[f"{report.success(v):.1%}" for v in report.outcomes], "")
    console = Console(width=160)
    console.print(table)
    console.print(
        f"secrets checked: {report.secrets_checked}; leaked: {len(report.leaks)}; "
        f"cross-origin requests seen: {report.requests_checked}"
    )
    for leak in report.leaks:
        console.print(f"  LEAK {leak}")


def main() -> None:
    from webarena_env.server import running_sites
    from webminim.embedder import Embedder

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-theme", type=int, default=1)
    parser.add_argument("--views", default="raw,sanitized")
    args = parser.parse_args()
    scorer = Minim.load(embedder=Embedder()).scorer
    with running_sites() as sites, sync_playwright() as pw:
        browser = pw.chromium.launch(**launch_options())
        report = run_all(
            browser, sites.url, lambda: Minim(scorer), per_theme=args.per_theme, views=tuple(args.views.split(","))
        )
        browser.close()
    print_report(report)


if __name__ == "__main__":
    main()
