"""WebArena drop-in: wrap its `ScriptBrowserEnv` and the agent sees only the minimal view.

    from browser_env import ScriptBrowserEnv, create_id_based_action
    from webminim.webarena import MinimWebArenaEnv

    env = MinimWebArenaEnv(ScriptBrowserEnv(observation_type="accessibility_tree", headless=True),
                           task=intent, make_action=create_id_based_action)
    obs, info = env.reset(options={"config_file": config})   # obs["text"]: the sanitized tree
    obs, reward, done, truncated, info = env.step("type [1234] [[OTP_1]] [1]")  # typed for real

Observations: WebArena's own accessibility-tree text is read back into a tree (its element
ids kept: one extraction, WebArena's), sanitized for the task and printed in the same format;
the screenshot is dropped; `info["page"]` keeps only a safe URL (never the page's HTML);
`info["observation_metadata"]` keeps each shown element's position and id, with the sanitized
line as its text; `info["fail_error"]` has vault values put back as placeholders.

Actions are WebArena's id-based action strings (the agent's output), checked as MinimPage
checks them: the target must be an element the view shows; typed text is minimized for its
field and the task first (the field read through CDP; webminim.typed_text); a placeholder goes only into
`type` on a field that fits it, on its own origin (the live field's form is read through
CDP before typing), and a field holding what was typed for it reads back with its label and
the agent's placeholder; `goto` goes through the request guard's navigation check; `stop [...]`
is filled in locally (the answer never goes back to the model). A refused action never
reaches the page: the observation stays, and `info["fail_error"]` says why. Every episode
gets a fresh vault. WebArena itself is not imported here: pass its `create_id_based_action`.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from extractors.tree import UINode, UITree
from extractors.webarena_text import tree_from_webarena_text
from webminim.actions import parse_action, rehydrate
from webminim.browsergym_actions import mask
from webminim.egress.browser_adapter import RequestGuard
from webminim.egress.navigation import check_navigation
from webminim.episode import checked_action, start_episode
from webminim.errors import ActionRefused, ExtractionError
from webminim.minim import Minim
from webminim.safe_urls import origin_of, safe_url
from webminim.session import AuditLog
from webminim.typed_text import FIELD_JS, FieldRead, TypedText, field_read, needs_minimizing, type_plan
from webminim.view import SanitizedView

if TYPE_CHECKING:
    from webminim.egress.text import TextMinimizer

_ELEMENT_ACTIONS = frozenset({"click", "hover", "type", "press"})


class MinimWebArenaEnv:
    """A WebArena env (its `reset`/`step` and `page`) with minimal observations and checked actions."""

    def __init__(
        self,
        env: Any,
        *,
        task: str,
        make_action: Callable[[str], Any],
        minim: Minim | None = None,
        leak_watch: Any = None,
        audit_log: Path | None = None,
        text_minimizer: TextMinimizer | None = None,
    ) -> None:
        """`audit_log`: JSON lines of what typed text lost (edits and keyed hashes, never text)
        and of typed text refused; `text_minimizer`: the one typed text goes through (else the
        shared default)."""
        if not isinstance(task, str) or not task.strip():
            raise ActionRefused("the task must be a non-empty text")
        self.env = env
        self.task = task
        self.make_action = make_action
        self.minim = minim if minim is not None else Minim.load()
        self.leak_watch = leak_watch
        self.view: SanitizedView | None = None
        self.answer: str | None = None  # a stop action's answer, for the local user only
        self._raw: UITree | None = None  # never leaves this object
        self._last: tuple[dict[str, Any], dict[str, Any]] | None = None
        self.guard: RequestGuard | None = None
        self.typed = TypedText(task, minimizer=text_minimizer, audit=AuditLog(audit_log) if audit_log else None)
        self._step = 0  # observations so far, as the audit log counts steps
        self._filled: dict[str, tuple[str, str]] = {}  # node id -> (the agent's text, the value typed for it)

    @property
    def page(self) -> Any:
        return getattr(self.env, "page", None)

    def reset(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]]:
        self.minim = self.minim.with_fresh_vault()
        self.answer = None
        self._filled = {}
        obs, info = self.env.reset(**kwargs)
        context = getattr(self.env, "context", None)
        self.guard = start_episode(
            self.task, self.minim.vault, context=context, page=self.page, leak_watch=self.leak_watch
        )
        return self._observe(obs, info)

    def step(self, action: str) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        real, refused = checked_action(self._plan, action, self.leak_watch)
        if refused is not None:
            obs, info = self._last or ({"text": ""}, {})
            return (
                obs,
                0.0,
                False,
                False,
                {**info, "fail_error": f"ActionRefused: {refused}", "webminim_refused": refused},
            )
        if real is None:  # stop: answered locally, nothing for the page to do
            obs, info = self._last or ({"text": ""}, {})
            return obs, 0.0, True, False, info
        obs, reward, terminated, truncated, info = self.env.step(self.make_action(real))
        obs, info = self._observe(obs, info)
        return obs, reward, terminated, truncated, info

    def close(self) -> None:
        self.env.close()

    # -- observations --------------------------------------------------------------------
    def _observe(self, obs: dict[str, Any], info: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
        self.view = self._raw = self._last = None  # a failure below leaves nothing to act on or resend
        self._step += 1
        text = obs.get("text") if isinstance(obs, dict) else None
        if not isinstance(text, str):
            raise ExtractionError("the WebArena observation has no accessibility-tree text (observation_type?)")
        url = str(getattr(self.page, "url", "") or "")
        raw = tree_from_webarena_text(text, url=url)
        view = self.minim.sanitize(_with_filled(raw, self._filled), self.task)
        vault = self.minim.vault
        text = view.text("webarena")
        out_obs = {"text": text}  # the screenshot cannot be minimized: dropped
        shown = {node.id for node in view.tree}
        lines = _lines(text, view)
        nodes = ((info.get("observation_metadata") or {}).get("text") or {}).get("obs_nodes_info") or {}
        task_text = " ".join(self.task.lower().split())
        out_info: dict[str, Any] = {
            "page": {"url": safe_url(url, vault=vault, origin=origin_of(url), task=task_text)},
            "fail_error": mask(str(info.get("fail_error") or ""), vault, self.task),
            "observation_metadata": {
                "text": {
                    "obs_nodes_info": {
                        k: {"backend_id": v.get("backend_id"), "union_bound": v.get("union_bound"), "text": lines[k]}
                        for k, v in nodes.items()
                        if k in shown and k in lines and isinstance(v, dict)
                    }
                }
            },
        }
        self.view, self._raw, self._last = view, raw, (out_obs, out_info)
        if self.leak_watch is not None:
            self.leak_watch.observations.append(json.dumps([out_obs, out_info], default=str, ensure_ascii=False))
        return out_obs, out_info

    # -- actions -------------------------------------------------------------------------
    def _plan(self, text: str) -> str | None:
        view, raw = self.view, self._raw
        if view is None or raw is None:
            raise ActionRefused("reset() the environment before acting")
        action = parse_action(text)
        url = str(getattr(self.page, "url", "") or raw.url)
        origin = origin_of(url)
        shown = action.node_id and action.node_id in view.tree and action.node_id in raw
        target = raw[action.node_id] if shown else None
        if action.kind in _ELEMENT_ACTIONS and action.node_id and target is None:
            raise ActionRefused(f"[{action.node_id}] is not an element of the current view")
        if action.kind == "stop":
            self.answer = rehydrate(action, vault=self.minim.vault, target=None, origin=origin)
            return None
        if action.kind == "goto":
            assert self.guard is not None
            check_navigation(action.text, url, self.guard)
            return text
        if action.kind != "type":
            rehydrate(action, vault=self.minim.vault, target=target, origin=origin)  # refuses misplaced tokens
            return text
        placeholders = bool(action.placeholders())
        field = self._field(action.node_id, url, target) if needs_minimizing(action.text) or placeholders else None
        run, typed = type_plan(
            action, typed=self.typed, field=field, vault=self.minim.vault, target=target, page_url=url, step=self._step
        )
        if placeholders:
            self._filled[action.node_id] = (action.text, typed)
            if self.guard is not None and self.page is not None:
                self.guard.hold(self.page)  # before WebArena types it: the page's scripts may send it on
        else:
            self._filled.pop(action.node_id, None)
        if not placeholders and run.text == action.text:
            return text  # nothing filled in or removed: the agent's own action
        # WebArena presses Enter after a type action that names no [0] / [1]
        enter = action.press_enter or not (text.endswith("[0]") or text.endswith("[1]"))
        return f"type [{action.node_id}] [{typed}] [{1 if enter else 0}]"

    def _field(self, node_id: str, url: str, target: UINode | None) -> FieldRead:
        """WebArena's element `node_id` as it really is (where its form sends, what it is for),
        read through CDP in one call."""
        nodes = ((self.env.observation_handler.action_processor.meta_data or {}).get("obs_nodes_info")) or {}
        backend = (nodes.get(node_id) or {}).get("backend_id")
        client = getattr(self.page, "client", None)
        if backend is None or client is None:
            raise ActionRefused(f"[{node_id}] could not be checked in the page")
        try:
            remote = client.send("DOM.resolveNode", {"backendNodeId": int(backend)})
            result = client.send(
                "Runtime.callFunctionOn",
                {
                    "objectId": remote["object"]["objectId"],
                    "functionDeclaration": f"function() {{ return [document.URL, ({FIELD_JS})(this)]; }}",
                    "returnByValue": True,
                },
            )
            frame_url, value = result["result"]["value"]
        except Exception as exc:  # noqa: BLE001 - a foreign browser error: refuse, never type
            raise ActionRefused(f"[{node_id}] could not be checked: {type(exc).__name__}") from None
        # WebArena reads the main document only: its elements are in the top frame
        label = target.name if target is not None else ""
        return field_read(value, frame_url=str(frame_url or url), top=True, label=label, page_url=url)


def _with_filled(tree: UITree, filled: dict[str, tuple[str, str]]) -> UITree:
    """`tree` with each field that still holds the value the broker typed for the agent's text
    showing that text instead (in its value and in the text nodes below it that repeat it). The
    view then judges the field as it was before it was filled: its label stays, its content is
    the agent's placeholder. A value the page changed since is the page's, judged as such."""
    nodes = list(tree)
    changed = False
    for field_id, (text, real) in filled.items():
        if field_id not in tree or not real:
            continue
        for node in (tree[field_id], *tree.descendants(field_id)):
            if real not in (node.name, node.value):
                continue
            i = tree.position(node.id)
            nodes[i] = replace(
                nodes[i],
                name=text if node.name == real else node.name,
                value=text if node.value == real else node.value,
            )
            changed = True
    if not changed:
        return tree
    return UITree(tuple(nodes), url=tree.url, title=tree.title, tabs=tree.tabs, active_tab=tree.active_tab)


def _lines(text: str, view: SanitizedView) -> dict[str, str]:
    """Each shown node's own line of the sanitized `text` (for obs_nodes_info's `text`)."""
    out = {}
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("[") and "]" in stripped:
            node_id = stripped[1 : stripped.index("]")]
            if node_id in view.tree:
                out[node_id] = stripped
    return out


__all__ = ["MinimWebArenaEnv"]
