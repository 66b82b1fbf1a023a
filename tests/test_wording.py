"""Outside task wording: pools built from upstream texts and our spans, today's wording kept
exactly, and a real render."""

from __future__ import annotations

import json
import random
import re
from dataclasses import replace
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from extractors import tree_from_html
from extractors.naming import naming
from webarena_env import element_tasks as pools
from webarena_env.element_tasks import ElementTask, element_tasks
from webarena_env.wording import (
    HELDOUT_WORDING,
    OWN,
    SLOTS,
    TRAIN_WORDINGS,
    UPSTREAM,
    WORDING_SOURCES,
    WORDING_SPLIT,
    Wording,
    WordingError,
    build_pools,
    load_wording,
    slots_of,
    spans_of,
    template_of,
)
from webminim.corpus import CorpusTree, Variant

# A page with every kind of element task (a <select>, a named checkbox, rows without named controls).
PAGE = """<form><h2>Sign in</h2><p>Username</p><input><p>Password</p><input type=password>
<button>Cancel</button><button>Login</button></form><a href="/help">Help</a>
<table><tr><th>Pick</th><th>Sender</th><th>Subject</th></tr>
<tr><td><input type=checkbox></td><td>Dana Lee</td><td>March invoice</td></tr>
<tr><td><input type=checkbox></td><td>Marcus Webb</td><td>Lunch plans</td></tr></table><header>
<form role=search><input type=search aria-label="Search products"><button>Go</button></form></header>
<ul><li><h3>Dana Lee</h3><p>The March invoice is attached, please check the totals.</p><button>Reply</button></li>
<li><h3>Marcus Webb</h3><p>Lunch on Friday works for me.</p><button>Reply</button></li></ul>
<main><h2>Shipping</h2><p>Orders leave our warehouse within two days.</p><p>Tracking comes by e-mail.</p>
<h2>Returns</h2><p>Send items back within 30 days.</p></main>
<form><label for="c">City</label><select id="c"><option>Pick one</option><option>Helsinki</option>
<option>Oslo</option></select><label><input type=checkbox> Remember me</label><button>Save</button></form>"""

# element_tasks(PAGE, random.Random(0), per_type=3) before outside wording existed: the shipped
# model's corpus is built with wording=None, which must stay exactly this.
TODAY_SEED_0 = [
    ("click", 'Go to "Go"'),
    ("click", "I need to open Save on this page"),
    ("click", "Hit the Login button"),
    ("type", 'Type "7" as the Search products, then click Go'),
    ("type", 'Enter "blue widget" into the Username field and press Login'),
    ("type", 'Enter "Kessler" into the Password field and press Login'),
    ("select", 'Select "Helsinki" from the City list'),
    ("check", "Turn on Remember me"),
    ("fill_form", 'Fill in the username "order 1187" and the password "Tuesday", then click Login'),
    ("read_cell", "What is the subject of Marcus Webb?"),
    ("row_action", "Find the entry for Lunch on Friday works for me. and press Reply"),
    ("row_action", "Select the entry from March invoice"),
    ("row_action", 'Tick the box next to "Lunch plans"'),
    ("search", "Is there anything about jazz concerts here?"),
    ("read_item", "Summarize the post by Lunch on Friday works for me."),
    ("read_item", "What does the entry from Pick say?"),
    ("read_item", "What does the entry from March invoice say?"),
    ("read_section", "Read me the part about Shipping"),
    ("read_section", "Summarize Sign in for me"),
    ("read_section", "Summarize Marcus Webb for me"),
]

SPANS = Path(__file__).resolve().parents[1] / "webarena_env" / "data" / "wording"
# Upstream-like texts of our own (the real ones are the benchmarks' data, built on the machine).
TEXTS = {
    "1": 'Open the "Trip planner" page and book {soon}',
    "2": "Set my city to Oslo",
    "3": "Look up cheap flights to Lima",
}


def _tasks(seed: int, wording: Wording | None = None) -> list[ElementTask]:
    tree = tree_from_html(PAGE)
    return element_tasks(tree, naming(tree), random.Random(seed), per_type=3, wording=wording)


def _shape(tasks: list[ElementTask]) -> list[tuple[object, ...]]:
    """A task without its words."""
    return [(t.type, t.semantics, t.targets, t.context) for t in tasks]


def _label(tree: CorpusTree, variant: Variant) -> tuple[object, ...]:
    """A variant without its words, its targets as node positions."""
    index = {node.id: i for i, node in enumerate(tree.tree)}
    return variant.type, tuple(index[t] for t in variant.targets), variant.n.tobytes()


def _spans_dir(tmp_path: Path, pools: dict[str, list[dict]]) -> Path:
    """A spans.json for source "webarena" whose kinds are `pools`, every other kind empty."""
    (tmp_path / "webarena").mkdir(parents=True)
    data = {"source": "webarena", "pools": {kind: pools.get(kind, []) for kind in SLOTS}}
    (tmp_path / "webarena" / "spans.json").write_text(json.dumps(data))
    return tmp_path


def _built(tmp_path: Path, wording: Wording) -> Path:
    """A pools.json for `wording`, as `python -m webarena_env.wording` writes one."""
    root = tmp_path / "built"
    (root / wording.source).mkdir(parents=True)
    pools = {kind: [{"id": str(k), "text": t} for k, t in enumerate(wording.pool(kind))] for kind in SLOTS}
    (root / wording.source / "pools.json").write_text(json.dumps({"source": wording.source, "pools": pools}))
    return root


def _synthetic(**empty: bool) -> Wording:
    """One made-up template per kind naming all its slots; kinds in `empty` get none."""
    pools = {kind: ("X " + " ".join(f"{{{slot}}}" for slot in sorted(slots)),) for kind, slots in SLOTS.items()}
    return Wording(source="synthetic", **{kind: () if kind in empty else pool for kind, pool in pools.items()})


# -- the pools ---------------------------------------------------------------------------------


def test_own_is_exactly_todays_pools_and_each_uses_all_its_kinds_slots() -> None:
    ours = {
        "click": pools.CLICK,
        "type": pools.TYPE,
        "type_submit": pools.TYPE_SUBMIT,
        "select": pools.SELECT,
        "check": pools.CHECK,
        "fill_form": pools.FORM,
        "read_cell": pools.READ,
        "row_action": pools.ROW,
        "row_unnamed": pools.ROW_UNNAMED,
        "search": pools.SEARCH,
        "read_item": pools.READ_ITEM,
        "read_section": pools.READ_SECTION,
    }
    assert set(ours) == set(SLOTS) and load_wording("own") is OWN
    for kind, pool in ours.items():
        assert OWN.pool(kind) is pool
        assert all(slots_of(template) == SLOTS[kind] for template in pool), kind


def test_a_pool_entry_is_the_upstream_text_with_only_its_spans_made_slots(tmp_path: Path) -> None:
    spans = {
        "click": [{"id": "1", "spans": [[10, 22, "name"]]}],
        "type": [{"id": "2", "spans": [[7, 11, "label"], [15, 19, "value"]]}],
        "search": [{"id": "3", "spans": [[8, 29, "query"]]}],
    }
    pools = build_pools("webarena", TEXTS, _spans_dir(tmp_path, spans))
    assert pools["click"] == [{"id": "1", "text": 'Open the "{name}" page and book {{soon}}'}]
    assert pools["type"] == [{"id": "2", "text": "Set my {label} to {value}"}]
    assert pools["search"] == [{"id": "3", "text": "Look up {query}"}]
    assert pools["click"][0]["text"].format(name="Trip planner") == TEXTS["1"]  # the text's own braces survive
    for kind, entries in pools.items():  # the template gives back the very spans it was built from
        for entry, given in zip(entries, spans.get(kind, []), strict=True):
            assert template_of(TEXTS[entry["id"]], [tuple(x) for x in given["spans"]]) == entry["text"]


@pytest.mark.parametrize(
    ("spans", "message"),
    [
        ({"click": [{"id": "9", "spans": [[0, 4, "name"]]}]}, "no upstream task"),
        ({"click": [{"id": "2", "spans": [[4, 40, "name"]]}]}, "does not fit"),
        ({"click": [{"id": "2", "spans": [[0, 3, "label"]]}]}, "needs slots"),
    ],
)
def test_a_span_that_does_not_fit_is_refused(tmp_path: Path, spans: dict, message: str) -> None:
    with pytest.raises(WordingError, match=message):
        build_pools("webarena", TEXTS, _spans_dir(tmp_path, spans))


def test_spans_of_reads_a_template_against_its_text() -> None:
    assert spans_of("Set my {label} to {value}", TEXTS["2"]) == [(7, 11, "label"), (15, 19, "value")]
    with pytest.raises(WordingError, match="does not fit"):
        spans_of("Set your {label} to {value}", TEXTS["2"])


@pytest.mark.parametrize("source", WORDING_SOURCES)
def test_every_source_ships_spans_and_provenance_and_no_upstream_text(source: str) -> None:
    assert re.search(UPSTREAM[source].commit, (SPANS / source / "SOURCE.md").read_text())  # the pinned commit
    data = json.loads((SPANS / source / "spans.json").read_text())
    assert data["source"] == source and set(data["pools"]) == set(SLOTS)
    entries = [(kind, e) for kind, pool in data["pools"].items() for e in pool]
    assert len(entries) >= 30
    for kind, entry in entries:
        assert set(entry) == {"id", "spans"}, entry  # ids and offsets only: upstream's words stay upstream
        assert {slot for _, _, slot in entry["spans"]} == SLOTS[kind], (kind, entry)
    assert sorted(p.name for p in (SPANS / source).iterdir()) == ["SOURCE.md", "spans.json"]


def test_a_wording_not_built_here_is_one_clear_error(tmp_path: Path) -> None:
    with pytest.raises(WordingError, match="build it with python -m webarena_env.wording"):
        load_wording(HELDOUT_WORDING, tmp_path)


def test_the_held_out_wording_is_never_a_training_wording() -> None:
    assert HELDOUT_WORDING in WORDING_SOURCES and TRAIN_WORDINGS
    assert HELDOUT_WORDING not in TRAIN_WORDINGS and OWN.source != HELDOUT_WORDING
    assert set(TRAIN_WORDINGS) | {HELDOUT_WORDING} == set(WORDING_SOURCES)
    assert WORDING_SPLIT not in ("train", "val", "test")


def test_a_bad_pool_entry_is_refused(tmp_path: Path) -> None:
    source = TRAIN_WORDINGS[0]
    root = _built(tmp_path, replace(_synthetic(), source=source))
    assert load_wording(source, root).source == source
    data = json.loads((root / source / "pools.json").read_text())
    data["pools"]["click"].append({"id": "1", "text": "Click {name} and {value}"})
    (root / source / "pools.json").write_text(json.dumps(data))
    with pytest.raises(WordingError, match="needs slots"):
        load_wording(source, root)
    with pytest.raises(WordingError, match="unknown wording source"):
        load_wording("no-such-source")


# -- element_tasks -----------------------------------------------------------------------------


def test_without_a_wording_the_tasks_are_todays_word_for_word() -> None:
    assert [(t.type, t.text) for t in _tasks(0)] == TODAY_SEED_0


@pytest.mark.parametrize("seed", range(5))
def test_own_wording_is_no_wording(seed: int) -> None:
    assert _tasks(seed, OWN) == _tasks(seed)


@pytest.mark.parametrize("seed", range(5))
def test_an_outside_wording_words_the_same_tasks(seed: int) -> None:
    today = _tasks(seed)
    other = _tasks(seed, _synthetic())
    assert _shape(other) == _shape(today)  # same tasks, targets and context, in the same order
    assert all(t.text.startswith("X ") for t in other)
    assert _tasks(seed, _synthetic()) == other  # reproducible


def test_a_kind_the_wording_lacks_is_dropped_and_nothing_else_moves() -> None:
    today = _tasks(0)
    other = _tasks(0, _synthetic(check=True, type_submit=True))
    # type_submit tasks are the type tasks with two targets (field, button)
    kept = [t for t in today if t.type != "check" and not (t.type == "type" and len(t.targets) == 2)]
    assert len(kept) < len(today) and _shape(other) == _shape(kept)


def test_the_wording_split_plans_held_out_families_only_as_the_full_corpus_does() -> None:
    from webarena_env.corpus import plan_wording_split
    from webarena_env.families import HELDOUT_FAMILIES, plan_families

    plan = plan_wording_split(0)
    held_out = [p for p in plan_families(0) if p.family in HELDOUT_FAMILIES]
    assert [replace(p, split=WORDING_SPLIT) for p in held_out] == plan
    assert {p.split for p in plan} == {WORDING_SPLIT}
    with pytest.raises(ValueError, match="not held-out"):
        plan_wording_split(0, families=("adminlte",))
    trained = plan_wording_split(0, source=TRAIN_WORDINGS[0])  # a training wording: the other families, own splits
    assert {p.family for p in trained}.isdisjoint(HELDOUT_FAMILIES) and {p.split for p in trained} == {"train", "val"}
    assert trained == [p for p in plan_families(0) if p.family not in HELDOUT_FAMILIES]
    with pytest.raises(ValueError, match="take only the held-out wording"):
        plan_wording_split(0, source=TRAIN_WORDINGS[0], families=("spectre",))


# -- a real render -----------------------------------------------------------------------------


def test_the_wording_split_renders_the_held_out_trees_with_outside_words(
    browser: Browser, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Real Chromium: the wording split's trees are the full corpus's held-out trees, same
    tree, sensitivity and targets, loadable by the corpus reader under its split. The held-out
    source's pools are made up here (its real ones are built where its snapshot is)."""
    monkeypatch.setenv("WEBMINIM_WORDING_DIR", str(_built(tmp_path, replace(_synthetic(), source=HELDOUT_WORDING))))
    tmp_path = tmp_path / "corpus"
    from webarena_env.corpus import WORDING_FILE, build_wording_split, plan_wording_split
    from webarena_env.families import build_family_tree, plan_families
    from webminim.corpus import iter_corpus, read_card

    card = build_wording_split(tmp_path, families=("spectre",), pages_per_family=1, browser=browser)
    trees = list(iter_corpus(tmp_path, splits=[WORDING_SPLIT]))
    assert card.trees == len(trees) == 2 and {t.family for t in trees} == {"spectre"}
    assert read_card(tmp_path).splits[WORDING_SPLIT].variants == sum(len(t.variants) for t in trees) > 0
    provenance = json.loads((tmp_path / WORDING_FILE).read_text())
    assert provenance["source"] == HELDOUT_WORDING and provenance["held_out_wording"] is True

    first = plan_wording_split(0, families=("spectre",), pages_per_family=1)[0]
    full = next(p for p in plan_families(0) if p.path == first.path and p.render == first.render)
    assert replace(full, split=first.split) == first  # the full corpus's plan item, index and all
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    try:
        ours = build_family_tree(page, full, seed=0, per_type=3)
    finally:
        page.close()
    worded = trees[0]
    assert worded.id == ours.id and (worded.s == ours.s).all()
    # node ids are the browser's and differ between sessions; the nodes themselves do not
    assert [(n.role, n.name) for n in worded.tree] == [(n.role, n.name) for n in ours.tree]
    labels = iter([_label(ours, v) for v in ours.variants])
    assert all(_label(worded, v) in labels for v in worded.variants)  # a subsequence
    assert {v.task for v in worded.variants} - {v.task for v in ours.variants}
