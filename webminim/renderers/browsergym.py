"""BrowserGym's `axtree_txt` format.

`[bid] role 'name' value='v', attr='x', required`: unnamed generic nodes without attributes
are dropped and their children promoted; StaticText carries no id and is dropped when its
text is already part of its parent's name; LineBreak is dropped.
"""

from __future__ import annotations

from extractors.tree import UINode, UITree
from webminim.renderers.lines import printed_nodes

IGNORED_PROPERTIES = frozenset({"editable", "readonly", "level", "settable", "multiline", "invalid", "focusable"})
IGNORED_ROLES = frozenset({"LineBreak"})
_FLAG_PROPERTIES = frozenset({"required", "focused", "atomic"})


def _attributes(node: UINode) -> list[str]:
    attrs: list[str] = []
    for key, value in node.properties.items():
        if key in IGNORED_PROPERTIES:
            continue
        if key in _FLAG_PROPERTIES:
            if value:
                attrs.append(key)
        else:
            attrs.append(f"{key}={value!r}")
    return attrs


def render_browsergym(tree: UITree, unaddressed: frozenset[str] = frozenset()) -> str:
    """`unaddressed`: nodes BrowserGym gave no bid (the root): printed without an id, as it does."""

    def keep(node: UINode) -> bool:
        if node.role in IGNORED_ROLES:
            return False
        if node.role == "generic" and not node.name and not _attributes(node):
            return False
        if node.role == "StaticText":
            parent = tree.parent(node.id)
            return bool(node.name) and not (parent is not None and node.name in parent.name)
        return True

    lines: list[str] = []
    for node, indent in printed_nodes(tree, keep):
        prefix = "" if node.id in unaddressed else f"[{node.id}] "
        if node.role == "StaticText":
            line = f"StaticText {node.name.strip()!r}"
        elif node.role == "generic" and not node.name:
            line = f"{prefix}generic"
        else:
            line = f"{prefix}{node.role} {node.name.strip()!r}"
        if node.value is not None:
            line += f" value={node.value!r}"
        attrs = _attributes(node)
        if attrs:
            line += ", " + ", ".join(attrs)
        lines.append("\t" * indent + line)
    return "\n".join(lines)
