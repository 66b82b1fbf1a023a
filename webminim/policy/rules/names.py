"""Rule 8, names inside text: a text that holds a name the task gives (two or more capitalized
words, or a quoted phrase: "Jessica Medina" in "Jessica Medina · jessica@x.org") is abstracted,
whatever ŝ says: the view keeps the task's own words and places the rest in the vault. So is the
rest of a short line (a paragraph or list item of at most LINE_NODES nodes) a named text is on:
the sender's address beside the sender's name says which message it is, a contact's beside the
contact's name where to write."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from webminim.page_structure import normalize
from webminim.policy.rule import Draft, Rule
from webminim.policy.vocabulary import QUOTED, is_anchor_name, name_runs, names_phrase

if TYPE_CHECKING:
    from webminim.policy.context import PageContext

WHY_NAME_INSIDE = "abstracted: holds a name the task gives"
WHY_NAME_LINE = "abstracted: on the line of a name the task gives"
NAME_WORDS = 12  # the longest name read from a run of capitalised words (a longer run is a sentence in title case)
LINE_NODES = 8  # a line (paragraph, list item) this small comes along with a name the task gives on it
LINES = frozenset({"paragraph", "listitem"})  # what a line is


def names_inside(page: PageContext, task: str) -> np.ndarray:
    """Texts that hold, at word boundaries, a name the task gives."""
    names: set[str] = {normalize(q) for q in QUOTED.findall(task)}
    for run in name_runs(task):
        words = [w.removesuffix("'s").removesuffix("’s") for w in run.split()]
        for a in range(len(words)):  # every stretch of two words or more, up to NAME_WORDS
            for b in range(a + 2, min(len(words), a + NAME_WORDS) + 1):
                names.add(normalize(" ".join(words[a:b])))
    names = {n for n in names if is_anchor_name(n) and len(n) >= 5}
    out = np.zeros(len(page.texts), dtype=bool)
    if not names:
        return out
    for i, text in enumerate(page.texts):
        if text and any(len(n) < len(text) and names_phrase(text, n) for n in names):
            out[i] = True
    return out


def lines_of(page: PageContext, named: np.ndarray) -> np.ndarray:
    """The rest of the short line (a paragraph or list item of at most LINE_NODES nodes) a text
    the task names is on: "Jack Cruz" and his " <jack.cruz@…>" beside it say which message; a
    contact list's "• Richard Flores richard.flores@…" gives the address to write to."""
    out = np.zeros(len(named), dtype=bool)
    for i in np.flatnonzero(named):
        p = page.parent[i]
        for _ in range(2):  # through one inline wrapper (<strong>)
            if p < 0:
                break
            if page.roles[p] in LINES:
                if page.span[p] <= LINE_NODES:
                    out[p : p + page.span[p]] = True
                break
            p = page.parent[p]
    return out & page.prose


class Names(Rule):
    name = "names"
    why = (WHY_NAME_INSIDE, WHY_NAME_LINE)

    def apply(self, draft: Draft) -> None:
        context = draft.context
        assert context is not None
        page = context.page
        draft.lift(context.names_inside, WHY_NAME_INSIDE, draft.always_a)
        draft.lift(lines_of(page, context.named & ~page.interactive), WHY_NAME_LINE, draft.always_a)
