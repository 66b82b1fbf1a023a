"""Browser-side egress in real Chromium: requests to another origin lose their PSD, opaque
bodies with PSD are blocked, and an agent's goto cannot carry PSD to another site."""

from __future__ import annotations

import asyncio
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from playwright.async_api import async_playwright
from playwright.sync_api import Page

from conftest import RECEIVED
from webminim.browser import launch_options
from webminim.egress.browser_adapter import RequestGuard
from webminim.egress.navigation import check_navigation
from webminim.errors import ActionRefused


def tracker(base: str) -> str:
    """The same fixture server under another host name: a different origin."""
    return base.replace("127.0.0.1", "localhost")


def wait_for(count: int) -> None:
    deadline = time.time() + 5
    while len(RECEIVED) < count and time.time() < deadline:
        time.sleep(0.05)


def test_cross_origin_requests_are_minimized_or_blocked(page: Page, fixture_server: str):
    guard = RequestGuard(task="Check the forms page")
    guard.install(page)
    page.goto(f"{fixture_server}/forms.html")
    RECEIVED.clear()
    other = tracker(fixture_server)
    page.evaluate(
        """async (other) => {
            await fetch(other + '/collect?user=dana.kim%40gmail.com&lang=en', {mode: 'no-cors'});
            await fetch(other + '/collect', {method: 'POST', headers: {'content-type': 'application/json'},
                body: JSON.stringify({ssn: '123-45-6789', page: 'forms'})});
            try { await fetch(other + '/collect', {method: 'POST', headers: {'content-type': 'text/plain'},
                body: 'patient has diabetes, call (415) 555-0199'}); } catch (e) {}
        }""",
        other,
    )
    wait_for(2)
    sent = " ".join(f"{r['path']} {r['body']}" for r in RECEIVED)
    assert "lang=en" in sent and "forms" in sent  # the harmless parts still arrive
    assert "dana.kim" not in sent and "123-45-6789" not in sent and "diabetes" not in sent
    assert [i.action for i in guard.incidents].count("blocked") == 1
    assert all("dana" not in str(i) for i in guard.incidents)  # incidents never carry values


def test_the_guard_works_on_async_pages_too(fixture_server: str):
    guard = RequestGuard(task="Check the forms page")

    async def episode() -> None:
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(**launch_options())
            page = await browser.new_page()
            await guard.install_async(page)
            await page.goto(f"{fixture_server}/forms.html")
            RECEIVED.clear()
            await page.evaluate(
                "other => fetch(other + '/collect?user=dana.kim%40gmail.com&lang=en', {mode: 'no-cors'})",
                tracker(fixture_server),
            )
            await browser.close()

    # pytest-playwright's sync loop owns this thread; the async run gets a thread of its own
    with ThreadPoolExecutor(max_workers=1) as pool:
        pool.submit(asyncio.run, episode()).result(timeout=120)
    wait_for(1)
    assert RECEIVED and "lang=en" in RECEIVED[-1]["path"] and "dana.kim" not in RECEIVED[-1]["path"]
    assert [i.action for i in guard.incidents] == ["rewritten"]


def test_same_origin_requests_are_untouched(page: Page, fixture_server: str):
    RequestGuard().install(page)
    page.goto(f"{fixture_server}/forms.html")
    RECEIVED.clear()
    page.evaluate("url => fetch(url + '/collect?email=dana.kim%40gmail.com')", fixture_server)
    wait_for(1)
    assert "dana.kim" in RECEIVED[-1]["path"]


@pytest.mark.parametrize(
    "url, current, allowed",
    [
        ("http://a.test/x?email=dana.kim@gmail.com", "http://a.test/", True),  # same origin
        ("http://b.test/search?q=shoes", "http://a.test/", True),  # other origin, no PSD
        ("http://b.test/search?q=dana.kim@gmail.com", "http://a.test/", False),  # other origin with PSD
    ],
)
def test_navigation_rule(url, current, allowed):
    guard = RequestGuard()
    if allowed:
        assert check_navigation(url, current, guard) == url
    else:
        with pytest.raises(ActionRefused, match="email"):
            check_navigation(url, current, guard)
