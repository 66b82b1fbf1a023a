"""Model inputs, computed from a UITree and a task text only (never from labels).

node features  (N, 512) = MiniLM(role + name + value)  [384]
                        ⊕ structure                    [128]  role one-hot, states,
                          interactivity, depth, children, sibling index, text-length
                          buckets, content patterns, enclosing landmarks, and whether
                          the name was read from nearby text
                          A control without an accessible name is read with the text that
                          names it on the page (extractors.naming: preceding text, a
                          LabelText, a column header), as a sighted user would read it.
task features  (N, 15)  = node-task cosine, lexical overlap, and their maxima over the
                          subtrees of the 1st..3rd ancestors (so a button "sees" that
                          its card names the task's product); and the cosine relative to
                          the page (gap to the page's best node, z-score, gap to the best
                          node of the same kind, control or text): on an unseen page the
                          scale of the cosine drifts, its ranking much less
edges          (2, E)   = tree edges in both directions (self loops added by GATv2)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from extractors.naming import Naming, naming
from extractors.tree import UINode, UITree
from webminim.embedder import DIM, Embedder
from webminim.text_memo import per_text

STRUCT_DIM = 128
NODE_DIM = DIM + STRUCT_DIM
TASK_DIM = 15

ROLES: tuple[str, ...] = (
    "RootWebArea",
    "StaticText",
    "generic",
    "link",
    "button",
    "heading",
    "paragraph",
    "list",
    "listitem",
    "image",
    "textbox",
    "searchbox",
    "combobox",
    "option",
    "checkbox",
    "radio",
    "group",
    "form",
    "navigation",
    "banner",
    "main",
    "complementary",
    "contentinfo",
    "region",
    "search",
    "article",
    "table",
    "row",
    "cell",
    "columnheader",
    "rowheader",
    "rowgroup",
    "status",
    "alert",
    "dialog",
    "tab",
    "tablist",
    "tabpanel",
    "menuitem",
    "menubar",
    "menu",
    "separator",
    "strong",
    "emphasis",
    "LabelText",
    "Legend",
    "DisclosureTriangle",
    "listbox",
    "spinbutton",
    "slider",
    "switch",
    "tree",
    "treeitem",
    "toolbar",
    "feed",
    "blockquote",
    "code",
    "Iframe",
    "sectionheader",
    "sectionfooter",
    "time",
    "mark",
    "ListMarker",
    "LineBreak",
    "document",
    "radiogroup",
    "progressbar",
    "Section",
    "figure",
    "superscript",
    "subscript",
)
_ROLE_INDEX = {r: i for i, r in enumerate(ROLES)}
_STATES = (
    "checked",
    "checked_mixed",
    "disabled",
    "expanded",
    "selected",
    "required",
    "focused",
    "pressed",
    "editable",
    "readonly",
    "haspopup",
    "multiline",
)
_LANDMARKS = (
    "banner",
    "navigation",
    "main",
    "complementary",
    "contentinfo",
    "form",
    "dialog",
    "status|alert",
    "search",
    "table|list|feed|listbox|tree",
)
_LENGTH_EDGES = (1, 4, 11, 31, 81, 201)
_DEPTH_EDGES = (3, 6, 10, 16)
_PATTERNS = (
    re.compile(r"\d"),
    re.compile(r"(?<!\d)\d{4,8}(?!\d)"),  # codes, PINs, account tails
    # email address. Each of these two is tried only where its run starts: a match inside a
    # run means one from the run's start, and a search from every position of a long word
    # would rescan it each time (quadratic: 16,000 letters took 2 s)
    re.compile(r"(?<![\w.+-])[\w.+-]+@[\w-]+\.[\w.]+"),
    re.compile(r"[$€£]\s?\d"),  # money
    re.compile(r"\(?\d{3}\)?[\s.-]\d{3}[\s.-]\d{4}"),  # phone number
    re.compile(r"\b(?:\d{1,2}[/-]\d{1,2}|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)", re.I),  # dates
    re.compile(r"https?://|www\.|\.com\b", re.I),
    re.compile(r"(?<!\S)(?=\S*[A-Za-z])(?=\S*\d)(?=\S*[^\w\s])\S{8,}"),  # password-like token
    re.compile(r":\s"),  # "Sender: message" shapes
    re.compile(r"\b[A-Z][a-z]+ [A-Z][a-z]+\b"),  # a person-like name
)
_WITHOUT_DIGITS = frozenset({2, 5, 6, 8, 9})  # the _PATTERNS that can match text without a digit
_LANDMARK_BITS = {
    role: sum(1 << k for k, roles in enumerate(_LANDMARKS) if role in roles.split("|"))
    for roles in _LANDMARKS
    for role in roles.split("|")
}
# a node's states, in the order of its feature columns (the properties come from CDP or HTML)
_STATES: tuple[Callable[[Mapping[str, Any]], bool], ...] = (
    lambda p: p.get("checked") in ("true", True),
    lambda p: p.get("checked") == "mixed",
    lambda p: bool(p.get("disabled")),
    lambda p: bool(p.get("expanded")),
    lambda p: bool(p.get("selected")),
    lambda p: bool(p.get("required")),
    lambda p: bool(p.get("focused")),
    lambda p: p.get("pressed") in ("true", True),
    lambda p: bool(p.get("editable")),
    lambda p: bool(p.get("readonly")),
    lambda p: bool(p.get("hasPopup") or p.get("haspopup")),
    lambda p: bool(p.get("multiline")),
)


def _keys_read(flag: Callable[[Mapping[str, Any]], bool]) -> frozenset[str]:
    """The property names a state flag reads: it is called once on an empty recording mapping."""
    read: set[str] = set()

    class Recording(dict):
        def get(self, key: str, default: Any = None) -> Any:
            read.add(key)
            return default

    flag(Recording())
    return frozenset(read)


def _state_columns() -> dict[str, tuple[int, ...]]:
    """Property name -> the state columns whose flag reads it."""
    columns: dict[str, tuple[int, ...]] = {}
    for column, flag in enumerate(_STATES):
        for key in _keys_read(flag):
            columns[key] = (*columns.get(key, ()), column)
    return columns


# Each flag is off without the properties it reads: a node is stated by those keys, and only
# the flags of the keys it has are worth calling (most stated nodes have one: "editable").
_STATE_COLUMNS = _state_columns()
_STATE_KEYS = frozenset(_STATE_COLUMNS)
_NUMBERED = tuple(enumerate(_PATTERNS))
_WORD = re.compile(r"[a-z0-9]+")
_STOP = frozenset(
    [
        "the",
        "a",
        "an",
        "and",
        "or",
        "of",
        "to",
        "in",
        "on",
        "for",
        "my",
        "me",
        "i",
        "is",
        "it",
        "this",
        "that",
        "with",
        "from",
        "about",
        "at",
        "by",
        "be",
        "as",
        "are",
        "was",
        "you",
        "your",
        "our",
        "we",
        "us",
        "what",
        "which",
        "who",
        "all",
        "any",
        "into",
        "out",
        "up",
        "down",
        "can",
        "do",
        "does",
        "did",
        "have",
        "has",
        "had",
        "just",
        "now",
        "so",
        "not",
        "no",
        "yes",
        "page",
        "open",
        "show",
        "find",
        "go",
        "get",
        "want",
        "please",
        "new",
    ]
)


def node_text(node: UINode, nearby: str = "") -> str:
    """What the encoder reads: the node's own role, name and value (as an agent would see it);
    `nearby` stands in for an empty name (the text that names an unnamed control)."""
    parts = [node.role, node.name.strip() or nearby]
    if node.value:
        parts.append(node.value.strip())
    return " ".join(p for p in parts if p)


def node_texts(tree: UITree, names: Naming | None = None) -> list[str]:
    """`node_text` of every node, unnamed controls read with their nearby label. Most nodes
    have a role and no value: their text is made here in one step (3x faster on a page)."""
    names = names if names is not None else naming(tree)
    texts = []
    for node, nearby in zip(tree.nodes, names.nearby, strict=True):
        if node.value or not node.role:
            texts.append(node_text(node, nearby))
            continue
        name = node.name.strip() or nearby
        texts.append(f"{node.role} {name}" if name else node.role)
    return texts


@per_text
def content_words(text: str) -> frozenset[str]:
    return frozenset(w for w in _WORD.findall(text.lower()) if len(w) > 2 and w not in _STOP)


@dataclass(frozen=True, slots=True)
class TreeGraph:
    """Everything about a tree the model needs, computed once and reused for every task."""

    x: np.ndarray  # (N, NODE_DIM) float32
    emb: np.ndarray  # (N, 384) the text part of x, for node-task similarity
    edge_index: np.ndarray  # (2, E) int64
    parent: np.ndarray  # (N,) int64, root points to itself
    words: tuple[frozenset[str], ...]
    names: tuple[str, ...]  # lower-cased names, for phrase matches
    interactive: np.ndarray  # (N,) bool
    texts: tuple[str, ...]  # what the encoder read per node (`node_texts`): emb's rows by text


@per_text
def _pattern_bits(text: str) -> int:
    """Bit k: `_PATTERNS[k]` matches `text`."""
    digit = _PATTERNS[0].search(text) is not None  # without one, only _WITHOUT_DIGITS can match
    return sum(1 << k for k, rx in _NUMBERED if (digit or k in _WITHOUT_DIGITS) and rx.search(text))


def structure(tree: UITree, names: Naming | None = None) -> np.ndarray:
    """(N, 128) structural features; pure function of the tree.

    Built column by column: every observation pays this for every node, so the per-node
    Python work is one list per column, the one-hot blocks are numpy writes, and the enclosing
    landmarks travel down the tree as bit masks."""
    names = names if names is not None else naming(tree)
    nodes = tree.nodes
    n = len(nodes)
    out = np.zeros((n, STRUCT_DIM), dtype=np.float32, order="F")  # written column by column
    rows = np.arange(n)
    index = tree.positions
    out[rows, [_ROLE_INDEX.get(node.role, len(ROLES)) for node in nodes]] = 1.0
    col = len(ROLES) + 1
    props = [node.properties for node in nodes]
    for i, p in enumerate(props):
        if p and not _STATE_KEYS.isdisjoint(p):  # most nodes: no state at all
            for key in _STATE_KEYS.intersection(p):
                for column in _STATE_COLUMNS[key]:
                    out[i, col + column] = _STATES[column](p)
    col += len(_STATES)
    columns = [
        [node.interactive for node in nodes],
        [bool(p.get("focusable")) for p in props],
        [bool(node.value) for node in nodes],
        ["url" in p for p in props],
        [bool(node.description) for node in nodes],
    ]
    out[:, col : col + len(columns)] = np.array(columns, dtype=bool).T
    col += len(columns)
    depth = np.array([node.depth for node in nodes], dtype=np.int64)
    out[:, col] = np.minimum(depth, 60) / 60.0
    out[rows, col + 1 + np.searchsorted(_DEPTH_EDGES, depth, side="right")] = 1.0
    col += 2 + len(_DEPTH_EDGES)
    children = np.array([len(node.children) for node in nodes], dtype=np.float64)
    out[:, col] = np.log1p(children) / 5.0
    out[:, col + 1] = children == 0
    order, final = [0] * n, [0] * n  # Python ints: numpy element writes in a loop are slower
    for node in nodes:
        if node.children:
            last = len(node.children) - 1
            for k, child in enumerate(node.children):
                j = index[child]
                order[j], final[j] = k, last
    position, last = np.array(order, dtype=np.int64), np.array(final, dtype=np.int64)
    out[:, col + 2] = np.log1p(position) / 5.0
    out[:, col + 3] = position == 0
    out[:, col + 4] = position == last
    col += 5
    lengths = np.array([len(node.name.strip()) for node in nodes], dtype=np.int64)
    out[rows, col + np.searchsorted(_LENGTH_EDGES, lengths, side="right")] = 1.0
    col += len(_LENGTH_EDGES) + 1
    bits = [_pattern_bits(f"{node.name} {node.value or ''}") if node.name or node.value else 0 for node in nodes]
    out[:, col : col + len(_PATTERNS)] = (np.array(bits, dtype=np.int64)[:, None] >> np.arange(len(_PATTERNS))) & 1
    col += len(_PATTERNS)
    masks = [0] * n  # bit k: an ancestor is landmark k (nodes are in pre-order: parents first)
    for i, p in enumerate(tree.parents):
        if p >= 0:
            masks[i] = masks[p] | _LANDMARK_BITS.get(nodes[p].role, 0)
    out[:, col : col + len(_LANDMARKS)] = (np.array(masks, dtype=np.int64)[:, None] >> np.arange(len(_LANDMARKS))) & 1
    col += len(_LANDMARKS)
    out[:, col] = [bool(nearby) for nearby in names.nearby]  # named from nearby text, not by the page's markup
    return out


def build_graph(tree: UITree, embedder: Embedder) -> TreeGraph:
    nodes = tree.nodes
    parent = np.array(tree.parents, dtype=np.int64).reshape(len(nodes))  # -1 at a root, or a parent it lacks
    for i in np.flatnonzero(parent < 0).tolist():
        if nodes[i].parent is not None:  # no graph from a broken tree
            raise KeyError(nodes[i].parent)
        parent[i] = i  # a root points to itself
    child = np.arange(len(nodes), dtype=np.int64)[parent != np.arange(len(nodes))]
    par = parent[child]
    edge_index = np.stack([np.concatenate([par, child]), np.concatenate([child, par])])
    names = naming(tree)
    texts = node_texts(tree, names)
    x = np.empty((len(nodes), NODE_DIM), dtype=np.float32)  # written in place: no copies of a page-sized array
    x[:, :DIM] = emb = embedder.embed(texts)
    x[:, DIM:] = structure(tree, names)
    return TreeGraph(
        x=x,
        emb=emb,
        edge_index=edge_index,
        parent=parent,
        words=tuple(content_words(n.name or names.nearby[i]) for i, n in enumerate(nodes)),
        names=tuple((n.name.strip() or names.nearby[i]).lower() for i, n in enumerate(nodes)),
        interactive=np.array([n.interactive for n in nodes], dtype=bool),
        texts=tuple(texts),
    )


def _subtree_max(values: np.ndarray, parent: np.ndarray) -> np.ndarray:
    """For every node, the max of `values` over its subtree (nodes are in pre-order)."""
    out, up = values.tolist(), parent.tolist()  # Python floats: a loop over numpy scalars is 3x slower
    for i in range(len(up) - 1, 0, -1):
        p = up[i]
        if out[i] > out[p]:
            out[p] = out[i]
    return np.array(out, dtype=values.dtype)


def task_features(graph: TreeGraph, task_text: str, task_emb: np.ndarray) -> np.ndarray:
    """(N, 15) features relating every node to one task."""
    n = len(graph.parent)
    task_words = content_words(task_text)
    task_lower = task_text.lower()
    cos = (graph.emb @ task_emb).astype(np.float32, copy=False)
    # each node's words shared with the task, counted once (float64 division, as Python's)
    shared = np.array([len(w & task_words) for w in graph.words], dtype=np.float64)
    sizes = np.array([len(w) for w in graph.words], dtype=np.float64)
    node_in_task = np.divide(shared, sizes, out=np.zeros(n), where=sizes > 0).astype(np.float32)
    task_in_node = (shared / len(task_words) if task_words else np.zeros(n)).astype(np.float32)
    phrase = np.array([float(len(name) >= 4 and name in task_lower) for name in graph.names], dtype=np.float32)
    feats = np.zeros((n, TASK_DIM), dtype=np.float32)
    feats[:, 0] = cos
    feats[:, 1] = node_in_task
    feats[:, 2] = task_in_node
    feats[:, 3] = phrase
    cos_sub = _subtree_max(cos, graph.parent)
    lex_sub = _subtree_max(np.maximum(node_in_task, phrase), graph.parent)
    feats[:, 4] = cos_sub
    ancestor = graph.parent
    for k in range(3):
        feats[:, 5 + k] = cos_sub[ancestor]
        feats[:, 8 + k] = lex_sub[ancestor]
        ancestor = graph.parent[ancestor]
    feats[:, 11] = lex_sub
    feats[:, 12:15] = _relative(cos, graph.interactive)
    return feats


def _relative(cos: np.ndarray, interactive: np.ndarray) -> np.ndarray:
    """(N, 3): gap to the page's best cosine, z-score on the page (clipped, /3), and gap to the
    best cosine among nodes of the same kind (controls, or everything else)."""
    out = np.zeros((len(cos), 3), dtype=np.float32)
    if not len(cos):
        return out
    out[:, 0] = cos - cos.max()
    spread = float(cos.std())
    out[:, 1] = np.clip((cos - cos.mean()) / spread, -3.0, 6.0) / 3.0 if spread > 1e-6 else 0.0
    for kind in (interactive, ~interactive):
        if kind.any():
            out[kind, 2] = cos[kind] - cos[kind].max()
    return out
