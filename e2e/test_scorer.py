"""The scorer on the real stack: MiniLM weights, GATv2, a corpus built in Chromium."""

from __future__ import annotations

import numpy as np
import pytest
from playwright.sync_api import Page

from extractors.live import extract_page
from webarena_env.server import SiteServer, strip_labels
from webminim.embedder import Embedder
from webminim.features import build_graph, task_features
from webminim.scorer import Scorer, default_checkpoint
from webminim.training import TrainConfig, fit, load_split, prepare


@pytest.fixture(scope="session")
def embedder() -> Embedder:
    return Embedder(cache=False)


def test_features_are_identical_without_label_marks(page: Page, sites: SiteServer, embedder: Embedder):
    url = f"{sites.url}/a/shop/product?seed=4&inject=otp.toast,slack.sidebar"
    page.goto(url)
    labelled = build_graph(extract_page(page), embedder)
    page.route("**/*", lambda route: route.fulfill(response=(r := route.fetch()), body=strip_labels(r.text())))
    page.goto(url)
    assert "data-gt" not in page.content()
    plain = build_graph(extract_page(page), embedder)
    assert np.array_equal(labelled.x, plain.x) and np.array_equal(labelled.edge_index, plain.edge_index)
    task = "Add the toaster to my cart"
    emb = embedder.embed([task])[0]
    assert np.array_equal(task_features(labelled, task, emb), task_features(plain, task, emb))


def test_shipped_checkpoint_loads_offline_and_scores_a_page(page: Page, fixture_server: str, monkeypatch):
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    assert default_checkpoint().stat().st_size < 8 * 1024 * 1024  # a few MB
    scorer = Scorer.load(embedder=Embedder(cache=False))
    page.goto(f"{fixture_server}/toast_2fa.html")
    tree = extract_page(page)
    scores = scorer.score(tree, "Open my shopping cart")
    assert scores.s.shape == scores.n.shape == (len(tree),)
    assert ((scores.s >= 0) & (scores.s <= 10) & (scores.n >= 0) & (scores.n <= 10)).all()
    code = next(i for i, n in enumerate(tree) if "592018" in n.name)
    cart = next(i for i, n in enumerate(tree) if n.role == "link" and n.name.startswith("Cart"))
    assert scores.s[code] >= 5  # a verification code is sensitive
    assert scores.n[cart] > scores.n[code]  # the cart link matters more than the code for this task


def test_training_smoke_run_on_a_small_corpus(tmp_path, browser, embedder: Embedder):
    from webarena_env.corpus import build_corpus

    build_corpus(tmp_path, trees=6, seed=1, browser=browser, families=False)
    train = prepare(load_split(tmp_path, ["train"]), embedder)
    val = prepare(load_split(tmp_path, ["val"]), embedder)
    result = fit(train, val, config=TrainConfig(epochs=2, batch_size=8, seed=0))
    assert len(result.history) == 2 and result.history[1]["loss"] < result.history[0]["loss"]
    assert 0.0 <= result.val.tcnp <= 1.0 and result.val.instances == sum(len(p.variants) for p in val)
