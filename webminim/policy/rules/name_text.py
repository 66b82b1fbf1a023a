"""A node the rules raise, and any control shown as is, brings the text its name is made of (a
header's or a link's StaticText, through unnamed wrappers), else the view would show its name
as "…"; the text of an abstracted name stays abstracted. A control shown as is also brings the
short text inside it that its name does not repeat (the "▼" of a button labelled "Downvote"):
UI wording, never a code or a run of digits."""

from __future__ import annotations

import numpy as np

from webminim.decisions import A, K
from webminim.policy.masks import in_controls
from webminim.policy.rule import Draft, Rule
from webminim.policy.rules.controls import WHY_CONTROL

WHY_TEXT = "kept: the text of a kept node's name"


class NameText(Rule):
    name = "name-text"
    why = (WHY_TEXT,)

    def apply(self, draft: Draft) -> None:
        page, actions = draft.page, draft.actions
        by_net = np.zeros(len(actions), dtype=bool)
        by_net[[i for i, why in draft.reasons.items() if why != WHY_CONTROL]] = True
        shown_control = page.interactive & (actions == K)
        owner = np.maximum(page.voice_of, 0)
        # the text of an abstracted name stays abstracted; of a name shown as is, it adds nothing
        to = np.where(actions[owner] == A, A, draft.raised)
        draft.lift((page.voice_of >= 0) & (by_net | shown_control)[owner], WHY_TEXT, to)
        draft.lift(page.short_text & ~page.codes & ~page.digits & in_controls(page.controls, shown_control), WHY_TEXT)
