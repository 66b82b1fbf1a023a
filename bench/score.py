"""Scoring latency (features + model) next to CDP extraction, for 100 / 1,000 / 10,000 nodes.

    python bench/score.py [--sizes 100 1000 10000] [--model PATH]

Cold: a fresh embedder with an empty cache (every node text goes through MiniLM). Warm:
the same tree again (all texts cached). Prints a table with the ratio scoring / extraction
and the process's peak RSS.
"""

from __future__ import annotations

import argparse
import resource
import time

from playwright.sync_api import sync_playwright
from rich.console import Console
from rich.table import Table

from extractors.live import extract_page
from webminim.browser import launch_options
from webminim.embedder import Embedder
from webminim.scorer import Scorer
from webminim.synthetic import large_page

TASK = "Add the product 7 to my cart"


def timed(fn) -> tuple[float, object]:  # noqa: ANN001
    start = time.perf_counter()
    result = fn()
    return (time.perf_counter() - start) * 1000, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 1_000, 10_000], help="target AX nodes")
    parser.add_argument("--model", default=None)
    args = parser.parse_args()
    scorer = Scorer.load(args.model, embedder=Embedder(cache=False))
    scorer.embedder.embed(["warm up: load MiniLM before timing"])
    table = Table(title="webminim scoring latency (ms)")
    for column in ("AX nodes", "CDP extract", "score cold", "score warm", "cold / extract", "warm / extract"):
        table.add_column(column, justify="right")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(**launch_options())
        page = browser.new_page()
        for target in args.sizes:
            # a synthetic card has ~2 AX nodes per HTML element once text nodes are counted
            page.set_content(large_page(max(7, target // 2)), wait_until="load")
            extract_ms, tree = timed(lambda: extract_page(page))
            scorer.embedder.forget()
            cold_ms, _ = timed(lambda: scorer.score(tree, TASK))  # noqa: B023
            warm_ms, _ = timed(lambda: scorer.score(tree, TASK))  # noqa: B023
            table.add_row(
                f"{len(tree):,}",
                f"{extract_ms:.0f}",
                f"{cold_ms:.0f}",
                f"{warm_ms:.0f}",
                f"{cold_ms / extract_ms:.2f}",
                f"{warm_ms / extract_ms:.2f}",
            )
        browser.close()
    console = Console(width=140)
    console.print(table)
    console.print(f"peak RSS: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB")


if __name__ == "__main__":
    main()
