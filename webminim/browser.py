"""The browser adapter: the only part of webminim's core that talks to Playwright.

It finds a Chromium, launches it headless with flags that keep it off the network except
for the pages it is asked to load, and opens a page. Playwright errors become
`BrowserError` / `ExtractionError` here.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, sync_playwright

from extractors.errors import first_line
from webminim.errors import BrowserError, ExtractionError

# Background networking, component updates and sync would reach out to Google's servers.
CHROMIUM_ARGS: tuple[str, ...] = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
)
_CANDIDATES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
_SCHEMES = frozenset({"http", "https", "file", "about", "data"})
LOAD_TIMEOUT_MS = 20_000


def find_chromium() -> str:
    """Path of the Chromium to drive: $CHROMIUM_PATH, else the first one on PATH."""
    configured = os.environ.get("CHROMIUM_PATH")
    if configured:
        if os.access(configured, os.X_OK):
            return configured
        raise BrowserError(f"CHROMIUM_PATH={configured} is not an executable file")
    for name in _CANDIDATES:
        found = shutil.which(name)
        if found:
            return found
    raise BrowserError(
        "no Chromium found: install one (Debian: apt-get install chromium) or set CHROMIUM_PATH to its binary"
    )


def launch_options() -> dict[str, Any]:
    """Keyword arguments for `playwright.chromium.launch` (also used by the test suite)."""
    return {"executable_path": find_chromium(), "args": list(CHROMIUM_ARGS), "headless": True}


def normalize_url(target: str) -> str:
    """A loadable URL: an existing local path becomes file://, a bare host gets http://."""
    path = Path(target)
    if "://" not in target and path.exists():
        if not path.is_file():
            raise ExtractionError(f"{target} is not a file")
        return path.resolve().as_uri()
    parsed = urlparse(target if "://" in target or target.startswith(("about:", "data:")) else f"http://{target}")
    if parsed.scheme not in _SCHEMES:
        raise ExtractionError(f"unsupported URL scheme {parsed.scheme!r} in {target!r}")
    if parsed.scheme in ("http", "https") and not parsed.netloc:
        raise ExtractionError(f"{target!r} is not a valid URL")
    return parsed.geturl()


@contextmanager
def open_page(url: str, *, timeout_ms: int = LOAD_TIMEOUT_MS) -> Iterator[Page]:
    """A fresh headless Chromium page with `url` loaded; closed on exit."""
    target = normalize_url(url)
    with sync_playwright() as playwright:
        try:
            browser = playwright.chromium.launch(**launch_options())
        except PlaywrightError as exc:
            raise BrowserError(f"Chromium did not start: {first_line(exc)}") from exc
        try:
            page = browser.new_context().new_page()
            try:
                page.goto(target, wait_until="load", timeout=timeout_ms)
            except PlaywrightError as exc:
                raise ExtractionError(f"cannot load {target}: {first_line(exc)}") from exc
            yield page
        finally:
            browser.close()
