"""BrowserGym drop-in: `env = MinimEnv(env)` and the agent sees only the minimal view.

    import gymnasium as gym
    from webminim.browsergym import MinimEnv

    env = MinimEnv(gym.make("browsergym/openended", task_kwargs={"start_url": url}))
    obs, info = env.reset()                       # obs["axtree_txt"]: the sanitized tree
    obs, reward, done, truncated, info = env.step('fill("8", "[OTP_1]")')  # typed for real

Observations: `axtree_object` / `axtree_txt` are the sanitized tree for the goal, with
BrowserGym's own bids; a field the broker filled for a placeholder reads back with its label
and that placeholder as its value; `url`, `open_pages_urls`, `open_pages_titles` made safe
(a URL the tree withholds as `[URL_1]` reads `[URL_1]` there too);
`extra_element_properties` and `focused_element_bid` only for bids the view shows;
`chat_messages`, `last_action_error` with vault values put back as placeholders;
`last_action` is the agent's own action (placeholders, not values). What cannot be
minimized is dropped: `dom_object`, `som_screenshot`, `pruned_html`, `dom_txt`, and
`screenshot` unless `screenshots="masked"` (only kept elements visible, filled fields black);
`observation_space` declares exactly the keys an observation has.

Actions (webminim.browsergym_actions): parsed, never executed as the model's code; the text
of `fill`, `keyboard_type` and `keyboard_insert_text` is minimized for its field (the filled
element, or the focused one) and the goal before anything else (webminim.typed_text); a
placeholder goes only into `fill` on a field that fits it on its own origin (the field's
frame and form are checked in the live page); refused actions do not reach the page, and
the agent reads why in `last_action_error`. Every episode gets a fresh vault and a
request guard on the new browser context.

`gymnasium` is needed (`pip install webminim[browsergym]`); BrowserGym itself is not
imported here, any env with BrowserGym's observation and action format works.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from extractors.tree import UINode, UITree
from webminim.actions import Action, check_field_site
from webminim.agent import read_field
from webminim.browsergym_actions import (
    FOCUSING,
    Call,
    goal_text,
    mask,
    parse_browsergym,
    plan_browsergym,
    source_of,
    typed_text,
    with_typed_text,
)
from webminim.egress.browser_adapter import RequestGuard
from webminim.egress.navigation import check_navigation
from webminim.episode import checked_action, start_episode
from webminim.errors import ActionRefused, ConfigError
from webminim.integrations import UNSANITIZABLE_BROWSERGYM_KEYS, browsergym_observation, browsergym_tree
from webminim.minim import Minim
from webminim.safe_urls import origin_of
from webminim.screenshot import black_out, mask_screenshot
from webminim.session import AuditLog
from webminim.typed_text import FOCUSED_FIELD_JS, FieldRead, TypedText, field_read, needs_minimizing
from webminim.vault import PLACEHOLDER
from webminim.view import SanitizedView

if TYPE_CHECKING:
    from webminim.egress.text import FieldContext, TextMinimizer

try:
    import gymnasium
except ImportError as exc:  # pragma: no cover - depends on the extra
    raise ImportError("webminim.browsergym needs gymnasium: pip install 'webminim[browsergym]'") from exc


class MinimEnv(gymnasium.Wrapper):
    """A BrowserGym env whose observations are minimal and whose actions are checked."""

    def __init__(
        self,
        env: gymnasium.Env,
        *,
        minim: Minim | None = None,
        leak_watch: Any = None,
        screenshots: Literal["drop", "masked"] = "drop",
        audit_log: Path | None = None,
        text_minimizer: TextMinimizer | None = None,
    ) -> None:
        """`leak_watch`: the pytest plugin's `LeakWatch`; every observation returned, every
        action asked and every cross-origin request of the episode's page is recorded in it.
        `screenshots="masked"`: vision agents get the screenshot with only the kept elements
        visible (webminim.screenshot); by default it is dropped. `audit_log`: JSON lines of what
        typed text lost (edits and keyed hashes, never text) and of typed text refused;
        `text_minimizer`: the one typed text goes through (else the shared default)."""
        super().__init__(env)
        if screenshots not in ("drop", "masked"):
            raise ConfigError(f"screenshots must be 'drop' or 'masked', not {screenshots!r}")
        self.screenshots = screenshots
        self.leak_watch = leak_watch
        self.minim = minim if minim is not None else Minim.load()
        self.task = ""
        self.view: SanitizedView | None = None
        self._raw: UITree | None = None  # never leaves this object
        self._obs: dict[str, Any] | None = None
        self.guard: RequestGuard | None = None
        self.audit = AuditLog(audit_log) if audit_log is not None else None
        self.text_minimizer = text_minimizer
        self.typed = TypedText("", minimizer=text_minimizer, audit=self.audit)
        self._step = 0  # observations so far, as the audit log counts steps
        self._filled: dict[str, tuple[str, str]] = {}  # bid -> (the agent's text, the value typed for it)
        self.observation_space = _minimal_space(env.observation_space, keep_screenshot=screenshots == "masked")

    # -- gymnasium -----------------------------------------------------------------------
    def reset(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]]:
        self.minim = self.minim.with_fresh_vault()
        self._filled = {}
        obs, info = self.env.reset(**kwargs)
        self.task = goal_text(obs)
        self.typed = TypedText(self.task, minimizer=self.text_minimizer, audit=self.audit)
        unwrapped = self.env.unwrapped
        self.guard = start_episode(
            self.task,
            self.minim.vault,
            context=getattr(unwrapped, "context", None),
            page=getattr(unwrapped, "page", None),
            leak_watch=self.leak_watch,
        )
        return self._observe(obs, ""), info

    def step(self, action: str) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        real, refused = checked_action(self._plan, action, self.leak_watch)
        if refused is not None:
            obs = dict(self._obs or {})
            obs["last_action"], obs["last_action_error"] = action, f"ActionRefused: {refused}"
            return obs, 0.0, False, False, {"webminim_refused": refused}
        obs, reward, terminated, truncated, info = self.env.step(real)
        return self._observe(obs, action), reward, terminated, truncated, info

    # -- observations --------------------------------------------------------------------
    def _observe(self, obs: dict[str, Any], action: str) -> dict[str, Any]:
        self.view = self._raw = self._obs = None  # a failure below leaves nothing to act on or resend
        self._step += 1
        obs, filled = _with_filled(obs, self._filled)
        raw = browsergym_tree(obs)
        view = self.minim.sanitize(raw, self.task)
        out = browsergym_observation(obs, view, self.task, self.minim)
        vault = self.minim.vault
        focused = str(obs.get("focused_element_bid") or "")
        out["focused_element_bid"] = focused if focused in view.tree else ""
        out["chat_messages"] = tuple(self._masked_message(m) for m in obs.get("chat_messages") or ())
        out["last_action"] = action
        out["last_action_error"] = mask(str(obs.get("last_action_error") or ""), vault, self.task)
        if self.screenshots == "masked" and obs.get("screenshot") is not None:
            props = obs.get("extra_element_properties") or {}
            boxes = {str(bid): p.get("bbox") for bid, p in props.items() if isinstance(p, dict)}
            try:
                # a filled field is drawn with the real value: black, whatever the view shows
                out["screenshot"] = black_out(mask_screenshot(obs["screenshot"], view, raw, boxes), boxes, filled)
            except Exception:  # noqa: BLE001 - a screenshot we cannot mask is not sent
                out.pop("screenshot", None)
        self.view, self._raw, self._obs = view, raw, out
        if self.leak_watch is not None:
            self.leak_watch.observations.append(json.dumps(out, default=str, ensure_ascii=False))
        return out

    def _masked_message(self, message: Any) -> Any:
        if isinstance(message, dict) and isinstance(message.get("message"), str):
            return {**message, "message": mask(message["message"], self.minim.vault, self.task)}
        return message

    # -- actions -------------------------------------------------------------------------
    def _plan(self, action: str) -> str:
        view, raw = self.view, self._raw
        if view is None or raw is None:
            raise ActionRefused("reset() the environment before acting")
        calls = parse_browsergym(action)
        page = getattr(self.env.unwrapped, "page", None)
        url = str(getattr(page, "url", "") or raw.url)

        def shown(bid: str) -> UINode | None:
            return raw[bid] if bid in view.tree and bid in raw else None

        def navigate(target: str) -> str:
            assert self.guard is not None
            return check_navigation(target, url, self.guard)

        reads: dict[str, FieldRead] = {}  # each field read once per action: minimizing and checking share it
        calls = self._minimized(calls, page, shown, reads)  # first: placeholders are opaque tokens here
        planned = plan_browsergym(calls, vault=self.minim.vault, shown=shown, origin=origin_of(url), navigate=navigate)
        held = False
        for asked in calls:  # the live page, after the pure checks: frame and form of each filled field
            if asked.name == "fill" and PLACEHOLDER.search(str(asked.args.get("value", ""))) and page is not None:
                self._check_field(page, asked, url, shown, reads)
                held = True
        if held and self.guard is not None:
            self.guard.hold(page)  # before BrowserGym fills it in: the page's scripts may send it on
        self._remember_fills(calls, planned)
        return source_of(planned)

    def _remember_fills(self, asked: list[Call], planned: list[Call]) -> None:
        """What each field is filled with, as the agent wrote it and as typed: while it holds that
        value it reads back as the agent's placeholders, not as a new one for a withheld field."""
        for call, real in zip(asked, planned, strict=True):
            if call.name != "fill":
                continue
            bid, text = str(call.args.get("bid", "")), str(call.args.get("value", ""))
            if PLACEHOLDER.search(text):
                self._filled[bid] = (text, str(real.args.get("value", "")))
            else:  # the agent's own text: the page's value is its text, judged as any other
                self._filled.pop(bid, None)

    def _minimized(
        self, calls: list[Call], page: Any, shown: Callable[[str], UINode | None], reads: dict[str, FieldRead]
    ) -> list[Call]:
        """The calls with the text each types minimized for its field and the goal."""
        out = []
        focus: str | None = ""  # where keyboard input goes: "" the focused element now, a bid, None unknown
        for call in calls:
            text = typed_text(call)
            if text is not None and needs_minimizing(text):
                bid = str(call.args.get("bid", "")) if call.name == "fill" else focus
                if call.name != "fill" or shown(bid or "") is not None:  # an unshown bid: plan_browsergym refuses it
                    context = self._context(page, bid, shown, reads)
                    kind, node = call.name, bid or ""
                    call = with_typed_text(
                        call, self.typed.minimize(text, context, step=self._step, kind=kind, node_id=node)
                    )
            if call.name in FOCUSING and isinstance(call.args.get("bid"), str):
                focus = call.args["bid"]
            elif call.name not in ("fill", "keyboard_type", "keyboard_insert_text", "noop", "hover", "scroll"):
                focus = None  # a mouse click, a key (Tab), a new page: where the text goes is not known here
            out.append(call)
        return out

    def _context(
        self, page: Any, bid: str | None, shown: Callable[[str], UINode | None], reads: dict[str, FieldRead]
    ) -> FieldContext:
        """What the field a text goes into is for: a shown bid's element, the focused element
        ("" as bid), or nothing known (None, or no page: the goal alone judges the text)."""
        from webminim.egress.text import FieldContext

        if page is None or bid is None:
            return FieldContext()
        if bid:
            if shown(bid) is None:
                return FieldContext()
            return self._read(page, bid, shown, reads).context
        try:
            value = page.evaluate(FOCUSED_FIELD_JS)
        except Exception as exc:  # noqa: BLE001 - a foreign browser error: refuse, never type
            raise ActionRefused(f"the focused field could not be checked: {type(exc).__name__}") from None
        url = str(getattr(page, "url", "") or "")
        return field_read(value, frame_url=url, top=True, page_url=url).context

    def _read(
        self, page: Any, bid: str, shown: Callable[[str], UINode | None], reads: dict[str, FieldRead]
    ) -> FieldRead:
        """Element `bid` read from the live page (once per action)."""
        if bid in reads:
            return reads[bid]
        handle = _element_by_bid(page, bid)
        if handle is None:
            raise ActionRefused(f"[{bid}] is no longer in the page")
        node = shown(bid)
        try:
            read = read_field(handle, node.name if node is not None else "")
        except Exception as exc:  # noqa: BLE001 - a foreign browser error: refuse, never type
            raise ActionRefused(f"[{bid}] could not be checked: {type(exc).__name__}") from None
        finally:
            handle.dispose()
        reads[bid] = read
        return read

    def _check_field(
        self, page: Any, call: Call, url: str, shown: Callable[[str], UINode | None], reads: dict[str, FieldRead]
    ) -> None:
        """The field's own frame and form must be on the placeholder's origin."""
        site = self._read(page, str(call.args["bid"]), shown, reads).site
        check_field_site(
            Action("type", str(call.args["bid"]), str(call.args.get("value", ""))),
            vault=self.minim.vault,
            site=site,
            page_url=url,
        )


def _with_filled(obs: dict[str, Any], filled: dict[str, tuple[str, str]]) -> tuple[dict[str, Any], set[str]]:
    """`obs` with each field that still holds the value the broker typed for the agent's text
    showing that text instead (its value and the value's own text nodes), and those fields' bids.
    The view then judges the field as it was before it was filled: its label stays, its value is
    the agent's placeholder. A value the page changed since is the page's, and judged as such."""
    nodes = (obs.get("axtree_object") or {}).get("nodes") if filled else None
    if not nodes:
        return obs, set()
    by_id = {str(n.get("nodeId")): i for i, n in enumerate(nodes)}
    out, done = list(nodes), set()
    for i, node in enumerate(nodes):
        bid = str(node.get("browsergym_id") or "")
        if bid not in filled or _ax_text(node, "value") != filled[bid][1]:
            continue
        text, real = filled[bid]
        done.add(bid)
        out[i] = {**node, "value": {**node["value"], "value": text}}
        for j in _descendants(nodes, by_id, i):
            if _ax_text(nodes[j], "name") == real:  # the field's inner text node repeats the value
                out[j] = {**nodes[j], "name": {**nodes[j]["name"], "value": text}}
    if not done:
        return obs, set()
    return {**obs, "axtree_object": {**obs["axtree_object"], "nodes": out}}, done


def _ax_text(node: dict[str, Any], key: str) -> str | None:
    field = node.get(key)
    return str(field.get("value")) if isinstance(field, dict) and field.get("value") is not None else None


def _descendants(nodes: list[dict[str, Any]], by_id: dict[str, int], start: int) -> list[int]:
    """Positions of the nodes below `start` in CDP's node list (by childIds)."""
    out, todo = [], [str(c) for c in nodes[start].get("childIds") or ()]
    while todo:
        j = by_id.get(todo.pop())
        if j is not None and j not in out and j != start:
            out.append(j)
            todo.extend(str(c) for c in nodes[j].get("childIds") or ())
    return out


def _minimal_space(space: Any, *, keep_screenshot: bool) -> Any:
    """BrowserGym's observation space as `_observe` fills it: the keys it drops are gone
    (an agent that sizes its inputs from the space must not wait for them), `axtree_txt` added."""
    if not isinstance(space, gymnasium.spaces.Dict):
        return space  # not BrowserGym's shape: nothing known to change
    dropped = set(UNSANITIZABLE_BROWSERGYM_KEYS) - ({"screenshot"} if keep_screenshot else set())
    spaces = {key: sub for key, sub in space.spaces.items() if key not in dropped}
    # the tree's text is free text like the URL: BrowserGym's own text space for it, when it has one
    text = space.spaces.get("url")
    spaces["axtree_txt"] = copy.deepcopy(text) if text is not None else gymnasium.spaces.Text(max_length=2**31 - 1)
    return gymnasium.spaces.Dict(spaces)


def _element_by_bid(page: Any, bid: str) -> Any:
    """The element BrowserGym marked with `bid` (its test-id attribute), in any frame."""
    for frame in page.frames:
        try:
            handle = frame.query_selector(f'[bid="{_css_string(bid)}"]')
        except Exception:  # noqa: BLE001 - a detached frame
            continue
        if handle is not None:
            return handle
    return None


def _css_string(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')


__all__ = ["MinimEnv"]
