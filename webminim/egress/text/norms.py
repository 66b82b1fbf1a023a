"""Norms a text states about itself: a flow the writer or the data's owner has ruled out.

Contextual integrity asks whether a flow suits the norms of its context; sometimes the text
says so outright: "this stays between us", "don't tell the team yet", "off the record", "she
asked me not to mention it". Such a sentence marks what it says (and, when it says nothing
else, the sentence before it in the same paragraph) as confidential whatever its topic: the
category model reads topics, and a surprise party or an unreleased deal is no topic of its own.

The idioms are English idioms of secrecy (WordNet's senses of "confidential", "secret",
"in confidence", "off the record", "under wraps", "hush-hush" and the verbs of telling,
mentioning and sharing under a negation), not phrases of any message set. Linear-time regex.
"""

from __future__ import annotations

import re

_TELL = (
    r"(?:tell|mention|share|say (?:a word|anything)|bring up|let \w+ know|spread|repeat|pass (?:it|this|that) on"
    r"|breathe a word)"
)
_SECRECY = re.compile(
    r"\b(?:"
    r"between (?:you and me|you and i|us|ourselves|the two of us)"
    r"|(?:keep|keeping|kept) (?:it |this |that |them )?(?:quiet|secret|a secret|to (?:yourself|yourselves|ourselves)"
    r"|under wraps|confidential|private|on the down ?low|hush(?:-| )hush)"
    # "she asked me not to tell you": a request, whoever is told ("not to mention ..." alone means "besides")
    r"|(?:asked|told|begged|promised|agreed|swore|sworn|decided|chose|please|try|better|careful|rather"
    rf"|me|him|her|them|us|you) not to (?:\w+ )?{_TELL}\b"
    r"|(?:don't|do not|dont|please don't|never|won't|will not|shouldn't|should not|can't|cannot) "
    # "they don't tell you until after": a complaint; "we can't tell what / if ...": not knowing, no norm
    rf"(?:\w+ )?{_TELL}\b(?! (?:you|me|us|what|whether|if|how|which|who|where|when|why|the difference)\b)"
    r"|off the record|in (?:strict |strictest )?confidence|strictly confidential|confidentially"
    r"|hush(?:-| )hush|under wraps"
    r"|not (?:telling|told|announced|public) (?:(?:anyone|anybody|everyone|the \w+|\w+) )?yet"
    r"|(?:is|are|it's|its|as) a (?:secret|surprise)|surprise (?:party|birthday|dinner|celebration|gift)"
    r")\b",
    re.I,
)
# A word one of which every idiom above holds, lower-cased: an ASCII sentence with none of them
# states no norm (a substring test is C-speed; the pattern tries every idiom at every word).
# Not for other text: a case-blind pattern also matches letters that lower-case to no ASCII
# letter (the Kelvin sign is a "k").
_NEEDED = (
    "not",
    "n't",
    "dont",
    "never",
    "between",
    "keep",
    "kept",
    "record",
    "confiden",
    "hush",
    "wraps",
    "secret",
    "surprise",
)
# words besides the norm and its filler: a sentence with no more says nothing else, it speaks of the one before
CUE_WORDS = 1


def _norm(sentence: str) -> re.Match[str] | None:
    text = sentence[:2000]
    if text.isascii():
        lowered = text.lower()
        if not any(word in lowered for word in _NEEDED):
            return None
    return _SECRECY.search(text)


def states_secrecy(sentence: str) -> bool:
    """Does this sentence rule out a flow of what it (or the sentence before) says?"""
    return _norm(sentence) is not None


def only_a_cue(sentence: str) -> bool:
    """A norm and nothing else ("This stays between us by the way."): it points back."""
    m = _norm(sentence)
    if m is None:
        return False
    rest = re.findall(r"[a-z']+", (sentence[: m.start()] + " " + sentence[m.end() :]).lower())
    return len([w for w in rest if w not in _FILLER]) <= CUE_WORDS


# words that carry nothing beside a norm: "This stays between us, by the way, OK?"
_FILLER = frozenset(
    {
        "this",
        "that",
        "it",
        "it's",
        "is",
        "stays",
        "stay",
        "remains",
        "remain",
        "should",
        "must",
        "has",
        "to",
        "by",
        "the",
        "way",
        "please",
        "and",
        "but",
        "so",
        "ok",
        "okay",
        "just",
        "all",
        "btw",
        "also",
        "though",
        "for",
        "now",
        "of",
        "course",
        "really",
        "guys",
        "everyone",
    }
)
