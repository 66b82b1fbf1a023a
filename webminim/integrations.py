"""Drop-in sanitizers for the observation dicts of existing agent loops.

    obs = sanitize_webarena(obs, tree, task, minim)     # WebArena: {"text", "image"}
    obs = sanitize_browsergym(obs, task, minim)         # BrowserGym: axtree_object, ...

Both fail closed: what cannot be sanitized (screenshots, DOM snapshots, raw HTML) is
dropped from the dict rather than passed through.
"""

from __future__ import annotations

from typing import Any

from extractors.cdp import FrameCapture, tree_from_cdp
from extractors.tree import UITree
from webminim.errors import ExtractionError
from webminim.minim import Minim
from webminim.renderers.browsergym import render_browsergym
from webminim.safe_urls import origin_of, safe_url

# BrowserGym (and AgentLab) keys that carry the whole page in a form the policy cannot edit.
from webminim.view import SanitizedView

# BrowserGym (and AgentLab) keys that carry the whole page in a form the policy cannot edit.
UNSANITIZABLE_BROWSERGYM_KEYS = (
    "dom_object",
    "screenshot",
    "som_screenshot",
    "pruned_html",
    "dom_txt",
)


def sanitize_webarena(obs: dict[str, Any], tree: UITree, task: str, minim: Minim) -> dict[str, Any]:
    """WebArena's observation with its accessibility-tree text replaced by the minimal view.

    `tree` is the page's UITree (`extractors.extract_page(env.page)`); the screenshot is
    removed because pixels cannot be minimized.
    """
    view = minim.sanitize(tree, task)
    out = {k: v for k, v in obs.items() if k != "image"}
    out["text"] = view.text("webarena")
    return out


def tree_from_axtree_object(
    axtree: dict[str, Any], *, url: str = "", tabs: tuple[str, ...] = (), active: int = 0
) -> UITree:
    """A UITree from BrowserGym's merged `axtree_object`, ids = BrowserGym ids (bids)."""
    nodes = axtree.get("nodes") if isinstance(axtree, dict) else None
    if not nodes:
        raise ExtractionError("axtree_object has no nodes")
    return tree_from_cdp(
        [FrameCapture("main", "", nodes)], url=url, tabs=tabs, active_tab=active, id_key="browsergym_id"
    )


def axtree_object_of(view: SanitizedView, unaddressed: frozenset[str] = frozenset()) -> dict[str, Any]:
    """The sanitized tree back in CDP's node-list shape (what BrowserGym consumers read);
    nodes in `unaddressed` had no bid and get none."""
    out = []
    for node in view.tree:
        entry: dict[str, Any] = {
            "nodeId": node.id,
            "role": {"type": "role", "value": node.role},
            "name": {"type": "computedString", "value": node.name},
            "properties": [{"name": k, "value": {"type": "generic", "value": v}} for k, v in node.properties.items()],
            "childIds": list(node.children),
        }
        if node.id not in unaddressed:
            entry["browsergym_id"] = node.id
        if node.parent is not None:
            entry["parentId"] = node.parent
        if node.value is not None:
            entry["value"] = {"type": "string", "value": node.value}
        out.append(entry)
    return {"nodes": out}


def browsergym_tree(obs: dict[str, Any]) -> UITree:
    """The UITree of a BrowserGym observation (ids = bids), with its URL and tab titles."""
    titles = tuple(str(t) for t in obs.get("open_pages_titles") or ())
    index = obs.get("active_page_index", 0)
    try:
        active = int(index[0] if isinstance(index, list | tuple) or hasattr(index, "shape") else index or 0)
    except (TypeError, ValueError, IndexError):
        active = 0
    return tree_from_axtree_object(
        obs.get("axtree_object") or {}, url=str(obs.get("url", "")), tabs=titles, active=active
    )


def _unaddressed(obs: dict[str, Any], view: SanitizedView) -> frozenset[str]:
    """Shown nodes that had no bid in BrowserGym's tree (the root web area): ours are synthetic."""
    raw = obs.get("axtree_object") or {}
    bids = {str(n["browsergym_id"]) for n in raw.get("nodes") or () if n.get("browsergym_id") not in (None, "")}
    return frozenset(node.id for node in view.tree if node.id not in bids)


def sanitize_browsergym(obs: dict[str, Any], task: str, minim: Minim) -> dict[str, Any]:
    """BrowserGym's observation dict with axtree_object / axtree_txt minimized."""
    view = minim.sanitize(browsergym_tree(obs), task)
    return browsergym_observation(obs, view, task, minim)


def browsergym_observation(obs: dict[str, Any], view: SanitizedView, task: str, minim: Minim) -> dict[str, Any]:
    """`obs` rebuilt around a sanitized `view` of its tree: what cannot be minimized is
    dropped, per-element properties kept only for the elements the view shows."""
    out = {k: v for k, v in obs.items() if k not in UNSANITIZABLE_BROWSERGYM_KEYS}
    unaddressed = _unaddressed(obs, view)
    out["axtree_object"] = axtree_object_of(view, unaddressed)
    out["axtree_txt"] = render_browsergym(view.tree, unaddressed)
    shown = _abstracted_urls(view, minim)
    # the URL the tree abstracts is shown as the tree's placeholder, else made safe with the tree
    out["url"] = shown.get(str(obs.get("url", "")), view.tree.url)
    if "open_pages_titles" in obs:
        out["open_pages_titles"] = view.tree.tabs
    if "extra_element_properties" in obs:  # visibility, bbox, clickable: no page text
        props = obs.get("extra_element_properties") or {}
        out["extra_element_properties"] = {bid: p for bid, p in props.items() if bid in view.tree}
    if "open_pages_urls" in obs:
        # other tabs' URLs were never scored: made safe the same way, placeholders from the same
        # vault, each tied to the origin it came from
        task_text = " ".join(task.lower().split())
        urls = [str(u) for u in obs["open_pages_urls"] or ()]
        out["open_pages_urls"] = tuple(
            shown.get(u) or safe_url(u, vault=minim.vault, origin=origin_of(u), task=task_text) for u in urls
        )
    return out


def _abstracted_urls(view: SanitizedView, minim: Minim) -> dict[str, str]:
    """Page URL -> the placeholder the view shows for it, for each URL the view abstracted (a
    withheld root's `url='[URL_1]'`): the same URL elsewhere in the observation must read the same."""
    out: dict[str, str] = {}
    for node in view.tree:
        shown = node.properties.get("url")
        entry = minim.vault.get(shown) if isinstance(shown, str) else None
        if entry is not None and entry.kind == "URL":
            out.setdefault(entry.value, entry.placeholder)
    return out
