"""Values set apart from their labels, in real Chromium (issue 11): a code in a `<dd>`, a table
cell, a heading or `<code>`, split one character per node or per box; word-like passwords;
identifiers in a task form; codes in other languages — through `MinimPage` and its async twin.

Each page is observed twice. Once with the shipped model and the default policy, the way an
agent runs. Once with a model that keeps everything and calls nothing sensitive (τ_nec 0,
τ_sens 10): then only the secret guard stands between the page and the remote model, so the
guard — not the scorer's pruning — is what passes or fails, and the value must still be in
the view as a placeholder (abstracted, typeable), not silently dropped.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor

import pytest
from playwright.async_api import Route as AsyncRoute
from playwright.async_api import async_playwright
from playwright.sync_api import Page, Route

from webminim.agent import AsyncMinimPage, MinimPage
from webminim.browser import launch_options
from webminim.minim import Minim
from webminim.policy import Thresholds

SITE = "https://account.test"
KEEP_ALL = Thresholds(tau_nec=0.0, tau_sens=10.0)  # the worst model: keeps everything, as is
_SEPARATORS = re.compile(r"[\s\-–·]")


def document(body: str, title: str = "Account security") -> str:
    return f"<!doctype html><html><head><title>{title}</title></head><body><h1>{title}</h1>{body}</body></html>"


def serve(page: Page, html: str) -> None:
    """Every request to the made-up site gets `html` (a real origin, so placeholders are typeable)."""

    def fulfill(route: Route) -> None:
        route.fulfill(status=200, content_type="text/html; charset=utf-8", body=html)

    page.route(f"{SITE}/**", fulfill)


def formats(agent: MinimPage, text: str) -> str:
    assert agent.view is not None
    return "\n".join([text, agent.view.text("browsergym"), agent.view.text("json")])


def leaked(text: str, secret: str) -> bool:
    """The secret as written, or reassembled from the quoted pieces one per node."""
    squeezed = _SEPARATORS.sub("", "".join(re.findall(r"'([^']*)'", text)))
    return secret in text or _SEPARATORS.sub("", secret) in squeezed


def held_and_shown(agent: MinimPage, text: str, secret: str) -> bool:
    """The secret is in the vault, behind placeholders the view shows (whole or piece by piece)."""
    pieces = [e for e in agent.vault.entries() if e.placeholder in text]
    whole = any(_SEPARATORS.sub("", secret) in _SEPARATORS.sub("", e.value) for e in pieces)
    by_piece = _SEPARATORS.sub("", secret) in "".join(
        _SEPARATORS.sub("", e.value) for e in pieces if len(_SEPARATORS.sub("", e.value)) <= 4
    )
    return whole or by_piece


def code_boxes(code: str, label: str = "Verification code") -> str:
    inputs = "".join(f'<input inputmode="numeric" maxlength="1" value="{c}">' for c in code)
    return f"<label>{label}</label><div>{inputs}</div>"


# (case, page body, secret, a task that needs the page)
CASES = [
    (
        "dt/dd",
        "<dl><dt>Your one-time code</dt><dd>999472</dd><dt>Valid for</dt><dd>10 minutes</dd></dl>",
        "999472",
        "Finish signing in with the one-time code",
    ),
    (
        "column header",
        "<table><tr><th>Service</th><th>Recovery code</th></tr><tr><td>Mail</td><td>71260483</td></tr>"
        "<tr><td>Cloud</td><td>v7q2-k9dm</td></tr></table>",
        "71260483",
        "Open the recovery codes for Mail",
    ),
    (
        "heading",
        "<h2>Your sign-in code</h2><p>It expires soon.</p><h3>770413</h3>",
        "770413",
        "Sign in with the code",
    ),
    (
        "code element",
        "<p>Copy this verification code:</p><code>503118</code>",
        "503118",
        "Copy the verification code",
    ),
    (
        "aria-labelledby",
        '<span id="pin-label">Backup PIN</span><div aria-labelledby="pin-label">2648</div>',
        "2648",
        "Find the backup PIN",
    ),
    (
        "legend",
        '<form><fieldset><legend>Passcode</legend><input value="ab12cd"></fieldset><button>Save</button></form>',
        "ab12cd",
        "Save the passcode",
    ),
    (
        "span per character",
        "<p>Enter code</p><div>" + "".join(f"<span>{c}</span>" for c in "418205") + "</div>",
        "418205",
        "Enter the code",
    ),
    ("six boxes", code_boxes("381905"), "381905", "Enter the verification code"),
    (
        "halves",
        "<p>Your security code</p><p><span>483</span><span>-</span><span>920</span></p>",
        "483920",
        "Use the security code",
    ),
    (
        "list of backup codes",
        "<h2>Your backup codes</h2><ul>"
        + "".join(f"<li>{c}</li>" for c in ("1934 5568", "2745 6129", "3356 7410", "4167 8821", "5978 9032"))
        + "</ul>",
        "5978 9032",
        "Download the backup codes",
    ),
    (
        "word password dd",
        "<dl><dt>Wi-Fi password</dt><dd>tangerine</dd><dt>Network</dt><dd>HomeNet</dd></dl>",
        "tangerine",
        "Connect to the Wi-Fi network",
    ),
    (
        "temporary password",
        "<p>Welcome aboard!</p><p>Temporary password sunflower25</p><a href='/login'>Sign in</a>",
        "sunflower25",
        "Sign in with the temporary password",
    ),
    ("pw colon", "<p>pw: cinnamon</p><a href='/login'>Sign in</a>", "cinnamon", "Sign in"),
    (
        "passcode for a folder",
        "<p>Passcode for the shared folder: tangerine</p><a href='/files'>Open folder</a>",
        "tangerine",
        "Open the shared folder",
    ),
    (
        "passport",
        "<dl><dt>Passport number</dt><dd>X1234567</dd><dt>Nationality</dt><dd>Canadian</dd></dl>"
        "<button>Confirm</button>",
        "X1234567",
        "Confirm my travel details",
    ),
    (
        "Canadian SIN",
        "<dl><dt>Social insurance number</dt><dd>130 692 544</dd></dl><button>Submit</button>",
        "130 692 544",
        "Submit the tax form",
    ),
    (
        "routing and account",
        "<table><tr><th>Routing number</th><td>021000021</td></tr><tr><th>Account number</th>"
        "<td>0012345678</td></tr></table><button>Continue</button>",
        "021000021",
        "Continue setting up direct deposit",
    ),
    (
        "IP address",
        "<p>Last sign-in from 203.0.113.77</p><a href='/sessions'>Review sessions</a>",
        "203.0.113.77",
        "Review my sessions",
    ),
    (
        "IBAN",
        "<p>Pay to IBAN DE89 3704 0044 0532 0130 00</p><button>Pay</button>",
        "DE89 3704 0044 0532 0130 00",
        "Pay the invoice",
    ),
    (
        "German notice",
        "<p>Ihr Bestätigungscode lautet 624031</p>",
        "624031",
        "Enter the verification code",
    ),
    ("Japanese notice", "<p>認証コードは624031です</p>", "624031", "Enter the verification code"),
]
IDS = [c[0] for c in CASES]


@pytest.mark.parametrize(("body", "secret", "task"), [c[1:] for c in CASES], ids=IDS)
def test_the_guard_alone_withholds_a_labelled_value(page: Page, minim: Minim, body: str, secret: str, task: str):
    serve(page, document(body))
    page.goto(f"{SITE}/security")
    agent = MinimPage(page, task, minim=Minim(minim.scorer, thresholds=KEEP_ALL), guard_requests=False)
    text = formats(agent, agent.observe())
    assert not leaked(text, secret), text
    assert held_and_shown(agent, text, secret), f"the value was dropped, not abstracted:\n{text}"


@pytest.mark.parametrize(("body", "secret", "task"), [c[1:] for c in CASES], ids=IDS)
def test_the_shipped_model_and_policy_leak_nothing(page: Page, minim: Minim, body: str, secret: str, task: str):
    serve(page, document(body))
    page.goto(f"{SITE}/security")
    agent = MinimPage(page, task, minim=Minim(minim.scorer), guard_requests=False)
    text = formats(agent, agent.observe())
    assert not leaked(text, secret), text


def _async_fulfill(html: str) -> Callable[[AsyncRoute], Awaitable[None]]:
    async def fulfill(route: AsyncRoute) -> None:  # one parameter: Playwright passes only the route
        await route.fulfill(status=200, content_type="text/html; charset=utf-8", body=html)

    return fulfill


ASYNC_CASES = [c for c in CASES if c[0] in {"dt/dd", "span per character", "six boxes", "pw colon", "passport"}]


def test_async_twin_withholds_the_same_values(minim: Minim):
    async def episode() -> list[tuple[str, str, bool]]:
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(**launch_options())
            try:
                out = []
                for _, body, secret, task in ASYNC_CASES:
                    page = await browser.new_page()
                    await page.route(f"{SITE}/**", _async_fulfill(document(body)))
                    await page.goto(f"{SITE}/security")
                    agent = AsyncMinimPage(
                        page, task, minim=Minim(minim.scorer, thresholds=KEEP_ALL), guard_requests=False
                    )
                    text = await agent.observe()
                    out.append((text, secret, held_and_shown(agent, text, secret)))  # type: ignore[arg-type]
                    await page.close()
                return out
            finally:
                await browser.close()

    # pytest-playwright's sync loop owns this thread; the async twin gets a thread of its own
    with ThreadPoolExecutor(max_workers=1) as pool:
        results = pool.submit(asyncio.run, episode()).result(timeout=600)
    assert len(results) == len(ASYNC_CASES)
    for text, secret, shown in results:
        assert not leaked(text, secret), text
        assert shown, text


# -- usability: a code in another language is abstracted, not removed ------------------------

NOTICES = [
    ("de", "Ihr Bestätigungscode lautet {code}"),
    ("fr", "Votre code de vérification est {code}"),
    ("es", "Su código de verificación es {code}"),
    ("ja", "認証コードは{code}です"),
    ("zh", "您的验证码是{code}，5分钟内有效"),
    ("ru", "Ваш код подтверждения: {code}"),
]


@pytest.mark.parametrize("notice", [n[1] for n in NOTICES], ids=[n[0] for n in NOTICES])
def test_a_foreign_code_the_task_needs_stays_in_the_view_as_a_placeholder(page: Page, minim: Minim, notice: str):
    code = "624031"
    serve(
        page,
        document(
            f'<div role="status">{notice.format(code=code)}</div>'
            '<form><label>Verification code <input name="otp" autocomplete="one-time-code"></label>'
            "<button>Verify</button></form>",
            title="Two-step verification",
        ),
    )
    page.goto(f"{SITE}/2fa")
    agent = MinimPage(page, "Enter the verification code I was sent and press Verify", minim=Minim(minim.scorer))
    text = agent.observe()
    assert code not in text
    assert held_and_shown(agent, text, code), f"the code was removed, so the task cannot be finished:\n{text}"


def test_a_german_code_is_typed_through_its_placeholder(page: Page, minim: Minim):
    code = "624031"
    serve(
        page,
        document(
            f'<div role="status">Ihr Bestätigungscode lautet {code}</div>'
            '<form><label>Verification code <input name="otp"></label><button>Verify</button></form>',
            title="Zwei-Faktor-Anmeldung",
        ),
    )
    page.goto(f"{SITE}/2fa")
    agent = MinimPage(page, "Enter the verification code I was sent and press Verify", minim=Minim(minim.scorer))
    text = agent.observe()
    placeholder = next(e.placeholder for e in agent.vault.entries() if code in e.value and e.placeholder in text)
    field = next(
        line.strip().split("]")[0].lstrip("[") for line in text.splitlines() if "] textbox " in line and "code" in line
    )
    agent.act(f'type [{field}] "{placeholder}"')
    assert page.get_by_label("Verification code").input_value() == code


# -- false positives: ordinary numbers set apart near no cue stay readable -------------------


def test_ordinary_numbers_on_a_live_page_are_shown_as_they_are(page: Page, minim: Minim):
    body = (
        "<h2>Order summary</h2><dl><dt>Order number</dt><dd>100234</dd><dt>Order total</dt><dd>$1,299.00</dd>"
        "<dt>Placed on</dt><dd>2024-03-05</dd><dt>Quantity</dt><dd>3</dd></dl>"
        "<h3>Shipping address</h3><p>123 Main St</p><p>Portland, OR 97201</p>"
        "<table><tr><th>Item</th><th>Qty</th><th>Year</th></tr>"
        "<tr><td>Desk lamp</td><td>2</td><td>2023</td></tr></table>"
        "<dl><dt>ZIP code</dt><dd>94110</dd><dt>Promo code</dt><dd>SPRING24</dd></dl>"
        "<nav><a href='/p/1'>1</a><a href='/p/2'>2</a><a href='/p/3'>3</a></nav>"
    )
    serve(page, document(body, title="Your order"))
    page.goto(f"{SITE}/orders/100234")
    agent = MinimPage(
        page, "What is the total of my order?", minim=Minim(minim.scorer, thresholds=KEEP_ALL), guard_requests=False
    )
    text = agent.observe()
    for value in ("100234", "$1,299.00", "2024-03-05", "Portland, OR 97201", "2023", "94110", "SPRING24"):
        assert f"'{value}'" in text, f"{value} was withheld:\n{text}"
    assert not [d for d in agent.view.decisions.values() if "secret" in d.reason]
