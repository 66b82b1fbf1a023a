"""Peak RSS of one agent process: `MinimPage.observe()` on the local sites, nothing else loaded.

    python bench/agent_rss.py --sites http://127.0.0.1:PORT

Run by `bench/run_all.py` in a child process, with the sites served by another, so the
figure is what an agent pays (model, MiniLM, extraction, policy), not the bench's own imports
or the sites' server. Prints the process's VmHWM in MiB on the last line.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from playwright.sync_api import sync_playwright

from webminim.agent import MinimPage
from webminim.browser import launch_options

PAGES = (
    ("/a/shop/product?seed=90001&inject=otp.toast,slack.sidebar", "Add this product to my cart"),
    ("/b/forum/post?seed=90001&inject=tabs.banner", "Upvote the first comment"),
    ("/a/mail/inbox?seed=90001&inject=password.modal,slack.toast", "Open the newest email"),
)


def peak_mib() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sites", required=True, help="base URL of `webminim sites`")
    args = parser.parse_args()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(**launch_options())
        page = browser.new_page()
        for path, task in PAGES:
            page.goto(args.sites + path, wait_until="load")
            agent = MinimPage(page, task, guard_requests=False)
            agent.observe()
            agent.observe()
        browser.close()
    print(f"{peak_mib():.0f}")


if __name__ == "__main__":
    main()
