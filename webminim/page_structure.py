"""What the policy needs to know of a page's structure, computed once per tree: which control a
text sits in, which text voices its parent's name, which items are rows among rows, which
texts identify their row, which controls every row repeats, what lies inside a dialog, and
where each heading's section ends. Pure functions of the tree (pre-order), linear in it.
"""

from __future__ import annotations

import numpy as np

from extractors.naming import ITEM_ROLES
from extractors.tree import UITree
from webminim.text_memo import per_text


@per_text
def normalize(text: str) -> str:
    """Lower case, whitespace collapsed, a trailing ':' or '*' (label punctuation) dropped."""
    return " ".join(text.lower().split()).rstrip(":* ")


def controls_of(tree: UITree, depth: int = 2) -> np.ndarray:
    """For every node, the index of the interactive ancestor (within `depth` levels) whose
    label it is, or -1."""
    size = len(tree.nodes)
    parents = np.array(tree.parents, dtype=np.int64).reshape(size)
    interactive = np.array([n.interactive for n in tree.nodes], dtype=bool).reshape(size)
    out = np.full(size, -1, dtype=np.int64)
    looking = ~interactive  # a control is no other control's label
    up = parents  # every node's ancestor one level higher per round, -1 past the root
    for _ in range(depth):
        looking &= up >= 0
        found = looking & interactive[np.maximum(up, 0)]
        out[found] = up[found]
        looking &= ~found
        up = np.where(up >= 0, parents[np.maximum(up, 0)], -1)
    return out


def voices(tree: UITree, depth: int = 3, *, names: list[str] | None = None) -> np.ndarray:
    """Per node, the nearest named ancestor (within `depth` levels, through unnamed wrappers)
    when its name or value repeats the node's text (a link's or a header's StaticText, an icon
    glyph in a <span> of the link "Pages \uf105", a field's shown value), else -1. `names`: the
    nodes' names already normalized, if the caller has them."""
    parents = tree.parents
    names = names if names is not None else [normalize(n.name) for n in tree.nodes]
    out = np.full(len(tree.nodes), -1, dtype=np.int64)
    for i, node in enumerate(tree.nodes):
        text = names[i]
        if not text or node.interactive:
            continue
        p = parents[i]
        for _ in range(depth):
            if p < 0:
                break
            owner = tree.nodes[p]
            said = names[p]
            if said or owner.value:
                if text in said or text in normalize(owner.value or ""):
                    out[i] = p
                break
            p = parents[p]
    return out


def repeated_items(tree: UITree) -> np.ndarray:
    """Item-role nodes (row, listitem, article, …) that have a sibling of the same role: a row
    is one among rows. A lone <article> is the page's content, not a row, and rule 2 must not
    show all of its text because the task names a button inside it."""
    nodes = tree.nodes
    siblings: dict[tuple[str | None, str], int] = {}
    for n in nodes:
        if n.role in ITEM_ROLES:
            siblings[(n.parent, n.role)] = siblings.get((n.parent, n.role), 0) + 1
    return np.array([n.role in ITEM_ROLES and siblings[(n.parent, n.role)] > 1 for n in nodes], dtype=bool).reshape(
        len(nodes)
    )


def identifying(texts: tuple[str, ...], item_of: np.ndarray, interactive: np.ndarray) -> np.ndarray:
    """Texts inside an item that no other item repeats ("Dana Whitfield", not "Reply")."""
    items, acts = item_of.tolist(), interactive.tolist()  # Python values: read per node
    seen: dict[str, int] = {}  # text -> its item, or -2 once a second item repeats it
    for text, item, act in zip(texts, items, acts, strict=True):
        if text and item >= 0 and not act:
            first = seen.setdefault(text, item)
            if first != item:
                seen[text] = -2
    return np.array(
        [
            bool(t) and item >= 0 and not act and seen.get(t) == item
            for t, item, act in zip(texts, items, acts, strict=True)
        ],
        dtype=bool,
    ).reshape(len(texts))


def repeated_controls(
    texts: tuple[str, ...], item_of: np.ndarray, interactive: np.ndarray, controls: np.ndarray
) -> np.ndarray:
    """Controls inside an item whose name a control of another item repeats, and the text inside them."""
    items, acts = item_of.tolist(), interactive.tolist()  # Python values: read per node
    items_of_name: dict[str, set[int]] = {}
    for text, item, act in zip(texts, items, acts, strict=True):
        if text and act and item >= 0:
            items_of_name.setdefault(text, set()).add(item)
    out = np.array(
        [
            bool(t) and act and item >= 0 and len(items_of_name[t]) > 1
            for t, item, act in zip(texts, items, acts, strict=True)
        ],
        dtype=bool,
    ).reshape(len(texts))
    inside = controls >= 0
    out[inside] |= out[controls[inside]]
    return out


def inside(tree: UITree, roles: frozenset[str]) -> np.ndarray:
    """Nodes with an ancestor of one of `roles` (pre-order: a parent comes before its children)."""
    out = [False] * len(tree.nodes)  # Python bools: a loop over numpy elements is slower
    for i, p in enumerate(tree.parents):
        if p >= 0:
            out[i] = out[p] or tree.nodes[p].role in roles
    return np.array(out, dtype=bool)


def section_ends(tree: UITree) -> np.ndarray:
    """For each heading, where its section ends: the next heading of its level or higher among
    its siblings, or the end of the heading's container, whichever comes first; -1 for other
    nodes. A heading nested deeper (a card's "Nicole Pearson" under its "Digital Strategist")
    is part of the section, not its end."""
    nodes = tree.nodes
    parents = tree.parents
    size = len(nodes)
    parent = np.array(parents, dtype=np.int64).reshape(size)
    if bool(np.all(parent < np.arange(size))):  # every parent first, as every extractor builds a tree
        subtree_end = np.array(tree.ends, dtype=np.int64).reshape(size)  # one past the last descendant
    else:  # a parent after its child is not read as one
        ends, up = list(range(1, size + 1)), [-1] * size  # Python ints: the loop reads them per node
        for i in range(size - 1, 0, -1):
            p = parents[i]
            if 0 <= p < i:
                up[i] = p
                ends[p] = max(ends[p], ends[i])
        subtree_end, parent = np.array(ends, dtype=np.int64), np.array(up, dtype=np.int64)
    out = np.full(size, -1, dtype=np.int64)
    # per container, its headings' (index, level), levels strictly increasing
    open_headings: dict[int, list[tuple[int, int]]] = {}
    for i, node in enumerate(nodes):
        if node.role != "heading":
            continue
        level = _level(node.properties.get("level"))
        stack = open_headings.setdefault(int(parent[i]), [])
        while stack and stack[-1][1] >= level:
            out[stack.pop()[0]] = i
        stack.append((i, level))
    for p, stack in open_headings.items():
        for h, _ in stack:
            out[h] = subtree_end[p] if p >= 0 else size
    for h in np.flatnonzero(out >= 0):
        if parent[h] >= 0:
            out[h] = min(int(out[h]), int(subtree_end[parent[h]]))
    return out


def _level(value: object) -> int:
    try:
        return int(value)  # type: ignore[call-overload]
    except (TypeError, ValueError):
        return 2


__all__ = [
    "controls_of",
    "identifying",
    "inside",
    "normalize",
    "repeated_controls",
    "repeated_items",
    "section_ends",
    "voices",
]
