"""Rule 1, pairs: a kept control keeps the text that names it (`Naming.label_of`: its <label>, or
the nearby text its name repeats); kept label text keeps the control it names
(`Naming.control_of`; not for column / row headers, which name a whole column of controls). A
kept <select> or listbox shows its options (at most OPTION_NODES), in every option group: what
there is to choose."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from webminim.decisions import R
from webminim.policy.masks import indices
from webminim.policy.rule import Draft, Rule

if TYPE_CHECKING:
    from webminim.policy.context import PageContext

WHY_OPTION = "kept: a choice of a kept list"
WHY_LABEL = "kept: names a kept control"
WHY_LABELLED = "kept: the control a kept label names"
OPTION_NODES = 60  # a kept list shows this many of its options, at most


def options_of(page: PageContext, kept: np.ndarray) -> np.ndarray:
    """The options of each kept <select> / listbox (their first OPTION_NODES): what there is to
    choose, else a kept list shows only the choice the task names."""
    out = np.zeros(len(kept), dtype=bool)
    for i in np.flatnonzero(kept & page.lists):
        options = i + np.flatnonzero(page.options[i : i + page.span[i]])
        out[options[:OPTION_NODES]] = True
    return out


class Pairs(Rule):
    name = "pairs"
    why = (WHY_OPTION, WHY_LABEL, WHY_LABELLED)

    def apply(self, draft: Draft) -> None:
        page, size = draft.page, len(draft.actions)
        kept = draft.actions != R  # as the rules before left it: options do not pull in labels
        draft.lift(options_of(page, kept), WHY_OPTION)
        draft.lift(indices(page.label_of, kept & page.interactive, size), WHY_LABEL)
        draft.lift(indices(page.control_of, kept & ~page.interactive, size), WHY_LABELLED)
