"""MiniLM embeddings of node and task text, by one of two encoders, cached.

"minilm" runs the sentence model itself; "minilm-static" is the same MiniLM distilled once
into one vector per word piece (Model2Vec), so a text costs a table look-up. A checkpoint
names the encoder it was trained with (webminim.scorer checks it). The weights are found and
checked by `webminim.minilm_files`, with the hub switched off: nothing is downloaded at run
time. MiniLM's embeddings are cached in memory and, optionally, on disk (SQLite, float16),
keyed by a hash of the text.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import itertools
import logging
import os
import sqlite3
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future
from pathlib import Path
from typing import Any

import numpy as np

from webminim.errors import ScorerError
from webminim.minilm_files import minilm_dir, verify_minilm
from webminim.onnx_session import onnx_session
from webminim.paths import cache_dir
from webminim.text_memo import Memory

DIM = 384
ENCODERS = ("minilm", "minilm-static", "minilm-int8", "minilm3-int8")
NETWORK_LAYERS = {"minilm-int8": None, "minilm3-int8": 3}  # int8 encoders: the MiniLM layers each runs (None: all)
DEFAULT_ENCODER = "minilm-static"  # the shipped checkpoint's (a test holds them together)
MAX_CHARS = 256  # MiniLM reads 256 word pieces at most; longer node text adds nothing
MAX_CACHED = 100_000  # node texts kept in memory (~150 MiB): a long session does not grow without bound


def default_cache_path() -> Path:
    return cache_dir() / "embeddings.sqlite"


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

    def token_counts(self, texts: Sequence[str]) -> np.ndarray:
        encoded = self.tokenizer(list(texts), add_special_tokens=False)["input_ids"]
        return np.asarray([len(ids) for ids in encoded], dtype=np.int32)


def _piece_counter(model_dir: Path) -> Any:
    """MiniLM's own tokenizer, whole texts, no special tokens: what TISL counts as tok(i)."""
    from tokenizers import Tokenizer

    counter = Tokenizer.from_file(str(model_dir / "tokenizer.json"))
    counter.no_truncation()
    counter.no_padding()
    return counter


def _count_pieces(counter: Any, texts: Sequence[str]) -> np.ndarray:
    encoded = counter.encode_batch(list(texts), add_special_tokens=False)
    return np.asarray([len(e.ids) for e in encoded], dtype=np.int32)


class OnnxMiniLM:
    """The same MiniLM (pooling and normalisation inside the graph) run by ONNX Runtime, with
    the `tokenizers` library reading the model's own tokenizer.json: no torch, no
    transformers at run time. Vectors equal `MiniLM`'s within 1e-6 (tests/test_onnx_runtime.py)."""

    MAX_TOKENS = MiniLM.MAX_TOKENS

    def __init__(self, model_dir: Path, graph: Path, *, spin: bool = True, alone: bool = False) -> None:
        from tokenizers import Tokenizer

        # `alone`: each text in a run of its own. A graph quantized dynamically scales its
        # activations by the run's range, so a text batched with others would get a vector
        # (and a privacy verdict) that depends on its neighbours; alone, one text, one vector.
        self._alone = alone
        self._counter = _piece_counter(model_dir)
        self.tokenizer = Tokenizer.from_file(str(model_dir / "tokenizer.json"))
        self.tokenizer.enable_truncation(max_length=self.MAX_TOKENS)
        pad = self.tokenizer.token_to_id("[PAD]")
        self.tokenizer.enable_padding(pad_id=0 if pad is None else pad, pad_token="[PAD]")
        self.session = onnx_session(graph, spin=spin)

    def encode(
        self, texts: Sequence[str], *, batch_size: int = 128, meanwhile: Callable[[], None] | None = None
    ) -> np.ndarray:
        """`meanwhile`: work for this thread while the network computes (ONNX Runtime holds no
        Python lock then): done once, while the longest run computes on the session's thread
        pool, the others after it here (runs side by side would share two cores three ways).
        Not done when the session has no pool (WEBMINIM_THREADS=1): the caller does it then."""
        out = np.zeros((len(texts), DIM), dtype=np.float32)
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        chunks = [[i] for i in order] if self._alone else list(_batches(order, [len(t) for t in texts], batch_size))
        if meanwhile is not None and chunks:
            beside = self._started(self._feed([texts[i] for i in chunks[-1]]))
            if beside is not None:
                meanwhile()
                out[chunks[-1]] = beside.result()
                chunks = chunks[:-1]
        for chunk in chunks:
            out[chunk] = self.session.run(None, self._feed([texts[i] for i in chunk]))[0]
        return out

    def _feed(self, texts: list[str]) -> dict[str, np.ndarray]:
        encoded = self.tokenizer.encode_batch(texts)
        return {
            "input_ids": np.asarray([e.ids for e in encoded], dtype=np.int64),
            "attention_mask": np.asarray([e.attention_mask for e in encoded], dtype=np.int64),
            "token_type_ids": np.asarray([e.type_ids for e in encoded], dtype=np.int64),
        }

    def _started(self, feed: dict[str, np.ndarray]) -> Future[np.ndarray] | None:
        """One run started on the session's thread pool, or None when it has none."""
        running: Future[np.ndarray] = Future()
        try:
            self.session.run_async(None, feed, _settle, running)
        except Exception:  # noqa: BLE001 - no pool (one thread): every run goes here, one by one
            return None
        return running

    def token_counts(self, texts: Sequence[str]) -> np.ndarray:
        return _count_pieces(self._counter, texts)


def _settle(results: list[np.ndarray] | None, running: Future[np.ndarray], error: str) -> None:
    """ONNX Runtime's callback for one run started by `OnnxMiniLM._started`."""
    if error or not results:
        running.set_exception(ScorerError(f"the MiniLM network failed: {error or 'no output'}"))
    else:
        running.set_result(results[0])


class StaticMiniLM:
    """MiniLM distilled to one vector per word piece (Model2Vec: every piece run through MiniLM
    on its own, PCA to 384 dimensions, SIF weights); a text is the normalised mean of its
    pieces' vectors. No network runs: ~20 µs per text against ~1 ms for MiniLM itself, so a
    page's first visit costs what a cached one does. Word pieces are counted with MiniLM's
    own tokenizer, as for the other encoders (TISL's tok(i))."""

    MAX_TOKENS = MiniLM.MAX_TOKENS
    MAX_CHUNKS = 1 << 16  # word pieces remembered for this many space-separated chunks

    def __init__(self, model_dir: Path, table_dir: Path) -> None:
        from model2vec import StaticModel

        self._counter = _piece_counter(model_dir)
        self.model = StaticModel.from_pretrained(str(table_dir))
        # A page's texts share most of their words ("button Add to cart", "link Product 17"):
        # each space-separated chunk is tokenized once and a text's pieces are its chunks'
        # pieces end to end (what the tokenizer gives the whole text: it splits at spaces
        # first and normalizes character by character). model2vec's encode reads them through
        # this tokenize; the rest of encode (truncation, mean, normalization) is its own.
        self._chunks = Memory(self.MAX_CHUNKS)  # chunk -> its word pieces
        self.model.tokenize = self._tokenize  # type: ignore[method-assign]

    def encode(self, texts: Sequence[str], *, batch_size: int = 128) -> np.ndarray:
        model = self.model
        if model.weights is not None or model.token_mapping is not None:  # not a table webminim writes
            vectors = model.encode(list(texts), max_length=self.MAX_TOKENS, use_multiprocessing=False)
            return np.ascontiguousarray(vectors, dtype=np.float32)
        # model2vec's encode, its sums and divisions in the same order (the same bits), less
        # its per-length batching: a message's two dozen texts have as many lengths
        chars = self.MAX_TOKENS * model.median_token_length
        ids = self._pieces([t[:chars] for t in texts], self.MAX_TOKENS)
        lengths = list(map(len, ids))
        rows = model.embedding[np.fromiter(itertools.chain.from_iterable(ids), np.int64, sum(lengths))]
        out = np.zeros((len(ids), model.dim), np.float32)
        start = 0
        for i, n in enumerate(lengths):
            if n:
                out[i] = np.add.reduce(rows[start : start + n], axis=0)
                out[i] /= n
                start += n
        return out / (np.linalg.norm(out, axis=1, keepdims=True) + 1e-32)

    def _tokenize(self, sentences: Sequence[str]) -> list[list[int]]:
        """`StaticModel.tokenize`: each text's word pieces, truncated as the tokenizer is set for
        this call (model2vec's encode sets it)."""
        return self._pieces(sentences, (self.model.tokenizer.truncation or {}).get("max_length"))

    def _pieces(self, sentences: Sequence[str], limit: int | None) -> list[list[int]]:
        """Each text's word pieces, at most `limit`, the unknown piece dropped; chunks tokenized once."""
        tokenizer, known = self.model.tokenizer, self._chunks
        chunks = [[c for c in text.split(" ") if c] for text in sentences]
        pieces = {c: known.get(c) for words in chunks for c in words}  # this call's own: others may evict
        new = [c for c, ids in pieces.items() if ids is None]
        if new:
            for chunk, encoding in zip(new, tokenizer.encode_batch_fast(new, add_special_tokens=False), strict=True):
                pieces[chunk] = encoding.ids
                known.keep(chunk, encoding.ids)
        unknown = self.model.unk_token_id
        out = []
        for words in chunks:
            ids = [i for c in words for i in pieces[c]][:limit]  # type: ignore[union-attr]
            out.append(ids if unknown is None else [i for i in ids if i != unknown])
        return out

    def token_counts(self, texts: Sequence[str]) -> np.ndarray:
        return _count_pieces(self._counter, texts)


def export_minilm(model_dir: Path, out: Path, layers: int | None = None) -> None:
    """MiniLM as one ONNX graph: word pieces in, pooled and normalised vectors out, written from
    its verified weights by `webminim.minilm_graph` (no torch; the nodes ONNX Runtime's BERT
    fusion makes of transformers' export, vectors equal to the eager model's within 1e-6).
    `layers`: its first that many layers only (None: all six)."""
    from webminim import minilm_graph

    minilm_graph.write(model_dir, minilm_weights(model_dir), out, layers=layers)


@contextlib.contextmanager
def _silenced() -> Iterator[None]:
    """A dependency's prints, progress bars and log notices (at set-up) are not the user's business."""
    quiet = io.StringIO()
    logging.disable(logging.WARNING)
    try:
        with contextlib.redirect_stdout(quiet), contextlib.redirect_stderr(quiet):
            yield
    finally:
        logging.disable(logging.NOTSET)


def minilm_weights(model_dir: Path) -> dict[str, np.ndarray]:
    """MiniLM's tensors by name, from the verified file."""
    from safetensors.numpy import load_file

    return load_file(str(verify_minilm(model_dir)))


def _export_key(model_dir: Path, *settings: bytes) -> str:
    """What an export of the shipped MiniLM depends on: its config, tokenizer and weights'
    size, and the exporter's own settings."""
    from webminim import onnx_files

    parts = [*settings, *((model_dir / name).read_bytes() for name in ("config.json", "tokenizer.json"))]
    parts.append(str((model_dir / "model.safetensors").stat().st_size).encode())
    return onnx_files.key_of(parts)


def minilm_graph(layers: int | None = None) -> Path:
    """The ONNX file of the shipped MiniLM (its first `layers` layers; None: all), written on
    first use from its verified weights."""
    from webminim import onnx_files

    model_dir = minilm_dir()
    name, settings = _graph_name("minilm", layers)
    return onnx_files.ensure(name, _export_key(model_dir, *settings), lambda out: export_minilm(model_dir, out, layers))


def _graph_name(stem: str, layers: int | None, suffix: str = "") -> tuple[str, tuple[bytes, ...]]:
    """A MiniLM graph's file name and the settings its cache key adds: "minilm3-int8" and
    (b"layers 3",) for the first three layers, "minilm-int8" and () for all of them."""
    if layers is None:
        return stem + suffix, ()
    return f"{stem}{layers}{suffix}", (f"layers {layers}".encode(),)


def minilm_int8_graph(layers: int | None = None) -> Path:
    """The shipped MiniLM's ONNX graph (its first `layers` layers; None: all) with int8 weights
    (ONNX Runtime's dynamic quantization: the same graph, ~2.4x faster a sentence on two cores;
    vectors within cosine ~0.93-0.99 of the float ones). Deterministic: one file for one float
    graph. For readers that re-read a few texts under a deadline (egress' second stage),
    trained on its own vectors."""
    from webminim import onnx_files

    graph = minilm_graph(layers)

    def export(out: Path) -> None:
        from onnxruntime.quantization import QuantType, quantize_dynamic

        with _silenced():  # its advice to pre-process the graph first
            quantize_dynamic(str(graph), str(out), weight_type=QuantType.QInt8, extra_options={"DefaultTensorType": 1})

    name, settings = _graph_name("minilm", layers, "-int8")
    return onnx_files.ensure(name, _export_key(minilm_dir(), b"quantize_dynamic qint8", *settings), export)


def export_static_minilm(model_dir: Path, out: Path) -> None:
    """Distil MiniLM into a static table (`webminim.static_table`, Model2Vec's recipe in numpy,
    ~15 s on two cores): every word piece through MiniLM alone, PCA kept at 384 dimensions with
    fixed signs, SIF weights."""
    import tempfile

    from webminim import minilm_graph, static_table

    with tempfile.TemporaryDirectory() as scratch:
        graph = Path(scratch) / "minilm-unpooled.onnx"
        minilm_graph.write(model_dir, minilm_weights(model_dir), graph, normalize=False)
        static_table.write(model_dir, graph, out)


def static_minilm_dir() -> Path:
    """The distilled table of the shipped MiniLM, made on first use."""
    from webminim import onnx_files

    model_dir = minilm_dir()
    export = lambda out: export_static_minilm(model_dir, out)  # noqa: E731
    key = _export_key(model_dir, f"static_table pca={DIM} sif=1e-4".encode())
    return onnx_files.ensure("minilm-static", key, export, suffix="")


def onnx_minilm() -> OnnxMiniLM:
    return OnnxMiniLM(minilm_dir(), minilm_graph())


RUNTIMES = ("torch", "onnx")


def default_runtime() -> str:
    """WEBMINIM_RUNTIME if set; else ONNX Runtime where it is installed; else torch."""
    chosen = os.environ.get("WEBMINIM_RUNTIME", "").strip().lower()
    if chosen:
        if chosen not in RUNTIMES:
            raise ScorerError(f"WEBMINIM_RUNTIME={chosen!r}: expected one of {', '.join(RUNTIMES)}")
        return chosen
    import importlib.util

    return "onnx" if importlib.util.find_spec("onnxruntime") is not None else "torch"


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
    """`embed(texts) -> (len(texts), 384)` float32, L2-normalised, cached. The static encoder
    keeps no disk cache: reading SQLite would cost more than the table look-up."""

    def __init__(
        self,
        *,
        cache: Path | None | bool = True,
        batch_size: int = 128,
        max_cached: int = MAX_CACHED,
        runtime: str | None = None,
        encoder: str = DEFAULT_ENCODER,
    ) -> None:
        self.runtime = runtime or default_runtime()
        if self.runtime not in RUNTIMES:
            raise ScorerError(f"unknown runtime {self.runtime!r}: expected one of {', '.join(RUNTIMES)}")
        if encoder not in ENCODERS:
            raise ScorerError(f"unknown text encoder {encoder!r}: expected one of {', '.join(ENCODERS)}")
        self.encoder = encoder
        if encoder == "minilm-static" or encoder in NETWORK_LAYERS:
            cache = False  # the disk cache is keyed by text alone: it holds the float MiniLM's vectors
        self._model: MiniLM | OnnxMiniLM | StaticMiniLM | None = None
        self._memory: OrderedDict[str, np.ndarray] = OrderedDict()  # LRU: text repeats between steps
        self._max_cached = max_cached
        self._disk = DiskCache(default_cache_path() if cache is True else cache) if cache else None
        self._batch_size = batch_size
        self.stats = {"requested": 0, "from_disk": 0, "computed": 0}

    def _load(self) -> MiniLM | OnnxMiniLM | StaticMiniLM:
        if self._model is None:
            os.environ.setdefault("HF_HUB_OFFLINE", "1")
            os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
            # a dependency's "Loading weights" bar and truncation notices on every start: silenced
            os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
            os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")
            try:
                if self.encoder == "minilm-static":
                    self._model = StaticMiniLM(minilm_dir(), static_minilm_dir())
                elif self.encoder in NETWORK_LAYERS:
                    # a message's few texts, read beside a busy browser: no spinning threads
                    graph = minilm_int8_graph(NETWORK_LAYERS[self.encoder])
                    self._model = OnnxMiniLM(minilm_dir(), graph, spin=False, alone=True)
                else:
                    self._model = onnx_minilm() if self.runtime == "onnx" else MiniLM(minilm_dir())
            except ScorerError:
                raise
            except Exception as exc:  # noqa: BLE001 - any failure here means no scores: fail closed
                raise ScorerError(f"cannot load the MiniLM text encoder: {exc}") from exc
        return self._model

    def encoder_model(self) -> MiniLM | OnnxMiniLM | StaticMiniLM:
        """The loaded encoder itself, past both caches: what a checkpoint's fingerprint reads."""
        return self._load()

    def forget(self) -> None:
        """Drop the in-memory cache (the disk cache, if any, stays): the next page is cold."""
        self._memory.clear()

    def embed(self, texts: Sequence[str], *, meanwhile: Callable[[], None] | None = None) -> np.ndarray:
        """`meanwhile`: work for this thread while an ONNX network computes (`OnnxMiniLM.encode`);
        called at most once, and not at all when nothing is computed: the caller does it then."""
        if not texts:
            return np.zeros((0, DIM), dtype=np.float32)
        clipped = [t[:MAX_CHARS] for t in texts]
        # in memory by the text itself (a str's hash is kept with it: a warm step hashes
        # nothing); by a digest on disk, computed only for what memory lacks
        memory = self._memory
        missing: dict[str, None] = {}
        for t in clipped:
            if t in memory:
                memory.move_to_end(t)
            else:
                missing[t] = None
        if missing and self._disk is not None:
            keyed = {_key(t): t for t in missing}
            from_disk = self._disk.get_many(list(keyed))
            for k, vector in from_disk.items():
                memory[keyed[k]] = vector
                del missing[keyed[k]]
            self.stats["from_disk"] += len(from_disk)
        if missing:
            model = self._load()
            if meanwhile is not None and isinstance(model, OnnxMiniLM):
                vectors = model.encode(list(missing), batch_size=self._batch_size, meanwhile=meanwhile)
            else:
                vectors = model.encode(list(missing), batch_size=self._batch_size)
            fresh = dict(zip(missing, vectors, strict=True))
            memory.update(fresh)
            self.stats["computed"] += len(fresh)
            if self._disk is not None:
                self._disk.put_many({_key(t): v for t, v in fresh.items()})
        self.stats["requested"] += len(texts)
        # one flat concatenation: np.stack slices every row first (3x slower on a page)
        out = np.concatenate([memory[t] for t in clipped]).reshape(len(clipped), -1).astype(np.float32, copy=False)
        while len(memory) > self._max_cached:  # after reading: this page's texts are all kept
            memory.popitem(last=False)
        return out

    def token_counts(self, texts: Sequence[str]) -> np.ndarray:
        """Word-piece tokens per text (what TISL counts as tok(i))."""
        return self._load().token_counts(texts)
