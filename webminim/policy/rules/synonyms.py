"""Rule 3, synonyms: a control labelled by one verb that WordNet puts in a synset with a word
of the task (`webminim.synonyms`: "Answer Jack's message" keeps the "Reply" link)."""

from __future__ import annotations

from webminim.policy.rule import Draft, Rule

WHY_SYNONYM = "kept: labelled by a synonym of a task verb (WordNet)"


class Synonyms(Rule):
    name = "synonyms"
    why = (WHY_SYNONYM,)

    def apply(self, draft: Draft) -> None:
        assert draft.context is not None
        draft.lift(draft.context.synonyms, WHY_SYNONYM)
