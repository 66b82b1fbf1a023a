"""The normative policy layer (Minim §4.3): scores -> Keep / Abstract / Remove.

    R  if n̂ < τ_nec
    A  if n̂ ≥ τ_nec and ŝ ≥ τ_sens   (and n̂ < τ_disclose, when set)
    K  otherwise                                  τ_nec = 1.0, τ_sens = 5.0

Thresholds are policy, not model: change them without retraining.

Beyond the paper, a control is never removed while text inside it is shown: text kept
under a removed link or button would be promoted out of it, visible but not clickable.
Such a control takes the decision its own ŝ gives (K, or A when sensitive).

Safety net (beyond the paper; needs a `PolicyContext`). On pages unlike its training data
the model can keep a label but not its field, or score the very button the task names
n̂ ≈ 0. Removing a harmless "Submit" saves a few tokens and costs the task, so after the
rule above, a node that is removed is raised when one of these holds:

0. Floor. The model's scale drifts on unseen pages (the task's button at n̂ 0.3 on a page
   where nothing reaches τ_nec) while its ranking holds: the critical nodes it misses sit
   in the top few percent of n̂. So the controls among the `keep_floor` share of the
   page's nodes (10%), most necessary first, are never removed: those whose label is short
   UI wording ("Login", "Add to cart": at most FLOOR_LABEL_WORDS words) are raised like any
   other node, the others (a tab titled "Adam Barnes - Dating profile") are abstracted,
   clickable but with their words in the vault. Text in the floor is left to the other
   rules (labels, rows, anchors). Measured on the validation families with the shipped
   model, the floor on controls takes TCNP-I from 0.991 to 1.000 and usable pages from
   95.7% to 96.5% for Keep 3.7% → 7.2% and TISL 0.014 → 0.039; abstracting the floor's text
   as well would reach TCNP 0.998 / usable 99.3%, but only by counting placeholders an agent
   cannot read, for TISL 0.094. Controls shown raw by an earlier version made "sites" leak:
   left out of training, its background-tab titles got ŝ 1.2 and went out as is.
1. Pairs (`extractors.naming`). A kept control keeps the text that names it
   (`Naming.label_of`: its <label>, or the nearby text its name repeats, so a named control's
   label adds nothing the control does not show; an agent reads "Search" beside its box as
   the page's wording); kept label text keeps the control it names (`Naming.control_of`;
   not for column / row headers, which name a whole column of controls). A kept <select> or
   listbox shows its options (at most OPTION_NODES), in every option group: what there is
   to choose.
2. Rows. A row / list item the task acts on keeps its action controls (button, link,
   checkbox, radio, switch, menu item; `Naming.row_of`, or `flat_items` for items laid
   out as bare repeated siblings) and the text that is its own (the comment it votes on).
   A row is one among rows: a lone <article> is the page's content, not a row. But a lone
   item the task names by its heading (a message, a post, a product) keeps the
   short-labelled action controls from that heading to the first heading after its section
   (at most SECTION_ACTIONS): "Forward the email 'Lease renewal'" keeps that message's "Fwd",
   which sits after its header, outside the element that holds the title.
   A row's evidence is its strongest text that identifies it (a non-control whose text
   no other row repeats: a sender, not "Compare"; or a control the task names, as an
   author's link): 10 when the task names it (rule 3), else its n̂ if kept. A text the task
   names that another list repeats (a post's title, and a sidebar's "Trending" link to it)
   picks the rows that hold it for their actions, unless every row of its group holds it.
   The task acts on the rows whose evidence reaches τ_row (5.0) and is within ROW_MARGIN
   (2.0) of the best row's: the model's 6 for a product whose name shares words with the
   task's does not pull in that product's buttons when the task's own product scores 10.
   "Delete the email from Dana" keeps the checkbox and icon-only trash button of Dana's
   row, not the others'.
   A task that reads (rule 7) reads the row: all of its prose, nested lists in its cells
   included (not the labels inside its controls, which stay the controls'), is abstracted
   — always A ("What is the office of Cara Stevens?" needs the "New York" every row
   repeats). To read, a text the task names is evidence even when
   other rows repeat it ("Jacob" in three example tables, the date "03-Jan-16" in a
   focusable grid cell), unless every row of its group holds it ("Compare"); and the row's
   cells come along, focusable or not.
3. Task anchors. A node the task names is kept (not a control whose name the controls of
   other rows repeat — "Trash" in every row; rule 2 keeps the right row's): its whole name
   (for an unnamed control, its nearby label) occurs in the task as a phrase at word
   boundaries, both lower-cased with whitespace collapsed and a trailing ':' or '*'
   dropped; the name has at least 3
   characters and is not made only of stop words ("Go" and "View" are not anchors; "Go!"
   is, on "press Go!"; "Archive" on "archive it", but "HIV" is not named by "archive"). A
   control's one- or two-word label is named as well when the task writes it the other way,
   as two words or as one ("Log in" on "login to my account", "Wishlist" on "wish list").
   So is a control labelled by one verb that WordNet puts in a synset with a word of the
   task (`webminim.synonyms`: "Answer Jack's message" keeps the "Reply" link), and a control
   (button, link, menu item) labelled by at most ACT_WORDS words, each a task word or one
   that icon sets list beside a task word, at least one the latter (`webminim.ui_words`:
   "Compose a message" keeps "Draft", "Open my shopping cart" keeps "Trolley (3)"; a task's
   "new" counts here, a label's does not: "Write a new email" keeps "+ Create").
   Measured on the shipped model's validation split: Keep 8.9% → 9.4%, TISL 0.066 →
   0.068, TCNP unchanged.
4. Out-of-depth fallback. When the task asks for an action ("click", "press", "enter",
   "type", "select", "check", "submit", "delete", "open", …) and no control of the kind that
   action needs (buttons and links; fields; choices) would be kept at all, the controls of
   that kind whose ŝ < τ_sens and whose label words (name or nearby label, plus role words:
   "button", "text field", …) share a content word with the task are kept.

5. Codes the task asks for. When the task speaks of a code ("verification code", "2FA",
   "one-time", "passcode", "two-step"), a node whose text holds a verification code is
   abstracted — always A, whatever ŝ says, whether the model removed or kept it: the agent
   can type the code through its placeholder, and the code itself never leaves the device.

6. A dialog's way out. The short-labelled buttons of a dialog ("Never", "Close", "Save
   password") are kept: a dialog covers the page, and an agent that cannot see how to close
   it cannot click anything behind it. Its text is left to the other rules.
7. Sections the task reads. When the task asks to read (it opens with "read", "what",
   "summarize", "open", … or speaks of what someone "said" / "wrote", of "reviews") and
   names a heading (rule 3), the text of that heading's section is abstracted — always A,
   whatever ŝ says (the rest of the heading's container up to the next sibling heading of
   its level or higher — a heading nested deeper, a card's person under its title, is part
   of it — at most SECTION_NODES texts, paragraphs first), and so is the section of any heading sharing a
   content word with the task ("Customer reviews"). The agent hands the user placeholders
   that are filled in locally. Always A, because on pages unlike its training data the
   model scores an injected "Login code — 825074" ŝ 3.4 (measured leave-one-family-out):
   showing section text raw by ŝ let 2-6% of the secrets of two families out. Text the
   model itself keeps stays as the model says (abstracting it too lost the prices a
   "compare" task reads on theme B, in the whole episodes).
   A heading is named through the text of its name too ("Reply: <the quoted subject>"), and
   a region, dialog, status or article the task names ("the Slack notification") or shares
   a content word with ("the Slack message") is read the same way: the text inside it (at
   most SECTION_REGIONS regions). Replying and forwarding read what they answer, and so does
   a task that takes a value "from the … notification / message / alert / text" to use it. Reading
   raises prose only: the "Reply" inside a button is the button's label, and abstracting it
   would abstract the button the agent needs. Rows are read by what their own controls call
   them, too: "Read the comments on …" reads the rows whose repeated controls share a
   content word with the task (each comment's "Upvote comment") or a word icon sets list
   beside a task word ("people replying to …": "Thumbs up comment"), their prose and their own
   links (the author: who said it), at most SECTION_NODES nodes, unless rule 2 picked some
   of those rows ("Read Dana's message" reads Dana's row, not every row with a "Delete
   message"). Comments often sit outside the post's section, under no heading of their own.
8. Names inside text. A text that holds a name the task gives (two or more capitalized words,
   or a quoted phrase: "Jessica Medina" in "Jessica Medina · jessica@x.org") is abstracted
   — always A: the view keeps the task's own words and places the rest in the vault. So is
   the rest of a short line (a paragraph or list item of at most LINE_NODES nodes) a named
   text is on: the sender's address beside the sender's name says which message it is, a
   contact's beside the contact's name where to write.
9. Search. When the task looks something up ("search", "look up", "find", "results for",
   "anything about"), the page's search fields (a searchbox, or a field whose label or
   placeholder says "search") and the buttons of their search form are kept: "Look up
   printer drivers" names no control, yet the search box is how it is done.
10. Forms. When the task types (an action verb of rule 4 that needs a field: "enter",
   "write", "compose", "reply" / "respond" / "answer", …, or words to say: "… saying
   thanks") and a control of a form is shown after the rules above, the other controls
   of that form (not its lists' options, nor the buttons of a toolbar or menu inside it)
   come along, when the form holds a field and at most FORM_CONTROLS controls: a form is
   filled and sent as one
   ("Write a new email to Hector" keeps the reply form's "To" by its n̂; its "Message" box
   and "Send now" button, at n̂ ≈ 0 on a page unlike the training data, come with it). When
   no control of such a form is shown and the page has exactly one small form with a text
   box, that form is kept: a typing task on a page with one form to type into types there.
   A search form is rule 9's, unless the task looks something up.

Three rules lower decisions. A row's repeated control ("Select", "Trash" in every row) is
removed, with its text, when the row has text that identifies it and none of that text is
shown; an agent cannot aim it, and a Trash button of some unnamed row invites deleting the
wrong message. Rows the task acts on (rule 2) and controls it names (rule 3) are exempt.
And a tab whose label is content rather than UI wording (more than FLOOR_LABEL_WORDS words:
"Divorce lawyers near me - Search", another page's title) is shown through placeholders,
with its text, unless the task names it: K becomes A, it stays clickable.
And a message preview: the prose of the largest block of at most PREVIEW_NODES nodes around
a text holding an e-mail address ("New mail from Crystal Gilmore <crystal.gilmore@…>" and
the subject and first line beside it) is shown through placeholders, K becomes A: it is
that person's message, whatever ŝ the model gives its words. Measured leave-one-family-out,
a volt mail toast's first line went out raw at ŝ 4.1 (the one secret of 18,091 out).

A node these rules raise, and any control shown as is, brings the text its name is made of
(a header's or a link's StaticText, through unnamed wrappers: an icon font's arrow after "Pages"),
else the view would show its name as "…"; the text of an abstracted name stays abstracted.
A control shown as is also brings the short text inside it that its name does not repeat
(the "▼" of a button labelled "Downvote"): UI wording, never a code or a run of digits.
A raised node takes the decision its own ŝ gives: K when ŝ < τ_sens, else A (placeholders).
They apply in the order 0 (short labels), 3, 2, 4, 6, 7, 8, 9, 10, the control rule above, then 1,
the text children, 0 (content labels) and the removal of unaimable row controls.
The net never shows sensitive text raw and removes nothing but unaimable row controls; `decide_explained` says
which rule raised or lowered which node. Everything is a pure function of the tree, the task and the
scores, linear in the tree but for rule 0's sort of n̂.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

import numpy as np

from extractors.naming import ITEM_ROLES, flat_items, naming
from extractors.tree import UITree
from webminim.contact_guard import address_spans
from webminim.features import content_words
from webminim.metrics import A, K, R
from webminim.page_structure import (
    controls_of,
    identifying,
    inside,
    normalize,
    repeated_controls,
    repeated_items,
    section_ends,
    voices,
)
from webminim.secret_guard import holds_code, labelled_codes
from webminim.synonyms import synonyms_of
from webminim.text_memo import per_text
from webminim.thresholds import KEEP_FLOOR, TAU_NEC, TAU_ROW, TAU_SENS, Thresholds  # re-exported
from webminim.ui_words import linked_to, stem

ROW_MARGIN = 2.0  # rows whose evidence is this far below the best row's are not acted on
MIN_ANCHOR = 3  # shorter names ("OK", "Go") match too much of any task
SECTION_NODES = 80  # rule 7: texts raised per section, at most
SECTION_ACTIONS = 8  # rule 2: actions kept per section whose heading the task names, at most
SECTION_REGIONS = 16  # rule 7: regions read per task, at most
SEARCH_FORM_DEPTH = 4  # rule 9: how far up a search field's form may be
OPTION_NODES = 60  # a kept list shows this many of its options, at most
FORM_CONTROLS = 8  # rule 10: a form with more controls than this is a settings page, not one act
ACT_WORDS = 2  # rule 3: a label of at most this many words may name an act in other words
# rule 3: a stop word on a label, an act in a task ("Write a new email": a "+ Create" link)
ACT_ADJECTIVES = frozenset({"new"})
PREVIEW_NODES = 12  # a message preview: the block around a sender's address, at most this many nodes
LINE_NODES = 8  # rule 8: a line (paragraph, list item) this small comes along with a name the task gives on it
_LINES = frozenset({"paragraph", "listitem"})  # rule 8: what a line is
# Rule 3: controls that do an act; icon sets also group topics ("food" with "banana"), and an
# option, tab or checkbox is labelled by its topic, not by an act
_ACTS = frozenset({"button", "link", "menuitem"})

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
# Action verbs -> the kind of control the action needs (fallback rule 4).
_PRESS = frozenset({"button", "link", "menuitem", "tab"})
_FILL = frozenset({"textbox", "searchbox", "combobox", "spinbutton"})
_CHOOSE = frozenset(
    {"checkbox", "radio", "switch", "combobox", "listbox", "option", "menuitemcheckbox", "menuitemradio"}
)
# fmt: off
VERBS: dict[str, frozenset[str]] = {
    **dict.fromkeys(("click", "press", "tap", "hit", "push", "submit", "delete", "remove", "open", "add", "save",
                     "send", "archive", "buy", "login"), _PRESS),
    **dict.fromkeys(("enter", "type", "fill", "input", "write", "compose", "search"), _FILL),
    # answering is pressing "Reply" and typing the answer; "... saying thanks" gives words to type
    **dict.fromkeys(("reply", "respond", "answer"), _PRESS | _FILL),
    "saying": _FILL,
    **dict.fromkeys(("select", "choose", "pick", "check", "uncheck", "tick", "toggle"), _CHOOSE),
    # finishing a step usually means filling its fields and pressing its button
    **dict.fromkeys(("complete", "finish", "verify", "confirm"), _PRESS | _FILL),
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
_HEADERS = frozenset({"columnheader", "rowheader"})
_LISTS = frozenset({"combobox", "listbox"})
_CELLS = frozenset({"cell", "gridcell", "rowheader"})
# Rule 7: containers whose name a task may give to read what is inside ("the Slack notification").
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
_DIALOGS = frozenset({"dialog", "alertdialog"})
# Rule 7: how a task asks to read something rather than act on it: its first word, or a
# word of saying anywhere ("What do buyers say about ...").
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
_NAME_WORD = re.compile(r"[\w.'-]+")  # a word of a name run: letters, digits and . ' - between spaces
_CAPITAL = re.compile(r"[A-Z]")
NAME_WORDS = 12  # the longest name read from a run of capitalised words (a longer run is a sentence in title case)
_QUOTED = re.compile(r"[\"“]([^\"”]{3,80})[\"”]")
_TOKEN = re.compile(r"[a-z0-9]+")
_WORD = re.compile(r"[a-z]+")
_DIGITS = re.compile(r"\d{4}")

WHY_FLOOR = "kept: among the page's most necessary nodes"
WHY_FLOOR_CONTENT = "abstracted: a control among the page's most necessary nodes, its label is content"
FLOOR_LABEL_WORDS = 3  # a control's label up to this many words is UI wording, beyond it content
WHY_CONTROL = "kept: text inside it is shown"
WHY_ANCHOR = "kept: named by the task"
WHY_SYNONYM = "kept: labelled by a synonym of a task verb (WordNet)"
WHY_ICON_WORD = "kept: labelled by a word icon sets give for a task word (Lucide, Font Awesome)"
WHY_ROW = "kept: an action of a row the task acts on"
WHY_SECTION_ACTION = "kept: an action of the item whose heading the task names"
WHY_FALLBACK = "kept: out-of-depth fallback, its label shares words with the task"
WHY_LABEL = "kept: names a kept control"
WHY_LABELLED = "kept: the control a kept label names"
WHY_TEXT = "kept: the text of a kept node's name"
WHY_CODE = "abstracted: a code the task asks for"
WHY_DIALOG = "kept: a button of a dialog, the way past it"
WHY_SECTION = "abstracted: text of a section the task reads"
WHY_NAME_INSIDE = "abstracted: holds a name the task gives"
WHY_NAME_LINE = "abstracted: on the line of a name the task gives"
WHY_OPTION = "kept: a choice of a kept list"
WHY_ROW_TEXT = "abstracted: text of a row the task reads"
WHY_ROWS_CALLED = "abstracted: text of a row whose controls name what the task reads"
WHY_SEARCH = "kept: a search field, the task looks something up"
WHY_FORM = "kept: a control of a form the task fills in, beside a shown one"
# the rules that lower a decision say so too (an audit log must not show the model's reason)
WHY_CONTROL_ABSTRACTED = "abstracted: the text inside it is abstracted, and its name is that text"
WHY_TAB_CONTENT = "abstracted: a tab titled with content, not UI wording"
WHY_PREVIEW = "abstracted: beside a sender's address, that person's message"
WHY_UNAIMABLE = "removed: a row's repeated control, and nothing that tells its row apart is shown"
# Rule 9: how a task asks to look something up ("Look up printer drivers", "Show me results for …").
_SEARCHES = re.compile(
    r"\b(?:search|searches|searching|look up|look for|lookup|find|results? for|anything (?:about|on))\b"
)
_ASKS_FOR_CODE = re.compile(r"\b(?:code|codes|otp|2fa|passcode|one[- ]time|two[- ]step|verification)\b")


def _stem(word: str) -> str:
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


@per_text
def words_of(text: str) -> frozenset[str]:
    """Content words, plural 's' dropped ("fields" matches "field"), generic UI words ("view") left out."""
    return frozenset(_stem(w) for w in content_words(text) if w not in STOP_NAMES)


@per_text
def _digit_run(text: str) -> bool:
    """Four digits in a row (a code without its cue, a card's tail)."""
    return _DIGITS.search(text) is not None


@per_text
def _short(text: str) -> bool:
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


@dataclass(frozen=True, slots=True, eq=False)
class PageContext:
    """What the policy needs of a tree, computed once and reused for every task."""

    controls: np.ndarray  # controls_of: the control a text is inside, or -1
    label_of: np.ndarray  # (N,) int64, Naming.label_of
    unnamed: np.ndarray  # (N,) bool: no accessible name of its own
    voice_of: np.ndarray  # (N,) int64: the parent whose name repeats this text, or -1
    control_of: np.ndarray  # (N,) int64, Naming.control_of, -1 for column / row headers
    item_of: np.ndarray  # (N,) int64, the row / item a node is, or is in, or -1
    row_of: np.ndarray  # (N,) int64, item_of for real rows only (row, listitem, ...); bare siblings -1
    identifies: np.ndarray  # (N,) bool: a non-control text of an item that no other item repeats
    ambiguous: np.ndarray  # (N,) bool: a control whose name other items' controls repeat ("Trash" per row)
    interactive: np.ndarray  # (N,) bool
    action: np.ndarray  # (N,) bool: an interactive button / link / checkbox ... (rule 2)
    roles: tuple[str, ...]
    texts: tuple[str, ...]  # normalized name, or the nearby label of an unnamed control
    label_words: tuple[frozenset[str], ...]  # controls: words of `texts` + role words; else empty
    # rule 3: buttons, links, menu items labelled by 1-ACT_WORDS words: their stems; else ()
    act_stems: tuple[tuple[str, ...], ...]
    # rule 3: controls labelled by one or two words: the label as one word, its word count
    compound_keys: tuple[tuple[str, int], ...]
    short_label: np.ndarray  # (N,) bool: a control whose label is short UI wording (rule 0)
    codes: np.ndarray  # (N,) bool: the node's text holds a verification code (rule 5)
    dialog_buttons: np.ndarray  # (N,) bool: a short-labelled button inside a dialog (rule 6)
    section_end: np.ndarray  # (N,) int64: for a heading, the index its section ends before; else -1
    has_text: np.ndarray  # (N,) bool: a non-empty name
    prose: np.ndarray  # (N,) bool: text that is read, not a control nor a control's label ("Reply" in its button)
    short_text: np.ndarray  # (N,) bool: a non-control whose name is short UI wording (at most FLOOR_LABEL_WORDS words)
    tabs: np.ndarray  # (N,) bool: an interactive tab
    cells: np.ndarray  # (N,) bool: a table or grid cell (a row's text, focusable or not)
    lists: np.ndarray  # (N,) bool: a <select> / listbox, whose options a kept one shows
    options: np.ndarray  # (N,) bool: an option
    in_paragraph: np.ndarray  # (N,) bool: a child of a paragraph (what a section's summary reads first)
    digits: np.ndarray  # (N,) bool: a name holding a run of 4+ digits (a code without its cue, a card's tail)
    parent: np.ndarray  # (N,) int64: the parent's index, or -1
    span: np.ndarray  # (N,) int64: the size of each node's subtree (nodes in document order: it is i..i+span)
    search_fields: np.ndarray  # (N,) bool: a search box, or a field whose label speaks of searching (rule 9)
    form_of: np.ndarray  # (N,) int64: the nearest enclosing form, or -1 (rule 10)
    fields: np.ndarray  # (N,) bool: an interactive field or choice (rule 10)
    textboxes: np.ndarray  # (N,) bool: an interactive text box (rule 10)
    raw_texts: tuple[str, ...]  # node names with their case (rule 8 matches names the task capitalizes)
    previews: np.ndarray  # (N,) bool: prose in a small block with an e-mail address (a message preview)

    @classmethod
    def of(cls, tree: UITree) -> PageContext:
        nodes = tree.nodes
        names = naming(tree)
        size = len(nodes)
        control_of = np.array(names.control_of, dtype=np.int64).reshape(size)
        role_list = [n.role for n in nodes]
        kinds = np.array([_role_kinds(role) for role in role_list], dtype=np.int64).reshape(size)
        parent = np.array(tree.parents, dtype=np.int64).reshape(size)
        is_header = _is(kinds, _HEADERS)
        # a header (or its text) names a column of controls, not one of them
        headers = is_header | (is_header[parent] & (parent >= 0))
        control_of[headers] = -1
        items = repeated_items(tree)
        item_of = np.array(names.row_of, dtype=np.int64).reshape(size)
        item_of[~np.isin(item_of, np.flatnonzero(items))] = -1
        flat = np.array(flat_items(tree), dtype=np.int64).reshape(size)
        item_of = np.where(item_of >= 0, item_of, flat)  # a comment laid out as bare siblings is an item too
        item_of[items] = np.flatnonzero(items)
        interactive = np.array([n.interactive for n in nodes], dtype=bool).reshape(size)
        own = [normalize(n.name) for n in nodes]
        texts = tuple(own[i] or normalize(names.nearby[i]) for i in range(size))
        controls = controls_of(tree)
        raw_names = [n.name for n in nodes]
        has_text = np.array([bool(name.strip()) for name in raw_names], dtype=bool).reshape(size)
        label_words = tuple(
            words_of(texts[i]) | ROLE_WORDS.get(n.role, frozenset()) if n.interactive else frozenset()
            for i, n in enumerate(nodes)
        )
        act_stems = tuple(
            _act_stems(t) if n.interactive and n.role in _ACTS else () for t, n in zip(texts, nodes, strict=True)
        )
        codes = np.array([holds_code(t) for t in texts], dtype=bool).reshape(size)
        codes[sorted(labelled_codes(tree))] = True  # a code known by its label, not its own text
        short_label = interactive & np.array([_short(t) for t in texts], dtype=bool).reshape(size)
        in_dialog = inside(tree, _DIALOGS)
        buttons = _is(kinds, _BUTTONS)
        span = _spans(parent)
        return cls(
            controls=controls,
            label_of=np.array(names.label_of, dtype=np.int64).reshape(size),
            unnamed=~has_text,
            voice_of=voices(tree, names=own),
            control_of=control_of,
            item_of=item_of,
            # real rows only: a doc's bare repeated paragraphs are items for rule 2, but too
            # loose a grouping to take controls away on
            row_of=np.where(np.isin(item_of, np.flatnonzero(_is(kinds, ITEM_ROLES))), item_of, -1),
            identifies=identifying(texts, item_of, interactive),
            ambiguous=repeated_controls(texts, item_of, interactive, controls),
            interactive=interactive,
            action=interactive & _is(kinds, ACTION_ROLES),
            roles=tuple(role_list),
            texts=texts,
            label_words=label_words,
            compound_keys=tuple(
                _compound_key(t) if n.interactive else ("", 0) for t, n in zip(texts, nodes, strict=True)
            ),
            act_stems=act_stems,
            short_label=short_label,
            codes=codes,
            dialog_buttons=in_dialog & buttons & short_label,
            section_end=section_ends(tree),
            has_text=has_text,
            tabs=interactive & _is(kinds, _TABS),
            cells=_is(kinds, _CELLS),
            lists=_is(kinds, _LISTS),
            options=_is(kinds, _OPTIONS),
            in_paragraph=np.array([p >= 0 and role_list[p] == "paragraph" for p in tree.parents], dtype=bool).reshape(
                size
            ),
            digits=np.array([_digit_run(name) for name in raw_names], dtype=bool).reshape(size),
            prose=has_text & ~interactive & (controls < 0),
            short_text=~interactive & np.array([_short(name) for name in raw_names], dtype=bool).reshape(size),
            parent=parent,
            span=span,
            search_fields=_search_controls(tree, texts, interactive, parent),
            form_of=_forms_of(parent, role_list),
            fields=interactive & _is(kinds, _FIELD_ROLES),
            textboxes=interactive & _is(kinds, _TEXTBOXES),
            raw_texts=tuple(raw_names),
            previews=_previews(parent, span, raw_names) & has_text & ~interactive & (controls < 0),
        )

    def with_task(self, task: str) -> PolicyContext:
        return PolicyContext.for_page(self, task)

    def within(self, roots: np.ndarray) -> np.ndarray:
        """The nodes `roots` and everything under them (a row's cells and the lists inside them)."""
        out = np.zeros(len(self.parent), dtype=bool)
        for r in roots:
            out[r : r + self.span[r]] = True
        return out


@dataclass(frozen=True, slots=True, eq=False)
class PolicyContext:
    """A tree's `PageContext` plus one task: the nodes it names and the kinds of control it acts on."""

    page: PageContext
    task: str  # normalized
    words: frozenset[str]  # the task's content words
    kinds: frozenset[str]  # control roles the task's action verbs need
    named: np.ndarray  # (N,) bool: rule 3's anchors
    synonyms: np.ndarray  # (N,) bool: rule 3, controls labelled by one verb synonymous with a task verb
    icon_worded: np.ndarray  # (N,) bool: rule 3, controls labelled by words icon sets give for task words
    mentioned: np.ndarray  # (N,) bool: names the task gives, rows' repeated controls included
    wants_code: bool  # rule 5: the task speaks of a code
    reads: bool  # rule 7: the task asks to read something
    names_inside: np.ndarray  # (N,) bool: rule 8, a text holding a name the task gives
    searches: bool  # rule 9: the task asks to look something up

    @classmethod
    def of(cls, tree: UITree, task: str) -> PolicyContext:
        return cls.for_page(PageContext.of(tree), task)

    @classmethod
    def for_page(cls, page: PageContext, task: str) -> PolicyContext:
        text = normalize(task)
        tokens = _TOKEN.findall(text)
        verbs = {w for w in tokens if w in VERBS}
        # A name longer than the task cannot occur in it: the scan stays linear in the tree. A
        # phrase of the task is a substring of it first (one C test; most names are not).
        named = np.array(
            [len(t) <= len(text) and t in text and is_anchor_name(t) and names_phrase(text, t) for t in page.texts],
            dtype=bool,
        ).reshape(len(page.texts))
        named |= _compounds(page, tokens)
        named |= _short_named(page, task)
        mentioned = named.copy()
        named &= ~page.ambiguous  # "Trash" in every row: rule 2 picks the row's own, not all of them
        linked = synonyms_of(frozenset(tokens))
        synonyms = np.array([t in linked for t in page.texts], dtype=bool).reshape(len(page.texts))
        synonyms &= page.interactive & ~page.ambiguous & ~named
        icon_worded = _icon_worded(page, tokens) & ~page.ambiguous & ~named & ~synonyms
        return cls(
            page=page,
            task=text,
            words=words_of(text),
            kinds=frozenset(role for verb in verbs for role in VERBS[verb]),
            named=named,
            synonyms=synonyms,
            icon_worded=icon_worded,
            mentioned=mentioned,
            wants_code=bool(_ASKS_FOR_CODE.search(text)),
            reads=_reads(text) or bool(_TAKES_FROM_MESSAGE.search(text)),
            names_inside=_names_inside(page, task) & ~named & ~page.interactive,
            searches=bool(_SEARCHES.search(text)),
        )


def decide(
    s_hat: np.ndarray,
    n_hat: np.ndarray,
    thresholds: Thresholds = Thresholds(),
    context: PolicyContext | np.ndarray | None = None,
    *,
    controls: np.ndarray | None = None,
    net: bool = True,
) -> np.ndarray:
    """R / A / K (0 / 1 / 2) per node; see `decide_explained`."""
    return decide_explained(s_hat, n_hat, thresholds, context, controls=controls, net=net)[0]


def decide_explained(
    s_hat: np.ndarray,
    n_hat: np.ndarray,
    thresholds: Thresholds = Thresholds(),
    context: PolicyContext | np.ndarray | None = None,
    *,
    controls: np.ndarray | None = None,
    net: bool = True,
) -> tuple[np.ndarray, dict[int, str]]:
    """R / A / K (0 / 1 / 2) per node, and why each node a rule decided (raised or lowered)
    was decided so; a node no rule touched is the model's, by its scores.

    With `tau_disclose` set, a sensitive node whose necessity reaches it is kept rather than
    abstracted: for tasks that must read it (an email the user asked to summarize). Off by
    default, as in the paper. With a `context` (or the older `controls`, from `controls_of`)
    a control whose label is shown stays; with a context and `net` the safety net's rules
    1-4 apply (module docstring). `net=False` is the policy before the net, for comparisons.
    """
    sensitive = s_hat >= thresholds.tau_sens
    if thresholds.tau_disclose is not None:
        sensitive &= n_hat < thresholds.tau_disclose
    actions = np.where(sensitive, A, K).astype(np.int8)
    actions[n_hat < thresholds.tau_nec] = R
    reasons: dict[int, str] = {}
    if isinstance(context, np.ndarray):  # the older positional `controls`
        context, controls = None, context
    if context is not None:
        controls = context.page.controls
    if controls is None:
        return actions, reasons
    # A raised node shows its raw text only when ŝ says it is harmless.
    raised = np.where(s_hat >= thresholds.tau_sens, A, K).astype(np.int8)
    floor = np.zeros(len(actions), dtype=bool)

    def lift(mask: np.ndarray, why: str, to: np.ndarray = raised) -> None:
        for i in np.flatnonzero(mask & (actions == R)):
            actions[i] = to[i]
            reasons[int(i)] = why

    def abstract(mask: np.ndarray, why: str) -> None:
        """Rule 5: never shown raw, whether the model removed the code or kept it."""
        for i in np.flatnonzero(mask & (actions != A)):
            actions[i] = A
            reasons[int(i)] = why

    # rules 0 (content labels), 2 (a read row's text), 7, 8: abstracted when raised; text the
    # model keeps stays raw (comparing two prices needs the prices: measured in the episodes)
    always_a = np.full(len(actions), A, dtype=np.int8)

    if context is not None and net:
        page = context.page
        floor = most_necessary(n_hat, thresholds.keep_floor)
        lift(floor & page.interactive & page.short_label, WHY_FLOOR)
        lift(context.named, WHY_ANCHOR)
        lift(context.synonyms, WHY_SYNONYM)
        lift(context.icon_worded, WHY_ICON_WORD)
        acting = _acting_rows(page, context, actions, n_hat, thresholds.tau_row)
        lift((page.action | page.identifies) & np.isin(page.item_of, acting), WHY_ROW)
        lift(page.action & np.isin(page.item_of, _titled_rows(context)), WHY_ROW)
        lift(_section_actions(context), WHY_SECTION_ACTION)
        lift(_fallback(context, actions, s_hat < thresholds.tau_sens), WHY_FALLBACK)
        if context.wants_code:  # rule 5: typeable through its placeholder, never shown
            abstract(page.codes, WHY_CODE)
        lift(page.dialog_buttons, WHY_DIALOG)
        if context.reads:
            lift(_sections(context), WHY_SECTION, always_a)
            # all the row's text: its prose, and its cells even when a grid makes them focusable
            lift((page.prose | page.cells) & page.within(acting), WHY_ROW_TEXT, always_a)
            lift(_rows_called(context, acting), WHY_ROWS_CALLED, always_a)
        if context.searches:
            lift(page.search_fields, WHY_SEARCH)
        lift(context.names_inside, WHY_NAME_INSIDE, always_a)
        lift(_lines_of(page, context.named & ~page.interactive), WHY_NAME_LINE, always_a)
        # the task types, or names a field to fill ("sign up with email …"): a choice alone fills no form
        if "textbox" in context.kinds or (context.named & page.textboxes).any():
            lift(_form_mates(context, actions != R), WHY_FORM)
    lift(_shown_inside(controls, actions), WHY_CONTROL)
    lowered: dict[int, str] = {}  # kept apart: the rules below read `reasons` as what was raised

    def lower(mask: np.ndarray, to: int, why: str) -> None:
        for i in np.flatnonzero(mask):
            actions[i] = to
            lowered[int(i)] = why

    # a control whose text inside is abstracted is abstracted too: its name is that text
    lower(_indices(controls, actions == A, len(actions)) & (actions == K), A, WHY_CONTROL_ABSTRACTED)
    if context is not None and net:
        page = context.page
        # a tab titled like a page ("Divorce lawyers near me - Search") is content, not UI
        # wording: shown through placeholders, with its text, unless the task names it
        titled = page.tabs & ~page.short_label & ~context.named
        lower((titled | _in_controls(page, titled)) & (actions == K), A, WHY_TAB_CONTENT)
        # a text beside a sender's address is that sender's message: shown through placeholders
        lower(page.previews & (actions == K), A, WHY_PREVIEW)
        kept = actions != R
        lift(_options(page, kept), WHY_OPTION)
        lift(_indices(page.label_of, kept & page.interactive, len(actions)), WHY_LABEL)
        lift(_indices(page.control_of, kept & ~page.interactive, len(actions)), WHY_LABELLED)
        # rule 0, content labels; before the texts below, so such a control's text comes along (abstracted)
        lift(floor & page.interactive, WHY_FLOOR_CONTENT, always_a)
        by_net = np.zeros(len(actions), dtype=bool)
        by_net[[i for i, why in reasons.items() if why != WHY_CONTROL]] = True
        # a control shown as is keeps the text its name is made of ("Reply sent"), else the
        # view would redact its own name to "…" as a withheld descendant's text
        shown_control = page.interactive & (actions == K)
        owner = np.maximum(page.voice_of, 0)
        # the text of an abstracted name stays abstracted; of a name shown as is, it adds nothing
        lift((page.voice_of >= 0) & (by_net | shown_control)[owner], WHY_TEXT, np.where(actions[owner] == A, A, raised))
        # and the short text inside it that its name does not repeat (the '▼' of "Downvote"):
        # UI wording, never a code
        lift(page.short_text & ~page.codes & ~page.digits & _in_controls(page, shown_control), WHY_TEXT)
        unaimable = _unaimable(page, context.mentioned, actions, reasons)
        for i in np.flatnonzero(unaimable):
            reasons.pop(int(i), None)
        lower(unaimable, R, WHY_UNAIMABLE)
    return actions, {**reasons, **lowered}


@per_text
def _compound_key(text: str) -> tuple[str, int]:
    """Rule 3: a one- or two-word label as one word, with its word count; else ("", 0)."""
    words = _TOKEN.findall(text)
    if 0 < len(words) <= 2 and is_anchor_name(text):
        return "".join(words), len(words)
    return "", 0


def _compounds(page: PageContext, tokens: list[str]) -> np.ndarray:
    """Rule 3: labels that are a task word written as two, or two task words written as one
    ("Log in" on "login to my account", "Wishlist" on "wish list")."""
    by_count = {1: {a + b for a, b in zip(tokens, tokens[1:], strict=False)}, 2: set(tokens)}
    return np.array([bool(count) and key in by_count[count] for key, count in page.compound_keys], dtype=bool).reshape(
        len(page.compound_keys)
    )


@per_text
def _act_stems(label: str) -> tuple[str, ...]:
    """Rule 3: a control label's word stems, stop words left out, when there are 1-ACT_WORDS."""
    stems = tuple(stem(w) for w in _WORD.findall(label) if w not in STOP_NAMES)
    return stems if 0 < len(stems) <= ACT_WORDS else ()


def _icon_worded(page: PageContext, tokens: list[str]) -> np.ndarray:
    """Rule 3: controls whose every label word is a task word or one icon sets give beside a
    task word, at least one the latter ("Trolley (3)" on "Open my shopping cart")."""
    words = [w for w in tokens if w not in STOP_NAMES or w in ACT_ADJECTIVES]
    linked = linked_to(words)
    own = {stem(w) for w in words}
    out = np.zeros(len(page.act_stems), dtype=bool)
    if linked:
        for i, stems in enumerate(page.act_stems):
            if stems and any(s in linked for s in stems) and all(s in linked or s in own for s in stems):
                out[i] = True  # most nodes have no stems: no numpy write for them
    return out


def most_necessary(n_hat: np.ndarray, share: float) -> np.ndarray:
    """Rule 0: the ⌈share·N⌉ nodes of highest n̂, ties in document order."""
    mask = np.zeros(len(n_hat), dtype=bool)
    count = min(int(np.ceil(share * len(n_hat))), len(n_hat))
    if count > 0:
        mask[np.argsort(-n_hat, kind="stable")[:count]] = True
    return mask


def _in_controls(page: PageContext, controls: np.ndarray) -> np.ndarray:
    """The texts inside (`controls_of`) any control of the mask `controls`."""
    return (page.controls >= 0) & controls[np.maximum(page.controls, 0)]


def _indices(targets: np.ndarray, where: np.ndarray, size: int) -> np.ndarray:
    """A mask of the nodes `targets[i]` for every i in `where` (targets of -1 ignored)."""
    picked = targets[where]
    mask = np.zeros(size, dtype=bool)
    mask[picked[picked >= 0]] = True
    return mask


def _shown_inside(controls: np.ndarray, actions: np.ndarray) -> np.ndarray:
    """The controls some shown text is inside of."""
    return _indices(controls, actions != R, len(actions))


def _acting_rows(
    page: PageContext, context: PolicyContext, actions: np.ndarray, n_hat: np.ndarray, tau_row: float
) -> np.ndarray:
    """Rule 2: the rows (their item indices) the task acts on."""
    named = context.named
    strength = np.where(named, 10.0, np.where(actions != R, n_hat, 0.0))
    # a control the task names that no other row repeats (an author's link) identifies its row too;
    # to read, a text or grid cell the task names picks every row that holds it ("Jacob", the
    # date "03-Jan-16" in three example tables), unless every row of its group does ("Reply"):
    # their text is abstracted, nothing is acted on
    evidence = page.identifies | (named & page.interactive)
    if context.reads:
        read_named = context.mentioned & (page.item_of >= 0)
        read_named &= ~_in_every_item(page, np.flatnonzero(read_named))
        evidence |= read_named
        strength[read_named] = 10.0
    candidates = evidence & (page.item_of >= 0) & (strength >= tau_row)
    if not candidates.any():
        return np.zeros(0, dtype=np.int64)
    rows = page.item_of[candidates]
    best = np.full(len(actions), -1.0)
    np.maximum.at(best, rows, strength[candidates])  # per row, its strongest evidence
    return np.flatnonzero(best >= max(tau_row, best.max() - ROW_MARGIN))


def _titled_rows(context: PolicyContext) -> np.ndarray:
    """Rule 2: the rows that hold a text the task names which another list repeats (a post's
    title, and a sidebar's "Trending" link to it), unless every row of its group holds it.
    Their actions only: their text stays with rules 7 and 8."""
    page = context.page
    titled = context.named & ~page.interactive & ~page.identifies & (page.item_of >= 0)
    titled &= ~_in_every_item(page, np.flatnonzero(titled))
    return np.unique(page.item_of[titled])


def _in_every_item(page: PageContext, among: np.ndarray) -> np.ndarray:
    """Which of the texts `among` (inside items) every item of their group (the items sharing
    a parent, two or more) holds too: "Compare" in each product row names no row. One pass
    over the page, whatever the number of texts asked about."""
    out = np.zeros(len(page.texts), dtype=bool)
    if not len(among):
        return out
    wanted = {page.texts[i] for i in among}
    holders: dict[str, set[int]] = {t: set() for t in wanted}
    groups: dict[int, set[int]] = {}
    for i, text in enumerate(page.texts):
        item = int(page.item_of[i])
        if item < 0:
            continue
        groups.setdefault(int(page.parent[item]), set()).add(item)
        if text in holders:
            holders[text].add(item)
    for i in among:
        group = groups[int(page.parent[page.item_of[i]])]
        out[i] = len(group) > 1 and group <= holders[page.texts[i]]
    return out


_BUTTONS, _TABS, _OPTIONS, _TEXTBOXES = (frozenset({r}) for r in ("button", "tab", "option", "textbox"))
_FIELD_ROLES = _FILL | _CHOOSE
# the role sets the page context tests, a bit each: a node's role is looked up once, not per set
_ROLE_SETS = (_HEADERS, _BUTTONS, ACTION_ROLES, _TABS, _CELLS, _LISTS, _OPTIONS, _FIELD_ROLES, _TEXTBOXES, ITEM_ROLES)


@cache
def _role_kinds(role: str) -> int:
    return sum(1 << k for k, roles in enumerate(_ROLE_SETS) if role in roles)


def _is(kinds: np.ndarray, roles: frozenset[str]) -> np.ndarray:
    """(N,) bool: the nodes whose role is in `roles` (one of `_ROLE_SETS`)."""
    return (kinds & (1 << _ROLE_SETS.index(roles))) != 0


def _spans(parent: np.ndarray) -> np.ndarray:
    """Each node's subtree size, for nodes in document order (every parent before its
    children, each subtree contiguous: what every extractor builds). Any other order is a
    malformed tree here: each node is then its own subtree, so nothing is raised through it."""
    size = len(parent)
    if not size or not bool(np.all(parent < np.arange(size))):
        return np.ones(size, dtype=np.int64)
    sizes, up = [1] * size, parent.tolist()  # Python ints: the loop reads them per node
    for i in range(size - 1, 0, -1):  # children after parents: sizes add up bottom-up
        if up[i] >= 0:
            sizes[up[i]] += sizes[i]
    span = np.array(sizes, dtype=np.int64)
    # contiguous only if every node sits inside its parent's range
    starts = np.arange(size)
    inside = (parent < 0) | (
        (starts >= parent) & (starts + span <= np.maximum(parent, 0) + span[np.maximum(parent, 0)])
    )
    return span if bool(inside.all()) else np.ones(size, dtype=np.int64)


def _search_controls(tree: UITree, texts: tuple[str, ...], interactive: np.ndarray, parent: np.ndarray) -> np.ndarray:
    """Rule 9: search boxes (role, or a label that speaks of searching) and the buttons of
    their search form (the nearest `search` / `form` ancestor within SEARCH_FORM_DEPTH levels)."""
    roles = [n.role for n in tree.nodes]
    fields = [
        i
        for i, (role, t) in enumerate(zip(roles, texts, strict=True))
        if interactive[i] and (role == "searchbox" or (role in _FILL and "search" in _TOKEN.findall(t)))
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


_FORM_TOOLS = frozenset({"toolbar", "menu", "menubar"})  # rule 10: a form's tools, not its fields or buttons


def _forms_of(parent: np.ndarray, roles: list[str]) -> np.ndarray:
    """Rule 10: each node's nearest `form` ancestor, or -1; -1 inside a toolbar or menu (a
    compose form's "B" / "I" / "Attach" buttons are tools, not what the form is filled with).
    Parents come before children."""
    out = [-1] * len(roles)  # Python ints: a loop over numpy elements is slower
    for i, p in enumerate(parent.tolist()):
        if p >= 0:
            out[i] = p if roles[p] == "form" else -1 if roles[p] in _FORM_TOOLS else out[p]
    return np.array(out, dtype=np.int64).reshape(len(roles))


# a quoted stretch of a task: "…", “…”, «…» (not apostrophes: "Dana's" quotes nothing)
_QUOTED = re.compile(r"[\"“”«»]([^\"“”«»]{1,80})[\"“”«»]")
_RAW_WORD = re.compile(r"\w+")


def _short_named(page: PageContext, task: str) -> np.ndarray:
    """Rule 3 for labels under MIN_ANCHOR characters ("Jc", "OK"), which as plain words would
    match too much of any task: a control whose label the task quotes, or writes as a whole
    word with the label's own capitals when that word is no stop word ("Go back" is not the
    button "Go"). Linear in the page's controls."""
    out = np.zeros(len(page.texts), dtype=bool)
    quoted = {normalize(q) for q in _QUOTED.findall(task)}
    words = set(_RAW_WORD.findall(task))
    for i in np.flatnonzero(page.interactive).tolist():
        label = page.texts[i]
        if not label or len(label) >= MIN_ANCHOR:
            continue
        raw = page.raw_texts[i].strip()
        out[i] = label in quoted or (raw in words and raw != raw.lower() and label not in STOP_NAMES)
    return out


def _form_mates(context: PolicyContext, shown: np.ndarray) -> np.ndarray:
    """Rule 10: the controls of the small forms with a field, one of whose controls is shown."""
    page = context.page
    controls = page.interactive & ~page.options & (page.form_of >= 0)  # an option is its list's
    size = len(shown)
    counts = np.bincount(page.form_of[controls], minlength=size)
    with_field = np.bincount(page.form_of[controls & page.fields], minlength=size) > 0
    small = with_field & (counts <= FORM_CONTROLS)
    if not context.searches:  # a search form is rule 9's
        small &= ~_indices(page.form_of, controls & page.search_fields & page.fields, size)
    forms = small & _indices(page.form_of, controls & shown, size)
    if not forms.any():  # none of them shown: a page with one small form to type into is where to type
        typed = small & _indices(page.form_of, controls & page.textboxes, size)
        if typed.sum() == 1:
            forms = typed
    return controls & forms[np.maximum(page.form_of, 0)]


# Rule 7 also reads what a task takes from a message to use it ("type the sender's address from
# the new-mail notification", "enter the code from the text message"): the agent needs its
# placeholders, which it can type, never the text itself
_TAKES_FROM_MESSAGE = re.compile(
    r"\bfrom (?:the|my|this|that|a|an|your) (?:[\w'-]+ ){0,3}"
    r"(?:notifications?|messages?|alerts?|toasts?|texts?|sms|e-?mails?|banners?|pop-?ups?|chats?)\b"
)


def _reads(task: str) -> bool:
    """Rule 7: does the (normalized) task ask to read something?"""
    tokens = _TOKEN.findall(task)
    return bool(tokens) and (tokens[0] in READ_OPENERS or bool(READ_WORDS & set(tokens)))


def _sections(context: PolicyContext) -> np.ndarray:
    """Rule 7: the texts of the sections under the headings the task names (and, with one,
    under headings that share a content word with the task)."""
    page = context.page
    size = len(page.roles)
    headings = page.section_end >= 0  # section_ends marks every heading, and nothing else
    named = _named_headings(context)
    out = np.zeros(size, dtype=bool)
    # a region the task names ("the Slack notification") or shares a content word with ("the
    # Slack message"), as for headings below: the text inside it
    regions = [
        r
        for r, role in enumerate(page.roles)
        if role in READ_REGIONS and (context.named[r] or words_of(page.texts[r]) & context.words)
    ]
    for r in regions[:SECTION_REGIONS]:
        texts = r + 1 + np.flatnonzero(page.prose[r + 1 : r + page.span[r]])  # what is under it
        out[texts[:SECTION_NODES]] = True
    if not len(named):
        return out
    related = [h for h in np.flatnonzero(headings) if words_of(page.texts[h]) & context.words]
    for h in {*map(int, named), *map(int, related)}:
        texts = h + 1 + np.flatnonzero(page.prose[h + 1 : page.section_end[h]] & ~headings[h + 1 : page.section_end[h]])
        # a long section's paragraphs first: what a summary reads, before its widgets' texts
        paragraphs = page.in_paragraph[texts]
        out[np.concatenate([texts[paragraphs], texts[~paragraphs]])[:SECTION_NODES]] = True
    return out


def _rows_called(context: PolicyContext, acting: np.ndarray) -> np.ndarray:
    """Rule 7: rows the task reads by what their own controls call them ("Read the comments
    on …": each comment's "Upvote comment"): the prose and the own links (an author's name)
    of the rows whose repeated controls share a content word with the task, or one icon sets
    list beside a task word ("replying": "comment"), at most
    SECTION_NODES nodes in page order. Not when rule 2 picked some of them: the task reads
    those ("Read Dana's message" among rows with a "Delete message" each)."""
    page = context.page
    repeated = np.flatnonzero(page.ambiguous & page.interactive & (page.item_of >= 0))
    linked = linked_to(context.words)  # "What are people replying to …": each comment's "Thumbs up comment"
    calling = [i for i in repeated if _called_by(words_of(page.texts[i]), context.words, linked)]
    rows = np.unique(page.item_of[calling])
    if np.isin(rows, acting).any():
        return np.zeros(len(page.roles), dtype=bool)
    out = np.zeros(len(page.roles), dtype=bool)
    if len(rows):
        inside = page.within(rows) | np.isin(page.item_of, rows)  # bare repeated siblings too
        # the prose, and the row's own links (an author's name: who said it)
        texts = np.flatnonzero(inside & (page.prose | (page.action & ~page.ambiguous)))
        out[texts[:SECTION_NODES]] = True
    return out


def _called_by(label: frozenset[str], task: frozenset[str], linked: frozenset[str]) -> bool:
    """Rule 7: a control's label words share a task word, or one icon sets list beside one."""
    return bool(label & task) or any(stem(w) in linked for w in label)


def _named_headings(context: PolicyContext) -> np.ndarray:
    """Rules 2 and 7: the headings the task names, also through a text of their name
    ("Reply: <the subject the task quotes>")."""
    page = context.page
    headings = page.section_end >= 0  # section_ends marks every heading, and nothing else
    voiced = page.voice_of[context.named & (page.voice_of >= 0)]
    return np.union1d(np.flatnonzero(context.named & headings), voiced[headings[voiced]])


def _section_actions(context: PolicyContext) -> np.ndarray:
    """Rule 2: the item the task names by its heading, when it stands alone (a message, a
    post, a product): the short-labelled action controls from that heading to the first
    heading after its section, at most SECTION_ACTIONS each — a message's "Reply" and "Fwd"
    sit after its header, often outside the element that holds its title."""
    page = context.page
    out = np.zeros(len(page.roles), dtype=bool)
    headings = np.flatnonzero(page.section_end >= 0)  # in document order
    named = _named_headings(context)
    for h in named[:SECTION_REGIONS]:
        k = np.searchsorted(headings, page.section_end[h])
        end = int(headings[k]) if k < len(headings) else len(page.roles)
        wanted = page.action[h:end] & page.short_label[h:end] & ~page.ambiguous[h:end]
        out[(h + np.flatnonzero(wanted))[:SECTION_ACTIONS]] = True
    return out


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


def _names_inside(page: PageContext, task: str) -> np.ndarray:
    """Rule 8: texts that hold, at word boundaries, a name the task gives."""
    names: set[str] = {normalize(q) for q in _QUOTED.findall(task)}
    for run in name_runs(task):
        words = [w.removesuffix("'s").removesuffix("’s") for w in run.split()]
        for a in range(len(words)):  # every stretch of two words or more, up to NAME_WORDS
            for b in range(a + 2, min(len(words), a + NAME_WORDS) + 1):
                names.add(normalize(" ".join(words[a:b])))
    names = {n for n in names if is_anchor_name(n) and len(n) >= 5}
    out = np.zeros(len(page.texts), dtype=bool)
    if not names:
        return out
    for i, text in enumerate(page.texts):
        if text and any(len(n) < len(text) and names_phrase(text, n) for n in names):
            out[i] = True
    return out


def _options(page: PageContext, kept: np.ndarray) -> np.ndarray:
    """The options of each kept <select> / listbox (their first OPTION_NODES): what there is to
    choose, else a kept list shows only the choice the task names."""
    out = np.zeros(len(kept), dtype=bool)
    for i in np.flatnonzero(kept & page.lists):
        options = i + np.flatnonzero(page.options[i : i + page.span[i]])
        out[options[:OPTION_NODES]] = True
    return out


def _previews(parent: np.ndarray, span: np.ndarray, names: list[str]) -> np.ndarray:
    """The nodes of the largest block (at most PREVIEW_NODES nodes) around each text holding an
    e-mail address: "New mail from Crystal Gilmore <crystal.gilmore@…>" and the subject and
    first line beside it are one person's message, whatever ŝ the model gives its words.
    `span` is `_spans(parent)`."""
    out = np.zeros(len(parent), dtype=bool)
    for i, name in enumerate(names):
        if "@" not in name or not address_spans(name):
            continue
        block, p = i, parent[i]
        while p >= 0 and span[p] <= PREVIEW_NODES:
            block, p = p, parent[p]
        out[block : block + span[block]] = True
    return out


def _lines_of(page: PageContext, named: np.ndarray) -> np.ndarray:
    """Rule 8: the rest of the short line (a paragraph or list item of at most LINE_NODES nodes)
    a text the task names is on: "Jack Cruz" and his " <jack.cruz@…>" beside it say which
    message; a contact list's "• Richard Flores richard.flores@…" gives the address to write to."""
    out = np.zeros(len(named), dtype=bool)
    for i in np.flatnonzero(named):
        p = page.parent[i]
        for _ in range(2):  # through one inline wrapper (<strong>)
            if p < 0:
                break
            if page.roles[p] in _LINES:
                if page.span[p] <= LINE_NODES:
                    out[p : p + page.span[p]] = True
                break
            p = page.parent[p]
    return out & page.prose


def _unaimable(page: PageContext, mentioned: np.ndarray, actions: np.ndarray, reasons: dict[int, str]) -> np.ndarray:
    """Repeated row actions (buttons, links, boxes; not fields) shown while nothing that
    identifies their row is, and their text. A control whose long label the task names (a
    post's title listed twice) is its own identity; a short UI label ("Trash") is not."""
    size = len(actions)
    rows = page.row_of
    has_identity = np.zeros(size, dtype=bool)
    shown_identity = np.zeros(size, dtype=bool)
    ident = page.identifies & (rows >= 0)
    has_identity[rows[ident]] = True
    # a row is told apart by its own text, or by a control no other row repeats (a form's field)
    own = (page.identifies | (page.interactive & ~page.ambiguous)) & (rows >= 0)
    shown_identity[rows[own & (actions != R)]] = True
    exempt = np.zeros(size, dtype=bool)
    exempt[[i for i, why in reasons.items() if why in (WHY_ROW, WHY_ANCHOR)]] = True
    safe_rows = np.maximum(rows, 0)
    # The task names "Trash": if one can be aimed (outside any row, as a message's own toolbar,
    # or in a row that is told apart), the unidentified rows' go; if none can, all stay.
    named = mentioned & page.action & (actions != R)
    aimable = named & ((rows < 0) | shown_identity[safe_rows])
    if not aimable.any():
        exempt |= mentioned
    target = (
        page.action
        & page.ambiguous
        & (rows >= 0)
        & has_identity[safe_rows]
        & ~shown_identity[safe_rows]
        & ~(mentioned & ~page.short_label)  # a title the task names is its own identity; "Trash" is not
        & ~exempt
        & (actions != R)
    )
    return target | (_in_controls(page, target) & (actions != R))


def _fallback(context: PolicyContext, actions: np.ndarray, harmless: np.ndarray) -> np.ndarray:
    """Rule 4: for each kind of control the task acts on of which none is kept, the harmless
    controls of that kind whose label shares a word with the task."""
    page = context.page
    out = np.zeros(len(actions), dtype=bool)
    for group in (_PRESS, _FILL, _CHOOSE):
        wanted = group & context.kinds
        if not wanted:
            continue
        of_group = page.interactive & np.array([r in wanted for r in page.roles], dtype=bool).reshape(len(actions))
        if (of_group & (actions != R)).any():
            continue
        for i in np.flatnonzero(of_group & harmless):
            out[i] = bool(page.label_words[i] & context.words)
    return out


__all__ = [
    "A",
    "KEEP_FLOOR",
    "K",
    "R",
    "TAU_NEC",
    "TAU_ROW",
    "TAU_SENS",
    "PageContext",
    "PolicyContext",
    "Thresholds",
    "controls_of",
    "decide",
    "decide_explained",
    "normalize",
]
