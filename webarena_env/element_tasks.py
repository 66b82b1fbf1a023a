"""Tasks generated from a page's own elements, for pages we did not write.

A vendored real-world page has no task templates of its own, so its tasks come from what it
shows: click a named button or link, type a value into a field, pick an option, tick a
box, fill a whole form and submit it, read a table cell, act on the row of a list or table
that a property of the row identifies ("Delete the email from Dana Lee"). Most tasks name
their element the way a user would — by the control's name or, for an unnamed control, by
the text beside it (extractors.naming) — in varied wording; three name only an intent
(search for a topic, read the item of a row's key, read the section under a heading), so
that the scorer learns what a search box or a message body is for, not only to match words.

Each task records the node indices it needs (`targets`: necessity 10, `context`: 5); the
labeller (webarena_env.labeller.element_necessity) turns them into per-node labels.

The wording is ours unless a `Wording` from outside is given (webarena_env.wording): the
same tasks, targets and labels, phrased the way a public benchmark phrases them.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Protocol

from extractors.naming import FIELD_ROLES, Naming
from extractors.tree import UINode, UITree
from webarena_env.tasks import Semantics


class Wording(Protocol):
    """What a task wording gives (`webarena_env.wording.Wording`, which reads this module's
    pools: named here by its shape, so that neither module imports the other's)."""

    @property
    def source(self) -> str: ...

    def pool(self, kind: str) -> tuple[str, ...]: ...

_CLICKABLE = frozenset({"button", "link", "tab", "menuitem", "menuitemcheckbox", "menuitemradio", "treeitem"})
_TYPEABLE = frozenset({"textbox", "searchbox", "combobox", "spinbutton"})
_CHECKABLE = frozenset({"checkbox", "radio", "switch", "menuitemcheckbox"})
_MAX_NAME = 48  # longer names are content, not something a task would quote
_WORDY = re.compile(r"[A-Za-z]")

# Wording pools: several phrasings per kind, so that no single sentence is learned.
CLICK = (
    'Click the "{name}" button',
    "Click {name}",
    'Press "{name}"',
    "Open {name}",
    'Go to "{name}"',
    "Follow the {name} link",
    "Hit the {name} button",
    'Select "{name}"',
    "I need to open {name} on this page",
    "Tap on {name}",
)
TYPE = (
    'Enter "{value}" into the {label} field',
    "Type {value} in {label}",
    'Fill in {label} with "{value}"',
    'Set the {label} to "{value}"',
    'Put "{value}" in the {label} box',
    'Write "{value}" as the {label}',
    "Use {value} for {label}",
)
TYPE_SUBMIT = (
    'Enter "{value}" into the {label} field and press {button}',
    'Type "{value}" as the {label}, then click {button}',
    'Fill {label} with {value} and hit "{button}"',
)
SELECT = (
    'Select "{option}" from the {label} list',
    "Choose {option} as the {label}",
    'Pick "{option}" in {label}',
    "Set {label} to {option}",
)
CHECK = (
    'Check "{label}"',
    "Tick the {label} box",
    'Select the option "{label}"',
    "Turn on {label}",
    "Mark {label}",
    "Choose {label}",
)
FORM = (
    "Enter {pairs} into the form and press {button}",
    "Fill in {pairs}, then click {button}",
    'Type {pairs} and submit with "{button}"',
    "Complete the form with {pairs} and press {button}",
)
READ = (
    "What is the {column} of {key}?",
    'Look up the {column} for "{key}"',
    "Tell me the {column} listed for {key}",
    "Find {key} in the table and read its {column}",
)
ROW = (
    'Click "{action}" for the item "{key}"',
    "Find the entry for {key} and press {action}",
    'In the row of "{key}", click {action}',
    "Go to {key} and use its {action} control",
)
ROW_UNNAMED = (
    "Select the entry from {key}",
    'Tick the box next to "{key}"',
    "Find the row for {key} and click the icon in it",
    "Mark the item {key}",
)
# Tasks that name an intent, not an element: the box is "Search products", the task says
# "Look up a winter jacket". Queries are everyday topics, none from our own sites.
SEARCH = (
    "Search for {query}",
    "Look up {query}",
    "Find {query} on this site",
    "Show me results for {query}",
    "I want to find {query}",
    'Run a search for "{query}"',
    "Is there anything about {query} here?",
)
READ_ITEM = (
    "What does the entry from {key} say?",
    "Read me the item for {key}",
    "Tell me what {key} wrote",
    "What are the details listed under {key}?",
    "Summarize the post by {key}",
)
READ_SECTION = (
    "What does the {heading} section say?",
    "Read me the part about {heading}",
    "Summarize {heading} for me",
    "What is written under {heading}?",
)
_QUERIES = (
    "winter jacket",
    "tax forms",
    "jazz concerts",
    "python tutorial",
    "budget report",
    "climate change",
    "used bicycles",
    "cheap flights",
    "printer drivers",
    "chess openings",
)
_SEARCHY = re.compile(r"search|find|query|look ?up|filter", re.I)
_VALUES = (
    "riley",
    "Myron",
    "LAQwD",
    "Portland",
    "42",
    "2025-03-14",
    "jordan.p",
    "blue widget",
    "Kessler",
    "order 1187",
    "Tuesday",
    "Helsinki",
    "7",
    "premium plan",
    "Alvarez",
)


@dataclass(frozen=True, slots=True)
class ElementTask:
    """One generated task: its wording and the node indices it needs."""

    type: str
    text: str
    semantics: Semantics
    targets: tuple[int, ...]  # directly required (n = 10), with the text naming them
    context: tuple[int, ...] = ()  # helpful (n = 5)


def _clean(text: str) -> str:
    return " ".join(text.split()).strip(" :*")


def _usable(text: str) -> bool:
    return 2 <= len(text) <= _MAX_NAME and bool(_WORDY.search(text)) and '"' not in text


class _Page:
    """A tree with what the generators need: names, duplicates, rows."""

    def __init__(self, tree: UITree, names: Naming, skip: frozenset[int]) -> None:
        self.tree = tree
        self.nodes = tree.nodes
        self.names = names
        self.skip = skip
        self.index = {node.id: i for i, node in enumerate(self.nodes)}
        # how often each label occurs among controls, and among texts (a button's own text is not a twin)
        self.counts: dict[tuple[bool, str], int] = {}
        for i, node in enumerate(self.nodes):
            key = (node.interactive, self.label(i).lower())
            if key[1] and (node.interactive or node.role == "StaticText"):  # not a cell repeating its text
                self.counts[key] = self.counts.get(key, 0) + 1

    def label(self, i: int) -> str:
        """How a user would name node i: its accessible name, else its nearby label."""
        return _clean(self.nodes[i].name or self.names.nearby[i])

    def unique(self, i: int) -> bool:
        return self.counts.get((self.nodes[i].interactive, self.label(i).lower()), 0) == 1

    def controls(self, roles: frozenset[str]) -> Iterator[int]:
        for i, node in enumerate(self.nodes):
            if (
                node.role in roles
                and i not in self.skip
                and not node.properties.get("disabled")
                and _usable(self.label(i))
            ):
                yield i

    def descendants(self, i: int) -> Iterator[int]:
        for node in self.tree.descendants(self.nodes[i].id):
            yield self.index[node.id]

    def form_of(self, i: int) -> int:
        for node in self.tree.ancestors(self.nodes[i].id):
            if node.role in ("form", "search", "dialog"):
                return self.index[node.id]
        return -1


class _Words:
    """A task's phrasing. The page's rng draws from our own pool exactly as it always has, so
    every later draw, and so every target, is the same whatever the wording; an outside
    wording then picks its own phrasing with an rng of its own."""

    def __init__(self, rng: random.Random, wording: Wording | None) -> None:
        self.rng = rng
        self.wording = wording
        # seeded from the page rng's state, without drawing from it
        self.wording_rng = random.Random(f"{wording.source}:{rng.getstate()!r}") if wording is not None else rng

    def pick(self, kind: str, ours: tuple[str, ...]) -> str:
        """A template of `kind`; "" where the wording has none (element_tasks drops the task)."""
        template = self.rng.choice(ours)
        if self.wording is None:
            return template
        pool = self.wording.pool(kind)
        if pool == ours:
            return template
        return self.wording_rng.choice(pool) if pool else ""


_SUBMIT = re.compile(r"submit|sign|log ?in|send|save|go\b|search|register|continue|next|apply|create|update|ok\b", re.I)


def _submit_button(page: _Page, form: int) -> int:
    """A form's submit button: the last named button that sounds like one, else the last."""
    buttons = [
        k
        for k in page.descendants(form)
        if page.nodes[k].role == "button" and k not in page.skip and _usable(page.label(k))
    ]
    submits = [k for k in buttons if _SUBMIT.search(page.label(k))]
    return (submits or buttons or [-1])[-1]


def _click(page: _Page, rng: random.Random, words: _Words) -> Iterator[ElementTask]:
    for i in page.controls(_CLICKABLE):
        if page.unique(i):
            yield ElementTask("click", words.pick("click", CLICK).format(name=page.label(i)), "transactional", (i,))


def _is_select(page: _Page, i: int) -> bool:
    return page.nodes[i].role == "combobox" and not page.nodes[i].properties.get("editable")


def _type(page: _Page, rng: random.Random, words: _Words) -> Iterator[ElementTask]:
    for i in page.controls(_TYPEABLE):
        if _is_select(page, i):
            continue  # a <select>: that is a select task
        value, label = rng.choice(_VALUES), page.label(i)
        form = page.form_of(i)
        button = _submit_button(page, form) if form >= 0 else -1
        if button >= 0 and rng.random() < 0.5:
            text = words.pick("type_submit", TYPE_SUBMIT).format(value=value, label=label, button=page.label(button))
            yield ElementTask("type", text, "transactional", (i, button))
        else:
            yield ElementTask("type", words.pick("type", TYPE).format(value=value, label=label), "transactional", (i,))


def _options(page: _Page, i: int) -> list[int]:
    return [k for k in page.descendants(i) if page.nodes[k].role == "option" and _usable(page.label(k))]


def _select(page: _Page, rng: random.Random, words: _Words) -> Iterator[ElementTask]:
    for i in page.controls(frozenset({"combobox", "listbox"})):
        options = _options(page, i)
        if len(options) < 2:
            continue
        option = rng.choice(options[1:])  # the first is often the current value or a prompt
        text = words.pick("select", SELECT).format(option=page.label(option), label=page.label(i))
        yield ElementTask("select", text, "transactional", (i, option))


def _check(page: _Page, rng: random.Random, words: _Words) -> Iterator[ElementTask]:
    for i in page.controls(_CHECKABLE):
        if page.unique(i):
            yield ElementTask("check", words.pick("check", CHECK).format(label=page.label(i)), "transactional", (i,))


def _fill_form(page: _Page, rng: random.Random, words: _Words) -> Iterator[ElementTask]:
    fields_by_form: dict[int, list[int]] = {}
    for i in page.controls(frozenset(FIELD_ROLES) & _TYPEABLE):
        if _is_select(page, i):
            continue  # one does not type "riley" into a <select>
        form = page.form_of(i)
        if form >= 0:
            fields_by_form.setdefault(form, []).append(i)
    for form, fields in fields_by_form.items():
        button = _submit_button(page, form)
        if len(fields) < 2 or button < 0:
            continue
        chosen = sorted(rng.sample(fields, min(len(fields), rng.choice((2, 3)))))
        pairs = [f'the {page.label(f).lower()} "{rng.choice(_VALUES)}"' for f in chosen]
        joined = ", ".join(pairs[:-1]) + " and " + pairs[-1]
        text = words.pick("fill_form", FORM).format(pairs=joined, button=page.label(button))
        yield ElementTask("fill_form", text, "transactional", (*chosen, button))


def _cells(page: _Page, row: int) -> list[int]:
    return [page.index[c] for c in page.nodes[row].children if c in page.index]


def _read(page: _Page, rng: random.Random, words: _Words) -> Iterator[ElementTask]:
    for table, node in enumerate(page.nodes):
        if node.role not in ("table", "grid") or table in page.skip:
            continue
        rows = [k for k in page.descendants(table) if page.nodes[k].role == "row"]
        header = next((r for r in rows if all(page.nodes[c].role == "columnheader" for c in _cells(page, r))), -1)
        if header < 0:
            continue
        heads = _cells(page, header)
        body = [r for r in rows if r != header and len(_cells(page, r)) == len(heads)]
        if not body:
            continue
        row = rng.choice(body)
        cells = _cells(page, row)
        named = [k for k in range(len(cells)) if _usable(page.label(cells[k]))]
        if not named:
            continue
        key = cells[named[0]]  # the first cell with text identifies the row
        others = [k for k in named[1:] if _usable(page.label(heads[k]))]
        if not others:
            continue
        col = rng.choice(others)
        text = words.pick("read_cell", READ).format(column=page.label(heads[col]).lower(), key=page.label(key))
        yield ElementTask("read_cell", text, "informational", (key, cells[col]), (heads[col], row))


def _row_action(page: _Page, rng: random.Random, words: _Words) -> Iterator[ElementTask]:
    rows: dict[int, list[int]] = {}
    for i, node in enumerate(page.nodes):
        if node.interactive and page.names.row_of[i] >= 0 and i not in page.skip:
            rows.setdefault(page.names.row_of[i], []).append(i)
    for row, controls in rows.items():
        keys = [
            k
            for k in page.descendants(row)
            # the row's own text, not a nested row's (a menu item's dropdown of notifications)
            if page.names.row_of[k] == row
            and page.nodes[k].role == "StaticText"
            and _usable(page.label(k))
            and page.unique(k)
        ]
        if not keys:
            continue
        key = rng.choice(keys[:2])  # the first texts of a row identify it (sender, title)
        own = [c for c in controls if not any(k == key for k in page.descendants(c))]
        if not own:
            continue
        action = rng.choice(own)
        name = page.nodes[action].name.strip()
        if _usable(name):
            text = words.pick("row_action", ROW).format(action=_clean(name), key=page.label(key))
        else:
            text = words.pick("row_unnamed", ROW_UNNAMED).format(key=page.label(key))
        yield ElementTask("row_action", text, "transactional", (action, key), (row,))


def _search(page: _Page, rng: random.Random, words: _Words) -> Iterator[ElementTask]:
    for i in page.controls(frozenset({"searchbox", "textbox", "combobox"})):
        node = page.nodes[i]
        if node.role != "searchbox" and not _SEARCHY.search(page.label(i)):
            continue
        form = page.form_of(i)
        button = _submit_button(page, form) if form >= 0 else -1
        targets = (i, button) if button >= 0 else (i,)
        text = words.pick("search", SEARCH).format(query=rng.choice(_QUERIES))  # the template first, as ever
        yield ElementTask("search", text, "transactional", targets)


_MAX_READ = 8  # texts of one item or section a read task needs, at most


def _texts(page: _Page, roots: Iterable[int]) -> list[int]:
    """The StaticText nodes of the subtrees at `roots`, in document order (skipped ones left out)."""
    out = []
    for root in roots:
        for k in [root, *page.descendants(root)]:
            node = page.nodes[k]
            if node.role == "StaticText" and k not in page.skip and len(_clean(node.name)) >= 2:
                out.append(k)
    return out


def _in_prose(page: _Page, k: int) -> bool:
    """A piece of a sentence ("The ", before an inline <code>): no one names an item by it."""
    parent = _parent(page, k)
    return parent is not None and parent.role == "paragraph" and len(parent.children) > 1


def _parent(page: _Page, k: int) -> UINode | None:
    parent = page.index.get(page.nodes[k].parent or "")
    return page.nodes[parent] if parent is not None else None


def _read_item(page: _Page, rng: random.Random, words: _Words) -> Iterator[ElementTask]:
    for row in sorted({r for r in page.names.row_of if r >= 0} - page.skip):
        # the row's own texts: a dropdown's item holds a nested list of rows, each its own item
        texts = [k for k in _texts(page, [row]) if page.names.row_of[k] == row]
        keys = [k for k in texts[:2] if _usable(page.label(k)) and page.unique(k) and not _in_prose(page, k)]
        # the item's own text: not a key, not a control's label
        content = [k for k in texts if k not in keys and (p := _parent(page, k)) is not None and not p.interactive]
        if not keys or not content:
            continue
        text = words.pick("read_item", READ_ITEM).format(key=page.label(keys[0]))
        yield ElementTask("read_item", text, "informational", (keys[0], *content[:_MAX_READ]), (row,))


def _read_section(page: _Page, rng: random.Random, words: _Words) -> Iterator[ElementTask]:
    for h, node in enumerate(page.nodes):
        if node.role != "heading" or h in page.skip or not _usable(page.label(h)) or node.parent is None:
            continue
        siblings = page.nodes[page.index[node.parent]].children if node.parent in page.index else ()
        after: list[int] = []
        seen = False
        for child in siblings:
            k = page.index.get(child)
            if k is None:
                continue
            if k == h:
                seen = True
            elif seen:
                if page.nodes[k].role == "heading":
                    break
                after.append(k)
        body = [k for k in _texts(page, after) if (p := _parent(page, k)) is not None and p.role == "paragraph"]
        if not body:
            continue
        text = words.pick("read_section", READ_SECTION).format(heading=page.label(h))
        yield ElementTask("read_section", text, "informational", (h, *body[:_MAX_READ]))


GENERATORS: dict[str, Callable[[_Page, random.Random, _Words], Iterator[ElementTask]]] = {
    "click": _click,
    "type": _type,
    "select": _select,
    "check": _check,
    "fill_form": _fill_form,
    "read_cell": _read,
    "row_action": _row_action,
    "search": _search,
    "read_item": _read_item,
    "read_section": _read_section,
}


def element_tasks(
    tree: UITree,
    names: Naming,
    rng: random.Random,
    *,
    per_type: int = 3,
    skip: frozenset[int] = frozenset(),
    wording: Wording | None = None,
) -> list[ElementTask]:
    """Up to `per_type` tasks of every kind the page supports; nodes in `skip` (injected
    fragments) are never a task's subject. With an outside `wording`, the same tasks in its
    phrasing, less those of a kind it has no phrasing for; None (or OWN) is our own."""
    page = _Page(tree, names, skip)
    words = _Words(rng, wording)
    out: list[ElementTask] = []
    for generate in GENERATORS.values():
        found = list(generate(page, rng, words))
        # (drop the unworded only after sampling: the draws, and so the other tasks, stay put)
        out.extend(task for task in rng.sample(found, min(per_type, len(found))) if task.text)
    return out


__all__ = ["GENERATORS", "ElementTask", "element_tasks"]
