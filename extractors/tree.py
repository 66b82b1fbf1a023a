"""The accessibility-tree model every builder produces and every later stage reads.

A `UITree` is immutable once built: scoring, policy and rendering never mutate it; a
sanitized view is a new tree. Every traversal here is iterative, so a 5,000-deep page
cannot raise RecursionError.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, fields, make_dataclass
from types import MappingProxyType
from typing import Any

from extractors.errors import ExtractionError
from extractors.roles import is_interactive

PropertyValue = str | int | float | bool | None

DEFAULT_MAX_NODES = 250_000


@dataclass(frozen=True, slots=True)
class BBox:
    """Bounding box in CSS pixels of the top-level page."""

    x: float
    y: float
    width: float
    height: float


@dataclass(frozen=True, slots=True, eq=False)
class UINode:
    """One accessibility node. `id` is rendered as `[id]` and resolves back to the element."""

    id: str
    role: str
    name: str = ""
    value: str | None = None
    description: str = ""
    properties: Mapping[str, PropertyValue] = field(default_factory=lambda: MappingProxyType({}))
    interactive: bool = False
    parent: str | None = None
    children: tuple[str, ...] = ()
    depth: int = 0
    backend_node_id: int | None = None
    frame_id: str | None = None
    bbox: BBox | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "role": self.role,
            "name": self.name,
            "value": self.value,
            "description": self.description,
            "properties": dict(self.properties),
            "interactive": self.interactive,
            "parent": self.parent,
            "children": list(self.children),
            "depth": self.depth,
            "backend_node_id": self.backend_node_id,
            "frame_id": self.frame_id,
            "bbox": None if self.bbox is None else [self.bbox.x, self.bbox.y, self.bbox.width, self.bbox.height],
        }


# UINode's fields in its order, without its frozen check. A frozen dataclass sets each field
# through object.__setattr__ (1.2 µs a node, 1.4 ms for a 1,142-node page, paid by every
# extraction and every view): the builder fills one of these (0.15 µs) and makes it the
# UINode it is laid out as (`__class__` assignment, which CPython allows between classes of
# the same slots, and refuses loudly if UINode's fields ever change without this).
_ThawedNode = make_dataclass(
    "_ThawedNode", [(f.name, f.type) for f in fields(UINode)], slots=True, eq=False, repr=False
)


def _frozen_node(*values: Any) -> UINode:
    node = _ThawedNode(*values)
    node.__class__ = UINode
    return node  # type: ignore[return-value]


class UITree:
    """An immutable accessibility tree: nodes in document (pre-)order, addressable by id."""

    # __weakref__: facts derived from a tree (extractors.naming) are remembered per tree object
    __slots__ = ("_nodes", "_index", "_parents", "_ends", "url", "title", "tabs", "active_tab", "__weakref__")

    def __init__(
        self,
        nodes: tuple[UINode, ...],
        *,
        url: str = "",
        title: str = "",
        tabs: tuple[str, ...] = (),
        active_tab: int = 0,
    ) -> None:
        if not nodes:
            raise ExtractionError("a tree needs at least a root node")
        self._nodes = nodes
        self._index = {node.id: i for i, node in enumerate(nodes)}
        self._parents: tuple[int, ...] | None = None  # derived on first use (every stage reads them)
        self._ends: tuple[int, ...] | None = None
        if len(self._index) != len(nodes):
            raise ExtractionError("node ids in a tree must be unique")
        self.url = url
        self.title = title
        self.tabs = tabs
        self.active_tab = active_tab

    def __len__(self) -> int:
        return len(self._nodes)

    def __iter__(self) -> Iterator[UINode]:
        """Nodes in document order (pre-order, root first)."""
        return iter(self._nodes)

    def __contains__(self, node_id: object) -> bool:
        return node_id in self._index

    def __getitem__(self, node_id: str) -> UINode:
        try:
            return self._nodes[self._index[node_id]]
        except KeyError:
            raise KeyError(f"no node with id {node_id!r} in this tree") from None

    def __repr__(self) -> str:
        return f"UITree({len(self)} nodes, url={self.url!r})"

    def get(self, node_id: str) -> UINode | None:
        i = self._index.get(node_id)
        return None if i is None else self._nodes[i]

    @property
    def root(self) -> UINode:
        return self._nodes[0]

    @property
    def nodes(self) -> tuple[UINode, ...]:
        return self._nodes

    def position(self, node_id: str) -> int:
        """Index of the node in document order."""
        return self._index[node_id]

    @property
    def positions(self) -> Mapping[str, int]:
        """Node id -> index in document order (read-only)."""
        return MappingProxyType(self._index)

    @property
    def parents(self) -> tuple[int, ...]:
        """Each node's parent's index, -1 at the root (or for a parent the tree lacks). Computed
        once per tree: the features, the policy and the view all walk up the tree."""
        if self._parents is None:
            index = self._index
            self._parents = tuple(-1 if n.parent is None else index.get(n.parent, -1) for n in self._nodes)
        return self._parents

    @property
    def ends(self) -> tuple[int, ...]:
        """ends[i]: one past the last descendant of node i (nodes are in pre-order)."""
        if self._ends is None:
            parents, end = self.parents, list(range(1, len(self._nodes) + 1))
            for i in range(len(end) - 1, 0, -1):
                j = parents[i]
                if j >= 0 and end[i] > end[j]:
                    end[j] = end[i]
            self._ends = tuple(end)
        return self._ends

    def children(self, node_id: str) -> list[UINode]:
        return [self[c] for c in self[node_id].children]

    def parent(self, node_id: str) -> UINode | None:
        parent = self[node_id].parent
        return None if parent is None else self[parent]

    def ancestors(self, node_id: str) -> Iterator[UINode]:
        """Parent first, root last."""
        node = self.parent(node_id)
        while node is not None:
            yield node
            node = self.parent(node.id)

    def descendants(self, node_id: str) -> Iterator[UINode]:
        """The subtree below a node in document order, the node itself excluded."""
        start = self.position(node_id)
        depth = self._nodes[start].depth
        for node in self._nodes[start + 1 :]:
            if node.depth <= depth:
                break
            yield node

    def interactive_nodes(self) -> list[UINode]:
        return [n for n in self._nodes if n.interactive]

    def to_dict(self) -> dict[str, Any]:
        return {
            "url": self.url,
            "title": self.title,
            "tabs": list(self.tabs),
            "active_tab": self.active_tab,
            "nodes": [n.to_dict() for n in self._nodes],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> UITree:
        """Rebuild a tree written by `to_dict` (children and depth are recomputed)."""
        try:
            builder = TreeBuilder()
            for raw in data["nodes"]:
                bbox = raw.get("bbox")
                builder.add(
                    raw["id"],
                    raw["role"],
                    parent=raw.get("parent"),
                    name=raw.get("name") or "",
                    value=raw.get("value"),
                    description=raw.get("description") or "",
                    properties=raw.get("properties") or {},
                    backend_node_id=raw.get("backend_node_id"),
                    frame_id=raw.get("frame_id"),
                    bbox=None if bbox is None else BBox(*map(float, bbox)),
                )
            return builder.build(
                url=data.get("url", ""),
                title=data.get("title", ""),
                tabs=tuple(data.get("tabs", ())),
                active_tab=int(data.get("active_tab", 0)),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise ExtractionError(f"malformed tree data: {exc}") from exc


@dataclass(slots=True)
class _Draft:
    id: str
    role: str
    parent: str | None
    name: str
    value: str | None
    description: str
    properties: dict[str, PropertyValue]
    backend_node_id: int | None
    frame_id: str | None
    bbox: BBox | None
    children: list[str] = field(default_factory=list)


def _admit(node_id: str, known: Mapping[str, Any], max_nodes: int) -> None:
    """What either builder checks of a new node: an id not seen yet, and room under the cap."""
    if node_id in known:
        raise ExtractionError(f"duplicate node id {node_id!r}")
    if len(known) >= max_nodes:
        raise ExtractionError(f"page has more than {max_nodes:,} accessibility nodes; refusing to build a partial tree")


class TreeBuilder:
    """Collects nodes (parents before or after children, in sibling order) and freezes them.

    `build()` orders nodes depth-first from the root, derives `depth`, `children` and
    `interactive`, and drops nodes that do not hang from the root.
    """

    def __init__(self, *, max_nodes: int = DEFAULT_MAX_NODES) -> None:
        self._drafts: dict[str, _Draft] = {}
        self._order: list[str] = []
        self._max_nodes = max_nodes

    def __len__(self) -> int:
        return len(self._drafts)

    def __contains__(self, node_id: str) -> bool:
        return node_id in self._drafts

    def add(
        self,
        node_id: str,
        role: str,
        *,
        parent: str | None = None,
        name: str = "",
        value: str | None = None,
        description: str = "",
        properties: Mapping[str, PropertyValue] | None = None,
        backend_node_id: int | None = None,
        frame_id: str | None = None,
        bbox: BBox | None = None,
    ) -> None:
        _admit(node_id, self._drafts, self._max_nodes)
        self._drafts[node_id] = _Draft(
            node_id, role, parent, name, value, description, dict(properties or {}), backend_node_id, frame_id, bbox
        )
        self._order.append(node_id)

    def build(self, *, url: str = "", title: str = "", tabs: tuple[str, ...] = (), active_tab: int = 0) -> UITree:
        if not self._order:
            raise ExtractionError("no accessibility nodes to build a tree from")
        root_id = self._order[0]
        for node_id in self._order:
            draft = self._drafts[node_id]
            if draft.parent is None:
                if node_id != root_id:
                    raise ExtractionError(f"node {node_id!r} has no parent but is not the first node")
                continue
            parent = self._drafts.get(draft.parent)
            if parent is not None:
                parent.children.append(node_id)

        # Depth-first from the root. Every other node sits in one children list (its parent's:
        # ids are unique), so only the root can be reached twice, when its own parent link
        # points back into the tree: a cycle. A loop of parent links that does not pass
        # through the root hangs from nothing and is dropped with the other unreachable nodes.
        nodes: list[UINode] = []
        depth_of: dict[str, int] = {}
        stack = [root_id]
        while stack:
            d = self._drafts[stack.pop()]
            if d.id == root_id:
                if nodes:
                    raise ExtractionError(f"cycle in the tree at node {root_id!r}")
                depth = 0
            else:
                depth = depth_of[d.parent] + 1  # type: ignore[index]  # its parent was read first
            depth_of[d.id] = depth
            props = MappingProxyType(d.properties)
            nodes.append(
                _frozen_node(
                    d.id,
                    d.role,
                    d.name,
                    d.value,
                    d.description,
                    props,
                    is_interactive(d.role, props),
                    d.parent,
                    tuple(d.children),
                    depth,
                    d.backend_node_id,
                    d.frame_id,
                    d.bbox,
                )
            )
            stack.extend(reversed(d.children))
        return UITree(tuple(nodes), url=url, title=title, tabs=tabs, active_tab=active_tab)


_CHILDREN = [f.name for f in fields(UINode)].index("children")  # a row's place for them


class OrderedTreeBuilder:
    """A tree whose nodes arrive in document order, each after its parent: a view made from a
    built tree, keeping some of its nodes (each kept node hangs from its nearest kept
    ancestor). Such an order is already the tree's depth-first order, so `build()` needs no
    walk and no drafts; what `TreeBuilder` checks still holds (unique ids, a known parent,
    the node cap)."""

    def __init__(self, *, max_nodes: int = DEFAULT_MAX_NODES) -> None:
        self._rows: list[list[Any]] = []  # UINode's fields in its order; children filled in by build()
        self._children: dict[str, list[str]] = {}
        self._depth: dict[str, int] = {}
        self._max_nodes = max_nodes

    def __len__(self) -> int:
        return len(self._rows)

    def add(
        self,
        node_id: str,
        role: str,
        *,
        parent: str | None = None,
        name: str = "",
        value: str | None = None,
        description: str = "",
        properties: Mapping[str, PropertyValue] | None = None,
        backend_node_id: int | None = None,
        frame_id: str | None = None,
        bbox: BBox | None = None,
    ) -> None:
        _admit(node_id, self._children, self._max_nodes)
        if parent is None:
            if self._rows:
                raise ExtractionError(f"node {node_id!r} has no parent but is not the first node")
            depth = 0
        else:
            siblings = self._children.get(parent)
            if siblings is None:
                raise ExtractionError(f"node {node_id!r} comes before its parent {parent!r}")
            siblings.append(node_id)
            depth = self._depth[parent] + 1
        self._children[node_id] = []
        self._depth[node_id] = depth
        props = MappingProxyType(dict(properties or {}))
        interactive = is_interactive(role, props)
        self._rows.append(
            [
                node_id,
                role,
                name,
                value,
                description,
                props,
                interactive,
                parent,
                (),
                depth,
                backend_node_id,
                frame_id,
                bbox,
            ]
        )

    def build(self, *, url: str = "", title: str = "", tabs: tuple[str, ...] = (), active_tab: int = 0) -> UITree:
        if not self._rows:
            raise ExtractionError("no accessibility nodes to build a tree from")
        children = self._children
        for row in self._rows:
            row[_CHILDREN] = tuple(children[row[0]])
        nodes = tuple(_frozen_node(*row) for row in self._rows)
        return UITree(nodes, url=url, title=title, tabs=tabs, active_tab=active_tab)
