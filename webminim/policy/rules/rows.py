"""Rule 2, rows: a row / list item the task acts on keeps its action controls (button, link,
checkbox, radio, switch, menu item) and the text that is its own (the comment it votes on).

A row's evidence is its strongest text that identifies it (a non-control whose text no other
row repeats: a sender, not "Compare"; or a control the task names, as an author's link): 10
when the task names it (rule 3), else its n̂ if kept. The task acts on the rows whose evidence
reaches τ_row (5.0) and is within ROW_MARGIN (2.0) of the best row's: the model's 6 for a
product whose name shares words with the task's does not pull in that product's buttons when
the task's own product scores 10. "Delete the email from Dana" keeps the checkbox and
icon-only trash button of Dana's row, not the others'. A text the task names that another list
repeats (a post's title, and a sidebar's "Trending" link to it) picks the rows that hold it
for their actions, unless every row of its group holds it. To read (rule 7), a text the task
names is evidence even when other rows repeat it ("Jacob" in three example tables).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from webminim.decisions import R
from webminim.policy.rule import Draft, Rule

if TYPE_CHECKING:
    from webminim.policy.context import PageContext, PolicyContext

WHY_ROW = "kept: an action of a row the task acts on"
ROW_MARGIN = 2.0  # rows whose evidence is this far below the best row's are not acted on


def acting_rows(draft: Draft) -> np.ndarray:
    """The rows (their item indices) the task acts on, judged once, on the decisions of the
    first rule that asks (this one, in the pinned order)."""
    return draft.memo("acting", lambda: _acting_rows(draft))


def _acting_rows(draft: Draft) -> np.ndarray:
    context = draft.context
    assert context is not None
    page, actions, tau_row = context.page, draft.actions, draft.thresholds.tau_row
    named = context.named
    strength = np.where(named, 10.0, np.where(actions != R, draft.n_hat, 0.0))
    # a control the task names that no other row repeats (an author's link) identifies its row too;
    # to read, a text or grid cell the task names picks every row that holds it ("Jacob", the
    # date "03-Jan-16" in three example tables), unless every row of its group does ("Reply"):
    # their text is abstracted, nothing is acted on
    evidence = page.identifies | (named & page.interactive)
    if context.reads:
        read_named = context.mentioned & (page.item_of >= 0)
        read_named &= ~in_every_item(page, np.flatnonzero(read_named))
        evidence |= read_named
        strength[read_named] = 10.0
    candidates = evidence & (page.item_of >= 0) & (strength >= tau_row)
    if not candidates.any():
        return np.zeros(0, dtype=np.int64)
    rows = page.item_of[candidates]
    best = np.full(len(actions), -1.0)
    np.maximum.at(best, rows, strength[candidates])  # per row, its strongest evidence
    return np.flatnonzero(best >= max(tau_row, best.max() - ROW_MARGIN))


def titled_rows(context: PolicyContext) -> np.ndarray:
    """The rows that hold a text the task names which another list repeats (a post's title, and
    a sidebar's "Trending" link to it), unless every row of its group holds it. Their actions
    only: their text stays with rules 7 and 8."""
    page = context.page
    titled = context.named & ~page.interactive & ~page.identifies & (page.item_of >= 0)
    titled &= ~in_every_item(page, np.flatnonzero(titled))
    return np.unique(page.item_of[titled])


def in_every_item(page: PageContext, among: np.ndarray) -> np.ndarray:
    """Which of the texts `among` (inside items) every item of their group (the items sharing
    a parent, two or more) holds too: "Compare" in each product row names no row. One pass
    over the page, whatever the number of texts asked about."""
    out = np.zeros(len(page.texts), dtype=bool)
    if not len(among):
        return out
    wanted = {page.texts[i] for i in among}
    holders: dict[str, set[int]] = {t: set() for t in wanted}
    groups: dict[int, set[int]] = {}
    for i, text in enumerate(page.texts):
        item = int(page.item_of[i])
        if item < 0:
            continue
        groups.setdefault(int(page.parent[item]), set()).add(item)
        if text in holders:
            holders[text].add(item)
    for i in among:
        group = groups[int(page.parent[page.item_of[i]])]
        out[i] = len(group) > 1 and group <= holders[page.texts[i]]
    return out


class Rows(Rule):
    name = "rows"
    why = (WHY_ROW,)

    def apply(self, draft: Draft) -> None:
        context = draft.context
        assert context is not None
        page = context.page
        draft.lift((page.action | page.identifies) & np.isin(page.item_of, acting_rows(draft)), WHY_ROW)
        draft.lift(page.action & np.isin(page.item_of, titled_rows(context)), WHY_ROW)
