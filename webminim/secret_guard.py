"""A deterministic safety net under the learned policy: secrets are never sent as text.

Whatever the scorer decides, a node the policy would keep is abstracted when its text —
or a decoded view of it (base64, URL/HTML encoding, homoglyphs, zero-width characters,
leetspeak, spaced digits), or its run together with neighbouring sibling text — holds a
secret: a verification code (cue words in a dozen languages), an inline or word-like
password ("pw: cinnamon"), a card or social-security number, an API token, a
password-like string, or an identifier (passport, national ID numbers validated with
python-stdnum, IP addresses, bank routing / account numbers, IBANs). The value then goes
to the vault like any other abstraction, so an agent can still type it where it belongs.
Text the task itself names is exempt (the user already disclosed it).

Structure counts as much as text: a value alone in its node ("999472") is a secret when
its label says so — a field's own name, the `<dt>` before its `<dd>`, its column or row
header, a named ancestor (`aria-labelledby`, a fieldset's legend) or the text just before
it in document order. A value written one character per node (six one-digit boxes, one
`<span>` per character) is joined back into one run before it is judged.

Every scan is linear in the text: no nested unbounded repetition; gaps between a cue word
and its value are bounded; the structural look-back visits a bounded window per node.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from extractors.roles import TEXT_ENTRY_ROLES
from extractors.tree import UINode, UITree
from webminim.secret_text import (
    _CODE_CUE,
    _PASSWORD_CUE,
    _PLACEHOLDER,
    _TOKEN_CUE,
    _identifier,
    _is_named,
    _mixed,
    _password_word,
    _word_password,
    holds_code,
    secret_in,
)
from webminim.text_memo import per_text

# holds_code and secret_in live in webminim.secret_text; this path is kept for them
__all__ = ["flag_secrets", "holds_code", "labelled_codes", "secret_in"]

# -- structure -------------------------------------------------------------------------------
_CELL_ROLES = frozenset({"cell", "gridcell"})
_HEADER_ROLES = frozenset({"columnheader", "rowheader"})
_TABLE_CELL_ROLES = _CELL_ROLES | _HEADER_ROLES
_TABLE_ROLES = frozenset({"table", "grid", "treegrid"})
_TERM_ROLES = frozenset({"term", "DescriptionListTerm"})
_DETAIL_ROLES = frozenset({"definition", "DescriptionListDetail", "DescriptionListDetails"})
_TEXT_ROLES = frozenset({"StaticText", "text"})
# Named ancestors whose name labels what they hold (aria-labelledby, a fieldset's legend, a
# dialog's title) — not page-level containers or tables, whose name is the page's or a caption.
_UNLABELLING_ROLES = frozenset(
    {"RootWebArea", "WebArea", "document", "main", "navigation", "banner", "contentinfo", "complementary",
     "application", "Iframe", "iframe", "table", "grid", "treegrid", "row", "rowgroup", "list", "feed", "tree"}
)  # fmt: skip
_EMPHASIS_ROLES = frozenset({"code", "heading", "strong", "emphasis", "mark", "time", "Pre", "blockquote"})
_LOOK_BACK = 48  # nodes visited backwards from a value for its label
_LABEL_TEXTS = 2  # texts taken as its label (3 for a value set apart in <code> or a heading)
_LABEL_CHARS = 160
_CLIMB = 4  # ancestor levels a value's own label may sit on (a field's inner text, a cell)
_RUN_GAP = 12  # document positions between two pieces of one split value
_SEPARATOR_PIECE = frozenset({"-", "–", "·", "/"})
_DIGIT_CODE = re.compile(r"\d(?:[ -]?\d){3,9}")
_ALNUM_CODE = re.compile(r"[A-Za-z0-9]{2,10}(?:-[A-Za-z0-9]{2,10}){0,4}|[A-Z0-9]{2,8}(?: [A-Z0-9]{2,8}){1,4}")
_TOKEN_VALUE = re.compile(r"[A-Za-z0-9_\-./+=:]{12,256}")
_CODE_LABEL = re.compile(_CODE_CUE, re.I)
_PASSWORD_LABEL = re.compile(_PASSWORD_CUE, re.I)
# The label ends with its password cue ("Temporary password", "Wi-Fi password:") or with a
# colon ("Passcode for the shared folder:"): "Password manager" labels no password.
_PASSWORD_LABEL_END = re.compile(rf"{_PASSWORD_CUE}[\s:：*]{{0,3}}$|[:：]\s*$", re.I)
_TOKEN_LABEL = re.compile(_TOKEN_CUE, re.I)
_MAX_VALUE = 64  # longer text is content, not one value set apart


@per_text
def _code_shaped(value: str) -> bool:
    """Written like a code: 4-10 digits ("483 920"), or letter-digit groups ("k3jd-92mf")."""
    if _DIGIT_CODE.fullmatch(value):
        return True
    return (
        bool(_ALNUM_CODE.fullmatch(value)) and any(c.isdigit() for c in value) and sum(c.isalnum() for c in value) >= 4
    )


@per_text
def _piece(text: str) -> bool:
    """One piece of a value split over nodes: 1-4 digits, 1-2 characters, or a short
    letter-digit group ("K3J9") — not a word ("Qty", "Size"), which is page text."""
    if not text.isascii() or not text.isalnum():
        return False
    return (text.isdigit() and len(text) <= 4) or len(text) <= 2 or (len(text) <= 4 and _mixed(text))


def _labelled_secret(label: list[str], value: str, named: str) -> str:
    """The kind of secret `value` is under `label` (texts nearest first), or "": the label's
    cue words decide; for identifiers, whose cues are many, the detectors run on the pair."""
    if not label or _is_named(value, named):
        return ""
    text = " · ".join(reversed(label))  # in reading order, the nearest text last
    if _code_shaped(value) and _CODE_LABEL.search(text):
        return "OTP"
    nearest = label[0]
    if (
        _PASSWORD_LABEL.search(nearest)
        and _PASSWORD_LABEL_END.search(nearest)
        and (_code_shaped(value) or (" " not in value and _password_word(value)))
        and not _PASSWORD_LABEL.search(value)  # the label itself, repeated ("Password" field)
    ):
        return "PASSWORD"
    if _TOKEN_LABEL.search(text) and _TOKEN_VALUE.fullmatch(value) and _mixed(value):
        return "TOKEN"
    if any(c.isdigit() for c in value):
        # a label text that is itself an identifier (the IP address of the row before) is
        # another value on the page, not part of this one's label
        text = " · ".join(reversed([t for t in label if not _identifier(t, named)]))
        if text and _identifier(f"{text}: {value}", named) and not _identifier(text, named):
            return "ID"
    return ""


class _Page:
    """Parent indices and label look-ups over one tree's nodes (document pre-order)."""

    def __init__(self, tree: UITree) -> None:
        self.nodes = tree.nodes
        self.index = tree.positions
        self.parent = tree.parents

    def ancestors(self, i: int, limit: int) -> list[int]:
        out, j = [], self.parent[i]
        while j >= 0 and len(out) < limit:
            out.append(j)
            j = self.parent[j]
        return out

    def children(self, i: int) -> list[int]:
        return [self.index[c] for c in self.nodes[i].children if c in self.index]

    def is_field(self, i: int) -> bool:
        node = self.nodes[i]
        return node.role in TEXT_ENTRY_ROLES or (node.interactive and "editable" in node.properties)

    def is_control(self, i: int) -> bool:
        """A button, link, tab ...: its text names it, it is not a value set apart."""
        node = self.nodes[i]
        return node.interactive and not self.is_field(i) and node.role not in _CELL_ROLES

    def in_control(self, i: int) -> bool:
        return self.is_control(i) or any(self.is_control(j) for j in self.ancestors(i, 2))

    def label(self, i: int, value: str) -> list[str]:
        """The texts that label the value `value` shown by node `i`, nearest first."""
        nodes, parts = self.nodes, []
        node = nodes[i]
        if node.value and node.name.strip() and value not in node.name:
            parts.append(node.name.strip())  # a field's own accessible name
        for j in [i, *self.ancestors(i, _CLIMB)]:
            holder = nodes[j]
            if holder.role in _CELL_ROLES:  # its headers; a table without any: what precedes it
                return parts + (self._headers(j) or self._before(i, _LABEL_TEXTS))
            if holder.role in _DETAIL_ROLES:
                return parts + self._term(j)
            name = holder.name.strip()
            if j != i and name and value not in holder.name:
                if holder.role not in _UNLABELLING_ROLES:
                    parts.append(name)  # aria-labelledby, a legend, a dialog's title
                break
        emphasis = any(nodes[j].role in _EMPHASIS_ROLES for j in [i, *self.ancestors(i, 2)])
        return parts + self._before(i, _LABEL_TEXTS + emphasis)

    def _before(self, i: int, texts: int) -> list[str]:
        """Up to `texts` texts before node `i` in document order, nearest first. Stops at a
        field (a label before it is the field's) and after a control's text; looks past
        sibling values written like codes (a list of backup codes under one heading)."""
        nodes, found, chars = self.nodes, [], 0
        skip = set(self.ancestors(i, _LOOK_BACK))
        j, steps, values = i - 1, 0, 0
        while j >= 0 and steps < _LOOK_BACK and len(found) < texts and chars < _LABEL_CHARS:
            steps += 1
            node = nodes[j]
            if j in skip or ("editable" in node.properties and not node.interactive):
                j -= 1
                continue  # the value's own containers; a field's inner text
            if self.is_field(j) or self.is_control(j):
                break
            text = node.name.strip() if node.role in _TEXT_ROLES else ""
            if text and self.in_control(j):
                break  # a link's or button's text ("Forgot password?") names that control
            if text:
                if _code_shaped(text) and values < 16 and not _CODE_LABEL.search(text):  # "2FA CODE" labels
                    values += 1
                else:
                    found.append(text)
                    chars += len(text)
            j -= 1
        return found

    def _headers(self, cell: int) -> list[str]:
        """The cell's column header (same position in the table's header row) first — it is
        the cell's label — then its row header or the cell before it ("Recovery code | 48213"
        in a table without <th>)."""
        nodes, out = self.nodes, []
        row = self.parent[cell]
        if row < 0:
            return out
        cells = [c for c in self.children(row) if nodes[c].role in _TABLE_CELL_ROLES]
        if cell not in cells:
            return out
        position = cells.index(cell)
        table = next((a for a in self.ancestors(row, 3) if nodes[a].role in _TABLE_ROLES), -1)
        if table >= 0:
            for r in self._rows(table):
                heads = [c for c in self.children(r) if nodes[c].role in _TABLE_CELL_ROLES]
                if heads and all(nodes[c].role == "columnheader" for c in heads):
                    if position < len(heads) and r != row:
                        out.append(nodes[heads[position]].name)
                    break
        if position > 0 and nodes[cells[position - 1]].role in _CELL_ROLES | {"rowheader"}:
            out.append(nodes[cells[position - 1]].name)
        return [t.strip() for t in out if t.strip()]

    def _rows(self, table: int) -> Iterator[int]:
        """The table's first rows, also inside row groups (a header row comes first)."""
        for k in self.children(table)[:16]:
            if self.nodes[k].role == "row":
                yield k
            elif self.nodes[k].role == "rowgroup":
                yield from (g for g in self.children(k)[:4] if self.nodes[g].role == "row")

    def _term(self, detail: int) -> list[str]:
        """The `<dt>` before a `<dd>`: the nearest previous sibling term's text."""
        parent = self.parent[detail]
        siblings = self.children(parent) if parent >= 0 else []
        before = siblings[: siblings.index(detail)] if detail in siblings else []
        for s in reversed(before[-8:]):
            if self.nodes[s].role in _TERM_ROLES:
                text = self.nodes[s].name.strip() or " ".join(self._texts_in(s))
                return [text] if text else []
        return []

    def _texts_in(self, i: int) -> list[str]:
        """The texts inside node `i` (a term whose name the extractor left empty), bounded."""
        out, j, depth = [], i + 1, self.nodes[i].depth
        while j < len(self.nodes) and self.nodes[j].depth > depth and len(out) < 8:
            if self.nodes[j].role in _TEXT_ROLES and self.nodes[j].name.strip():
                out.append(self.nodes[j].name.strip())
            j += 1
        return out


def _value_of(node: UINode, sent: str) -> str:
    """The value a node shows: a field's value, else its sent text with placeholders cut out."""
    if node.value:
        return node.value.strip()
    return _shown_value(sent)


# The structural scans read every node's text on every step; a page's text repeats from step
# to step, so these pure functions of one text are remembered (webminim.text_memo).
@per_text
def _shown_value(sent: str) -> str:
    return " ".join(_PLACEHOLDER.sub(" ", sent).replace("…", " ").split())


@per_text
def _unplaced(text: str) -> str:
    return _PLACEHOLDER.sub(" ", text).strip()


@per_text
def _code_candidate(value: str) -> bool:
    """A candidate written like a code: what the label-only scan (`labelled_codes`) looks at."""
    return _candidate(value) and _code_shaped(value)


@per_text
def _candidate(value: str) -> bool:
    """Short enough to be one value set apart, and of a shape some secret has."""
    if not 4 <= len(value) <= _MAX_VALUE or len(value.split()) > 4:
        return False
    return " " not in value or any(map(str.isdigit, value))


def _structural(
    page: _Page, kept: list[int], texts: dict[int, str], task: str, skip: set[int], *, codes_only: bool = False
) -> dict[int, str]:
    """Kept values whose label says they are secret, alone in their node or split over nodes:
    node index -> the kind of secret ("OTP", "PASSWORD", "TOKEN", "ID")."""
    nodes, flagged = page.nodes, {}
    for i in kept:
        if i in skip:
            continue
        node = nodes[i]  # the shape first: the cheapest test, and most text fails it
        value = node.value.strip() if node.value else _shown_value(texts[i])  # _value_of, inline: every node
        if not (_code_candidate(value) if codes_only else _candidate(value)) or value.lower() in task:
            continue
        if page.in_control(i) or (page.is_field(i) and not nodes[i].value):
            continue  # a control's text names it; an empty field's name is its label
        kind = _labelled_secret(page.label(i, value), value, task)
        if kind:
            flagged[i] = kind
    for run in _runs(page, kept, texts):
        joined = "".join(piece for _, piece in run if piece not in _SEPARATOR_PIECE)
        if not 4 <= len(joined) <= 16 or joined.lower() in task:
            continue
        first = run[0][0][0]
        # a field's own name ("Digit 1"), not a text node's name, which is the piece itself
        own = [name for members, piece in run if (name := nodes[members[0]].name.strip()) and name != piece]
        kind = _labelled_secret(own[:1] + page.label(first, joined), joined, task)
        if kind:
            flagged.update((m, kind) for members, _ in run for m in members)
    return flagged


def _runs(page: _Page, kept: list[int], texts: dict[int, str]) -> Iterator[list[tuple[list[int], str]]]:
    """Runs of short pieces in document order ("4" "8" "3" "9" "2" "0", "483" "920"); a
    piece is (its nodes — the node, then inner text repeating it — and its text)."""
    nodes = page.nodes
    run: list[tuple[list[int], str]] = []
    last = -1
    for i in sorted(kept):
        if run and i - last > _RUN_GAP:
            yield from _closed(run)
            run = []
        node = nodes[i]
        piece = node.value.strip() if node.value else _unplaced(texts.get(i, ""))
        if run and piece in ("", run[-1][1]) and run[-1][0][0] in page.ancestors(i, _CLIMB):
            run[-1][0].append(i)  # a field's inner text, a cell's text: the same piece again
            last = i  # (not other text below it: a one-letter page title holds the whole page)
            continue
        if not piece:
            continue  # a wrapper without text of its own neither makes nor breaks a run
        if (_piece(piece) or (run and piece in _SEPARATOR_PIECE)) and not page.is_control(i):
            run.append(([i], piece))
            last = i
            continue
        if run:  # most nodes end no run: no generator for an empty one
            yield from _closed(run)
            run = []
    yield from _closed(run)


def _closed(run: list[tuple[list[int], str]]) -> Iterator[list[tuple[list[int], str]]]:
    while run and run[-1][1] in _SEPARATOR_PIECE:
        run = run[:-1]
    if len(run) >= 2:
        yield run


def labelled_codes(tree: UITree) -> set[int]:
    """Indices of nodes whose value is a code by its label, not by its own text: `<dt>Your
    one-time code</dt><dd>999472</dd>`, a "Recovery code" column's cells, six one-digit
    boxes after "Enter code". For the policy: a code the task asks for is abstracted (typeable
    through its placeholder) rather than removed, also when its own text does not say "code"."""
    page = _Page(tree)
    texts = {
        i: f"{n.name} {n.value}" if n.name and n.value else n.name or n.value or "" for i, n in enumerate(tree.nodes)
    }
    found = _structural(page, list(range(len(tree))), texts, "", set(), codes_only=True)
    return {i for i, kind in found.items() if kind == "OTP"}


def flag_secrets(tree: UITree, kept: list[int], task: str, text_of: Callable[[int], str]) -> set[int]:
    """Indices among `kept` whose text (`text_of(i)`: what would be sent), alone, run together
    with kept siblings, or read with its label (module docstring), holds a secret the task
    (lower-cased) does not name."""
    nodes = tree.nodes
    texts = {i: text_of(i) for i in kept}  # each node's sent text, built once
    flagged = {i for i, text in texts.items() if text and _kept_text_secret(text, task)}
    by_parent: dict[str | None, list[int]] = {}
    for i in kept:
        by_parent.setdefault(nodes[i].parent, []).append(i)
    for siblings in by_parent.values():
        run_texts = [(i, texts[i]) for i in siblings if texts[i] and i not in flagged]
        for start in range(len(run_texts)):  # a secret split over neighbours: "code is 84" + "7293"
            for end in range(start + 2, min(len(run_texts), start + 4) + 1):
                if _run_secret(run_texts[start:end]) and not (
                    _run_secret(run_texts[start + 1 : end]) or _run_secret(run_texts[start : end - 1])
                ):  # only the shortest run that holds it, not its innocent neighbours
                    flagged.update(_value_pieces(run_texts[start:end]))
    page = _Page(tree)
    flagged |= set(_structural(page, sorted(kept), texts, task, flagged))
    return flagged | _repeating(page, flagged, texts)


@per_text  # every kept text, at every step
def _kept_text_secret(text: str, task: str) -> bool:
    """A kept text holds a secret the task does not name (its placeholders are not one)."""
    return text.lower() not in task and secret_in(_PLACEHOLDER.sub(" ", text), named=task)


def _value_pieces(run: list[tuple[int, str]]) -> list[int]:
    """The pieces of a run that hold the secret: not a label that only names it ("Your code"
    + "999472": the field keeps its label), but every piece of a number cut in two."""
    values = [i for i, text in run if not _label_piece(text)]
    return values or [i for i, _ in run]


def _label_piece(text: str) -> bool:
    text = _PLACEHOLDER.sub(" ", text).strip()
    if len(text) > 60 or any(c.isdigit() for c in text):
        return False
    cue = _CODE_LABEL.search(text) or _PASSWORD_LABEL.search(text) or _TOKEN_LABEL.search(text)
    return bool(cue) and not _word_password(text) and not secret_in(text)


def _repeating(page: _Page, flagged: set[int], texts: dict[int, str]) -> set[int]:
    """Kept ancestors that repeat a flagged value in their own text (a cell or a heading named
    by its StaticText): withheld too, else the value leaks through them."""
    out: set[int] = set()
    for i in flagged:
        value = _value_of(page.nodes[i], texts[i])
        if len(value) < 4:
            continue
        for j in page.ancestors(i, _CLIMB):
            if j in texts and j not in flagged and value in texts[j]:
                out.add(j)
    return out


def _run_secret(run: list[tuple[int, str]]) -> bool:
    return bool(run) and _texts_secret(*(t for _, t in run))


@per_text  # a page's runs of siblings are the same from one step to the next
def _texts_secret(*run: str) -> bool:
    texts = [_unplaced(t) for t in run]  # remembered per text: each text is in up to nine runs
    if secret_in(" ".join(texts)):
        return True
    # glued only where a number was cut in two ("code is 84" + "7293"): gluing words makes
    # password-looking tokens out of ordinary neighbours ("Webb" + "9:41")
    glued = all(a[-1:].isdigit() and b[:1].isdigit() for a, b in zip(texts, texts[1:], strict=False))
    return glued and secret_in("".join(texts))
