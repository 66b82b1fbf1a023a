"""The sanitized view: a raw UITree plus K/A/R decisions -> the tree that may leave the device.

* Remove: the node's line disappears; kept descendants are promoted to the nearest kept
  ancestor.
* Abstract: role, structure and state stay; name / value / description become typed vault
  placeholders; a filled value shows as `value-state: filled`; a URL becomes a placeholder.
* Task echo: an abstracted node whose whole text already appears in the task is shown as
  is (the user put it there; showing it tells the remote model nothing new) — so "Switch
  to the tab 'Chase Bank'" can find the Chase Bank tab. Reason "named by the task".
* Secret guard (webminim.secret_guard): a kept node whose text holds a code, password,
  card or SSN number or token — also encoded, or split over siblings — is abstracted
  whatever the scores say.
* Leak paths beyond the node itself are closed: a kept ancestor whose name or description
  repeats a withheld descendant's text gets that text replaced (by the descendant's
  placeholder, or `…` when it was removed); kept URLs lose their query string and fragment;
  background tab titles are placeholders.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal
from urllib.parse import urlsplit, urlunsplit

import numpy as np

from extractors.tree import PropertyValue, TreeBuilder, UINode, UITree
from webminim.metrics import A, K, R
from webminim.renderers import render
from webminim.secret_guard import flag_secrets
from webminim.vault import Vault, kind_of

Action = Literal["K", "A", "R"]
ACTION_NAMES: dict[int, Action] = {K: "K", A: "A", R: "R"}
REMOVED_TEXT = "…"
_MIN_LEAK = 3  # shorter withheld strings ("OK", "$1") are not worth redacting from names
_ANCESTOR_LIMIT = 64  # names from content come from nearby descendants


@dataclass(frozen=True, slots=True)
class Decision:
    """Why a node is shown the way it is: an auditable value object (no raw text)."""

    node_id: str
    action: Action
    s: float
    n: float
    reason: str


@dataclass(frozen=True, slots=True)
class SanitizedView:
    tree: UITree  # exactly what may be sent
    decisions: Mapping[str, Decision]  # raw node id -> decision
    roles: Mapping[str, str]  # raw node id -> role (roles carry no page text)

    def text(self, fmt: str = "webarena") -> str:
        return render(self.tree, fmt)  # type: ignore[arg-type]

    def counts(self) -> dict[str, int]:
        out = {"K": 0, "A": 0, "R": 0}
        for d in self.decisions.values():
            out[d.action] += 1
        return out

    def nodes_json(self) -> list[dict[str, Any]]:
        """Per raw node: id, role, name as sent (None when removed), action, s, n."""
        rows = []
        for node_id, d in self.decisions.items():
            sent = self.tree.get(node_id)
            rows.append(
                {
                    "id": node_id,
                    "role": self.roles.get(node_id) if sent is None else sent.role,
                    "name": None if d.action == "R" or sent is None else sent.name,
                    "action": d.action,
                    "s": round(d.s, 2),
                    "n": round(d.n, 2),
                }
            )
        return rows


def origin_of(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}" if parts.scheme and parts.netloc else parts.scheme or ""


def strip_query(url: str) -> str:
    parts = urlsplit(url)
    if not parts.scheme:
        return url.split("?", 1)[0].split("#", 1)[0]
    return urlunsplit((parts.scheme, parts.netloc, parts.path, "", ""))


def _reason(action: int, s: float, n: float, tau_nec: float, tau_sens: float) -> str:
    if action == R:
        return f"n̂ {n:.1f} < τ_nec {tau_nec:g}"
    if action == A:
        return f"n̂ {n:.1f} ≥ τ_nec, ŝ {s:.1f} ≥ τ_sens {tau_sens:g}"
    return f"n̂ {n:.1f} ≥ τ_nec, ŝ {s:.1f} < τ_sens {tau_sens:g}"


def _echoed(text: str, task: str) -> bool:
    text = " ".join(text.lower().split())
    return len(text) >= _MIN_LEAK and text in task


def build_view(
    tree: UITree,
    actions: np.ndarray,
    s_hat: np.ndarray,
    n_hat: np.ndarray,
    vault: Vault,
    *,
    tau_nec: float,
    tau_sens: float,
    task: str = "",
    reasons: Mapping[int, str] | None = None,
) -> SanitizedView:
    """`reasons`: why the policy's safety net raised a node (from `decide_explained`)."""
    nodes = tree.nodes
    origin = origin_of(tree.url)
    index = {node.id: i for i, node in enumerate(nodes)}
    # The root always stays (it holds the structure); removing it only blanks its title.
    actions = actions.copy()
    echoed: set[int] = set()
    if task:
        normalized = " ".join(task.lower().split())
        for i in np.flatnonzero(actions == A):
            node = nodes[i]
            if node.name.strip() and not node.value and _echoed(node.name, normalized):
                actions[i] = K
                echoed.add(int(i))
    root_removed = actions[0] == R
    task_text = " ".join(task.lower().split())
    placeholders = _abstract_all(nodes, actions, vault, origin, task_text)
    names = {i: n.name for i, n in enumerate(nodes)}
    descriptions = {i: n.description for i, n in enumerate(nodes)}
    _close_ancestor_leaks(nodes, index, actions, placeholders, names, descriptions)
    # The safety net runs on what would be sent once leak paths are closed.
    guarded = flag_secrets(
        nodes,
        [int(i) for i in np.flatnonzero(actions == K)],
        task_text,
        lambda i: " ".join(t for t in (names[i], nodes[i].value or "", descriptions[i]) if t),
    )
    for i in sorted(guarded):
        actions[i] = A
        fields = {}
        for field, text in (("name", names[i]), ("value", nodes[i].value or ""), ("description", descriptions[i])):
            if text.strip():
                fields[field] = vault.placeholder(text, origin=origin, node_id=nodes[i].id)
        placeholders[i] = fields

    builder = TreeBuilder(max_nodes=max(len(nodes), 1))
    kept_parent: dict[str, str | None] = {}
    decisions: dict[str, Decision] = {}
    for i, node in enumerate(nodes):
        parent = kept_parent.get(node.parent) if node.parent is not None else None
        action = int(actions[i])
        if i in echoed:
            reason = "named by the task"
        elif i in guarded:
            reason = "kept by the policy; abstracted because its text holds a secret"
        elif reasons and i in reasons:
            reason = f"{reasons[i]} (n̂ {float(n_hat[i]):.1f} < τ_nec {tau_nec:g})"
        else:
            reason = _reason(action, float(s_hat[i]), float(n_hat[i]), tau_nec, tau_sens)
        decisions[node.id] = Decision(node.id, ACTION_NAMES[action], float(s_hat[i]), float(n_hat[i]), reason)
        if action == R and i != 0:
            kept_parent[node.id] = parent
            continue
        kept_parent[node.id] = node.id
        if i == 0 and root_removed:
            builder.add(
                node.id,
                node.role,
                properties=_safe_properties(node, abstract=True, vault=vault, origin=origin),
                backend_node_id=node.backend_node_id,
                frame_id=node.frame_id,
            )
            continue
        abstract = action == A
        fields = placeholders.get(i, {})
        builder.add(
            node.id,
            node.role,
            parent=parent,
            name=fields.get("name", names[i]) if abstract else names[i],
            value=fields.get("value") if abstract else node.value,
            description=fields.get("description", "") if abstract else descriptions[i],
            properties=_safe_properties(node, abstract=abstract, vault=vault, origin=origin),
            backend_node_id=node.backend_node_id,
            frame_id=node.frame_id,
            bbox=node.bbox,
        )
    root_name = "" if root_removed else (placeholders.get(0, {}).get("name", "") if actions[0] == A else names[0])
    # The current tab's title is the root's name; background tabs are never scored: abstract them.
    tabs = tuple(
        root_name if i == tree.active_tab else vault.placeholder(title, kind="TAB", origin=origin)
        for i, title in enumerate(tree.tabs)
    )
    sanitized = builder.build(url=strip_query(tree.url), title=root_name, tabs=tabs, active_tab=tree.active_tab)
    return SanitizedView(sanitized, decisions, {node.id: node.role for node in nodes})


def _abstract_all(
    nodes: tuple[UINode, ...], actions: np.ndarray, vault: Vault, origin: str, task: str
) -> dict[int, dict[str, str]]:
    """Placeholders for every abstracted node's name / value / description."""
    out: dict[int, dict[str, str]] = {}
    for i in np.flatnonzero(actions == A):
        node = nodes[i]
        fields: dict[str, str] = {}
        for field in ("name", "value", "description"):
            text = getattr(node, field) or ""
            if not text.strip():
                continue
            if field == "name" and task:
                partial = _partly_named(text, task, vault, origin, node.id)
                if partial is not None:
                    fields[field] = partial
                    continue
            kind = "PASSWORD" if field == "value" and set(text) <= {"•", "*"} else None
            fields[field] = vault.placeholder(text, kind=kind, origin=origin, node_id=node.id)
        out[int(i)] = fields
    return out


_WORD = re.compile(r"\S+")
_WHOLE_KINDS = {"OTP", "PASSWORD", "CARD", "SSN"}
_EDGE_PUNCTUATION = " ,.;:!?()[]<>\"'·-"


def _partly_named(text: str, task: str, vault: Vault, origin: str, node_id: str) -> str | None:
    """`text` with the runs of words the task names kept and the rest as placeholders, or
    None when the task names none of it ("Julie Gordon · julie@x.org" -> "Julie Gordon · [EMAIL_1]")."""
    if kind_of(text) in _WHOLE_KINDS:
        return None  # a code or password is one value: never split it around task words
    words = list(_WORD.finditer(text))
    named: list[tuple[int, int]] = []
    i = 0
    while i < len(words):
        j = i
        while (
            j < len(words) and " ".join(w.group(0) for w in words[i : j + 1]).lower().strip(_EDGE_PUNCTUATION) in task
        ):
            j += 1
        run = " ".join(w.group(0) for w in words[i:j]).strip(_EDGE_PUNCTUATION)
        if j > i and (j - i >= 2 or len(run) >= 5) and any(w.group(0)[:1].isupper() for w in words[i:j]):
            # only names the task gives ("Julie Gordon"), not common words ("verification code")
            named.append((words[i].start(), words[j - 1].end()))
            i = j
        else:
            i += 1
    if not named:
        return None
    pieces, cursor = [], 0
    for start, end in [*named, (len(text), len(text))]:
        gap = text[cursor:start]
        core = gap.strip(_EDGE_PUNCTUATION)
        if core:
            lead = gap[: gap.index(core)]
            pieces.append(
                lead + vault.placeholder(core, origin=origin, node_id=node_id) + gap[gap.index(core) + len(core) :]
            )
        else:
            pieces.append(gap)
        pieces.append(text[start:end])
        cursor = end
    return "".join(pieces)


def _close_ancestor_leaks(
    nodes: tuple[UINode, ...],
    index: dict[str, int],
    actions: np.ndarray,
    placeholders: dict[int, dict[str, str]],
    names: dict[int, str],
    descriptions: dict[int, str],
) -> None:
    """Redact withheld descendant text from the names and descriptions of kept ancestors."""
    for i in np.flatnonzero(actions != K):
        node = nodes[i]
        for field in ("name", "value"):
            text = (getattr(node, field) or "").strip()
            if len(text) < _MIN_LEAK:
                continue
            replacement = placeholders.get(int(i), {}).get(field, REMOVED_TEXT) if actions[i] == A else REMOVED_TEXT
            parent, steps = node.parent, 0
            while parent is not None and steps < _ANCESTOR_LIMIT:
                j = index[parent]
                if actions[j] != R:
                    if text in names[j]:
                        names[j] = names[j].replace(text, replacement)
                    if text in descriptions[j]:
                        descriptions[j] = descriptions[j].replace(text, replacement)
                parent, steps = nodes[j].parent, steps + 1


def _safe_properties(node: UINode, *, abstract: bool, vault: Vault, origin: str) -> dict[str, PropertyValue]:
    props: dict[str, PropertyValue] = {}
    for key, value in node.properties.items():
        if key == "url" and isinstance(value, str):
            props[key] = (
                vault.placeholder(value, kind="URL", origin=origin, node_id=node.id) if abstract else strip_query(value)
            )
        elif key in ("valuetext",) and abstract:
            continue
        else:
            props[key] = value
    if abstract and node.value:
        props["value-state"] = "filled"
    return props
