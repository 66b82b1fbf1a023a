"""A UITree from WebArena's own accessibility-tree text (`obs["text"]` of its ScriptBrowserEnv),
keeping WebArena's element ids, so its `click [id]` / `type [id] [text]` still resolve.

    Tab 0 (current): Shop | Tab 1: Mail

    [1] RootWebArea 'Shop' focused: True
        [25] link 'Cart (2)'
        [31] textbox 'Search' required: False

Each node is one line: `[id] role repr(name)` then `property: value` pairs, one tab of
indentation per depth. A line that does not read as one node is an error for the whole text
(never a partial tree).
"""

from __future__ import annotations

import ast
import re

from extractors.errors import ExtractionError
from extractors.tree import DEFAULT_MAX_NODES, PropertyValue, TreeBuilder, UITree

MAX_TEXT_CHARS = 16 * 1024 * 1024
_LINE = re.compile(r"(\t*)\[([^\]\s]+)\] (\S+) (.*)\Z", re.S)
_TAB = re.compile(r"Tab (\d+)( \(current\))?: ")
# Chromium's accessibility property names (what WebArena prints after the name)
_PROPERTIES = [
    "activedescendant",
    "atomic",
    "autocomplete",
    "busy",
    "checked",
    "controls",
    "describedby",
    "details",
    "disabled",
    "editable",
    "errormessage",
    "expanded",
    "flowto",
    "focusable",
    "focused",
    "hasPopup",
    "haspopup",
    "hidden",
    "hiddenRoot",
    "invalid",
    "keyshortcuts",
    "labelledby",
    "level",
    "live",
    "modal",
    "multiline",
    "multiselectable",
    "orientation",
    "owns",
    "pressed",
    "readonly",
    "relevant",
    "required",
    "roledescription",
    "root",
    "selected",
    "settable",
    "url",
    "valuemax",
    "valuemin",
    "valuetext",
]
# `value: '...'` (a repr) is what webminim's own rendering of this format adds
_PROPERTY = re.compile(rf"(?:^|\s)(value|{'|'.join(_PROPERTIES)}): ")


def tree_from_webarena_text(text: str, *, url: str = "", max_nodes: int = DEFAULT_MAX_NODES) -> UITree:
    if not isinstance(text, str):
        raise ExtractionError("a WebArena observation text must be a string")
    if len(text) > MAX_TEXT_CHARS:
        raise ExtractionError(f"the WebArena observation is larger than {MAX_TEXT_CHARS // (1024 * 1024)} MiB")
    header, body = _split(text)
    tabs, active = _tabs(header)
    builder = TreeBuilder(max_nodes=max_nodes)
    # (indent, id) of the open nodes; WebArena drops repeated StaticText lines, so a child may
    # sit more than one tab deeper than the line before it: it hangs from the nearest shallower
    open_nodes: list[tuple[int, str]] = []
    for number, line in enumerate(body.split("\n"), start=1):
        if not line.strip():
            continue
        match = _LINE.match(line)
        if match is None:
            raise ExtractionError(f"WebArena observation line {number} is not a node: {line[:60]!r}")
        indent, node_id, role, rest = len(match.group(1)), match.group(2), match.group(3), match.group(4)
        while open_nodes and open_nodes[-1][0] >= indent:
            open_nodes.pop()
        if not open_nodes and len(builder):
            raise ExtractionError(f"WebArena observation line {number} is not under the root")
        name, tail = _name(rest, number)
        props = _props(tail, number)
        value = props.pop("value", None)
        if value is not None:
            value, _ = _name(str(value), number)
        builder.add(
            node_id, role, parent=open_nodes[-1][1] if open_nodes else None, name=name, value=value, properties=props
        )
        open_nodes.append((indent, node_id))
    title = tabs[active] if tabs and active < len(tabs) else ""
    return builder.build(url=url, title=title, tabs=tuple(tabs), active_tab=active)


def _split(text: str) -> tuple[str, str]:
    first, sep, rest = text.partition("\n\n")
    if sep and first.startswith("Tab ") and "\n" not in first:
        return first, rest
    return "", text


def _tabs(header: str) -> tuple[list[str], int]:
    if not header:
        return [], 0
    marks = list(_TAB.finditer(header))
    if not marks:  # WebArena prints a bare "Tab {idx} | ..." when it cannot read the titles
        return ["" for _ in header.split(" | ")], 0
    titles, active = [], 0
    for k, mark in enumerate(marks):
        end = marks[k + 1].start() - 3 if k + 1 < len(marks) else len(header)  # " | " between tabs
        titles.append(header[mark.end() : end])
        if mark.group(2):
            active = k
    return titles, active


def _name(rest: str, number: int) -> tuple[str, str]:
    """The Python string literal at the start of `rest` (WebArena prints repr(name)), and the rest."""
    if not rest or rest[0] not in "'\"":
        raise ExtractionError(f"WebArena observation line {number} has no quoted name")
    quote, i = rest[0], 1
    while i < len(rest):
        if rest[i] == "\\":
            i += 2
            continue
        if rest[i] == quote:
            break
        i += 1
    else:
        raise ExtractionError(f"WebArena observation line {number} has an unterminated name")
    try:
        name = ast.literal_eval(rest[: i + 1])
    except (ValueError, SyntaxError):
        raise ExtractionError(f"WebArena observation line {number} has an unreadable name") from None
    return str(name), rest[i + 1 :]


def _props(tail: str, number: int) -> dict[str, PropertyValue]:
    tail = tail.rstrip()
    if not tail.strip():
        return {}
    marks = list(_PROPERTY.finditer(tail))
    if not marks or tail[: marks[0].start()].strip():
        raise ExtractionError(f"WebArena observation line {number} has text after its name that is no property")
    props: dict[str, PropertyValue] = {}
    for k, mark in enumerate(marks):
        end = marks[k + 1].start() if k + 1 < len(marks) else len(tail)
        raw = tail[mark.end() : end].strip()
        props[mark.group(1)] = raw if mark.group(1) == "value" else _value(raw)
    return props


def _value(raw: str) -> PropertyValue:
    if raw in ("True", "False"):
        return raw == "True"
    try:
        return int(raw)
    except ValueError:
        pass
    try:
        return float(raw)
    except ValueError:
        return raw
