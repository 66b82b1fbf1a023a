"""The structure-aware secret guard (issue 11): values set apart from their labels, values
split one character per node, word-like passwords, identifiers, and verification codes in
many languages — on small trees built from HTML, with hand-set decisions (no model)."""

from __future__ import annotations

import re
import time

import numpy as np
import pytest

from extractors import tree_from_html
from extractors.tree import UITree
from webminim.metrics import A, K, R
from webminim.policy import PolicyContext, Thresholds, decide_explained
from webminim.secret_guard import flag_secrets, holds_code, labelled_codes, secret_in
from webminim.vault import Vault
from webminim.view import build_view

URL = "https://account.test/security"


def tree_of(body: str) -> UITree:
    return tree_from_html(f"<html><head><title>Account</title></head><body>{body}</body></html>", url=URL)


def flagged(tree: UITree, task: str = "") -> set[str]:
    """Ids of the nodes the guard flags when the policy keeps every node."""
    nodes = tree.nodes
    kept = list(range(len(nodes)))

    def text_of(i: int) -> str:
        return " ".join(t for t in (nodes[i].name, nodes[i].value or "", nodes[i].description) if t)

    return {nodes[i].id for i in flag_secrets(tree, kept, task, text_of)}


def keep_all(tree: UITree, task: str = "", vault: Vault | None = None):
    """The view of a model that keeps everything and calls nothing sensitive: the worst case,
    where only the secret guard stands between the page and the remote model."""
    n = len(tree.nodes)
    vault = vault if vault is not None else Vault()
    view = build_view(
        tree,
        np.full(n, K, dtype=np.int8),
        np.zeros(n),
        np.full(n, 10.0),
        vault,
        tau_nec=1.0,
        tau_sens=5.0,
        task=task,
    )
    return view, vault


def shown(text: str) -> str:
    """Every quoted string and value in the rendered view, in order, joined without separators:
    what a reader could reassemble from a value written one character per node."""
    return "".join(re.findall(r"'([^']*)'", text))


def assert_withheld(tree: UITree, secret: str, *, task: str = "") -> str:
    view, vault = keep_all(tree, task)
    text = view.text()
    squeezed = re.sub(r"[\s\-–·]", "", shown(text))
    assert secret not in text, text
    assert re.sub(r"[\s\-–·]", "", secret) not in squeezed, text
    # abstracted, not dropped: every withheld piece is in the vault behind a shown placeholder
    held = [e for e in vault.entries() if e.placeholder in text]
    assert held, text
    return text


# -- 1. a value set apart from the label that says it is secret ------------------------------

STRUCTURE = [
    # <dt> before <dd>: the issue's own example of a code kept as a bare StaticText
    ("dt/dd", "<dl><dt>Your one-time code</dt><dd>999472</dd><dt>Plan</dt><dd>Pro</dd></dl>", "999472"),
    # column header of a cell (the code column of a table of services)
    (
        "column header",
        "<table><tr><th>Service</th><th>Recovery code</th></tr><tr><td>Mail</td><td>48213917</td></tr></table>",
        "48213917",
    ),
    # row header: a two-column settings table
    (
        "row header",
        '<table><tr><th scope="row">Backup PIN</th><td>4421</td></tr><tr><th scope="row">Plan</th>'
        "<td>Basic</td></tr></table>",
        "4421",
    ),
    # a table with no <th> at all: the cell before it is the label
    ("previous cell", "<table><tr><td>Access code</td><td>k3jd-92mf</td></tr></table>", "k3jd-92mf"),
    # a heading just before a value in its own heading
    ("heading", "<h2>Your sign-in code</h2><p>Use it within 10 minutes.</p><h3>770413</h3>", "770413"),
    # a <code> element after the sentence that names it
    ("code element", "<p>Copy this verification code:</p><code>503118</code>", "503118"),
    # aria-labelledby: the value's container is named by a label elsewhere
    ("aria-labelledby", '<span id="l">Backup PIN</span><div aria-labelledby="l">2648</div>', "2648"),
    # a fieldset's legend names the field holding the value
    (
        "legend",
        '<form><fieldset><legend>Passcode</legend><input value="ab12cd"></fieldset></form>',
        "ab12cd",
    ),
    # the field's own label, when the text alone has no separator the text patterns need
    ("field name", '<label>Backup code <input value="7KQ2-M9PX"></label>', "7KQ2-M9PX"),
    # a list of recovery codes under one heading: the later items are far from the heading
    (
        "list of codes",
        "<h2>Your backup codes</h2><ul>"
        + "".join(f"<li>{c}</li>" for c in ("1934 5568", "2745 6129", "3356 7410", "4167 8821", "5978 9032"))
        + "</ul>",
        "5978 9032",
    ),
    # a word-like password as the <dd> of its <dt>
    ("password dd", "<dl><dt>Wi-Fi password</dt><dd>tangerine</dd><dt>Network</dt><dd>HomeNet</dd></dl>", "tangerine"),
    # an API token in a table cell under its header
    (
        "token cell",
        "<table><tr><th>Name</th><th>Secret key</th></tr><tr><td>CI</td><td>a8f3k2m9x7q1w5e6</td></tr></table>",
        "a8f3k2m9x7q1w5e6",
    ),
]

SPLIT = [
    # one <span> per character after the sentence that asks for it
    ("spans", "<p>Enter code</p><div>" + "".join(f"<span>{c}</span>" for c in "999472") + "</div>", "999472"),
    # six one-digit boxes, each a field holding one digit
    (
        "boxes",
        "<label>Verification code</label>" + "".join(f'<input maxlength="1" value="{c}">' for c in "381905"),
        "381905",
    ),
    # boxes each named "Digit n": the label is the boxes' group
    (
        "named boxes",
        '<div role="group" aria-label="One-time passcode">'
        + "".join(f'<input aria-label="Digit {k}" value="{c}">' for k, c in enumerate("640217", 1))
        + "</div>",
        "640217",
    ),
    # two halves with a dash between them
    (
        "halves",
        "<p>Your security code</p><p><span>483</span><span>-</span><span>920</span></p>",
        "483920",
    ),
    # one <span> per character of a letter-and-digit code
    ("alnum", "<p>Recovery code:</p><p>" + "".join(f"<b>{c}</b>" for c in "K3J9P2") + "</p>", "K3J9P2"),
]


@pytest.mark.parametrize(("case", "body", "secret"), STRUCTURE + SPLIT, ids=[c[0] for c in STRUCTURE + SPLIT])
def test_a_value_whose_label_says_secret_is_withheld(case, body, secret):
    tree = tree_of(body)
    assert flagged(tree), f"{case}: nothing flagged"
    assert_withheld(tree, secret)


@pytest.mark.parametrize(("case", "body", "secret"), STRUCTURE[:3], ids=[c[0] for c in STRUCTURE[:3]])
def test_the_label_itself_stays_readable(case, body, secret):
    """Only the value is abstracted: the agent still reads what the field or term is."""
    tree = tree_of(body)
    label = re.search(r"<(?:dt|th)[^>]*>([^<]*)</(?:dt|th)>", body)
    view, _ = keep_all(tree)
    assert label is not None and label.group(1) in view.text()
    labels = [n.id for n in tree.nodes if n.role == "StaticText" and n.name == label.group(1)]
    assert labels and not set(labels) & flagged(tree)


def test_a_split_value_is_abstracted_piece_by_piece_in_the_vault():
    tree = tree_of("<p>Enter code</p><div>" + "".join(f"<span>{c}</span>" for c in "999472") + "</div>")
    view, vault = keep_all(tree)
    pieces = [n for n in tree.nodes if n.role == "StaticText" and len(n.name) == 1]
    assert len(pieces) == 6
    assert all(view.tree[n.id].name.startswith("[") for n in pieces)
    assert all(view.decisions[n.id].action == "A" and "secret" in view.decisions[n.id].reason for n in pieces)
    assert view.tree[next(n.id for n in tree.nodes if n.name == "Enter code")].name == "Enter code"


def test_a_cell_named_by_its_code_is_withheld_with_its_text():
    tree = tree_of("<table><tr><th>Service</th><th>Recovery code</th></tr><tr><td>Mail</td><td>48213</td></tr></table>")
    ids = {n.id for n in tree.nodes if n.name == "48213"}
    assert {n.role for n in tree.nodes if n.id in ids} == {"cell", "StaticText"}
    assert ids <= flagged(tree)


def test_the_task_naming_the_value_exempts_it():
    tree = tree_of("<dl><dt>Your one-time code</dt><dd>999472</dd></dl>")
    assert flagged(tree, task="type 999472 into the code box") == set()


# -- 2. word-like passwords after a password cue ---------------------------------------------

WORD_PASSWORDS = [
    "Temporary password sunflower25",  # no separator: the value is plainly not a word
    "pw: cinnamon",  # short cue, colon
    "Passcode for the shared folder: tangerine",  # words between the cue and the colon
    "your new password is: Maple-Tree",  # "is" and a colon
    "Temporary password sunflower",  # a qualifier says a password is handed over
    "Wi-Fi password: guest-lounge",
    "The password is 'marigold'.",  # quoted, sentence end
    "Your password is tangerine, please change it after you sign in",
    "Mot de passe : tournesol",  # fr
    "Passwort: Sonnenblume",  # de
    "Contraseña: girasol",  # es
    "Senha: girassol",  # pt
    "Пароль: подсолнух",  # ru
    "密码是tangerine",  # zh
]


@pytest.mark.parametrize("text", WORD_PASSWORDS)
def test_a_word_like_password_after_a_cue_is_a_secret(text):
    assert secret_in(text), text


def test_a_word_like_password_is_abstracted_in_the_view():
    tree = tree_of("<p>Welcome to the team!</p><p>Temporary password sunflower25</p><p>pw: cinnamon</p>")
    text = assert_withheld(tree, "sunflower25")
    assert "cinnamon" not in text and "Welcome to the team!" in text


NOT_PASSWORDS = [
    "Password is required",
    "Password: Last changed 3 months ago",
    "Password manager",
    "Forgot password?",
    "Change password",
    "Your password must be at least 8 characters",
    "Password reset link sent",
    "The password you entered is incorrect",
    "Your password was changed on 3 March",
    "New password Confirm password",
    "Password strength: Strong",
    "Password: ••••••••",
    "Passwort vergessen?",
]


@pytest.mark.parametrize("text", NOT_PASSWORDS)
def test_password_ui_text_is_not_a_password(text):
    assert not secret_in(text), text


# -- 3. identifiers --------------------------------------------------------------------------

# Every number here passes its python-stdnum checksum (or is shaped and cued as the kind says).
IDENTIFIERS = [
    "Passport number: X12345678",  # passport cue, letter + digits
    "Passport no. 533380006",  # digits only
    "N° de passeport : 12AB34567",  # fr cue
    "SIN: 130 692 544",  # Canadian SIN, cued
    "130-692-544",  # Canadian SIN as printed, Luhn-valid, no cue
    "SSN 536-22-1234",  # US SSN
    "Social security number 536221234",  # nine bare digits, cued
    "NINO AB 12 34 56 C",  # UK National Insurance number
    "Steuer-ID 36 574 261 809",  # German tax ID (stdnum.de.idnr)
    "36 574 261 809",  # ... as printed, no cue
    "N° de sécurité sociale 2 95 10 99 126 111 93",  # French NIR (stdnum.fr.nir)
    "DNI 54362315K",  # Spanish DNI
    "54362315K",  # ... no cue: the check letter validates it
    "NIE X2482300W",  # Spanish NIE
    "Aadhaar: 2341 2341 2346",  # Indian Aadhaar (Verhoeff)
    "2341 2341 2346",  # ... as printed, no cue
    "CPF 390.533.447-05",  # Brazilian CPF
    "Codice fiscale RCCMNL83S18D969H",  # Italian fiscal code
    "IP address 192.168.1.24",  # IPv4
    "Last sign-in from 203.0.113.77",  # IPv4, no cue
    "Connected from 2001:db8::8a2e:370:7334",  # IPv6
    "Routing number 021000021",  # ABA routing (stdnum.us.rtn)
    "Routing: 021000021 Account: 123456789",  # routing + account pair
    "Account number 0012345678",
    "IBAN GB82 WEST 1234 5698 7654 32",  # IBAN (stdnum.iban)
    "Kontonummer: 532013000",  # de account cue
]


@pytest.mark.parametrize("text", IDENTIFIERS)
def test_identifiers_are_secrets(text):
    assert secret_in(text), text


NOT_IDENTIFIERS = [
    "130-692-545",  # SIN shape, Luhn fails, no cue
    "2341 2341 2345",  # Aadhaar shape, Verhoeff fails
    "54362315A",  # DNI shape, wrong check letter
    "GB83 WEST 1234 5698 7654 32",  # IBAN shape, wrong check digits
    "Routing number 021000022",  # routing checksum fails
    "Meeting room 10.0.0.300",  # not an IP address
    "Version 10.2.1 released",
    "Meeting at 12:30:45",  # a time is not an IPv6 address
    "sin cargo adicional 1234567",  # es "sin" (without) is not a SIN cue
    "Account ending in 4321",  # a masked tail
    "Account created 2021-03-04",
    "Passport photo requirements",
]


@pytest.mark.parametrize("text", NOT_IDENTIFIERS)
def test_invalid_or_uncued_numbers_are_not_identifiers(text):
    assert not secret_in(text), text


@pytest.mark.parametrize(
    ("label", "value"),
    [
        ("Passport number", "X1234567"),
        ("SIN", "130 692 544"),
        ("Routing number", "021000021"),
        ("Account number", "0012345678"),
        ("IBAN", "DE89 3704 0044 0532 0130 00"),
        ("IP address", "198.51.100.23"),
    ],
)
def test_an_identifier_in_a_task_form_is_abstracted(label, value):
    tree = tree_of(f"<h1>Review your details</h1><dl><dt>{label}</dt><dd>{value}</dd></dl><button>Confirm</button>")
    text = assert_withheld(tree, value, task="review my details and press confirm")
    assert label in text and "Confirm" in text


def test_an_identifier_the_task_names_is_shown():
    tree = tree_of("<dl><dt>Passport number</dt><dd>X1234567</dd></dl>")
    assert flagged(tree, task="check that passport number x1234567 is on file") == set()
    assert not secret_in("Passport number: X1234567", named="enter passport number x1234567")


# -- 4. a verification code in any language --------------------------------------------------

CODES_BY_LANGUAGE = [
    "Your verification code is 483920",  # en
    "483920 is your verification code",  # en, code first (SMS style)
    "Votre code de vérification est 483920",  # fr
    "Ihr Bestätigungscode lautet 483920",  # de (compound)
    "Su código es 483920",  # es
    "Seu código de verificação é 483920",  # pt
    "Il tuo codice di verifica è 483920",  # it
    "Je verificatiecode is 483920",  # nl (compound)
    "Din verifieringskod är 483920",  # sv (compound)
    "Twój kod weryfikacyjny to 483920",  # pl
    "Doğrulama kodunuz: 483920",  # tr
    "Ваш код подтверждения: 483920",  # ru
    "Ο κωδικός σας είναι 483920",  # el
    "رمز التحقق الخاص بك هو 483920",  # ar
    "קוד האימות שלך הוא 483920",  # he
    "आपका सत्यापन कोड 483920 है",  # hi
    "認証コードは483920です",  # ja: no space around the code
    "483920は認証コードです",  # ja, code first
    "您的验证码是483920，5分钟内有效",  # zh
    "인증번호 [483920]를 입력하세요",  # ko
    "Mã xác minh của bạn là 483920",  # vi
    "Kode verifikasi Anda adalah 483920",  # id
    "Your code: ４８３９２０",  # full-width digits
    "Your code is 483-920",  # two groups
]


@pytest.mark.parametrize("text", CODES_BY_LANGUAGE)
def test_a_code_in_any_language_is_recognized(text):
    assert holds_code(text) and holds_code(text.lower()), text  # the policy reads lower-cased text
    assert secret_in(text), text


@pytest.mark.parametrize(
    "notice", ["Ihr Bestätigungscode lautet 483920", "認証コードは483920です", "Votre code de vérification est 483920"]
)
def test_a_foreign_code_the_task_asks_for_is_abstracted_not_removed(notice):
    """The model prunes the notice (n̂ 0); the task asks for the code: the view must still
    carry it as a typeable placeholder, never as text."""
    tree = tree_of(f'<p>{notice}</p><label>Code <input name="otp"></label><button>Verify</button>')
    task = "Enter the verification code and press Verify"
    n = len(tree.nodes)
    s, n_hat = np.zeros(n), np.full(n, 10.0)
    notice_ids = [i for i, node in enumerate(tree.nodes) if node.name == notice]
    n_hat[notice_ids] = 0.0
    actions, reasons = decide_explained(s, n_hat, Thresholds(), PolicyContext.of(tree, task))
    assert all(actions[i] == A for i in notice_ids), [reasons.get(i) for i in notice_ids]
    vault = Vault()
    view = build_view(tree, actions, s, n_hat, vault, tau_nec=1.0, tau_sens=5.0, task=task, reasons=reasons)
    assert "483920" not in view.text()
    placeholder = next(e.placeholder for e in vault.entries() if "483920" in e.value)
    assert placeholder in view.text()


def test_labelled_codes_finds_codes_their_own_text_does_not_name():
    tree = tree_of(
        "<dl><dt>Your one-time code</dt><dd>999472</dd><dt>ZIP code</dt><dd>94110</dd></dl>"
        "<p>Enter code</p><div>" + "".join(f"<span>{c}</span>" for c in "381905") + "</div>"
    )
    found = {tree.nodes[i].name for i in labelled_codes(tree)}
    assert "999472" in found and set("381905") <= found
    assert "94110" not in found


# -- false positives: ordinary numbers near no cue -------------------------------------------

BENIGN_TEXT = [
    "Order #100234 shipped to Portland, OR 97201",
    "Price: $1,299.00",
    "Order total: $2,345.67",
    "Qty 2 · $12.99",
    "Delivered on 2024-03-05",
    "© 2024 Acme Inc.",
    "2024 Annual Report",
    "Population 4,500,000 in 2023",
    "Items 1234 in stock",
    "123 Main St, Springfield, IL 62704",
    "ZIP code 94110",
    "Código postal 28013",
    "Code postal : 75001",
    "Kod pocztowy 00-950",
    "Use promo code SAVE20 for 20% off",
    "Promo code: SAVE2024",
    "Product code 48213",
    "Error code: E1234",
    "Room 12, Floor 3",
    "Palabra clave: zapatos",
    "Chapter 12: The code of honor",
    "Pin to profile",
]


@pytest.mark.parametrize("text", BENIGN_TEXT)
def test_ordinary_numbers_are_not_secrets(text):
    assert not secret_in(text), text
    assert not holds_code(text), text


BENIGN_PAGES = [
    # an order summary: numbers set apart under labels that name no secret
    "<h2>Order summary</h2><dl><dt>Order number</dt><dd>100234</dd><dt>Total</dt><dd>$1,299.00</dd>"
    "<dt>Date</dt><dd>2024-03-05</dd><dt>Qty</dt><dd>2</dd><dt>Year</dt><dd>2024</dd></dl>",
    # a code label that names an ordinary code
    "<dl><dt>ZIP code</dt><dd>94110</dd><dt>Promo code</dt><dd>SAVE20</dd><dt>Product code</dt><dd>48213</dd></dl>",
    # a product table
    "<table><tr><th>Item</th><th>Qty</th><th>Price</th><th>Year</th></tr>"
    "<tr><td>Widget</td><td>4</td><td>$12.00</td><td>2024</td></tr>"
    "<tr><td>Gadget</td><td>12</td><td>$7.50</td><td>2023</td></tr></table>",
    # a password field's label does not make the text after the field a password
    '<label for="p">Password</label><input id="p" type="password"><span>Required</span>'
    '<a href="/f">Forgot password?</a><p>Home</p>',
    # "Password manager" names no password: the sites under it are not passwords
    "<h2>Password manager</h2><ul><li>Gmail</li><li>Amazon</li><li>Netflix</li></ul>",
    # pagination: one-character links in a row
    '<nav><a href="/p/1">1</a><a href="/p/2">2</a><a href="/p/3">3</a><a href="/p/4">4</a></nav>',
    # an address block with a ZIP code, and a phone number
    "<p>Shipping to</p><p>123 Main St</p><p>Portland, OR 97201</p><p>Phone</p><p>(555) 123-4567</p>",
    # a code prompt, then an empty field: the order total after it is no code
    '<h2>Enter the code we sent</h2><input aria-label="Code"><button>Verify</button><p>Order total</p><p>1299</p>',
    # page numbers as plain text
    "<p>Page</p><span>1</span><span>2</span><span>3</span><span>4</span><p>of 12</p>",
    # a calendar strip
    "<p>March 2024</p>" + "".join(f"<span>{d}</span>" for d in range(1, 8)),
]


@pytest.mark.parametrize("body", BENIGN_PAGES)
def test_ordinary_pages_flag_nothing(body):
    tree = tree_of(body)
    assert flagged(tree) == set(), [n.name for n in tree.nodes if n.id in flagged(tree)]
    assert labelled_codes(tree) == set()


# -- bounded work ----------------------------------------------------------------------------


def _seconds(text: str) -> float:
    """The best of three runs: a busy machine adds noise, never removes work."""
    best = float("inf")
    for _ in range(3):
        started = time.perf_counter()
        secret_in(text)
        holds_code(text)
        best = min(best, time.perf_counter() - started)
    return best


# (unit repeated, what it attacks): long runs that make a backtracking scan rescan from every
# position — a cue followed by an endless value, separators, digits a few patterns start at
ADVERSARIAL = [
    ("code ", "cue words"),
    ("password a", "a cue, then an endless value"),
    ("pw: x", "a cue and colon, then an endless value"),
    (":", "colons (IPv6 candidates)"),
    ("1.", "dotted digits (IPv4 candidates)"),
    ("passport A1", "passport cue and letter-digit runs"),
    ("SIN 1 ", "an ID cue and spaced digits"),
    ("f:", "hex and colons"),
    ("Account # 1-", "an account cue and dashed digits"),
    ("1-", "one unbroken token of digits and dashes"),
    ("%4", "an unbroken token that looks URL-encoded"),
    ("a@", "an unbroken token of at-signs"),
]


@pytest.mark.parametrize(("unit", "what"), ADVERSARIAL, ids=[a[1] for a in ADVERSARIAL])
def test_long_adversarial_text_is_scanned_in_linear_time(unit, what):
    """Four times the text takes about four times as long (quadratic would be sixteen)."""
    small = _seconds(unit * (10_000 // len(unit)))
    large = _seconds(unit * (40_000 // len(unit)))
    assert large < 20.0, what
    assert large < 9 * max(small, 0.02), (what, small, large)


def test_a_large_page_of_short_values_is_judged_quickly():
    body = "".join(f"<p>Item {k}</p><p>{1000 + k}</p><span>{k % 10}</span>" for k in range(1500))
    tree = tree_of(body)
    started = time.perf_counter()
    flagged(tree)
    labelled_codes(tree)
    assert time.perf_counter() - started < 10.0


def test_removed_values_are_not_judged():
    """The guard judges what would be sent: a removed value is already withheld."""
    tree = tree_of("<dl><dt>Your one-time code</dt><dd>999472</dd></dl>")
    n = len(tree.nodes)
    actions = np.array([R if node.name == "999472" else K for node in tree.nodes], dtype=np.int8)
    view = build_view(tree, actions, np.zeros(n), np.full(n, 10.0), Vault(), tau_nec=1.0, tau_sens=5.0)
    assert "999472" not in view.text() and "Your one-time code" in view.text()


# -- found by the generated pages of e2e/test_leak_fuzz.py ------------------------------------


def _spans(value: str) -> str:
    return "<div>" + "".join(f"<span>{c}</span>" for c in value) + "</div>"


def _boxes(value: str) -> str:
    return "<div>" + "".join(f'<input inputmode="numeric" maxlength="1" value="{c}">' for c in value) + "</div>"


FUZZ_FOUND = [
    (  # the column header labels the cell, not the cell before it
        "column header after a cell",
        "<table><tr><th>Service</th><th>WI-FI PASSWORD :</th></tr><tr><td>Online banking</td><td>otterbank0</td></tr>"
        "</table>",
        "otterbank0",
    ),
    # a text node's name is its own piece, not a label for the run it is in
    ("word password one letter per span", f"<p>Passphrase:</p>{_spans('juniperhill')}", "juniperhill"),
    # an upper-case label shaped like a code group ("2FA CODE") is a label, not a sibling value
    ("upper-case label before boxes", f"<label>2FA CODE</label>{_boxes('52965')}", "52965"),
    (  # an identifier in the text before the label is another value, not part of this label
        "identifier after another identifier",
        "<dl><dt>Last login from</dt><dd>203.0.113.77</dd></dl><p>Travel document :</p><code>A8728135</code>",
        "A8728135",
    ),
    ("token after its cue and a space", "<p>Bearer aB3dE5fG7hJ9kL1m2nP4</p>", "aB3dE5fG7hJ9kL1m2nP4"),
    ("routing number after a lower-case cue", "<h2>heads up! aba 021000021.</h2>", "021000021"),
    # the full stop after a word password ends it; the next sentence is not its tail
    (
        "word password, then a sentence",
        "<p>Your temporary password is copperkettle. Do not share it with anyone.</p>",
        "copperkettle",
    ),
    ("word password after an arrow", "<p>password =&gt; lanternfish - it expires soon.</p>", "lanternfish"),
    ("password reset to a value", "<p>YOUR PASSWORD HAS BEEN RESET TO otterbank0!</p>", "otterbank0"),
    ("German compound passport cue", "<p>Note - REISEPASSNUMMER XE5161265</p>", "XE5161265"),
]


@pytest.mark.parametrize(("body", "secret"), [c[1:] for c in FUZZ_FOUND], ids=[c[0] for c in FUZZ_FOUND])
def test_values_the_fuzz_tier_found_are_withheld(body: str, secret: str):
    view, _ = keep_all(tree_of(body))
    for fmt in ("webarena", "browsergym", "json"):
        text = view.text(fmt)
        assert secret not in text and secret not in shown(text), text


def test_a_one_letter_page_title_does_not_hide_a_split_code():
    """The root's one-letter name is a piece too; the page below it is not that piece again."""
    tree = tree_from_html(f"<html><head><title>T</title></head><body><p>Enter code</p>{_spans('418205')}</body></html>")
    view, _ = keep_all(tree)
    assert "418205" not in shown(view.text("browsergym"))
