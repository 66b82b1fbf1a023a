"""The ONNX Runtime scorer against the torch reference: the same vectors, scores and views,
and a process that never imports torch."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
import torch
from torch_geometric.utils import add_self_loops, remove_self_loops

from extractors.html import tree_from_html
from webminim import onnx_files
from webminim.embedder import Embedder, MiniLM, minilm_dir, onnx_minilm
from webminim.errors import ScorerError
from webminim.minim import Minim
from webminim.scorer import load_scorer
from webminim.scorer.inputs import with_self_loops

ROOT = Path(__file__).resolve().parents[1]
FAMILIES = ROOT / "webarena_env" / "data" / "families"
# outside pages of three families, small and large
PAGES = ["pico/**/*.html", "adminlte/**/*.html", "aria-practices/**/*.html"]
TASKS = ["Sign in to my account", "Reply to the latest message", "Find the order total"]


def _pages(per_family: int = 2) -> list[Path]:
    out: list[Path] = []
    for pattern in PAGES:
        out += sorted(FAMILIES.glob(pattern))[:per_family]
    assert len(out) == len(PAGES) * per_family
    return out


@pytest.fixture(scope="module")
def runtimes() -> tuple:
    reference = load_scorer(runtime="torch", embedder=Embedder(cache=False, runtime="torch"))
    onnx = load_scorer(runtime="onnx", embedder=Embedder(cache=False, runtime="onnx"))
    return reference, onnx


def test_onnx_minilm_gives_the_reference_vectors_and_token_counts():
    texts = [
        "",
        "a",
        "Reply to Marcus Webb",
        "Müller straße 12, 10115 Berlin",
        "東京都 港区",
        "x" * 400,
        "code 847293 " * 40,
    ]
    reference, onnx = MiniLM(minilm_dir()), onnx_minilm()
    a, b = reference.encode(texts), onnx.encode(texts)
    assert np.abs(a - b).max() < 1e-5
    assert (a * b).sum(1).min() > 0.99999
    assert reference.token_counts(texts).tolist() == onnx.token_counts(texts).tolist()


def test_self_loops_are_added_as_gatv2conv_adds_them():
    edges = np.array([[0, 1, 2, 2, 3], [1, 0, 2, 3, 2]], dtype=np.int64)
    plain, _ = remove_self_loops(torch.from_numpy(edges))
    expected, _ = add_self_loops(plain, num_nodes=5)
    assert np.array_equal(with_self_loops(edges, 5), expected.numpy())


def test_onnx_scores_equal_the_torch_reference_on_outside_pages(runtimes):
    reference, onnx = runtimes
    assert (reference.runtime, onnx.runtime) == ("torch", "onnx")
    nodes = 0
    for path in _pages():
        tree = tree_from_html(path.read_text(errors="ignore"))
        nodes += len(tree)
        for a, b in zip(reference.score_many(tree, TASKS), onnx.score_many(tree, TASKS), strict=True):
            assert np.abs(a.s - b.s).max() < 1e-3 and np.abs(a.n - b.n).max() < 1e-3, path
    assert nodes > 500


def test_onnx_views_keep_abstract_and_remove_the_same_nodes(runtimes):
    reference, onnx = runtimes
    for path in _pages(1):
        tree = tree_from_html(path.read_text(errors="ignore"))
        for task in TASKS:
            a, b = Minim(reference).sanitize(tree, task), Minim(onnx).sanitize(tree, task)
            assert {i: d.action for i, d in a.decisions.items()} == {i: d.action for i, d in b.decisions.items()}
            assert a.text() == b.text(), (path, task)


def test_a_scoring_process_on_onnx_never_imports_torch():
    code = (
        "import sys\n"
        "from extractors.html import tree_from_html\n"
        "from webminim.minim import Minim\n"
        "view = Minim.load().sanitize(tree_from_html('<button>Pay now</button><p>Card 4111</p>'), 'Pay the bill')\n"
        "heavy = [m for m in ('torch', 'torch_geometric', 'transformers') if m in sys.modules]\n"
        "print(heavy, 'Pay now' in view.text())\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        env={**__import__("os").environ, "WEBMINIM_RUNTIME": "onnx"},
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[] True"


def test_an_unknown_runtime_is_one_clear_error(monkeypatch):
    monkeypatch.setenv("WEBMINIM_RUNTIME", "tensorflow")
    with pytest.raises(ScorerError, match="WEBMINIM_RUNTIME='tensorflow'"):
        Embedder(cache=False)
    with pytest.raises(ScorerError, match="unknown runtime 'jax'"):
        load_scorer(runtime="jax")


def test_a_corrupt_onnx_file_fails_closed(tmp_path, monkeypatch):
    monkeypatch.setattr(onnx_files, "onnx_dir", lambda: tmp_path)
    from webminim.scorer import default_checkpoint

    key = onnx_files.key_of([default_checkpoint().read_bytes()])
    (tmp_path / f"scorer-{key}.onnx").write_bytes(b"not a graph")
    with pytest.raises(ScorerError, match="cannot load the ONNX scorer"):
        load_scorer(runtime="onnx", embedder=Embedder(cache=False, runtime="onnx"))


def test_a_failed_export_leaves_no_file_and_says_so(tmp_path, monkeypatch):
    monkeypatch.setattr(onnx_files, "onnx_dir", lambda: tmp_path)

    def half(out: Path) -> None:
        out.write_bytes(b"half a graph")
        raise RuntimeError("disk full")

    with pytest.raises(ScorerError, match="cannot export the scorer model to ONNX: RuntimeError: disk full"):
        onnx_files.ensure("scorer", "k", half)
    assert list(tmp_path.iterdir()) == []


def test_an_unwritable_export_folder_is_one_clear_error(tmp_path, monkeypatch):
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    monkeypatch.setenv("WEBMINIM_ONNX_DIR", str(blocked / "onnx"))
    with pytest.raises(ScorerError, match="set WEBMINIM_ONNX_DIR to a writable folder"):
        onnx_files.ensure("scorer", "k", lambda out: out.write_bytes(b""))
    with pytest.raises(ScorerError, match="cannot write the scorer model's ONNX export"):
        load_scorer(runtime="onnx", embedder=Embedder(cache=False, runtime="onnx"))


def test_a_missing_checkpoint_is_one_clear_error_on_either_runtime(tmp_path):
    for runtime in ("onnx", "torch"):
        with pytest.raises(ScorerError, match="no scorer checkpoint"):
            load_scorer(tmp_path / "nope.safetensors", runtime=runtime, embedder=Embedder(cache=False, runtime=runtime))


def test_the_exported_minilm_runs_onnx_runtimes_fused_attention():
    import onnx

    from webminim.embedder import minilm_graph

    graph = onnx.load(str(minilm_graph()), load_external_data=False)
    ops = [node.op_type for node in graph.graph.node]
    assert ops.count("Attention") == 6  # one per layer: the optimizer ran (its vectors are checked above)
