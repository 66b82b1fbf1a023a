"""Task success without templates: a text-only agent on the raw view and on webminim's sanitized view.

    python bench/element_success.py --corpus DIR --split val [--limit N] [--json OUT]

For every element-task variant of the split (kinds from webarena_env/element_tasks.py; the task
types of our own sites are skipped and counted), the agent of e2e/element_agent.py gets the task
text and one observation: the raw tree rendered in WebArena's format, or `Minim.sanitize(tree,
task).text("webarena")` with a fresh vault. Its actions are judged against the variant's targets
(the agent never sees them), per kind:

* click / check / row_action: a click on an interactive target (or on a control inside one: the
  button in a target grid cell);
* select: a click on the target option;
* type: a type into the target field of a value that, as `webminim.actions.rehydrate` would type it
  (a refused placeholder types nothing), is non-empty and in the task text; when the task also
  names a submit control (a second target), its click too;
* search: such a type into the target search box;
* fill_form: every target field typed so, and the target submit control clicked;
* read_cell / read_item / read_section: a `stop` answer that, placeholders replaced by the vault's
  values, holds the whole text (as whole words) of a target other than the first: the first is the
  key or heading the task names, which the task itself already holds.

In every kind an action on a node that is not a target is a failure: clicking everything is no win.
Reported per kind and overall: variants, raw and sanitized success, sanitized / raw (sanitized
success as a share of full-view success), the share of raw wins also won on the sanitized view,
episodes lost on the sanitized view (and of those, how many with a target missing from the view),
and episodes won only on the sanitized view.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections import defaultdict
from dataclasses import asdict, dataclass, field
from pathlib import Path

from rich.console import Console
from rich.table import Table

from extractors.tree import UITree
from webminim.actions import Action, parse_action, rehydrate
from webminim.corpus import Variant, iter_corpus
from webminim.errors import ActionRefused, PolicyError, ScorerError
from webminim.minim import Minim
from webminim.renderers import render
from webminim.safe_urls import origin_of
from webminim.vault import PLACEHOLDER, Vault

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "e2e"))
from element_agent import act  # noqa: E402

KINDS = (
    "click",
    "type",
    "select",
    "check",
    "fill_form",
    "row_action",
    "search",
    "read_cell",
    "read_item",
    "read_section",
)
FIELD_ROLES = frozenset({"textbox", "searchbox", "combobox", "spinbutton"})


def _norm(text: str) -> str:
    return " ".join(text.split())


def _filled(text: str, vault: Vault) -> str:
    """An answer with its placeholders replaced by the values they stand for (what the user reads)."""
    for token in dict.fromkeys(m.group(0) for m in PLACEHOLDER.finditer(text)):
        entry = vault.get(token)
        if entry is not None:
            text = text.replace(token, entry.value)
    return text


def _holds(answer: str, text: str) -> bool:
    """`text` occurs in `answer` as whole words ("or" is not found in "for")."""
    left = r"(?<!\w)" if text[:1].isalnum() else ""
    right = r"(?!\w)" if text[-1:].isalnum() else ""
    return re.search(left + re.escape(text) + right, answer) is not None


def judge(
    kind: str, actions: list[str], task: str, tree: UITree, targets: tuple[str, ...], view: UITree | None, vault: Vault
) -> bool:
    """Did these actions do the variant's task? `view`: the tree the agent saw (None for the raw view)."""
    try:
        parsed = [parse_action(a) for a in actions]
    except ActionRefused:
        return False
    # a click inside an interactive target counts as on it: the button in a target grid cell
    inside = {d.id: t for t in targets if t in tree and tree[t].interactive for d in tree.descendants(t)}
    if not parsed or any(a.kind != "stop" and a.node_id not in {*targets, *inside} for a in parsed):
        return False  # nothing done, or something done to a node the task does not need
    origin = origin_of(tree.url)

    def typed(a: Action) -> str:
        # the value as really typed: the broker's own rehydration (a refused one types nothing)
        node = tree.get(a.node_id) if view is None or a.node_id in view else None
        try:
            return rehydrate(a, vault=vault, target=node, origin=origin)
        except ActionRefused:
            return ""

    def good_type(a: Action) -> bool:
        value = _norm(typed(a)).lower()
        return a.kind == "type" and bool(value) and value in _norm(task).lower()

    clicks = {x for a in parsed if a.kind == "click" for x in (a.node_id, inside.get(a.node_id, a.node_id))}
    typed_ok = {a.node_id for a in parsed if good_type(a)}
    nodes = [tree[t] for t in targets if t in tree]
    fields = [n.id for n in nodes if n.role in FIELD_ROLES]
    if kind in ("click", "check", "row_action"):
        won = any(n.interactive and n.id in clicks for n in nodes)
    elif kind == "select":
        won = any(n.role == "option" and n.id in clicks for n in nodes)
    elif kind == "search":
        won = any(f in typed_ok for f in fields)
    elif kind in ("type", "fill_form"):
        others = [n.id for n in nodes if n.role not in FIELD_ROLES]
        won = bool(fields) and all(f in typed_ok for f in fields) and all(o in clicks for o in others)
    else:  # read_*: the answer holds a needed text beyond the key the task names (whole words; not a lone ".")
        answers = [_norm(_filled(a.text, vault)) for a in parsed if a.kind == "stop"]
        texts = [t for n in nodes[1:] if len(t := _norm(n.name)) >= 2 and re.search(r"\w", t)]
        won = any(_holds(ans, t) for ans in answers for t in texts)
    return won


@dataclass
class Episode:
    tree: str
    kind: str
    task: str
    raw: bool
    sanitized: bool
    raw_actions: list[str] = field(default_factory=list)
    sanitized_actions: list[str] = field(default_factory=list)
    targets_missing: list[str] = field(default_factory=list)  # targets the sanitized view left out


def run(corpus: Path, split: str, limit: int | None) -> tuple[list[Episode], dict[str, int]]:
    minim = Minim.load()
    episodes: list[Episode] = []
    skipped: dict[str, int] = defaultdict(int)
    for ctree in iter_corpus(corpus, splits=[split]):
        raw_text = render(ctree.tree, "webarena")
        for variant in ctree.variants:
            if variant.type not in KINDS:
                skipped[variant.type] += 1
                continue
            if limit is not None and len(episodes) >= limit:
                return episodes, dict(skipped)
            episodes.append(_episode(minim, ctree.id, ctree.tree, raw_text, variant))
    return episodes, dict(skipped)


def _episode(minim: Minim, tree_id: str, tree: UITree, raw_text: str, variant: Variant) -> Episode:
    raw_actions = act(variant.task, raw_text)
    raw = judge(variant.type, raw_actions, variant.task, tree, variant.targets, None, Vault())
    session = minim.with_fresh_vault()
    try:
        view = session.sanitize(tree, variant.task)
    except (ScorerError, PolicyError):  # the broker sends nothing: the agent cannot act
        return Episode(tree_id, variant.type, variant.task, raw, False, raw_actions, [], list(variant.targets))
    san_actions = act(variant.task, view.text("webarena"))
    san = judge(variant.type, san_actions, variant.task, tree, variant.targets, view.tree, session.vault)
    missing = [t for t in variant.targets if t not in view.tree]
    return Episode(tree_id, variant.type, variant.task, raw, san, raw_actions, san_actions, missing)


def summary(episodes: list[Episode]) -> dict[str, dict[str, float | int | None]]:
    """Per kind and overall: counts, success rates, sanitized / raw, and what the sanitized view lost or won."""
    rows: dict[str, dict[str, float | int | None]] = {}
    for kind in [*KINDS, "all"]:
        eps = [e for e in episodes if kind in ("all", e.kind)]
        if not eps:
            continue
        raw, san = sum(e.raw for e in eps), sum(e.sanitized for e in eps)
        both = sum(e.raw and e.sanitized for e in eps)
        rows[kind] = {
            "variants": len(eps),
            "raw_wins": raw,
            "sanitized_wins": san,
            "raw": raw / len(eps),
            "sanitized": san / len(eps),
            "ratio": san / raw if raw else None,  # sanitized success as a share of full-view success
            "sanitized_among_raw_wins": both / raw if raw else None,
            "lost": raw - both,  # won on the raw view only
            "lost_target_not_shown": sum(e.raw and not e.sanitized and bool(e.targets_missing) for e in eps),
            "gained": san - both,  # won on the sanitized view only
        }
    return rows


def _pct(value: float | int | None, fmt: str = ".1%") -> str:
    return "—" if value is None else format(value, fmt)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, required=True)
    parser.add_argument("--split", default="val", help="develop on val / train; the held-out splits are run once")
    parser.add_argument("--limit", type=int, default=None, help="at most this many episodes")
    parser.add_argument("--json", type=Path, default=None, help="write the summary and every episode here")
    args = parser.parse_args()
    started = time.monotonic()
    episodes, skipped = run(args.corpus, args.split, args.limit)
    rows = summary(episodes)
    table = Table(title=f"Task success without templates — {args.corpus} split {args.split}")
    columns = ("kind", "variants", "raw", "sanitized", "san/raw", "san among raw wins", "lost", "of which target cut")
    for col in (*columns, "gained"):
        table.add_column(col, justify="left" if col == "kind" else "right", no_wrap=True)
    for kind, r in rows.items():
        table.add_row(
            kind,
            str(r["variants"]),
            _pct(r["raw"]),
            _pct(r["sanitized"]),
            _pct(r["ratio"], ".2f"),
            _pct(r["sanitized_among_raw_wins"]),
            str(r["lost"]),
            str(r["lost_target_not_shown"]),
            str(r["gained"]),
        )
    console = Console(width=150)
    console.print(table)
    console.print(f"skipped (not element tasks): {sum(skipped.values())} {dict(sorted(skipped.items()))}")
    console.print(f"{time.monotonic() - started:.0f}s")
    if args.json:
        out = {"split": args.split, "summary": rows, "skipped": skipped, "episodes": [asdict(e) for e in episodes]}
        args.json.write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
