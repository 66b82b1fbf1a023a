"""The free-text layer's two named rules beside the model, each with its reason.

`norms`: a text that states a norm of secrecy marks what it says confidential (written after
the ConfAIde meeting set's misses, CI_MODEL.md set A). `_firm`: in running prose a pattern's
find needs what makes it that value (written after the Enron mail's figures read as addresses
and phones, set A/B)."""

from __future__ import annotations

import pytest

from webminim.egress.classifier import PSDClassifier
from webminim.egress.text.minimize import _firm
from webminim.egress.text.norms import only_a_cue, states_secrecy


@pytest.mark.parametrize(
    ("sentence", "secret", "cue_only"),
    [
        ("This stays between us by the way.", True, True),  # a norm and nothing else: it points back
        ("Keep it quiet, OK?", True, True),
        ("Don't tell Kate, we are planning a surprise party for her.", True, False),  # the norm and the fact
        ("I'm pregnant, not telling the team yet.", True, False),
        ("Please tell the team the build is green.", False, False),  # telling, not withholding
        ("The secret to this pie is butter.", False, False),  # a secret that is no norm
        ("We keep the cache private to the worker.", False, False),
        ("She asked me not to tell you, but she is moving out.", True, False),  # a request, whoever is told
        ("They don't tell you until after you finish the quiz.", False, False),  # a complaint (set C, read)
        ("I can't say if it would be very different in the dishwasher.", False, False),  # "I don't know" (set D, read)
        ("Don't say a word to Sam.", True, True),
        ("We can't tell what else you installed that breaks the system.", False, False),  # not knowing (set H, read)
        ("I can't tell anyone about the layoffs yet.", True, False),
        ("Not to mention the superior exterior style of the TL.", False, False),  # "besides" (set G, read)
        ("I promised not to mention the merger.", True, False),
    ],
)
def test_a_stated_norm_of_secrecy(sentence: str, secret: bool, cue_only: bool) -> None:
    assert states_secrecy(sentence) is secret
    assert only_a_cue(sentence) is cue_only


def test_a_norm_is_looked_for_only_in_a_sentence_with_one_of_its_words() -> None:
    """An ASCII sentence with none of the words every idiom holds is not read by the pattern:
    on random sentences of the idioms' own words, near misses and look-alike letters (read by the
    pattern), the answer is the pattern's."""
    import random
    import re

    from webminim.egress.text import norms

    rng = random.Random(3)
    vocabulary = sorted(set(re.findall(r"[a-z']+", norms._SECRECY.pattern)) - {"b", "w", "s"})
    vocabulary += ["Keep", "KEPT", "\u212aeep", "ſecret", "notion", "dont", "can not", "the", "team", ".", ","]
    for _ in range(3_000):
        sentence = " ".join(rng.choice(vocabulary) for _ in range(rng.randint(2, 9)))
        sentence = "".join(c.upper() if rng.random() < 0.2 else c for c in sentence)
        assert states_secrecy(sentence) is (norms._SECRECY.search(sentence) is not None), sentence


@pytest.mark.parametrize(
    ("text", "kind", "firm"),
    [
        ("Meet at 42 Baker Street tomorrow.", "street_address", True),  # a street type
        ("The report is due 16 Thursday as agreed.", "street_address", False),  # a date, no street
        ("Call me on +1 415 555 0134.", "phone", True),
    ],
)
def test_a_pattern_find_in_prose_needs_what_makes_it_that_value(text: str, kind: str, firm: bool) -> None:
    found = [f for f in PSDClassifier().classify_text(text) if f.kind == kind]
    if not firm and not found:
        return  # the detector itself passed it by: nothing for the rule to drop
    assert found, f"the detector found no {kind} in {text!r}"
    assert all(_firm(f, text, found) is firm for f in found)
