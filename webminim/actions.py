"""WebArena's action space, parsed, and the vault's rules for typing placeholders back.

    click [id]                 hover [id]               press [Control+Enter]
    type [id] [text] [1|0]     type [id] "text"         scroll [down|up]
    goto [url]                 go_back / go_forward     tab_focus [index]
    new_tab / close_tab        stop [answer]

Rehydration: `type [57] "[OTP_1]"` becomes the real code only when (1) the placeholder is
in this session's vault, (2) [57] is in the current sanitized view (so the policy judged
it necessary for the task), (3) it is an editable field and not a search box, (4) its
label fits the value's type, and (5) the page is on the origin the value came from. Just
before the text is typed, `check_field_site` adds (6): the field's own frame is on that
origin too (not a cross-origin <iframe> on the right page), and its form, if any, submits
there. Anything else — a placeholder in a URL, a key press, a search box, another origin — is
refused with ActionRefused. All of this is pure: the browser adapter only executes.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass
from typing import Literal
from urllib.parse import urlsplit

from extractors.roles import TEXT_ENTRY_ROLES
from extractors.tree import UINode
from webminim.errors import ActionRefused
from webminim.vault import PLACEHOLDER, Vault

Kind = Literal[
    "click",
    "hover",
    "type",
    "press",
    "scroll",
    "goto",
    "go_back",
    "go_forward",
    "tab_focus",
    "new_tab",
    "close_tab",
    "stop",
]
_BRACKETED = re.compile(r"\[([^\]]*)\]")
# Which field labels accept which placeholder type (the label is the field's accessible name).
_FITS: dict[str, re.Pattern[str]] = {
    "OTP": re.compile(r"code|otp|verif|one.?time|passcode|pin\b|2fa|token", re.I),
    "PASSWORD": re.compile(r"password|passphrase|passcode|pin\b", re.I),
    "EMAIL": re.compile(r"e-?mail|\bto\b|\bcc\b|recipient|user|login|account", re.I),
    "PHONE": re.compile(r"phone|mobile|tel|sms", re.I),
    "CARD": re.compile(r"card|payment|cc\b", re.I),
    "ADDRESS": re.compile(r"address|street|ship|deliver|billing", re.I),
}
_SEARCH = re.compile(r"search|find|look ?up|query", re.I)


@dataclass(frozen=True, slots=True)
class Action:
    kind: Kind
    node_id: str = ""
    text: str = ""
    press_enter: bool = False

    def placeholders(self) -> list[str]:
        return [m.group(0) for m in PLACEHOLDER.finditer(self.text)]


def _args(rest: str) -> list[str]:
    rest = rest.strip()
    if not rest:
        return []
    if rest.startswith("["):
        return [m.group(1) for m in _BRACKETED.finditer(rest)]
    try:
        return shlex.split(rest)
    except ValueError as exc:
        raise ActionRefused(f"cannot parse action arguments {rest[:60]!r}: {exc}") from None


def _single(rest: str) -> str:
    """The one argument of goto / press / stop / scroll: everything inside the outer brackets."""
    rest = rest.strip()
    if rest.startswith("[") and rest.endswith("]"):
        return rest[1:-1]
    args = _args(rest)
    return args[0] if args else ""


def parse_action(text: str) -> Action:
    """One action in WebArena's syntax (bracketed or quoted arguments)."""
    if not isinstance(text, str) or not text.strip():
        raise ActionRefused("empty action")
    head, _, rest = text.strip().partition(" ")
    kind = head.strip().lower()
    if kind == "type":
        # type [id] [text] [press_enter]  or  type [id] "text"
        match = re.match(r"\[([^\]]+)\]\s*(.*)$", rest.strip(), re.S)
        if not match:
            raise ActionRefused('type needs a target: type [id] "text"')
        node_id, tail = match.group(1), match.group(2).strip()
        press = False
        if tail.startswith("["):
            last = tail.rfind("]")
            trailing = re.search(r"\]\s*\[([01])\]\s*$", tail)
            if trailing:
                press = trailing.group(1) == "1"
                tail = tail[: trailing.start() + 1]
                last = tail.rfind("]")
            content = tail[1:last] if last > 0 else tail[1:]
        else:
            content = _args(tail)[0] if tail else ""
        return Action("type", node_id=node_id, text=content, press_enter=press)
    if kind in ("press", "scroll", "goto", "tab_focus", "stop"):
        return _parse_single(kind, _single(rest))
    args = _args(rest)
    if kind in ("click", "hover"):
        if len(args) != 1:
            raise ActionRefused(f"{kind} needs one target: {kind} [id]")
        return Action(kind, node_id=args[0])  # type: ignore[arg-type]
    if kind in ("go_back", "go_forward", "new_tab", "close_tab"):
        return Action(kind)  # type: ignore[arg-type]
    raise ActionRefused(
        f"unknown action {kind!r}; use click, type, hover, press, scroll, goto, go_back, "
        "go_forward, tab_focus, new_tab, close_tab or stop"
    )


def _parse_single(kind: str, arg: str) -> Action:
    if kind == "scroll":
        direction = (arg or "down").strip().lower()
        if direction not in ("up", "down"):
            raise ActionRefused("scroll takes [up] or [down]")
        return Action("scroll", text=direction)
    if kind == "goto" and not arg.strip():
        raise ActionRefused("goto needs a URL: goto [url]")
    if kind == "tab_focus" and not arg.strip().isdigit():
        raise ActionRefused("tab_focus needs a tab index: tab_focus [1]")
    return Action(kind, text=arg.strip() if kind == "tab_focus" else arg)  # type: ignore[arg-type]


def rehydrate(action: Action, *, vault: Vault, target: UINode | None, origin: str) -> str:
    """The text to really type for `action`: placeholders replaced by vault values, or refused.

    `target` is the raw node the action addresses, None when it is not in the current
    sanitized view; `origin` is the current page's origin. A `stop [answer]` is for the
    user on this device, so its placeholders are filled in (the answer never goes back to
    the model).
    """
    tokens = action.placeholders()
    if action.kind == "stop":  # the final answer is shown to the user on this device: rehydrate it
        text = action.text
        for token in dict.fromkeys(tokens):
            entry = vault.get(token)
            if entry is not None:
                text = text.replace(token, typed_value(entry.kind, entry.value))
        return text
    if action.kind != "type":
        if tokens:
            raise ActionRefused(
                f"{tokens[0]} cannot be used in a {action.kind} action; placeholders only go "
                "into a form field on the page they came from"
            )
        return action.text
    if not tokens:
        return action.text
    if target is None:
        raise ActionRefused(f"[{action.node_id}] is not in the current observation; {tokens[0]} stays in the vault")
    if target.role not in TEXT_ENTRY_ROLES or target.properties.get("disabled"):
        raise ActionRefused(f"[{target.id}] is a {target.role}, not an input field; {tokens[0]} stays in the vault")
    label = f"{target.name} {target.description}"
    if target.role == "searchbox" or _SEARCH.search(label):
        raise ActionRefused(f"{tokens[0]} cannot be typed into a search box ([{target.id}] {target.name!r})")
    text = action.text
    for token in dict.fromkeys(tokens):
        entry = vault.get(token)
        if entry is None:
            raise ActionRefused(f"{token} is not a placeholder of this session")
        if entry.origin and entry.origin != origin:
            raise ActionRefused(f"{token} came from {entry.origin} and cannot be typed into {origin or 'this page'}")
        fits = _FITS.get(entry.kind)
        if fits is not None and not fits.search(label):
            raise ActionRefused(
                f"{token} is a {entry.kind.lower()} and [{target.id}] {target.name!r} is not a "
                f"{entry.kind.lower()} field"
            )
        # a field that asks for a code gets the code of a text the vault could not type ("Use
        # 333490 to finish logging in" is TEXT: no cue word), not the whole sentence
        kind = "OTP" if entry.kind == "TEXT" and _FITS["OTP"].search(label) else entry.kind
        value = typed_value(kind, entry.value)
        vault.note_typed(token, value)
        text = text.replace(token, value)
    return text


def typed_value(kind: str, value: str) -> str:
    """The typable part of a vaulted value ("Your code is 847293." -> "847293")."""
    if kind == "OTP":
        # ASCII boundaries: `\b` sees no boundary between CJK letters and digits ("验证码483920")
        digits = re.findall(r"(?<![0-9A-Za-z])[0-9]{4,8}(?![0-9A-Za-z])", value)
        return digits[0] if digits else value
    if kind == "PASSWORD":
        match = re.search(r"(?:password|passcode|passwd|passphrase|\bpw)\s*(?:[:=·—–-]|\bis\b)?\s*(\S+)", value, re.I)
        return match.group(1) if match else value
    if kind == "EMAIL":
        match = re.search(r"[\w.+-]+@[\w-]+\.[\w.]+", value)
        return match.group(0) if match else value
    if kind == "PHONE":
        match = re.search(r"\(?\b\d{3}\)?[\s.-]\d{3}[\s.-]\d{4}\b", value)
        return match.group(0) if match else value
    return value


_DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443}


def origin_key(url: str) -> str:
    """A comparable origin for a URL or an origin string: `scheme://host[:port]` for web
    URLs (case-folded, userinfo and default ports dropped), `scheme:` for everything else
    (`about:`, `file:`, `data:`, `javascript:`), "" for nothing; a URL that does not parse
    gives "invalid:", which equals no real origin (fail closed)."""
    text = url.strip()
    if text == "null":  # an opaque origin, as a sandboxed frame's
        return text
    if re.fullmatch(r"[A-Za-z][A-Za-z0-9+.-]*", text):  # a bare scheme, as view.origin_of gives for about:blank
        return text.lower() + ":"
    try:
        parts = urlsplit(text)
        scheme = parts.scheme.lower()
        if scheme in _DEFAULT_PORTS and parts.hostname:
            host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
            port = parts.port
            return f"{scheme}://{host}" + (f":{port}" if port is not None and port != _DEFAULT_PORTS[scheme] else "")
    except ValueError:  # "http://[::1", a port out of range
        return "invalid:"
    if scheme:
        return scheme + ":"
    return "invalid:" if text else ""


def is_web_origin(key: str) -> bool:
    return "://" in key


@dataclass(frozen=True, slots=True)
class FieldSite:
    """Where a field really is, read from the browser just before typing.

    `frame_url`: the URL of the field's frame (an about:blank or srcdoc frame resolved to the
    frame that made it, whose origin it shares); `top`: whether that frame is the page itself;
    `form_targets`: where its form would send it (the form's action and any submit button's
    formaction), resolved to absolute URLs.
    """

    frame_url: str
    top: bool
    form_targets: tuple[str, ...] = ()


def check_field_site(action: Action, *, vault: Vault, site: FieldSite, page_url: str) -> None:
    """Refuse typing `action`'s placeholders into a field that is not on their origin.

    `rehydrate` checks the top page; a field can still sit in a cross-origin <iframe> on that
    page (whose scripts would read it) or in a form that submits elsewhere. Foreign origins
    are not named in the message: they are page content, and the message may reach the model.
    """
    for token in dict.fromkeys(action.placeholders()):
        entry = vault.get(token)
        if entry is None:
            continue  # rehydrate refuses placeholders that are not in the vault
        home = origin_key(entry.origin or page_url)
        where = origin_key(site.frame_url)
        # local content (about:blank, file:) has no comparable origin: only its own top frame counts
        if where != home or (not is_web_origin(home) and not site.top):
            frame = "the page" if site.top else "an embedded frame"
            raise ActionRefused(
                f"{token} came from {home or 'this page'} and [{action.node_id}] sits in {frame} of another origin; "
                f"{token} stays in the vault"
            )
        if any(origin_key(target) != home for target in site.form_targets if target):
            raise ActionRefused(
                f"{token} came from {home or 'this page'} and [{action.node_id}]'s form sends to another origin; "
                f"{token} stays in the vault"
            )
