"""Rule 3, task anchors: a node the task names is kept.

Its whole name (for an unnamed control, its nearby label) occurs in the task as a phrase at
word boundaries, both normalized; the name has at least MIN_ANCHOR characters and is not made
only of stop words ("Go" and "View" are not anchors). A control's one- or two-word label is
named as well when the task writes it the other way, as two words or as one ("Log in" on
"login to my account"); a label under MIN_ANCHOR characters ("Jc", "OK") when the task quotes
it or writes it with its own capitals. A control whose name the controls of other rows repeat
("Trash" in every row) is left to the rows rule.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import numpy as np

from webminim.page_structure import normalize
from webminim.policy.rule import Draft, Rule
from webminim.policy.vocabulary import MIN_ANCHOR, QUOTED, STOP_NAMES, TOKEN, is_anchor_name, names_phrase
from webminim.text_memo import per_text

if TYPE_CHECKING:
    from webminim.policy.context import PageContext

WHY_ANCHOR = "kept: named by the task"
_RAW_WORD = re.compile(r"\w+")


def anchors(page: PageContext, text: str) -> np.ndarray:
    """The nodes whose whole name the normalized task `text` gives as a phrase. A name longer
    than the task cannot occur in it: the scan stays linear in the tree. A phrase of the task
    is a substring of it first (one C test; most names are not)."""
    return np.array(
        [len(t) <= len(text) and t in text and is_anchor_name(t) and names_phrase(text, t) for t in page.texts],
        dtype=bool,
    ).reshape(len(page.texts))


@per_text
def compound_key(text: str) -> tuple[str, int]:
    """A one- or two-word label as one word, with its word count; else ("", 0)."""
    words = TOKEN.findall(text)
    if 0 < len(words) <= 2 and is_anchor_name(text):
        return "".join(words), len(words)
    return "", 0


def compounds(page: PageContext, tokens: list[str]) -> np.ndarray:
    """Labels that are a task word written as two, or two task words written as one
    ("Log in" on "login to my account", "Wishlist" on "wish list")."""
    by_count = {1: {a + b for a, b in zip(tokens, tokens[1:], strict=False)}, 2: set(tokens)}
    return np.array([bool(count) and key in by_count[count] for key, count in page.compound_keys], dtype=bool).reshape(
        len(page.compound_keys)
    )


def short_named(page: PageContext, task: str) -> np.ndarray:
    """Labels under MIN_ANCHOR characters ("Jc", "OK"), which as plain words would match too
    much of any task: a control whose label the task quotes, or writes as a whole word with the
    label's own capitals when that word is no stop word ("Go back" is not the button "Go").
    Linear in the page's controls."""
    out = np.zeros(len(page.texts), dtype=bool)
    quoted = {normalize(q) for q in QUOTED.findall(task)}
    words = set(_RAW_WORD.findall(task))
    for i in np.flatnonzero(page.interactive).tolist():
        label = page.texts[i]
        if not label or len(label) >= MIN_ANCHOR:
            continue
        raw = page.raw_texts[i].strip()
        out[i] = label in quoted or (raw in words and raw != raw.lower() and label not in STOP_NAMES)
    return out


class Anchors(Rule):
    name = "anchors"
    why = (WHY_ANCHOR,)

    def apply(self, draft: Draft) -> None:
        assert draft.context is not None
        draft.lift(draft.context.named, WHY_ANCHOR)
