"""The static MiniLM encoder (Model2Vec distillation of the shipped MiniLM) and the rule that a
checkpoint is only ever fed the vectors of the encoder it was trained on."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from extractors.html import tree_from_html
from webminim import onnx_files
from webminim.embedder import DEFAULT_ENCODER, Embedder, static_minilm_dir
from webminim.errors import ScorerError
from webminim.scorer import checkpoint, default_checkpoint, load_scorer

OTHER = {"minilm": "minilm-static", "minilm-static": "minilm"}


@pytest.fixture(scope="module")
def static() -> Embedder:
    return Embedder(cache=False, encoder="minilm-static")


def test_static_vectors_are_unit_length_and_the_same_text_gives_the_same_vector(static):
    texts = ["Sign in", "Reply to Marcus Webb", "Müller straße 12, 10115 Berlin", "東京都 港区", "code 847293 " * 40]
    vectors = static.embed(texts)
    assert vectors.shape == (len(texts), 384) and vectors.dtype == np.float32
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    again = Embedder(cache=False, encoder="minilm-static").embed(list(reversed(texts)))
    assert np.array_equal(again[::-1], vectors)


def test_static_vectors_keep_minilms_sense_of_which_labels_mean_the_same(static):
    # a table of random rows (or of the raw input pieces) would not order these pairs
    a = static.embed(["Sign in", "Log in", "Delete account", "Compose", "Write a new message", "Shopping cart"])
    assert a[0] @ a[1] > a[0] @ a[2]
    assert a[3] @ a[4] > a[3] @ a[5]


def test_the_static_encoder_counts_word_pieces_as_minilm_does(static):
    texts = ["", "Reply to Marcus Webb", "x" * 400]
    assert static.token_counts(texts).tolist() == Embedder(cache=False, encoder="minilm").token_counts(texts).tolist()


def test_the_static_encoder_keeps_no_disk_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("WEBMINIM_CACHE", str(tmp_path))
    Embedder(encoder="minilm-static").embed(["Sign in"])
    assert not (tmp_path / "webminim" / "embeddings.sqlite").exists()


def test_the_distilled_table_is_made_once_and_reused():
    folder = static_minilm_dir()
    assert (folder / "model.safetensors").is_file() and (folder / "tokenizer.json").is_file()
    assert static_minilm_dir() == folder


def test_a_failed_folder_export_leaves_nothing_behind(tmp_path, monkeypatch):
    monkeypatch.setattr(onnx_files, "onnx_dir", lambda: tmp_path)

    def half(out: Path) -> None:
        out.mkdir()
        (out / "model.safetensors").write_bytes(b"half a table")
        raise RuntimeError("disk full")

    with pytest.raises(ScorerError, match="cannot export the minilm-static model: RuntimeError: disk full"):
        onnx_files.ensure("minilm-static", "k", half, suffix="")
    assert list(tmp_path.iterdir()) == []


def test_an_unknown_encoder_is_one_clear_error():
    with pytest.raises(ScorerError, match="unknown text encoder 'glove'"):
        Embedder(cache=False, encoder="glove")


def test_the_shipped_checkpoint_names_the_default_encoder():
    assert checkpoint.encoder_of(checkpoint.card()) == DEFAULT_ENCODER


@pytest.mark.parametrize("runtime", ["onnx", "torch"])
def test_a_checkpoint_refuses_vectors_of_another_encoder(runtime):
    wrong = Embedder(cache=False, runtime=runtime, encoder=OTHER[DEFAULT_ENCODER])
    with pytest.raises(ScorerError, match=f"trained on '{DEFAULT_ENCODER}' text vectors"):
        load_scorer(default_checkpoint(), runtime=runtime, embedder=wrong)


def test_a_checkpoint_builds_the_embedder_of_its_own_encoder():
    scorer = load_scorer(runtime="onnx")
    assert scorer.embedder.encoder == DEFAULT_ENCODER
    scores = scorer.score(tree_from_html("<button>Sign in</button><p>Welcome back</p>"), "Sign in")
    assert len(scores.n) > 0


def test_the_shipped_checkpoint_keeps_its_encoders_fingerprint_and_the_encoder_here_matches_it():
    kept = checkpoint.card().get("encoder_fingerprint")
    assert kept is not None and len(kept) == len(checkpoint.FINGERPRINT_TEXTS)
    assert all(len(row) == 384 for row in kept)
    load_scorer(runtime="onnx")  # the check passes on the table built here


@pytest.mark.parametrize("runtime", ["onnx", "torch"])
def test_a_checkpoint_whose_fingerprint_the_table_here_reads_otherwise_is_refused_in_one_line(tmp_path, runtime):
    """Two installs that distilled different tables (a PCA sign flipped) under one encoder
    name: the checkpoint refuses the table it was not trained on."""
    import json

    from safetensors import safe_open
    from safetensors.numpy import load_file, save_file

    with safe_open(str(default_checkpoint()), framework="np") as handle:
        metadata = dict(handle.metadata())
    card = json.loads(metadata["card"])
    card["encoder_fingerprint"] = [[-v for v in row] for row in card["encoder_fingerprint"]]
    metadata["card"] = json.dumps(card)
    other = tmp_path / "other.safetensors"
    save_file(load_file(str(default_checkpoint())), str(other), metadata=metadata)
    with pytest.raises(ScorerError, match=f"trained on another '{DEFAULT_ENCODER}' than the one here") as caught:
        load_scorer(other, runtime=runtime)
    assert "\n" not in str(caught.value)


def test_texts_read_chunk_by_chunk_give_model2vecs_own_vectors_bit_for_bit(static):
    """A text's word pieces are its space-separated chunks' pieces end to end (each chunk
    tokenized once per session): the vectors are model2vec's own, also on text that
    normalizes, splits or truncates oddly, and read again from the remembered chunks."""
    from model2vec import StaticModel

    from webminim import text_memo

    texts = [
        "", " ", "  a  b ", "a\tb\nc", "x\u00a0y", "漢字テキスト です", "e\u0301cole  \u0301x", "İstanbul ǅ ﬁ",
        "a\x1cb",
        "😀 emoji", "word " * 600, "x" * 3000, "[UNK] ¿?", "a" + " \u200b " * 5 + "b", "Qty Quantity for product 0 1 1",
        "button Add to cart", "link Product 17", "Müller straße 12, 10115 Berlin", "don't-stop.now!", "ＡＢＣ １２３",
    ]  # fmt: skip
    encoder = static.encoder_model()
    own = StaticModel.from_pretrained(str(static_minilm_dir()))  # model2vec's tokenize, not ours
    expected = own.encode(texts, max_length=encoder.MAX_TOKENS, use_multiprocessing=False)
    text_memo.forget_all()
    assert np.array_equal(encoder.encode(texts), expected)
    assert np.array_equal(encoder.encode(texts[::-1])[::-1], expected)  # every chunk remembered now


def test_the_table_is_made_without_torch_and_is_model2vecs_own_recipe(tmp_path):
    """The distillation runs where torch, transformers and Model2Vec's trainer cannot be
    imported, and gives the table Model2Vec's own distill gives (within float noise)."""
    import subprocess
    import sys

    from model2vec import StaticModel
    from model2vec.distill import distill

    from webminim.embedder import minilm_dir

    ours = tmp_path / "table"
    code = (
        "import sys\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] in ('torch', 'transformers') or name.startswith('model2vec'):\n"
        "            raise ImportError('blocked ' + name)\n"
        "sys.meta_path.insert(0, Block())\n"
        "from pathlib import Path\n"
        "from webminim.embedder import export_static_minilm, minilm_dir\n"
        f"export_static_minilm(minilm_dir(), Path({str(ours)!r}))\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=600)
    theirs = distill(model_name=str(minilm_dir()), pca_dims=384, sif_coefficient=1e-4, quantize_to="float32")
    texts = ["Sign in", "Reply to Marcus Webb", "She was diagnosed with cancer.", "東京都 港区", "code 8472 " * 40]
    mine = StaticModel.from_pretrained(str(ours))
    assert mine.tokenizer.to_str() == theirs.tokenizer.to_str()
    assert np.abs(mine.encode(texts) - theirs.encode(texts)).max() < 1e-4


def test_principal_components_have_one_sign_whatever_the_data_orientation():
    from webminim.static_table import principal

    rng = np.random.default_rng(0)
    x = rng.normal(size=(200, 6)) * np.array([6.0, 5.0, 4.0, 3.0, 2.0, 1.0])
    flipped = x * np.array([-1.0, 1.0, -1.0, 1.0, 1.0, -1.0])  # the same cloud, axes reversed
    assert np.allclose(principal(x), principal(flipped))
    assert np.allclose(np.abs(principal(x)).max(axis=0), principal(x).max(axis=0))  # largest score positive
