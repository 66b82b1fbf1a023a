"""The embedding caches: a text is encoded once per process (memory) and once per machine
(the SQLite file), and a cached vector is the vector the model gives."""

from __future__ import annotations

import numpy as np

from webminim.embedder import MAX_CHARS, Embedder

TEXTS = ["button Sign in", "link Home", "button Sign in", "x" * MAX_CHARS + "tail one", "x" * MAX_CHARS + "tail two"]


def test_memory_and_disk_caches_give_the_models_vectors(tmp_path):
    path = tmp_path / "embeddings.sqlite"
    first = Embedder(cache=path, encoder="minilm")
    vectors = first.embed(TEXTS)
    # repeats and texts equal up to MAX_CHARS are encoded once
    assert first.stats == {"requested": 5, "from_disk": 0, "computed": 3}
    assert np.array_equal(vectors[0], vectors[2]) and np.array_equal(vectors[3], vectors[4])
    again = first.embed(TEXTS[::-1])
    assert first.stats["computed"] == 3 and np.array_equal(again, vectors[::-1])

    second = Embedder(cache=path, encoder="minilm")  # another process: the file answers, the model is not run
    from_disk = second.embed(TEXTS)
    assert second.stats == {"requested": 5, "from_disk": 3, "computed": 0}
    assert from_disk.dtype == np.float32 and np.abs(from_disk - vectors).max() < 1e-3  # float16 on disk

    fresh = Embedder(cache=False, encoder="minilm").embed(TEXTS)
    assert np.abs(fresh - vectors).max() < 1e-6
    assert Embedder(cache=False, encoder="minilm").embed([]).shape == (0, 384)
