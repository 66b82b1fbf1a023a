"""One table for the whole broker: extraction, scoring, policy, egress, overhead, memory.

    python bench/run_all.py [--sizes 300 1000 3000] [--repeat 3]

Observation side, on synthetic pages in real headless Chromium: CDP extraction, scoring
(MiniLM features + GATv2, warm embedding cache as in an agent loop, where most of a page
repeats between steps), the policy and view (K/A/R, placeholders, leak-path closing) and
rendering; the sanitization overhead is reported as a ratio to the extraction time
measured in the same run. Action side: ToolMinimize latency p50/p99 over the egress
scenario set, and Presidio next to webminim on the same calls. Peak RSS of the process.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright
from rich.console import Console
from rich.table import Table

from extractors.live import extract_page
from webminim.browser import launch_options
from webminim.embedder import Embedder
from webminim.policy import PolicyContext, Thresholds, decide
from webminim.renderers import render
from webminim.scorer import Scorer
from webminim.synthetic import large_page
from webminim.vault import Vault
from webminim.view import build_view

sys.path.insert(0, str(Path(__file__).parent))
from egress import Presidio, Webminim, no_mitigation, percentile, score  # noqa: E402
from scenarios import scenarios  # noqa: E402

TASK = "Add the product 7 to my cart"


def timed_ms(fn: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    """Median milliseconds over `repeat` runs, and the last result."""
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), result


def observation_rows(sizes: list[int], repeat: int) -> list[tuple[str, ...]]:
    scorer = Scorer.load(embedder=Embedder(cache=False))
    thresholds = Thresholds()
    scorer.embedder.embed(["warm up: load MiniLM before timing"])
    rows = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(**launch_options())
        page = browser.new_page()
        for target in sizes:
            page.set_content(large_page(max(7, target // 2)), wait_until="load")
            extract, tree = timed_ms(lambda: extract_page(page), repeat)
            scorer.embedder.forget()
            cold, _ = timed_ms(lambda: scorer.score(tree, TASK), 1)  # noqa: B023
            warm, scores = timed_ms(lambda: scorer.score(tree, TASK), repeat)  # noqa: B023

            def policy(tree=tree, scores=scores):  # noqa: ANN001, ANN202
                actions = decide(scores.s, scores.n, thresholds, PolicyContext.of(tree, TASK))
                return build_view(
                    tree, actions, scores.s, scores.n, Vault(), tau_nec=thresholds.tau_nec, tau_sens=thresholds.tau_sens
                )

            policy_ms, view = timed_ms(policy, repeat)
            render_ms, _ = timed_ms(lambda: view.text("webarena"), repeat)  # noqa: B023
            raw_render, _ = timed_ms(lambda: render(tree, "webarena"), repeat)  # noqa: B023
            overhead = warm + policy_ms + render_ms
            rows.append(
                (
                    f"{len(tree):,}",
                    f"{extract:.0f}",
                    f"{cold:.0f}",
                    f"{warm:.0f}",
                    f"{policy_ms:.0f}",
                    f"{render_ms:.0f} ({raw_render:.0f})",
                    f"{overhead / extract:.2f}",
                )
            )
        browser.close()
    return rows


def observe_rows(repeat: int) -> list[tuple[str, ...]]:
    """MinimPage.observe() on the local sites: extraction + scoring + policy + render."""
    from webarena_env.server import running_sites
    from webminim.agent import MinimPage
    from webminim.minim import Minim

    scorer = Scorer.load(embedder=Embedder(cache=False))
    scorer.embedder.embed(["warm up: load MiniLM before timing"])
    rows = []
    with running_sites() as sites, sync_playwright() as pw:
        browser = pw.chromium.launch(**launch_options())
        page = browser.new_page()
        for path, task in (
            ("/a/shop/product?seed=90001&inject=otp.toast,slack.sidebar", "Add this product to my cart"),
            ("/b/forum/post?seed=90001&inject=tabs.banner", "Upvote the first comment"),
            ("/a/mail/inbox?seed=90001&inject=password.modal,slack.toast", "Open the newest email"),
        ):
            page.goto(sites.url + path, wait_until="load")
            agent = MinimPage(page, task, minim=Minim(scorer), guard_requests=False)
            extract, tree = timed_ms(lambda: extract_page(page), repeat)  # noqa: B023
            first, _ = timed_ms(agent.observe, 1)
            warm, _ = timed_ms(agent.observe, repeat)
            rows.append((path.split("?")[0], f"{len(tree):,}", f"{extract:.0f}", f"{first:.0f}", f"{warm:.0f}"))
        browser.close()
    return rows


def egress_rows(repeat: int) -> tuple[list[tuple[str, ...]], int]:
    cases = [s for s in scenarios() if not s.benign]
    base = score(no_mitigation, cases)["pcs"]
    rows = []
    for name, method in (("Presidio detect+anonymize", Presidio()), ("webminim ToolMinimize", Webminim())):
        method(cases[0])  # warm up (lexicon automata, analyzers)
        times = []
        for s in cases:
            for _ in range(repeat):
                start = time.perf_counter()
                method(s)
                times.append((time.perf_counter() - start) * 1000)
        m = score(method, cases)
        rows.append(
            (
                name,
                f"{percentile(times, 0.5):.2f}",
                f"{percentile(times, 0.99):.2f}",
                f"{1 - m['pcs'] / base:.1%}",
                f"{m['tcr']:.1%}",
            )
        )
    return rows, len(cases)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[300, 1_000, 3_000], help="target AX nodes")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    console = Console(width=150)

    observe = Table(title="Observation side (ms, median; warm = embedding cache hit, as between agent steps)")
    for column in (
        "AX nodes",
        "CDP extract",
        "score cold",
        "score warm",
        "policy+view",
        "render (raw)",
        "overhead / extract",
    ):
        observe.add_column(column, justify="right")
    for row in observation_rows(args.sizes, args.repeat):
        observe.add_row(*row)
    console.print(observe)

    loop = Table(title="MinimPage.observe() on the local sites (ms, median)")
    for column in ("page", "AX nodes", "CDP extract only", "observe, first", "observe, next steps"):
        loop.add_column(column, justify="right")
    for row in observe_rows(args.repeat):
        loop.add_row(*row)
    console.print(loop)

    rows, n = egress_rows(args.repeat)
    egress = Table(title=f"Action side: {n} over-sharing tool calls, same run")
    for column in ("method", "p50 ms", "p99 ms", "PCS reduction", "TCR"):
        egress.add_column(column, justify="right")
    for row in rows:
        egress.add_row(*row)
    console.print(egress)
    console.print(f"peak RSS: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB")


if __name__ == "__main__":
    main()
