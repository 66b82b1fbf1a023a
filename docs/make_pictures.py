"""Re-make the README's picture: `webminim inspect` on the bundled demo inbox, screenshotted.

python docs/make_pictures.py
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from importlib import resources
from pathlib import Path

from playwright.sync_api import sync_playwright

from webminim.browser import launch_options

TASK = "Reply to Marcus Webb's email about the March invoice"


def main() -> None:
    inbox = resources.files("webminim") / "demo" / "inbox.html"
    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "report.html"
        subprocess.run(
            [
                sys.executable,
                "-m",
                "webminim.cli",
                "inspect",
                "--html",
                str(inbox),
                "--task",
                TASK,
                "--out",
                str(report),
            ],
            check=True,
        )
        with sync_playwright() as pw:
            browser = pw.chromium.launch(**launch_options())
            page = browser.new_page(viewport={"width": 1400, "height": 900})
            page.goto(report.as_uri())
            page.screenshot(path=str(Path(__file__).parent / "inspect-report.png"))
            browser.close()


if __name__ == "__main__":
    main()
