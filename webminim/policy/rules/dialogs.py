"""Rule 6, a dialog's way out: the short-labelled buttons of a dialog ("Never", "Close", "Save
password") are kept: a dialog covers the page, and an agent that cannot see how to close it
cannot click anything behind it. Its text is left to the other rules."""

from __future__ import annotations

from webminim.policy.rule import Draft, Rule

WHY_DIALOG = "kept: a button of a dialog, the way past it"


class Dialogs(Rule):
    name = "dialogs"
    why = (WHY_DIALOG,)

    def apply(self, draft: Draft) -> None:
        draft.lift(draft.page.dialog_buttons, WHY_DIALOG)
