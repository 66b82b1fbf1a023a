"""E-mail addresses in the text an observation keeps go to the vault, the words around them stay.

An address is contact data (the rubric's s 7, above τ_sens), yet the model cannot be
trusted to score it so on pages unlike its training data: measured leave-one-family-out, a
mail notification's "Frank West (frank.west@gmail.com) wrote to you" went out as is (ŝ 3.1).
So whatever the scorer says, an address in a kept text is shown as a placeholder
("Frank West ([EMAIL_1]) wrote to you"): the agent can still type it where it belongs (the
vault rehydrates it), and the rest of the line stays readable. An address the task itself
gives is the user's to disclose and stays.

The scan is one regex pass, linear in the text (no nested repetition; the look-behind keeps a
match from starting inside a longer run), and only runs on texts holding an "@".
"""

from __future__ import annotations

import re
from collections.abc import Callable

# local part, "@", dot-separated labels and a letters-only top-level domain
# RFC 6531 addresses too: "περικλής.ψάλτης@googlemail.gr", "zoë@müller.de", and scripts whose
# vowel signs are combining marks, which "\w" does not match (Devanagari to Sinhala, Thai to
# Myanmar, Khmer, Hebrew and Arabic points, Latin combining accents)
_MARKS = (
    "\u0300-\u036f\u0483-\u0489\u0591-\u05c7\u0610-\u061a\u064b-\u065f\u0670\u0900-\u0dff\u0e00-\u109f\u1780-\u17ff"
)
EMAIL_ADDRESS = re.compile(
    rf"(?<![\w.+\-{_MARKS}])[\w.%+\-{_MARKS}]+@[\w\-{_MARKS}]+(?:\.[\w\-{_MARKS}]+)*\.[^\W\d_]{{2,}}"
)


def mask_addresses(text: str, task: str, place: Callable[[str], str]) -> str:
    """`text` with every address the task (lower-cased) does not give replaced by `place(address)`."""
    if "@" not in text:
        return text

    def masked(match: re.Match[str]) -> str:
        address = match.group(0)
        return address if address.lower() in task else place(address)

    return EMAIL_ADDRESS.sub(masked, text)
