"""Could a static encoder replace MiniLM on a page's first visit? Figures, not a decision.

The first `observe()` of a page costs 7-17x its extraction, nearly all of it MiniLM embedding
every new node text (docs/perf.md). The egress layer already embeds text statically (MiniLM's
word-piece input table, centred: `webminim.egress.semantic.embed`). This compares the two on
the node texts of the vendored page families: time, cosine to MiniLM, and whether they rank
a page's texts alike for a task (the scorer's node-task features read that ranking).

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
    minilm = Embedder(cache=False)
    minilm.embed(["warm up"])
    _static(["warm up"])
    start = time.perf_counter()
    reference = minilm.embed(texts)
    minilm_s = time.perf_counter() - start
    semantic.embed.cache_clear()
    start = time.perf_counter()
    static = _static(texts)
    static_s = time.perf_counter() - start
    cosine = (reference * static).sum(axis=1)
    speed = minilm_s / static_s
    print(f"{len(texts):,} node texts: MiniLM {minilm_s:.2f} s, static {static_s:.3f} s ({speed:.0f}x faster)")
    print(f"cosine to MiniLM: mean {cosine.mean():.3f}, p10 {np.percentile(cosine, 10):.3f}, min {cosine.min():.3f}")
    for task in TASKS:
        a, b = reference @ minilm.embed([task])[0], static @ _static([task])[0]
        rho = float(np.corrcoef(_ranks(a), _ranks(b))[0, 1])
        top = len(set(np.argsort(-a)[:40]) & set(np.argsort(-b)[:40]))
        print(f"{task!r}: Spearman {rho:.3f}, top-40 shared {top}/40")


if __name__ == "__main__":
    main()
