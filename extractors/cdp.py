"""Build a UITree from Chrome DevTools Protocol `Accessibility.getFullAXTree` output.

Pure code over plain dicts: the browser I/O that collects one capture per frame lives in
`extractors.live`. Frames are stitched under their `<iframe>` owner node, so one tree
covers the page, its same-process iframes and its out-of-process (cross-site) iframes.

Ids are `<session prefix><backendDOMNodeId>`: the prefix is empty for the page's own CDP
session and `f<hash>-` for an out-of-process frame, so ids stay stable across repeated
extractions of the same document.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from extractors.errors import ExtractionError
from extractors.tree import DEFAULT_MAX_NODES, BBox, PropertyValue, TreeBuilder, UITree

# Chromium-internal nodes that carry no information of their own (their text is on the parent).
_DROPPED_ROLES = frozenset({"InlineTextBox"})
# Relation properties point at other nodes; they are structure, not content.
_RELATION_TYPES = frozenset({"idref", "idrefList", "node", "nodeList"})


def session_prefix(root_frame_id: str) -> str:
    """Id prefix of the CDP session rooted at `root_frame_id` (stable for the frame's lifetime)."""
    return "f" + hashlib.sha1(root_frame_id.encode()).hexdigest()[:4] + "-"


@dataclass(frozen=True, slots=True)
class FrameCapture:
    """What CDP returned for one frame document.

    `owner` is `(session prefix, backendDOMNodeId)` of the `<iframe>` element hosting the
    frame, None for the top-level document. `bounds` maps backend ids to boxes in the
    frame's own coordinates (empty unless boxes were requested).
    """

    frame_id: str
    session: str
    nodes: Sequence[Mapping[str, Any]]
    owner: tuple[str, int] | None = None
    bounds: Mapping[int, BBox] = field(default_factory=dict)


def _ax_value(field_: Mapping[str, Any] | None) -> Any:
    if not field_:
        return None
    return field_.get("value")


def _properties(raw: Sequence[Mapping[str, Any]] | None) -> dict[str, PropertyValue]:
    props: dict[str, PropertyValue] = {}
    for prop in raw or ():
        value = prop.get("value") or {}
        if value.get("type") in _RELATION_TYPES or "value" not in value:
            continue
        v = value["value"]
        if isinstance(v, (str, int, float, bool)) or v is None:
            props[str(prop.get("name"))] = v
    return props


def _root_of(nodes: Sequence[Mapping[str, Any]]) -> Mapping[str, Any]:
    for node in nodes:
        if not node.get("parentId"):
            return node
    raise ExtractionError("accessibility tree has no root node")


def tree_from_cdp(
    frames: Sequence[FrameCapture],
    *,
    url: str = "",
    title: str = "",
    tabs: tuple[str, ...] = (),
    active_tab: int = 0,
    max_nodes: int = DEFAULT_MAX_NODES,
    id_key: str | None = None,
) -> UITree:
    """Stitch per-frame CDP captures (the top-level frame first) into one UITree.

    `id_key` names a node field to use as id when present (BrowserGym's "browsergym_id",
    so that the ids an agent sees are the ones its action space expects).
    """
    if not frames:
        raise ExtractionError("no frame captures to build a tree from")
    indexes: list[dict[str, Mapping[str, Any]]] = []
    for frame in frames:
        index: dict[str, Mapping[str, Any]] = {}
        for node in frame.nodes:
            # CDP occasionally repeats a node; the first occurrence wins.
            index.setdefault(str(node.get("nodeId")), node)
        if not index:
            raise ExtractionError(f"frame {frame.frame_id} returned no accessibility nodes")
        indexes.append(index)
    hosted: dict[tuple[str, int], int] = {frame.owner: i for i, frame in enumerate(frames) if frame.owner is not None}

    builder = TreeBuilder(max_nodes=max_nodes)
    # (frame index, AX node id, id of the nearest emitted ancestor, page offset of the frame)
    stack: list[tuple[int, str, str | None, tuple[float, float]]] = [
        (0, str(_root_of(frames[0].nodes)["nodeId"]), None, (0.0, 0.0))
    ]
    visited_frames = {0}
    while stack:
        fi, ax_id, parent, offset = stack.pop()
        frame = frames[fi]
        raw = indexes[fi].get(ax_id)
        if raw is None:
            continue
        role = str(_ax_value(raw.get("role")) or "")
        backend = raw.get("backendDOMNodeId")
        emitted = parent
        if not raw.get("ignored") and role not in _DROPPED_ROLES:
            if id_key is not None and raw.get(id_key) not in (None, ""):
                node_id = str(raw[id_key])
            elif backend is not None and id_key is None:
                node_id = f"{frame.session}{backend}"
            else:
                node_id = f"{frame.session}ax{ax_id}"
            if node_id in builder:  # a node reachable twice (malformed capture): keep the first
                continue
            value = _ax_value(raw.get("value"))
            box = frame.bounds.get(backend) if backend is not None else None
            if box is not None and offset != (0.0, 0.0):
                box = BBox(box.x + offset[0], box.y + offset[1], box.width, box.height)
            builder.add(
                node_id,
                role,
                parent=parent,
                name=str(_ax_value(raw.get("name")) or ""),
                value=None if value is None or value == "" else str(value),
                description=str(_ax_value(raw.get("description")) or ""),
                properties=_properties(raw.get("properties")),
                backend_node_id=backend,
                frame_id=frame.frame_id,
                bbox=box,
            )
            emitted = node_id
        children = [(fi, str(c), emitted, offset) for c in raw.get("childIds") or ()]
        child_frame = hosted.get((frame.session, backend)) if backend is not None else None
        if child_frame is not None and child_frame not in visited_frames:
            visited_frames.add(child_frame)
            owner_box = frame.bounds.get(backend)
            child_offset = offset if owner_box is None else (offset[0] + owner_box.x, offset[1] + owner_box.y)
            child_root = _root_of(frames[child_frame].nodes)
            children.append((child_frame, str(child_root["nodeId"]), emitted, child_offset))
        stack.extend(reversed(children))
    return builder.build(url=url, title=title, tabs=tabs, active_tab=active_tab)
