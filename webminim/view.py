"""The sanitized view: a raw UITree plus K/A/R decisions -> the tree that may leave the device.

* Remove: the node's line disappears; kept descendants are promoted to the nearest kept
  ancestor.
* Abstract: role, structure and state stay; name / value / description become typed vault
  placeholders; a filled value shows as `value-state: filled`; a URL becomes a placeholder;
  free-text properties are dropped.
* Task echo: an abstracted node whose whole text already appears in the task is shown as
  is (the user put it there; showing it tells the remote model nothing new) — so "Switch
  to the tab 'Chase Bank'" can find the Chase Bank tab. Reason "named by the task".
* Secret guard (webminim.secret_guard): a kept node whose text holds a code, password,
  card or SSN number or token — also encoded, or split over siblings — has that text
  withheld whatever the scores say. Only the offending field goes when the rest is clean:
  a button whose `title` holds a code keeps its own label.
* Only what was sanitized is rendered: properties are shown verbatim only from an
  allow-list (states, small enums, small numbers); free text (`roledescription`,
  `keyshortcuts`, `valuetext`, `placeholder`) goes through the guard; anything else is
  dropped. URLs lose userinfo, query and fragment; path segments that look like codes,
  tokens or ids become placeholders; `mailto:`/`tel:` targets are abstracted; `data:`,
  `javascript:` and `blob:` URLs are never shown; a URL that does not parse is one node's
  problem (`[invalid URL]`), never the page's.
* Leak paths beyond the node itself are closed: a kept ancestor whose name, description or
  free-text property repeats a withheld descendant's text gets that text replaced (by the
  descendant's placeholder, or `…` when it was removed); background tab titles are
  placeholders.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from extractors.tree import OrderedTreeBuilder, UINode, UITree
from webminim.contact_guard import mask_addresses
from webminim.decisions import A, Decision, Decisions, Grounds, K, R
from webminim.renderers import render
from webminim.safe_urls import DIGIT_RUN, INVALID_URL, MIN_LEAK, origin_of, safe_url, strip_query
from webminim.secret_guard import flag_secrets
from webminim.secret_text import secret_in
from webminim.seen_codes import codes_in, mask_seen
from webminim.vault import PLACEHOLDER, Vault, kind_of
from webminim.view_properties import (
    _RANGE_ROLES,
    _TEXT_PROPERTY_KEYS,
    _bare_value,
    _free_text,
    _property_holds_value,
    _safe_properties,
)

# the URL helpers live in webminim.safe_urls; these paths are kept for callers outside the project
__all__ = ["INVALID_URL", "REMOVED_TEXT", "SanitizedView", "build_view", "origin_of", "safe_url", "strip_query"]

REMOVED_TEXT = "…"
_ANCESTOR_LIMIT = 64  # names from content come from nearby descendants


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


# -- URLs -------------------------------------------------------------------------------------
# Every parse is guarded: a URL the page wrote badly (`http://[::1`) is that link's problem.

_LETTER_OR_DIGIT = re.compile(r"[^\W_]")  # any script's letters and digits


def _echoed(text: str, task: str) -> bool:
    text = " ".join(text.lower().split())
    return len(text) >= MIN_LEAK and text in task


def _field_label(field: str) -> str:
    return field.removeprefix("prop:")


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
    # a text with no letter or digit ("*" beside a required field, ":", "→") holds nothing to
    # abstract: its placeholder would only sit between a label and its field
    wordless = {
        int(i)
        for i in np.flatnonzero(actions == A)
        if nodes[i].name.strip() and not nodes[i].value and not _LETTER_OR_DIGIT.search(nodes[i].name)
    }
    actions[sorted(wordless)] = K
    root_removed = actions[0] == R
    task_text = " ".join(task.lower().split())
    placeholders = _abstract_all(nodes, actions, vault, origin, task_text)
    names = [n.name for n in nodes]  # by position; the leak walk below rewrites them
    descriptions = [n.description for n in nodes]
    # most nodes have no free-text property: no call for them
    texts = {i: {} if _TEXT_PROPERTY_KEYS.isdisjoint(n.properties) else _free_text(n) for i, n in enumerate(nodes)}
    shown_texts = _NodeTexts(names, descriptions, texts)  # the lists themselves: redacted in place
    _close_ancestor_leaks(nodes, tree.parents, actions, placeholders, shown_texts)
    _close_descendant_leaks(nodes, tree.parents, actions, placeholders, shown_texts)

    def place(i: int, text: str, kind: str | None = None) -> str:
        return vault.placeholder(text, kind=kind, origin=origin, node_id=nodes[i].id)

    kept = [int(i) for i in np.flatnonzero(actions == K)]
    # Fields of kept nodes withheld on their own (field -> placeholder); the node stays kept.
    withheld: dict[int, dict[str, str]] = {}
    for i in kept:
        for key, text in texts[i].items():
            if _property_holds_value(text, names[i], task_text):
                withheld.setdefault(i, {})[f"prop:{key}"] = place(i, text)
        if _bare_value(descriptions[i]) and descriptions[i].strip().lower() not in task_text:
            withheld.setdefault(i, {})["description"] = place(i, descriptions[i])  # title="G7063734"
        value = nodes[i].value
        if nodes[i].role in _RANGE_ROLES and value and DIGIT_RUN.search(value) and value.lower() not in task_text:
            withheld.setdefault(i, {})["value"] = place(i, value)  # a slider's "value" can carry a code
        # a vaulted value the agent typed into a field (its value, the text inside it) stays the
        # placeholder it typed
        for field, text in (("value", value), ("name", names[i])):
            typed = vault.typed_placeholder(text) if text else None
            if typed is not None:
                withheld.setdefault(i, {})[field] = typed

    def own_texts(i: int) -> tuple[str, ...]:
        """Node i's texts as the page has them (name, value, description, free-text properties),
        without a dict per node: every kept node's text is read twice a step."""
        own = (names[i], nodes[i].value or "", descriptions[i])
        return (*own, *texts[i].values()) if texts[i] else own

    def own_fields(i: int) -> dict[str, str]:
        """`own_texts(i)` field by field."""
        return dict(zip(("name", "value", "description", *(f"prop:{k}" for k in texts[i])), own_texts(i), strict=True))

    # Codes this session has seen (here or on an earlier view) go to the vault wherever they
    # stand in kept text, however spaced: a script can copy one into a button's label
    vault.see_codes([c for n in nodes for t in (n.name, n.value, n.description) for c in codes_in(t or "")])
    # (a text that holds a code by its cue is the secret guard's, below: withheld whole)
    seen = {c for c in vault.seen_codes() if c not in task_text}
    masked: dict[int, dict[str, str]] = {}
    for i in kept if seen else ():
        for field, text in own_fields(i).items():
            if field in withheld.get(i, {}) or codes_in(text):
                continue
            shown = mask_seen(text, seen, lambda code, i=i: place(i, code, "OTP"))
            if shown != text:
                masked.setdefault(i, {})[field] = shown
    coded = frozenset(masked)
    # E-mail addresses in kept text go to the vault, the words around them stay (contact_guard).
    addressed: set[int] = set()
    for i in kept:
        if not any("@" in text for text in own_texts(i)):
            continue  # most kept nodes hold no @ at all: no fields dict for them
        for field, own in own_fields(i).items():
            text = masked.get(i, {}).get(field, own)
            if "@" not in text:
                continue  # no address to mask (mask_addresses' own first test, without the call)
            shown = mask_addresses(text, task_text, lambda address, i=i: place(i, address, "EMAIL"))
            if shown != text and field not in withheld.get(i, {}):
                masked.setdefault(i, {})[field] = shown
                addressed.add(i)

    def replaced(i: int) -> dict[str, str]:
        """Node i's fields shown otherwise than the page has them: masked, or withheld."""
        return {**masked.get(i, {}), **withheld.get(i, {})}

    def sent_fields(i: int) -> dict[str, str]:
        """What node i would send as text, field by field, once the withheld fields are gone."""
        gone = withheld.get(i, {})
        fields = own_fields(i) | masked.get(i, {})
        return {f: t for f, t in fields.items() if t.strip() and f not in gone}

    def sent_text(i: int) -> str:
        """`sent_fields(i)` as one text; most nodes have nothing masked or withheld: their own fields."""
        fields = sent_fields(i).values() if i in withheld or i in masked else own_texts(i)
        return " ".join([t for t in fields if t.strip()])

    # The safety net runs on what would be sent once leak paths are closed.
    guarded = flag_secrets(tree, kept, task_text, sent_text)
    for i in sorted(guarded):
        fields = sent_fields(i)
        offending = _offending_fields(fields, task_text)
        if offending is None:  # the secret is the node's text as a whole: withhold all of it
            actions[i] = A
            whole = (("name", names[i]), ("value", nodes[i].value or ""), ("description", descriptions[i]))
            placeholders[i] = {f: place(i, t) for f, t in whole if t.strip()}
        elif offending:  # only the offending field goes: a button whose title holds a code keeps its label
            withheld.setdefault(i, {}).update({f: place(i, fields[f]) for f in offending})

    builder = OrderedTreeBuilder(max_nodes=max(len(nodes), 1))  # the page's order, each node after its parent
    kept_parent: dict[str, str | None] = {}
    acts = actions.tolist()  # Python ints: read per node
    for i, node in enumerate(nodes):
        parent = kept_parent.get(node.parent) if node.parent is not None else None
        action = acts[i]
        if action == R and i != 0:
            kept_parent[node.id] = parent
            continue
        kept_parent[node.id] = node.id
        abstract = action == A or (i == 0 and root_removed)
        shown_fields = replaced(i)
        props = _safe_properties(
            node,
            abstract=abstract,
            vault=vault,
            origin=origin,
            task=task_text,
            texts=texts[i],
            withheld=shown_fields,
        )
        if i == 0 and root_removed:
            builder.add(
                node.id, node.role, properties=props, backend_node_id=node.backend_node_id, frame_id=node.frame_id
            )
            continue
        fields = placeholders.get(i, {}) if abstract else shown_fields
        builder.add(
            node.id,
            node.role,
            parent=parent,
            name=fields.get("name", names[i]),
            value=fields.get("value") if abstract else fields.get("value", node.value),
            description=fields.get("description", "") if abstract else fields.get("description", descriptions[i]),
            properties=props,
            backend_node_id=node.backend_node_id,
            frame_id=node.frame_id,
            bbox=node.bbox,
        )
    shown_root = replaced(0).get("name", names[0])  # as its node shows it
    root_name = "" if root_removed else (placeholders.get(0, {}).get("name", "") if actions[0] == A else shown_root)
    # The current tab's title is the root's name; background tabs are never scored: abstract them,
    # and the current one too when the root's name was removed (a blank title reads as "no page").
    tabs = tuple(
        root_name
        if i == tree.active_tab and (root_name or not title)
        else vault.placeholder(title, kind="TAB", origin=origin)
        for i, title in enumerate(tree.tabs)
    )
    url = safe_url(tree.url, vault=vault, origin=origin, node_id=nodes[0].id, task=task_text)
    sanitized = builder.build(url=url, title=root_name, tabs=tabs, active_tab=tree.active_tab)
    grounds = Grounds(
        tau_nec=f"{tau_nec:g}",
        tau_sens=f"{tau_sens:g}",
        echoed=frozenset(echoed),
        wordless=frozenset(wordless),
        guarded=frozenset(guarded),
        raised=dict(reasons or {}),
        withheld={i: tuple(sorted(map(_field_label, fields))) for i, fields in withheld.items()},
        masked=frozenset(i for i in addressed if set(masked[i]) - set(withheld.get(i, {}))),
        coded=frozenset(i for i in coded if set(masked[i]) - set(withheld.get(i, {}))),
    )
    decisions = Decisions([node.id for node in nodes], acts, s_hat.tolist(), n_hat.tolist(), grounds)
    return SanitizedView(sanitized, decisions, {node.id: node.role for node in nodes})


# Which field to give up first when a node's text holds a secret only as a whole
# ("Verification code" + value "337740"): the value, then descriptions and properties, the name last.
_WITHHOLD_ORDER = ("value", "description")


def _offending_fields(fields: Mapping[str, str], task: str) -> set[str] | None:
    """The fields (never the name) whose removal leaves the node's text free of secrets (empty
    when the secret is only in text the task names), or None when the whole node must be
    withheld (its name holds the secret, or the guard flagged it for its neighbours or its
    structure rather than its own text)."""

    def secret(texts: Iterable[str]) -> bool:
        return secret_in(PLACEHOLDER.sub(" ", " ".join(texts)))

    if not secret(fields.values()):
        return None  # flagged for its neighbours or its structure, not for its own text
    candidates = {f: t for f, t in fields.items() if t.lower() not in task}
    if not secret(candidates.values()):
        return set()  # the secret is only in what the task itself names
    alone = {f for f, t in candidates.items() if secret([t])}
    if "name" in alone:
        return None
    order = [f for f in _WITHHOLD_ORDER if f in candidates] + sorted(f for f in candidates if f.startswith("prop:"))
    for extra in [None, *order]:
        gone = alone | ({extra} if extra else set())
        if not secret(t for f, t in candidates.items() if f not in gone):
            return gone or None
    return None


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
    parents: tuple[int, ...],
    actions: np.ndarray,
    placeholders: dict[int, dict[str, str]],
    shown: _NodeTexts,
) -> None:
    """Redact withheld descendant text from the names, descriptions and free-text properties
    of kept ancestors (up to `_ANCESTOR_LIMIT` levels up)."""
    acts = actions.tolist()  # Python ints: the walk below indexes it a few times per node
    up = _shown_ancestors(parents, acts)
    for i in np.flatnonzero(actions != K).tolist():
        node = nodes[i]
        for field in ("name", "value"):
            text = (getattr(node, field) or "").strip()
            if len(text) < MIN_LEAK:
                continue
            replacement = placeholders.get(i, {}).get(field, REMOVED_TEXT) if acts[i] == A else REMOVED_TEXT
            j, distance = up[i]
            while j >= 0 and distance <= _ANCESTOR_LIMIT:
                shown.redact(j, text, replacement)
                j, further = up[j]
                distance += further


def _close_descendant_leaks(
    nodes: tuple[UINode, ...],
    parents: tuple[int, ...],
    actions: np.ndarray,
    placeholders: dict[int, dict[str, str]],
    shown: _NodeTexts,
) -> None:
    """Put an abstracted node's placeholder into its kept descendants (up to `_ANCESTOR_LIMIT`
    levels down) wherever they repeat its text: a cell abstracted as `[TEXT_5]` must not show
    its own text again in the StaticText below it. Walked from each kept node upwards, so a
    deep page costs at most the limit per kept node."""
    acts = actions.tolist()
    for i in np.flatnonzero(actions == K).tolist():
        j, distance = parents[i], 1
        while j >= 0 and distance <= _ANCESTOR_LIMIT:
            if acts[j] == A:
                for field in ("name", "value"):
                    text = (getattr(nodes[j], field) or "").strip()
                    if len(text) < MIN_LEAK:
                        continue
                    replacement = placeholders.get(j, {}).get(field, REMOVED_TEXT)
                    shown.redact(i, text, replacement)
            j, distance = parents[j], distance + 1


@dataclass(slots=True)
class _NodeTexts:
    """The texts a view shows of each node, by position, as the leak walks rewrite them."""

    names: list[str]
    descriptions: list[str]
    properties: dict[int, dict[str, str]]  # free-text properties

    def redact(self, i: int, text: str, replacement: str) -> None:
        """`text` as `replacement` wherever node i's name, description or properties hold it."""
        if text in self.names[i]:
            self.names[i] = self.names[i].replace(text, replacement)
        if text in self.descriptions[i]:
            self.descriptions[i] = self.descriptions[i].replace(text, replacement)
        for key, prop in self.properties[i].items():
            if text in prop:
                self.properties[i][key] = prop.replace(text, replacement)


def _shown_ancestors(parents: tuple[int, ...], acts: list[int]) -> list[tuple[int, int]]:
    """For each node, its nearest ancestor that is not removed and how many levels up it is
    ((-1, 0) when none): the leak walk above steps from one to the next, not through the
    removed nodes between them (most of a page)."""
    out: list[tuple[int, int]] = [(-1, 0)] * len(parents)
    if any(p >= i for i, p in enumerate(parents)):  # not in document order: walk each chain
        for i in range(len(parents)):
            p, distance = parents[i], 1
            while p >= 0 and acts[p] == R and distance <= len(parents):
                p, distance = parents[p], distance + 1
            out[i] = (p, distance) if p >= 0 and acts[p] != R else (-1, 0)
        return out
    for i, p in enumerate(parents):  # parents first: each node extends its parent's answer
        if p < 0:
            continue
        if acts[p] != R:
            out[i] = (p, 1)
        else:
            up, distance = out[p]
            out[i] = (up, distance + 1) if up >= 0 else (-1, 0)
    return out
