"""WebArena's accessibility-tree text format.

`[id] role 'name' prop: value`, one tab per depth, a `Tab i: title` header, WebArena's
pruning: empty-named wrappers (generic, list, paragraph, ...) with no shown property are
dropped and their children promoted; StaticText already shown in one of the previous three
lines is dropped.
"""

from __future__ import annotations

from extractors.tree import UINode, UITree
from webminim.renderers.lines import printed_nodes

IGNORED_PROPERTIES = frozenset({"focusable", "editable", "readonly", "level", "settable", "multiline", "invalid"})
PRUNABLE_ROLES = frozenset(
    {
        "generic",
        "img",
        "image",
        "list",
        "strong",
        "paragraph",
        "banner",
        "navigation",
        "Section",
        "LabelText",
        "Legend",
        "listitem",
    }
)
_LOOKBACK = 3


def _one_line(value: object) -> str:
    # a property is printed bare: a newline in it would forge a line of the tree
    return " ".join(str(value).split()) if isinstance(value, str) else str(value)


def _shown_properties(node: UINode) -> list[str]:
    shown = [f"value: {node.value!r}"] if node.value is not None else []
    shown += [f"{k}: {_one_line(v)}" for k, v in node.properties.items() if k not in IGNORED_PROPERTIES]
    return shown


def _keep(node: UINode) -> bool:
    if node.name.strip():
        return True
    if node.role == "listitem":
        return False
    return not (node.role in PRUNABLE_ROLES and not _shown_properties(node))


def tab_header(tree: UITree) -> str:
    tabs = [
        f"Tab {i} (current): {title}" if i == tree.active_tab else f"Tab {i}: {title}"
        for i, title in enumerate(tree.tabs)
    ]
    return " | ".join(tabs)


def render_webarena(tree: UITree) -> str:
    lines: list[str] = []
    for node, indent in printed_nodes(tree, _keep):
        if node.role == "StaticText" and (not node.name or any(node.name in p for p in lines[-_LOOKBACK:])):
            continue
        line = " ".join([f"[{node.id}] {node.role} {node.name!r}", *_shown_properties(node)])
        lines.append("\t" * indent + line)
    body = "\n".join(lines)
    header = tab_header(tree)
    return f"{header}\n\n{body}" if header else body
