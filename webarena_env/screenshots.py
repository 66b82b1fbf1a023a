"""Screenshots of every site in both themes (with an injected toast), for the docs."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import sync_playwright

from webarena_env.pages import THEMES
from webarena_env.server import running_sites
from webminim.browser import launch_options

SHOTS = (("shop", "product", "otp.toast"), ("forum", "post", "slack.sidebar"), ("mail", "inbox", "password.modal"))


def take_screenshots(out: Path, *, seed: int = 7) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written = []
    with running_sites() as sites, sync_playwright() as pw:
        browser = pw.chromium.launch(**launch_options())
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        for theme in THEMES:
            for site, name, inject in SHOTS:
                page.goto(f"{sites.url}/{theme}/{site}/{name}?seed={seed}&inject={inject}", wait_until="load")
                path = out / f"{theme}-{site}-{name}.png"
                page.screenshot(path=str(path))
                written.append(path)
        browser.close()
    return written
