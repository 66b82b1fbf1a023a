"""The torch-free scorer (MiniLM on ONNX Runtime, the GATv2 network in numpy) against the torch
reference: the same vectors, scores and views, and a process that never imports torch."""

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
from webminim.embedder import Embedder, MiniLM, OnnxMiniLM, minilm_dir, onnx_minilm
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


def test_the_int8_minilm_reads_as_the_float_one_and_is_one_file():
    """Egress' second stage reads MiniLM with int8 weights: the same graph quantized, close to
    the float vectors (not equal: the model on top is trained on its own), exported once."""
    from webminim.embedder import minilm_int8_graph

    texts = ["She was diagnosed with cancer last spring.", "The meeting moved to Thursday.", "I owe the bank money."]
    quantized = Embedder(cache=False, encoder="minilm-int8").embed(texts)
    exact = Embedder(cache=False, encoder="minilm").embed(texts)
    cosine = (quantized * exact).sum(1)
    assert np.allclose(np.linalg.norm(quantized, axis=1), 1.0, atol=1e-4)
    assert cosine.min() > 0.85 and not np.allclose(quantized, exact, atol=1e-4)
    assert minilm_int8_graph() == minilm_int8_graph()  # the export is kept, not redone


def test_the_second_stages_network_gives_a_text_one_vector_whatever_is_read_with_it():
    """Egress' second stage reads MiniLM's first three layers, int8: a dynamically quantized
    graph scales activations by what one run holds, so each text runs alone and its vector (and
    the verdict on it) does not depend on the other sentences of its message."""
    from webminim.embedder import minilm_graph

    text = "My neighbour told me her husband lost his job in March."
    others = ["Thanks!", "The build on the release branch fails since the dependency bump, see the attached log file."]
    network = Embedder(cache=False, encoder="minilm3-int8")
    alone = network.embed([text])[0]
    network.forget()
    together = network.embed([others[0], text, others[1]])[1]
    assert np.array_equal(alone, together)
    full = Embedder(cache=False, encoder="minilm-int8").embed([text])[0]
    assert abs(float(np.linalg.norm(alone)) - 1.0) < 1e-4 and float(alone @ full) < 0.99  # three layers, not six
    assert minilm_graph(3) != minilm_graph() and minilm_graph(3) == minilm_graph(3)


def test_work_done_while_the_network_computes_changes_no_vector(monkeypatch):
    """The second stage's longest run computes on ONNX Runtime's pool while this thread does
    other work (`meanwhile`, once): every vector as when the runs go one by one. With no pool
    (one thread) the work is not done there: the caller does it."""
    from webminim.embedder import minilm_int8_graph

    texts = ["Thanks!", "My neighbour told me her husband lost his job in March.", "The build fails since the bump."]
    graph = minilm_int8_graph(3)
    network = OnnxMiniLM(minilm_dir(), graph, spin=False, alone=True)
    done: list[int] = []
    beside = network.encode(texts, meanwhile=lambda: done.append(1))
    assert done == [1] and np.array_equal(beside, network.encode(texts))
    monkeypatch.setenv("WEBMINIM_THREADS", "1")
    single = OnnxMiniLM(minilm_dir(), graph, spin=False, alone=True)
    assert np.array_equal(single.encode(texts, meanwhile=lambda: done.append(2)), beside) and done == [1]


def test_a_failed_run_beside_is_one_clear_error():
    """A run on the pool that fails raises ScorerError where its vector is asked for."""
    from webminim.embedder import minilm_int8_graph

    network = OnnxMiniLM(minilm_dir(), minilm_int8_graph(3), spin=False, alone=True)
    feed = network._feed(["A sentence."])
    feed["attention_mask"] = feed["attention_mask"][:, :-1]  # not the shape of its ids
    running = network._started(feed)
    assert running is not None
    with pytest.raises(ScorerError, match="network failed"):
        running.result(timeout=30)


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


def test_a_corrupt_minilm_export_fails_closed(tmp_path, monkeypatch):
    import webminim.embedder as embedder

    graph = tmp_path / "minilm-corrupt.onnx"
    graph.write_bytes(b"not a graph")
    monkeypatch.setattr(embedder, "minilm_graph", lambda: graph)
    with pytest.raises(ScorerError, match="cannot load the MiniLM text encoder"):
        Embedder(cache=False, runtime="onnx", encoder="minilm").embed(["Sign in"])


def test_a_checkpoint_that_lacks_a_tensor_is_one_clear_error(tmp_path):
    from safetensors import safe_open
    from safetensors.numpy import load_file, save_file

    from webminim.scorer import default_checkpoint

    with safe_open(str(default_checkpoint()), framework="np") as handle:
        metadata = handle.metadata()
    tensors = {k: v for k, v in load_file(str(default_checkpoint())).items() if k != "convs.1.att"}
    broken = tmp_path / "broken.safetensors"
    save_file(tensors, str(broken), metadata=metadata)
    with pytest.raises(ScorerError, match="lacks 'convs.1.att'"):
        load_scorer(broken, runtime="onnx", embedder=Embedder(cache=False, runtime="onnx"))


def test_a_config_that_does_not_fit_the_weights_is_one_clear_error():
    from safetensors.numpy import load_file

    from webminim.scorer import default_checkpoint
    from webminim.scorer.checkpoint import config
    from webminim.scorer.numpy_net import NumpyNet

    weights = load_file(str(default_checkpoint()))
    for bad in ({**config(), "heads": 3}, {**config(), "heads": 0}, {**config(), "layers": "three"}):
        with pytest.raises(ScorerError, match="does not fit its config"):
            NumpyNet(weights, bad)


def test_the_numpy_network_needs_every_self_loop():
    from webminim.scorer import default_checkpoint
    from webminim.scorer.checkpoint import config
    from webminim.scorer.numpy_net import NumpyNet

    net = NumpyNet.load(default_checkpoint(), config())
    from webminim.features import NODE_DIM, TASK_DIM

    x, task = np.zeros((3, NODE_DIM), np.float32), np.zeros((1, 384), np.float32)
    feats = np.zeros((3, TASK_DIM), np.float32)
    edges, batch = np.array([[0, 1], [1, 0]]), np.zeros(3, np.int64)  # node 2 has no incoming edge
    with pytest.raises(ScorerError, match="self loop"):
        net(x, task, feats, edges, batch)
    s, n = net(x, task, feats, with_self_loops(edges, 3), batch)
    assert s.shape == n.shape == (3,) and np.all((s >= 0) & (s <= 10))
    # the gathers run unchecked (mode="clip"): an index outside the batch is refused first
    for bad in (np.array([[0, 1, 2, 3], [0, 1, 2, 2]]), np.array([[0, 1, 2, -1], [0, 1, 2, 0]])):
        with pytest.raises(ScorerError, match="a node the batch does not have"):
            net(x, task, feats, bad, batch)


def test_a_failed_export_leaves_no_file_and_says_so(tmp_path, monkeypatch):
    monkeypatch.setattr(onnx_files, "onnx_dir", lambda: tmp_path)

    def half(out: Path) -> None:
        out.write_bytes(b"half a graph")
        raise RuntimeError("disk full")

    with pytest.raises(ScorerError, match="cannot export the scorer model: RuntimeError: disk full"):
        onnx_files.ensure("scorer", "k", half)
    assert list(tmp_path.iterdir()) == []


def test_an_unwritable_export_folder_is_one_clear_error(tmp_path, monkeypatch):
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    monkeypatch.setenv("WEBMINIM_ONNX_DIR", str(blocked / "onnx"))
    with pytest.raises(ScorerError, match="set WEBMINIM_ONNX_DIR to a writable folder"):
        onnx_files.ensure("scorer", "k", lambda out: out.write_bytes(b""))
    with pytest.raises(ScorerError, match="cannot write the minilm(-static)? model's export"):
        load_scorer(runtime="onnx", embedder=Embedder(cache=False, runtime="onnx")).score(
            tree_from_html("<button>Sign in</button>"), "Sign in"
        )


def test_a_missing_checkpoint_is_one_clear_error_on_either_runtime(tmp_path):
    for runtime in ("onnx", "torch"):
        with pytest.raises(ScorerError, match="no scorer checkpoint"):
            load_scorer(tmp_path / "nope.safetensors", runtime=runtime, embedder=Embedder(cache=False, runtime=runtime))


def test_the_exported_minilm_runs_onnx_runtimes_fused_attention():
    import onnx

    from webminim.embedder import minilm_graph

    graph = onnx.load(str(minilm_graph()), load_external_data=False)
    ops = [node.op_type for node in graph.graph.node]
    assert ops.count("Attention") == 6  # one per layer: ONNX Runtime's fused operator (its vectors are checked above)


def test_the_networks_reused_arrays_never_carry_one_call_into_another():
    """The numpy network keeps its edge-sized arrays between calls (per thread): scores of a
    page are the same after pages of other sizes, and from threads scoring at once."""
    from concurrent.futures import ThreadPoolExecutor

    from webminim.features import NODE_DIM, TASK_DIM
    from webminim.scorer import default_checkpoint
    from webminim.scorer.checkpoint import config
    from webminim.scorer.numpy_net import NumpyNet

    net = NumpyNet.load(default_checkpoint(), config())
    rng = np.random.default_rng(7)

    def call(nodes: int) -> tuple:
        x = rng.standard_normal((nodes, NODE_DIM)).astype(np.float32)
        feats = rng.standard_normal((nodes, TASK_DIM)).astype(np.float32)
        task = rng.standard_normal((1, 384)).astype(np.float32)
        chain = np.array([np.arange(1, nodes), np.arange(nodes - 1)])  # a path, both ways
        edges = with_self_loops(np.concatenate([chain, chain[::-1]], axis=1), nodes)
        return x, task, feats, edges, np.zeros(nodes, np.int64)

    pages = [call(n) for n in (40, 300, 40, 1200)]
    alone = [NumpyNet.load(default_checkpoint(), config())(*page) for page in pages]  # a fresh net each
    for page, expected in zip(pages, alone, strict=True):
        assert all(np.array_equal(a, b) for a, b in zip(net(*page), expected, strict=True))
    with ThreadPoolExecutor(4) as pool:
        together = list(pool.map(lambda page: net(*page), pages * 3))
    for got, expected in zip(together, alone * 3, strict=True):
        assert all(np.array_equal(a, b) for a, b in zip(got, expected, strict=True))


def test_the_forest_path_scores_as_the_general_one():
    """Edges laid out as `scorer.inputs` lays a tree's out take the forest path; the same edges
    in another order take the general one, and the scores agree. A node with two parents
    is not a forest: the general path scores it."""
    from webminim.features import NODE_DIM, TASK_DIM
    from webminim.scorer import default_checkpoint
    from webminim.scorer.checkpoint import config
    from webminim.scorer.numpy_net import NumpyNet, _Forest

    net = NumpyNet.load(default_checkpoint(), config())
    rng = np.random.default_rng(3)
    for nodes in (1, 2, 60, 700):
        x = rng.standard_normal((nodes, NODE_DIM)).astype(np.float32)
        feats = rng.standard_normal((nodes, TASK_DIM)).astype(np.float32)
        task = rng.standard_normal((1, 384)).astype(np.float32)
        kids = np.arange(1, nodes)
        parents = np.array([rng.integers(0, k) for k in kids], dtype=np.int64)
        edges = with_self_loops(np.stack([np.concatenate([parents, kids]), np.concatenate([kids, parents])]), nodes)
        shuffled = edges[:, rng.permutation(edges.shape[1])]
        assert _Forest.of(edges, nodes) is not None and (nodes < 3 or _Forest.of(shuffled, nodes) is None)
        batch = np.zeros(nodes, np.int64)
        for fast, general in zip(net(x, task, feats, edges, batch), net(x, task, feats, shuffled, batch), strict=True):
            assert np.abs(fast - general).max() < 1e-4
    two_parents = with_self_loops(np.array([[0, 1, 2, 2], [2, 2, 0, 1]]), 3)
    assert _Forest.of(two_parents, 3) is None
    x = rng.standard_normal((3, NODE_DIM)).astype(np.float32)
    s, n = net(x, task, np.zeros((3, TASK_DIM), np.float32), two_parents, np.zeros(3, np.int64))
    assert s.shape == n.shape == (3,)


def test_a_step_on_another_tree_of_the_same_size_gets_its_own_layout():
    """The network reuses the last edges' layout when the edges repeat (an agent's steps on one
    page). Another tree of the same size, or the same edge array rewritten in place by its
    caller, must not be read with the old layout: its scores are a fresh network's."""
    from webminim.features import NODE_DIM, TASK_DIM
    from webminim.scorer import default_checkpoint
    from webminim.scorer.checkpoint import config
    from webminim.scorer.numpy_net import NumpyNet

    net = NumpyNet.load(default_checkpoint(), config())
    rng = np.random.default_rng(11)
    nodes = 200
    x = rng.standard_normal((nodes, NODE_DIM)).astype(np.float32)
    feats = rng.standard_normal((nodes, TASK_DIM)).astype(np.float32)
    task = rng.standard_normal((1, 384)).astype(np.float32)
    batch = np.zeros(nodes, np.int64)

    def tree_edges() -> np.ndarray:
        kids = np.arange(1, nodes)
        parents = np.array([rng.integers(0, k) for k in kids], dtype=np.int64)
        return with_self_loops(np.stack([np.concatenate([parents, kids]), np.concatenate([kids, parents])]), nodes)

    first, second = tree_edges(), tree_edges()
    assert first.shape == second.shape and not np.array_equal(first, second)
    for edges in (first, first, second, first):
        fresh = NumpyNet.load(default_checkpoint(), config())(x, task, feats, edges, batch)
        assert all(np.array_equal(a, b) for a, b in zip(net(x, task, feats, edges, batch), fresh, strict=True))
    net(x, task, feats, second, batch)
    buffer = first.copy()
    net(x, task, feats, buffer, batch)  # a new layout, laid out from the caller's array
    buffer[...] = second  # the caller's array, rewritten in place
    fresh = NumpyNet.load(default_checkpoint(), config())(x, task, feats, second, batch)
    assert all(np.array_equal(a, b) for a, b in zip(net(x, task, feats, buffer, batch), fresh, strict=True))


def test_the_in_place_sparse_sum_is_the_products():
    """out += A @ X accumulated in `out` (scipy's kernel) equals the public product, also where
    it must fall back to it (an `out` that is not contiguous, another dtype)."""
    import scipy.sparse

    from webminim.scorer.numpy_net import _add_product

    rng = np.random.default_rng(5)
    nodes = 300
    kids = np.arange(1, nodes)
    parents = np.array([rng.integers(0, k) for k in kids])
    children = scipy.sparse.csr_matrix((np.ones(len(kids), np.float32), (parents, kids)), shape=(nodes, nodes))
    x = rng.standard_normal((nodes, 64)).astype(np.float32)
    base = rng.standard_normal((nodes, 64)).astype(np.float32)
    expected = base + children @ x
    out = base.copy()
    _add_product(out, children, x)
    assert np.allclose(out, expected, atol=1e-5) and not np.array_equal(out, base)
    wide = np.concatenate([base, base], axis=1)
    _add_product(wide[:, :64], children, x)  # a strided view: the sum lands in it all the same
    assert np.allclose(wide[:, :64], expected, atol=1e-5) and np.array_equal(wide[:, 64:], base)
    double = base.astype(np.float64)
    _add_product(double, children, x.astype(np.float64))
    assert np.allclose(double, expected, atol=1e-5)


def test_one_tasks_scores_with_projections_remembered_per_text(runtimes):
    """An agent's step scores one task: the network then takes each text's projection from the
    scorer's memory (projected once per text) and multiplies only the structural columns. The
    scores equal the torch reference's, and the network's own on x whole, on outside pages
    scored one after another (their shared texts answered from memory); the memory is emptied
    with every other per-text memo."""
    from webminim import text_memo
    from webminim.features import build_graph
    from webminim.scorer.inputs import batched

    reference, onnx = runtimes
    text_memo.forget_all()
    for _ in range(2):  # the second round: every text's projection remembered
        for path in _pages():
            tree = tree_from_html(path.read_text(errors="ignore"))
            got, want = onnx.score(tree, TASKS[0]), reference.score(tree, TASKS[0])
            assert np.abs(got.s - want.s).max() < 1e-3 and np.abs(got.n - want.n).max() < 1e-3, path
            graph = build_graph(tree, onnx.embedder)
            b = batched(graph, TASKS[:1], onnx.embedder.embed(TASKS[:1]))
            whole = onnx.net(b.x, b.task, b.feats, with_self_loops(b.edges, len(b.x)), b.batch)
            assert np.abs(whole[0] - got.s).max() < 1e-4 and np.abs(whole[1] - got.n).max() < 1e-4, path
    assert len(onnx._projected) > 0
    long = tree_from_html(f"<p>{'word ' * 400}</p><a href='/x'>Go</a>")  # a paragraph past MAX_CHARS
    assert onnx.score(long, TASKS[0]).s.shape == (len(long),)
    assert max(map(len, onnx._projected)) <= text_memo.MAX_CHARS  # not kept: a bound on the memory
    text_memo.forget_all()
    assert len(onnx._projected) == 0
    with pytest.raises(ScorerError, match="384 columns"):
        onnx.net.project_text(np.zeros((2, 10), np.float32))


def test_minilms_graph_is_written_without_torch_and_gives_the_eager_models_vectors(tmp_path):
    """The ONNX graph is written from the weights alone (a process that cannot import torch
    or transformers), and its vectors equal transformers' eager BERT's."""
    out = tmp_path / "minilm.onnx"
    code = (
        "import sys\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] in ('torch', 'transformers', 'model2vec'):\n"
        "            raise ImportError('blocked ' + name)\n"
        "sys.meta_path.insert(0, Block())\n"
        "from pathlib import Path\n"
        "from webminim.embedder import export_minilm, minilm_dir\n"
        f"export_minilm(minilm_dir(), Path({str(out)!r}))\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT, timeout=300)
    from webminim.embedder import OnnxMiniLM

    texts = ["Sign in", "She has been diagnosed with cancer.", "Reply to Marcus Webb " * 20, "x"]
    written = OnnxMiniLM(minilm_dir(), out).encode(texts)
    eager = MiniLM(minilm_dir()).encode(texts)
    assert np.abs(written - eager).max() < 1e-5
