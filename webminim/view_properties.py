"""The properties a sanitized view may show verbatim (an allow-list: ARIA states, enumerations,
small numbers, key shortcuts) and how the others are made safe."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping

from extractors.tree import PropertyValue, UINode
from webminim.safe_urls import DIGIT_RUN, safe_url
from webminim.secret_text import secret_in
from webminim.vault import PLACEHOLDER, Vault

_TRI_STATE = frozenset({"true", "false", "mixed"})
_FLAG_PROPERTIES = frozenset(
    {
        "atomic",
        "busy",
        "checked",
        "disabled",
        "expanded",
        "focusable",
        "focused",
        "modal",
        "multiline",
        "multiselectable",
        "pressed",
        "readonly",
        "required",
        "selected",
        "settable",
    }
)
_HASPOPUP = frozenset({"false", "true", "menu", "listbox", "tree", "grid", "dialog"})
_ENUM_PROPERTIES: dict[str, frozenset[str]] = {
    "autocomplete": frozenset({"none", "inline", "list", "both"}),
    "current": frozenset({"false", "true", "page", "step", "location", "date", "time"}),
    "editable": frozenset({"plaintext", "richtext"}),
    "hasPopup": _HASPOPUP,
    "haspopup": _HASPOPUP,
    "invalid": frozenset({"false", "true", "grammar", "spelling"}),
    "live": frozenset({"off", "polite", "assertive"}),
    "orientation": frozenset({"horizontal", "vertical", "undefined"}),
    "sort": frozenset({"ascending", "descending", "none", "other"}),
    "value-state": frozenset({"filled"}),
}
_TOKEN_LIST_PROPERTIES: dict[str, frozenset[str]] = {
    "relevant": frozenset({"additions", "removals", "text", "all"}),
}
_NUMBER_PROPERTIES = frozenset(
    {
        "colcount",
        "colindex",
        "colspan",
        "level",
        "posinset",
        "rowcount",
        "rowindex",
        "rowspan",
        "setsize",
        "valuemax",
        "valuemin",
        "valuenow",
    }
)
_SMALL_NUMBER = 1000  # 4+ digits is the shape of a code: `valuemax: 337740` is not a bound
_TEXT_PROPERTIES = ("roledescription", "keyshortcuts", "valuetext", "placeholder")
_TEXT_PROPERTY_KEYS = frozenset(_TEXT_PROPERTIES)
_RANGE_ROLES = frozenset({"slider", "progressbar", "meter", "scrollbar"})
_KEY = (
    r"(?:(?:Alt|AltGraph|Control|Ctrl|Meta|Cmd|Command|Option|Shift|OS)\+)*"
    r"(?:[^\s+\d]|\d|F\d{1,2}|Enter|Escape|Esc|Tab|Space|Backspace|Delete|Insert|Home|End|PageUp|PageDown"
    r"|Arrow(?:Up|Down|Left|Right)|Plus)"
)
_KEY_SHORTCUTS = re.compile(rf"{_KEY}(?: {_KEY})*")
_SPACES = re.compile(r"\s+")


def _small_number(value: object) -> bool:
    if isinstance(value, bool):
        return False
    if isinstance(value, str):
        try:
            value = float(value)
        except ValueError:
            return False
    return isinstance(value, int | float) and math.isfinite(value) and abs(value) < _SMALL_NUMBER


def verbatim_property(key: str, value: PropertyValue) -> bool:
    """True when property `key` with this `value` is on the allow-list shown as is."""
    if key in _FLAG_PROPERTIES:
        return isinstance(value, bool) or value in (0, 1) or (isinstance(value, str) and value in _TRI_STATE)
    if key in _ENUM_PROPERTIES:
        return isinstance(value, bool) or (isinstance(value, str) and value.lower() in _ENUM_PROPERTIES[key])
    if key in _TOKEN_LIST_PROPERTIES:
        tokens = str(value).split()
        return bool(tokens) and all(t in _TOKEN_LIST_PROPERTIES[key] for t in tokens)
    if key in _NUMBER_PROPERTIES:
        return _small_number(value)
    if key == "keyshortcuts":
        return isinstance(value, str) and bool(_KEY_SHORTCUTS.fullmatch(value.strip()))
    return False


def _repaired(text: str) -> str:
    """Chromium's CDP reports some string properties (`roledescription`) as UTF-8 bytes read
    as Latin-1 ("åå§å¯ç" for "初始密码"): read them back, so the guard sees the cue words."""
    try:
        return text.encode("latin-1").decode("utf-8")
    except UnicodeError:  # not mis-decoded (ASCII is unchanged either way)
        return text


def _free_text(node: UINode) -> dict[str, str]:
    """The node's free-text properties not on the allow-list, each on one line (called only
    for a node with one of `_TEXT_PROPERTY_KEYS`: most nodes have none)."""
    out: dict[str, str] = {}
    for key in _TEXT_PROPERTIES:
        value = node.properties.get(key)
        if isinstance(value, str) and value.strip() and not verbatim_property(key, value):
            out[key] = _SPACES.sub(" ", _repaired(value)).strip()
    return out


_WORDISH = re.compile(r"[^\W\d_]{3,}")


def _bare_value(text: str) -> bool:
    """A description (`title`, `aria-description`) that is only a value: 4+ digits and no
    word around them ("801056046", "G70637343") — a number or id set apart with nothing to
    say what it is, which a description, being metadata, has no business carrying."""
    if not text:
        return False  # most nodes have no description
    return not _WORDISH.search(text) and bool(DIGIT_RUN.search(re.sub(r"[\s-]", "", text)))


def _property_holds_value(text: str, name: str, task: str) -> bool:
    """Stricter than the text guard: a property is metadata, so a code-shaped number, an
    e-mail address or a secret (alone or read with the node's name) has no business there."""
    if task and text.lower() in task:
        return False  # the user named it
    text, name = PLACEHOLDER.sub(" ", text), PLACEHOLDER.sub(" ", name)  # already withheld
    return bool(DIGIT_RUN.search(text)) or "@" in text or secret_in(text) or secret_in(f"{name} {text}")


def _safe_properties(
    node: UINode,
    *,
    abstract: bool,
    vault: Vault,
    origin: str,
    task: str,
    texts: Mapping[str, str],
    withheld: Mapping[str, str],
) -> dict[str, PropertyValue]:
    """The properties a node may show: allow-listed ones as is, URLs made safe, free text as
    guarded (`texts`, with `withheld` placeholders); the rest is dropped."""
    props: dict[str, PropertyValue] = {}
    for key, value in node.properties.items():
        if key == "url":
            if isinstance(value, str) and value.strip():
                props[key] = (
                    vault.placeholder(value, kind="URL", origin=origin, node_id=node.id)
                    if abstract
                    else safe_url(value, vault=vault, origin=origin, node_id=node.id, task=task)
                )
        elif verbatim_property(key, value):
            props[key] = value
        elif key in texts and not abstract:
            props[key] = withheld.get(f"prop:{key}", texts[key])
        # anything else (unknown names, free text of an abstracted node) is dropped
    if abstract and node.value:
        props["value-state"] = "filled"
    return props


# -- the view ---------------------------------------------------------------------------------
