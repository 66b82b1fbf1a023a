"""Render only what was sanitized, in real Chromium (issue 11): ARIA properties, URLs and a
malformed link on live pages, through `MinimPage` and its async twin.

Every case puts a secret where Chromium reports it as a property or URL of a control the
task needs, and checks both halves: the control is in the observation (so the guard, not
the scorer's pruning, is what is tested) and the secret is in none of the formats.
"""

from __future__ import annotations

import asyncio
import base64
import re
from concurrent.futures import ThreadPoolExecutor

import pytest
from playwright.async_api import async_playwright
from playwright.sync_api import Page, Route

from webminim.agent import AsyncMinimPage, MinimPage
from webminim.browser import launch_options
from webminim.minim import Minim
from webminim.safe_urls import INVALID_URL

CODE = "337740"
SITE = "https://shop.test"


def document(body: str, title: str = "Account") -> str:
    return f"<!doctype html><html><head><title>{title}</title></head><body><h1>{title}</h1>{body}</body></html>"


def serve(page: Page, html: str) -> None:
    """Every request to the made-up site gets `html`: the page's own URL is then whatever a test goes to."""

    def fulfill(route: Route) -> None:
        route.fulfill(status=200, content_type="text/html; charset=utf-8", body=html)

    page.route(re.compile(r"^https://([^/@]*@)?shop\.test/"), fulfill)  # with userinfo, too


def observed(page: Page, task: str, minim: Minim) -> str:
    """The observation in all three formats, as the agent would send each."""
    agent = MinimPage(page, task, minim=Minim(minim.scorer), guard_requests=False)
    text = agent.observe()
    assert agent.view is not None
    return "\n".join([text, agent.view.text("browsergym"), agent.view.text("json")])


# (what, page body, task, what of the needed control must be shown)
PROPERTY_CASES = [
    (
        "roledescription",
        f'<button aria-roledescription="Your code is {CODE}">Continue</button>',
        "Click Continue",
        "button 'Continue'",
    ),
    (
        "roledescription, bare code",
        f'<button aria-roledescription="{CODE}">Continue</button>',
        "Click Continue",
        "Continue",
    ),
    ("keyshortcuts", f'<button aria-keyshortcuts="Alt+{CODE}">Continue</button>', "Click Continue", "Continue"),
    (
        "valuemax",
        f'<div role="slider" tabindex="0" aria-label="Volume" aria-valuemin="0" aria-valuemax="{CODE}"'
        ' aria-valuenow="5"></div>',
        "Set the Volume slider to 5",
        "slider 'Volume'",
    ),
    (
        "valuemin",
        f'<div role="slider" tabindex="0" aria-label="Volume" aria-valuemin="{CODE}" aria-valuemax="999999"'
        ' aria-valuenow="400000"></div>',
        "Set the Volume slider",
        "slider 'Volume'",
    ),
    (
        "valuenow",
        f'<div role="slider" tabindex="0" aria-label="Volume" aria-valuemin="0" aria-valuemax="999999"'
        f' aria-valuenow="{CODE}"></div>',
        "Set the Volume slider",
        "slider 'Volume'",
    ),
    (  # this Chromium reports aria-valuetext as "" (the aria snapshot and others do not): a guard
        "valuetext",
        f'<div role="slider" tabindex="0" aria-label="Volume" aria-valuenow="5" aria-valuetext="Your code is {CODE}">'
        "</div>",
        "Set the Volume slider to 5",
        "slider 'Volume'",
    ),
    (
        "aria-description",
        f'<button aria-description="Your code is {CODE}">Verify</button>',
        "Click Verify",
        "button 'Verify'",  # the label stays: only the description is withheld
    ),
    ("title", f'<button title="Your code is {CODE}">Verify</button>', "Click Verify", "button 'Verify'"),
]


@pytest.mark.parametrize("body, task, needed", [c[1:] for c in PROPERTY_CASES], ids=[c[0] for c in PROPERTY_CASES])
def test_no_aria_property_carries_a_code(page: Page, minim: Minim, body: str, task: str, needed: str):
    page.set_content(document(body))
    text = observed(page, task, minim)
    assert needed in text, f"the control the task needs is not shown:\n{text}"
    assert CODE not in text


# The page's own URL: userinfo, a token in the path, a session id, a code in the query.
PAGE_URL = "https://dana:hunter2@shop.test/reset/aB3dE5fG7hJ9kL1m2n;jsessionid=ZX81QW77?otp=414922#top"
DATA_URL = "data:text/html;base64," + base64.b64encode(b"<p>Your code is 414922</p>").decode()
LINK_CASES = [
    ("userinfo", "https://dana:hunter2@shop.test/account", "My account", ("dana:", "hunter2")),
    ("code in path", "/resend/414922", "Resend code", ("414922",)),
    ("token in path", "/reset/aB3dE5fG7hJ9kL1m2n", "Reset password", ("aB3dE5fG7hJ9kL1m2n",)),
    ("jsessionid", "/cart;jsessionid=ZX81QW77", "Shopping cart", ("ZX81QW77",)),
    (
        "mailto",
        "mailto:dana.whitfield@example.com?subject=Code%20414922",
        "Email support",
        ("dana.whitfield", "414922"),
    ),
    ("data", DATA_URL, "Preview receipt", (DATA_URL[:30], "414922")),
    ("javascript", "javascript:void(fetch('/c?v=414922'))", "Run check", ("fetch", "414922")),
]


@pytest.mark.parametrize("href, label, secrets", [c[1:] for c in LINK_CASES], ids=[c[0] for c in LINK_CASES])
def test_link_urls_are_safe(page: Page, minim: Minim, href: str, label: str, secrets: tuple[str, ...]):
    serve(page, document(f'<p><a href="{href}">{label}</a></p>'))
    page.goto(f"{SITE}/account")
    text = observed(page, f"Click the {label} link", minim)
    assert f"link '{label}'" in text, f"the link the task needs is not shown:\n{text}"
    for secret in secrets:
        assert secret not in text


def test_the_pages_own_url_is_safe_in_every_format(page: Page, minim: Minim):
    serve(page, document('<p><a href="/help">Help center</a></p>', title="Reset your password"))
    page.goto(PAGE_URL)
    text = observed(page, "Open the Help center", minim)
    assert "link 'Help center'" in text
    for secret in ("hunter2", "aB3dE5fG7hJ9kL1m2n", "ZX81QW77", "414922"):
        assert secret not in text


BROKEN = document(
    "<p>Posted by a user: <a href='http://[::1'>my site</a></p><a href='/cart'>Cart (2)</a>", title="Forum"
)


def test_a_malformed_link_does_not_make_the_page_unobservable(page: Page, minim: Minim):
    serve(page, BROKEN)
    page.goto(f"{SITE}/forum")
    # the task keeps the broken link: this used to fail closed as a whole page (PolicyError)
    text = observed(page, "Open the link to my site", minim)
    assert f"link 'my site' url: {INVALID_URL}" in text  # one node's problem, with a note
    assert "[::1" not in text


def test_async_twin_renders_the_same_guarded_view(minim: Minim):
    async def episode() -> list[str]:
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(**launch_options())
            try:
                texts = []
                for body, task in (
                    (PROPERTY_CASES[0][1], PROPERTY_CASES[0][2]),
                    (PROPERTY_CASES[3][1], PROPERTY_CASES[3][2]),
                    (BROKEN, "Open the link to my site"),
                ):
                    page = await browser.new_page()
                    await page.set_content(body if body.startswith("<!doctype") else document(body))
                    agent = AsyncMinimPage(page, task, minim=Minim(minim.scorer), guard_requests=False)
                    texts.append(await agent.observe())
                    await page.close()
                return texts
            finally:
                await browser.close()

    # pytest-playwright's sync loop owns this thread; the async twin gets a thread of its own
    with ThreadPoolExecutor(max_workers=1) as pool:
        roledescription, slider, broken = pool.submit(asyncio.run, episode()).result(timeout=300)
    assert "button 'Continue'" in roledescription and CODE not in roledescription
    assert "slider 'Volume'" in slider and CODE not in slider
    assert f"link 'my site' url: {INVALID_URL}" in broken
