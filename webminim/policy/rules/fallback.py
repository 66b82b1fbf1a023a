"""Rule 4, out-of-depth fallback: when the task asks for an action ("click", "enter", "select",
…) and no control of the kind that action needs (buttons and links; fields; choices) would be
kept at all, the controls of that kind whose ŝ < τ_sens and whose label words (name or nearby
label, plus role words: "button", "text field", …) share a content word with the task are kept."""

from __future__ import annotations

import numpy as np

from webminim.decisions import R
from webminim.policy.rule import Draft, Rule
from webminim.policy.vocabulary import CHOOSE, FILL, PRESS

WHY_FALLBACK = "kept: out-of-depth fallback, its label shares words with the task"


class Fallback(Rule):
    name = "fallback"
    why = (WHY_FALLBACK,)

    def apply(self, draft: Draft) -> None:
        context = draft.context
        assert context is not None
        page, actions = context.page, draft.actions
        harmless = draft.s_hat < draft.thresholds.tau_sens
        out = np.zeros(len(actions), dtype=bool)
        for group in (PRESS, FILL, CHOOSE):
            wanted = group & context.kinds
            if not wanted:
                continue
            of_group = page.interactive & np.array([r in wanted for r in page.roles], dtype=bool).reshape(len(actions))
            if (of_group & (actions != R)).any():
                continue
            for i in np.flatnonzero(of_group & harmless):
                out[i] = bool(page.label_words[i] & context.words)
        draft.lift(out, WHY_FALLBACK)
