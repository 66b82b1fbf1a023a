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

import numpy as np
from playwright.sync_api import Page

from extractors.naming import Naming
from extractors.tree import UITree
from webarena_env.element_tasks import ElementTask
from webarena_env.rubric import HELPFUL, REQUIRED, S_STRUCTURE, Marks, is_structure, necessity, sensitivity
from webarena_env.tasks import TaskInstance
from webminim.egress.detectors import (
    CardDetector,
    EmailDetector,
    IBANDetector,
    PhoneDetector,
    SSNDetector,
    StreetAddressDetector,
)
from webminim.secret_text import secret_in

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


# -- pages we did not write: labels from the elements a generated task needs -------------------
#
# The rule, in one place. For a task generated from a page's elements (element_tasks):
#   n = 10  each target node; the text inside it; the text that names it (extractors.naming:
#           a <label>, the text before an unnamed field, a column header) and that text's
#           LabelText; for a row task, the text that identifies the row (its key)
#   n = 5   each context node (the row or table the task acts in, a column header read) and
#           the text inside it
#   n = 0   everything else; bare structure is always 0 (removing it promotes its children)
# Sensitivity of such pages: injected fragments carry data-gt-s marks (label_tree); other
# text is scored by what it holds (element_sensitivity).


def element_necessity(tree: UITree, names: Naming, task: ElementTask) -> np.ndarray:
    nodes = tree.nodes
    index = {node.id: i for i, node in enumerate(nodes)}
    n = np.zeros(len(nodes), dtype=np.int8)

    def lift(i: int, score: int) -> None:
        members = [i] + [index[d.id] for d in tree.descendants(nodes[i].id)]
        for k in members:
            if n[k] < score:
                n[k] = score
        label = names.label_of[i]
        if label >= 0 and score == REQUIRED:
            n[label] = max(n[label], score)
            parent = nodes[label].parent
            if parent is not None and nodes[index[parent]].role == "LabelText":
                n[index[parent]] = max(n[index[parent]], score)

    for i in task.context:
        lift(i, HELPFUL)
    for i in task.targets:
        lift(i, REQUIRED)
    structure = np.array([node.role == "RootWebArea" or is_structure(node) for node in nodes])
    n[structure] = 0
    return n


# Sensitivity of unmarked text on vendored pages, by what the text holds (paper rubric anchors).
_S_SECRET, _S_FINANCIAL, _S_ADDRESS, _S_CONTACT = 10, 9, 8, 7


def element_sensitivity(tree: UITree, labels: TreeLabels) -> np.ndarray:
    """Sensitivity per node: the injected fragments' marks where present, else from content."""
    rules = (
        (_S_FINANCIAL, (CardDetector(), IBANDetector(), SSNDetector())),
        (_S_ADDRESS, (StreetAddressDetector(),)),
        (_S_CONTACT, (EmailDetector(), PhoneDetector())),
    )
    s = np.asarray(labels.s, dtype=np.int8).copy()
    for i, (node, marks) in enumerate(zip(tree, labels.marks, strict=True)):
        if marks.s is not None or s[i] == S_STRUCTURE or node.role == "RootWebArea":
            continue
        text = " ".join(p for p in (node.name, node.value or "") if p)
        if not text.strip():
            continue
        if secret_in(text):
            s[i] = _S_SECRET
            continue
        for score, detectors in rules:
            if any(d.detect(text) for d in detectors):
                s[i] = max(int(s[i]), score)
                break
    return s
