"""A tab titled with content: a tab whose label is content rather than UI wording (more than
FLOOR_LABEL_WORDS words: "Divorce lawyers near me - Search", another page's title) is shown
through placeholders, with its text, unless the task names it: K becomes A, it stays clickable."""

from __future__ import annotations

from webminim.decisions import A, K
from webminim.policy.masks import in_controls
from webminim.policy.rule import Draft, Rule

WHY_TAB_CONTENT = "abstracted: a tab titled with content, not UI wording"


class TabContent(Rule):
    name = "tab-content"
    why = (WHY_TAB_CONTENT,)

    def apply(self, draft: Draft) -> None:
        context = draft.context
        assert context is not None
        page = context.page
        titled = page.tabs & ~page.short_label & ~context.named
        draft.lower((titled | in_controls(page.controls, titled)) & (draft.actions == K), A, WHY_TAB_CONTENT)
