"""Rule 3, icon words: a control (button, link, menu item) labelled by at most ACT_WORDS words,
each a task word or one that icon sets list beside a task word, at least one the latter
(`webminim.ui_words`: "Compose a message" keeps "Draft", "Open my shopping cart" keeps
"Trolley (3)"; a task's "new" counts here, a label's does not: "Write a new email" keeps
"+ Create")."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from webminim.policy.rule import Draft, Rule
from webminim.policy.vocabulary import STOP_NAMES, WORD
from webminim.text_memo import per_text
from webminim.ui_words import linked_to, stem

if TYPE_CHECKING:
    from webminim.policy.context import PageContext

WHY_ICON_WORD = "kept: labelled by a word icon sets give for a task word (Lucide, Font Awesome)"
ACT_WORDS = 2  # a label of at most this many words may name an act in other words
ACT_ADJECTIVES = frozenset({"new"})  # a stop word on a label, an act in a task ("Write a new email": "+ Create")
# controls that do an act; icon sets also group topics ("food" with "banana"), and an option,
# tab or checkbox is labelled by its topic, not by an act
ACTS = frozenset({"button", "link", "menuitem"})


@per_text
def act_stems(label: str) -> tuple[str, ...]:
    """A control label's word stems, stop words left out, when there are 1-ACT_WORDS."""
    stems = tuple(stem(w) for w in WORD.findall(label) if w not in STOP_NAMES)
    return stems if 0 < len(stems) <= ACT_WORDS else ()


def icon_worded(page: PageContext, tokens: list[str]) -> np.ndarray:
    """Controls whose every label word is a task word or one icon sets give beside a task
    word, at least one the latter ("Trolley (3)" on "Open my shopping cart")."""
    words = [w for w in tokens if w not in STOP_NAMES or w in ACT_ADJECTIVES]
    linked = linked_to(words)
    own = {stem(w) for w in words}
    out = np.zeros(len(page.act_stems), dtype=bool)
    if linked:
        for i, stems in enumerate(page.act_stems):
            if stems and any(s in linked for s in stems) and all(s in linked or s in own for s in stems):
                out[i] = True  # most nodes have no stems: no numpy write for them
    return out


class IconWords(Rule):
    name = "icon-words"
    why = (WHY_ICON_WORD,)

    def apply(self, draft: Draft) -> None:
        assert draft.context is not None
        draft.lift(draft.context.icon_worded, WHY_ICON_WORD)
