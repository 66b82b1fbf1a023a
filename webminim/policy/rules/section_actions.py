"""Rule 2, a lone item's actions: an item the task names by its heading (a message, a post, a
product) keeps the short-labelled action controls from that heading to the first heading
after its section, at most SECTION_ACTIONS: "Forward the email 'Lease renewal'" keeps that
message's "Fwd", which sits after its header, outside the element that holds the title."""

from __future__ import annotations

import numpy as np

from webminim.policy.rule import Draft, Rule

WHY_SECTION_ACTION = "kept: an action of the item whose heading the task names"
SECTION_ACTIONS = 8  # actions kept per section whose heading the task names, at most
NAMED_HEADINGS = 16  # headings acted on per task, at most


class SectionActions(Rule):
    name = "section-actions"
    why = (WHY_SECTION_ACTION,)

    def apply(self, draft: Draft) -> None:
        context = draft.context
        assert context is not None
        page = context.page
        out = np.zeros(len(page.roles), dtype=bool)
        headings = np.flatnonzero(page.section_end >= 0)  # in document order
        for h in context.named_headings()[:NAMED_HEADINGS]:
            k = np.searchsorted(headings, page.section_end[h])
            end = int(headings[k]) if k < len(headings) else len(page.roles)
            wanted = page.action[h:end] & page.short_label[h:end] & ~page.ambiguous[h:end]
            out[(h + np.flatnonzero(wanted))[:SECTION_ACTIONS]] = True
        draft.lift(out, WHY_SECTION_ACTION)
