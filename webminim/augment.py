"""Training-time augmentation against memorized wording: the task's controls, renamed.

Generated tasks name their control in the page's own words ("Click Compose"), so a scorer
can learn to match strings and nothing else; on a page that says "New mail" the task's
button then scores n̂ ≈ 0. `renamed_copies` adds, for a share of the training trees, a copy
in which every control a task acts on (or the label text that names an unnamed field) is
renamed to another UI label of the same kind, taken from the training trees themselves:
one whose MiniLM embedding is close to the original (cosine in [`LOW`, `HIGH`]) but which
shares no content word with it ("Login" → "Sign in"). The task and the labels stay as they
were, so the network has to read meaning, not repeat words.

Close embeddings also join alternatives ("Edit" / "Delete", "April" / "March"); renaming one
into the other would teach the opposite of the task. Alternatives sit side by side on pages,
synonyms rarely do, so two labels that are ever controls of the same page are never swapped;
options of a list are not renamed at all, and a short list of opposites MiniLM confuses
("Next" / "Previous") is refused.

The replacement pool comes from the trees passed in (the training split): never from
held-out families or themes, never from a hand-written synonym list.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np

from extractors.naming import Naming, naming
from extractors.tree import UITree
from webminim.corpus import CorpusTree
from webminim.embedder import Embedder
from webminim.features import content_words

LOW, HIGH = 0.55, 0.88  # close in meaning, not a near-copy of the same words
CHOICES = 8  # pick among this many closest qualifying labels
MAX_WORDS, MAX_CHARS = 4, 40  # UI wording, not sentences
_PRESS = frozenset({"button", "link", "tab", "menuitem", "menuitemcheckbox", "menuitemradio", "checkbox", "switch"})


# Pairs MiniLM puts close together although they mean the opposite: a renamed "Next" must
# not become "Previous". General English, not taken from any page of ours.
_OPPOSITES = (
    ("next", "previous"),
    ("next", "prev"),
    ("next", "back"),
    ("login", "logout"),
    ("signin", "signout"),
    ("logon", "logoff"),
    ("open", "close"),
    ("show", "hide"),
    ("expand", "collapse"),
    ("add", "remove"),
    ("add", "delete"),
    ("enable", "disable"),
    ("on", "off"),
    ("up", "down"),
    ("yes", "no"),
    ("accept", "decline"),
    ("accept", "reject"),
    ("first", "last"),
    ("start", "stop"),
    ("start", "end"),
    ("min", "max"),
    ("increase", "decrease"),
    ("more", "less"),
    ("in", "out"),
    ("subscribe", "unsubscribe"),
    ("follow", "unfollow"),
    ("like", "unlike"),
    ("lock", "unlock"),
    ("mute", "unmute"),
    ("pause", "play"),
    ("before", "after"),
    ("left", "right"),
    ("top", "bottom"),
    ("light", "dark"),
    ("new", "old"),
    ("read", "unread"),
    ("save", "discard"),
    ("save", "cancel"),
    ("submit", "cancel"),
    ("ok", "cancel"),
    ("select", "deselect"),
    ("check", "uncheck"),
    ("archive", "unarchive"),
    ("signup", "login"),
    ("signup", "signin"),
    ("register", "login"),
    ("register", "signin"),
)


def _words(name: str) -> set[str]:
    """Words, adjacent pairs joined ("log in" -> "login") and the whole name joined."""
    words = name.lower().split()
    return set(words) | {a + b for a, b in zip(words, words[1:], strict=False)} | {"".join(words)}


def _opposite(a: str, b: str) -> bool:
    wa, wb = _words(a), _words(b)
    return any((x in wa and y in wb) or (y in wa and x in wb) for x, y in _OPPOSITES)


def _clean(name: str) -> str:
    return " ".join(name.split())


def _short(name: str) -> bool:
    """UI wording: a few words, no digits, no file names or handles ("dialog.js", "jdoe_12")."""
    name = _clean(name)
    if not (3 <= len(name) <= MAX_CHARS and len(name.split()) <= MAX_WORDS and content_words(name)):
        return False
    return not any(c.isdigit() or c in "._@/\\#" for c in name)


@dataclass(frozen=True)
class LabelPool:
    """Short UI labels of one corpus by kind ("press", "label"), with embeddings, and the
    pages each label is found on (lower-cased)."""

    labels: dict[str, tuple[str, ...]]
    vectors: dict[str, np.ndarray]
    pages: dict[str, frozenset[int]]

    @classmethod
    def of(cls, trees: Sequence[CorpusTree], embedder: Embedder) -> LabelPool:
        found: dict[str, set[str]] = {"press": set(), "label": set()}
        pages: dict[str, set[int]] = {}
        for page, item in enumerate(trees):
            for kind, name in _labels(item.tree):
                found[kind].add(name)
                pages.setdefault(name.lower(), set()).add(page)
        labels = {k: tuple(sorted(v)) for k, v in found.items()}
        vectors = {k: embedder.embed(list(v)) if v else np.zeros((0, 384), np.float32) for k, v in labels.items()}
        return cls(labels, vectors, {k: frozenset(v) for k, v in pages.items()})

    def neighbour(self, kind: str, name: str, vector: np.ndarray, rng: random.Random) -> str | None:
        """A label of `kind` close in meaning to `name`, sharing none of its content words."""
        pool, vectors = self.labels.get(kind, ()), self.vectors.get(kind)
        if not pool or vectors is None:
            return None
        sims = vectors @ vector
        words, seen = content_words(name), self.pages.get(name.lower(), frozenset())
        best = []
        for k in np.argsort(-sims):
            if sims[k] < LOW or len(best) >= CHOICES:
                break
            other = pool[k]
            if sims[k] > HIGH or content_words(other) & words or _opposite(name, other):
                continue
            if seen & self.pages.get(other.lower(), frozenset()):  # alternatives on one page
                continue
            if name.lower().replace(" ", "") in other.lower() or other.lower().replace(" ", "") in name.lower():
                continue
            best.append(other)
        return rng.choice(best) if best else None


def _wording(tree: UITree, names: Naming, i: int) -> tuple[int, str, str] | None:
    """Where control `i`'s wording sits, as (node, kind, text): its own short name ("press"),
    or for an unnamed field the text that names it ("label"); None for anything else."""
    node = tree.nodes[i]
    if not node.interactive:
        return None
    if node.role in _PRESS and _short(node.name):
        return i, "press", _clean(node.name)
    j = names.label_of[i]
    if not node.name.strip() and j >= 0 and _short(tree.nodes[j].name):
        return j, "label", _clean(tree.nodes[j].name)
    return None


def _labels(tree: UITree) -> list[tuple[str, str]]:
    """(kind, label) of every control's wording on the page."""
    names = naming(tree)
    found = (_wording(tree, names, i) for i in range(len(tree)))
    return [(kind, text) for _, kind, text in filter(None, found)]


def renamed(item: CorpusTree, pool: LabelPool, embedder: Embedder, rng: random.Random) -> CorpusTree | None:
    """A copy of `item` whose task targets carry other words; None when nothing was renamed."""
    tree = item.tree
    names = naming(tree)
    nodes = list(tree.nodes)
    targets = {tree.position(t) for v in item.variants for t in v.targets if t in tree}
    plan: dict[int, tuple[str, str]] = {}  # node index -> (kind, old name)
    for i in sorted(targets):
        if (at := _wording(tree, names, i)) is not None:
            node, kind, text = at
            plan[node] = (kind, text)
    if not plan:
        return None
    olds = sorted({old for _, old in plan.values()})
    vectors = dict(zip(olds, embedder.embed(olds), strict=True))
    changed = 0
    for i, (kind, old) in plan.items():
        new = pool.neighbour(kind, old, vectors[old], rng)
        if new is None:
            continue
        changed += 1
        # the control and the text its name is made of
        for k in (i, *(tree.position(d.id) for d in tree.descendants(nodes[i].id))):
            if _clean(nodes[k].name) == old:
                nodes[k] = replace(nodes[k], name=new)
    if not changed:
        return None
    copy = UITree(tuple(nodes), url=tree.url, title=tree.title, tabs=tree.tabs, active_tab=tree.active_tab)
    return replace(item, id=f"{item.id}~renamed", tree=copy)


def renamed_copies(trees: Sequence[CorpusTree], embedder: Embedder, share: float, seed: int = 0) -> list[CorpusTree]:
    """Renamed copies of about `share` of `trees` (deterministic for a seed)."""
    if share <= 0 or not trees:
        return []
    pool = LabelPool.of(trees, embedder)
    out = []
    for item in trees:
        rng = random.Random(f"rename:{seed}:{item.id}")
        if rng.random() < share and (copy := renamed(item, pool, embedder, rng)) is not None:
            out.append(copy)
    return out


__all__ = ["LabelPool", "renamed", "renamed_copies"]
