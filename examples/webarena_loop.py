"""Drop webminim into a WebArena-style loop: the observation dict's accessibility-tree text
is replaced by the minimal view before it reaches the model, and the screenshot is dropped.

    python examples/webarena_loop.py

Runs against the bundled local sites (a shop with an injected 2FA toast) in headless
Chromium. In a real WebArena loop, `obs` comes from `env.step()` and `page` is `env.page`.
"""

from __future__ import annotations

from playwright.sync_api import sync_playwright

from extractors import extract_page
from webarena_env.server import running_sites
from webminim import Minim
from webminim.browser import launch_options
from webminim.integrations import sanitize_webarena
from webminim.renderers import render

TASK = "Open my shopping cart"


def main() -> None:
    minim = Minim.load()
    with running_sites() as sites, sync_playwright() as pw:
        page = pw.chromium.launch(**launch_options()).new_page()
        page.goto(f"{sites.url}/a/shop/home?seed=3&inject=otp.toast,slack.sidebar")
        tree = extract_page(page)
        obs = {"text": render(tree, "webarena"), "image": page.screenshot()}  # what WebArena returns
        safe = sanitize_webarena(obs, tree, TASK, minim)
        print(f"raw observation: {len(obs['text']):,} characters; sanitized: {len(safe['text']):,}")
        print("keys sent to the model:", sorted(safe))
        print(safe["text"])


if __name__ == "__main__":
    main()
