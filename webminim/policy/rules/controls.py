"""A control and the text inside it, part of the policy itself (they run without the net).

Beyond the paper, a control is never removed while text inside it is shown: text kept under a
removed link or button would be promoted out of it, visible but not clickable. Such a control
takes the decision its own ŝ gives (K, or A when sensitive). And a control whose text inside is
abstracted is abstracted too: its name is that text."""

from __future__ import annotations

from webminim.decisions import A, K, R
from webminim.policy.masks import indices
from webminim.policy.rule import Draft, Rule

WHY_CONTROL = "kept: text inside it is shown"
WHY_CONTROL_ABSTRACTED = "abstracted: the text inside it is abstracted, and its name is that text"


class ControlText(Rule):
    name = "control-text"
    why = (WHY_CONTROL,)
    base = True

    def apply(self, draft: Draft) -> None:
        draft.lift(indices(draft.controls, draft.actions != R, len(draft.actions)), WHY_CONTROL)


class ControlAbstracted(Rule):
    name = "control-abstracted"
    why = (WHY_CONTROL_ABSTRACTED,)
    base = True

    def apply(self, draft: Draft) -> None:
        actions = draft.actions
        draft.lower(indices(draft.controls, actions == A, len(actions)) & (actions == K), A, WHY_CONTROL_ABSTRACTED)
