"""MiniLM distilled into a static word-piece table, in numpy: no torch, no Model2Vec trainer.

Model2Vec's recipe (`model2vec.distill` with pca_dims=384, sif_coefficient=1e-4), written out so
that every install makes the same table from the same verified weights:

1. every word piece of MiniLM's vocabulary but the `[unusedN]` and `[CLS]`/`[SEP]`/`[MASK]`
   pieces is read by MiniLM alone, as `[CLS] piece [SEP]`, and mean-pooled (not normalised);
2. PCA keeps all 384 components, computed in float64 from the covariance; each component's
   sign is fixed so that its largest score is positive (eigenvectors have no sign of their own);
3. row r is weighted by SIF on a Zipf estimate of its frequency, 1e-4 / (1e-4 + p(r)).

The folder it writes is Model2Vec's (`StaticModel.from_pretrained` reads it): the table, the
tokenizer pruned to the table's pieces, its config.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np

DIM = 384
SIF = 1e-4
BATCH = 2048
_UNUSED = re.compile(r"\[unused\d+\]")
KEPT_SPECIAL = ("[PAD]", "[UNK]")  # the special pieces the table keeps a row for


def pieces(tokenizer: dict) -> list[tuple[str, int]]:
    """(piece, MiniLM id) of every row, in id order."""
    special = {t["content"] for t in tokenizer["added_tokens"]} - set(KEPT_SPECIAL)
    vocab = sorted(tokenizer["model"]["vocab"].items(), key=lambda kv: kv[1])
    return [(piece, i) for piece, i in vocab if not _UNUSED.match(piece) and piece not in special]


def pooled(graph: Path, ids: list[int], cls: int, sep: int) -> np.ndarray:
    """(len(ids), 384) MiniLM's mean over `[CLS] id [SEP]`, by the unnormalised ONNX graph."""
    from webminim.onnx_session import onnx_session

    session = onnx_session(graph)
    out = []
    for start in range(0, len(ids), BATCH):
        batch = np.array([[cls, i, sep] for i in ids[start : start + BATCH]], np.int64)
        feed = {"input_ids": batch, "attention_mask": np.ones_like(batch), "token_type_ids": np.zeros_like(batch)}
        out.append(session.run(None, feed)[0])
    return np.nan_to_num(np.concatenate(out).astype(np.float64))


def principal(x: np.ndarray) -> np.ndarray:
    """`x` in its principal components (all of them, largest variance first), each signed so
    that its largest score is positive: the same table on any machine."""
    centred = x - x.mean(axis=0)
    _, vectors = np.linalg.eigh(centred.T @ centred / (len(x) - 1))
    scores = centred @ vectors[:, ::-1]
    largest = np.argmax(np.abs(scores), axis=0)
    return scores * np.sign(scores[largest, np.arange(scores.shape[1])])


def sif_weights(rows: int) -> np.ndarray:
    rank = 1.0 / np.arange(2, rows + 2)
    return SIF / (SIF + rank / rank.sum())


def pruned_tokenizer(tokenizer: dict, kept: list[tuple[str, int]]) -> dict:
    """MiniLM's tokenizer over the table's pieces only (ids are rows), as Model2Vec writes it."""
    out = json.loads(json.dumps(tokenizer))
    out["model"]["vocab"] = {piece: row for row, (piece, _) in enumerate(kept)}
    rows = out["model"]["vocab"]
    out["added_tokens"] = [
        {**t, "id": rows[t["content"]]} for t in tokenizer["added_tokens"] if t["content"] in KEPT_SPECIAL
    ]
    out["post_processor"] = None
    out["truncation"] = {"direction": "Right", "max_length": 512, "strategy": "LongestFirst", "stride": 0}
    if out.get("padding"):
        out["padding"]["strategy"] = {"Fixed": 0}
    return out


def write(model_dir: Path, graph: Path, out: Path) -> None:
    """The table folder for the MiniLM at `model_dir`, read through `graph` (unnormalised)."""
    from safetensors.numpy import save_file

    tokenizer = json.loads((model_dir / "tokenizer.json").read_text())
    kept = pieces(tokenizer)
    vocab = tokenizer["model"]["vocab"]
    x = pooled(graph, [i for _, i in kept], vocab["[CLS]"], vocab["[SEP]"])
    table = (principal(x) * sif_weights(len(kept))[:, None]).astype(np.float32)
    out.mkdir(parents=True)
    save_file({"embeddings": np.ascontiguousarray(table)}, str(out / "model.safetensors"))
    (out / "tokenizer.json").write_text(json.dumps(pruned_tokenizer(tokenizer, kept)))
    config = {
        "model_type": "model2vec",
        "architectures": ["StaticModel"],
        "tokenizer_name": model_dir.name,
        "apply_pca": DIM,
        "sif_coefficient": SIF,
        "hidden_dim": DIM,
        "seq_length": 1000000,
        "normalize": True,
        "pooling": "mean",
        "max_length": 512,
        "embedding_dtype": "float32",
    }
    (out / "config.json").write_text(json.dumps(config, indent=4))
