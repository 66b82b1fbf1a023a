"""Structural features: the column blocks say what the tree says, for any node."""

from __future__ import annotations

import numpy as np

from extractors.html import tree_from_html
from webminim.features import _DEPTH_EDGES, _LANDMARKS, _LENGTH_EDGES, _PATTERNS, ROLES, STRUCT_DIM, structure

HTML = """
<nav><a href="/a">Home</a><a href="/b">Mail jo@example.org</a></nav>
<main><form><input type="checkbox" checked aria-label="Keep me signed in"><button>Sign in</button></form>
<p>Call 555-123-4567</p></main>
"""


def _find(tree, role: str, name: str) -> int:
    return next(i for i, n in enumerate(tree.nodes) if n.role == role and n.name == name)


def test_structural_columns_follow_the_tree():
    tree = tree_from_html(HTML)
    x = structure(tree)
    assert x.shape == (len(tree), STRUCT_DIM) and x.dtype == np.float32
    roles = len(ROLES) + 1
    assert np.all(x[:, :roles].sum(axis=1) == 1)  # one role each
    home, mail = _find(tree, "link", "Home"), _find(tree, "link", "Mail jo@example.org")
    box = _find(tree, "checkbox", "Keep me signed in")
    button = _find(tree, "button", "Sign in")
    assert x[home, ROLES.index("link")] == 1 and x[box, ROLES.index("checkbox")] == 1
    assert x[box, roles] == 1 and x[button, roles] == 0  # checked
    depth_block = roles + 17 + 1  # after the 17 state flags and the scaled depth
    assert np.all(x[:, depth_block : depth_block + len(_DEPTH_EDGES) + 1].sum(axis=1) == 1)
    siblings = depth_block + len(_DEPTH_EDGES) + 1 + 2  # after the children count and the leaf flag
    assert x[home, siblings + 1] == 1 and x[home, siblings + 2] == 0  # first of two links, not last
    assert x[mail, siblings + 1] == 0 and x[mail, siblings + 2] == 1
    lengths = siblings + 3
    assert np.all(x[:, lengths : lengths + len(_LENGTH_EDGES) + 1].sum(axis=1) == 1)
    patterns = lengths + len(_LENGTH_EDGES) + 1
    assert x[mail, patterns + 2] == 1 and x[home, patterns + 2] == 0  # an e-mail address
    landmarks = patterns + len(_PATTERNS)
    nav, form = _LANDMARKS.index("navigation"), _LANDMARKS.index("form")
    assert x[home, landmarks + nav] == 1 and x[button, landmarks + nav] == 0
    assert x[button, landmarks + form] == 1 and x[home, landmarks + form] == 0


def test_pattern_block_is_each_regex_on_each_node_text():
    # the block is remembered per text: it must still be exactly each pattern on each node
    tree = tree_from_html(
        HTML + "<p>Card 4111 1111 1111 1111, IBAN DE89 3704 0044 0532 0130 00</p><p>Call 555-123-4567</p>"
    )
    x = structure(tree)
    start = len(ROLES) + 1 + 17 + 1 + len(_DEPTH_EDGES) + 1 + 2 + 3 + len(_LENGTH_EDGES) + 1
    for i, node in enumerate(tree.nodes):
        text = f"{node.name} {node.value or ''}"
        want = [float(bool(node.name or node.value) and rx.search(text) is not None) for rx in _PATTERNS]
        assert x[i, start : start + len(_PATTERNS)].tolist() == want, (node.role, node.name)
    assert x[:, start : start + len(_PATTERNS)].sum() >= 4  # the fixture does hit patterns


def test_state_flags_read_only_the_keys_that_mark_a_node_as_stated():
    from webminim.features import _STATE_KEYS, _STATES

    class Recording(dict):
        read: set[str] = set()

        def get(self, key, default=None):
            self.read.add(key)
            return super().get(key, default)

    for flag in _STATES:
        assert not flag(Recording())  # structure() calls a flag only when a key it reads is there
    assert Recording.read == _STATE_KEYS  # a node with none of these keys has every flag off
    tree = tree_from_html('<input type="checkbox" checked aria-label="a"><button aria-expanded="true">b</button>')
    states = structure(tree)[:, len(ROLES) + 1 : len(ROLES) + 1 + len(_STATES)]
    assert states[_find(tree, "checkbox", "a"), 0] == 1 and states[_find(tree, "button", "b"), 3] == 1
    assert states.sum() == 2  # no other node is stated
    assert not structure(tree_from_html("<p>plain text</p>"))[:, len(ROLES) + 1 : len(ROLES) + 13].any()


def test_the_anchored_patterns_find_what_a_search_from_every_position_finds():
    """The e-mail and password-like patterns are tried only where their run starts (a search
    from every position of a long word is quadratic); whether they match must not change."""
    import random
    import re

    unanchored = {
        2: re.compile(r"[\w.+-]+@[\w-]+\.[\w.]+"),
        7: re.compile(r"(?=\S*[A-Za-z])(?=\S*\d)(?=\S*[^\w\s])\S{8,}"),
    }
    rng = random.Random(11)
    texts = ["mail bob.smith+x@example.co.uk now", "key: Xy7!abcd", "a1!", "-x@y.z", "zz Pass-w0rd!! ok"]
    texts += ["".join(rng.choice("ab1.+-@ !_X\t") for _ in range(rng.randint(0, 24))) for _ in range(20000)]
    for k, reference in unanchored.items():
        found = [bool(_PATTERNS[k].search(t)) for t in texts]
        assert found == [bool(reference.search(t)) for t in texts], k
        assert 100 < sum(found) < len(texts)  # both outcomes are exercised


def test_no_graph_from_a_tree_that_lacks_a_nodes_parent():
    """A tree made directly from nodes can name a parent it lacks: no features are made of it
    (the scorer then fails closed), while a tree's root points to itself."""
    import dataclasses

    import pytest

    from extractors.tree import UITree
    from webminim.embedder import Embedder
    from webminim.features import build_graph

    tree = tree_from_html(HTML)
    lone = UITree((tree.nodes[0], dataclasses.replace(tree.nodes[2], parent="gone")))
    with pytest.raises(KeyError, match="gone"):
        build_graph(lone, Embedder(cache=False))
    graph = build_graph(tree, Embedder(cache=False))
    assert graph.parent[0] == 0 and graph.parent.tolist() == [max(p, 0) for p in tree.parents]


def test_node_texts_are_node_text_of_each_node():
    """The page-wide pass makes most texts in one step: each is still exactly `node_text`."""
    from extractors.naming import naming
    from extractors.tree import TreeBuilder
    from webminim.features import node_text, node_texts

    builder = TreeBuilder()
    builder.add("r", "RootWebArea", name="Shop")
    cases = [
        ("link", "  Home  ", None),
        ("StaticText", "Email", None),
        ("textbox", "", None),
        ("textbox", "", "  typed  "),
        ("textbox", "", "   "),
        ("textbox", "", None),
        ("", "no role", None),
        ("", "", "value only"),
        ("StaticText", "   ", None),
        ("button", "Go", ""),
    ]
    for k, (role, name, value) in enumerate(cases):
        builder.add(f"n{k}", role, parent="r", name=name, value=value)
    tree = builder.build()
    names = naming(tree)
    assert any(names.nearby)  # an unnamed field read with its label
    assert node_texts(tree, names) == [node_text(n, names.nearby[i]) for i, n in enumerate(tree.nodes)]
    assert node_texts(tree) == node_texts(tree, names)
