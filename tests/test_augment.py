"""Renaming augmentation (webminim.augment) and the page-relative task features, on small
pages with the real MiniLM embedder."""

from __future__ import annotations

import random

import numpy as np
import pytest

from extractors.html import tree_from_html
from webminim.augment import LabelPool, renamed, renamed_copies
from webminim.corpus import CorpusTree, Variant
from webminim.embedder import Embedder
from webminim.features import build_graph, task_features


@pytest.fixture(scope="module")
def embedder() -> Embedder:
    return Embedder(cache=False, encoder="minilm")  # renames always read MiniLM itself


def page(body: str, name: str, task: str = "", target: tuple[str, str] | None = None) -> CorpusTree:
    tree = tree_from_html(f"<html><body>{body}</body></html>", url="http://site.test/")
    n = np.zeros(len(tree), dtype=np.int8)
    variants = ()
    if target:
        i = next(i for i, x in enumerate(tree.nodes) if (x.role, x.name) == target)
        n[i] = 10
        variants = (Variant(task, "click", "{}", (tree.nodes[i].id,), n),)
    return CorpusTree(name, "fam", name, "real", 0, "train", "u", tree, np.zeros(len(tree), np.int8), variants)


def names_of(item: CorpusTree, role: str) -> list[str]:
    return [n.name for n in item.tree.nodes if n.role == role]


def test_a_target_control_gets_a_close_label_from_another_page(embedder: Embedder) -> None:
    login = page("<button>Login</button><a href='/help'>Help</a>", "login", "Click Login", ("button", "Login"))
    other = page("<button>Sign in</button><button>Weather forecast</button>", "other")
    pool = LabelPool.of([login, other], embedder)
    copy = renamed(login, pool, embedder, random.Random(0))
    assert copy is not None and copy.id == "login~renamed"
    assert names_of(copy, "button") == ["Sign in"]
    assert "Login" not in [n.name for n in copy.tree.nodes]  # its text child too
    assert names_of(copy, "link") == ["Help"]  # not a target: untouched
    assert copy.variants == login.variants  # the task still says "Login"; labels unchanged
    assert names_of(login, "button") == ["Login"]  # the original is not mutated


def test_alternatives_on_one_page_and_opposites_are_never_swapped(embedder: Embedder) -> None:
    edit = page("<button>Next</button>", "next", "Click Next", ("button", "Next"))
    pager = page("<button>Previous</button>", "pager")  # close to "Next", and its opposite
    pool = LabelPool.of([edit, pager], embedder)
    assert renamed(edit, pool, embedder, random.Random(0)) is None
    assert float(pool.vectors["press"][pool.labels["press"].index("Previous")] @ embedder.embed(["Next"])[0]) > 0.55
    edit = page("<button>Edit</button>", "edit", "Click Edit", ("button", "Edit"))
    row = page("<button>Change</button><button>Delete</button><button>Update</button>", "row")
    pool = LabelPool.of([edit, row], embedder)
    # "Change" / "Delete" / "Update" share a page: alternatives to one another, not to "Edit"
    copy = renamed(edit, pool, embedder, random.Random(0))
    assert copy is not None and names_of(copy, "button")[0] in {"Change", "Delete", "Update"}
    row_edit = page("<button>Edit</button><button>Modify</button>", "row2", "Click Edit", ("button", "Edit"))
    pool = LabelPool.of([row_edit], embedder)
    assert renamed(row_edit, pool, embedder, random.Random(0)) is None  # "Modify" is on its page
    elsewhere = page("<button>Modify</button>", "modify")
    copy = renamed(edit, LabelPool.of([edit, elsewhere], embedder), embedder, random.Random(0))
    assert copy is not None and names_of(copy, "button") == ["Modify"]  # on another page it is a synonym


def test_file_names_handles_and_long_text_are_not_renamed(embedder: Embedder) -> None:
    files = page("<a href='/x'>dialog.js</a>", "files", "Open dialog.js", ("link", "dialog.js"))
    other = page("<a href='/y'>button.js</a><a href='/z'>script</a>", "other")
    assert renamed(files, LabelPool.of([files, other], embedder), embedder, random.Random(0)) is None


def test_copies_are_deterministic_and_only_of_trees_with_targets(embedder: Embedder) -> None:
    trees = [page("<button>Login</button>", f"p{i}", "Click Login", ("button", "Login")) for i in range(4)]
    trees.append(page("<button>Sign in</button>", "pool"))
    first = renamed_copies(trees, embedder, share=1.0, seed=3)
    again = renamed_copies(trees, embedder, share=1.0, seed=3)
    assert [c.id for c in first] == [c.id for c in again] == [f"p{i}~renamed" for i in range(4)]
    assert renamed_copies(trees, embedder, share=0.0) == []


def test_relative_features_rank_nodes_within_the_page(embedder: Embedder) -> None:
    item = page("<p>Weather today</p><button>Sign in</button><button>Help</button>", "p")
    graph = build_graph(item.tree, embedder)
    task = "Log in to the account"
    feats = task_features(graph, task, embedder.embed([task])[0])
    cos = feats[:, 0]
    assert feats.shape == (len(item.tree), 15)
    assert np.isclose(feats[:, 12].max(), 0.0) and (feats[:, 12] <= 0).all()
    assert np.isclose(feats[:, 12], cos - cos.max()).all()
    buttons = [i for i, n in enumerate(item.tree.nodes) if n.role == "button"]
    best = max(buttons, key=lambda i: cos[i])
    assert item.tree.nodes[best].name == "Sign in"
    assert feats[best, 14] == 0.0 and all(feats[i, 14] < 0 for i in buttons if i != best)
    assert np.argmax(feats[:, 13]) == np.argmax(cos)
