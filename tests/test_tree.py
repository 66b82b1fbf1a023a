"""The immutable tree model and its builder."""

from __future__ import annotations

import dataclasses
import json

import pytest

from extractors.errors import ExtractionError
from extractors.tree import TreeBuilder, UINode, UITree


def small_tree() -> UITree:
    b = TreeBuilder()
    b.add("r", "RootWebArea", name="Page")
    b.add("nav", "navigation", parent="r")
    b.add("a1", "link", parent="nav", name="Home", properties={"url": "/"})
    b.add("main", "main", parent="r")
    b.add("t", "textbox", parent="main", name="Email", value="x@y.z", properties={"required": True})
    b.add("a2", "link", parent="nav", name="About")  # added after `main`, still nav's 2nd child
    return b.build(url="http://x/", title="Page")


def test_document_order_depth_and_children():
    tree = small_tree()
    assert [n.id for n in tree] == ["r", "nav", "a1", "a2", "main", "t"]
    assert [n.depth for n in tree] == [0, 1, 2, 2, 1, 2]
    assert tree["nav"].children == ("a1", "a2")
    assert tree.parent("t").id == "main"
    assert [a.id for a in tree.ancestors("a2")] == ["nav", "r"]
    assert [d.id for d in tree.descendants("nav")] == ["a1", "a2"]


def test_parents_and_subtree_ends_by_position():
    tree = small_tree()  # r, nav, a1, a2, main, t
    assert tree.parents == (-1, 0, 1, 1, 0, 4)
    assert tree.ends == (6, 4, 3, 4, 6, 6)
    assert tree.positions["main"] == 4 and "nope" not in tree.positions
    with pytest.raises(TypeError):
        tree.positions["main"] = 0  # type: ignore[index]
    # a tree made directly from nodes whose parent it lacks: that node has no parent
    lone = UITree((tree.nodes[0], dataclasses.replace(tree.nodes[2], parent="gone")))
    assert lone.parents == (-1, -1) and lone.ends == (1, 2)


def test_interactive_is_derived_from_role():
    tree = small_tree()
    assert {n.id for n in tree.interactive_nodes()} == {"a1", "a2", "t"}


def test_nodes_and_properties_are_immutable():
    tree = small_tree()
    with pytest.raises(dataclasses.FrozenInstanceError):
        tree["t"].name = "changed"  # type: ignore[misc]
    with pytest.raises(TypeError):
        tree["t"].properties["required"] = False  # type: ignore[index]


def test_round_trip_through_json():
    tree = small_tree()
    again = UITree.from_dict(json.loads(json.dumps(tree.to_dict())))
    assert [n.to_dict() for n in again] == [n.to_dict() for n in tree]
    assert (again.url, again.title) == (tree.url, tree.title)


@pytest.mark.parametrize(
    "data, message",
    [
        ({"nodes": [{"id": "a"}]}, "malformed"),  # node without a role
        ({"nodes": []}, "no accessibility nodes"),  # nothing at all
        ({}, "malformed"),  # no node list
    ],
)
def test_malformed_tree_data_is_a_clear_error(data, message):
    with pytest.raises(ExtractionError, match=message):
        UITree.from_dict(data)


def test_duplicate_ids_are_refused():
    b = TreeBuilder()
    b.add("r", "RootWebArea")
    with pytest.raises(ExtractionError, match="duplicate"):
        b.add("r", "link", parent="r")


def test_node_limit_refuses_instead_of_truncating():
    b = TreeBuilder(max_nodes=3)
    b.add("r", "RootWebArea")
    b.add("1", "link", parent="r")
    b.add("2", "link", parent="r")
    with pytest.raises(ExtractionError, match="more than 3"):
        b.add("3", "link", parent="r")


def test_second_parentless_node_is_an_error():
    b = TreeBuilder()
    b.add("r", "RootWebArea")
    b.add("stray", "link")
    with pytest.raises(ExtractionError, match="no parent"):
        b.build()


def test_orphans_do_not_hang_from_the_root():
    b = TreeBuilder()
    b.add("r", "RootWebArea")
    b.add("x", "link", parent="missing-parent")
    assert [n.id for n in b.build()] == ["r"]


def test_a_root_whose_parent_is_in_the_tree_is_a_cycle_and_a_missing_one_is_ignored():
    looped = TreeBuilder()
    looped.add("r", "RootWebArea", parent="leaf")  # the root hangs from its own descendant
    looped.add("mid", "generic", parent="r")
    looped.add("leaf", "link", parent="mid", name="Home")
    with pytest.raises(ExtractionError, match="cycle in the tree at node 'r'"):
        looped.build()
    partial = TreeBuilder()  # a subtree cut from a larger tree: its root's parent is elsewhere
    partial.add("r", "main", parent="outside")
    partial.add("a", "link", parent="r", name="Home")
    partial.add("x", "generic", parent="y")  # a loop of parent links that passes no root
    partial.add("y", "generic", parent="x")
    assert [(n.id, n.depth) for n in partial.build()] == [("r", 0), ("a", 1)]


def test_very_deep_tree_builds_without_recursion():
    b = TreeBuilder()
    b.add("0", "RootWebArea")
    for i in range(1, 20_000):
        b.add(str(i), "generic", parent=str(i - 1))
    tree = b.build()
    assert tree["19999"].depth == 19_999
    assert sum(1 for _ in tree.ancestors("19999")) == 19_999


def test_built_nodes_are_the_same_uinodes_the_constructor_makes():
    """The builder fills UINode's slots without its frozen check (1/8 of the time): what it
    hands out is a UINode like any other, frozen, with UINode's repr, replace and copy."""
    import copy

    node = small_tree()["t"]
    assert type(node) is UINode
    public = UINode(*(getattr(node, f.name) for f in dataclasses.fields(UINode)))
    assert repr(node) == repr(public)
    with pytest.raises(dataclasses.FrozenInstanceError):
        node.depth = 0  # type: ignore[misc]
    assert dataclasses.replace(node, name="other").name == "other" and copy.copy(node).id == node.id


def _rebuilt(builder, tree: UITree) -> UITree:
    for n in tree.nodes:
        builder.add(
            n.id,
            n.role,
            parent=n.parent,
            name=n.name,
            value=n.value,
            description=n.description,
            properties=n.properties,
            backend_node_id=n.backend_node_id,
            frame_id=n.frame_id,
            bbox=n.bbox,
        )
    return builder.build(url=tree.url, title=tree.title, tabs=tree.tabs, active_tab=tree.active_tab)


def test_the_ordered_builder_builds_what_the_tree_builder_builds():
    """Nodes in document order, each after its parent (how a view keeps a page's nodes): the
    same tree, node for node, as `TreeBuilder` makes of them; also with nodes left out, each
    kept one hanging from its nearest kept ancestor."""
    from extractors.html import tree_from_html
    from extractors.tree import OrderedTreeBuilder

    page = tree_from_html(
        "<nav><a href='/a'>Home</a><a href='/b'>Mail</a></nav><main><h1>Inbox</h1><form>"
        "<input aria-label='Search' value='x'><button disabled>Go</button></form><ul><li>One</li>"
        "<li><a href='/c'>Two</a></li></ul></main>"
    )
    for tree in (small_tree(), page):
        got = _rebuilt(OrderedTreeBuilder(), tree)
        assert got.to_dict() == _rebuilt(TreeBuilder(), tree).to_dict() == tree.to_dict()
        assert all(type(n) is UINode for n in got.nodes)
    kept: dict[str, str | None] = {}
    plain, ordered = TreeBuilder(), OrderedTreeBuilder()
    for i, n in enumerate(page.nodes):
        parent = kept.get(n.parent) if n.parent is not None else None
        if i % 3 == 1:  # left out: its children hang from its own nearest kept ancestor
            kept[n.id] = parent
            continue
        kept[n.id] = n.id
        for builder in (plain, ordered):
            builder.add(n.id, n.role, parent=parent, name=n.name, properties=n.properties)
    assert ordered.build().to_dict() == plain.build().to_dict()


def test_the_ordered_builder_refuses_what_is_out_of_order():
    from extractors.tree import OrderedTreeBuilder

    builder = OrderedTreeBuilder(max_nodes=3)
    with pytest.raises(ExtractionError, match="no accessibility nodes"):
        builder.build()
    builder.add("r", "RootWebArea")
    with pytest.raises(ExtractionError, match="before its parent"):
        builder.add("a", "link", parent="later")
    with pytest.raises(ExtractionError, match="no parent"):
        builder.add("b", "link")
    builder.add("c", "link", parent="r")
    with pytest.raises(ExtractionError, match="duplicate"):
        builder.add("c", "link", parent="r")
    builder.add("d", "link", parent="c")
    with pytest.raises(ExtractionError, match="more than 3"):
        builder.add("e", "link", parent="r")
    assert [n.depth for n in builder.build().nodes] == [0, 1, 2]
