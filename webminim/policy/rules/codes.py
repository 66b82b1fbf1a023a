"""Rule 5, codes the task asks for: when the task speaks of a code ("verification code", "2FA",
"one-time", "passcode", "two-step"), a node whose text holds a verification code is abstracted,
whatever ŝ says, whether the model removed or kept it: the agent can type the code through its
placeholder, and the code itself never leaves the device."""

from __future__ import annotations

import re

from webminim.policy.rule import Draft, Rule

WHY_CODE = "abstracted: a code the task asks for"
ASKS_FOR_CODE = re.compile(r"\b(?:code|codes|otp|2fa|passcode|one[- ]time|two[- ]step|verification)\b")


def asks_for_code(task: str) -> bool:
    """Does the normalized task speak of a code?"""
    return bool(ASKS_FOR_CODE.search(task))


class Codes(Rule):
    name = "codes"
    why = (WHY_CODE,)

    def applies(self, draft: Draft) -> bool:
        return draft.context is not None and draft.context.wants_code

    def apply(self, draft: Draft) -> None:
        draft.abstract(draft.page.codes, WHY_CODE)
