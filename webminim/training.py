"""Training the scorer on a labelled corpus (shaped like PyG's examples/gat.py).

Each tree is embedded once; its task variants then share that graph, each with its own
task embedding and node-task features. Fixed seeds, validation each epoch (TCNP - 0.5·TISL
at the default thresholds, the paper's selection criterion), early stopping on it.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path

import numpy as np
import torch

from webminim.corpus import CorpusTree, iter_corpus, read_card
from webminim.embedder import DEFAULT_ENCODER, Embedder
from webminim.features import TreeGraph, build_graph, node_text, node_texts, task_features
from webminim.metrics import Instance, Summary, summarize
from webminim.policy import PageContext, Thresholds, decide
from webminim.scorer import checkpoint
from webminim.scorer.model import ModelConfig, ScorerNet, ci_loss, expected_score


@dataclass(frozen=True)
class TrainConfig:
    """Optimisation settings (paper Table 5 where it gives them)."""

    epochs: int = 12
    batch_size: int = 32
    lr: float = 3e-4
    weight_decay: float = 1e-5
    alpha: float = 1.0
    lam: float = 1.0
    ce: float = 1.0
    positive_weight: float = 10.0
    patience: int = 3
    seed: int = 0
    max_minutes: float = 50.0
    max_train_trees: int | None = None
    rename_share: float = 0.3  # share of training trees also seen with their task's controls renamed
    encoder: str = DEFAULT_ENCODER  # the text encoder whose vectors the network reads (webminim.embedder)


@dataclass
class Variant:
    task: str
    semantics: str
    task_emb: np.ndarray  # (384,)
    task_feats: np.ndarray  # (N, 15)
    n: np.ndarray  # (N,) int8


@dataclass
class Prepared:
    """A tree ready for the network: its graph, labels and task variants."""

    tree: CorpusTree
    graph: TreeGraph
    s: np.ndarray
    interactive: np.ndarray
    tokens: np.ndarray
    variants: list[Variant] = field(default_factory=list)


def prepare(
    trees: Sequence[CorpusTree], embedder: Embedder, on_tree: Callable[[], None] | None = None
) -> list[Prepared]:
    # Embed every distinct text of the split in one pass: the encoder batches best that way.
    embedder.embed(sorted({x for t in trees for x in node_texts(t.tree)} | {v.task for t in trees for v in t.variants}))
    out = []
    for tree in trees:
        graph = build_graph(tree.tree, embedder)
        texts = [node_text(n) for n in tree.tree]  # what is sent: tok(i) of the metrics
        prepared = Prepared(
            tree=tree,
            graph=graph,
            s=tree.s.astype(np.float32),
            interactive=np.array([n.interactive for n in tree.tree]),
            tokens=embedder.token_counts(texts),
        )
        task_embs = embedder.embed([v.task for v in tree.variants])
        for v, emb in zip(tree.variants, task_embs, strict=True):
            prepared.variants.append(Variant(v.task, v.semantics, emb, task_features(graph, v.task, emb), v.n))
        out.append(prepared)
        if on_tree:
            on_tree()
    return out


@dataclass(frozen=True)
class Batch:
    x: torch.Tensor
    task: torch.Tensor
    task_feats: torch.Tensor
    edge_index: torch.Tensor
    batch: torch.Tensor
    s: torch.Tensor
    n: torch.Tensor


def collate(items: Sequence[tuple[Prepared, Variant]]) -> Batch:
    xs, feats, edges, owners, ss, ns = [], [], [], [], [], []
    offset = 0
    for g, (prepared, variant) in enumerate(items):
        size = len(prepared.s)
        xs.append(prepared.graph.x)
        feats.append(variant.task_feats)
        edges.append(prepared.graph.edge_index + offset)
        owners.append(np.full(size, g, dtype=np.int64))
        ss.append(prepared.s)
        ns.append(variant.n.astype(np.float32))
        offset += size
    return Batch(
        x=torch.from_numpy(np.concatenate(xs)),
        task=torch.from_numpy(np.stack([v.task_emb for _, v in items])),
        task_feats=torch.from_numpy(np.concatenate(feats)),
        edge_index=torch.from_numpy(np.concatenate(edges, axis=1)),
        batch=torch.from_numpy(np.concatenate(owners)),
        s=torch.from_numpy(np.concatenate(ss)),
        n=torch.from_numpy(np.concatenate(ns)),
    )


@torch.no_grad()
def predict(model: ScorerNet, items: Sequence[tuple[Prepared, Variant]]) -> list[tuple[np.ndarray, np.ndarray]]:
    """(ŝ, n̂) per item."""
    model.eval()
    batch = collate(items)
    s_logits, n_logits = model(batch.x, batch.task, batch.task_feats, batch.edge_index, batch.batch)
    s_hat, n_hat = expected_score(s_logits).numpy(), expected_score(n_logits).numpy()
    out, start = [], 0
    for prepared, _ in items:
        end = start + len(prepared.s)
        out.append((s_hat[start:end], n_hat[start:end]))
        start = end
    return out


def evaluate(model: ScorerNet, data: Sequence[Prepared], thresholds: Thresholds = Thresholds()) -> Summary:
    instances = []
    for prepared in data:
        items = [(prepared, v) for v in prepared.variants]
        page = PageContext.of(prepared.tree.tree)
        for (s_hat, n_hat), (_, v) in zip(predict(model, items), items, strict=True):
            instances.append(
                Instance(
                    prepared.s,
                    v.n.astype(np.float32),
                    prepared.interactive,
                    prepared.tokens,
                    decide(s_hat, n_hat, thresholds, page.with_task(v.task)),
                    v.semantics,
                )
            )
    return summarize(instances)


def objective(summary: Summary) -> float:
    return summary.tcnp - 0.5 * summary.tisl


@dataclass
class TrainResult:
    model: ScorerNet
    history: list[dict[str, float]]
    best_epoch: int
    val: Summary
    seconds: float


def fit(
    train: Sequence[Prepared],
    val: Sequence[Prepared],
    *,
    model_config: ModelConfig = ModelConfig(),
    config: TrainConfig = TrainConfig(),
    on_step: Callable[[int, int, float], None] | None = None,
    on_epoch: Callable[[dict[str, float]], None] | None = None,
) -> TrainResult:
    """Train with early stopping on the validation objective; returns the best model."""
    started = time.monotonic()
    random.seed(config.seed)
    np.random.seed(config.seed)
    torch.manual_seed(config.seed)
    model = ScorerNet(model_config)
    optimizer = torch.optim.AdamW(model.parameters(), lr=config.lr, weight_decay=config.weight_decay)
    train = train[: config.max_train_trees] if config.max_train_trees else train
    samples = [(p, v) for p in train for v in p.variants]
    rng = random.Random(config.seed)
    history: list[dict[str, float]] = []
    best, best_state, best_epoch, stale = -np.inf, None, 0, 0
    steps = (len(samples) + config.batch_size - 1) // config.batch_size
    for epoch in range(1, config.epochs + 1):
        model.train()
        rng.shuffle(samples)
        total = 0.0
        for step in range(steps):
            batch = collate(samples[step * config.batch_size : (step + 1) * config.batch_size])
            s_logits, n_logits = model(batch.x, batch.task, batch.task_feats, batch.edge_index, batch.batch)
            loss, _, _ = ci_loss(
                s_logits,
                n_logits,
                batch.s,
                batch.n,
                alpha=config.alpha,
                lam=config.lam,
                ce=config.ce,
                positive_weight=config.positive_weight,
            )
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            total += loss.item()
            if on_step:
                on_step(epoch, step + 1, loss.item())
        summary = evaluate(model, val)
        record = {"epoch": epoch, "loss": total / max(steps, 1), **summary.row(), "objective": objective(summary)}
        history.append(record)
        if on_epoch:
            on_epoch(record)
        if record["objective"] > best:
            best, best_epoch, stale = record["objective"], epoch, 0
            best_state = {k: v.detach().clone() for k, v in model.state_dict().items()}
        else:
            stale += 1
        if stale >= config.patience or (time.monotonic() - started) / 60 > config.max_minutes:
            break
    if best_state is not None:
        model.load_state_dict(best_state)
    model.eval()
    return TrainResult(model, history, best_epoch, evaluate(model, val), time.monotonic() - started)


def load_split(
    corpus: Path,
    splits: Sequence[str] | None,
    limit: int | None = None,
    *,
    families: Sequence[str] | None = None,
    exclude_families: Sequence[str] = (),
) -> list[CorpusTree]:
    trees = list(iter_corpus(corpus, splits=splits, families=families, exclude_families=exclude_families))
    return trees[:limit] if limit else trees


def training_card(corpus: Path, result: TrainResult, config: TrainConfig, trees: dict[str, int]) -> dict:
    card = read_card(corpus)
    return {
        "corpus": {"trees": card.trees, "variants": card.variants, "seed": card.seed, "splits": trees},
        "train_config": asdict(config),
        "encoder": config.encoder,
        "best_epoch": result.best_epoch,
        "val": result.val.row(),
        "history": result.history,
        "train_seconds": round(result.seconds, 1),
    }


def save_model(result: TrainResult, out: Path, card: dict) -> None:
    checkpoint.save(result.model, out, card)
