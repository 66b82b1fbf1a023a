"""What the policy needs of a page (`PageContext`, computed once per tree) and of a task on
it (`PolicyContext`): the analyses every rule reads."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

import numpy as np

from extractors.naming import flat_items, naming
from extractors.tree import UITree
from webminim.errors import PolicyError
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
from webminim.policy.vocabulary import (
    ACTION_ROLES,
    BUTTONS,
    CELLS,
    DIALOGS,
    FIELD_ROLES,
    HEADERS,
    ITEM_ROLES,
    LISTS,
    OPTIONS,
    ROLE_SETS,
    ROLE_WORDS,
    TABS,
    TEXTBOXES,
    TOKEN,
    VERBS,
    digit_run,
    short,
    words_of,
)
from webminim.secret_guard import labelled_codes
from webminim.secret_text import holds_code
from webminim.synonyms import synonyms_of


@dataclass(frozen=True, slots=True)
class Analyses:
    """The analyses of a page and a task that live with the rule that reads them (each rule
    module keeps its own word lists): the engine hands them in (`provide`), so this module
    imports no rule and data flows one way, rules -> context."""

    acts: frozenset[str]  # roles whose short labels may name an act (icon words)
    act_stems: Callable[[str], tuple[str, ...]]
    compound_key: Callable[[str], tuple[str, int]]
    search_controls: Callable[[UITree, tuple[str, ...], np.ndarray, np.ndarray], np.ndarray]
    forms_of: Callable[[np.ndarray, list[str]], np.ndarray]
    previews_of: Callable[[np.ndarray, np.ndarray, list[str]], np.ndarray]
    anchors: Callable[[PageContext, str], np.ndarray]
    compounds: Callable[[PageContext, list[str]], np.ndarray]
    short_named: Callable[[PageContext, str], np.ndarray]
    icon_worded: Callable[[PageContext, list[str]], np.ndarray]
    names_inside: Callable[[PageContext, str], np.ndarray]
    asks_for_code: Callable[[str], bool]
    reads: Callable[[str], bool]
    looks_up: Callable[[str], bool]


_PROVIDED: list[Analyses] = []


def provide(analyses: Analyses) -> None:
    """The rules' analyses, for every context built after (`webminim.policy.engine` gives them on import)."""
    _PROVIDED[:] = [analyses]


def _analyses() -> Analyses:
    if not _PROVIDED:  # importing webminim.policy (any of its modules) provides them
        raise PolicyError("the policy's rule analyses were not provided: import webminim.policy")
    return _PROVIDED[0]


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
    action: np.ndarray  # (N,) bool: an interactive button / link / checkbox ... (rows rule)
    roles: tuple[str, ...]
    texts: tuple[str, ...]  # normalized name, or the nearby label of an unnamed control
    label_words: tuple[frozenset[str], ...]  # controls: words of `texts` + role words; else empty
    # icon words: buttons, links, menu items labelled by 1-ACT_WORDS words: their stems; else ()
    act_stems: tuple[tuple[str, ...], ...]
    # anchors: controls labelled by one or two words: the label as one word, its word count
    compound_keys: tuple[tuple[str, int], ...]
    short_label: np.ndarray  # (N,) bool: a control whose label is short UI wording (floor)
    codes: np.ndarray  # (N,) bool: the node's text holds a verification code (codes)
    dialog_buttons: np.ndarray  # (N,) bool: a short-labelled button inside a dialog (dialogs)
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
    search_fields: np.ndarray  # (N,) bool: a search box, or a field whose label speaks of searching (search)
    form_of: np.ndarray  # (N,) int64: the nearest enclosing form, or -1 (forms)
    fields: np.ndarray  # (N,) bool: an interactive field or choice (forms)
    textboxes: np.ndarray  # (N,) bool: an interactive text box (forms)
    raw_texts: tuple[str, ...]  # node names with their case (names: the task capitalizes names)
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
        is_header = _is(kinds, HEADERS)
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
        an = _analyses()
        stems = tuple(
            an.act_stems(t) if n.interactive and n.role in an.acts else () for t, n in zip(texts, nodes, strict=True)
        )
        codes = np.array([holds_code(t) for t in texts], dtype=bool).reshape(size)
        codes[sorted(labelled_codes(tree))] = True  # a code known by its label, not its own text
        short_label = interactive & np.array([short(t) for t in texts], dtype=bool).reshape(size)
        in_dialog = inside(tree, DIALOGS)
        buttons = _is(kinds, BUTTONS)
        span = spans(parent)
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
                an.compound_key(t) if n.interactive else ("", 0) for t, n in zip(texts, nodes, strict=True)
            ),
            act_stems=stems,
            short_label=short_label,
            codes=codes,
            dialog_buttons=in_dialog & buttons & short_label,
            section_end=section_ends(tree),
            has_text=has_text,
            tabs=interactive & _is(kinds, TABS),
            cells=_is(kinds, CELLS),
            lists=_is(kinds, LISTS),
            options=_is(kinds, OPTIONS),
            in_paragraph=np.array([p >= 0 and role_list[p] == "paragraph" for p in tree.parents], dtype=bool).reshape(
                size
            ),
            digits=np.array([digit_run(name) for name in raw_names], dtype=bool).reshape(size),
            prose=has_text & ~interactive & (controls < 0),
            short_text=~interactive & np.array([short(name) for name in raw_names], dtype=bool).reshape(size),
            parent=parent,
            span=span,
            search_fields=an.search_controls(tree, texts, interactive, parent),
            form_of=an.forms_of(parent, role_list),
            fields=interactive & _is(kinds, FIELD_ROLES),
            textboxes=interactive & _is(kinds, TEXTBOXES),
            raw_texts=tuple(raw_names),
            previews=an.previews_of(parent, span, raw_names) & has_text & ~interactive & (controls < 0),
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
    named: np.ndarray  # (N,) bool: the anchors
    synonyms: np.ndarray  # (N,) bool: controls labelled by one verb synonymous with a task verb
    icon_worded: np.ndarray  # (N,) bool: controls labelled by words icon sets give for task words
    mentioned: np.ndarray  # (N,) bool: names the task gives, rows' repeated controls included
    wants_code: bool  # the task speaks of a code
    reads: bool  # the task asks to read something
    names_inside: np.ndarray  # (N,) bool: a text holding a name the task gives
    searches: bool  # the task asks to look something up

    @classmethod
    def of(cls, tree: UITree, task: str) -> PolicyContext:
        return cls.for_page(PageContext.of(tree), task)

    @classmethod
    def for_page(cls, page: PageContext, task: str) -> PolicyContext:
        text = normalize(task)
        tokens = TOKEN.findall(text)
        verbs = {w for w in tokens if w in VERBS}
        an = _analyses()
        named = an.anchors(page, text) | an.compounds(page, tokens) | an.short_named(page, task)
        mentioned = named.copy()
        named &= ~page.ambiguous  # "Trash" in every row: the rows rule picks the row's own, not all of them
        linked = synonyms_of(frozenset(tokens))
        synonyms = np.array([t in linked for t in page.texts], dtype=bool).reshape(len(page.texts))
        synonyms &= page.interactive & ~page.ambiguous & ~named
        worded = an.icon_worded(page, tokens) & ~page.ambiguous & ~named & ~synonyms
        return cls(
            page=page,
            task=text,
            words=words_of(text),
            kinds=frozenset(role for verb in verbs for role in VERBS[verb]),
            named=named,
            synonyms=synonyms,
            icon_worded=worded,
            mentioned=mentioned,
            wants_code=an.asks_for_code(text),
            reads=an.reads(text),
            names_inside=an.names_inside(page, task) & ~named & ~page.interactive,
            searches=an.looks_up(text),
        )

    def named_headings(self) -> np.ndarray:
        """The headings the task names, also through a text of their name ("Reply: <the subject
        the task quotes>")."""
        page = self.page
        headings = page.section_end >= 0  # section_ends marks every heading, and nothing else
        voiced = page.voice_of[self.named & (page.voice_of >= 0)]
        return np.union1d(np.flatnonzero(self.named & headings), voiced[headings[voiced]])


@cache
def _role_kinds(role: str) -> int:
    return sum(1 << k for k, roles in enumerate(ROLE_SETS) if role in roles)


def _is(kinds: np.ndarray, roles: frozenset[str]) -> np.ndarray:
    """(N,) bool: the nodes whose role is in `roles` (one of `ROLE_SETS`)."""
    return (kinds & (1 << ROLE_SETS.index(roles))) != 0


def spans(parent: np.ndarray) -> np.ndarray:
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
    inside_parent = (parent < 0) | (
        (starts >= parent) & (starts + span <= np.maximum(parent, 0) + span[np.maximum(parent, 0)])
    )
    return span if bool(inside_parent.all()) else np.ones(size, dtype=np.int64)
