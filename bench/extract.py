"""Extraction and rendering speed on synthetic pages of 100 / 1,000 / 10,000 elements.

    python bench/extract.py [--sizes 100 1000 10000] [--repeat 5]

Prints the median time of CDP extraction (all frames), Playwright's aria snapshot, static
HTML parsing and both text renderers, in real headless Chromium.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from playwright.sync_api import sync_playwright
from rich.console import Console
from rich.table import Table

from extractors.aria import extract_aria
from extractors.html import tree_from_html
from extractors.live import extract_page
from webminim.browser import launch_options
from webminim.renderers import render
from webminim.synthetic import large_page


def median_ms(fn: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 1_000, 10_000])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()

    table = Table(title="webminim extraction (median ms)")
    for column in (
        "elements",
        "AX nodes",
        "CDP extract",
        "aria snapshot",
        "HTML parse",
        "render webarena",
        "render browsergym",
        "render / CDP",
    ):
        table.add_column(column, justify="right")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(**launch_options())
        page = browser.new_page()
        for size in args.sizes:
            html = large_page(size)
            page.set_content(html, wait_until="load")
            repeat = args.repeat if size <= 1_000 else max(1, args.repeat // 2)
            tree = extract_page(page)
            cdp = median_ms(lambda: extract_page(page), repeat)
            aria = median_ms(lambda: extract_aria(page), repeat)
            parse = median_ms(lambda h=html: tree_from_html(h), repeat)
            webarena = median_ms(lambda t=tree: render(t, "webarena"), repeat)
            browsergym = median_ms(lambda t=tree: render(t, "browsergym"), repeat)
            table.add_row(
                f"{size:,}",
                f"{len(tree):,}",
                f"{cdp:.1f}",
                f"{aria:.1f}",
                f"{parse:.1f}",
                f"{webarena:.1f}",
                f"{browsergym:.1f}",
                f"{webarena / cdp:.2f}",
            )
        browser.close()
    Console(width=160).print(table)


if __name__ == "__main__":
    main()
