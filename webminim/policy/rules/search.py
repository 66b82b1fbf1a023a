"""Rule 9, search: when the task looks something up ("search", "look up", "find", "results for",
"anything about"), the page's search fields (a searchbox, or a field whose label or placeholder
says "search") and the buttons of their search form are kept: "Look up printer drivers" names
no control, yet the search box is how it is done."""

from __future__ import annotations

import re

import numpy as np

from extractors.tree import UITree
from webminim.policy.rule import Draft, Rule
from webminim.policy.vocabulary import FILL, TOKEN

WHY_SEARCH = "kept: a search field, the task looks something up"
SEARCH_FORM_DEPTH = 4  # how far up a search field's form may be
SEARCHES = re.compile(
    r"\b(?:search|searches|searching|look up|look for|lookup|find|results? for|anything (?:about|on))\b"
)


def looks_up(task: str) -> bool:
    """Does the normalized task ask to look something up?"""
    return bool(SEARCHES.search(task))


def search_controls(tree: UITree, texts: tuple[str, ...], interactive: np.ndarray, parent: np.ndarray) -> np.ndarray:
    """Search boxes (role, or a label that speaks of searching) and the buttons of their search
    form (the nearest `search` / `form` ancestor within SEARCH_FORM_DEPTH levels)."""
    roles = [n.role for n in tree.nodes]
    fields = [
        i
        for i, (role, t) in enumerate(zip(roles, texts, strict=True))
        if interactive[i] and (role == "searchbox" or (role in FILL and "search" in TOKEN.findall(t)))
    ]
    out = np.zeros(len(roles), dtype=bool)
    out[fields] = True

    def form_of(i: int) -> int:
        j = int(parent[i])
        for _ in range(SEARCH_FORM_DEPTH):
            if j < 0 or roles[j] in ("search", "form"):
                return j
            j = int(parent[j])
        return -1

    forms = {f for f in map(form_of, fields) if f >= 0}
    if forms:
        for i, role in enumerate(roles):
            if interactive[i] and role == "button" and form_of(i) in forms:
                out[i] = True
    return out


class Search(Rule):
    name = "search"
    why = (WHY_SEARCH,)

    def applies(self, draft: Draft) -> bool:
        return draft.context is not None and draft.context.searches

    def apply(self, draft: Draft) -> None:
        draft.lift(draft.page.search_fields, WHY_SEARCH)
