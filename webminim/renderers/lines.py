"""What both text formats share: the indentation a node gets once pruned wrappers are gone."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from extractors.tree import UINode, UITree


def printed_nodes(tree: UITree, keep: Callable[[UINode], bool]) -> Iterator[tuple[UINode, int]]:
    """(node, indent) for every node `keep` accepts, in document order.

    A pruned node's children are promoted: they take the indent the pruned node would have
    had. One pass over the pre-ordered nodes, no recursion.
    """
    child_indent: dict[str, int] = {}
    for node in tree:
        indent = 0 if node.parent is None else child_indent.get(node.parent, 0)
        printed = keep(node)
        child_indent[node.id] = indent + 1 if printed else indent
        if printed:
            yield node, indent
