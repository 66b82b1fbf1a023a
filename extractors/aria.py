"""Build a UITree from a Playwright aria snapshot (the YAML of `locator.aria_snapshot()`).

The snapshot is parsed line by line rather than with a YAML library: the format is a
strict subset (one list item per line, two-space indent) and a generic YAML composer
recurses once per nesting level, which a 5,000-deep page would overflow.

Nodes keep their `[ref=eN]` (mode="ai") as id, so `page.locator("aria-ref=eN")` finds them.
"""

from __future__ import annotations

import json
import re

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

from extractors.errors import ExtractionError, first_line
from extractors.roles import ROOT_ROLE, TEXT_ENTRY_ROLES, TEXT_ROLE
from extractors.tree import DEFAULT_MAX_NODES, PropertyValue, TreeBuilder, UITree

_ITEM = re.compile(r"^(?P<indent> *)- (?P<body>.*)$")
_ROLE = re.compile(r"^(?P<role>[A-Za-z][\w-]*)")
_NAME = re.compile(r'^\s+(?P<name>"(?:[^"\\]|\\.)*"|/(?:[^/\\]|\\.)*/)')
_ATTR = re.compile(r"^\s*\[(?P<key>[\w-]+)(?:=(?P<value>[^\]]*))?\]")
_ROLE_NAMES = {"img": "image", "iframe": "Iframe", "text": TEXT_ROLE}
_VALUE_ROLES = TEXT_ENTRY_ROLES | {"slider"}
_BOOLEAN_ATTRS = {"disabled": "disabled", "expanded": "expanded", "selected": "selected", "active": "focused"}


def _unquote(scalar: str) -> str:
    """A YAML scalar as written by Playwright: plain, 'single' or "double" quoted."""
    scalar = scalar.strip()
    if len(scalar) >= 2 and scalar[0] == scalar[-1] == "'":
        return scalar[1:-1].replace("''", "'")
    if len(scalar) >= 2 and scalar[0] == scalar[-1] == '"':
        try:
            return str(json.loads(scalar))
        except json.JSONDecodeError:
            return scalar[1:-1]
    return scalar


def _split_key_value(body: str) -> tuple[str, str | None]:
    """Split `key: value` at the first colon outside quotes, brackets and regexes."""
    quote: str | None = None
    depth = 0
    i = 0
    while i < len(body):
        ch = body[i]
        if quote:
            if ch == "\\" and quote == '"':
                i += 2
                continue
            if ch == quote:
                quote = None
        elif ch in "\"'":
            quote = ch
        elif ch == "[":
            depth += 1
        elif ch == "]":
            depth -= 1
        elif ch == ":" and depth == 0 and (i + 1 == len(body) or body[i + 1] == " "):
            return body[:i], body[i + 1 :].strip()
        i += 1
    return body, None


def _parse_key(key: str) -> tuple[str, str, dict[str, str | None]]:
    """`role "name" [attr] [attr=value]` -> (role, name, attrs)."""
    match = _ROLE.match(key)
    if match is None:
        raise ExtractionError(f"aria snapshot line has no role: {key[:60]!r}")
    role = match["role"]
    rest = key[match.end() :]
    name = ""
    name_match = _NAME.match(rest)
    if name_match:
        raw = name_match["name"]
        name = _unquote(raw) if raw.startswith('"') else raw[1:-1]
        rest = rest[name_match.end() :]
    attrs: dict[str, str | None] = {}
    while (attr := _ATTR.match(rest)) is not None:
        attrs[attr["key"]] = attr["value"]
        rest = rest[attr.end() :]
    return role, name, attrs


def _properties(attrs: dict[str, str | None]) -> dict[str, PropertyValue]:
    props: dict[str, PropertyValue] = {}
    for key, value in attrs.items():
        if key in ("checked", "pressed"):
            props[key] = "true" if value is None else value
        elif key in _BOOLEAN_ATTRS:
            props[_BOOLEAN_ATTRS[key]] = True if value is None else value == "true"
        elif key == "level" and value is not None and value.isdigit():
            props["level"] = int(value)
    return props


def tree_from_aria_snapshot(
    snapshot: str, *, url: str = "", title: str = "", max_nodes: int = DEFAULT_MAX_NODES
) -> UITree:
    """Build a tree from aria-snapshot YAML; a RootWebArea named `title` holds the items."""
    # Nodes are collected first because `/url` lines add a property to the item above them.
    nodes: dict[str, dict] = {"root": _node(ROOT_ROLE, None, title, None, {"url": url} if url else {})}
    stack: list[tuple[int, str]] = [(-1, "root")]  # (indent of the item's "- ", node id)
    counter = 0
    for line_no, line in enumerate(snapshot.splitlines(), start=1):
        if not line.strip():
            continue
        item = _ITEM.match(line)
        if item is None:
            raise ExtractionError(f"aria snapshot line {line_no} is not a list item: {line.strip()[:60]!r}")
        indent = len(item["indent"])
        while stack[-1][0] >= indent:
            stack.pop()
        parent = stack[-1][1]
        key, value = _split_key_value(item["body"])
        key = _unquote(key)
        if key.startswith("/"):  # /url, /placeholder: a property of the enclosing item
            nodes[parent]["properties"][key[1:]] = _unquote(value or "")
            continue
        role, name, attrs = _parse_key(key)
        role = _ROLE_NAMES.get(role, role)
        counter += 1
        node_id = attrs.get("ref") or f"a{counter}"
        text = _unquote(value) if value else ""
        if role == TEXT_ROLE:
            name, text = name or text, ""
        if node_id in nodes:
            raise ExtractionError(f"aria snapshot line {line_no} repeats ref {node_id!r}")
        is_value = bool(text) and role in _VALUE_ROLES
        nodes[node_id] = _node(role, parent, name, text if is_value else None, _properties(attrs))
        if text and not is_value:
            counter += 1
            nodes[f"a{counter}"] = _node(TEXT_ROLE, node_id, text, None, {})
        stack.append((indent, node_id))
    if len(nodes) > max_nodes:
        raise ExtractionError(f"aria snapshot has more than {max_nodes:,} nodes; refusing to build a partial tree")
    builder = TreeBuilder(max_nodes=max_nodes)
    for node_id, node in nodes.items():
        builder.add(node_id, **node)
    return builder.build(url=url, title=title)


def _node(role: str, parent: str | None, name: str, value: str | None, props: dict[str, PropertyValue]) -> dict:
    return {"role": role, "parent": parent, "name": name, "value": value, "properties": props}


def extract_aria(page: Page, *, max_nodes: int = DEFAULT_MAX_NODES) -> UITree:
    """The page's aria snapshot in AI mode (iframes included, refs as ids) as a UITree."""
    try:
        snapshot = page.locator(":root").aria_snapshot(mode="ai")
        title = page.title()
    except PlaywrightError as exc:
        raise ExtractionError(f"could not take an aria snapshot: {first_line(exc)}") from exc
    except (AttributeError, TypeError):  # an older Playwright: no aria_snapshot(mode="ai")
        raise ExtractionError("this Playwright has no AI-mode aria snapshot; upgrade it or use CDP") from None
    return tree_from_aria_snapshot(snapshot, url=page.url, title=title, max_nodes=max_nodes)
