"""`webminim eval`: the paper's evaluation on a held-out split of the corpus.

Table 1 (methods, with other scorers' rows such as the prompted-LLM baseline and their cost),
Table 3 (by task semantics), Table 4 (A→R / A→K), the τ_nec sweep (plotted), the
counterfactual browse-mode test and the suppression rate of injected secrets in the text
that would actually be sent.
"""

from __future__ import annotations

import random
import time
from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np

from webminim import baselines
from webminim.corpus import read_card
from webminim.embedder import Embedder
from webminim.features import task_features
from webminim.metrics import A, Instance, K, R, Summary, summarize
from webminim.policy import PageContext, PolicyContext, Thresholds, decide
from webminim.scorer.model import ScorerNet
from webminim.scores import TreeScorer
from webminim.training import Prepared, Variant, load_split, predict, prepare
from webminim.vault import Vault
from webminim.view import build_view

SWEEP = tuple(float(x) for x in np.arange(0.0, 10.01, 0.5))
SECRET_KINDS = ("otp", "password", "slack", "email_preview", "tabs", "system")


@dataclass
class EvalReport:
    split: str
    instances: int
    table1: dict[str, Summary] = field(default_factory=dict)
    table3: dict[str, Summary] = field(default_factory=dict)
    table4: dict[str, Summary] = field(default_factory=dict)
    sweep: list[dict[str, float]] = field(default_factory=list)
    counterfactual: dict[str, float] = field(default_factory=dict)
    suppression: dict[str, dict[str, float]] = field(default_factory=dict)
    usable: float = 0.0  # share of (page, task) pairs whose every critical node is shown
    usable_model_alone: float = 0.0  # the same with none of the net's rules: the model's decisions
    rules: str = "all"  # the net's rules the webminim row ran (`select_rules`)
    # per scorer: seconds and endpoint tokens per (page, task) instance (Table 2's cost columns)
    cost: dict[str, dict[str, float]] = field(default_factory=dict)

    def secrets_suppressed(self) -> float:
        checked = sum(v["checked"] for v in self.suppression.values())
        hidden = sum(v["checked"] * v["suppressed"] for v in self.suppression.values())
        return hidden / checked if checked else 1.0

    def to_json(self) -> dict[str, Any]:
        minim = self.table1["webminim"]
        return {
            "split": self.split,
            "instances": self.instances,
            "tcnp": minim.tcnp,
            "tcnp_i": minim.tcnp_i,
            "tisl": minim.tisl,
            "keep": minim.keep,
            "usable": self.usable,
            "usable_model_alone": self.usable_model_alone,
            "rules": self.rules,
            "secrets_suppressed": self.secrets_suppressed(),
            "table1": {k: v.row() for k, v in self.table1.items()},
            "table3": {k: v.row() for k, v in self.table3.items()},
            "table4": {k: v.row() for k, v in self.table4.items()},
            "sweep": self.sweep,
            "counterfactual": self.counterfactual,
            "suppression": self.suppression,
            "cost": self.cost,
        }


def _instance(p: Prepared, v: Variant, actions: np.ndarray) -> Instance:
    return Instance(p.s, v.n.astype(np.float32), p.interactive, p.tokens, actions, v.semantics)


def evaluate_split(
    corpus: Path,
    split: str,
    model: ScorerNet,
    embedder: Embedder,
    *,
    thresholds: Thresholds = Thresholds(),
    plot: Path | None = None,
    on_tree: Callable[[int, int], None] | None = None,
    seed: int = 0,
    families: Sequence[str] | None = None,
    scorers: Mapping[str, TreeScorer] | None = None,
    rules: frozenset[str] | None = None,
    rules_spec: str = "all",
) -> EvalReport:
    """The paper's tables on `split`; with `families`, on every tree of those families
    whatever its split (leave-one-family-out: the model must not have trained on them).
    `scorers` adds rows to Table 1 with the same policy on other scorers' scores (the
    prompted-LLM baseline, Table 2), and their cost per instance. `rules` (default all) are
    the safety net's rules the webminim row runs; Table 1's "model alone" row runs none."""
    card = read_card(corpus)
    trees = load_split(corpus, None if families else [split], families=families)
    began = time.perf_counter()
    prepared = prepare(trees, embedder)  # embedding and graphs: part of webminim's cost
    embedding_s = time.perf_counter() - began
    rng = random.Random(seed)
    methods: dict[str, list[Instance]] = defaultdict(list)
    by_semantics: dict[str, list[Instance]] = defaultdict(list)
    sweep_scores: list[tuple[Prepared, Variant, np.ndarray, np.ndarray, PolicyContext]] = []
    target_real, target_browse, risky_kept_real, risky_kept_browse = [], [], [], []
    hidden: dict[str, list[float]] = defaultdict(list)
    usable: list[bool] = []
    usable_alone: list[bool] = []
    spent: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0])  # name -> [seconds, tokens]
    spent["webminim"][0] = embedding_s
    browse_emb = embedder.embed([card.browse_task])[0]
    for done, p in enumerate(prepared, start=1):
        browse = Variant(
            card.browse_task,
            "browse",
            browse_emb,
            task_features(p.graph, card.browse_task, browse_emb),
            np.zeros(len(p.s), dtype=np.int8),
        )
        began = time.perf_counter()
        predictions = predict(model, [(p, v) for v in p.variants] + [(p, browse)])
        spent["webminim"][0] += time.perf_counter() - began
        page = PageContext.of(p.tree.tree)
        for name, scorer in (scorers or {}).items():
            _score_with(name, scorer, p, page, thresholds, methods, spent)
        browse_context = page.with_task(card.browse_task)
        browse_s, browse_n = predictions[-1]
        for v, (s_hat, n_hat) in zip(p.variants, predictions[:-1], strict=True):
            size = len(p.s)
            context = page.with_task(v.task)
            minim = decide(s_hat, n_hat, thresholds, context, rules=rules)
            alone = decide(s_hat, n_hat, thresholds, context, net=False)
            methods["full"].append(_instance(p, v, baselines.full(size)))
            methods["random_20"].append(_instance(p, v, baselines.random_budget(size, rng)))
            methods["sensitivity_only_20"].append(_instance(p, v, baselines.sensitivity_only(s_hat)))
            methods["necessity_only_20"].append(_instance(p, v, baselines.necessity_only(n_hat)))
            methods["presidio"].append(_instance(p, v, baselines.presidio_filter(p.tree.tree.nodes)))
            methods["heuristic"].append(_instance(p, v, baselines.heuristic(p.tree.tree.nodes, v.task)))
            methods["model alone"].append(_instance(p, v, alone))
            methods["webminim"].append(inst := _instance(p, v, minim))
            usable.append(bool((minim[v.n == 10] != R).all()))  # every critical node still there
            usable_alone.append(bool((alone[v.n == 10] != R).all()))
            methods["A->R"].append(_instance(p, v, np.where(minim == A, R, minim)))
            methods["A->K"].append(_instance(p, v, np.where(minim == A, K, minim)))
            by_semantics[v.semantics].append(inst)
            sweep_scores.append((p, v, s_hat, n_hat, context))
            targets = v.n == 10
            target_real.append(float(n_hat[targets].mean()))
            target_browse.append(float(browse_n[targets].mean()))
            risky = (v.n <= 1) & (p.s >= 5)
            if risky.any():
                risky_kept_real.append(float((minim[risky] != R).mean()))
                browse_actions = decide(browse_s, browse_n, thresholds, browse_context)
                risky_kept_browse.append(float((browse_actions[risky] != R).mean()))
            check_secrets(p, minim, s_hat, n_hat, thresholds, hidden, v.task)
        if on_tree:
            on_tree(done, len(prepared))

    report = EvalReport(split=",".join(families) if families else split, instances=len(methods["webminim"]))
    report.usable = float(np.mean(usable)) if usable else 0.0
    report.usable_model_alone = float(np.mean(usable_alone)) if usable_alone else 0.0
    report.rules = rules_spec
    rows = (
        "full",
        "random_20",
        "sensitivity_only_20",
        "necessity_only_20",
        "presidio",
        "heuristic",
        "model alone",
        "webminim",
    )
    for name in (*rows, *(scorers or {})):
        report.table1[name] = summarize(methods[name])
    for name, (seconds, tokens) in spent.items():
        count = max(1, len(methods[name]))
        report.cost[name] = {"seconds_per_instance": seconds / count, "tokens_per_instance": tokens / count}
    report.table3 = {k: summarize(v) for k, v in sorted(by_semantics.items())}
    report.table4 = {name: summarize(methods[name]) for name in ("webminim", "A->R", "A->K")}
    for tau in SWEEP:
        t = replace(thresholds, tau_nec=tau)
        summary = summarize(_instance(p, v, decide(s, n, t, c, rules=rules)) for p, v, s, n, c in sweep_scores)
        report.sweep.append(
            {"tau_nec": tau, "tcnp": summary.tcnp, "tcnp_i": summary.tcnp_i, "tisl": summary.tisl, "keep": summary.keep}
        )
    report.counterfactual = {
        "target_n_task": float(np.mean(target_real)),
        "target_n_browse": float(np.mean(target_browse)),
        "irrelevant_sensitive_visible_task": float(np.mean(risky_kept_real)) if risky_kept_real else 0.0,
        "irrelevant_sensitive_visible_browse": float(np.mean(risky_kept_browse)) if risky_kept_browse else 0.0,
    }
    report.suppression = {
        kind: {"checked": len(hidden[kind]), "suppressed": float(np.mean(hidden[kind]))}
        for kind in SECRET_KINDS
        if hidden[kind]
    }
    if plot is not None:
        plot_sweep(report.sweep, thresholds.tau_nec, plot)
    return report


def _score_with(
    name: str,
    scorer: TreeScorer,
    p: Prepared,
    page: PageContext,
    thresholds: Thresholds,
    methods: dict[str, list[Instance]],
    spent: dict[str, list[float]],
) -> None:
    """Another scorer's row: its scores, the same policy, its time and endpoint tokens."""
    client = getattr(scorer, "client", None)
    tokens = getattr(client, "tokens", 0)
    began = time.perf_counter()
    scored = scorer.score_many(p.tree.tree, [v.task for v in p.variants])
    spent[name][0] += time.perf_counter() - began
    spent[name][1] += getattr(client, "tokens", 0) - tokens
    for v, scores in zip(p.variants, scored, strict=True):
        methods[name].append(_instance(p, v, decide(scores.s, scores.n, thresholds, page.with_task(v.task))))


def check_secrets(
    p: Prepared,
    actions: np.ndarray,
    s_hat: np.ndarray,
    n_hat: np.ndarray,
    thresholds: Thresholds,
    hidden: dict[str, list[float]],
    task: str,
) -> None:
    """Is each injected secret the task did not name absent from the text that would be sent?"""
    if not p.tree.secrets:
        return
    view = build_view(
        p.tree.tree,
        actions,
        s_hat,
        n_hat,
        Vault(),
        tau_nec=thresholds.tau_nec,
        tau_sens=thresholds.tau_sens,
        task=task,
    )
    sent = view.text("webarena")
    for secret in p.tree.secrets:
        if secret.text.lower() not in task.lower():
            hidden[secret.kind].append(float(secret.text not in sent))


def plot_sweep(sweep: Sequence[dict[str, float]], operating: float, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    taus = [r["tau_nec"] for r in sweep]
    fig, ax = plt.subplots(figsize=(6.4, 4.0), dpi=120)
    ax.plot(taus, [r["tcnp"] for r in sweep], marker="o", label="TCNP (utility)")
    ax.plot(taus, [r["tcnp_i"] for r in sweep], marker=".", linestyle=":", label="TCNP-I")
    ax.plot(taus, [r["tisl"] for r in sweep], marker="s", label="TISL (leakage)")
    ax.axvline(operating, color="grey", linestyle="--", label=f"τ_nec = {operating:g}")
    ax.set_xlabel("τ_nec")
    ax.set_ylabel("score")
    ax.set_ylim(-0.02, 1.02)
    ax.set_title("Privacy–utility trade-off under the necessity threshold")
    ax.legend(loc="center right")
    ax.grid(alpha=0.3)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path)
    plt.close(fig)
