"""The sanitized view: a raw UITree plus K/A/R decisions -> the tree that may leave the device.

* Remove: the node's line disappears; kept descendants are promoted to the nearest kept
  ancestor.
* Abstract: role, structure and state stay; name / value / description become typed vault
  placeholders; a filled value shows as `value-state: filled`; a URL becomes a placeholder;
  free-text properties are dropped.
* Task echo: an abstracted node whose whole text already appears in the task is shown as
  is (the user put it there; showing it tells the remote model nothing new) — so "Switch
  to the tab 'Chase Bank'" can find the Chase Bank tab. Reason "named by the task".
* Secret guard (webminim.secret_guard): a kept node whose text holds a code, password,
  card or SSN number or token — also encoded, or split over siblings — has that text
  withheld whatever the scores say. Only the offending field goes when the rest is clean:
  a button whose `title` holds a code keeps its own label.
* Only what was sanitized is rendered: properties are shown verbatim only from an
  allow-list (states, small enums, small numbers); free text (`roledescription`,
  `keyshortcuts`, `valuetext`, `placeholder`) goes through the guard; anything else is
  dropped. URLs lose userinfo, query and fragment; path segments that look like codes,
  tokens or ids become placeholders; `mailto:`/`tel:` targets are abstracted; `data:`,
  `javascript:` and `blob:` URLs are never shown; a URL that does not parse is one node's
  problem (`[invalid URL]`), never the page's.
* Leak paths beyond the node itself are closed: a kept ancestor whose name, description or
  free-text property repeats a withheld descendant's text gets that text replaced (by the
  descendant's placeholder, or `…` when it was removed); background tab titles are
  placeholders.
"""

from __future__ import annotations

import ipaddress
import math
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote, unquote, urlsplit, urlunsplit

import numpy as np

from extractors.tree import OrderedTreeBuilder, PropertyValue, UINode, UITree
from webminim.contact_guard import mask_addresses
from webminim.decisions import A, Decision, Decisions, Grounds, K, R
from webminim.renderers import render
from webminim.secret_guard import flag_secrets, secret_in
from webminim.vault import PLACEHOLDER, Vault, kind_of

REMOVED_TEXT = "…"
INVALID_URL = "[invalid URL]"
_MIN_LEAK = 3  # shorter withheld strings ("OK", "$1") are not worth redacting from names
_ANCESTOR_LIMIT = 64  # names from content come from nearby descendants


@dataclass(frozen=True, slots=True)
class SanitizedView:
    tree: UITree  # exactly what may be sent
    decisions: Mapping[str, Decision]  # raw node id -> decision
    roles: Mapping[str, str]  # raw node id -> role (roles carry no page text)

    def text(self, fmt: str = "webarena") -> str:
        return render(self.tree, fmt)  # type: ignore[arg-type]

    def counts(self) -> dict[str, int]:
        out = {"K": 0, "A": 0, "R": 0}
        for d in self.decisions.values():
            out[d.action] += 1
        return out

    def nodes_json(self) -> list[dict[str, Any]]:
        """Per raw node: id, role, name as sent (None when removed), action, s, n."""
        rows = []
        for node_id, d in self.decisions.items():
            sent = self.tree.get(node_id)
            rows.append(
                {
                    "id": node_id,
                    "role": self.roles.get(node_id) if sent is None else sent.role,
                    "name": None if d.action == "R" or sent is None else sent.name,
                    "action": d.action,
                    "s": round(d.s, 2),
                    "n": round(d.n, 2),
                }
            )
        return rows


# -- URLs -------------------------------------------------------------------------------------
# Every parse is guarded: a URL the page wrote badly (`http://[::1`) is that link's problem.

_SCHEME = re.compile(r"^\s*([A-Za-z][A-Za-z0-9+.-]*):")
_AUTHORITY = re.compile(r"^\s*([A-Za-z][A-Za-z0-9+.-]*):(//[^/?#]*)?")
_USERINFO = re.compile(r"^(\s*[A-Za-z][A-Za-z0-9+.-]*://)[^/?#@]*@")
# Their payload is the content itself (a whole page, a script): never shown, only named.
_HIDDEN_SCHEMES = {
    "data": "[data URL]",
    "javascript": "[javascript URL]",
    "vbscript": "[javascript URL]",
    "blob": "[blob URL]",
    "filesystem": "[blob URL]",
}
# Opaque schemes whose whole target is a personal address.
_ADDRESS_SCHEMES = {"mailto": "EMAIL", "tel": "PHONE", "sms": "PHONE", "callto": "PHONE"}
_URL_NOISE = re.compile(r"[\t\r\n]")
_C0_OR_SPACE = "".join(map(chr, range(0x21)))
_DIGIT_RUN = re.compile(r"\d{4,}")
_CHUNK = re.compile(r"[^-_.~+]+")
_PARAM_NAME = re.compile(r"[A-Za-z][A-Za-z_-]{0,23}")
_SECRET_CUE = re.compile(r"pass|pwd|pin|otp|code|token|secret|key|auth|sess|sid|ssn", re.I)


def origin_of(url: str) -> str:
    """`scheme://host[:port]` of a URL, the scheme alone for opaque ones, "" for "".

    Never raises: an unparsable URL falls back to its literal scheme and authority (or
    `[invalid URL]`), so that vault entries made from it never match a real origin.
    """
    try:
        parts = urlsplit(url)
    except ValueError:
        match = _AUTHORITY.match(url)
        return f"{match[1].lower()}:{match[2] or ''}" if match else INVALID_URL
    return f"{parts.scheme}://{parts.netloc}" if parts.scheme and parts.netloc else parts.scheme or ""


def strip_query(url: str) -> str:
    """The URL without userinfo, query string and fragment (never raises)."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return _USERINFO.sub(r"\1", url.split("?", 1)[0].split("#", 1)[0])
    if not parts.scheme:
        return url.split("?", 1)[0].split("#", 1)[0]
    netloc = parts.netloc.rpartition("@")[2]
    return urlunsplit((parts.scheme, netloc, parts.path, "", ""))


def looks_like_token(segment: str) -> bool:
    """True when a (decoded) URL path segment or host label looks like a code, id or token.

    Digits-heavy: a run of 4+ digits, or 4+ digits making up half the segment
    (`414922`, `code-4-1-4-9`); random-looking: 16+ characters mixing letters and digits
    without word structure (`aB3dE5fG7hJ9kL1m`, a UUID, a JWT part); an e-mail address;
    or anything the secret guard calls a secret (`password=hunter2`).
    """
    text = segment.strip()
    if not text:
        return False
    alnum = [c for c in text if c.isalnum()]
    digits = sum(c.isdigit() for c in alnum)
    if _DIGIT_RUN.search(text) or (digits >= 4 and 2 * digits >= len(alnum)):
        return True
    if "@" in text:
        return True
    letters = len(alnum) - digits
    if len(text) >= 16 and digits and letters:
        chunks = _CHUNK.findall(text)
        mixed_chunk = any(len(c) >= 12 and any(ch.isdigit() for ch in c) for c in chunks)
        if len(chunks) == 1 or mixed_chunk or 4 * digits >= len(alnum):
            return True
    # the full guard is costly and digits or randomness were checked above: only a cue word
    # ("password-is-sunflower") leaves something for it to find
    return bool(_SECRET_CUE.search(text)) and secret_in(re.sub(r"[-_+]", " ", text))


def safe_url(
    url: str,
    *,
    vault: Vault | None = None,
    origin: str = "",
    node_id: str = "",
    task: str = "",
) -> str:
    """A URL as it may be shown to the remote model (never raises).

    Userinfo, query and fragment go; a path segment, path parameter or host label that
    looks like a code, token or id becomes a placeholder (a vault one when `vault` is
    given, so the agent can still type it where it came from); `mailto:`/`tel:` targets are
    abstracted; a `file:` URL's folders become one placeholder (its file name stays);
    `data:`/`javascript:`/`blob:` URLs become a short note; a URL that does not
    parse becomes `[invalid URL]`. Pieces the (normalized, lower-case) `task` names stay.
    """
    # as browsers (and urlsplit) read it: no tabs or newlines anywhere, no controls at the ends,
    # so that "java\nscript:" is seen for what it is
    text = _URL_NOISE.sub("", url).strip(_C0_OR_SPACE)
    if not text:
        return ""

    def hide(value: str, kind: str) -> str:
        if task and len(value) >= _MIN_LEAK and value.lower() in task:
            return value  # the user named it
        if vault is None:
            return f"[{kind}]"
        return vault.placeholder(value, kind=kind, origin=origin, node_id=node_id)

    scheme_match = _SCHEME.match(text)
    scheme = scheme_match[1].lower() if scheme_match else ""
    if scheme in _HIDDEN_SCHEMES:  # before parsing: the payload must not be looked at twice
        return _HIDDEN_SCHEMES[scheme]
    try:
        parts = urlsplit(text)
        port = parts.port  # a port that is not a number raises only here
        host = parts.hostname or ""
    except ValueError:
        return INVALID_URL
    scheme = parts.scheme.lower() or scheme
    if scheme in _HIDDEN_SCHEMES:
        return _HIDDEN_SCHEMES[scheme]
    if scheme in _ADDRESS_SCHEMES:
        address = unquote(parts.path).strip()
        return f"{scheme}:{hide(address, _ADDRESS_SCHEMES[scheme])}" if address else f"{scheme}:"
    if scheme == "file":
        # a local page's folders name this machine's user and layout: one placeholder for them
        # (the agent can still go back through it), the file's own name as it is
        folder, _, name = (parts.netloc + unquote(parts.path)).rpartition("/")
        shown = f"{hide(folder, 'PATH')}/" if folder.strip("/") else ""
        return f"file:///{shown}{_safe_segment(quote(name), hide)}"
    netloc = ""
    if parts.netloc:
        netloc = _safe_host(host, hide)
        if port is not None:
            netloc += f":{port}"
    path = "/".join(_safe_segment(segment, hide) for segment in parts.path.split("/"))
    return urlunsplit((parts.scheme, netloc, path, "", ""))


def _safe_host(host: str, hide: Callable[[str, str], str]) -> str:
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        # a DNS name: a label can carry a code (`414922.evil.example`)
        return ".".join(hide(label, "ID") if looks_like_token(label) else label for label in host.split("."))
    return f"[{address}]" if address.version == 6 else str(address)


def _safe_segment(segment: str, hide: Callable[[str, str], str]) -> str:
    core, *params = segment.split(";")
    decoded = unquote(core)
    shown = hide(decoded, "EMAIL" if kind_of(decoded) == "EMAIL" else "ID") if looks_like_token(decoded) else core
    for param in params:  # `;jsessionid=...`: a session id is a credential
        name, sep, value = param.partition("=")
        if sep and _PARAM_NAME.fullmatch(name):
            shown += f";{name}={hide(unquote(value), 'ID')}" if value else f";{name}="
        elif param:
            shown += f";{hide(unquote(param), 'ID')}"
    return shown


# -- properties -------------------------------------------------------------------------------
# An allow-list: states and small enums are shown verbatim (they carry no page text); free text
# goes through the guard; everything else (unknown names, values outside an enum) is dropped.

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
    return not _WORDISH.search(text) and bool(_DIGIT_RUN.search(re.sub(r"[\s-]", "", text)))


def _property_holds_value(text: str, name: str, task: str) -> bool:
    """Stricter than the text guard: a property is metadata, so a code-shaped number, an
    e-mail address or a secret (alone or read with the node's name) has no business there."""
    if task and text.lower() in task:
        return False  # the user named it
    text, name = PLACEHOLDER.sub(" ", text), PLACEHOLDER.sub(" ", name)  # already withheld
    return bool(_DIGIT_RUN.search(text)) or "@" in text or secret_in(text) or secret_in(f"{name} {text}")


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


_LETTER_OR_DIGIT = re.compile(r"[^\W_]")  # any script's letters and digits


def _echoed(text: str, task: str) -> bool:
    text = " ".join(text.lower().split())
    return len(text) >= _MIN_LEAK and text in task


def _field_label(field: str) -> str:
    return field.removeprefix("prop:")


def build_view(
    tree: UITree,
    actions: np.ndarray,
    s_hat: np.ndarray,
    n_hat: np.ndarray,
    vault: Vault,
    *,
    tau_nec: float,
    tau_sens: float,
    task: str = "",
    reasons: Mapping[int, str] | None = None,
) -> SanitizedView:
    """`reasons`: why the policy's safety net raised a node (from `decide_explained`)."""
    nodes = tree.nodes
    origin = origin_of(tree.url)
    # The root always stays (it holds the structure); removing it only blanks its title.
    actions = actions.copy()
    echoed: set[int] = set()
    if task:
        normalized = " ".join(task.lower().split())
        for i in np.flatnonzero(actions == A):
            node = nodes[i]
            if node.name.strip() and not node.value and _echoed(node.name, normalized):
                actions[i] = K
                echoed.add(int(i))
    # a text with no letter or digit ("*" beside a required field, ":", "→") holds nothing to
    # abstract: its placeholder would only sit between a label and its field
    wordless = {
        int(i)
        for i in np.flatnonzero(actions == A)
        if nodes[i].name.strip() and not nodes[i].value and not _LETTER_OR_DIGIT.search(nodes[i].name)
    }
    actions[sorted(wordless)] = K
    root_removed = actions[0] == R
    task_text = " ".join(task.lower().split())
    placeholders = _abstract_all(nodes, actions, vault, origin, task_text)
    names = [n.name for n in nodes]  # by position; the leak walk below rewrites them
    descriptions = [n.description for n in nodes]
    # most nodes have no free-text property: no call for them
    texts = {i: {} if _TEXT_PROPERTY_KEYS.isdisjoint(n.properties) else _free_text(n) for i, n in enumerate(nodes)}
    shown_texts = _NodeTexts(names, descriptions, texts)  # the lists themselves: redacted in place
    _close_ancestor_leaks(nodes, tree.parents, actions, placeholders, shown_texts)
    _close_descendant_leaks(nodes, tree.parents, actions, placeholders, shown_texts)

    def place(i: int, text: str, kind: str | None = None) -> str:
        return vault.placeholder(text, kind=kind, origin=origin, node_id=nodes[i].id)

    kept = [int(i) for i in np.flatnonzero(actions == K)]
    # Fields of kept nodes withheld on their own (field -> placeholder); the node stays kept.
    withheld: dict[int, dict[str, str]] = {}
    for i in kept:
        for key, text in texts[i].items():
            if _property_holds_value(text, names[i], task_text):
                withheld.setdefault(i, {})[f"prop:{key}"] = place(i, text)
        if _bare_value(descriptions[i]) and descriptions[i].strip().lower() not in task_text:
            withheld.setdefault(i, {})["description"] = place(i, descriptions[i])  # title="G7063734"
        value = nodes[i].value
        if nodes[i].role in _RANGE_ROLES and value and _DIGIT_RUN.search(value) and value.lower() not in task_text:
            withheld.setdefault(i, {})["value"] = place(i, value)  # a slider's "value" can carry a code

    def own_texts(i: int) -> tuple[str, ...]:
        """Node i's texts as the page has them (name, value, description, free-text properties),
        without a dict per node: every kept node's text is read twice a step."""
        own = (names[i], nodes[i].value or "", descriptions[i])
        return (*own, *texts[i].values()) if texts[i] else own

    def own_fields(i: int) -> dict[str, str]:
        """`own_texts(i)` field by field."""
        return dict(zip(("name", "value", "description", *(f"prop:{k}" for k in texts[i])), own_texts(i), strict=True))

    # E-mail addresses in kept text go to the vault, the words around them stay (contact_guard).
    masked: dict[int, dict[str, str]] = {}
    for i in kept:
        if not any("@" in text for text in own_texts(i)):
            continue  # most kept nodes hold no @ at all: no fields dict for them
        for field, text in own_fields(i).items():
            if "@" not in text:
                continue  # no address to mask (mask_addresses' own first test, without the call)
            shown = mask_addresses(text, task_text, lambda address, i=i: place(i, address, "EMAIL"))
            if shown != text and field not in withheld.get(i, {}):
                masked.setdefault(i, {})[field] = shown

    def replaced(i: int) -> dict[str, str]:
        """Node i's fields shown otherwise than the page has them: masked, or withheld."""
        return {**masked.get(i, {}), **withheld.get(i, {})}

    def sent_fields(i: int) -> dict[str, str]:
        """What node i would send as text, field by field, once the withheld fields are gone."""
        gone = withheld.get(i, {})
        fields = own_fields(i) | masked.get(i, {})
        return {f: t for f, t in fields.items() if t.strip() and f not in gone}

    def sent_text(i: int) -> str:
        """`sent_fields(i)` as one text; most nodes have nothing masked or withheld: their own fields."""
        fields = sent_fields(i).values() if i in withheld or i in masked else own_texts(i)
        return " ".join([t for t in fields if t.strip()])

    # The safety net runs on what would be sent once leak paths are closed.
    guarded = flag_secrets(tree, kept, task_text, sent_text)
    for i in sorted(guarded):
        fields = sent_fields(i)
        offending = _offending_fields(fields, task_text)
        if offending is None:  # the secret is the node's text as a whole: withhold all of it
            actions[i] = A
            whole = (("name", names[i]), ("value", nodes[i].value or ""), ("description", descriptions[i]))
            placeholders[i] = {f: place(i, t) for f, t in whole if t.strip()}
        elif offending:  # only the offending field goes: a button whose title holds a code keeps its label
            withheld.setdefault(i, {}).update({f: place(i, fields[f]) for f in offending})

    builder = OrderedTreeBuilder(max_nodes=max(len(nodes), 1))  # the page's order, each node after its parent
    kept_parent: dict[str, str | None] = {}
    acts = actions.tolist()  # Python ints: read per node
    for i, node in enumerate(nodes):
        parent = kept_parent.get(node.parent) if node.parent is not None else None
        action = acts[i]
        if action == R and i != 0:
            kept_parent[node.id] = parent
            continue
        kept_parent[node.id] = node.id
        abstract = action == A or (i == 0 and root_removed)
        shown_fields = replaced(i)
        props = _safe_properties(
            node,
            abstract=abstract,
            vault=vault,
            origin=origin,
            task=task_text,
            texts=texts[i],
            withheld=shown_fields,
        )
        if i == 0 and root_removed:
            builder.add(
                node.id, node.role, properties=props, backend_node_id=node.backend_node_id, frame_id=node.frame_id
            )
            continue
        fields = placeholders.get(i, {}) if abstract else shown_fields
        builder.add(
            node.id,
            node.role,
            parent=parent,
            name=fields.get("name", names[i]),
            value=fields.get("value") if abstract else fields.get("value", node.value),
            description=fields.get("description", "") if abstract else fields.get("description", descriptions[i]),
            properties=props,
            backend_node_id=node.backend_node_id,
            frame_id=node.frame_id,
            bbox=node.bbox,
        )
    shown_root = replaced(0).get("name", names[0])  # as its node shows it
    root_name = "" if root_removed else (placeholders.get(0, {}).get("name", "") if actions[0] == A else shown_root)
    # The current tab's title is the root's name; background tabs are never scored: abstract them,
    # and the current one too when the root's name was removed (a blank title reads as "no page").
    tabs = tuple(
        root_name
        if i == tree.active_tab and (root_name or not title)
        else vault.placeholder(title, kind="TAB", origin=origin)
        for i, title in enumerate(tree.tabs)
    )
    url = safe_url(tree.url, vault=vault, origin=origin, node_id=nodes[0].id, task=task_text)
    sanitized = builder.build(url=url, title=root_name, tabs=tabs, active_tab=tree.active_tab)
    grounds = Grounds(
        tau_nec=f"{tau_nec:g}",
        tau_sens=f"{tau_sens:g}",
        echoed=frozenset(echoed),
        wordless=frozenset(wordless),
        guarded=frozenset(guarded),
        raised=dict(reasons or {}),
        withheld={i: tuple(sorted(map(_field_label, fields))) for i, fields in withheld.items()},
        masked=frozenset(i for i, fields in masked.items() if set(fields) - set(withheld.get(i, {}))),
    )
    decisions = Decisions([node.id for node in nodes], acts, s_hat.tolist(), n_hat.tolist(), grounds)
    return SanitizedView(sanitized, decisions, {node.id: node.role for node in nodes})


# Which field to give up first when a node's text holds a secret only as a whole
# ("Verification code" + value "337740"): the value, then descriptions and properties, the name last.
_WITHHOLD_ORDER = ("value", "description")


def _offending_fields(fields: Mapping[str, str], task: str) -> set[str] | None:
    """The fields (never the name) whose removal leaves the node's text free of secrets (empty
    when the secret is only in text the task names), or None when the whole node must be
    withheld (its name holds the secret, or the guard flagged it for its neighbours or its
    structure rather than its own text)."""

    def secret(texts: Iterable[str]) -> bool:
        return secret_in(PLACEHOLDER.sub(" ", " ".join(texts)))

    if not secret(fields.values()):
        return None  # flagged for its neighbours or its structure, not for its own text
    candidates = {f: t for f, t in fields.items() if t.lower() not in task}
    if not secret(candidates.values()):
        return set()  # the secret is only in what the task itself names
    alone = {f for f, t in candidates.items() if secret([t])}
    if "name" in alone:
        return None
    order = [f for f in _WITHHOLD_ORDER if f in candidates] + sorted(f for f in candidates if f.startswith("prop:"))
    for extra in [None, *order]:
        gone = alone | ({extra} if extra else set())
        if not secret(t for f, t in candidates.items() if f not in gone):
            return gone or None
    return None


def _abstract_all(
    nodes: tuple[UINode, ...], actions: np.ndarray, vault: Vault, origin: str, task: str
) -> dict[int, dict[str, str]]:
    """Placeholders for every abstracted node's name / value / description."""
    out: dict[int, dict[str, str]] = {}
    for i in np.flatnonzero(actions == A):
        node = nodes[i]
        fields: dict[str, str] = {}
        for field in ("name", "value", "description"):
            text = getattr(node, field) or ""
            if not text.strip():
                continue
            if field == "name" and task:
                partial = _partly_named(text, task, vault, origin, node.id)
                if partial is not None:
                    fields[field] = partial
                    continue
            kind = "PASSWORD" if field == "value" and set(text) <= {"•", "*"} else None
            fields[field] = vault.placeholder(text, kind=kind, origin=origin, node_id=node.id)
        out[int(i)] = fields
    return out


_WORD = re.compile(r"\S+")
_WHOLE_KINDS = {"OTP", "PASSWORD", "CARD", "SSN"}
_EDGE_PUNCTUATION = " ,.;:!?()[]<>\"'·-"


def _partly_named(text: str, task: str, vault: Vault, origin: str, node_id: str) -> str | None:
    """`text` with the runs of words the task names kept and the rest as placeholders, or
    None when the task names none of it ("Julie Gordon · julie@x.org" -> "Julie Gordon · [EMAIL_1]")."""
    if kind_of(text) in _WHOLE_KINDS:
        return None  # a code or password is one value: never split it around task words
    words = list(_WORD.finditer(text))
    named: list[tuple[int, int]] = []
    i = 0
    while i < len(words):
        j = i
        while (
            j < len(words) and " ".join(w.group(0) for w in words[i : j + 1]).lower().strip(_EDGE_PUNCTUATION) in task
        ):
            j += 1
        run = " ".join(w.group(0) for w in words[i:j]).strip(_EDGE_PUNCTUATION)
        if j > i and (j - i >= 2 or len(run) >= 5) and any(w.group(0)[:1].isupper() for w in words[i:j]):
            # only names the task gives ("Julie Gordon"), not common words ("verification code")
            named.append((words[i].start(), words[j - 1].end()))
            i = j
        else:
            i += 1
    if not named:
        return None
    pieces, cursor = [], 0
    for start, end in [*named, (len(text), len(text))]:
        gap = text[cursor:start]
        core = gap.strip(_EDGE_PUNCTUATION)
        if core:
            lead = gap[: gap.index(core)]
            pieces.append(
                lead + vault.placeholder(core, origin=origin, node_id=node_id) + gap[gap.index(core) + len(core) :]
            )
        else:
            pieces.append(gap)
        pieces.append(text[start:end])
        cursor = end
    return "".join(pieces)


def _close_ancestor_leaks(
    nodes: tuple[UINode, ...],
    parents: tuple[int, ...],
    actions: np.ndarray,
    placeholders: dict[int, dict[str, str]],
    shown: _NodeTexts,
) -> None:
    """Redact withheld descendant text from the names, descriptions and free-text properties
    of kept ancestors (up to `_ANCESTOR_LIMIT` levels up)."""
    acts = actions.tolist()  # Python ints: the walk below indexes it a few times per node
    up = _shown_ancestors(parents, acts)
    for i in np.flatnonzero(actions != K).tolist():
        node = nodes[i]
        for field in ("name", "value"):
            text = (getattr(node, field) or "").strip()
            if len(text) < _MIN_LEAK:
                continue
            replacement = placeholders.get(i, {}).get(field, REMOVED_TEXT) if acts[i] == A else REMOVED_TEXT
            j, distance = up[i]
            while j >= 0 and distance <= _ANCESTOR_LIMIT:
                shown.redact(j, text, replacement)
                j, further = up[j]
                distance += further


def _close_descendant_leaks(
    nodes: tuple[UINode, ...],
    parents: tuple[int, ...],
    actions: np.ndarray,
    placeholders: dict[int, dict[str, str]],
    shown: _NodeTexts,
) -> None:
    """Put an abstracted node's placeholder into its kept descendants (up to `_ANCESTOR_LIMIT`
    levels down) wherever they repeat its text: a cell abstracted as `[TEXT_5]` must not show
    its own text again in the StaticText below it. Walked from each kept node upwards, so a
    deep page costs at most the limit per kept node."""
    acts = actions.tolist()
    for i in np.flatnonzero(actions == K).tolist():
        j, distance = parents[i], 1
        while j >= 0 and distance <= _ANCESTOR_LIMIT:
            if acts[j] == A:
                for field in ("name", "value"):
                    text = (getattr(nodes[j], field) or "").strip()
                    if len(text) < _MIN_LEAK:
                        continue
                    replacement = placeholders.get(j, {}).get(field, REMOVED_TEXT)
                    shown.redact(i, text, replacement)
            j, distance = parents[j], distance + 1


@dataclass(slots=True)
class _NodeTexts:
    """The texts a view shows of each node, by position, as the leak walks rewrite them."""

    names: list[str]
    descriptions: list[str]
    properties: dict[int, dict[str, str]]  # free-text properties

    def redact(self, i: int, text: str, replacement: str) -> None:
        """`text` as `replacement` wherever node i's name, description or properties hold it."""
        if text in self.names[i]:
            self.names[i] = self.names[i].replace(text, replacement)
        if text in self.descriptions[i]:
            self.descriptions[i] = self.descriptions[i].replace(text, replacement)
        for key, prop in self.properties[i].items():
            if text in prop:
                self.properties[i][key] = prop.replace(text, replacement)


def _shown_ancestors(parents: tuple[int, ...], acts: list[int]) -> list[tuple[int, int]]:
    """For each node, its nearest ancestor that is not removed and how many levels up it is
    ((-1, 0) when none): the leak walk above steps from one to the next, not through the
    removed nodes between them (most of a page)."""
    out: list[tuple[int, int]] = [(-1, 0)] * len(parents)
    if any(p >= i for i, p in enumerate(parents)):  # not in document order: walk each chain
        for i in range(len(parents)):
            p, distance = parents[i], 1
            while p >= 0 and acts[p] == R and distance <= len(parents):
                p, distance = parents[p], distance + 1
            out[i] = (p, distance) if p >= 0 and acts[p] != R else (-1, 0)
        return out
    for i, p in enumerate(parents):  # parents first: each node extends its parent's answer
        if p < 0:
            continue
        if acts[p] != R:
            out[i] = (p, 1)
        else:
            up, distance = out[p]
            out[i] = (up, distance + 1) if up >= 0 else (-1, 0)
    return out
