"""Static encoders against MiniLM on node texts: time, and whether they rank a page's texts
alike for a task (the scorer's node-task features read that ranking).

With MiniLM itself, the first `observe()` of a page cost 7-17x its extraction (docs/perf.md).
Two static stand-ins: the egress layer's (MiniLM's word-piece *input* table, centred:
`webminim.egress.semantic.embed`; cosine to MiniLM too, as it shares MiniLM's space) and the
scorer's since 2026-12-03 (`minilm-static`: every word piece run through MiniLM, Model2Vec's
distillation; its PCA rotates the space, so only rankings compare). The scorer was retrained
on the latter; its model card has the eval table.

    python bench/static_encoder.py [--texts 4000]
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path

import numpy as np

from extractors.html import tree_from_html
from webminim.egress import semantic
from webminim.embedder import Embedder
from webminim.features import node_texts

FAMILIES = Path(__file__).resolve().parents[1] / "webarena_env" / "data" / "families"
TASKS = ["Sign in to my account", "Reply to the latest message", "Find the order total", "Add the product to my cart"]


def _texts(limit: int) -> list[str]:
    texts: set[str] = set()
    for path in sorted(FAMILIES.glob("**/*.html")):
        texts.update(node_texts(tree_from_html(path.read_text(errors="ignore"))))
    ordered = sorted(texts)
    random.Random(0).shuffle(ordered)
    return ordered[:limit]


def _static(texts: list[str]) -> np.ndarray:
    rows = [semantic.embed(t) for t in texts]
    return np.stack([r if r is not None else np.zeros(semantic.DIM, np.float32) for r in rows])


def _ranks(values: np.ndarray) -> np.ndarray:
    return np.argsort(np.argsort(-values)).astype(np.float64)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--texts", type=int, default=4000)
    args = parser.parse_args()
    texts = _texts(args.texts)
    minilm = Embedder(cache=False, encoder="minilm")
    minilm.embed(["warm up"])
    _static(["warm up"])
    start = time.perf_counter()
    reference = minilm.embed(texts)
    minilm_s = time.perf_counter() - start
    semantic.embed.cache_clear()
    start = time.perf_counter()
    static = _static(texts)
    static_s = time.perf_counter() - start
    distilled = Embedder(cache=False, encoder="minilm-static")
    distilled.embed(["warm up"])
    start = time.perf_counter()
    table = distilled.embed(texts)
    distilled_s = time.perf_counter() - start
    print(f"{len(texts):,} node texts: MiniLM {minilm_s:.2f} s")
    print(f"  input table {static_s:.3f} s ({minilm_s / static_s:.0f}x faster)")
    print(f"  distilled (minilm-static) {distilled_s:.3f} s ({minilm_s / distilled_s:.0f}x faster)")
    cosine = (reference * static).sum(axis=1)
    print(f"input table's cosine to MiniLM: mean {cosine.mean():.3f}, p10 {np.percentile(cosine, 10):.3f}")
    for task in TASKS:
        a = reference @ minilm.embed([task])[0]
        rivals = {"input table": static @ _static([task])[0], "distilled": table @ distilled.embed([task])[0]}
        for name, b in rivals.items():
            rho = float(np.corrcoef(_ranks(a), _ranks(b))[0, 1])
            top = len(set(np.argsort(-a)[:40]) & set(np.argsort(-b)[:40]))
            print(f"{task!r} {name}: Spearman {rho:.3f}, top-40 shared {top}/40")


if __name__ == "__main__":
    main()
