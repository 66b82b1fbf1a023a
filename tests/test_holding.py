"""The held-site rule (pure): what a page holding a typed value may still send to other sites."""

from __future__ import annotations

import pytest

from webminim.egress.holding import HeldSites, Outgoing, document_script, policy, site_of

SHOP = "https://shop.example.com/login"


@pytest.mark.parametrize(
    "url, site",
    [
        ("https://api.github.com/x", "github.com"),
        ("https://github.com/", "github.com"),
        ("https://a.b.example.co.uk/p?q=1", "example.co.uk"),
        ("https://user.github.io/", "user.github.io"),  # a private suffix: each user is a site
        ("http://127.0.0.1:8080/a", "127.0.0.1"),
        ("http://[::1]:3000/", "::1"),
        ("http://localhost:7770/", "localhost"),
        ("http://847293.localhost:9/", "847293.localhost"),  # a name made of the code is a site of its own
        ("about:blank", ""),
        ("data:text/html,x", ""),
        ("", ""),
    ],
)
def test_site_of(url: str, site: str) -> None:
    assert site_of(url) == site


def held() -> HeldSites:
    sites = HeldSites()
    sites.reached("https://cdn.example.net/app.js")  # a host the session used before the hold
    assert sites.hold(SHOP) == "example.com"
    return sites


def test_nothing_is_limited_before_a_value_is_typed() -> None:
    sites = HeldSites()
    assert not sites
    assert sites.refusal(Outgoing("https://evil.test/c?v=392748", SHOP, "POST", "fetch", True)) is None


@pytest.mark.parametrize(
    "request_",
    [
        Outgoing("https://evil.test/c?v=392748", SHOP, "GET", "fetch"),  # a script's fetch
        Outgoing("https://evil.test/c", SHOP, "POST", "xhr", True),  # a body
        Outgoing("https://evil.test/c", SHOP, "POST", "ping", True),  # a beacon
        Outgoing("https://evil.test/c?es=1", SHOP, "GET", "eventsource"),
        Outgoing("https://cdn.example.net/pixel.gif?d=8", SHOP, "GET", "image"),  # a query, even to a known host
        Outgoing("https://392748.evil.test/pixel.gif", SHOP, "GET", "image"),  # a host never used before
        Outgoing("https://evil.test/c?v=1", "about:blank", "GET", "document"),  # a popup with no site yet
        Outgoing("https://evil.test/c?v=1", "", "GET", "document"),  # a request whose page is not known
    ],
)
def test_a_held_page_sends_other_sites_nothing_a_script_composes(request_: Outgoing) -> None:
    assert "holds a value the agent typed" in (held().refusal(request_) or "")


@pytest.mark.parametrize(
    "request_",
    [
        Outgoing("https://cdn.example.net/app-3f9a.js", SHOP, "GET", "script"),  # a plain read of a known host
        Outgoing("https://cdn.example.net/logo.png", SHOP, "HEAD", "image"),
        Outgoing("https://api.example.com/v1/session", SHOP, "POST", "fetch", True),  # the same site
        Outgoing("https://idp.test/cb?code=abc", SHOP, "GET", "document", redirected=True),  # a server's redirect
        Outgoing("https://evil.test/c?v=1", "https://news.test/", "POST", "fetch", True),  # a page of another site
    ],
)
def test_what_a_held_page_still_may_do(request_: Outgoing) -> None:
    assert held().refusal(request_) is None


def test_a_navigation_the_agent_asked_for_leaves_once() -> None:
    sites = held()
    going = Outgoing("https://docs.test/help?topic=2fa", SHOP, "GET", "document")
    sites.expect(going.url)
    assert sites.refusal(going) is None
    assert sites.refusal(going) is not None  # the same URL again is the page's, not the agent's


def test_a_held_site_stays_held_across_its_pages() -> None:
    sites = held()
    assert sites.holds("https://shop.example.com/account") and sites.holds("https://www.example.com/")
    assert not sites.holds("https://example.org/")


def test_the_policy_admits_websockets_to_the_held_site_only() -> None:
    assert policy("example.com") == (
        "connect-src 'self' http: https: blob: data: ws://example.com:* wss://example.com:* "
        "ws://*.example.com:* wss://*.example.com:*"
    )
    assert policy("127.0.0.1").endswith("data: ws://127.0.0.1:* wss://127.0.0.1:*")
    assert policy("") == "connect-src 'self' http: https: blob: data:"
    script = document_script("example.com")
    assert '"example.com"' in script and policy("example.com") in script
