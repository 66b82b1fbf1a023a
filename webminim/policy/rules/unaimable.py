"""Unaimable row controls: a row's repeated control ("Select", "Trash" in every row) is removed,
with its text, when the row has text that identifies it and none of that text is shown; an agent
cannot aim it, and a Trash button of some unnamed row invites deleting the wrong message. Rows
the task acts on (rule 2) and controls it names (rule 3) are exempt."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from webminim.decisions import R
from webminim.policy.masks import in_controls
from webminim.policy.rule import Draft, Rule
from webminim.policy.rules.anchors import WHY_ANCHOR
from webminim.policy.rules.rows import WHY_ROW

if TYPE_CHECKING:
    from webminim.policy.context import PageContext

WHY_UNAIMABLE = "removed: a row's repeated control, and nothing that tells its row apart is shown"


def unaimable(page: PageContext, mentioned: np.ndarray, actions: np.ndarray, reasons: dict[int, str]) -> np.ndarray:
    """Repeated row actions (buttons, links, boxes; not fields) shown while nothing that
    identifies their row is, and their text. A control whose long label the task names (a
    post's title listed twice) is its own identity; a short UI label ("Trash") is not."""
    size = len(actions)
    rows = page.row_of
    has_identity = np.zeros(size, dtype=bool)
    shown_identity = np.zeros(size, dtype=bool)
    ident = page.identifies & (rows >= 0)
    has_identity[rows[ident]] = True
    # a row is told apart by its own text, or by a control no other row repeats (a form's field)
    own = (page.identifies | (page.interactive & ~page.ambiguous)) & (rows >= 0)
    shown_identity[rows[own & (actions != R)]] = True
    exempt = np.zeros(size, dtype=bool)
    exempt[[i for i, why in reasons.items() if why in (WHY_ROW, WHY_ANCHOR)]] = True
    safe_rows = np.maximum(rows, 0)
    # The task names "Trash": if one can be aimed (outside any row, as a message's own toolbar,
    # or in a row that is told apart), the unidentified rows' go; if none can, all stay.
    named = mentioned & page.action & (actions != R)
    aimable = named & ((rows < 0) | shown_identity[safe_rows])
    if not aimable.any():
        exempt |= mentioned
    target = (
        page.action
        & page.ambiguous
        & (rows >= 0)
        & has_identity[safe_rows]
        & ~shown_identity[safe_rows]
        & ~(mentioned & ~page.short_label)  # a title the task names is its own identity; "Trash" is not
        & ~exempt
        & (actions != R)
    )
    return target | (in_controls(page.controls, target) & (actions != R))


class Unaimable(Rule):
    name = "unaimable"
    why = (WHY_UNAIMABLE,)

    def apply(self, draft: Draft) -> None:
        context = draft.context
        assert context is not None
        out = unaimable(context.page, context.mentioned, draft.actions, draft.reasons)
        for i in np.flatnonzero(out):
            draft.reasons.pop(int(i), None)
        draft.lower(out, R, WHY_UNAIMABLE)
