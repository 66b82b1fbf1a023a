"""The deterministic secret safety net under the learned policy."""

from __future__ import annotations

import base64
import re

import numpy as np
import pytest

from extractors.tree import TreeBuilder
from webminim.metrics import K
from webminim.secret_guard import flag_secrets, secret_in
from webminim.vault import Vault
from webminim.view import build_view

SECRETS = [
    "Your verification code is 847293",
    "2FA: 5521 09",  # spaced digits are joined by the normalizer
    "Your password is Hunter2!x",
    "Card 4111 1111 1111 1111 on file",
    "SSN 123-45-6789",
    "api token sk_live_9f8e7d6c5b4a39281726354abc",
    "temp login: P@ssw0rd-2026",
    "Your c0de is 8 4 7 2 9 3",  # leetspeak + spaced digits
    "code\u200bis 847293",  # zero-width character
    "Υour verification cоde is 847293",  # Greek Upsilon, Cyrillic o
    "note " + base64.b64encode(b"your verification code is 847293").decode(),
    "see %63%6F%64%65%20%69%73%20%38%34%37%32%39%33",  # URL-encoded "code is 847293"
    "Guest Wi-Fi password — Tr!cky-Owl",  # a label separator, no digit in the value
    "Router password | saffron?Kettle",
    "Generated password · kq?Ztrmw",  # "?" inside the value: no 4-letter word before it
    # secrets written as words: a passphrase, a recovery phrase, a security answer
    "Passphrase: correct horse battery staple",
    "Recovery phrase: abandon ability able about above absent absorb abstract absurd abuse access accident",
    "Security answer: Fluffy",
    "Your mother's maiden name is Whitaker",
    "Memorable word — lighthouse",
    # service keys and tokens by their published shapes (detect-secrets' detectors)
    "AKIAIOSFODNN7EXAMPLE",  # an AWS access key id, alone
    "Deploy user key AKIAIOSFODNN7EXAMPLE rotated",
    "gh" + "p_16C7e42F292c6912E7710c838347Ae178B4a",  # written in two pieces: not a token in this file
    "-----BEGIN OPENSSH PRIVATE KEY-----",
    "db: https://admin:hunter22@db.internal.example.com/prod",
]

BENIGN = [
    "Order #100234 shipped to Portland, OR 97201",
    "ZIP code 94110",
    "Visa ending in 4242",
    "Add to Cart",
    "Vote up · 42 comments",
    "Re: March invoice from dana.kim@example.org",
    "https://shop.test/products/blue-widget-2000?ref=home",
    "Posted 3 hours ago by alex_r",
    "Price: $1,299.00",
    "Password · Required",
    "Password — Forgot it?",
    "Password | Show",
    "Password · Last changed 3 days ago",
    "Security answer: required",
    "Passphrase: not set",
    "Write down your seed phrase and keep it safe.",
    "What is your mother's maiden name?",
    "Recovery phrase (12 words)",
    "Internationalization and localization settings",
    "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "https://docs.example.com/guides/getting-started/installation",
]


@pytest.mark.parametrize("text", SECRETS)
def test_secrets_are_found_also_when_encoded(text):
    assert secret_in(text), text


@pytest.mark.parametrize("text", BENIGN)
def test_ordinary_page_text_is_not_a_secret(text):
    assert not secret_in(text), text


def _siblings(*texts: str):
    b = TreeBuilder()
    b.add("r", "RootWebArea", name="Inbox")
    for i, text in enumerate(texts):
        b.add(f"t{i}", "StaticText", parent="r", name=text)
    return b.build(url="http://mail.test/inbox")


def test_a_secret_split_over_sibling_nodes_flags_every_piece():
    tree = _siblings("Welcome back", "Your code is 84", "7293", "Inbox (3)")
    kept = list(range(len(tree.nodes)))
    flagged = flag_secrets(tree, kept, "", lambda i: tree.nodes[i].name)
    assert {tree.nodes[i].id for i in flagged} == {"t1", "t2"}


def test_text_the_task_names_is_exempt():
    tree = _siblings("Your code is 847293")
    kept = list(range(len(tree.nodes)))
    assert flag_secrets(tree, kept, "type your code is 847293 into the box", lambda i: tree.nodes[i].name) == set()


def test_view_abstracts_a_kept_secret_whatever_the_scores_say():
    tree = _siblings("Welcome back", "Your verification code is 847293")
    n = len(tree.nodes)
    vault = Vault()
    view = build_view(
        tree, np.full(n, K, dtype=np.int8), np.zeros(n), np.full(n, 10.0), vault, tau_nec=1.0, tau_sens=5.0
    )
    assert "847293" not in view.text()
    assert view.tree["t1"].name == "[OTP_1]"
    assert view.decisions["t1"].action == "A" and "secret" in view.decisions["t1"].reason
    assert view.tree["t0"].name == "Welcome back"
    assert vault.get("[OTP_1]").value == "Your verification code is 847293"


def test_ordinary_neighbours_and_placeholders_are_not_glued_into_a_secret():
    tree = _siblings("Marcus Webb", "March invoice [TEXT_1]", "9:41 AM")
    kept = list(range(len(tree.nodes)))
    assert flag_secrets(tree, kept, "", lambda i: tree.nodes[i].name) == set()


def test_the_cue_prefilters_never_hide_what_the_full_scan_finds(monkeypatch):
    """`_may_hold` skips the costly cue scans; it must pass every text a scan would match, in
    every case form (the scans ignore case, and "ı", "İ" and "i" are one letter to them)."""
    from webminim import secret_text as g

    words = [*g._CODE_WORD_LIST, *g._PASSWORD_WORDS, *g._TOKEN_WORDS, "code", "Bestätigungscode", "código"]
    identifier_words = [
        *g._PASSPORT_WORDS, *g._ID_WORD_LIST, *g._ID_ACRONYM_LIST, *g._ROUTING_WORDS, "RTN", "account number",
        "acct #", "Account No.", "a/c", *g._ACCOUNT_NAMES,
    ]  # fmt: skip
    forms = (str, str.upper, str.title, lambda w: w.replace(" ", "-"), lambda w: w.replace("i", "ı"))
    templates = ("Your {} is {}", "{1} is your {0}", "{}: {}")
    texts = [
        template.format(form(word), value)
        for cues, values in (
            (words, ("483920", "Xk29fQ7pLm4Z", "tangerine-Boat7")),
            (identifier_words, ("021000021", "AB1234567", "123 456 789 01")),
        )
        for word in cues
        for form in forms
        for value in values
        for template in templates
    ]
    with_prefilter = [(list(g._detections(t)), g._identifier(t)) for t in texts]
    monkeypatch.setattr(g, "_may_hold", lambda words, folded: True)
    full_scan = [(list(g._detections(t)), g._identifier(t)) for t in texts]
    assert sum(bool(found) for found, _ in full_scan) > len(texts) // 2  # the texts do hold secrets
    assert sum(bool(kind) for _, kind in full_scan) > len(texts) // 10  # identifiers among them
    assert [t for t, a, b in zip(texts, with_prefilter, full_scan, strict=True) if a != b] == []


def test_the_digit_prefilter_never_hides_what_the_digit_patterns_find(monkeypatch):
    """The patterns that need a digit are skipped on a text without one (`\\d`, any script's
    digits); a digit that is not `\\d` ("²") must not be one they would match."""
    from webminim import secret_text as g

    texts = [
        "SSN 123-45-6789", "SSN 000-00-0000", "SSN ١٢٣-٤٥-٦٧٨٩", "card 4111 1111 1111 1111",
        "token sk_live_abcdefghijklmnopqrstuvwx12",
        "api key: abcdefghij²klmnop", "Wi-Fi: Hunter²!xyz", "access code: AB²CD²EF", "pw Tr0ub4dor&3",
        "passcode: ４８３９２０", "No digits at all, only words", "user@example.com and x²+y²",
    ]  # fmt: skip
    with_prefilter = [list(g._detections(t)) for t in texts]
    monkeypatch.setattr(g, "_ANY_DIGIT", re.compile(""))  # matches every text
    full_scan = [list(g._detections(t)) for t in texts]
    assert sum(map(bool, full_scan)) >= 4
    assert with_prefilter == full_scan
