"""E-mail addresses in the text an observation keeps go to the vault, the words around them stay.

An address is contact data (the rubric's s 7, above τ_sens), yet the model cannot be
trusted to score it so on pages unlike its training data: measured leave-one-family-out, a
mail notification's "Frank West (frank.west@gmail.com) wrote to you" went out as is (ŝ 3.1).
So whatever the scorer says, an address in a kept text is shown as a placeholder
("Frank West ([EMAIL_1]) wrote to you"): the agent can still type it where it belongs (the
vault rehydrates it), and the rest of the line stays readable. An address the task itself
gives is the user's to disclose and stays.

The scan is linear in the text (`address_spans`) and only runs on texts holding an "@".
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
_LOCAL = rf"\w.%+\-{_MARKS}"
# A run of local-part characters right before an "@", read from the run's own start only (the
# look-behind): each run is scanned once. A pattern that may start a match after any "%" in
# the run (as an address directly after another one needs: "a@x.com%b@y.com") rescans the
# run from each of them: quadratic, 0.6 s on 24,000 characters of "%4".
_LOCAL_RUN = re.compile(rf"(?<![{_LOCAL}])[{_LOCAL}]+(?=@)")
_DOMAIN = re.compile(rf"[\w\-{_MARKS}]+(?:\.[\w\-{_MARKS}]+)*\.[^\W\d_]{{2,}}")


def address_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of every e-mail address in `text`, left to right, in linear time: the
    matches of `(?<![\\w.+\\-])[\\w.%+\\-]+@` + `_DOMAIN` (marks included), which may start
    where a run of local-part characters starts or right after a "%" in it."""
    spans: list[tuple[int, int]] = []
    end = 0
    for run in _LOCAL_RUN.finditer(text):
        start, at = run.start(), run.end()
        if start < end:  # the run began inside the address before: this one starts after a "%"
            cut = text.find("%", end, at - 1)
            if cut < 0:
                continue
            start = cut + 1
        domain = _DOMAIN.match(text, at + 1)
        if domain is not None:  # the same domain whatever the start: the leftmost start is the match
            end = domain.end()
            spans.append((start, end))
    return spans


def mask_addresses(text: str, task: str, place: Callable[[str], str]) -> str:
    """`text` with every address the task (lower-cased) does not give replaced by `place(address)`."""
    if "@" not in text:
        return text
    pieces, at = [], 0
    for start, end in address_spans(text):
        address = text[start:end]
        pieces += (text[at:start], address if address.lower() in task else place(address))
        at = end
    pieces.append(text[at:])
    return "".join(pieces)
