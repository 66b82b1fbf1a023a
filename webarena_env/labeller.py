"""Ground-truth labels for a live page: DOM marks -> per-node (s, n).

Reads the page's DOM through CDP (`DOM.getDocument`, shadow roots pierced), hands every
DOM node the `data-gt-*` marks of its nearest marked ancestors, and maps each accessibility
node to its DOM node by backend id. Only the labeller reads these attributes: the tree the
model sees comes from the accessibility tree, which never carries them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from playwright.sync_api import Page

from extractors.tree import UITree
from webarena_env.rubric import Marks, necessity, sensitivity
from webarena_env.tasks import TaskInstance

_PREFIX = "data-gt-"


def _marks_of(attributes: Sequence[str], parent: Marks) -> Marks:
    own = {
        attributes[i][len(_PREFIX) :]: attributes[i + 1]
        for i in range(0, len(attributes) - 1, 2)
        if attributes[i].startswith(_PREFIX)
    }
    if not own:
        return parent
    entity = own.get("entity", parent.entity)
    s = own.get("s")
    title_s = own.get("title-s")
    return Marks(
        region=own.get("region", parent.region),
        control=own.get("control", parent.control),
        field=own.get("field", parent.field),
        entity=entity,
        s=int(s) if s is not None else parent.s,
        entities=parent.entities | {entity} if "entity" in own else parent.entities,
        title_s=int(title_s) if title_s is not None else parent.title_s,
    )


def dom_marks(page: Page) -> dict[int, Marks]:
    """Backend node id -> inherited marks, for every DOM node of the page's main frame."""
    cdp = page.context.new_cdp_session(page)
    try:
        root = cdp.send("DOM.getDocument", {"depth": -1, "pierce": True})["root"]
    finally:
        cdp.detach()
    marks: dict[int, Marks] = {}
    stack: list[tuple[dict[str, Any], Marks]] = [(root, Marks())]
    while stack:
        node, inherited = stack.pop()
        own = _marks_of(node.get("attributes") or (), inherited)
        marks[node["backendNodeId"]] = own
        children = list(node.get("children") or ())
        children += node.get("shadowRoots") or []
        if node.get("contentDocument"):
            children.append(node["contentDocument"])
        stack.extend((child, own) for child in children)
    return marks


def document_marks(page: Page) -> Marks:
    """Marks of the <html> element (its title sensitivity labels the RootWebArea)."""
    value = page.evaluate("document.documentElement.getAttribute('data-gt-title-s')")
    return Marks(title_s=int(value)) if value is not None else Marks()


@dataclass(frozen=True, slots=True)
class TreeLabels:
    """Labels of one tree: s per node (document order) and the marks they came from."""

    s: tuple[int, ...]
    marks: tuple[Marks, ...]

    def necessity(self, tree: UITree, task: TaskInstance) -> tuple[int, ...]:
        targets = frozenset(task.targets)
        return tuple(necessity(task.type, targets, node, m) for node, m in zip(tree, self.marks, strict=True))


def label_tree(tree: UITree, marks: dict[int, Marks], root: Marks) -> TreeLabels:
    per_node = tuple(
        root if node.role == "RootWebArea" else marks.get(node.backend_node_id or -1, Marks()) for node in tree
    )
    return TreeLabels(tuple(sensitivity(n, m) for n, m in zip(tree, per_node, strict=True)), per_node)
