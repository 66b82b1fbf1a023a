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
from webminim.view import SanitizedView, origin_of, safe_url

# BrowserGym keys that carry the whole page in a form the policy cannot edit.
UNSANITIZABLE_BROWSERGYM_KEYS = (
    "dom_object",
    "screenshot",
    "som_screenshot",
    "pruned_html",
    "extra_element_properties",
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


def axtree_object_of(view: SanitizedView) -> dict[str, Any]:
    """The sanitized tree back in CDP's node-list shape (what BrowserGym consumers read)."""
    out = []
    for node in view.tree:
        entry: dict[str, Any] = {
            "nodeId": node.id,
            "role": {"type": "role", "value": node.role},
            "name": {"type": "computedString", "value": node.name},
            "properties": [{"name": k, "value": {"type": "generic", "value": v}} for k, v in node.properties.items()],
            "childIds": list(node.children),
            "browsergym_id": node.id,
        }
        if node.parent is not None:
            entry["parentId"] = node.parent
        if node.value is not None:
            entry["value"] = {"type": "string", "value": node.value}
        out.append(entry)
    return {"nodes": out}


def sanitize_browsergym(obs: dict[str, Any], task: str, minim: Minim) -> dict[str, Any]:
    """BrowserGym's observation dict with axtree_object / axtree_txt minimized."""
    titles = tuple(obs.get("open_pages_titles") or ())
    active = int(
        obs.get("active_page_index", [0])[0]
        if isinstance(obs.get("active_page_index"), list | tuple)
        else obs.get("active_page_index", 0) or 0
    )
    tree = tree_from_axtree_object(
        obs.get("axtree_object") or {}, url=str(obs.get("url", "")), tabs=titles, active=active
    )
    view = minim.sanitize(tree, task)
    out = {k: v for k, v in obs.items() if k not in UNSANITIZABLE_BROWSERGYM_KEYS}
    out["axtree_object"] = axtree_object_of(view)
    out["axtree_txt"] = view.text("browsergym")
    out["url"] = view.tree.url  # made safe with the tree: no userinfo, tokens or query
    if titles:
        out["open_pages_titles"] = view.tree.tabs
    if "open_pages_urls" in obs:
        # other tabs' URLs were never scored: made safe the same way, placeholders from the same
        # vault, each tied to the origin it came from
        task_text = " ".join(task.lower().split())
        urls = [str(u) for u in obs["open_pages_urls"] or ()]
        out["open_pages_urls"] = tuple(
            safe_url(u, vault=minim.vault, origin=origin_of(u), task=task_text) for u in urls
        )
    return out
