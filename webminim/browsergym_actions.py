"""BrowserGym's high-level actions, parsed without running them, and checked like WebArena's.

    click("13")                fill("8", "[OTP_1]")        select_option("4", "Nb")
    press("8", "Enter")        goto("http://…")            send_msg_to_user("It is [TEXT_2]")

An agent's action is Python source that BrowserGym would `exec`; here it is read with `ast`
and only a sequence of calls to known actions with literal arguments is accepted, so no code
the model wrote ever runs. Each call is then checked with the same rules as `MinimPage`
(webminim.actions): an element action needs a bid the agent was shown; a placeholder goes
only into `fill` on a field that fits it, on the page it came from (`rehydrate`); messages
to the user are filled in on this device; `goto` opens only http(s) URLs without withheld
values. The result is the action to run, with real values, rebuilt from the parsed calls.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from extractors.tree import UINode
from webminim.actions import Action, rehydrate, typed_value
from webminim.errors import ActionRefused
from webminim.secret_text import secret_in
from webminim.vault import PLACEHOLDER, Vault

MAX_ACTION_CHARS = 10_000
MAX_CALLS = 20

# name -> positional parameter names (BrowserGym's HighLevelActionSet, every subset).
SIGNATURES: dict[str, tuple[str, ...]] = {
    "noop": ("wait_ms",),
    "send_msg_to_user": ("text",),
    "report_infeasible": ("reason",),
    "fill": ("bid", "value", "enable_autocomplete_menu"),
    "check": ("bid",),
    "uncheck": ("bid",),
    "select_option": ("bid", "options"),
    "click": ("bid", "button", "modifiers"),
    "dblclick": ("bid", "button", "modifiers"),
    "hover": ("bid",),
    "press": ("bid", "key_comb"),
    "focus": ("bid",),
    "clear": ("bid",),
    "drag_and_drop": ("from_bid", "to_bid"),
    "scroll": ("delta_x", "delta_y"),
    "mouse_move": ("x", "y"),
    "mouse_up": ("x", "y", "button"),
    "mouse_down": ("x", "y", "button"),
    "mouse_click": ("x", "y", "button"),
    "mouse_dblclick": ("x", "y", "button"),
    "mouse_drag_and_drop": ("from_x", "from_y", "to_x", "to_y"),
    "keyboard_press": ("key",),
    "keyboard_up": ("key",),
    "keyboard_down": ("key",),
    "keyboard_type": ("text",),
    "keyboard_insert_text": ("text",),
    "goto": ("url",),
    "go_back": (),
    "go_forward": (),
    "new_tab": (),
    "tab_close": (),
    "tab_focus": ("index",),
}
_BID_ARGS = ("bid", "from_bid", "to_bid")
# The text each typing action writes into the page (`fill` into its bid, the keyboard ones
# into the focused element): what the free-text minimizer sees before anything else.
TYPED_ARGS: dict[str, str] = {"fill": "value", "keyboard_type": "text", "keyboard_insert_text": "text"}
# Calls after which keyboard input goes to their bid (not `press`: its key may be Tab)
FOCUSING = frozenset({"click", "dblclick", "focus", "fill", "clear"})
_TO_USER = frozenset({"send_msg_to_user", "report_infeasible"})  # read on this device
_REFUSED = {"upload_file": "upload_file is not allowed: files on this device never go to a page"}


@dataclass(frozen=True)
class Call:
    """One parsed call: the action's name and its arguments by parameter name."""

    name: str
    args: dict[str, Any]

    def source(self) -> str:
        """Python source BrowserGym runs for this call (keyword arguments: no order to get wrong)."""
        return f"{self.name}({', '.join(f'{k}={v!r}' for k, v in self.args.items())})"

    def texts(self) -> list[str]:
        """Every string argument, lists flattened."""
        out: list[str] = []
        for value in self.args.values():
            out.extend(v for v in (value if isinstance(value, list) else [value]) if isinstance(v, str))
        return out


def parse_browsergym(text: object) -> list[Call]:
    """The calls of a BrowserGym action; anything that is not plain calls is refused."""
    if not isinstance(text, str) or not text.strip():
        raise ActionRefused('an action must be a non-empty text such as click("13")')
    if len(text) > MAX_ACTION_CHARS:
        raise ActionRefused(f"the action is longer than {MAX_ACTION_CHARS:,} characters")
    try:
        tree = ast.parse(text.strip(), mode="exec")
    except (SyntaxError, ValueError, RecursionError, MemoryError) as exc:
        raise ActionRefused(f"not a BrowserGym action: {type(exc).__name__}") from None
    if not tree.body:
        raise ActionRefused("an action must call one of BrowserGym's actions")
    if len(tree.body) > MAX_CALLS:
        raise ActionRefused(f"at most {MAX_CALLS} calls per action")
    return [_call(statement) for statement in tree.body]


def _call(statement: ast.stmt) -> Call:
    if not (isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call)):
        raise ActionRefused("only calls to BrowserGym's actions are accepted, not other Python")
    node = statement.value
    if not isinstance(node.func, ast.Name):
        raise ActionRefused("only calls to BrowserGym's actions are accepted, not other Python")
    name = node.func.id
    if name in _REFUSED:
        raise ActionRefused(_REFUSED[name])
    params = SIGNATURES.get(name)
    if params is None:
        raise ActionRefused(f"unknown action {name!r}")
    if len(node.args) > len(params):
        raise ActionRefused(f"{name} takes at most {len(params)} arguments")
    args = {params[i]: _literal(arg, name) for i, arg in enumerate(node.args)}
    for keyword in node.keywords:
        if keyword.arg not in params or keyword.arg in args:
            raise ActionRefused(f"{name} has no argument {keyword.arg!r} (or it is given twice)")
        args[keyword.arg] = _literal(keyword.value, name)
    for key in _BID_ARGS:
        if key in params and not isinstance(args.get(key), str):
            raise ActionRefused(f'{name} needs the element\'s bid as a string, e.g. {name}("13")')
    return Call(name, args)


def _literal(node: ast.expr, name: str) -> Any:
    try:
        value = ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, RecursionError, MemoryError):
        raise ActionRefused(f"{name}: arguments must be plain values (strings, numbers, lists)") from None
    ok = (str, int, float, bool, type(None))
    if isinstance(value, ok) or (isinstance(value, list | tuple) and all(isinstance(v, ok) for v in value)):
        return list(value) if isinstance(value, tuple) else value
    raise ActionRefused(f"{name}: arguments must be plain values (strings, numbers, lists)")


def plan_browsergym(
    calls: list[Call],
    *,
    vault: Vault,
    shown: Callable[[str], UINode | None],
    origin: str,
    navigate: Callable[[str], str],
) -> list[Call]:
    """The calls to run, placeholders filled in where the rules allow; else ActionRefused.

    `shown(bid)`: the raw node of a bid the agent was shown, None when it was not;
    `origin`: the current page's origin; `navigate(url)`: the URL to open, or refused."""
    out = []
    for call in calls:
        args = dict(call.args)
        for key in _BID_ARGS:
            if key in args and shown(args[key]) is None:
                raise ActionRefused(f"[{args[key]}] is not in the current observation")
        if call.name == "fill":
            action = Action("type", args["bid"], str(args.get("value", "")))
            args["value"] = rehydrate(action, vault=vault, target=shown(args["bid"]), origin=origin)
        elif call.name in _TO_USER:
            key = SIGNATURES[call.name][0]
            args[key] = rehydrate(Action("stop", text=str(args.get(key, ""))), vault=vault, target=None, origin=origin)
        else:
            tokens = [m.group(0) for text in call.texts() for m in PLACEHOLDER.finditer(text)]
            if tokens:
                raise ActionRefused(
                    f"{tokens[0]} cannot be used in {call.name}; placeholders only go into a form field "
                    "with fill() on the page they came from"
                )
            if call.name == "goto":
                args["url"] = navigate(str(args.get("url", "")))
        out.append(Call(call.name, args))
    return out


def typed_text(call: Call) -> str | None:
    """The text `call` would type into the page, None for a call that types nothing."""
    key = TYPED_ARGS.get(call.name)
    if key is None or call.args.get(key) is None:
        return None
    return str(call.args[key])


def with_typed_text(call: Call, text: str) -> Call:
    """`call` typing `text` instead (a typing call; see TYPED_ARGS)."""
    return Call(call.name, {**call.args, TYPED_ARGS[call.name]: text})


def source_of(calls: list[Call]) -> str:
    return "\n".join(call.source() for call in calls)


WITHHELD = "[withheld by webminim]"


def goal_text(obs: dict[str, Any]) -> str:
    """The task: BrowserGym's `goal_object` (text parts of its messages), else `goal`."""
    parts = []
    for message in obs.get("goal_object") or ():
        if isinstance(message, dict) and message.get("type") == "text":
            parts.append(str(message.get("text", "")))
        elif isinstance(message, str):
            parts.append(message)
    text = " ".join(p for p in parts if p.strip()) or str(obs.get("goal") or "")
    if not text.strip():
        raise ActionRefused("the observation has no goal: nothing to minimize for")
    return text


def mask(text: str, vault: Vault, task: str) -> str:
    """`text` with every vault value (whole, or its typed part) put back as its placeholder;
    withheld entirely if a secret is still in it."""
    pairs = []
    for entry in vault.entries():
        for form in {entry.value.strip(), typed_value(entry.kind, entry.value).strip()}:
            if len(form) >= 3:
                pairs.append((form, entry.placeholder))
    for form, token in sorted(pairs, key=lambda p: -len(p[0])):
        text = re.sub(re.escape(form), token, text, flags=re.I)
    return WITHHELD if secret_in(_without_placeholders(text, vault), named=" ".join(task.lower().split())) else text


def _without_placeholders(text: str, vault: Vault) -> str:
    """`text` with this vault's placeholders blanked for the secret check: "[EMAIL_1]" reads as a
    password to the guard, and "password: [OTP_1]" as one after its cue, yet a placeholder is
    no secret. Only the vault's own: a look-alike ("[OTP_482913]") is read as written."""
    return PLACEHOLDER.sub(lambda m: " " if m.group(0) in vault else m.group(0), text)


__all__ = [
    "FOCUSING",
    "SIGNATURES",
    "TYPED_ARGS",
    "WITHHELD",
    "Call",
    "goal_text",
    "mask",
    "parse_browsergym",
    "plan_browsergym",
    "source_of",
    "typed_text",
    "with_typed_text",
]
