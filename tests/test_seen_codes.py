"""Codes a session has seen: which digits of a text are remembered, and how a later text masks them."""

from __future__ import annotations

import pytest

from webminim.seen_codes import codes_in, mask_seen
from webminim.vault import Vault


@pytest.mark.parametrize(
    "text, codes",
    [
        ("Your verification code is 847293", ["847293"]),
        ("Your code is 847 293; it expires in 10 minutes", ["847293"]),  # grouped; "10" is no code
        ("Ihr Bestätigungscode lautet ８４７２９３", ["847293"]),  # full-width digits, as their values
        ("Your code is 847293 (sent 2026)", ["847293"]),  # a year is not remembered
        ("Order 847293 shipped", []),  # no code cue: nothing is remembered
        ("Search", []),
        ("", []),
    ],
)
def test_codes_in(text: str, codes: list[str]) -> None:
    assert codes_in(text) == codes


@pytest.mark.parametrize(
    "text, shown",
    [
        ("Search 847293", "Search [OTP_1]"),
        ("8 4 7 2 9 3", "[OTP_1]"),
        ("847-293", "[OTP_1]"),
        ("Go ８４７２９３ now", "Go [OTP_1] now"),
        ("ref 9847293", "ref [OTP_1]"),  # a run that holds the code
        ("Room 8472", "Room 8472"),  # part of a code is not the code
        ("Price 12.99", "Price 12.99"),
    ],
)
def test_mask_seen(text: str, shown: str) -> None:
    vault = Vault()
    assert mask_seen(text, {"847293"}, lambda code: vault.placeholder(code, kind="OTP")) == shown


def test_the_vault_remembers_codes_for_the_session() -> None:
    vault = Vault()
    vault.see_codes(codes_in("Your verification code is 847293"))
    vault.see_codes([])
    assert vault.seen_codes() == {"847293"}
