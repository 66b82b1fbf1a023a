"""The contextual-integrity model: what private fact a sentence discloses, learned, not listed.

For one sentence it gives the probability of each category of the taxonomy below ("none"
included). It is a multinomial logistic regression over two views of the sentence:

    z = W_e · e(x) + Σ_b log(1 + n_b(x)) W_h[b] + b₀,   p = softmax(z)

`e(x)` is the sentence's embedding by the static MiniLM table the scorer reads text with
(`webminim.embedder`, Model2Vec's distillation of the shipped MiniLM; the model file keeps the
table's answers on probe texts and refuses to load against a table that answers otherwise) and
`n_b(x)` how many of its lower-cased words and word pairs (`grams(x)`) hash into bucket b of
2^14, a capitalised word inside a sentence read as NAME (a person's name says nothing of what
is private about them). It is trained on sentences written outside this project (`train.py`, the data card in
`CI_MODEL.md`): a fixed vocabulary cannot know that "has been practising breathing techniques
and keeping a thought diary" is a health fact; a model that read many such sentences can.
No torch: one table look-up, one sparse sum and one 384 x 12 product per sentence.

A static table reads "I have been told I have Friedreich's ataxia" as the mean of its word
pieces, where the rare name is one piece among nine. So the model is a cascade: the static
reading above is the first stage, and a text it does not clear (p(private) at or above the
file's `gate`, a few percent of harmless sentences) is read again by a second regression
that adds MiniLM run as a network, `f(x)`: its first three layers, int8 weights (ONNX), each
text in a run of its own (read as well as all six on the message sets, in half the time):

    z₂ = W₂ₑ · e(x) + W₂f · f(x) + Σ_b log(1 + n_b(x)) W₂ₕ[b] + b₂

Every text past the gate is the second stage's to decide, as its threshold was fitted (on the
validation texts past the gate): it may find private what the first stage cleared, and clear
what the first stage found private unless the first is sure of it (p(private) ≥ SURE). It reads
at most MAX_SECOND texts and SECOND_WORDS words per call, those the first stage found private
first, then the likeliest; a text it does not reach keeps the first stage's verdict.
"""

from __future__ import annotations

import calendar
import itertools
import json
import re
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np
from scipy import sparse

from webminim.errors import ConfigError, WebminimError
from webminim.text_memo import per_text

DIM = 384
PROBES: tuple[str, ...] = (
    "The meeting moved to Thursday.",
    "She has been diagnosed with cancer.",
    "I owe the bank money.",
    "Please keep this between us.",
)

BUCKETS = 1 << 14
MAX_SECOND = 6  # texts per call the second stage reads: its cost, ~2 ms a 12-word text on two cores, stays bounded
SURE = 0.8  # a first-stage p(private) this high is not read again: nothing clears it (validation precision 0.94 there)
SECOND_WORDS = 80  # words per call the second stage reads (~0.15-0.2 ms a word, each text alone): p99 bounded
MODEL_PATH = Path(__file__).with_name("ci_model.npz")
CATEGORIES: tuple[str, ...] = (
    "none",
    "health",
    "finance",
    "relationships",
    "legal",
    "employment",
    "location",
    "identity",
    "credentials",
    "beliefs",
    "minors",
    "confidential",
)
# the taxonomy of ToolMinimize each category is priced as
TAXONOMY = {
    "health": "H",
    "finance": "F",
    "relationships": "R",
    "legal": "R",
    "employment": "QI",
    "location": "L",
    "identity": "DI",
    "credentials": "DI",
    "beliefs": "H",
    "minors": "R",
    "confidential": "I",
}
# what a removed clause of each category is generalized to, when one must stand in for it
GENERAL = {
    "health": "a health matter",
    "finance": "a financial matter",
    "relationships": "a family matter",
    "legal": "a legal matter",
    "employment": "a work matter",
    "location": "a personal matter",
    "identity": "a personal matter",
    "credentials": "a personal matter",
    "beliefs": "a personal matter",
    "minors": "a family matter",
    "confidential": "a confidential matter",
}
_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)?", re.U)


def grams(text: str) -> list[str]:
    """Lower-cased words and adjacent pairs; a capitalised word after the first is NAME."""
    found = _WORD.findall(text[:2000])
    if not found:
        return []
    words = [_first_word(found[0]), *map(_later_word, found[1:])]
    return words + [a + " " + b for a, b in zip(words, words[1:], strict=False)]


@per_text(maxsize=1 << 16, longest=60)
def _first_word(word: str) -> str:
    return word.lower().replace("’", "'")


@per_text(maxsize=1 << 16, longest=60)
def _later_word(word: str) -> str:
    # remembered: a message's clauses, pieces and windows repeat its sentences' words
    if word[:1].isupper() and not word.isupper() and word.lower() not in _NOT_NAMES:
        return "NAME"
    return word.lower().replace("’", "'")


# capitalised words that are seldom names inside a sentence
_NOT_NAMES = frozenset(
    {"i", "i'm", "i've", "i'll", "i'd", "mom", "mum", "dad", "ok", "okay"}
    | {d.lower() for d in calendar.day_name}
    | {m.lower() for m in calendar.month_name if m}
)


@per_text(maxsize=1 << 16, longest=200)
def bucket(gram: str) -> int:
    # remembered: a message's clauses and pieces repeat its sentences' words
    return zlib.crc32(gram.encode("utf-8")) & (BUCKETS - 1)


def _bucket_counts(texts: list[str]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(text index, bucket, count) of every bucket some gram of a text falls in, by text then bucket."""
    rows = [list(map(bucket, grams(t))) for t in texts]
    lengths = np.fromiter(map(len, rows), dtype=np.int64, count=len(rows))
    flat = np.fromiter(itertools.chain.from_iterable(rows), dtype=np.int64, count=int(lengths.sum()))
    keys, counts = np.unique(np.repeat(np.arange(len(texts)) * BUCKETS, lengths) + flat, return_counts=True)
    return keys // BUCKETS, keys % BUCKETS, counts


def gram_features(texts: list[str]) -> sparse.csr_matrix:
    """(len(texts), BUCKETS): log(1 + how often each bucket occurs in each text), the grams'
    view of a text as the model was fitted on it (`train.py`) and reads it (`_hashed_sum`)."""
    row, column, counts = _bucket_counts(texts)
    return sparse.csr_matrix((np.log1p(counts).astype(np.float32), (row, column)), shape=(len(texts), BUCKETS))


@cache
def _encoder(name: str) -> object:
    from webminim.embedder import Embedder  # late: a call with no free text never loads a model

    return Embedder(encoder=name, cache=False)  # a message's sentences are never written to disk


def _embedded(name: str, texts: list[str], meanwhile: Callable[[], None] | None = None) -> np.ndarray:
    if not texts:
        return np.zeros((0, DIM), np.float32)
    try:
        return _encoder(name).embed(texts, meanwhile=meanwhile)  # type: ignore[attr-defined]
    except WebminimError as exc:
        raise ConfigError(f"the contextual-integrity model has no {name} text encoder: {exc}") from exc


def embeddings(texts: list[str]) -> np.ndarray:
    """(len(texts), 384) static MiniLM embeddings; a ConfigError when the table cannot load."""
    return _embedded("minilm-static", texts)


NETWORK = "minilm3-int8"  # MiniLM's first three layers, int8 weights: what the second stage reads


def network_embeddings(texts: list[str], meanwhile: Callable[[], None] | None = None) -> np.ndarray:
    """(len(texts), 384) embeddings by the second stage's network; a ConfigError when it cannot
    load. `meanwhile` is done while it computes, if it does (`Embedder.embed`)."""
    return _embedded(NETWORK, texts, meanwhile)


def _softmax(z: np.ndarray) -> np.ndarray:
    e = np.exp(z - z.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def _hashed_sum(w_hash: np.ndarray, texts: list[str], z: np.ndarray) -> np.ndarray:
    """z plus every text's Σ_b log(1 + n_b) W_h[b]: `gram_features(texts) @ w_hash` without
    building a sparse matrix for a message's few texts (scipy's checks cost more than the sum)."""
    row, column, counts = _bucket_counts(texts)
    out = z.astype(np.float32, copy=True)
    np.add.at(out, row, np.log1p(counts).astype(np.float32)[:, None] * w_hash[column])
    return out


def _within_budget(order: list[int], texts: list[str]) -> list[int]:
    """The texts of `order` (likeliest first) the second stage reads: at most MAX_SECOND, and
    no more than SECOND_WORDS words together (its cost grows with the words it reads); a text
    that would pass the words is skipped, a shorter one after it may still fit."""
    chosen: list[int] = []
    words = 0
    for i in order:
        if len(chosen) >= MAX_SECOND:
            break
        n = len(texts[i].split())
        if words + n <= SECOND_WORDS:
            chosen.append(i)
            words += n
    return chosen


@dataclass(frozen=True, slots=True)
class Judgement:
    """What the model says of one sentence: the likeliest private category and its odds."""

    category: str  # "none" or a category of CATEGORIES
    p_private: float  # 1 - p(none)
    by: str = "model"  # "model", or "norm" when the text itself rules the flow out (`norms`)

    @property
    def private(self) -> bool:
        return self.category != "none"


class ContextModel:
    """The trained weights; `judge(sentence)` is pure and cached per text."""

    def __init__(self, path: Path = MODEL_PATH) -> None:
        try:
            with np.load(path, allow_pickle=False) as data:
                self.w_hash = data["w_hash"].astype(np.float32)
                self.w_emb = data["w_emb"].astype(np.float32)
                self.bias = data["bias"].astype(np.float32)
                self.categories = tuple(str(c) for c in data["categories"])
                self.meta = json.loads(str(data["meta"]))
                probe = data["probe"].astype(np.float32)
                second = "w2_full" in data.files
                if second:
                    self.w2_hash = data["w2_hash"].astype(np.float32)
                    self.w2_emb = data["w2_emb"].astype(np.float32)
                    self.w2_full = data["w2_full"].astype(np.float32)
                    self.bias2 = data["bias2"].astype(np.float32)
                    probe_full = data["probe_full"].astype(np.float32)
        except (OSError, KeyError, ValueError) as exc:
            raise ConfigError(f"the contextual-integrity model at {path} could not be read: {exc}") from exc
        if self.w_hash.shape != (BUCKETS, len(self.categories)) or self.w_emb.shape[0] != DIM:
            raise ConfigError(f"the contextual-integrity model at {path} has the wrong shape")
        if probe.shape != (len(PROBES), DIM) or float(np.min(np.sum(probe * embeddings(list(PROBES)), axis=1))) < 0.999:
            raise ConfigError(
                f"the text encoder here is not the one the contextual-integrity model at {path} was trained with"
            )
        self.threshold = float(self.meta.get("threshold", 0.5))
        self.second = second
        if second:
            if self.w2_hash.shape != self.w_hash.shape or self.w2_full.shape[0] != DIM:
                raise ConfigError(f"the contextual-integrity model at {path} has the wrong shape")
            # ONNX and torch agree to ~1e-4; another network would not
            if float(np.min(np.sum(probe_full * network_embeddings(list(PROBES)), axis=1))) < 0.99:
                raise ConfigError(
                    f"the MiniLM here is not the one the contextual-integrity model at {path} was trained with"
                )
            self.gate = float(self.meta["gate"])
            self.threshold2 = float(self.meta["threshold2"])
        self._memory: dict[str, Judgement] = {}  # text -> judgement, first in first out

    MEMORY = 16384

    def probabilities(self, texts: list[str]) -> np.ndarray:
        """(len(texts), categories) by the first stage: texts embedded in one batch."""
        return _softmax(_hashed_sum(self.w_hash, texts, self.bias + embeddings(texts) @ self.w_emb))

    def second_probabilities(self, texts: list[str], meanwhile: Callable[[], None] | None = None) -> np.ndarray:
        """(len(texts), categories) by the second stage (the file must have one)."""
        z = self.bias2 + embeddings(texts) @ self.w2_emb + network_embeddings(texts, meanwhile) @ self.w2_full
        return _softmax(_hashed_sum(self.w2_hash, texts, z))

    def _verdict(self, p: np.ndarray, threshold: float) -> Judgement:
        p_private = float(1.0 - p[0])
        best = int(np.argmax(p[1:])) + 1
        return Judgement(self.categories[best] if p_private >= threshold else "none", p_private)

    def _judged(
        self, texts: list[str], alone: frozenset[str] = frozenset(), meanwhile: Callable[[], None] | None = None
    ) -> list[Judgement]:
        first = self.probabilities(texts)
        verdicts = [self._verdict(p, self.threshold) for p in first]
        if self.second:
            # every text past the gate is the second stage's to decide (what its threshold was
            # fitted for), those the first found private first: a text it does not reach, or
            # one the first stage is sure of, keeps the first stage's verdict (fail closed).
            # A text of `alone` has a budget of its own, as if it were judged in a call of its own.
            past = [i for i in np.argsort(first[:, 0]) if self.gate <= 1.0 - first[i, 0] < SURE]
            doubtful: list[int] = []
            for group in ([i for i in past if texts[i] not in alone], *([i] for i in past if texts[i] in alone)):
                doubtful += _within_budget(
                    [i for i in group if verdicts[i].private] + [i for i in group if not verdicts[i].private], texts
                )
            if doubtful:
                again = self.second_probabilities([texts[i] for i in doubtful], meanwhile)
                for i, p in zip(doubtful, again, strict=True):
                    verdicts[i] = self._verdict(p, self.threshold2)
        return verdicts

    def judge_many(
        self, texts: list[str], *, alone: Sequence[str] = (), meanwhile: Callable[[], None] | None = None
    ) -> list[Judgement]:
        """Judgements of several texts: those not yet judged are embedded together. A text of
        `alone` (as well in `texts`) is judged as if on its own: the second stage's budget for
        the others is not spent on it, nor its on them. `meanwhile` is done while the second
        stage's network computes, if it runs (at most once; the caller does it otherwise)."""
        clipped = [t[:2000] for t in texts]
        fresh = [t for t in dict.fromkeys(clipped) if t not in self._memory]
        if fresh:
            judged = self._judged(fresh, frozenset(t[:2000] for t in alone), meanwhile)
            for text, verdict in zip(fresh, judged, strict=True):
                if len(self._memory) >= self.MEMORY:
                    self._memory.pop(next(iter(self._memory)))
                self._memory[text] = verdict
        return [self._memory[t] for t in clipped]

    def judge(self, text: str) -> Judgement:
        return self.judge_many([text])[0]

    def forget(self) -> None:
        """Drop every judgement and the encoders' in-memory embeddings: the next text is read
        as a new message's would be (a benchmark times that, not a look-up)."""
        self._memory.clear()
        for name in ("minilm-static", NETWORK) if self.second else ("minilm-static",):
            _encoder(name).forget()  # type: ignore[attr-defined]  # both loaded by the probe check


@cache
def default_model() -> ContextModel:
    return ContextModel()
