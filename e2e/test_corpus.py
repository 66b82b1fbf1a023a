"""`webminim corpus` end to end: a small corpus builds in real Chromium, is complete, and
its labels are deterministic for a seed."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from webarena_env.tasks import TASK_TYPES
from webminim.corpus import SPLITS, iter_corpus, read_card


@pytest.fixture(scope="module")
def small_corpus(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("corpus")
    result = subprocess.run(
        [sys.executable, "-m", "webminim", "corpus", "--out", str(out), "--trees", "6", "--seed", "3"],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stderr
    assert "task types" in result.stdout and "irrelevant (n <= 1)" in result.stdout  # the card is printed
    return out


def test_card_counts_and_table7(small_corpus: Path):
    card = read_card(small_corpus)
    raw = json.loads((small_corpus / "card.json").read_text())
    assert {"trees", "task_types", "variants", "splits", "table7"} <= raw.keys()
    assert card.trees == 6 and card.task_types == len(TASK_TYPES) == 27
    assert all(card.splits[name].trees > 0 and card.splits[name].variants > 0 for name in SPLITS)
    assert card.variants == sum(s.variants for s in card.splits.values())
    assert 0 < card.table7.risk <= card.table7.high_sensitivity <= 1
    assert card.table7.irrelevant > 0.5


def test_every_instance_has_a_required_node_interactive_when_transactional(small_corpus: Path):
    trees = list(iter_corpus(small_corpus))
    assert sum(len(t.variants) for t in trees) == read_card(small_corpus).variants
    for t in trees:
        interactive = np.array([n.interactive for n in t.tree])
        for v in t.variants:
            assert (v.n == 10).any(), (t.id, v.task)
            if v.semantics == "transactional":
                assert (interactive & (v.n == 10)).any(), (t.id, v.task)


def test_theme_b_only_in_heldout_split(small_corpus: Path):
    for t in iter_corpus(small_corpus):
        assert (t.theme == "b") == (t.split == "heldout_theme")


def test_injected_secrets_appear_in_the_raw_trees(small_corpus: Path):
    for t in iter_corpus(small_corpus):
        text = "\n".join(f"{n.name} {n.value or ''}" for n in t.tree)
        assert t.secrets and all(secret.text in text for secret in t.secrets), t.id


def test_labels_are_deterministic_for_a_seed(small_corpus: Path, tmp_path: Path, browser):
    from webarena_env.corpus import build_corpus

    build_corpus(tmp_path, trees=6, seed=3, browser=browser)
    first, second = list(iter_corpus(small_corpus)), list(iter_corpus(tmp_path))
    assert [t.id for t in first] == [t.id for t in second]
    for a, b in zip(first, second, strict=True):
        assert [(n.role, n.name) for n in a.tree] == [(n.role, n.name) for n in b.tree]
        assert np.array_equal(a.s, b.s)
        assert [(v.task, v.n.tolist()) for v in a.variants] == [(v.task, v.n.tolist()) for v in b.variants]
