"""UI words for one act, from two icon sets' search terms: "compose" ↔ "Draft", "delete" ↔ "Trash".

A page labels an act with a word its designer chose, and on pages unlike its training data
the model scores the control n̂ ≈ 0 when the label is not the task's word (measured
leave-one-family-out: "Compose a message to …" against a "Draft" link, "Open my shopping
cart" against "Trolley (3)", "Delete the email …" against a "Bin" button). WordNet does not
link these (`webminim.synonyms`), and MiniLM's word similarity does not separate them from
unrelated UI words. Icon sets do: their search terms are the words people type to find the
icon of an act, so a pencil icon is found by "compose", "draft", "edit" and "write".

Two words go together when icons of *both* sets list them (Lucide's `tags.json`, ISC; Font
Awesome Free's `metadata/icons.yml`, whose search terms come with its CC BY 4.0 icons), and
the icons they share are at least SHARE of the rarer word's icons: one set's quirk (a "trash"
icon tagged "binoculars") does not link, nor do two common words that meet on an icon or two
("arrow" and "launch" on a rocket). Words are lower-cased, letters only, with a crude suffix
strip (`stem`) applied alike to the table, the task and the labels. The table is built once
(`python -m webminim.ui_words LUCIDE_TAGS_JSON FONTAWESOME_ICONS_YML`) and shipped as
`lexicons/icon_words.json` with both licences beside it (built from the npm packages
lucide-static 1.62.0 and @fortawesome/fontawesome-free 7.3.1, icons by Lucide Contributors
and Fonticons, Inc.); nothing in it comes from our own pages or tasks.
"""

from __future__ import annotations

import json
import re
import sys
from collections import defaultdict
from collections.abc import Iterable
from functools import cache
from importlib import resources
from pathlib import Path

SHARE = 0.25  # shared icons / icons of the rarer word, at least
MIN_LETTERS = 3  # shorter words ("x", "at") are marks and particles, not acts
_TABLE = "icon_words.json"
_WORD = re.compile(r"[a-z]+")
_SUFFIXES = ("ing", "ed", "es", "s")


def stem(word: str) -> str:
    """A crude suffix strip ("deleting" -> "delet", "carts" -> "cart"), the same everywhere."""
    for suffix in _SUFFIXES:
        if len(word) > len(suffix) + 2 and word.endswith(suffix):
            return word[: -len(suffix)]
    return word


@cache
def icon_words() -> dict[str, frozenset[str]]:
    """stem -> the stems that icons of both sets list beside it."""
    raw = json.loads(resources.files("webminim.lexicons").joinpath(_TABLE).read_text(encoding="utf-8"))
    return {word: frozenset(near) for word, near in raw.items()}


def linked_to(words: Iterable[str]) -> frozenset[str]:
    """The stems an icon set lists beside one of `words` (lower-case words, any form)."""
    table = icon_words()
    return frozenset(near for w in words for near in table.get(stem(w), ()))


def _icon_stems(name: str, terms: Iterable[object]) -> set[str]:
    """An icon's words: its name's parts and its single-word search terms."""
    words = {w for w in name.lower().split("-") if w.isalpha()}
    words |= {t.lower() for t in map(str, terms) if _WORD.fullmatch(t.lower())}
    return {stem(w) for w in words if len(w) >= MIN_LETTERS}


def build(lucide: dict[str, list[str]], fontawesome: dict[str, dict]) -> dict[str, list[str]]:
    """The table from Lucide's tags (icon -> terms) and Font Awesome's icons (icon -> metadata)."""
    icons: dict[str, set[str]] = defaultdict(set)  # stem -> "set:icon"
    for name, tags in lucide.items():
        for word in _icon_stems(name, tags):
            icons[word].add(f"L:{name}")
    for name, meta in fontawesome.items():
        terms = ((meta or {}).get("search") or {}).get("terms") or []
        for word in _icon_stems(name, terms):
            icons[word].add(f"F:{name}")
    near: dict[str, set[str]] = defaultdict(set)
    by_icon: dict[str, list[str]] = defaultdict(list)
    for word, where in icons.items():
        for icon in where:
            by_icon[icon].append(word)
    for words in by_icon.values():
        for a in words:
            near[a].update(words)
    table: dict[str, list[str]] = {}
    for a, candidates in near.items():
        linked = []
        for b in candidates:
            if b == a:
                continue
            shared = icons[a] & icons[b]
            both_sets = any(i[0] == "L" for i in shared) and any(i[0] == "F" for i in shared)
            if both_sets and len(shared) >= SHARE * min(len(icons[a]), len(icons[b])):
                linked.append(b)
        if linked:
            table[a] = sorted(linked)
    return dict(sorted(table.items()))


def main(argv: list[str]) -> int:
    if len(argv) != 2 or not all(Path(p).is_file() for p in argv):
        print("usage: python -m webminim.ui_words LUCIDE_TAGS_JSON FONTAWESOME_ICONS_YML", file=sys.stderr)
        return 2
    import yaml  # build time only

    lucide = json.loads(Path(argv[0]).read_text(encoding="utf-8"))
    fontawesome = yaml.safe_load(Path(argv[1]).read_text(encoding="utf-8"))
    table = build(lucide, fontawesome)
    out = Path(__file__).parent / "lexicons" / _TABLE
    out.write_text(json.dumps(table, separators=(",", ":"), sort_keys=True) + "\n", encoding="utf-8")
    print(f"{len(table)} words -> {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
