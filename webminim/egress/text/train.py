"""Train the contextual-integrity model (`ci.py`) on sentences written outside this project.

    python -m webminim.egress.text.train --data sentences.jsonl --holdout confaide_tier4 \\
        --out webminim/egress/text/ci_model.npz

`--data`: JSON lines {"text", "source", "category", "owner", "doc"} (CI_MODEL.md says which
public corpora they come from and under which licences). Sources named by `--holdout` are
never read; of the rest, one document in ten (by a hash of its id, so a document's sentences
stay together) is the validation set, which alone chooses the threshold on p(private): the
lowest at which validation precision is at least `--precision` (a harmless sentence removed
costs the user a message; a private one kept costs a third party their privacy).
Multinomial logistic regression, L2-regularised, fitted by L-BFGS (scipy), class-weighted so
that "none" counts `--none-weight` times as much as every private category together (a
harmless sentence judged private mangles a message; most sentences a user sends are harmless).
With `--second`, a second regression that also reads MiniLM itself is fitted on the same rows
(`ci.py`'s cascade): the first stage's `--gate` says which texts it reads again, and its own
threshold is chosen on the validation texts past the gate, to the same precision. `--ship-gate` and
`--ship-threshold2` replace the fitted pair by one chosen on message sets (`--chosen` says on which
and why); `meta` keeps the fitted pair beside it.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from collections import Counter
from pathlib import Path

import numpy as np
from scipy import optimize, sparse

from webminim.egress.text.ci import (
    BUCKETS,
    CATEGORIES,
    MODEL_PATH,
    PROBES,
    embeddings,
    gram_features,
    network_embeddings,
)


def load(path: Path, holdout: set[str]) -> list[dict]:
    rows = []
    with path.open(encoding="utf-8") as handle:
        for line in handle:
            row = json.loads(line)
            if row["source"] in holdout or row["category"] not in CATEGORIES:
                continue
            rows.append(row)
    return rows


def validation(row: dict) -> bool:
    digest = hashlib.sha256(f"{row['source']}/{row.get('doc', row['text'])}".encode()).digest()
    return digest[0] < 26  # about one in ten


def features(texts: list[str], embedding_scale: float = 1.0, network: bool = False) -> sparse.csr_matrix:
    parts = [gram_features(texts), sparse.csr_matrix(embedding_scale * embeddings(texts))]
    if network:
        parts.append(sparse.csr_matrix(embedding_scale * network_embeddings(texts)))
    return sparse.hstack(parts, format="csr")


def softmax(x: sparse.csr_matrix, w: np.ndarray, bias: np.ndarray) -> np.ndarray:
    z = x @ w + bias
    p = np.exp(z - z.max(axis=1, keepdims=True))
    return p / p.sum(axis=1, keepdims=True)


def lowest_threshold(p_private: np.ndarray, truth: np.ndarray, precision: float) -> tuple[float, float, float] | None:
    """The lowest threshold at which precision is at least `precision`: (it, precision, recall)."""
    for t in np.linspace(0.05, 0.95, 91):
        said = p_private >= t
        reached = (said & truth).sum() / max(1, said.sum())
        if reached >= precision:
            return float(t), float(reached), float((said & truth).sum() / max(1, truth.sum()))
    return None


def fit(x: sparse.csr_matrix, y: np.ndarray, weights: np.ndarray, l2: float, iterations: int) -> np.ndarray:
    n, d = x.shape
    k = len(CATEGORIES)
    onehot = np.zeros((n, k))
    onehot[np.arange(n), y] = 1.0

    def loss(flat: np.ndarray) -> tuple[float, np.ndarray]:
        w = flat[: d * k].reshape(d, k)
        b = flat[d * k :]
        z = x @ w + b
        z -= z.max(axis=1, keepdims=True)
        logp = z - np.log(np.exp(z).sum(axis=1, keepdims=True))
        value = -(weights * (onehot * logp).sum(axis=1)).sum() / weights.sum() + 0.5 * l2 * (w * w).sum()
        grad_z = (np.exp(logp) - onehot) * weights[:, None] / weights.sum()
        gw = x.T @ grad_z + l2 * w
        return value, np.concatenate([np.asarray(gw).ravel(), grad_z.sum(axis=0)])

    start = np.zeros(d * k + k)
    result = optimize.minimize(loss, start, jac=True, method="L-BFGS-B", options={"maxiter": iterations})
    return result.x


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, required=True)
    parser.add_argument("--holdout", action="append", default=[], help="a source never read (repeatable)")
    parser.add_argument(
        "--train-only",
        action="append",
        default=[],
        help="a source prefix trained on, never validated (repeatable): sentences picked for a category, "
        "whose mix of hard cases says nothing of the text a user sends",
    )
    parser.add_argument("--out", type=Path, default=MODEL_PATH)
    parser.add_argument("--l2", type=float, default=1e-4)
    parser.add_argument(
        "--embedding-scale", type=float, default=3.0, help="the embedding's columns against the grams' under one L2"
    )
    parser.add_argument("--iterations", type=int, default=300)
    parser.add_argument("--precision", type=float, default=0.95)
    parser.add_argument("--none-weight", type=float, default=2.0)
    parser.add_argument("--second", action="store_true", help="fit the second stage, which reads MiniLM itself")
    parser.add_argument("--gate", type=float, default=0.03, help="first-stage p(private) from which the second reads")
    parser.add_argument("--ship-gate", type=float, help="the gate the file ships instead of --gate")
    parser.add_argument("--ship-threshold2", type=float, help="the second threshold it ships instead")
    parser.add_argument("--chosen", default="", help="where and why the shipped pair was chosen (kept in meta)")
    args = parser.parse_args(argv)
    rows = load(args.data, set(args.holdout))
    picked = tuple(args.train_only)
    train = [r for r in rows if not validation(r) or (picked and r["source"].startswith(picked))]
    val = [  # judged on outside text as written, in the mix its sources have
        r for r in rows if validation(r) and not r.get("augmented") and not (picked and r["source"].startswith(picked))
    ]
    started = time.perf_counter()
    scale = args.embedding_scale
    x_train, x_val = features([r["text"] for r in train], scale), features([r["text"] for r in val], scale)
    y_train = np.array([CATEGORIES.index(r["category"]) for r in train])
    y_val = np.array([CATEGORIES.index(r["category"]) for r in val])
    counts = np.bincount(y_train, minlength=len(CATEGORIES)).astype(float)
    private = counts[1:].sum()
    per_class = np.where(counts > 0, 1.0 / np.maximum(counts, 1), 0.0)
    per_class[0] *= counts[0] * args.none_weight  # "none" weighs this many times every private category together
    per_class[1:] *= private / max(1, (counts[1:] > 0).sum())
    weights = per_class[y_train]
    flat = fit(x_train, y_train, weights, args.l2, args.iterations)
    d = x_train.shape[1]
    w = flat[: d * len(CATEGORIES)].reshape(d, len(CATEGORIES))
    bias = flat[d * len(CATEGORIES) :]
    p = softmax(x_val, w, bias)
    p_private = 1 - p[:, 0]
    truth = y_val != 0
    found = lowest_threshold(p_private, truth, args.precision)
    threshold, chosen = (found[0], found[1:]) if found else (0.5, None)
    category_right = float((np.argmax(p[:, 1:], axis=1) + 1 == y_val)[truth].mean()) if truth.any() else 0.0
    meta = {
        "threshold": threshold,
        "validation": {
            "sentences": len(val),
            "private": int(truth.sum()),
            "precision": chosen[0] if chosen else None,
            "recall": chosen[1] if chosen else None,
            "category_accuracy_on_private": category_right,
        },
        "trained_on": dict(Counter(r["source"] for r in train)),
        "held_out_sources": sorted(args.holdout),
        "never_validated": sorted(args.train_only),
        "categories_trained": {CATEGORIES[i]: int(c) for i, c in enumerate(counts)},
        "l2": args.l2,
        "embedding_scale": scale,
        "none_weight": args.none_weight,
        "target_precision": args.precision,
        "seconds": round(time.perf_counter() - started, 1),
    }
    second: dict[str, np.ndarray] = {}
    if args.second:
        texts_train, texts_val = [r["text"] for r in train], [r["text"] for r in val]
        x2_train, x2_val = features(texts_train, scale, True), features(texts_val, scale, True)
        flat2 = fit(x2_train, y_train, weights, args.l2, args.iterations)
        d2 = x2_train.shape[1]
        w2 = flat2[: d2 * len(CATEGORIES)].reshape(d2, len(CATEGORIES))
        bias2 = flat2[d2 * len(CATEGORIES) :]
        gated = p_private >= args.gate
        p2_private = np.where(gated, 1 - softmax(x2_val, w2, bias2)[:, 0], 0.0)
        found2 = lowest_threshold(p2_private, truth, args.precision)
        meta["gate"] = args.gate
        meta["threshold2"] = found2[0] if found2 else 0.5
        meta["validation_cascade"] = {
            "past_gate": int(gated.sum()),
            "private_past_gate": int((gated & truth).sum()),
            "precision": found2[1] if found2 else None,
            "recall": found2[2] if found2 else None,
        }
        if args.ship_gate is not None or args.ship_threshold2 is not None:
            if args.ship_gate is None or args.ship_threshold2 is None or not args.chosen:
                parser.error("--ship-gate, --ship-threshold2 and --chosen go together")
            meta["fitted"] = {"gate": meta["gate"], "threshold2": meta["threshold2"]}
            meta["gate"], meta["threshold2"], meta["chosen"] = args.ship_gate, args.ship_threshold2, args.chosen
        second = {
            "w2_hash": w2[:BUCKETS].astype(np.float16),
            "w2_emb": (scale * w2[BUCKETS : BUCKETS + 384]).astype(np.float32),
            "w2_full": (scale * w2[BUCKETS + 384 :]).astype(np.float32),
            "bias2": bias2.astype(np.float32),
            "probe_full": network_embeddings(list(PROBES)),
        }
    np.savez_compressed(
        args.out,
        **second,
        w_hash=w[:BUCKETS].astype(np.float16),
        w_emb=(scale * w[BUCKETS:]).astype(np.float32),  # the scale folded in: ci.py reads e(x) as it is
        bias=bias.astype(np.float32),
        categories=np.array(CATEGORIES),
        meta=np.array(json.dumps(meta)),
        probe=embeddings(list(PROBES)),  # the table's answers: a model loads only against the same table
    )
    print(json.dumps(meta, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
