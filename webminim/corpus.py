"""The labelled corpus on disk: each tree once, necessity labels per task variant.

    DIR/trees.jsonl.gz   one JSON object per tree: the UITree, s per node, its variants
                         (task text, type, semantics, sparse n: indices with n=10 / n=5),
                         the injected secrets and the split
    DIR/card.json        counts, per-split counts and the paper's Table 7 statistics

Written by `webarena_env` (which owns the sites and labels), read by training and eval.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from pydantic import BaseModel

from extractors.tree import UITree
from webminim.errors import CorpusError

TREES_FILE = "trees.jsonl.gz"
CARD_FILE = "card.json"
SPLITS = ("train", "val", "test", "heldout_theme", "heldout_family", "heldout_wording")


@dataclass(frozen=True, slots=True)
class Variant:
    """One (tree, task instance) pair: the task and n per node."""

    task: str
    type: str
    semantics: str
    targets: tuple[str, ...]
    n: np.ndarray  # int8, one per node in document order

    def to_json(self) -> dict[str, Any]:
        return {
            "task": self.task,
            "type": self.type,
            "semantics": self.semantics,
            "targets": list(self.targets),
            "n10": np.flatnonzero(self.n == 10).tolist(),
            "n5": np.flatnonzero(self.n == 5).tolist(),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any], size: int) -> Variant:
        n = np.zeros(size, dtype=np.int8)
        n[data["n5"]] = 5
        n[data["n10"]] = 10
        return cls(data["task"], data["type"], data["semantics"], tuple(data["targets"]), n)


@dataclass(frozen=True, slots=True)
class Secret:
    """A value injected into the page that must not leave unless the task needs it."""

    kind: str
    text: str


@dataclass(frozen=True, slots=True)
class CorpusTree:
    id: str
    site: str
    page: str
    theme: str
    seed: int
    split: str
    url: str
    tree: UITree
    s: np.ndarray  # int8, one per node
    variants: tuple[Variant, ...]
    secrets: tuple[Secret, ...] = ()
    family: str = ""  # page family: a vendored real-world family, or our sites ("sites", "sites-b")

    def __post_init__(self) -> None:
        if not self.family:  # trees of our own sites: one family per theme
            object.__setattr__(self, "family", "sites" if self.theme == "a" else f"sites-{self.theme}")

    def to_json(self) -> dict[str, Any]:
        tree = self.tree.to_dict()
        for node in tree["nodes"]:
            node.pop("bbox", None)
        return {
            "id": self.id,
            "site": self.site,
            "page": self.page,
            "theme": self.theme,
            "seed": self.seed,
            "split": self.split,
            "url": self.url,
            "tree": tree,
            "s": self.s.tolist(),
            "variants": [v.to_json() for v in self.variants],
            "secrets": [{"kind": s.kind, "text": s.text} for s in self.secrets],
            "family": self.family,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> CorpusTree:
        tree = UITree.from_dict(data["tree"])
        size = len(tree)
        s = np.asarray(data["s"], dtype=np.int8)
        if s.shape != (size,):
            raise CorpusError(f"tree {data.get('id')}: {s.size} sensitivity labels for {size} nodes")
        return cls(
            data["id"],
            data["site"],
            data["page"],
            data["theme"],
            int(data["seed"]),
            data["split"],
            data["url"],
            tree,
            s,
            tuple(Variant.from_json(v, size) for v in data["variants"]),
            tuple(Secret(x["kind"], x["text"]) for x in data.get("secrets", ())),
            data.get("family", ""),
        )


class SplitCount(BaseModel):
    trees: int
    variants: int


class Table7(BaseModel):
    """The paper's Table 7 conflict analysis over all (tree, task) node labels."""

    nodes: int
    irrelevant: float  # share with n <= 1
    high_sensitivity: float  # share with s >= 5
    risk: float  # share both irrelevant and high-sensitivity


class CorpusCard(BaseModel):
    trees: int
    task_types: int
    variants: int
    sites: dict[str, int]
    families: dict[str, int] = {}
    splits: dict[str, SplitCount]
    table7: Table7
    browse_task: str
    seed: int
    build_seconds: float = 0.0


def table7(trees: Iterable[CorpusTree]) -> Table7:
    total = irrelevant = high = risk = 0
    for t in trees:
        sensitive = t.s >= 5
        for v in t.variants:
            irr = v.n <= 1
            total += irr.size
            irrelevant += int(irr.sum())
            high += int(sensitive.sum())
            risk += int((irr & sensitive).sum())
    total = max(total, 1)
    return Table7(nodes=total, irrelevant=irrelevant / total, high_sensitivity=high / total, risk=risk / total)


def make_card(trees: list[CorpusTree], *, browse_task: str, seed: int, build_seconds: float) -> CorpusCard:
    splits = {
        name: SplitCount(
            trees=sum(t.split == name for t in trees),
            variants=sum(len(t.variants) for t in trees if t.split == name),
        )
        for name in SPLITS
    }
    sites: dict[str, int] = {}
    families: dict[str, int] = {}
    for t in trees:
        sites[t.site] = sites.get(t.site, 0) + 1
        families[t.family] = families.get(t.family, 0) + 1
    return CorpusCard(
        trees=len(trees),
        task_types=len({v.type for t in trees for v in t.variants}),
        variants=sum(len(t.variants) for t in trees),
        sites=sites,
        families=families,
        splits=splits,
        table7=table7(trees),
        browse_task=browse_task,
        seed=seed,
        build_seconds=round(build_seconds, 1),
    )


class CorpusWriter:
    """Streams trees to DIR/trees.jsonl.gz; `close(card)` writes the card."""

    def __init__(self, out: Path) -> None:
        out.mkdir(parents=True, exist_ok=True)
        self.out = out
        # Open for the writer's lifetime: trees stream in one at a time; close() or abort() ends it.
        (out / CARD_FILE).unlink(missing_ok=True)  # no card until the corpus is complete
        self._file = gzip.open(out / TREES_FILE, "wt", encoding="utf-8")  # noqa: SIM115

    def write(self, tree: CorpusTree) -> None:
        self._file.write(json.dumps(tree.to_json(), ensure_ascii=False, separators=(",", ":")) + "\n")

    def close(self, card: CorpusCard) -> None:
        self._file.close()
        (self.out / CARD_FILE).write_text(card.model_dump_json(indent=2) + "\n")

    def abort(self) -> None:
        """Stop without a card: the directory then does not read as a corpus."""
        self._file.close()


def read_card(path: Path) -> CorpusCard:
    try:
        return CorpusCard.model_validate_json((path / CARD_FILE).read_text())
    except FileNotFoundError:
        raise CorpusError(f"{path} is not a corpus (no {CARD_FILE}); build one with `webminim corpus`") from None
    except ValueError as exc:
        raise CorpusError(f"{path / CARD_FILE} is malformed: {str(exc).splitlines()[0]}") from exc


def iter_corpus(
    path: Path,
    *,
    splits: Iterable[str] | None = None,
    families: Iterable[str] | None = None,
    exclude_families: Iterable[str] = (),
) -> Iterator[CorpusTree]:
    """Trees of the corpus at `path`, optionally only those in `splits` / `families`, and
    never those of `exclude_families` (leave-one-family-out)."""
    wanted = set(splits) if splits is not None else None
    unknown = (wanted or set()) - set(SPLITS)
    if unknown:
        raise CorpusError(f"unknown split {sorted(unknown)[0]!r}; choose from {', '.join(SPLITS)}")
    card = read_card(path)
    only = set(families) if families is not None else None
    excluded = set(exclude_families)
    known = set(card.families) or {"sites", "sites-b"}
    for name in (only or set()) | excluded:
        if name not in known:
            raise CorpusError(f"unknown family {name!r}; this corpus has {', '.join(sorted(known))}")
    try:
        with gzip.open(path / TREES_FILE, "rt", encoding="utf-8") as lines:
            for line in lines:
                data = json.loads(line)
                if wanted is not None and data.get("split") not in wanted:
                    continue
                tree = CorpusTree.from_json(data)
                if (only is None or tree.family in only) and tree.family not in excluded:
                    yield tree
    except (OSError, json.JSONDecodeError, KeyError, TypeError) as exc:
        raise CorpusError(f"{path / TREES_FILE} is unreadable: {exc}") from exc
