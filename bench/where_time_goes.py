"""Where the time goes (cProfile, top functions by cumulative time), for docs/perf.md.

    python bench/where_time_goes.py [--top 25]

1. `webminim sanitize --html` as one process does it: imports, model load, scoring.
2. The first `MinimPage.observe()` on a local site page (model loaded, embedding cache cold)
   and the next one (warm), in real Chromium.
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import io
import pstats
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def top(profile: cProfile.Profile, count: int) -> str:
    out = io.StringIO()
    stats = pstats.Stats(profile, stream=out)
    stats.sort_stats("cumulative").print_stats(count)
    lines = [
        line for line in out.getvalue().splitlines() if line.strip() and "{built-in method builtins.exec}" not in line
    ]
    return "\n".join(lines[: count + 6])


def profile_cli(count: int) -> None:
    from webminim.cli import main

    argv = ["sanitize", "--html", str(ROOT / "tests" / "fixtures" / "forms.html"), "--task", "Sign in with my email"]
    profile = cProfile.Profile()
    began = time.perf_counter()
    profile.enable()
    with contextlib.suppress(SystemExit):
        main(argv)
    profile.disable()
    print(
        f"\n## webminim sanitize --html (one process): {time.perf_counter() - began:.2f} s in-process\n",
        file=sys.stderr,
    )
    print(top(profile, count), file=sys.stderr)


def profile_observe(count: int) -> None:
    from playwright.sync_api import sync_playwright

    from webarena_env.server import running_sites
    from webminim.agent import MinimPage
    from webminim.browser import launch_options
    from webminim.embedder import Embedder
    from webminim.minim import Minim
    from webminim.scorer import Scorer

    scorer = Scorer.load(embedder=Embedder(cache=False))
    scorer.embedder.embed(["warm up"])
    with running_sites() as sites, sync_playwright() as pw:
        browser = pw.chromium.launch(**launch_options())
        page = browser.new_page()
        page.goto(sites.url + "/a/shop/product?seed=90001&inject=otp.toast,slack.sidebar", wait_until="load")
        agent = MinimPage(page, "Add this product to my cart", minim=Minim(scorer), guard_requests=False)
        for label in ("first observe() (cold embedding cache)", "next observe() (warm)"):
            profile = cProfile.Profile()
            began = time.perf_counter()
            profile.enable()
            agent.observe()
            profile.disable()
            print(f"\n## {label}: {(time.perf_counter() - began) * 1000:.0f} ms\n", file=sys.stderr)
            print(top(profile, count), file=sys.stderr)
        browser.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--top", type=int, default=25)
    args = parser.parse_args()
    profile_cli(args.top)
    profile_observe(args.top)


if __name__ == "__main__":
    main()
