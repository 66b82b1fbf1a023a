"""Cheap MiniLM similarity for field descriptors and free-text clauses.

MiniLM (its files found and sha256-checked by `webminim.minilm_files`, never from a hub) is
used here through its word-piece embedding table: a text is the mean of its word pieces'
input embeddings, minus the vocabulary's common direction, L2-normalised (static embeddings,
as in Model2Vec). No torch, ~20 µs per short text, so a clause can be compared with the task
inside the per-call budget; results are cached by text. Without MiniLM's files (or with files
that are not upstream's) egress cannot judge a text and refuses: an EgressError, one line.
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any

import numpy as np

DIM = 384


@cache
def _model() -> tuple[Any, np.ndarray, np.ndarray]:
    """The tokenizer, the word-piece table and its mean row. The table is centred per text
    (mean of its rows minus the mean row) rather than as a whole: a centred copy of 30,522
    × 384 floats cost ~0.1-0.2 s at start-up, a fifth of a `minimize-call`."""
    from safetensors import safe_open
    from tokenizers import Tokenizer

    from webminim.errors import EgressError, ScorerError
    from webminim.minilm_files import minilm_dir

    try:
        root = minilm_dir()
        tokenizer = Tokenizer.from_file(str(root / "tokenizer.json"))
        tokenizer.no_padding()  # the shipped tokenizer pads to 128 with [PAD]: a mean over those says nothing
        with safe_open(str(root / "model.safetensors"), framework="numpy") as weights:
            table = np.asarray(weights.get_tensor("embeddings.word_embeddings.weight"), dtype=np.float32)
    except ScorerError as exc:
        raise EgressError(f"egress cannot judge text: {exc}") from None
    except Exception as exc:  # noqa: BLE001 - the tokenizer and safetensors raise their own types
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise EgressError(f"egress cannot judge text: MiniLM's files are unreadable ({reason})") from None
    return tokenizer, table, table.mean(axis=0, dtype=np.float64).astype(np.float32)


def load() -> None:
    """Read MiniLM's word-piece table now (an EgressError when its files are missing or not
    upstream's), rather than inside the first text's time budget."""
    _model()


@cache
def vocabulary() -> frozenset[str]:
    """MiniLM's whole-word pieces (lower-cased, no "##" continuations)."""
    return frozenset(piece for piece in _model()[0].get_vocab() if not piece.startswith("##"))


@lru_cache(maxsize=8192)
def embed(text: str) -> np.ndarray | None:
    """The static MiniLM embedding of `text` (None when the text has no word piece)."""
    tokenizer, table, centre = _model()
    ids = tokenizer.encode(text[:512], add_special_tokens=False).ids
    if not ids:
        return None
    vector = table[ids].mean(axis=0) - centre
    norm = float(np.linalg.norm(vector))
    return vector / norm if norm else None


def similarity(a: str, b: str) -> float:
    va, vb = embed(a), embed(b)
    if va is None or vb is None:
        return 0.0
    return float(va @ vb)
