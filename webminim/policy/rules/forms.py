"""Rule 10, forms: when the task types (an action verb that needs a field: "enter", "write",
"compose", "reply", …, or words to say: "… saying thanks") or names a field to fill, and a control
of a form is shown after the rules before it, the other controls of that form (not its lists'
options, nor the buttons of a toolbar or menu inside it) come along, when the form holds a field
and at most FORM_CONTROLS controls: a form is filled and sent as one ("Write a new email to
Hector" keeps the reply form's "To" by its n̂; its "Message" box and "Send now" button, at n̂ ≈ 0
on a page unlike the training data, come with it). When no control of such a form is shown and
the page has exactly one small form with a text box, that form is kept. A search form is the
search rule's, unless the task looks something up."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from webminim.decisions import R
from webminim.policy.masks import indices
from webminim.policy.rule import Draft, Rule

if TYPE_CHECKING:
    from webminim.policy.context import PolicyContext

WHY_FORM = "kept: a control of a form the task fills in, beside a shown one"
FORM_CONTROLS = 8  # a form with more controls than this is a settings page, not one act
FORM_TOOLS = frozenset({"toolbar", "menu", "menubar"})  # a form's tools, not its fields or buttons


def forms_of(parent: np.ndarray, roles: list[str]) -> np.ndarray:
    """Each node's nearest `form` ancestor, or -1; -1 inside a toolbar or menu (a compose form's
    "B" / "I" / "Attach" buttons are tools, not what the form is filled with). Parents come
    before children."""
    out = [-1] * len(roles)  # Python ints: a loop over numpy elements is slower
    for i, p in enumerate(parent.tolist()):
        if p >= 0:
            out[i] = p if roles[p] == "form" else -1 if roles[p] in FORM_TOOLS else out[p]
    return np.array(out, dtype=np.int64).reshape(len(roles))


def form_mates(context: PolicyContext, shown: np.ndarray) -> np.ndarray:
    """The controls of the small forms with a field, one of whose controls is shown."""
    page = context.page
    controls = page.interactive & ~page.options & (page.form_of >= 0)  # an option is its list's
    size = len(shown)
    counts = np.bincount(page.form_of[controls], minlength=size)
    with_field = np.bincount(page.form_of[controls & page.fields], minlength=size) > 0
    small = with_field & (counts <= FORM_CONTROLS)
    if not context.searches:  # a search form is the search rule's
        small &= ~indices(page.form_of, controls & page.search_fields & page.fields, size)
    forms = small & indices(page.form_of, controls & shown, size)
    if not forms.any():  # none of them shown: a page with one small form to type into is where to type
        typed = small & indices(page.form_of, controls & page.textboxes, size)
        if typed.sum() == 1:
            forms = typed
    return controls & forms[np.maximum(page.form_of, 0)]


class Forms(Rule):
    name = "forms"
    why = (WHY_FORM,)

    def applies(self, draft: Draft) -> bool:
        # the task types, or names a field to fill ("sign up with email …"): a choice alone fills no form
        context = draft.context
        return context is not None and (
            "textbox" in context.kinds or bool((context.named & context.page.textboxes).any())
        )

    def apply(self, draft: Draft) -> None:
        assert draft.context is not None
        draft.lift(form_mates(draft.context, draft.actions != R), WHY_FORM)
