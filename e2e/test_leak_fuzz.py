"""Generated hostile pages, live in real Chromium (issue 11): secrets of many kinds, cued in
several languages and phrasings, set into many placements — through `MinimPage`.

Every generated page holds `CASES_PER_PAGE` cases: one secret (a 4-8 digit code, a word-like
password, an API token, an IP address, a passport / account / routing number, an IBAN, an
e-mail address in a link) in one placement (a sentence or a toast, `<dt>`/`<dd>`, a table
column or row header, one `<span>` per character, one-digit boxes, `<code>` or a heading, an
ARIA property of a kept control, a link's path / userinfo / `mailto:` / `;jsessionid=`, an
input's value), each optionally inside a same-origin `srcdoc` iframe or an open shadow root.
The task either needs the first case's region or has nothing to do with it.

Each page is observed twice, as in test_leak_structure.py: with the shipped model and the
default policy, and with a keep-everything policy (τ_nec 0, τ_sens 10) so that the secret
guard alone stands between page and model. No secret may reach `observe()`, the BrowserGym
or the JSON rendering, whole or reassembled from one-character nodes. A `WebminimError` with
a one-line message is an acceptable fail-closed outcome; it is counted, and more than
`MAX_FAIL_CLOSED` of the cases failing closed fails the module.

CI runs a derandomized slice of at least 500 cases (the default profile in conftest.py; about
half a minute). The longer fuzz tier:

    WEBMINIM_FUZZ_CASES=2000 HYPOTHESIS_PROFILE=fuzz ./dev test e2e/test_leak_fuzz.py

(`WEBMINIM_FUZZ_CASES` counts cases; each example page holds `CASES_PER_PAGE` of them.)
"""

from __future__ import annotations

import html
import json
import os
import re
import string
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from playwright.sync_api import Page, Route
from stdnum import iban

from webminim.agent import MinimPage
from webminim.errors import WebminimError
from webminim.minim import Minim
from webminim.policy import Thresholds

CASES_PER_PAGE = 5
FUZZ_CASES = int(os.environ.get("WEBMINIM_FUZZ_CASES", "500"))
EXAMPLES = max(1, -(-FUZZ_CASES * 21 // (20 * CASES_PER_PAGE)))  # 5% more: overlapping secrets are dropped
MAX_FAIL_CLOSED = 0.05  # above this share of cases failing closed, the broker is not usable

SITE = "https://portal.test"
KEEP_ALL = Thresholds(tau_nec=0.0, tau_sens=10.0)  # the worst model: keeps everything, as is
_SEPARATORS = re.compile(r"[\s\-–·]")
# a node's number at the head of its line ("[1212] StaticText ..."): the browser's, not page text
_LINE_ID = re.compile(r"^(\s*)\[\d+\]", re.M)
# the JSON view's structure (ids, parents, children, backend ids, frames, boxes): when it is only
# numbers, the browser's, not page text (anything else in it is searched like the rest)
_STRUCTURE = frozenset({"id", "parent", "children", "backend_node_id", "frame_id", "bbox", "depth", "active_tab"})

# -- secrets -----------------------------------------------------------------------------------

# Password words: none of them is a word of any task below (a value the task names is exempt).
_WORDS = (
    "marigold", "lanternfish", "copperkettle", "driftwood", "quokka", "bluebell", "harbourlight", "pinecone",
    "velvetmoth", "saffron", "thistledown", "moonquartz", "otterbank", "juniperhill", "foxglove", "cobaltjay",
)  # fmt: skip
_ALNUM = string.ascii_letters + string.digits


def _aba(digits: str) -> str:
    """Eight digits and the ABA check digit (weights 3, 7, 1)."""
    total = sum(int(d) * w for d, w in zip(digits, (3, 7, 1, 3, 7, 1, 3, 7), strict=True))
    return digits + str(-total % 10)


def _iban(country: str, bban: str) -> str:
    """A valid IBAN for `bban`, printed in groups of four (as on a statement) or compact."""
    moved = bban + country + "00"
    number = int("".join(str(int(c, 36)) for c in moved))
    return f"{country}{98 - number % 97:02d}{bban}"


def _grouped(value: str) -> str:
    return " ".join(value[k : k + 4] for k in range(0, len(value), 4))


codes = st.integers(4, 8).flatmap(lambda n: st.text("0123456789", min_size=n, max_size=n))
passwords = st.tuples(
    st.sampled_from(_WORDS),
    st.sampled_from([str.lower, str.capitalize]),
    st.one_of(st.just(""), st.text("0123456789", min_size=1, max_size=4)),
).map(lambda t: t[1](t[0]) + t[2])
tokens = st.tuples(
    st.sampled_from(["", "sk_live_", "ghp_", "pat-", "key_"]),
    st.text(_ALNUM, min_size=22, max_size=38),
    st.integers(0, 9),
    st.sampled_from(string.ascii_letters),
).map(lambda t: f"{t[0]}{t[1][:10]}{t[2]}{t[3]}{t[1][10:]}")
ips = st.one_of(
    st.ip_addresses(v=4).filter(lambda a: not a.is_unspecified).map(str),
    st.ip_addresses(v=6).map(lambda a: a.exploded.lower()).filter(lambda s: s.count("0") < 24),
)
passports = st.tuples(
    st.text(string.ascii_uppercase, min_size=1, max_size=2), st.text("0123456789", min_size=7, max_size=8)
).map("".join)
ibans = st.tuples(
    st.sampled_from(["DE", "GB", "NL"]), st.text("0123456789", min_size=18, max_size=18), st.booleans()
).map(
    lambda t: _iban(
        t[0], t[1] if t[0] == "DE" else ("NWBK" if t[0] == "GB" else "ABNA") + t[1][: 14 if t[0] == "GB" else 10]
    )
)
ibans = ibans.filter(iban.is_valid).flatmap(lambda v: st.sampled_from([v, _grouped(v)]))
routings = st.text("0123456789", min_size=8, max_size=8).map(_aba)
accounts = st.text("0123456789", min_size=8, max_size=12).map(lambda s: "1" + s)
emails = st.tuples(
    st.sampled_from(["dana", "j.ortiz", "mei.lin", "okafor", "p_novak", "samira.h"]),
    st.text(string.ascii_lowercase + string.digits, max_size=3),
    st.sampled_from(["example.com", "mail.example.org", "inbox.test"]),
).map(lambda t: f"{t[0]}{t[1]}@{t[2]}")

SECRETS: dict[str, st.SearchStrategy[str]] = {
    "code": codes,
    "password": passwords,
    "token": tokens,
    "ip": ips,
    "passport": passports,
    "iban": ibans,
    "routing": routings,
    "account": accounts,
    "email": emails,
}

# -- cues: sentences that carry the value, and labels set before it ----------------------------
# Written for this test (not the guard's own lexicon): several English phrasings per kind,
# other word orders, and German, French, Spanish, Italian, Portuguese, Japanese and Chinese.
# fmt: off
SENTENCES: dict[str, tuple[str, ...]] = {
    "code": (
        "Your sign-in code is {v}", "{v} is the code to finish logging in", "Use code {v} to confirm this device",
        "Security code: {v}", "Here's your one-time passcode - {v}", "Two-step check: type {v} on the sign-in screen",
        "OTP for your transfer = {v}", "Confirmation code {v} (valid for ten minutes)", "Login verification: {v}",
        "Your PIN for the card reader is {v}", "Code {v} confirms your new phone",
        "Ihr Anmeldecode: {v}", "{v} ist dein Sicherheitscode", "Bitte geben Sie den Code {v} ein",
        "Votre code de connexion : {v}", "{v} est votre code de sécurité", "Saisissez le code {v} pour continuer",
        "Tu código de acceso es {v}", "Código de seguridad: {v}", "{v} es tu código para entrar",
        "Il tuo codice di accesso è {v}", "Seu código de acesso: {v}",
        "ログインコード：{v}", "{v} が確認コードです", "ワンタイムパスコードは {v} です",
        "您的登录验证码为{v}，请勿告诉他人", "动态码：{v}",
    ),
    "password": (
        "Your temporary password is {v}", "Password for the guest Wi-Fi: {v}", "The new password we set for you: {v}",
        "pwd = {v}", "Login: dana / password: {v}", "Shared drive passphrase: {v}", "PASSWORD => {v}",
        "Your password has been reset to {v}", "Initial password: \"{v}\"",
        "Ihr vorläufiges Passwort lautet {v}", "Kennwort: {v}",
        "Mot de passe provisoire : {v}", "Votre mot de passe est {v}",
        "Contraseña temporal: {v}", "Tu nueva contraseña es {v}", "Sua senha provisória: {v}",
        "初期パスワード：{v}", "パスワードは{v}です", "初始密码为{v}", "您的临时密码：{v}",
    ),
    "token": (
        "Your API key: {v}", "Access token = {v}", "Here is the secret key for the webhook: {v}", "Bearer {v}",
        "Personal access token {v} (shown once)", "client_secret: {v}", "Keep this token private - {v}",
        "Clé API : {v}", "API-Schlüssel: {v}", "Clave API: {v}", "APIキー：{v}", "访问令牌：{v}",
    ),
    "ip": (
        "New sign-in from {v}", "Last login IP: {v}", "Your device ({v}) was blocked", "Request came from {v} today",
        "Connexion depuis l'adresse {v}", "Anmeldung von {v}", "Inicio de sesión desde {v}",
        "登录IP：{v}", "IPアドレス：{v}",
    ),
    "passport": (
        "Passport number: {v}", "Your passport ({v}) expires soon", "Passport no. {v} is on file",
        "Numéro de passeport : {v}", "Reisepassnummer {v}", "Número de pasaporte: {v}",
        "パスポート番号：{v}", "护照号码：{v}",
    ),
    "iban": (
        "Please transfer to IBAN {v}", "Bank account: {v}", "IBAN : {v}", "Empfänger-IBAN {v}",
        "Compte bancaire (IBAN) : {v}", "Refunds go to {v}",
    ),
    "routing": (
        "Routing number: {v}", "ABA {v}", "Bank routing # {v}", "Your routing number is {v}",
        "Transit / routing: {v}",
    ),
    "account": (
        "Account number: {v}", "Acct # {v}", "Deposit into account no. {v}", "Kontonummer: {v}",
        "Numéro de compte : {v}", "Número de cuenta {v}",
    ),
    "email": (),
}
LABELS: dict[str, tuple[str, ...]] = {
    "code": (
        "Sign-in code", "One-time PIN", "Security code", "Your verification number", "Passcode", "2FA code",
        "Bestätigungscode", "Einmalcode", "Code de vérification", "Código de acceso", "認証コード", "验证码",
        "Codice OTP",
    ),
    "password": (
        "Temporary password", "Wi-Fi password", "New password:", "Passphrase", "Kennwort", "Mot de passe",
        "Contraseña", "パスワード", "初始密码", "Password for guests:",
    ),
    "token": (
        "API key", "Secret key", "Access token", "Client secret:", "Token", "Clé API", "API-Schlüssel", "APIキー",
        "访问令牌",
    ),
    "ip": ("IP address", "Last login from", "Source IP", "Adresse IP", "IP-Adresse", "IPアドレス", "登录IP"),
    "passport": (
        "Passport no.", "Passport number", "Travel document", "Numéro de passeport", "Reisepass-Nr.",
        "パスポート番号", "护照号码",
    ),
    "iban": ("IBAN", "Account (IBAN)", "Bankverbindung", "Compte"),
    "routing": ("Routing number", "ABA routing", "Bank routing #"),
    "account": ("Account number", "Acct. no.", "Kontonummer", "Número de cuenta"),
    "email": ("Contact", "Profile", "Email the owner", "Write to support"),
}
# fmt: on
_LEADS = ("", "", "Heads up! ", "Note - ", "From the security team: ")
_TAILS = ("", "", ".", ". Do not share it with anyone.", " - it expires soon.", "!")

# Tasks: one that needs the first case's region, per kind, and unrelated ones.
NEEDS = {
    "code": "Enter the verification code shown on this page into the sign-in form",
    "password": "Copy the password into the login form",
    "token": "Copy the API key into the integration settings",
    "ip": "Find out where the last sign-in came from",
    "passport": "Check the passport details before booking",
    "iban": "Copy the bank details into the payment form",
    "routing": "Copy the bank details into the payment form",
    "account": "Copy the bank details into the payment form",
    "email": "Send an email to the account owner",
}
UNRELATED = ("Open the help center", "Find the store opening hours", "Change my newsletter preferences")

# -- placements --------------------------------------------------------------------------------

TEXT_PLACEMENTS = ("paragraph", "toast", "dl", "column", "rowheader", "code", "heading", "aria", "input")
PLACEMENTS: dict[str, tuple[str, ...]] = {
    "code": (*TEXT_PLACEMENTS, "spans", "boxes", "path", "jsessionid"),
    "password": (*TEXT_PLACEMENTS, "spans", "userinfo"),
    "token": (*TEXT_PLACEMENTS, "path", "userinfo", "jsessionid"),
    "ip": (*TEXT_PLACEMENTS, "path"),
    "passport": (*TEXT_PLACEMENTS, "spans", "path"),
    "iban": (*TEXT_PLACEMENTS, "path"),
    "routing": (*TEXT_PLACEMENTS, "spans", "path"),
    "account": (*TEXT_PLACEMENTS, "spans", "path"),
    "email": ("path", "mailto"),
}
ARIA = ("aria-roledescription", "aria-valuetext", "aria-keyshortcuts", "title", "aria-description")
# Kinds a bare value (no cue around it) still gives away in a property: digits, shape or checksum.
BARE_OK = frozenset({"code", "token", "ip", "passport", "iban", "routing", "account"})
CONTAINERS = ("page", "page", "page", "iframe", "shadow")


@dataclass(frozen=True)
class Case:
    kind: str
    secret: str
    placement: str
    container: str
    sentence: str  # the secret in a cue sentence
    label: str  # a cue label for the value set apart
    variant: int  # a per-placement choice (attribute, link shape, bare or in a sentence)

    def describe(self) -> str:
        return f"{self.kind}/{self.placement}/{self.container} {self.secret!r}"


def _vary_label(label: str, casing: int, punct: str) -> str:
    if label.isascii():
        label = (label, label.upper(), label.lower(), label.title())[casing]
    return label if label.endswith((":", "#", ".")) else label + punct


@st.composite
def cases(draw: st.DrawFn, kind: str | None = None) -> Case:
    kind = kind or draw(st.sampled_from(sorted(SECRETS)))
    secret = draw(SECRETS[kind])
    sentence = ""
    if SENTENCES[kind]:
        template = draw(st.sampled_from(SENTENCES[kind]))
        casing = draw(st.sampled_from([str, str, str.upper, str.lower]))
        text = template.format(v="\0")
        text = casing(text) if text.isascii() else text
        sentence = draw(st.sampled_from(_LEADS)) + text.replace("\0", secret) + draw(st.sampled_from(_TAILS))
    label = _vary_label(
        draw(st.sampled_from(LABELS[kind])), draw(st.integers(0, 3)), draw(st.sampled_from(["", "", ":", " :"]))
    )
    return Case(
        kind=kind,
        secret=secret,
        placement=draw(st.sampled_from(PLACEMENTS[kind])),
        container=draw(st.sampled_from(CONTAINERS)),
        sentence=sentence,
        label=label,
        variant=draw(st.integers(0, 9)),
    )


def _attr(text: str) -> str:
    return html.escape(text, quote=True)


def fragment(case: Case) -> str:
    """The HTML of one case, before its container."""
    v, label, sentence, n = html.escape(case.secret), html.escape(case.label), html.escape(case.sentence), case.variant
    where = case.placement
    if where == "paragraph":
        return f"<p>{sentence}</p>"
    if where == "toast":
        return f'<div role="status" aria-live="polite">{sentence}</div>'
    if where == "dl":
        return f"<dl><dt>Account holder</dt><dd>Dana Whitfield</dd><dt>{label}</dt><dd>{v}</dd></dl>"
    if where == "column":
        return f"<table><tr><th>Service</th><th>{label}</th></tr><tr><td>Online banking</td><td>{v}</td></tr></table>"
    if where == "rowheader":
        return (
            f'<table><tr><th scope="row">Holder</th><td>Dana</td></tr>'
            f'<tr><th scope="row">{label}</th><td>{v}</td></tr></table>'
        )
    if where == "code":
        return f"<p>{label}</p><code>{v}</code>" if n % 2 else f"<p><code>{sentence}</code></p>"
    if where == "heading":
        return f"<h2>{label}</h2><h3>{v}</h3>" if n % 2 else f"<h2>{sentence}</h2>"
    if where == "spans":
        return f"<p>{label}</p><div>" + "".join(f"<span>{html.escape(c)}</span>" for c in case.secret) + "</div>"
    if where == "boxes":
        boxes = "".join(f'<input inputmode="numeric" maxlength="1" value="{c}">' for c in case.secret)
        return f"<label>{label}</label><div>{boxes}</div>"
    if where == "input":
        kind = "readonly " if n % 2 else ""
        return f'<label>{label} <input type="text" {kind}value="{_attr(case.secret)}"></label>'
    if where == "aria":
        attribute = ARIA[n % len(ARIA)]
        text = case.secret if case.kind in BARE_OK and n >= 5 else case.sentence
        if attribute == "aria-keyshortcuts" and text == case.secret:  # a bare value, as a key chord
            text = f"Alt+{case.secret}"
        if attribute == "aria-valuetext":
            return (
                f'<div role="slider" tabindex="0" aria-label="Volume" aria-valuenow="5" '
                f'aria-valuetext="{_attr(text)}"></div>'
            )
        return f'<button {attribute}="{_attr(text)}">Continue</button>'
    if where == "path":
        prefix = ("verify", "share", "people", "records")[n % 4]
        return f'<a href="/{prefix}/{_attr(case.secret)}/details">{label or "Details"}</a>'
    if where == "userinfo":
        return f'<a href="https://dana:{_attr(case.secret)}@files.portal.test/home">Shared files</a>'
    if where == "jsessionid":
        return f'<a href="/cart;jsessionid={_attr(case.secret)}">Shopping cart</a>'
    if where == "mailto":
        subject = "?subject=Hello" if n % 2 else ""
        return f'<a href="mailto:{_attr(case.secret)}{subject}">{label}</a>'
    raise ValueError(where)


def contained(case: Case) -> str:
    inner = fragment(case)
    if case.container == "iframe":
        return f'<iframe title="Message" srcdoc="{_attr(f"<!doctype html><body>{inner}</body>")}"></iframe>'
    if case.container == "shadow":
        host = f"host-{abs(hash(case)) % 10**9:x}"
        script = json.dumps(inner).replace("</", "<\\/")
        return (
            f'<div id="{host}"></div><script>document.getElementById("{host}")'
            f'.attachShadow({{mode: "open"}}).innerHTML = {script};</script>'
        )
    return inner


_FILLER = (
    "Thanks for being with us.",
    "Manage how we contact you below.",
    "Questions? Our team is happy to help.",
    "Review the details carefully.",
    "You can change this later in settings.",
)


@dataclass(frozen=True)
class Example:
    cases: tuple[Case, ...]
    task: str

    def html(self) -> str:
        sections = "".join(
            f"<section><p>{_FILLER[k % len(_FILLER)]}</p>{contained(c)}</section><hr>" for k, c in enumerate(self.cases)
        )
        return (
            "<!doctype html><html><head><title>Account overview</title></head><body><h1>Account overview</h1>"
            f'<nav><a href="/help">Help center</a> <a href="/newsletter">Newsletter</a></nav>{sections}'
            '<form><label>Notes <input name="notes"></label><button>Save</button></form></body></html>'
        )


@st.composite
def examples(draw: st.DrawFn) -> Example:
    drawn = draw(st.lists(cases(), min_size=CASES_PER_PAGE, max_size=CASES_PER_PAGE, unique_by=lambda c: c.secret))
    chosen: list[Case] = []
    for case in drawn:  # none inside another (a leak must be the case's own): rare, dropped
        if all(case.secret not in c.secret and c.secret not in case.secret for c in chosen):
            chosen.append(case)
    task = NEEDS[chosen[0].kind] if draw(st.booleans()) else draw(st.sampled_from(UNRELATED))
    return Example(tuple(chosen), task)


# -- checks ------------------------------------------------------------------------------------


def leaked(text: str, secret: str) -> bool:
    """The secret as written, without its separators, or reassembled from the quoted pieces
    one per node (as in test_leak_structure.py)."""
    compact = _SEPARATORS.sub("", secret)
    squeezed = _SEPARATORS.sub("", "".join(re.findall(r"'([^']*)'", text)))
    return secret in text or compact in text or compact in squeezed


@dataclass
class Outcome:
    cases: int = 0
    fail_closed: int = 0
    leaks: list[str] | None = None


def observations(page: Page, minim: Minim, task: str) -> Iterator[tuple[str, str | None]]:
    """(which policy, everything sent in all three formats — or None when it failed closed)."""
    for name, thresholds in (("default", None), ("keep-all", KEEP_ALL)):
        scorer = Minim(minim.scorer) if thresholds is None else Minim(minim.scorer, thresholds=thresholds)
        agent = MinimPage(page, task, minim=scorer, guard_requests=False)
        try:
            text = agent.observe()
        except WebminimError as exc:
            assert "\n" not in str(exc), f"a fail-closed error must be one line: {exc!r}"
            yield name, None
            continue
        assert agent.view is not None
        shown = [_LINE_ID.sub(r"\1", t) for t in (text, agent.view.text("browsergym"))]
        yield name, "\n".join([*shown, *_strings(json.loads(agent.view.text("json")))])


def _numbers(value: object) -> bool:
    """Only numbers (or nothing): an id, a list of ids, a box."""
    if isinstance(value, list):
        return all(_numbers(item) for item in value)
    return value is None or isinstance(value, int | float) or (isinstance(value, str) and value.isdigit())


def _strings(value: object) -> Iterator[str]:
    """Every text the JSON view sends (names, values, properties, the URL and tabs), one quoted
    string each, without its structure: a four-digit code must not be found in a node id that
    happens to hold the same digits."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key not in _STRUCTURE or not _numbers(item):
                yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)
    elif value is not None:
        yield f"'{value}'"


def check(page: Page, minim: Minim, example: Example, outcome: Outcome) -> list[str]:
    """Serve and observe one generated page; the leaks found (one line each)."""
    page.unroute(f"{SITE}/**")
    body = example.html()

    def fulfill(route: Route) -> None:
        route.fulfill(status=200, content_type="text/html; charset=utf-8", body=body)

    page.route(f"{SITE}/**", fulfill)
    page.goto(f"{SITE}/account/overview")
    leaks = []
    for policy, text in observations(page, minim, example.task):
        outcome.cases += len(example.cases)
        if text is None:
            outcome.fail_closed += len(example.cases)
            continue
        leaks += [f"{policy}: {c.describe()} | task {example.task!r}" for c in example.cases if leaked(text, c.secret)]
    return leaks


@pytest.fixture(scope="module")
def outcome() -> Iterator[Outcome]:
    found = Outcome(leaks=[])
    yield found
    checked = max(found.cases, 1)
    print(f"\nfuzz tier: {found.cases // 2} cases x 2 policies, {found.fail_closed} failed closed")
    assert found.cases // 2 >= FUZZ_CASES, f"only {found.cases // 2} of {FUZZ_CASES} generated cases were checked"
    assert found.fail_closed / checked <= MAX_FAIL_CLOSED, (
        f"{found.fail_closed} of {checked} observations failed closed"
    )


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(example=examples())
def test_generated_hostile_pages_leak_nothing(page: Page, minim: Minim, outcome: Outcome, example: Example):
    leaks = check(page, minim, example, outcome)
    assert not leaks, "\n".join(leaks) + "\n\n" + example.html()


def test_every_kind_and_placement_is_generated():
    """The generator reaches every secret kind, placement and container (no dead branches)."""
    seen: set[str] = set()

    @settings(max_examples=1500, derandomize=True, database=None)
    @given(case=cases())
    def collect(case: Case) -> None:
        seen.update((case.kind, case.placement, case.container))
        contained(case)  # every drawn case renders

    collect()
    wanted = set(SECRETS) | {p for places in PLACEMENTS.values() for p in places} | set(CONTAINERS)
    assert wanted <= seen, sorted(wanted - seen)
