"""The local sites in real Chromium: they render, injections leak into the raw tree, labels
never reach the tree, and a user can drive all three sites."""

from __future__ import annotations

import json
import urllib.request

import pytest
from playwright.sync_api import Page, expect

from extractors.live import extract_page
from webarena_env.inject import KINDS, Injection, inject, parse_specs
from webarena_env.pages import SITE_PAGES, THEMES, wording
from webarena_env.server import SiteServer, strip_labels

ALL_PAGES = [(t, s, p) for t in THEMES for s, pages in SITE_PAGES.items() for p in pages]


def tree_text(tree) -> str:
    return "\n".join(f"{n.name} {n.value or ''} {n.description}" for n in tree)


@pytest.mark.parametrize("theme, site, page_name", ALL_PAGES)
def test_every_page_has_a_real_site_sized_tree(page: Page, sites: SiteServer, theme, site, page_name):
    response = page.goto(f"{sites.url}/{theme}/{site}/{page_name}?seed=11&inject=slack.toast")
    assert response is not None and response.ok
    tree = extract_page(page)
    assert 250 <= len(tree) <= 1500, len(tree)
    assert len(tree.interactive_nodes()) >= 30


@pytest.mark.parametrize("kind", KINDS)
def test_server_side_injections_reach_the_raw_tree(page: Page, sites: SiteServer, kind):
    page.goto(f"{sites.url}/a/shop/home?seed=2&inject={kind}.tray&iseed=5")
    (injection,) = parse_specs(f"{kind}.tray", 5)
    text = tree_text(extract_page(page))
    assert all(secret in text for secret in injection.secrets), injection.secrets


@pytest.mark.parametrize("placement", ["toast", "sidebar", "banner", "modal", "tray"])
def test_live_injection_into_any_page(page: Page, fixture_server: str, placement):
    page.goto(f"{fixture_server}/forms.html")
    injections = [Injection("otp", placement, 3), Injection("slack", placement, 4)]
    inject(page, injections)
    text = tree_text(extract_page(page))
    assert all(secret in text for i in injections for secret in i.secrets)


@pytest.mark.parametrize(
    "url", ["/a/mail/message?seed=4&inject=password.modal", "/b/shop/product?seed=7&inject=tabs.banner"]
)
def test_label_marks_never_reach_the_tree(page: Page, sites: SiteServer, url):
    page.goto(f"{sites.url}{url}")
    assert "data-gt" in page.content()
    labelled = extract_page(page)

    # The same URL again, its response stripped of every data-gt-* mark on the way in.
    def strip(route):
        response = route.fetch()
        route.fulfill(response=response, body=strip_labels(response.text()))

    page.route("**/*", strip)
    page.goto(f"{sites.url}{url}")
    assert "data-gt" not in page.content()
    plain = extract_page(page)
    assert content(labelled) == content(plain)


def content(tree) -> list[dict]:
    """Everything a feature can read from a tree: every field but the backend ids."""
    return [
        {k: v for k, v in n.to_dict().items() if k not in ("id", "parent", "children", "backend_node_id")} for n in tree
    ]


def actions(sites: SiteServer) -> list[dict]:
    with urllib.request.urlopen(f"{sites.url}/__state") as response:
        return json.load(response)


def test_shop_add_to_cart_and_2fa(page: Page, sites: SiteServer):
    page.goto(f"{sites.url}/a/shop/search?seed=3")
    # theme A words its controls per seed, so ask the site which label this page uses
    page.get_by_role("button", name=wording("a", 3)["add_to_cart"]).first.click()
    expect(page.get_by_role("status")).to_contain_text("Added to your cart")
    assert actions(sites)[-1]["action"] == "add_to_cart"
    page.goto(f"{sites.url}/b/shop/twofa?seed=8")
    code = page.get_by_role("status", name="Security notification").inner_text().split("code is ")[1][:6]
    page.get_by_role("textbox", name="Security code").fill(code)
    page.get_by_role("button", name="Confirm").click()
    expect(page.get_by_role("alert").first).to_contain_text("Verification complete")


def test_forum_vote_and_reply(page: Page, sites: SiteServer):
    page.goto(f"{sites.url}/a/forum/post?seed=5")
    words = wording("a", 5)
    page.get_by_role("button", name=words["upvote"], exact=True).click()
    expect(page.get_by_role("status")).to_contain_text("Thanks for voting")
    page.get_by_role("link", name=words["reply"], exact=True).first.click()
    page.get_by_role("textbox", name=words["reply_box"]).fill("Thanks for the tip!")
    page.get_by_role("button", name=words["submit_reply"], exact=True).click()
    expect(page.get_by_role("status")).to_contain_text("Your reply was posted")
    last = actions(sites)[-1]
    assert last["action"] == "reply" and last["text"] == "Thanks for the tip!"


def test_mail_compose_and_delete(page: Page, sites: SiteServer):
    page.goto(f"{sites.url}/b/mail/compose?seed=2")
    page.get_by_role("textbox", name="To", exact=True).fill("sam@example.org")
    page.get_by_role("textbox", name="Add a subject").fill("Picnic")
    page.get_by_role("button", name="Send").click()
    expect(page.get_by_role("alert")).to_contain_text("Message sent")
    page.goto(f"{sites.url}/a/mail/inbox?seed=2")
    page.get_by_role("button", name=wording("a", 2)["delete"]).first.click()
    expect(page.get_by_role("status")).to_contain_text("moved to Trash")
    assert [a["action"] for a in actions(sites)[-2:]] == ["send", "delete"]


def site_log(sites: SiteServer) -> dict:
    with urllib.request.urlopen(f"{sites.url}/__log") as response:
        return json.load(response)


def test_a_link_opens_the_entity_it_names(page: Page, sites: SiteServer):
    from webarena_env.content import shop

    other = shop(4).products[7]
    page.goto(f"{sites.url}/a/shop/product?seed=4&id={other.id}")
    expect(page.get_by_role("heading", level=1)).to_have_text(other.name)
    visit = site_log(sites)["visits"][-1]
    assert visit["page"] == "product" and visit["id"] == other.id


def test_widgets_report_to_the_server_and_the_tracker_beacons_to_another_origin(page: Page, sites: SiteServer):
    page.goto(f"{sites.url}/a/mail/inbox?seed=2&inject=password.modal,slack.sidebar&iseed=2")
    page.get_by_role("button", name="Save password").click()
    page.get_by_role("textbox", name="Reply to").fill("on it")
    page.get_by_role("button", name="Send", exact=True).click()
    page.wait_for_load_state("networkidle")
    log = site_log(sites)
    assert {"save_password", "slack_reply"} <= {a["action"] for a in log["actions"][-2:]}
    assert log["actions"][-1].get("text") == "on it" or log["actions"][-2].get("text") == "on it"
    beacon = next(b for b in reversed(log["beacons"]) if b.get("page") == "/a/mail/inbox")
    assert beacon["kind"] == "pageview" and beacon["host"].startswith("localhost:")  # the other loopback origin
