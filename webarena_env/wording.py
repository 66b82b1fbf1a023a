"""Task wording from outside: element tasks phrased the way real agent benchmarks phrase them.

Our element tasks (webarena_env.element_tasks) are worded by us, so a held-out page family
tests unseen HTML but never unseen wording. A wording source is a set of pools, one per
element-task kind, taken from a public task list no one here wrote. The task texts are not in
this repository (they are the benchmarks' own data): what is here is, per source, where the
texts are (`UPSTREAM`: repository, commit, file) and which character spans of which tasks are
entities that become our slots (`data/wording/<source>/spans.json`, with its SOURCE.md). The
pools are built on the machine from a snapshot of each repository:

    python -m webarena_env.wording --webarena <web-arena-x/webarena git dir> \\
                                   --webvoyager <MinorJerry/WebVoyager git dir>

and written to `wording_dir()` (`WEBMINIM_WORDING_DIR`, else the webminim cache). A pool entry
is the upstream task with only its entity spans replaced by our `{slot}`s; every other word,
typo and punctuation mark is upstream's, and the build refuses a span that does not fit.

Sources: "webarena" (WebArena's task intents) may be trained on and steer decisions;
"webvoyager" (WebVoyager's tasks) is the held-out wording, never trained on and never used
for a decision. WebArena is the one to spend: its templates sit on shop / forum / admin sites
like our own, and WebArena material was already in this project (its browser_env under e2e/);
WebVoyager's open-web tasks are the further shift and had not been read here before. The
corpus split rendered with the held-out wording is "heldout_wording".

`OWN` is our own wording (the pools of element_tasks, the very tuples), so that
`element_tasks(..., wording=OWN)` is today's corpus.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import string
import subprocess
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from webarena_env.element_tasks import (
    CHECK,
    CLICK,
    FORM,
    READ,
    READ_ITEM,
    READ_SECTION,
    ROW,
    ROW_UNNAMED,
    SEARCH,
    SELECT,
    TYPE,
    TYPE_SUBMIT,
)
from webminim.errors import CorpusError
from webminim.paths import cache_dir

SPANS_DIR = Path(__file__).parent / "data" / "wording"
WORDING_SOURCES = ("webarena", "webvoyager")
HELDOUT_WORDING = "webvoyager"  # never trained on, never used for a decision
TRAIN_WORDINGS = tuple(s for s in WORDING_SOURCES if s != HELDOUT_WORDING)
WORDING_SPLIT = "heldout_wording"


@dataclass(frozen=True, slots=True)
class Upstream:
    """Where a source's task texts are: a file of a repository at a commit, and its fields."""

    repository: str
    commit: str
    path: str
    id_field: str
    text_field: str


UPSTREAM: dict[str, Upstream] = {
    "webarena": Upstream(
        "web-arena-x/webarena",
        "f62e0b99bc7d9e0cd996d0cf5ebb2225780ec279",
        "config_files/test.raw.json",
        "task_id",
        "intent",
    ),
    "webvoyager": Upstream(
        "MinorJerry/WebVoyager", "5a7896738c10bfb8b9edccce6bb0e0411f8ae569", "data/WebVoyager_data.jsonl", "id", "ques"
    ),
}

# The slots each pool's templates fill, all of them: a task names every element it needs.
SLOTS: dict[str, frozenset[str]] = {
    "click": frozenset({"name"}),
    "type": frozenset({"value", "label"}),
    "type_submit": frozenset({"value", "label", "button"}),
    "select": frozenset({"option", "label"}),
    "check": frozenset({"label"}),
    "fill_form": frozenset({"pairs", "button"}),
    "read_cell": frozenset({"column", "key"}),
    "row_action": frozenset({"action", "key"}),
    "row_unnamed": frozenset({"key"}),
    "search": frozenset({"query"}),
    "read_item": frozenset({"key"}),
    "read_section": frozenset({"heading"}),
}


class WordingError(CorpusError):
    """A wording that is missing, or does not fit its upstream texts (one line at the CLI)."""


@dataclass(frozen=True, slots=True)
class Wording:
    """One phrasing pool per element-task template kind (keys of SLOTS); an empty pool
    means the source words no task of that kind, and element_tasks then drops such tasks."""

    source: str
    click: tuple[str, ...]
    type: tuple[str, ...]
    type_submit: tuple[str, ...]
    select: tuple[str, ...]
    check: tuple[str, ...]
    fill_form: tuple[str, ...]
    read_cell: tuple[str, ...]
    row_action: tuple[str, ...]
    row_unnamed: tuple[str, ...]
    search: tuple[str, ...]
    read_item: tuple[str, ...]
    read_section: tuple[str, ...]

    def pool(self, kind: str) -> tuple[str, ...]:
        if kind not in SLOTS:
            raise KeyError(f"no wording kind {kind!r}")
        pool: tuple[str, ...] = getattr(self, kind)
        return pool


@dataclass(frozen=True, slots=True)
class WordingEntry:
    """One pool entry: its kind, template and the upstream task it came from."""

    kind: str
    text: str
    upstream_id: str


OWN = Wording(
    source="own",
    click=CLICK,
    type=TYPE,
    type_submit=TYPE_SUBMIT,
    select=SELECT,
    check=CHECK,
    fill_form=FORM,
    read_cell=READ,
    row_action=ROW,
    row_unnamed=ROW_UNNAMED,
    search=SEARCH,
    read_item=READ_ITEM,
    read_section=READ_SECTION,
)


def wording_dir() -> Path:
    """Where built pools live: WEBMINIM_WORDING_DIR, else wording/ in the webminim cache."""
    return Path(os.environ.get("WEBMINIM_WORDING_DIR") or cache_dir() / "wording")


def slots_of(template: str) -> frozenset[str]:
    """The `{slot}` names a template formats."""
    return frozenset(field for _, field, _, _ in string.Formatter().parse(template) if field is not None)


def spans_of(template: str, text: str) -> list[tuple[int, int, str]]:
    """The (start, end, slot) spans of `text` that `template`'s slots stand for: the template's
    other characters must be the text's, in order (a slot matches at least one character)."""
    parts = list(string.Formatter().parse(template))
    pattern = "".join(re.escape(literal) + ("(.+?)" if field is not None else "") for literal, field, _, _ in parts)
    match = re.fullmatch(pattern, text, flags=re.DOTALL)
    if match is None:
        raise WordingError(f"{template!r} does not fit the upstream text {text!r}")
    fields = [field for _, field, _, _ in parts if field is not None]
    return [(match.start(k + 1), match.end(k + 1), field) for k, field in enumerate(fields)]


def template_of(text: str, spans: list[tuple[int, int, str]]) -> str:
    """`text` with each span replaced by its `{slot}`; braces of the text itself escaped."""
    out, at = [], 0
    for start, end, slot in sorted(spans):
        if not (at <= start < end <= len(text)):
            raise WordingError(f"span {start}-{end} does not fit a text of {len(text)} characters")
        out.append(text[at:start].replace("{", "{{").replace("}", "}}"))
        out.append("{" + slot + "}")
        at = end
    out.append(text[at:].replace("{", "{{").replace("}", "}}"))
    return "".join(out)


def build_pools(source: str, texts: Mapping[str, str], spans_root: Path = SPANS_DIR) -> dict[str, list[dict]]:
    """The pools of `source` from its upstream texts (id -> text) and its spans.json; every
    entry checked: a known kind, exactly that kind's slots."""
    spans = json.loads((spans_root / source / "spans.json").read_text(encoding="utf-8"))
    if spans.get("source") != source or set(spans["pools"]) != set(SLOTS):
        raise WordingError(f"{source}/spans.json: wrong source name or kinds")
    pools: dict[str, list[dict]] = {}
    for kind, entries in spans["pools"].items():
        pools[kind] = []
        for entry in entries:
            upstream = str(entry["id"])
            if upstream not in texts:
                raise WordingError(f"{source}: no upstream task {upstream!r}")
            template = template_of(texts[upstream], [tuple(s) for s in entry["spans"]])  # type: ignore[misc]
            if slots_of(template) != SLOTS[kind]:
                raise WordingError(f"{source} {kind}: {template!r} needs slots {sorted(SLOTS[kind])}")
            pools[kind].append({"id": upstream, "text": template})
    return pools


def read_upstream(source: str, git_dir: Path) -> dict[str, str]:
    """Task id -> task text, from a bare git dir of the source's repository at its commit."""
    up = UPSTREAM[source]
    try:
        raw = subprocess.run(
            ["git", "--git-dir", str(git_dir), "show", f"{up.commit}:{up.path}"],
            capture_output=True,
            check=True,
            timeout=120,
        ).stdout.decode("utf-8")
    except (OSError, subprocess.SubprocessError) as exc:
        raise WordingError(f"cannot read {up.path} at {up.commit[:8]} from {git_dir}: {exc}") from exc
    rows = json.loads(raw) if up.path.endswith(".json") else [json.loads(line) for line in raw.splitlines() if line]
    return {str(row[up.id_field]): str(row[up.text_field]) for row in rows}


def write_pools(source: str, texts: Mapping[str, str], out: Path | None = None) -> Path:
    """Build a source's pools and write them to `out` (default `wording_dir()`)/<source>/pools.json."""
    target = (out or wording_dir()) / source / "pools.json"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps({"source": source, "pools": build_pools(source, texts)}, indent=1) + "\n")
    return target


def wording_entries(source: str, root: Path | None = None) -> tuple[WordingEntry, ...]:
    """Every entry of a built source's pools.json, checked: known kinds, exactly the kind's
    slots, an upstream id."""
    if source not in WORDING_SOURCES:
        raise WordingError(f"unknown wording source {source!r}; choose from {', '.join(WORDING_SOURCES)}")
    path = (root or wording_dir()) / source / "pools.json"
    if not path.is_file():
        raise WordingError(f"no {source} wording at {path}: build it with python -m webarena_env.wording")
    data = json.loads(path.read_text(encoding="utf-8"))
    if data.get("source") != source or set(data["pools"]) != set(SLOTS):
        raise WordingError(f"{path}: wrong source name or kinds")
    out = []
    for kind, entries in data["pools"].items():
        for entry in entries:
            text, upstream = entry["text"], str(entry.get("id") or "")
            if slots_of(text) != SLOTS[kind] or not upstream:
                raise WordingError(f"{path} {kind}: {text!r} needs slots {sorted(SLOTS[kind])} and an id")
            out.append(WordingEntry(kind, text, upstream))
    return tuple(out)


def load_wording(source: str, root: Path | None = None) -> Wording:
    """A built source's pools ("own" gives OWN)."""
    if source == OWN.source:
        return OWN
    entries = wording_entries(source, root)
    pools = {kind: tuple(e.text for e in entries if e.kind == kind) for kind in SLOTS}
    return Wording(source=source, **pools)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Build the outside task-wording pools from upstream snapshots.")
    for source in WORDING_SOURCES:
        parser.add_argument(f"--{source}", type=Path, help=f"bare git dir of {UPSTREAM[source].repository}")
    parser.add_argument("--out", type=Path, help="where to write (default: WEBMINIM_WORDING_DIR or the cache)")
    args = parser.parse_args(argv)
    for source in WORDING_SOURCES:
        git_dir = getattr(args, source)
        if git_dir is not None:
            try:
                print(write_pools(source, read_upstream(source, git_dir), args.out))
            except (WordingError, OSError, ValueError, KeyError) as exc:  # a snapshot that is not the pinned one
                raise SystemExit(f"webarena_env.wording: error: {source}: {exc}") from None


if __name__ == "__main__":
    main()


__all__ = [
    "HELDOUT_WORDING",
    "OWN",
    "SLOTS",
    "TRAIN_WORDINGS",
    "UPSTREAM",
    "WORDING_SOURCES",
    "WORDING_SPLIT",
    "Wording",
    "WordingEntry",
    "WordingError",
    "build_pools",
    "load_wording",
    "spans_of",
    "template_of",
    "wording_dir",
    "wording_entries",
]
