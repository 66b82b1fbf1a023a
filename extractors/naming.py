"""Which text names which control, from the tree's structure alone.

Real pages often name a field with text the browser does not tie to it: `<p>Username</p>
<input>`, a `<label>` without `for`, a column header above a cell's checkbox. The control
then has an empty accessible name, and neither a model nor a policy can tell what it is.
`Naming` recovers the relation the way a sighted user reads it:

* a control inside a `LabelText` is named by that label's text;
* a named control is named by nearby text that repeats its name (a `<label for>`);
* an unnamed control is named by the nearest text before it, with no other control in
  between (checkboxes and radios: the nearest text after it, as they precede their label);
* a control in a table cell without other text is named by its column header;
* a control inside a row / list item belongs to that item (`row_of`), whose other text
  identifies it ("the email from Dana").

Pure function of the tree (never of labels); linear in the number of nodes.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import accumulate
from weakref import WeakKeyDictionary

from extractors.tree import UINode, UITree

# Controls whose name a user reads from text beside them (buttons and links carry their own).
FIELD_ROLES = frozenset(
    {"textbox", "searchbox", "combobox", "listbox", "spinbutton", "slider", "checkbox", "radio", "switch"}
)
_AFTER_ROLES = frozenset({"checkbox", "radio", "switch"})  # their label usually follows them
_TEXT_ROLES = frozenset({"StaticText", "LabelText", "Legend", "columnheader", "rowheader", "heading", "paragraph"})
ITEM_ROLES = frozenset({"row", "listitem", "article", "treeitem", "option", "feed"})
_WINDOW = 6  # how many nodes away naming text may be
_MAX_LABEL = 80  # longer text is content, not a label
# Text between two ways of doing one thing ("Sign in with Google — or — Email"): it names nothing.
_SEPARATORS = frozenset({"or", "and", "|", "/", "-", "–", "—", "·", "•"})
_MAX_PERIOD = 12  # siblings per item in a flat run of repeated items (rows without a row element)


@dataclass(frozen=True, slots=True)
class Naming:
    """Per node (document order): the index of the text that names it, the control a text
    names, the row/item it belongs to (all -1 when none), and an unnamed control's label."""

    label_of: tuple[int, ...]
    control_of: tuple[int, ...]
    row_of: tuple[int, ...]
    nearby: tuple[str, ...]  # "" unless the control's own name is empty


def _text(node: UINode) -> str:
    return " ".join(node.name.split())


def _is_text(node: UINode) -> bool:
    if node.interactive or not node.name.strip() or len(node.name) > _MAX_LABEL:
        return False
    return node.role in _TEXT_ROLES or not node.children


def naming(tree: UITree) -> Naming:
    """Which text names which control, per node; computed once per tree object (the scorer's
    features and the policy's page context both read it in one observation)."""
    named = _NAMED.get(tree)
    if named is None:
        named = _NAMED[tree] = _naming(tree)
    return named


_NAMED: WeakKeyDictionary[UITree, Naming] = WeakKeyDictionary()  # a tree is immutable: so is its Naming


def _naming(tree: UITree) -> Naming:
    nodes = tree.nodes
    size = len(nodes)
    index = tree.positions
    parent, end = tree.parents, tree.ends
    inside_control = [False] * size
    row_of = [-1] * size
    for i in range(1, size):
        p = parent[i]
        if p < 0:
            continue
        inside_control[i] = inside_control[p] or nodes[p].interactive
        row_of[i] = p if nodes[p].role in ITEM_ROLES else row_of[p]

    label_of = [-1] * size
    headers: dict[int, list[int]] = {}
    for i, node in enumerate(nodes):
        if not node.interactive or inside_control[i]:
            continue
        own = _text(node).lower()
        found = _label_parent(nodes, parent, i)
        if found < 0 and own:
            found = _repeating(nodes, end, inside_control, i, own)
        if found < 0 and not own and node.role in FIELD_ROLES | {"button", "link"}:
            found = _column_header(nodes, parent, index, i, headers)
            # stay inside the row, else inside the grandparent (a grid cell beside the label's)
            scope = row_of[i] if row_of[i] >= 0 else _up(parent, i, 2)
            order = (1, -1) if node.role in _AFTER_ROLES else (-1, 1)
            for step in order:
                if found >= 0:
                    break
                found = _nearest(nodes, end, inside_control, i, step, scope)
        label_of[i] = found

    control_of = [-1] * size
    for i, j in enumerate(label_of):
        if j >= 0 and control_of[j] < 0:
            control_of[j] = i
    nearby = tuple(
        _text(nodes[label_of[i]]) if label_of[i] >= 0 and not nodes[i].name.strip() else "" for i in range(size)
    )
    return Naming(tuple(label_of), tuple(control_of), tuple(row_of), nearby)


def _label_parent(nodes: tuple[UINode, ...], parent: Sequence[int], i: int) -> int:
    """The text of an enclosing LabelText (two levels up at most)."""
    p = parent[i]
    for _ in range(2):
        if p < 0:
            return -1
        if nodes[p].role == "LabelText":
            for k in range(p + 1, min(p + 1 + _WINDOW, len(nodes))):
                if k != i and nodes[k].role == "StaticText" and nodes[k].name.strip() and parent[k] != i:
                    return k
            return -1
        p = parent[p]
    return -1


def _repeating(nodes: tuple[UINode, ...], end: Sequence[int], inside: list[bool], i: int, own: str) -> int:
    """Nearby text (outside the control) that repeats the control's name: a `<label for>`."""
    lo, hi = max(0, i - _WINDOW), min(len(nodes), end[i] + _WINDOW)
    best, dist = -1, _WINDOW + 1
    for k in range(lo, hi):
        node = nodes[k]  # the role first: the cheapest test, and most nodes fail it
        if node.role not in ("StaticText", "LabelText") or i <= k < end[i] or inside[k] or not _is_text(node):
            continue
        text = _text(node).lower().rstrip(":*").strip()
        if len(text) >= 2 and _whole_words_in(text, own):
            d = abs(k - i)
            if d < dist:
                best, dist = k, d
    return best


def _whole_words_in(text: str, own: str) -> bool:
    """`text` occurs in `own` with no word character right before or after it: "HIV" beside
    the link "Archive" does not name it. A scan, not a regex compiled per pair."""
    start = own.find(text)
    while start >= 0:
        end = start + len(text)
        if (start == 0 or not _word_char(own[start - 1])) and (end == len(own) or not _word_char(own[end])):
            return True
        start = own.find(text, start + 1)
    return False


def _word_char(c: str) -> bool:
    return c.isalnum() or c == "_"


def _separator(node: UINode) -> bool:
    text = _text(node).lower().strip(" -–—:()")
    return not any(c.isalnum() for c in text) or text in _SEPARATORS


def _up(parent: Sequence[int], i: int, levels: int) -> int:
    for _ in range(levels):
        if parent[i] < 0:
            break
        i = parent[i]
    return i


def _nearest(nodes: tuple[UINode, ...], end: Sequence[int], inside: list[bool], i: int, step: int, scope: int) -> int:
    """The nearest text leaf before (step -1) or after (+1) control i, with no control between,
    inside the subtree of `scope`."""
    k = i - 1 if step < 0 else end[i]
    for _ in range(_WINDOW):
        if not scope < k < end[scope]:
            return -1
        node = nodes[k]
        if step < 0 and end[k] > i:  # an ancestor of i: its text (if any) is not a label
            k -= 1
            continue
        if node.interactive or inside[k]:
            return -1
        if _is_text(node) and node.role in ("StaticText", "LabelText", "Legend") and not _separator(node):
            return k
        k += step
    return -1


def _column_header(
    nodes: tuple[UINode, ...], parent: Sequence[int], index: Mapping[str, int], i: int, headers: dict[int, list[int]]
) -> int:
    """A control alone in a table cell is named by the header of its column."""
    cell = parent[i]
    while cell >= 0 and nodes[cell].role not in ("cell", "gridcell"):
        if nodes[cell].role in ("row", "table", "grid"):
            return -1
        cell = parent[cell]
    if cell < 0 or parent[cell] < 0:
        return -1
    row = parent[cell]
    column = nodes[row].children.index(nodes[cell].id)
    table = parent[row]
    while table >= 0 and nodes[table].role not in ("table", "grid", "treegrid"):
        table = parent[table]
    if table < 0:
        return -1
    if table not in headers:  # once per table: the first row made only of column headers
        headers[table] = []
        queue = deque(index[c] for c in nodes[table].children if c in index)
        while queue:
            k = queue.popleft()
            if nodes[k].role == "rowgroup":
                queue.extendleft(reversed([index[c] for c in nodes[k].children if c in index]))
            elif nodes[k].role == "row":
                cells = [index[c] for c in nodes[k].children if c in index]
                if cells and all(nodes[c].role == "columnheader" for c in cells):
                    headers[table] = cells
                    break
    cells = headers[table]
    if column >= len(cells) or not nodes[cells[column]].name.strip():
        return -1
    head = cells[column]  # its text node, like every other label; the header itself if none
    return next((index[c] for c in nodes[head].children if c in index and nodes[index[c]].role == "StaticText"), head)


def flat_items(tree: UITree) -> tuple[int, ...]:
    """Per node, the item it is part of when a list's items have no element of their own, or -1.

    Pages often lay out comments, messages or cards as a flat run of siblings (`<p>author</p>
    <p>text</p><button>Reply</button>` again and again) that the accessibility tree does not
    group. A sighted user sees the repetition; so do we: among a node's children, the longest
    run whose pattern (role, first child's role) repeats with a period of 2 to 12 siblings, at
    least twice, is cut into items of one period each, when every item holds a control. An
    item is named by the index of its first sibling. Linear in the number of nodes (times the
    largest period).
    """
    nodes = tree.nodes
    size = len(nodes)
    index = tree.positions
    end = tree.ends
    interactive: list[int] = []  # prefix sums: controls among nodes [0, i), once a run needs them
    out = [-1] * size
    for node in nodes:
        if len(node.children) < 4:
            continue  # most nodes: too few children to repeat anything
        kids = [index[c] for c in node.children if c in index]
        if len(kids) < 4:
            continue
        signature = [(nodes[k].role, _first_role(nodes, index, k)) for k in kids]
        run = _longest_run(signature)
        if run is None:
            continue
        start, stop, period = run
        firsts = range(start, stop, period)
        spans = [(kids[f], end[kids[f + period - 1]]) for f in firsts]
        if not interactive:
            interactive = [0, *accumulate(n.interactive for n in nodes)]
        if not all(interactive[hi] > interactive[lo] for lo, hi in spans):
            continue
        for lo, hi in spans:
            for j in range(lo, hi):
                out[j] = lo
    return tuple(out)


def _first_role(nodes: tuple[UINode, ...], index: Mapping[str, int], k: int) -> str:
    for child in nodes[k].children:  # a loop, not a generator: it runs for every listed sibling
        j = index.get(child)
        if j is not None:
            return nodes[j].role
    return ""


def _longest_run(signature: list[tuple[str, str]]) -> tuple[int, int, int] | None:
    """(start, stop, period) of the longest stretch of whole items repeating one pattern of
    `period` (2-12) siblings at least twice, the pattern not itself a repeat of a shorter one."""
    best: tuple[int, int, int] | None = None
    size = len(signature)
    kinds: dict[tuple[str, str], int] = {}
    codes = [kinds.setdefault(sig, len(kinds)) for sig in signature]  # ints compare faster than tuples
    if len(kinds) == 1:
        return None  # one sibling repeated: every longer pattern is a repeat of it
    if len(kinds) == size:
        return None  # no sibling like another: nothing repeats
    primitive: dict[tuple[int, ...], bool] = {}  # a pattern is tested once, however often it recurs
    for period in range(2, min(_MAX_PERIOD, size // 2) + 1):
        run = 0
        for k in range(size - period + 1):
            run = run + 1 if k + period < size and codes[k] == codes[k + period] else 0
            covered = ((run + period) // period) * period  # whole items in this stretch
            if run < period or (best is not None and covered <= best[1] - best[0]):
                continue
            start = k - run + 1
            pattern = tuple(codes[start : start + period])
            if pattern not in primitive:
                primitive[pattern] = not any(
                    period % d == 0 and pattern == pattern[d:] + pattern[:d] for d in range(1, period)
                )
            if primitive[pattern]:
                best = (start, start + covered, period)
    return best


__all__ = ["FIELD_ROLES", "ITEM_ROLES", "Naming", "flat_items", "naming"]
