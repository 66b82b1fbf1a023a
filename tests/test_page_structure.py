"""Where a heading's section ends, read from the tree's own subtree ends."""

from __future__ import annotations

import dataclasses

from extractors.tree import TreeBuilder, UITree
from webminim.page_structure import section_ends


def _page() -> UITree:
    builder = TreeBuilder()
    builder.add("r", "RootWebArea")
    for node_id, role, parent, level in [
        ("a", "heading", "r", 1),
        ("pa", "paragraph", "r", None),
        ("b", "heading", "r", 2),
        ("pb", "paragraph", "r", None),
        ("c", "heading", "r", 1),
        ("box", "generic", "r", None),
        ("d", "heading", "box", 2),
        ("pd", "paragraph", "box", None),
        ("foot", "paragraph", "r", None),
    ]:
        builder.add(node_id, role, parent=parent, properties={} if level is None else {"level": level})
    return builder.build()


def test_a_section_ends_at_the_next_heading_of_its_level_or_its_containers_end():
    tree = _page()  # r a pa b pb c box d pd foot
    assert section_ends(tree).tolist() == [-1, 5, -1, 5, -1, 10, -1, 9, -1, -1]


def test_a_parent_after_its_child_is_not_read_as_one():
    """A tree made directly from nodes may list a child before its parent: that link is not
    followed (the box's heading then ends with the page, not with the box)."""
    tree = _page()
    nodes = list(tree.nodes)
    nodes[6], nodes[7] = nodes[7], nodes[6]  # the heading "d" before its parent "box"
    shuffled = UITree(tuple(dataclasses.replace(n) for n in nodes))
    assert shuffled.parents[6] == 7
    assert section_ends(shuffled).tolist() == [-1, 5, -1, 5, -1, 10, 10, -1, -1, -1]


def test_controls_of_is_the_nearest_control_within_depth_levels():
    """Every non-control's nearest interactive ancestor within `depth` levels (or -1), on random
    trees: what a walk up from each node finds."""
    import random

    from webminim.page_structure import controls_of

    rng = random.Random(4)
    for size in (1, 2, 40, 300):
        builder = TreeBuilder()
        builder.add("n0", "RootWebArea")
        for k in range(1, size):
            role = rng.choice(["button", "link", "generic", "StaticText", "listitem", "textbox"])
            builder.add(f"n{k}", role, parent=f"n{rng.randrange(k)}")
        tree = builder.build()
        for depth in (1, 2, 3):
            want = []
            for i, node in enumerate(tree.nodes):
                found, j = -1, tree.parents[i]
                for _ in range(depth if not node.interactive else 0):
                    if j < 0:
                        break
                    if tree.nodes[j].interactive:
                        found = j
                        break
                    j = tree.parents[j]
                want.append(found)
            assert controls_of(tree, depth).tolist() == want
        assert size < 40 or (controls_of(tree) >= 0).any()
