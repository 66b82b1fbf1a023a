"""Rule 7, rows the task reads: all the text of a row the task acts on (rule 2) is abstracted,
its prose and its cells even when a grid makes them focusable ("What is the office of Cara
Stevens?" needs the "New York" every row repeats). Rows are read by what their own controls call
them, too: "Read the comments on …" reads the rows whose repeated controls share a content word
with the task (each comment's "Upvote comment") or a word icon sets list beside a task word
("people replying to …": "Thumbs up comment"), their prose and their own links (the author: who
said it), at most ROW_NODES nodes, unless rule 2 picked some of those rows. Comments often
sit outside the post's section, under no heading of their own."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from webminim.policy.rule import Draft, Rule
from webminim.policy.rules.rows import acting_rows
from webminim.policy.vocabulary import words_of
from webminim.ui_words import linked_to, stem

if TYPE_CHECKING:
    from webminim.policy.context import PolicyContext

WHY_ROW_TEXT = "abstracted: text of a row the task reads"
WHY_ROWS_CALLED = "abstracted: text of a row whose controls name what the task reads"
ROW_NODES = 80  # texts raised for the rows the task reads, at most: a thread of comments, each a row


def rows_called(context: PolicyContext, acting: np.ndarray) -> np.ndarray:
    """The prose and own links of the rows whose repeated controls the task's words call, at
    most ROW_NODES nodes in page order; none when rule 2 picked some of those rows ("Read
    Dana's message" among rows with a "Delete message" each)."""
    page = context.page
    repeated = np.flatnonzero(page.ambiguous & page.interactive & (page.item_of >= 0))
    linked = linked_to(context.words)  # "What are people replying to …": each comment's "Thumbs up comment"
    calling = [i for i in repeated if _called_by(words_of(page.texts[i]), context.words, linked)]
    rows = np.unique(page.item_of[calling])
    if np.isin(rows, acting).any():
        return np.zeros(len(page.roles), dtype=bool)
    out = np.zeros(len(page.roles), dtype=bool)
    if len(rows):
        inside = page.within(rows) | np.isin(page.item_of, rows)  # bare repeated siblings too
        # the prose, and the row's own links (an author's name: who said it)
        texts = np.flatnonzero(inside & (page.prose | (page.action & ~page.ambiguous)))
        out[texts[:ROW_NODES]] = True
    return out


def _called_by(label: frozenset[str], task: frozenset[str], linked: frozenset[str]) -> bool:
    """A control's label words share a task word, or one icon sets list beside one."""
    return bool(label & task) or any(stem(w) in linked for w in label)


class ReadRows(Rule):
    name = "read-rows"
    why = (WHY_ROW_TEXT, WHY_ROWS_CALLED)

    def applies(self, draft: Draft) -> bool:
        return draft.context is not None and draft.context.reads

    def apply(self, draft: Draft) -> None:
        context = draft.context
        assert context is not None
        page, acting = context.page, acting_rows(draft)
        draft.lift((page.prose | page.cells) & page.within(acting), WHY_ROW_TEXT, draft.always_a)
        draft.lift(rows_called(context, acting), WHY_ROWS_CALLED, draft.always_a)
