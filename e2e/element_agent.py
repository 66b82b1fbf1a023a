"""A scripted agent without task templates: the task's words and the observation's lines, nothing else.

`act(task, observation)` returns the action strings of one step. The task is read with general
English: quoted strings, action verbs (click, type, choose, tick, search, read...) and the
prepositions that tie a value to a field ("Enter V into L", "set L to V", "the L "V""). Elements
are found by their names as the observation shows them (an unnamed field by the text just before
it): a name counts when the task holds it as a phrase, case-insensitive, at word boundaries;
quoted and longer names win. A vault placeholder such as [TEXT_3] is an opaque name, matched only
by a task holding the same placeholder. The agent never sees a page, the site's data, a task type
or the vault; when the task names nothing it can see it returns [] rather than guess.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass

_LINE = re.compile(r"^(\t*)\[([^\]]+)\] (\S+) ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")(.*)$")
FIELDS = frozenset({"textbox", "searchbox", "combobox", "spinbutton"})
CHECKABLE = frozenset({"checkbox", "radio", "switch", "menuitemcheckbox", "menuitemradio"})
CLICKABLE = frozenset({"button", "link", "tab", "menuitem", "treeitem", "option"}) | CHECKABLE
ROWS = frozenset({"row", "listitem", "article", "treeitem", "option"})
LABELS = frozenset({"StaticText", "LabelText", "label", "paragraph"})
_WORDS = re.compile(r"\w+")
# Words a user never means as an element's name, even when a page has one so named.
FUNCTION_WORDS = frozenset(_WORDS.findall("the a an and or to of in on for with it its me my this that here"))
FUNCTION_WORDS |= frozenset(_WORDS.findall("there from by as at is i"))
# ...and verbs, when they open a clause: "Search for X" on a page with a "Search" link
VERB_WORDS = frozenset(_WORDS.findall("click press hit tap open go select choose pick check tick mark type enter fill"))
VERB_WORDS |= frozenset(_WORDS.findall("put write set use search find look read tell show submit follow"))
CLICK_V = re.compile(r"\b(click|press|hit|tap|open|go to|follow|visit|navigate|select|choose|pick|activate|use|push)\b")
CHECK_V = re.compile(r"\b((?:un)?(?:check|tick|mark)|turn o(?:n|ff)|enable|disable|toggle|select|choose)\b")
TYPE_V = r"type|enter|input|fill(?: in| out)?|put|write|set|use|insert|paste|provide|complete|key in|change"
TYPE_V += r"|select|choose|pick"
READ_V = re.compile(
    r"\b(what|which|who|whom|whose|when|where|how|read|tell|summari[sz]e|says?|said|wrote|written|details?|"
    r"describe|listed|show(?: me)? the|give me the|look up the)\b"
)
SEARCH_V = re.compile(
    r"\b(search(?: (?:the|this) (?:site|page|web ?site|web))?(?: for| about)?|look (?:up|for)|find|"
    r"results? (?:for|about|on)|anything (?:about|on)|(?:information|info) (?:about|on))\s+(.+)$"
)
_CLAUSE_START = re.compile(r"(?:^|[,;.]|\band|\bthen|\bplease|\b(?:want|need|like|have) to)\s*$", re.I)
_VERB_BEFORE = re.compile(r"\b(click|press|hit|tap|select|choose|use)\s+(?:the\s+|its\s+|on\s+)?[\"“']?$")
_KEY_OF = re.compile(r"\b(for|of|from|by|under|about|find|entry|item)\s+(?:the\s+)?[\"“']?$")
_KEY_BEFORE = re.compile(r"\b(for|of|from|to|by|next to|beside|item|entry|row)\s+(?:the\s+)?[\"“']?$")
# a label has a word in it: "@", "*" or a lone placeholder (a withheld "*") before a field is no label
_WORDY = re.compile(r"^(?!\[[A-Z]+_\d+\]$).*\w\w")
_CUE_WORD = re.compile(r"\b(?:anything|something|info(?:rmation)?|results?|search|look)\s+(about|on|for|up)\b")
RELATIONAL = re.compile(r"\b(next to|beside|near|in the row|in it|its|entry|item|row|box|icon|control|checkbox)\b")
_QUOTE = re.compile(r"\"([^\"]+)\"|“([^”]+)”|(?<!\w)'([^']+)'(?!\w)")
_QUOTED_VALUE = r"(?:\"(?P<q>[^\"]+)\"|“(?P<c>[^”]+)”|(?<!\w)'(?P<s>[^']+)'(?!\w))"
_FIELD_NOUN = r"(?:\s+(?:field|box|input|text ?box|area|list|dropdown|menu))?"
_BARE = r"(?!(?:the|a|an|this|that|its|my|your)\s)[^\"“,;]+?"  # an unquoted value; "the entry" is no value
_END = r"(?=\s*(?:,|;|\.\s|\.?$|\?|\s+and\b|\s+then\b))"
MAX_SECTION, MAX_ITEM = 20, 8


@dataclass(frozen=True)
class Line:
    index: int
    indent: int
    id: str
    role: str
    name: str
    label: str  # how a user names it: its name, else (a field) the text just before it
    parent: int  # index of the enclosing line, -1 at the top


@dataclass(frozen=True)
class Mention:
    start: int
    end: int
    quoted: bool
    lines: tuple[Line, ...]


def clean(text: str) -> str:
    return " ".join(text.replace("\u00a0", " ").split()).strip(" :*•·")


def parse(observation: str) -> list[Line]:
    """The observation's element lines, with parents from indentation and labels for unnamed fields."""
    lines: list[Line] = []
    stack: list[Line] = []  # the enclosing lines of the current one
    for m in filter(None, map(_LINE.match, observation.splitlines())):
        indent, name = len(m.group(1)), clean(str(ast.literal_eval(m.group(4))))
        while stack and stack[-1].indent >= indent:
            stack.pop()
        line = Line(len(lines), indent, m.group(2), m.group(3), name, name, stack[-1].index if stack else -1)
        lines.append(line)
        stack.append(line)
    return [_labelled(lines, x) if not x.name and x.role in FIELDS | CLICKABLE else x for x in lines]


def _labelled(lines: list[Line], line: Line) -> Line:
    """An unnamed control named by its neighbour: a field by the text before it, a box or an icon
    link by the text right after it (`<input type=checkbox> Remember me`), else the text before."""
    nxt = lines[line.index + 1 : line.index + 2] if line.role not in FIELDS else []
    after = [x for x in nxt if x.name and x.role not in CLICKABLE | FIELDS]
    before = [x for x in lines[max(0, line.index - 3) : line.index] if x.role in LABELS and _WORDY.search(x.name)]
    label = after[0].name if after else before[-1].name if before else ""
    return Line(line.index, line.indent, line.id, line.role, line.name, label, line.parent)


def _subtree(lines: list[Line], line: Line) -> list[Line]:
    end = next((x.index for x in lines[line.index + 1 :] if x.indent <= line.indent), len(lines))
    return lines[line.index : end]


def _up(lines: list[Line], line: Line, roles: frozenset[str] = ROWS) -> Line | None:
    """The line or its nearest enclosing line with one of `roles` (by default: its row, list item or article)."""
    while line.role not in roles and line.parent >= 0:
        line = lines[line.parent]
    return line if line.role in roles else None


def _bounded(label: str) -> re.Pattern[str]:
    """The label as a phrase: no word character (nor a word joined by - . /) right beside it."""
    left = r"(?<![\w@])(?<!\w[-./])" if re.match(r"\w", label) else ""
    right = r"(?![\w@]|[-./]\w)" if re.search(r"\w$", label) else ""
    return re.compile(left + re.escape(label) + right, re.I)


def mentions(task: str, lines: list[Line]) -> list[Mention]:
    """The elements the task names, as non-overlapping spans: quoted ones first, then longer ones."""
    quotes = {(m.start(i), m.end(i)) for m in _QUOTE.finditer(task) for i in (1, 2, 3) if m.group(i)}
    by_label: dict[str, list[Line]] = {}
    for line in lines:
        if len(line.label) >= 2 and re.search(r"\w", line.label) and line.label.lower() not in FUNCTION_WORDS:
            by_label.setdefault(line.label.lower(), []).append(line)
    found: list[Mention] = []
    low = task.lower()
    cue = _CUE_WORD.search(low)  # "anything about Q": the "About" link is not meant
    cue_span = cue.span(1) if cue else (0, 0)
    for label, group in by_label.items():
        if label not in low:  # cheap filter before the regex
            continue
        for m in _bounded(label).finditer(task):
            quoted = (m.start(), m.end()) in quotes
            if not quoted and label in VERB_WORDS and _CLAUSE_START.search(task[: m.start()]):
                continue  # "Search for X", "and submit with": the verb, not the "Search" link
            if not quoted and cue_span[0] <= m.start() and m.end() <= cue_span[1]:
                continue
            found.append(Mention(m.start(), m.end(), quoted, tuple(group)))
    found.sort(key=lambda x: (not x.quoted, x.start - x.end, x.start))
    taken: list[Mention] = []
    for cand in found:
        if all(cand.end <= t.start or cand.start >= t.end for t in taken):
            taken.append(cand)
    return sorted(taken, key=lambda x: x.start)


def _value_for(task: str, mention: Mention) -> tuple[str, int, int] | None:
    """The value the task gives a field it names, and the span of its words: "V into L", "L with V", "the L "V"",
    a quoted value first."""
    before, after = task[: mention.start], task[mention.end :]
    prep = r"\s+(?:in|into|inside|as|for|to|under|from)\s+(?:the\s+)?(?:field\s+)?$"
    tries = (
        (_QUOTED_VALUE + prep, before, 0),
        ("^" + _FIELD_NOUN + r"\s*(?:(?:with|to|as|=|:|is)\s*)?" + _QUOTED_VALUE, after, mention.end),
        # "Enter A into L1 and B into L2": after an earlier "V into L", "and" starts the next value
        (rf"^.*\b(?:{TYPE_V})\s.+?\s(?:in|into|as|for|to)\s.+?\band\s+(?P<v>{_BARE})" + prep, before, 0),
        (rf"^.*\b(?:{TYPE_V})\s+(?P<v>{_BARE})" + prep, before, 0),
        ("^" + _FIELD_NOUN + rf"\s*(?:with|to|as|=|:)\s+(?P<v>{_BARE})" + _END, after, mention.end),
    )
    for rx, text, offset in tries:
        if m := re.search(rx, text, re.I):
            group = next(k for k, v in m.groupdict().items() if v and k in "qcsv")
            return m.group(group).strip(), offset + m.start(group), offset + m.end(group)
    return None


def _field_lines(mention: Mention) -> list[Line]:
    return [x for x in mention.lines if x.role in FIELDS | {"listbox"}]


def _type(line: Line, value: str, enter: bool = False) -> str:
    """`type [id] "V"` (shell-quoted as parse_action reads it), or WebArena's `type [id] [V] [1]` to press Enter."""
    quoted = value.replace("\\", "\\\\").replace('"', '\\"')
    return f"type [{line.id}] [{value}] [1]" if enter else f'type [{line.id}] "{quoted}"'


def _fill(task: str, low: str, found: list[Mention], lines: list[Line]) -> list[str]:
    """Type each value the task gives a named field (or pick it from a named list), then click a named submit."""
    pairs = [(m, v) for m in found if _field_lines(m) and (v := _value_for(task, m)) is not None]
    # a typing verb, or quoted values ("Sign in with email "a@b.c" and password "pw"") say what to type
    if not pairs or not (re.search(rf"\b(?:{TYPE_V})\b", low) or all(task[v[1] - 1] in "\"“'" for _, v in pairs)):
        return []
    used = [(m.start, m.end) for m, _ in pairs] + [(v[1], v[2]) for _, v in pairs]

    def plan(anchor: Line) -> list[Line]:
        return [min(_field_lines(m), key=lambda x: abs(x.index - anchor.index)) for m, _ in pairs]

    # fields named alike in several forms: the lines that lie closest together, one form's
    anchors = [x for m, _ in pairs for x in _field_lines(m)]
    chosen = min((plan(x) for x in anchors), key=lambda c: max(x.index for x in c) - min(x.index for x in c))
    out: list[str] = []
    for line, (_, (value, _, _)) in zip(chosen, pairs, strict=True):
        options = [x for x in _subtree(lines, line)[1:] if x.role == "option" and x.label.lower() == value.lower()]
        out.append(f"click [{options[0].id}]" if options else _type(line, value))
    rest = [m for m in found if all(m.end <= a or m.start >= b for a, b in used)]
    buttons = [x for m in rest for x in m.lines if x.role in CLICKABLE and x.role not in CHECKABLE]
    if buttons and (CLICK_V.search(low) or "submit" in low):
        last = max(x.index for x in chosen)
        # a form's submit: a button after its fields, the nearest
        best = min(buttons, key=lambda x: (x.index < last, x.role != "button", abs(x.index - last)))
        out.append(f"click [{best.id}]")
    return out


def _clickable(m: Mention) -> list[Line]:
    """The lines of a mention one clicks: its controls, else its grid cells (a cell is a widget too)."""
    return [x for x in m.lines if x.role in CLICKABLE] or [x for x in m.lines if x.role == "gridcell"]


def _click(low: str, found: list[Mention], lines: list[Line]) -> list[str]:
    """Click the control the task names; with a second name, the one in that name's row ("Delete ... for K")."""
    check = CHECK_V.search(low) is not None
    controls = [m for m in found if _clickable(m)]
    cued = lambda rx, m: rx.search(low[: m.start]) is not None  # noqa: E731
    # a row action: the control after "click", the key after "for / of / in the row of", a row's text
    if len(found) >= 2 and controls:
        a, k = max(
            ((a, k) for a in controls for k in found if k is not a),
            key=lambda p: (
                cued(_VERB_BEFORE, p[0]) + cued(_KEY_BEFORE, p[1]),
                not all(x.role in CLICKABLE | {"columnheader"} for x in p[1].lines),
                p[1].quoted,
                p[1].end - p[1].start,
            ),
        )
        keys = [x for x in k.lines if x.role not in CLICKABLE] or list(k.lines)

        def rank(pair: tuple[Line, Line]) -> tuple[bool, int, bool]:
            act, key = pair
            row = _up(lines, key)
            inside = row is not None and act in _subtree(lines, row)
            return (not inside, abs(act.index - key.index), act.index < key.index)

        best = min(((x, key) for x in _clickable(a) for key in keys), key=rank)
        return [f"click [{best[0].id}]"]
    if len(found) != 1:
        return []
    (m,) = found
    own = _clickable(m)
    relational = RELATIONAL.search(low) is not None
    if own and not (relational and check and not any(x.role in CHECKABLE for x in own)):
        return [f"click [{min(own, key=lambda x: (check != (x.role in CHECKABLE), not x.name, x.index)).id}]"]
    key = next((x for x in m.lines if x.role not in CLICKABLE), m.lines[0])
    holder = _up(lines, lines[key.parent], CLICKABLE) if key.parent >= 0 else None
    if holder is not None:  # a text inside a link or button: the control itself
        return [f"click [{holder.id}]"]
    if not relational:
        return []
    # "the box next to K": a control of K's row (else near K), a checkbox when ticking, an unnamed one first
    row = _up(lines, key)
    pool = _subtree(lines, row) if row is not None else lines[max(0, key.index - 6) : key.index + 7]
    cands = [x for x in pool if x.role in CLICKABLE and x not in m.lines]
    near = min(
        cands, key=lambda x: (check and x.role not in CHECKABLE, bool(x.label), abs(x.index - key.index)), default=None
    )
    return [f"click [{near.id}]"] if near is not None else []


def _following(lines: list[Line], key: Line) -> list[Line]:
    """The key and what follows it in its container, up to the next heading once some text was read
    (the levels of headings are not shown: a heading right after the key starts a subsection of it)."""
    out = [key]
    for x in lines[key.index + 1 :]:
        if x.indent < key.indent or (x.role == "heading" and x.indent <= key.indent and any(y.name for y in out[1:])):
            break
        out.append(x)
    return out


def _texts(lines: list[Line]) -> list[str]:
    names = [x.name for x in lines if x.name and x.role not in FIELDS]
    return [n for i, n in enumerate(names) if i == 0 or names[i - 1] != n]


def _read(low: str, found: list[Mention], lines: list[Line]) -> list[str]:
    """Answer from the lines at the named element: its section, its row (its column's cell), or what follows it."""
    head = lambda m: all(x.role == "columnheader" for x in m.lines)  # noqa: E731
    # "the C of K", "K ... its C": the key follows "of / for / from"; the column is a header
    k = max(found, key=lambda m: (bool(_KEY_OF.search(low[: m.start])), m.quoted, not head(m), m.end - m.start))
    heads = [m for m in found if m is not k and any(x.role == "columnheader" for x in m.lines)]

    def order(x: Line) -> tuple[bool, bool, bool, bool, int]:
        # a column is named: the key is a table's (in a row, or a cell where the view shows no rows)
        tabular = bool(heads) and _up(lines, x) is None and x.role not in ("cell", "gridcell", "rowheader")
        # not the page title (the whole page); a heading of that name, else a text; a control's name last
        return (x.role == "RootWebArea", tabular, x.role != "heading", x.role in CLICKABLE, x.index)

    key = min(k.lines, key=order)
    row = _up(lines, key) if key.role != "heading" else None
    if row is not None:
        cells = [x for x in _subtree(lines, row)[1:] if x.parent == row.index]
        col = next((x for m in heads for x in m.lines if x.role == "columnheader"), None)
        if col is not None and 0 <= (at := [x for x in lines if x.parent == col.parent].index(col)) < len(cells):
            texts = _texts(_subtree(lines, cells[at]))
        else:
            texts = _texts(_subtree(lines, row))[:MAX_SECTION]
    else:
        texts = _texts(_following(lines, key))[: MAX_SECTION if key.role == "heading" else MAX_ITEM]
        if len(texts) < 2 and key.parent >= 0:  # nothing after it: what holds it (its row, a card, a link)
            row = _up(lines, key)
            texts = _texts(_subtree(lines, row) if row else _following(lines, lines[key.parent]))[:MAX_SECTION]
    return [f"stop [{' | '.join(texts)}]"] if texts else []


def _search(task: str, low: str, found: list[Mention], lines: list[Line]) -> list[str]:
    """Type the query into the page's search box and press Enter: "Search for Q", "Search the docs for Q"."""
    boxes = [x for x in lines if x.role == "searchbox"] or [
        x for x in lines if x.role in FIELDS and re.search(r"search|find|query|look ?up|filter|keyword", x.label, re.I)
    ]
    named = [m for m in found if any(x in m.lines for x in boxes)]  # the box named by the task: the query follows
    after = re.match(r"\s+(?:for|about|with)\s+(.+)$", task[named[-1].end :]) if named else None
    quoted, cue = _QUOTE.search(task), SEARCH_V.search(low)
    query = next(g for g in quoted.groups() if g) if quoted else after.group(1) if after else ""
    query = query or (task[cue.start(2) : cue.end(2)] if cue else "")
    query = re.sub(r"(?:\s+(?:on|in|at)\s+(?:this|the)\s+(?:site|page|website)|\s+here)?\s*[?.!]*$", "", query).strip()
    return [_type(boxes[0], query, enter=True)] if boxes and query else []


def act(task: str, observation: str) -> list[str]:
    """The actions for one step of `task` on `observation` (WebArena text); [] when nothing it names is seen."""
    task = " ".join(task.replace("\u00a0", " ").split())
    lines = parse(observation)
    if not task or not lines:
        return []
    found = mentions(task, lines)
    low = task.lower()
    # verbs are read where no element is named: a "Search" link must not make "Click Search" a search
    masked = "".join("#" if any(m.start <= i < m.end for m in found) else c for i, c in enumerate(low))
    if found and (out := _fill(task, masked, found, lines)):
        return out
    named = bool(found) and found[0].start == 0 and bool(_clickable(found[0]))  # "Archive the message from Sam"
    if found and (CLICK_V.search(masked) or CHECK_V.search(masked) or named) and (out := _click(masked, found, lines)):
        return out
    if found and READ_V.search(masked) and (out := _read(masked, found, lines)):
        return out
    if SEARCH_V.search(low) and not CLICK_V.search(masked):
        return _search(task, low, found, lines)
    if found and low.endswith("?"):  # a question that names an element: "Anything new in Billing?"
        return _read(masked, found, lines)
    return []
