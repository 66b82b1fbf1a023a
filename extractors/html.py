"""Build a UITree from static HTML, without a browser.

A pragmatic subset of HTML-AAM role mapping and accname computation, close enough to
Chromium that the interactive elements of a page agree with the CDP tree (a test measures
it). Hidden content is excluded (`hidden`, `aria-hidden="true"`, inline `display:none` /
`visibility:hidden`, `type=hidden`, script/style/template). The walk is iterative.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from dataclasses import dataclass
from urllib.parse import urljoin

from bs4 import BeautifulSoup, NavigableString, Tag
from bs4.builder import ParserRejectedMarkup
from bs4.element import CData, Comment, Declaration, Doctype, ProcessingInstruction

from extractors.errors import ExtractionError
from extractors.html_roles import (
    INPUT_DEFAULT_NAMES,
    INPUT_ROLES,
    NAME_FROM_CONTENT,
    NAME_PROHIBITED,
    NON_CONTENT_TAGS,
    TAG_ROLES,
    TRANSPARENT_TAGS,
    VALID_ARIA_ROLES,
)
from extractors.roles import INTERACTIVE_ROLES, ROOT_ROLE, TEXT_ROLE
from extractors.tree import DEFAULT_MAX_NODES, PropertyValue, TreeBuilder, UITree

_HIDDEN_STYLE = re.compile(
    r"(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)\s*(?:!important)?\s*(?:;|$)", re.I
)
_SPACE = re.compile(r"\s+")
_LOOKS_LIKE_HTML = re.compile(r"<\s*(?:!doctype|[a-zA-Z][a-zA-Z0-9-]*)[\s>/]", re.I)
_SKIPPED_STRINGS = (Comment, CData, Declaration, Doctype, ProcessingInstruction)
_TEXT_LIMIT = 2_000
_MAX_SRCDOC_DEPTH = 4


def _collapse(text: str) -> str:
    return _SPACE.sub(" ", text).strip()


def _is_hidden(tag: Tag) -> bool:
    if tag.name in NON_CONTENT_TAGS:
        return True
    if tag.has_attr("hidden") or str(tag.get("aria-hidden", "")).lower() == "true":
        return True
    if tag.name == "input" and str(tag.get("type", "")).lower() == "hidden":
        return True
    style = tag.get("style")
    return bool(style and _HIDDEN_STYLE.search(str(style)))


@dataclass(slots=True)
class _Document:
    soup: BeautifulSoup
    by_id: dict[str, Tag]
    label_for: dict[str, Tag]
    base_url: str


class _Builder:
    def __init__(self, base_url: str, max_nodes: int) -> None:
        self.tree = TreeBuilder(max_nodes=max_nodes)
        self.base_url = base_url
        self.title = ""
        self._next = 0

    def new_id(self) -> str:
        self._next += 1
        return str(self._next)

    # -- text -----------------------------------------------------------------------------
    def text_of(self, tag: Tag, *, skip: Tag | None = None) -> str:
        """Visible text of a subtree (alt text of images included), bounded in length."""
        parts: list[str] = []
        size = 0
        stack: list[Tag | NavigableString] = [tag]
        while stack and size < _TEXT_LIMIT:
            item = stack.pop()
            if isinstance(item, NavigableString):
                if not isinstance(item, _SKIPPED_STRINGS):
                    parts.append(str(item))
                    size += len(item)
                continue
            if item is skip or (item is not tag and _is_hidden(item)):
                continue
            if item.name == "img" and item.get("alt"):
                parts.append(f" {item['alt']} ")
            elif item.name in ("input", "select", "textarea") and item is not tag:
                continue
            stack.extend(reversed(list(item.children)))
        return _collapse("".join(parts))[:_TEXT_LIMIT]

    # -- roles ----------------------------------------------------------------------------
    def role_of(self, tag: Tag) -> str | None:
        """The node role, or None when the element adds no node (its children are promoted)."""
        explicit = str(tag.get("role", "")).split()
        for candidate in explicit:
            if candidate in ("presentation", "none"):
                return None if not tag.has_attr("tabindex") else "generic"
            if candidate in VALID_ARIA_ROLES:
                return "image" if candidate == "img" else candidate
        name = tag.name
        if name in TRANSPARENT_TAGS:
            return None
        if name == "a" or name == "area":
            return "link" if tag.has_attr("href") else ("generic" if name == "a" else None)
        if name == "input":
            kind = str(tag.get("type", "text")).lower()
            return INPUT_ROLES.get(kind, "textbox")
        if name == "select":
            multiple = tag.has_attr("multiple") or _int(tag.get("size"), 1) > 1
            return "listbox" if multiple else "combobox"
        if name == "img":
            return None if tag.get("alt", None) == "" else "image"
        if name == "header":
            return "sectionheader" if self._in_sectioning(tag) else "banner"
        if name == "footer":
            return "sectionfooter" if self._in_sectioning(tag) else "contentinfo"
        if name == "section":
            return "region" if tag.get("aria-label") or tag.get("aria-labelledby") else "generic"
        if name == "th":
            return "rowheader" if str(tag.get("scope", "")).lower() == "row" else "columnheader"
        if tag.has_attr("contenteditable") and str(tag.get("contenteditable")).lower() != "false":
            return "generic"
        return TAG_ROLES.get(name, "generic" if tag.has_attr("tabindex") else None)

    @staticmethod
    def _in_sectioning(tag: Tag) -> bool:
        return any(p.name in ("article", "aside", "main", "nav", "section") for p in tag.parents)

    # -- names ----------------------------------------------------------------------------
    def name_of(self, tag: Tag, role: str, doc: _Document) -> tuple[str, bool]:
        """(accessible name, whether the title attribute was used for it)."""
        labelledby = str(tag.get("aria-labelledby", "")).split()
        if labelledby:
            text = " ".join(self.text_of(doc.by_id[i]) for i in labelledby if i in doc.by_id)
            if text.strip():
                return _collapse(text), False
        label = _collapse(str(tag.get("aria-label", "")))
        if label:
            return label, False
        native = self._native_name(tag, role, doc)
        if native:
            return native, False
        if role in NAME_FROM_CONTENT:
            text = self.text_of(tag)
            if text:
                return text, False
        if role in NAME_PROHIBITED:
            return "", False  # the title becomes the description, as in Chromium
        title = _collapse(str(tag.get("title", "")))
        return title, bool(title)

    def _native_name(self, tag: Tag, role: str, doc: _Document) -> str:
        name = tag.name
        if name == "input":
            kind = str(tag.get("type", "text")).lower()
            if kind in ("button", "submit", "reset"):
                return _collapse(str(tag.get("value", ""))) or INPUT_DEFAULT_NAMES.get(kind, "")
            if kind == "image":
                return _collapse(str(tag.get("alt", "") or tag.get("value", "")))
        if name in ("input", "select", "textarea", "meter", "progress", "output") or (
            name == "button" and role == "button" and not self.text_of(tag)
        ):
            labels = []
            if tag.get("id") and str(tag["id"]) in doc.label_for:
                labels.append(self.text_of(doc.label_for[str(tag["id"])]))
            wrapping = tag.find_parent("label")
            if wrapping is not None:
                labels.append(self.text_of(wrapping, skip=tag))
            text = _collapse(" ".join(labels))
            if text:
                return text
            if name in ("input", "textarea"):
                return _collapse(str(tag.get("title", "") or tag.get("placeholder", "")))
        if name in ("img", "area"):
            return _collapse(str(tag.get("alt", "")))
        if name == "fieldset":
            legend = tag.find("legend")
            return self.text_of(legend) if legend else ""
        if name == "table":
            caption = tag.find("caption")
            return self.text_of(caption) if caption else ""
        if name == "figure":
            caption = tag.find("figcaption")
            return self.text_of(caption) if caption else ""
        if name == "iframe":
            return _collapse(str(tag.get("title", "")))
        return ""

    # -- values and states ------------------------------------------------------------------
    def value_of(self, tag: Tag, role: str) -> str | None:
        if tag.name == "input":
            kind = str(tag.get("type", "text")).lower()
            raw = tag.get("value")
            if raw is None or kind in ("button", "submit", "reset", "image", "checkbox", "radio"):
                return None
            # Chromium never exposes a password's characters; neither do we.
            return "•" * len(str(raw)) if kind == "password" else str(raw)
        if tag.name == "textarea":
            return tag.get_text() or None
        if role == "combobox" and tag.name == "select":
            options = tag.find_all("option")
            chosen = next((o for o in options if o.has_attr("selected")), options[0] if options else None)
            return _collapse(chosen.get_text()) if chosen else None
        for attr in ("aria-valuetext", "aria-valuenow"):
            if tag.get(attr):
                return str(tag[attr])
        return None

    def properties_of(self, tag: Tag, role: str) -> dict[str, PropertyValue]:
        props: dict[str, PropertyValue] = {}
        if role in INTERACTIVE_ROLES or tag.has_attr("tabindex"):
            props["focusable"] = True
        if tag.has_attr("disabled") or str(tag.get("aria-disabled", "")).lower() == "true":
            props["disabled"] = True
            props.pop("focusable", None)
        if tag.name == "input" and role in ("checkbox", "radio"):
            props["checked"] = "true" if tag.has_attr("checked") else "false"
        elif tag.get("aria-checked"):
            props["checked"] = str(tag["aria-checked"]).lower()
        if tag.name in ("input", "select", "textarea") and role not in ("button",):
            props["required"] = tag.has_attr("required") or str(tag.get("aria-required", "")).lower() == "true"
        if tag.name == "textarea":
            props["multiline"] = True
        if tag.has_attr("readonly"):
            props["readonly"] = True
        if tag.get("aria-expanded"):
            props["expanded"] = str(tag["aria-expanded"]).lower() == "true"
        elif tag.name == "summary" and tag.parent is not None and tag.parent.name == "details":
            props["expanded"] = tag.parent.has_attr("open")
        elif role == "combobox":
            props["expanded"] = False
        if tag.name == "option":
            props["selected"] = tag.has_attr("selected")
        elif tag.get("aria-selected"):
            props["selected"] = str(tag["aria-selected"]).lower() == "true"
        if tag.get("aria-pressed"):
            props["pressed"] = str(tag["aria-pressed"]).lower()
        if role == "heading":
            props["level"] = _int(tag.get("aria-level"), int(tag.name[1]) if re.fullmatch(r"h[1-6]", tag.name) else 2)
        if role == "link" and tag.has_attr("href"):
            props["url"] = _joined(self.base_url, str(tag["href"]))
        props.update(_aria_properties(tag, role))
        return props

    # -- the walk ---------------------------------------------------------------------------
    def add_document(self, html: str, parent: str | None, depth: int) -> None:
        soup = BeautifulSoup(html, "html.parser")
        doc = _Document(
            soup,
            {str(t["id"]): t for t in soup.find_all(id=True)},
            {str(t["for"]): t for t in soup.find_all("label", attrs={"for": True})},
            self.base_url,
        )
        title_tag = soup.find("title")
        title = _collapse(title_tag.get_text()) if title_tag else ""
        if parent is None:
            self.title = title
        root_id = self.new_id()
        root_props: dict[str, PropertyValue] = {"focusable": True}
        if self.base_url and parent is None:
            root_props["url"] = self.base_url
        self.tree.add(
            root_id,
            ROOT_ROLE,
            parent=parent,
            name=title,
            properties=root_props,
        )
        stack: list[tuple[Tag | NavigableString, str]] = [(c, root_id) for c in reversed(list(_top_level(soup)))]
        while stack:
            item, parent_id = stack.pop()
            if isinstance(item, NavigableString):
                if not isinstance(item, _SKIPPED_STRINGS):
                    text = _collapse(str(item))
                    if text:
                        self.tree.add(self.new_id(), TEXT_ROLE, parent=parent_id, name=text)
                continue
            if _is_hidden(item):
                continue
            role = self.role_of(item)
            child_parent = parent_id
            if role is not None:
                node_id = self.new_id()
                name, name_is_title = self.name_of(item, role, doc)
                description = ""
                if not name_is_title:
                    description = _collapse(str(item.get("title", "")))
                if item.get("aria-description"):  # wins over the title, as in Chromium
                    description = _collapse(str(item["aria-description"]))
                described = [doc.by_id[i] for i in str(item.get("aria-describedby", "")).split() if i in doc.by_id]
                if described:
                    description = _collapse(" ".join(self.text_of(d) for d in described))
                self.tree.add(
                    node_id,
                    role,
                    parent=parent_id,
                    name=name,
                    value=self.value_of(item, role),
                    description=description,
                    properties=self.properties_of(item, role),
                )
                child_parent = node_id
                if item.name == "iframe" and item.get("srcdoc") and depth < _MAX_SRCDOC_DEPTH:
                    self.add_document(str(item["srcdoc"]), node_id, depth + 1)
            if item.name in ("input", "textarea", "img", "iframe"):
                continue  # their content is the value or a separate document, not children
            stack.extend((c, child_parent) for c in reversed(list(item.children)))


def _joined(base_url: str, href: str) -> str:
    """`href` resolved against the document's URL; a link that does not parse (`http://[::1`)
    is kept as written: it is that link's problem, for the view to show as invalid."""
    if not base_url:
        return href
    try:
        return urljoin(base_url, href)
    except ValueError:
        return href


# ARIA attributes Chromium reports as AX properties (CDP names), when the page sets them.
_ARIA_TEXT = {"aria-roledescription": "roledescription", "aria-keyshortcuts": "keyshortcuts"}
_ARIA_TOKENS = {
    "aria-live": "live",
    "aria-relevant": "relevant",
    "aria-orientation": "orientation",
    "aria-autocomplete": "autocomplete",
    "aria-haspopup": "hasPopup",
    "aria-invalid": "invalid",
}
_ARIA_FLAGS = {
    "aria-atomic": "atomic",
    "aria-busy": "busy",
    "aria-modal": "modal",
    "aria-multiselectable": "multiselectable",
}
_ARIA_NUMBERS = {"aria-valuemin": "valuemin", "aria-valuemax": "valuemax"}
_RANGE_ROLES = frozenset({"slider", "spinbutton", "progressbar", "meter", "scrollbar", "separator"})


def _aria_properties(tag: Tag, role: str) -> dict[str, PropertyValue]:
    """The page's own ARIA properties, as raw as Chromium gives them: the view decides what
    of them may be shown (aria-valuetext is the node's value, see `value_of`)."""
    props: dict[str, PropertyValue] = {}
    for attr, key in _ARIA_TEXT.items():
        text = _collapse(str(tag.get(attr, "")))
        if text:
            props[key] = text
    for attr, key in _ARIA_TOKENS.items():
        text = _collapse(str(tag.get(attr, ""))).lower()
        if text:
            props[key] = text
    for attr, key in _ARIA_FLAGS.items():
        if str(tag.get(attr, "")).strip().lower() == "true":
            props[key] = True
    if role in _RANGE_ROLES:
        for attr, key in _ARIA_NUMBERS.items():
            number = _number(tag.get(attr))
            if number is not None:
                props[key] = number
    return props


def _number(raw: object) -> int | float | None:
    try:
        value = float(str(raw).strip())
    except (TypeError, ValueError):
        return None
    if not math.isfinite(value):
        return None
    return int(value) if value.is_integer() else value


def _top_level(soup: BeautifulSoup) -> Iterator[Tag | NavigableString]:
    body = soup.find("body")
    if isinstance(body, Tag):
        return iter(body.children)
    return iter(soup.children)


def _int(raw: object, default: int) -> int:
    try:
        return int(str(raw))
    except (TypeError, ValueError):
        return default


def tree_from_html(html: str | bytes, *, url: str = "", max_nodes: int = DEFAULT_MAX_NODES) -> UITree:
    """Build the accessibility tree of a static HTML document.

    Args:
        html: the document, as text or UTF-8 bytes.
        url: the document's address, used to resolve link URLs (optional).
        max_nodes: refuse documents with more accessibility nodes than this.

    Raises:
        ExtractionError: empty input, binary or non-HTML content, markup the parser rejects,
            or too many nodes; never a foreign error (a link that does not parse is kept
            as written, for the view to show as `[invalid URL]`).
    """
    if isinstance(html, bytes):
        if b"\x00" in html[:4096]:
            raise ExtractionError("input is binary, not an HTML document")
        try:
            html = html.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise ExtractionError("input is not UTF-8 text, so not an HTML document") from exc
    if not html.strip():
        raise ExtractionError("input is empty, not an HTML document")
    if not _LOOKS_LIKE_HTML.search(html[:65536]):
        raise ExtractionError("input has no HTML tags, so it is not an HTML document")
    builder = _Builder(url, max_nodes)
    try:
        builder.add_document(html, None, 0)
        return builder.tree.build(url=url, title=builder.title)
    except ExtractionError:
        raise
    except ParserRejectedMarkup as exc:  # html.parser gives up on some broken declarations (`<![ x`)
        raise ExtractionError("input is not HTML the parser can read (a malformed declaration)") from exc
    except (ValueError, TypeError, LookupError, AssertionError, RecursionError) as exc:
        # our boundary: a foreign error from parsing is a malformed document, in one line
        raise ExtractionError(f"input could not be parsed as HTML: {type(exc).__name__}") from exc
