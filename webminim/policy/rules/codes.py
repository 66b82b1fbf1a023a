"""Rule 5, codes the task asks for: when the task speaks of a code ("verification code", "2FA",
"one-time", "passcode", "two-step"), a node whose text holds a verification code is abstracted,
whatever ŝ says, whether the model removed or kept it: the agent can type the code through its
placeholder, and the code itself never leaves the device. A code is known by its cue ("Your
code is 847293"); on a page where no text holds one, a lone number of four to eight digits is
taken for it ("Use 333490 to finish logging in": the task says what it is), a year aside."""

from __future__ import annotations

import re

import numpy as np

from webminim.policy.rule import Draft, Rule

WHY_CODE = "abstracted: a code the task asks for"
ASKS_FOR_CODE = re.compile(r"\b(?:code|codes|otp|2fa|passcode|one[- ]time|two[- ]step|verification)\b")


# a number standing alone: not part of a longer one, a price, a reference, a time or a date
_LONE_NUMBER = re.compile(r"(?<![\w$€£#+./:,-])\d{4,8}(?![\w%/:-]|[.,]\d)")
_FOUR_DIGITS = re.compile(r"\d{4}")
_YEAR = re.compile(r"(?:19|20)\d\d")


def lone_numbers(texts: tuple[str, ...]) -> np.ndarray:
    """(N,) bool: the texts whose one run of four digits or more is a lone number, not a year
    ("Use 333490 to finish logging in (5 min)"; not "Order 4821 ships on 12.05.2024")."""
    out = np.zeros(len(texts), dtype=bool)
    for i, text in enumerate(texts):
        if len(_FOUR_DIGITS.findall(text)) == 1:
            found = _LONE_NUMBER.findall(text)
            out[i] = len(found) == 1 and not _YEAR.fullmatch(found[0])
    return out


def asks_for_code(task: str) -> bool:
    """Does the normalized task speak of a code?"""
    return bool(ASKS_FOR_CODE.search(task))


class Codes(Rule):
    name = "codes"
    why = (WHY_CODE,)

    def applies(self, draft: Draft) -> bool:
        return draft.context is not None and draft.context.wants_code

    def apply(self, draft: Draft) -> None:
        codes = draft.page.codes
        draft.abstract(codes if codes.any() else lone_numbers(draft.page.texts), WHY_CODE)
