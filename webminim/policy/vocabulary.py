"""The words the policy reads a task and a page with: stop words, action verbs, role sets,
and how a name counts as given by the task. Shared by the page and task contexts and the rules."""

from __future__ import annotations

import re

from extractors.naming import ITEM_ROLES
from extractors.roles import TEXT_ENTRY_ROLES
from webminim.features import content_words
from webminim.text_memo import per_text

MIN_ANCHOR = 3  # shorter names ("OK", "Go") match too much of any task
FLOOR_LABEL_WORDS = 3  # a control's label up to this many words is UI wording, beyond it content

# Words a name made only of which anchors nothing: they appear in tasks for other reasons.
# fmt: off
STOP_NAMES = frozenset({
    "a", "an", "and", "the", "of", "to", "in", "on", "at", "by", "for", "from", "with", "into", "or", "as", "is",
    "be", "it", "this", "that", "my", "me", "your", "you", "our", "here", "more", "view", "show", "open", "find",
    "go", "get", "see", "new", "all", "page", "click", "press",
})
# fmt: on
ACTION_ROLES = frozenset(
    {"button", "link", "checkbox", "radio", "switch", "menuitem", "menuitemcheckbox", "menuitemradio"}
)
# Action verbs -> the kind of control the action needs.
PRESS = frozenset({"button", "link", "menuitem", "tab"})
FILL = TEXT_ENTRY_ROLES
CHOOSE = frozenset(
    {"checkbox", "radio", "switch", "combobox", "listbox", "option", "menuitemcheckbox", "menuitemradio"}
)
# fmt: off
VERBS: dict[str, frozenset[str]] = {
    **dict.fromkeys(("click", "press", "tap", "hit", "push", "submit", "delete", "remove", "open", "add", "save",
                     "send", "archive", "buy", "login"), PRESS),
    **dict.fromkeys(("enter", "type", "fill", "input", "write", "compose", "search"), FILL),
    # answering is pressing "Reply" and typing the answer; "... saying thanks" gives words to type
    **dict.fromkeys(("reply", "respond", "answer"), PRESS | FILL),
    "saying": FILL,
    **dict.fromkeys(("select", "choose", "pick", "check", "uncheck", "tick", "toggle"), CHOOSE),
    # finishing a step usually means filling its fields and pressing its button
    **dict.fromkeys(("complete", "finish", "verify", "confirm"), PRESS | FILL),
}
# fmt: on
# What a task calls a control of each role ("the text field", "the button").
ROLE_WORDS: dict[str, frozenset[str]] = {
    "button": frozenset({"button"}),
    "link": frozenset({"link"}),
    "menuitem": frozenset({"menu", "item"}),
    "tab": frozenset({"tab"}),
    "textbox": frozenset({"text", "field", "textbox", "box", "input"}),
    "searchbox": frozenset({"search", "field", "box", "input"}),
    "combobox": frozenset({"dropdown", "combobox", "menu", "list"}),
    "spinbutton": frozenset({"number", "field", "input"}),
    "checkbox": frozenset({"checkbox", "box"}),
    "radio": frozenset({"radio", "option"}),
    "switch": frozenset({"switch", "toggle"}),
    "listbox": frozenset({"list", "listbox"}),
    "option": frozenset({"option"}),
}
HEADERS = frozenset({"columnheader", "rowheader"})
LISTS = frozenset({"combobox", "listbox"})
CELLS = frozenset({"cell", "gridcell", "rowheader"})
DIALOGS = frozenset({"dialog", "alertdialog"})
BUTTONS, TABS, OPTIONS, TEXTBOXES = (frozenset({r}) for r in ("button", "tab", "option", "textbox"))
FIELD_ROLES = FILL | CHOOSE
# the role sets the page context tests, a bit each: a node's role is looked up once, not per set
ROLE_SETS = (HEADERS, BUTTONS, ACTION_ROLES, TABS, CELLS, LISTS, OPTIONS, FIELD_ROLES, TEXTBOXES, ITEM_ROLES)

TOKEN = re.compile(r"[a-z0-9]+")
WORD = re.compile(r"[a-z]+")
# a quoted stretch of a task: "…", “…”, «…» (not apostrophes: "Dana's" quotes nothing)
QUOTED = re.compile(r"[\"“”«»]([^\"“”«»]{1,80})[\"“”«»]")
_NAME_WORD = re.compile(r"[\w.'-]+")  # a word of a name run: letters, digits and . ' - between spaces
_CAPITAL = re.compile(r"[A-Z]")
_DIGITS = re.compile(r"\d{4}")


def _stem(word: str) -> str:
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


@per_text
def words_of(text: str) -> frozenset[str]:
    """Content words, plural 's' dropped ("fields" matches "field"), generic UI words ("view") left out."""
    return frozenset(_stem(w) for w in content_words(text) if w not in STOP_NAMES)


@per_text
def digit_run(text: str) -> bool:
    """Four digits in a row (a code without its cue, a card's tail)."""
    return _DIGITS.search(text) is not None


@per_text
def short(text: str) -> bool:
    """One to FLOOR_LABEL_WORDS words: UI wording, not content."""
    return 0 < len(text.split()) <= FLOOR_LABEL_WORDS


def is_anchor_name(name: str) -> bool:
    """Long enough and not made only of stop words to count as the task naming it."""
    return len(name) >= MIN_ANCHOR and not all(w in STOP_NAMES for w in name.split())


def names_phrase(task: str, name: str) -> bool:
    """Does normalized `task` contain normalized `name` as a phrase at word boundaries?"""
    start = task.find(name)
    while start >= 0:
        end = start + len(name)
        before = start == 0 or not task[start - 1].isalnum() or not name[0].isalnum()
        after = end == len(task) or not task[end].isalnum() or not name[-1].isalnum()
        if before and after:
            return True
        start = task.find(name, start + 1)
    return False


def name_runs(text: str) -> list[str]:
    """Runs of two or more capitalised words ("Ask Jane Doe about it" -> "Ask Jane Doe"): the
    matches of `[A-Z][\\w.'-]*(?:\\s+[A-Z][\\w.'-]*)+`, found word by word in linear time
    (the pattern restarts at every capital inside a word: quadratic, 6.7 s on 24,000
    capitals). A run starts at its first word's first capital ("iPhone Pro" -> "Phone Pro"),
    and each next word follows after spaces only and starts with a capital."""
    words = [(m.start(), m.end()) for m in _NAME_WORD.finditer(text)]
    runs: list[str] = []
    k = 0
    while k < len(words):
        capital = _CAPITAL.search(text, *words[k])
        last = k
        while (
            capital is not None
            and last + 1 < len(words)
            and "A" <= text[words[last + 1][0]] <= "Z"
            and text[words[last][1] : words[last + 1][0]].isspace()
        ):
            last += 1
        if capital is not None and last > k:
            runs.append(text[capital.start() : words[last][1]])
        k = last + 1
    return runs
