"""Who a sentence of free text speaks of: the writer, the reader, "the user" an agent works for,
or someone else; whether it tells what happened, and whether it is impersonal. The word lists
and tests the free-text layer (`freetext`) reads a clause by."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from webminim.egress.english import english_verbs, imperative
from webminim.egress.matching import tokens
from webminim.egress.people import person_nouns

_HEADING = re.compile(r"\s*#{1,6}\s+[^\W\d_][^\n#]{0,40}(?=\n|$)")
_DASH = re.compile(r"\s[-–—]\s")


def _opening(words: str) -> re.Pattern[str]:
    """A sentence that opens with one of `words` ("|"-separated) and a clause of at most 200
    characters up to its comma: "Since the tax office froze the account, please pay ..."."""
    return re.compile(rf"\s*(?i:{words})\s[^,;:.!?]{{1,200}},\s+")


_REASON = _opening("since|because|as|given that|given|now that|seeing that")


# English personal pronouns and determiners, and the words that name a person by their tie
# to someone: a sentence with none of them speaks of no one ("Shortlist models with 32 GB").
SPEAKER = frozenset(
    ["i", "me", "my", "mine", "myself", "i'm", "i've", "i'll", "i'd", "we", "us", "our", "ours", "ourselves", "we're"]
)
ADDRESSEE = frozenset(["you", "your", "yours", "yourself", "you're", "you've"])
OTHERS = frozenset(
    (  # noqa: SIM905 - a word list reads better as prose
        "he him his himself he's she her hers herself she's they them their theirs themselves who whom whose "
        "they're they've someone somebody anyone everyone user users mum mom mother father dad "
        "parent parents son daughter child children kid kids boy girl baby wife husband partner ex "
        "spouse brother sister sibling family friend boyfriend girlfriend grandmother grandfather "
        "grandma grandpa granny aunt uncle cousin nephew niece carer neighbour neighbor colleague boss "
        "eldest youngest oldest"  # "the eldest is in care": a superlative that stands for a person
    ).split(" ")
)
PERSONAL = SPEAKER | ADDRESSEE | OTHERS
PRINCIPAL = frozenset(["user", "users"])  # an agent's word for whom it works
_SELF = SPEAKER | ADDRESSEE | PRINCIPAL
_JOINS = re.compile(r"[-'_]")  # "ex-prisoner", "sibling's", "user_context"
_TOLD = frozenset(["was", "were", "had", "got", "been", "did", "since", "ago", "until", "used"])
# "last" dates what happened ("last week", "the last order went ..."), except in a possessive
# that describes an item ("an OLED from last year's range")
_LAST = re.compile(r"\blast\b(?!\s+[^\W\d_]+'s\b)", re.I)
# words of keeping something back: "Do not mention that ...", "keep it secret"
_HUSH = frozenset(["mention", "tell", "secret", "secretly", "confidential", "privately"])
_PRIVATE = re.compile(r"\bprivate\b(?!\s+[^\W\d_])", re.I)  # "keep it private", not "a private room"
# English function words: a sentence with one is read as English ("True crime is out.")
_ENGLISH = frozenset(
    (  # noqa: SIM905 - a word list reads better as prose
        "the a an and with of for to in on at or by from into is are was were be been it this that there not "
        "will would should can could"
    ).split(" ")
)


def names_someone(words: Sequence[str]) -> bool:
    """A third person among the words: a pronoun, a kin word, or a noun for a person
    (WordNet, `webminim.egress.people`: "guest", "tenants", "the men")."""
    words = _words(words)
    if not OTHERS.isdisjoint(words):
        return True
    nouns = person_nouns()
    plural = {w[:-1] for w in words if w[-1:] == "s"} | {w[:-3] + "man" for w in words if w[-3:] == "men"}
    british = {w.replace("ll", "l") for w in words | plural if "ll" in w}  # "counsellor", "travellers"
    return not (nouns.isdisjoint(words) and nouns.isdisjoint(plural) and nouns.isdisjoint(british))


def _speaks_of_self(clause: str) -> bool:
    """The writer, the one written to, or the user an agent writes about ("we are behind on
    three other bills", "the user is in a refuge")."""
    return not _SELF.isdisjoint(_words(tokens(clause)))


def _names_someone_else(clause: str, task: str) -> bool:
    """A third person the task does not speak of itself ("new parents" on "support groups for new
    parents"); "the user" is whom the task is for, not someone else; nor is the "someone" a
    request asks for ("Could someone come on Thursday?")."""
    said = _said(task)
    if _REQUEST.search(clause):
        said = said | _INDEFINITE
    return names_someone([w for w in tokens(clause) if w not in said and w[:-1] not in said])


_INDEFINITE = frozenset(["someone", "somebody", "anyone", "anybody"])
_BARE_PRONOUNS = frozenset(["he", "him", "she", "her", "they", "them", "it", "you", "your"])
# a request: a modal question opening the clause (after a list marker) or a "please"
_REQUEST = re.compile(
    r"^\W*(?:\d{1,2}[.)]\s*)?(?i:could|can|would|will)\s+(?i:someone|somebody|anyone|anybody)\b|\b(?i:please)\b"
)


@lru_cache(maxsize=256)
def _said(task: str) -> frozenset[str]:
    """The task's words, singular too, and the principal's: whom the task itself speaks of."""
    said = set(tokens(task)) | PRINCIPAL
    return frozenset(said | {w[:-1] for w in said if w[-1:] == "s"})


def impersonal(sentence: str) -> bool:
    """An English sentence that names no one: no personal pronoun, no word for a person by
    their tie to someone or by what they are. Other languages are never assumed impersonal;
    a plan step without function words reads as English when it opens with an English verb
    ("Check Saturday mornings.", `english.imperative`), also after a label ("Next: compare
    ..."); an agent's own next step ("I should filter for ...", "Let me check ...") speaks of
    no one."""
    start = _ITEM.match(sentence).end()  # after a list marker: "(3) We could try ..."
    planner = _PLANNER.match(sentence, start)
    pick = _PICK.match(sentence, start)
    verb = planner.group(1).lower() if planner else ""
    if verb and verb in english_verbs() and verb not in _STATES:
        step = tokens(sentence[planner.start(1) :])  # the step itself
    elif pick:
        step = tokens(sentence[pick.end() :])
    else:
        step = tokens(_LABEL.sub("", sentence[start:], count=1))
    words = tokens(sentence) if planner is None and pick is None else step
    english = bool(_ENGLISH.intersection(words)) or imperative(step)
    return english and not _personal(_without_kinds(words))


def _without_kinds(words: Sequence[str]) -> list[str]:
    """The words without those of an indefinite noun phrase that no verb follows: "a local
    florist with free delivery", "a two-person crew" name a kind of provider, not a person.
    "a carer visits twice a day" keeps its carer (a verb follows), and a pronoun or a kin word
    ("a friend") always counts."""
    out, i = [], 0
    while i < len(words):
        out.append(words[i])
        if words[i] not in _ARTICLE:
            i += 1
            continue
        j = i + 1
        while j < len(words) and j - i <= 3 and words[j] not in _ENGLISH and not _verb(words[j]):
            j += 1
        phrase = words[i + 1 : j]
        follows = words[j] if j < len(words) else ""
        if follows in _FINITE or _verb(follows) or not PERSONAL.isdisjoint(_words(phrase)):
            out.extend(phrase)
        i = j
    return out


_ARTICLE = frozenset(["a", "an"])


def _verb(word: str) -> bool:
    """A verb in its third-person form ("visits", "watches"), or an auxiliary."""
    if word in _FINITE:
        return True
    verbs = english_verbs()
    return word[-1:] == "s" and (word[:-1] in verbs or (word[-2:] == "es" and word[:-2] in verbs))


# an agent's own plan ("I should filter ...", "Let me check ...", "I'll rank ...") says nothing
# about anyone; "I will be ...", "I have ...", "We can only pay if ..." do. A plan step's
# label ("Next:", "Step 2:") may precede an imperative.
_PLANNER = re.compile(
    r"\s*(?i:(?:then|and|so|next|now),?\s+)?"  # "..., then I'll rank ..."
    r"(?i:(?:i|we)(?:\s+(?:should|shall|will|could|can|might|may)|'ll|'d)|let\s+me|let's|let\s+us|will)\s+"
    r"([^\W\d_]+)"
)
# "I'm thinking a cast-iron pan", "We're leaning towards the parka": the agent's pick
_PICK = re.compile(
    r"\s*(?i:(?:i'm|i\s+am|we're|we\s+are)\s+(?:thinking(?:\s+of)?|leaning\s+towards?|going\s+(?:with|for)))\s+"
)
_ITEM = re.compile(r"\s*(?:\(?[a-z0-9]{1,2}[.)]\s+)?")  # an optional list marker
_LABEL = re.compile(r"^\s*[^\W\d_](?:[\w ]|-(?=\w)){0,20}(?::|\s+[-–—])\s+")  # "Next:", "Next step - ", "Heads-up - "
_STATES = frozenset(["be", "have", "get", "feel", "need", "want", "stay", "lose", "miss", "owe"])  # not a plan


def _rides_along(sentence: str, *, after_label: bool = False) -> bool:
    """A sentence that goes with a needed one: it names no one, tells nothing that happened,
    and, after a label, is a plan step rather than a statement. A label introduces a plan as a
    phrase or an imperative ("Cheapest route: a local florist", "Next: compare prices"); one
    that introduces a clause with a finite verb states a fact ("Aside: the bonus pool is being
    cut", "Heads-up - the car is financed"), and facts ride along only when the task needs them.
    `after_label`: the sentence follows a label that a dash split off ("Note to self - ...")."""
    headed = _HEADING.match(sentence)
    if headed and sentence[headed.end() :].strip():  # "## Plan\nmerino blend pairs": under a heading that rides along
        body = sentence[headed.end() :]
        return _rides_along(headed.group(0)) and not _personal(tokens(body)) and not _told(body)
    if not impersonal(sentence) or _told(sentence):
        return False
    label = _LABEL.match(sentence)
    if label is None and not after_label:
        return True
    body = tokens(sentence[label.end() :] if label else sentence)
    return _FINITE.isdisjoint(body) or imperative(body)


# the auxiliaries and modals that make a clause finite: "the car is financed", "it may be sold"
_FINITE = frozenset(
    (  # noqa: SIM905 - a word list reads better as prose
        "is are was were has have had will would may might must can could should shall does do did "
        "isn't aren't wasn't weren't hasn't haven't won't wouldn't can't couldn't shouldn't doesn't don't"
    ).split(" ")
)


def _after_label(value: str, spans: Sequence[tuple[int, int]], index: int) -> bool:
    """Clause `index` follows a label of at most three words that a dash split off."""
    if index == 0:
        return False
    (start, end), (after, _) = spans[index - 1], spans[index]
    return bool(_DASH.search(value[end - 1 : after + 1])) and len(value[start:end].split()) <= 3


def _told(sentence: str) -> bool:
    """A sentence that tells what happened ("the company card was blocked", "the knee still
    gives way since the operation"), not what to do or what an item is: a past or perfect
    auxiliary, or a word that dates it. What happened is context; a plan or a description is
    not. (A verb in -ed is not enough: "Compare unlimited plans", "a framed photo".) Nor does
    a sentence that keeps something back ("Do not mention that layoffs are planned.")."""
    reason = _REASON.match(sentence)  # an opening reason is cut later: judge what the sentence asks
    words = tokens(sentence[reason.end() :] if reason else sentence)
    return (
        not _TOLD.isdisjoint(words)
        or not _HUSH.isdisjoint(words)
        or bool(_PRIVATE.search(sentence) or _LAST.search(sentence))
    )


def _personal(words: Sequence[str]) -> bool:
    return not PERSONAL.isdisjoint(_words(words)) or names_someone(words)


def _words(words: Sequence[str]) -> set[str]:
    """The words and the parts of hyphenated and possessive ones ("ex-prisoner", "sibling's")."""
    out = set(words)
    out.update(part for w in words if _JOINS.search(w) for part in _JOINS.split(w) if part)
    return out
