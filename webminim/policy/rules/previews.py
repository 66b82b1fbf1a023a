"""A message preview: the prose of the largest block of at most PREVIEW_NODES nodes around a
text holding an e-mail address ("New mail from Crystal Gilmore <crystal.gilmore@…>" and the
subject and first line beside it) is shown through placeholders, K becomes A: it is that
person's message, whatever ŝ the model gives its words. Measured leave-one-family-out, a volt
mail toast's first line went out raw at ŝ 4.1."""

from __future__ import annotations

import numpy as np

from webminim.contact_guard import address_spans
from webminim.decisions import A, K
from webminim.policy.rule import Draft, Rule

WHY_PREVIEW = "abstracted: beside a sender's address, that person's message"
PREVIEW_NODES = 12  # a message preview: the block around a sender's address, at most this many nodes


def previews_of(parent: np.ndarray, span: np.ndarray, names: list[str]) -> np.ndarray:
    """The nodes of the largest block (at most PREVIEW_NODES nodes) around each text holding an
    e-mail address. `span` is each node's subtree size."""
    out = np.zeros(len(parent), dtype=bool)
    for i, name in enumerate(names):
        if "@" not in name or not address_spans(name):
            continue
        block, p = i, parent[i]
        while p >= 0 and span[p] <= PREVIEW_NODES:
            block, p = p, parent[p]
        out[block : block + span[block]] = True
    return out


class Previews(Rule):
    name = "previews"
    why = (WHY_PREVIEW,)

    def apply(self, draft: Draft) -> None:
        draft.lower(draft.page.previews & (draft.actions == K), A, WHY_PREVIEW)
