"""Codes a session has seen stay withheld wherever they turn up later.

A verification code shown once (a toast, a text-message preview) is withheld where it stands,
its cue beside it. A page's script can then copy the bare value somewhere with no cue at all:
into a button's label ("Search 847293"), an aria-label, a field's value, digit by digit ("8 4
7 2 9 3"). No pattern reads "847293" in a button as a code, but the session has seen it as
one: every 4-10 digit run of a text the secret finder reads as holding a code is remembered
(`codes_in`, on every node of every view, whatever the node's decision), and a later run of
digits that contains one is shown as its placeholder (`mask_seen`), however it is spaced or
written (full-width and other scripts' digits read as theirs).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Collection

from webminim.secret_text import holds_code

# digits, each group apart by at most one space, dot or dash: "847293", "847 293", "8 4 7 2 9 3"
_RUN = re.compile(r"(?<!\d)\d(?:[ \u00a0.\-\u2010-\u2015]?\d)+(?!\d)")
_YEAR = re.compile(r"(?:19|20)\d\d")
SHORTEST, LONGEST = 4, 10


def _digits(run: str) -> str:
    return "".join(str(unicodedata.digit(c)) for c in run if c.isdigit())


def codes_in(text: str) -> list[str]:
    """The codes `text` holds, as ASCII digits: its 4-10 digit runs (not a year) when the
    secret finder reads it as holding a code; [] for any other text."""
    if not text or not holds_code(text):
        return []
    found = (_digits(m.group(0)) for m in _RUN.finditer(text))
    return [d for d in found if SHORTEST <= len(d) <= LONGEST and not _YEAR.fullmatch(d)]


def mask_seen(text: str, seen: Collection[str], placeholder: Callable[[str], str]) -> str:
    """`text` with every digit run that contains a seen code replaced by `placeholder(code)`;
    the text itself when none does (most texts: no digit)."""
    if not seen or not any(c.isdigit() for c in text):
        return text

    def swap(match: re.Match[str]) -> str:
        digits = _digits(match.group(0))
        code = next((c for c in seen if c in digits), None)
        return match.group(0) if code is None else placeholder(code)

    return _RUN.sub(swap, text)


__all__ = ["codes_in", "mask_seen"]
