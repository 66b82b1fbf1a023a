"""Rule 7, sections the task reads: when the task asks to read (it opens with "read", "what",
"summarize", "open", … or speaks of what someone "said" / "wrote", of "reviews", or asks for no
action at all: "Get me my order status", "List out the reviewers") and names a
heading, the text of that heading's section is abstracted, whatever ŝ says (the rest of the
heading's container up to the next sibling heading of its level or higher, at most
SECTION_NODES texts, paragraphs first), and, when the task says it reads (not merely asks for
no action), so is the section of any heading sharing a content word with the task ("Customer
reviews"). A region, dialog, status or article the task names ("the Slack notification") or,
so worded, shares a content word with is read the same way (at most SECTION_REGIONS regions).
Replying and forwarding read what they answer, and so does a task that takes a value "from the
… notification / message / alert / text" to use it, or from a region, dialog or status it calls
by a word of that container's own name ("the username from the save-password prompt" on a dialog
named "Save password?"), whatever it then does: the agent needs its placeholders, which it can
type, never the text itself. Reading raises prose only: the "Reply" inside a button is the
button's label.

Always A, because on pages unlike its training data the model scores an injected "Login code —
825074" ŝ 3.4 (measured leave-one-family-out): showing section text raw by ŝ let 2-6% of the
secrets of two families out. Text the model itself keeps stays as the model says.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import numpy as np

from webminim.policy.rule import Draft, Rule
from webminim.policy.vocabulary import TOKEN, VERBS, words_of

if TYPE_CHECKING:
    from webminim.policy.context import PolicyContext

WHY_SECTION = "abstracted: text of a section the task reads"
SECTION_NODES = 20  # texts raised per section, at most (paragraphs first): what a read needs, not the page
SECTION_REGIONS = 16  # regions read per task, at most
# containers whose name a task may give to read what is inside ("the Slack notification")
READ_REGIONS = frozenset(
    {
        "alert",
        "alertdialog",
        "article",
        "complementary",
        "dialog",
        "group",
        "log",
        "note",
        "region",
        "status",
        "tabpanel",
    }
)
# how a task asks to read something rather than act on it: its first word, or a word of saying
# anywhere ("What do buyers say about ...")
READ_OPENERS = frozenset(
    {
        "read",
        "what",
        "which",
        "who",
        "summarize",
        "summarise",
        "tell",
        "show",
        "open",
        "look",
        "compare",
        "reply",
        "answer",
        "respond",
        "forward",
    }
)
READ_WORDS = frozenset({"read", "say", "says", "said", "wrote", "written", "review", "reviews"})
# verbs that act on a page without naming the kind of control they need (VERBS names those), and
# are seldom nouns (not "order", "post", "book"): a task with one of these acts, a task with neither
# asks to be told something
ACTING = frozenset(
    {
        "edit", "change", "update", "rename", "move", "sort", "filter", "go", "navigate", "visit", "follow",
        "subscribe", "unsubscribe", "cancel", "create", "upload", "download", "share", "vote", "upvote", "downvote",
        "pay", "sign", "register", "invite", "assign", "close", "expand", "collapse", "switch", "enable", "disable",
        "approve", "reject", "publish",
    }
)  # fmt: skip
_ACTS = frozenset(VERBS) | ACTING
TAKES_FROM_MESSAGE = re.compile(
    r"\bfrom (?:the|my|this|that|a|an|your) (?:[\w'-]+ ){0,3}"
    r"(?:notifications?|messages?|alerts?|toasts?|texts?|sms|e-?mails?|banners?|pop-?ups?|chats?)\b"
)


# what a task takes a value from: "from the save-password prompt" -> "save-password prompt"
_TAKEN_FROM = re.compile(r"\bfrom (?:the|my|this|that|a|an|your) ((?:[\w'-]+ ){0,3}[\w'-]+)")


def taken_from(context: PolicyContext) -> list[int]:
    """The regions (READ_REGIONS) whose own name shares a content word with what the task takes a
    value from: "the username from the save-password prompt" reads the dialog "Save password?"."""
    source = frozenset().union(*(words_of(m.group(1)) for m in _TAKEN_FROM.finditer(context.task)))
    if not source:
        return []
    page = context.page
    return [r for r, role in enumerate(page.roles) if role in READ_REGIONS and words_of(page.texts[r]) & source]


def asks_to_read(task: str) -> bool:
    """Does the (normalized) task say it reads: a reading opener or word, or a value taken from a message?"""
    tokens = TOKEN.findall(task)
    asks = bool(tokens) and (tokens[0] in READ_OPENERS or bool(READ_WORDS & set(tokens)))
    return asks or bool(TAKES_FROM_MESSAGE.search(task))


def reads(task: str) -> bool:
    """Does the (normalized) task ask to read something, take a value from a message, or ask
    for no action (no verb of VERBS or ACTING: a task that acts on nothing asks to be told)?"""
    return asks_to_read(task) or _ACTS.isdisjoint(TOKEN.findall(task))


def sections(context: PolicyContext) -> np.ndarray:
    """The texts of the regions and of the sections under the headings the task names (and,
    when the task says it reads, of those that share a content word with it: a task that only
    asks for no action gives no sign it reads more than what it names)."""
    page = context.page
    size = len(page.roles)
    headings = page.section_end >= 0  # section_ends marks every heading, and nothing else
    named = context.named_headings()
    related = asks_to_read(context.task)
    out = np.zeros(size, dtype=bool)
    regions = [
        r
        for r, role in enumerate(page.roles)
        if role in READ_REGIONS and (context.named[r] or (related and words_of(page.texts[r]) & context.words))
    ]
    regions += [r for r in taken_from(context) if r not in regions]
    for r in regions[:SECTION_REGIONS]:
        texts = r + 1 + np.flatnonzero(page.prose[r + 1 : r + page.span[r]])  # what is under it
        out[texts[:SECTION_NODES]] = True
    if not len(named) or not context.reads:  # a task that acts reads only the regions it takes from
        return out
    sharing = [h for h in np.flatnonzero(headings) if related and words_of(page.texts[h]) & context.words]
    for h in {*map(int, named), *map(int, sharing)}:
        texts = h + 1 + np.flatnonzero(page.prose[h + 1 : page.section_end[h]] & ~headings[h + 1 : page.section_end[h]])
        # a long section's paragraphs first: what a summary reads, before its widgets' texts
        paragraphs = page.in_paragraph[texts]
        out[np.concatenate([texts[paragraphs], texts[~paragraphs]])[:SECTION_NODES]] = True
    return out


class Sections(Rule):
    name = "sections"
    why = (WHY_SECTION,)

    def applies(self, draft: Draft) -> bool:
        return draft.context is not None and (draft.context.reads or bool(taken_from(draft.context)))

    def apply(self, draft: Draft) -> None:
        assert draft.context is not None
        draft.lift(sections(draft.context), WHY_SECTION, draft.always_a)
