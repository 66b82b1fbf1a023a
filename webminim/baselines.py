"""Alternatives to webminim's K/A/R policy, for the paper's Table 1 and beyond.

Fixed policies over the same predicted scores (Full, Random budget, Sensitivity-only,
Necessity-only, top-20% budget as in the paper), and what a practitioner would try first:
a PII filter (Presidio with its pattern recognizers, dropping every node with a detected
entity) and a heuristic (keep controls, headings and task words; abstract PII patterns).
"""

from __future__ import annotations

import logging
import random
from collections.abc import Sequence
from functools import cache

import numpy as np

from extractors.tree import UINode
from webminim.features import content_words
from webminim.metrics import A, K, R
from webminim.vault import kind_of

BUDGET = 0.20


def full(size: int) -> np.ndarray:
    return np.full(size, K, dtype=np.int8)


def top_budget(order_key: np.ndarray, *, budget: float = BUDGET) -> np.ndarray:
    """Keep the `budget` share of nodes with the highest key (ties broken by position)."""
    keep = max(1, int(round(budget * len(order_key))))
    chosen = np.argsort(-order_key, kind="stable")[:keep]
    actions = np.full(len(order_key), R, dtype=np.int8)
    actions[chosen] = K
    return actions


def random_budget(size: int, rng: random.Random, *, budget: float = BUDGET) -> np.ndarray:
    return top_budget(np.array([rng.random() for _ in range(size)]), budget=budget)


def sensitivity_only(s_hat: np.ndarray) -> np.ndarray:
    """The paper's Sens.-Only: keep the 20% least sensitive nodes."""
    return top_budget(-s_hat)


def necessity_only(n_hat: np.ndarray) -> np.ndarray:
    return top_budget(n_hat)


@cache
def _presidio():  # noqa: ANN202 - presidio's AnalyzerEngine, built once
    logging.getLogger("tldextract").setLevel(logging.CRITICAL)
    logging.getLogger("presidio-analyzer").setLevel(logging.ERROR)
    from presidio_analyzer import AnalyzerEngine
    from presidio_analyzer.nlp_engine import NlpEngineProvider

    provider = NlpEngineProvider(
        nlp_configuration={"nlp_engine_name": "no_op", "models": [{"lang_code": "en", "model_name": "none"}]}
    )
    return AnalyzerEngine(nlp_engine=provider.create_engine(), supported_languages=["en"])


@cache
def presidio_detects(text: str) -> bool:
    return bool(text.strip()) and bool(_presidio().analyze(text=text, language="en"))


def presidio_filter(nodes: Sequence[UINode]) -> np.ndarray:
    """Drop every node whose text Presidio flags; keep everything else."""
    return np.array([R if presidio_detects(f"{n.name} {n.value or ''}".strip()) else K for n in nodes], dtype=np.int8)


_KEEP_ROLES = frozenset({"heading", "RootWebArea"})


def heuristic(nodes: Sequence[UINode], task: str) -> np.ndarray:
    """Keep controls, headings and nodes sharing a content word with the task; abstract the
    kept ones that look like personal data; remove the rest."""
    task_words = content_words(task)
    actions = np.full(len(nodes), R, dtype=np.int8)
    for i, node in enumerate(nodes):
        text = f"{node.name} {node.value or ''}"
        if node.interactive or node.role in _KEEP_ROLES or content_words(text) & task_words:
            actions[i] = A if kind_of(text) != "TEXT" else K
    return actions
