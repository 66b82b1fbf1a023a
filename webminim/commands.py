"""The heavy CLI commands (train, eval): progress bars and tables around the library calls.

Kept out of cli.py so that `webminim snapshot` never imports torch.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from webminim.policy import Thresholds
from webminim.private_files import write_private
from webminim.scores import TreeScorer

if TYPE_CHECKING:
    from webminim.evaluation import EvalReport

_err = Console(stderr=True)


def _progress() -> Progress:
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=_err,
        transient=True,
    )


def run_sanitize(
    tree,
    task: str,
    *,
    fmt: str,
    model: Path | None,
    thresholds: Thresholds,
    explain: bool,
    scorer: TreeScorer | None = None,
) -> str:
    """The sanitized observation in `fmt`; json follows the documented contract."""
    from webminim.minim import Minim

    minim = Minim(scorer, thresholds=thresholds) if scorer is not None else Minim.load(model, thresholds=thresholds)
    view = minim.sanitize(tree, task)
    if fmt != "json":
        return view.text(fmt)
    nodes = view.nodes_json()
    if explain:
        for row in nodes:
            raw = tree[row["id"]]
            row.update(raw_name=raw.name, raw_value=raw.value, reason=view.decisions[row["id"]].reason)
    return json.dumps({"text": view.text("webarena"), "nodes": nodes}, ensure_ascii=False)


def run_inspect(tree, task: str, *, out: Path, model: Path | None) -> str:  # noqa: ANN001
    from webminim.minim import Minim
    from webminim.report import render_report

    view = Minim.load(model).sanitize(tree, task)
    out.parent.mkdir(parents=True, exist_ok=True)
    write_private(out, render_report(tree, view, task))  # owner-only: the report holds raw page text
    counts = view.counts()
    return f"wrote {out} (K {counts['K']}, A {counts['A']}, R {counts['R']} of {len(tree)} nodes)"


def run_demo(task: str, out: Path) -> None:
    """Raw and sanitized observation of the bundled demo inbox, in real Chromium."""
    from importlib import resources

    from extractors.live import extract_page
    from webminim.browser import open_page
    from webminim.minim import Minim
    from webminim.renderers import render
    from webminim.report import render_report
    from webminim.session import rough_tokens

    demo = Path(str(resources.files("webminim").joinpath("demo/inbox.html")))
    minim = Minim.load()
    with open_page(str(demo)) as page:
        tree = extract_page(page)
    view = minim.sanitize(tree, task)
    raw, sent = render(tree, "webarena"), view.text("webarena")
    console = Console()
    console.rule("[bold red]RAW observation (what an agent sends today)")
    console.print(raw, markup=False, highlight=False)
    console.rule(f"[bold green]SANITIZED observation for: {task}")
    console.print(sent, markup=False, highlight=False)
    counts = view.counts()
    console.rule()
    console.print(
        f"{len(tree)} nodes: kept {counts['K']}, abstracted {counts['A']}, removed {counts['R']}; "
        f"~{rough_tokens(raw):,} → ~{rough_tokens(sent):,} tokens. "
        f"Verification code in raw: {'847293' in raw}; in sanitized: {'847293' in sent}.",
        markup=False,
        highlight=False,
    )
    write_private(out, render_report(tree, view, task))  # owner-only: the report holds raw page text
    console.print(f"side-by-side report: {out}", markup=False)


def run_train(
    corpus: Path,
    out: Path,
    *,
    epochs: int,
    seed: int,
    max_minutes: float,
    exclude_families: Sequence[str] = (),
    encoder: str | None = None,
) -> None:
    # torch and the training stack load here only: sanitize and the broker's clients stay light
    from webminim.augment import renamed_copies
    from webminim.corpus import read_card
    from webminim.embedder import DEFAULT_ENCODER, Embedder
    from webminim.training import TrainConfig, fit, load_split, prepare, save_model, training_card

    read_card(corpus)
    config = TrainConfig(epochs=epochs, seed=seed, max_minutes=max_minutes, encoder=encoder or DEFAULT_ENCODER)
    embedder = Embedder(encoder=config.encoder)
    with _progress() as progress:
        train_trees = load_split(corpus, ["train"], exclude_families=exclude_families)
        # renames pick look-alike labels by MiniLM's own similarity, whatever the network reads
        train_trees += renamed_copies(train_trees, Embedder(encoder="minilm"), config.rename_share, seed)
        val_trees = load_split(corpus, ["val"], exclude_families=exclude_families)
        job = progress.add_task("embedding trees", total=len(train_trees) + len(val_trees))
        step = lambda: progress.advance(job)  # noqa: E731
        train_set, val_set = prepare(train_trees, embedder, step), prepare(val_trees, embedder, step)
        steps = (sum(len(p.variants) for p in train_set) + config.batch_size - 1) // config.batch_size
        bar = progress.add_task("epoch 1", total=steps)

        def on_step(epoch: int, done: int, loss: float) -> None:
            progress.update(bar, description=f"epoch {epoch} loss {loss:.3f}", completed=done)

        def on_epoch(record: dict) -> None:
            _err.print(
                f"epoch {record['epoch']:>2}  loss {record['loss']:.3f}  val TCNP {record['tcnp']:.4f}  "
                f"TCNP-I {record['tcnp_i']:.4f}  TISL {record['tisl']:.4f}  Keep {record['keep']:.1%}"
            )
            progress.reset(bar)

        result = fit(train_set, val_set, config=config, on_step=on_step, on_epoch=on_epoch)
    card = training_card(corpus, result, config, {"train": len(train_set), "val": len(val_set)})
    card["excluded_families"] = list(exclude_families)
    save_model(result, out, card)
    _err.print(f"best epoch {result.best_epoch}; {result.seconds / 60:.1f} min; wrote {out}")


def run_eval(
    corpus: Path,
    split: str,
    *,
    model: Path | None,
    as_json: bool,
    plot: Path | None,
    holdout_family: str | None = None,
    thresholds: Thresholds = Thresholds(),
    scorers: dict[str, TreeScorer] | None = None,
    rules: str = "all",
) -> None:
    from webminim.embedder import Embedder
    from webminim.policy import select_rules

    chosen = select_rules(rules)  # a bad spec fails before the model loads
    from webminim.evaluation import evaluate_split
    from webminim.scorer import checkpoint

    net, card = checkpoint.load(model)
    if holdout_family is not None:
        trained_on = holdout_family not in card.get("excluded_families", ())
        if trained_on:  # a family the model trained on is not held out: say so, never hide it
            _err.print(f"warning: this checkpoint was trained on {holdout_family!r}; train with --exclude-family")
    plot = plot or corpus / f"tau_sweep_{holdout_family or split}.png"
    with _progress() as progress:
        job = progress.add_task(f"evaluating {split}", total=None)
        report = evaluate_split(
            corpus,
            split,
            net,
            Embedder(encoder=checkpoint.encoder_of(card)),
            plot=plot,
            on_tree=lambda done, total: progress.update(job, completed=done, total=total),
            families=[holdout_family] if holdout_family else None,
            thresholds=thresholds,
            scorers=scorers,
            rules=chosen,
            rules_spec=rules,
        )
    if as_json:
        sys.stdout.write(json.dumps(report.to_json()) + "\n")
        return
    print_report(report, plot, Console())


def _summary_table(title: str, rows: dict, *, with_shares: bool = False) -> Table:
    table = Table(title=title)
    table.add_column("")
    columns = ["TCNP ↑", "TCNP-I ↑", "TISL ↓", "Keep% ↓"] + (["K%", "A%"] if with_shares else [])
    for column in columns:
        table.add_column(column, justify="right")
    for name, s in rows.items():
        cells = [f"{s.tcnp:.4f}", f"{s.tcnp_i:.4f}", f"{s.tisl:.4f}", f"{s.keep:.1%}"]
        if with_shares:
            cells += [f"{s.k:.2%}", f"{s.a:.2%}"]
        table.add_row(name, *cells)
    return table


def print_report(report: EvalReport, plot: Path, console: Console) -> None:
    console.print(_summary_table(f"Table 1 — {report.split} ({report.instances:,} variants)", report.table1))
    console.print(_summary_table("Table 3 — by task semantics", report.table3, with_shares=True))
    console.print(_summary_table("Table 4 — value of abstraction", report.table4))
    cf = report.counterfactual
    console.print(
        f"Counterfactual (browse mode): mean n̂ of task targets {cf['target_n_task']:.2f} under the task, "
        f"{cf['target_n_browse']:.2f} in browse mode; irrelevant sensitive nodes visible "
        f"{cf['irrelevant_sensitive_visible_task']:.1%} / {cf['irrelevant_sensitive_visible_browse']:.1%}"
    )
    table = Table(title="Injected secrets absent from the sent text")
    table.add_column("category")
    table.add_column("checked", justify="right")
    table.add_column("suppressed", justify="right")
    for kind, row in report.suppression.items():
        table.add_row(kind, f"{row['checked']:,}", f"{row['suppressed']:.2%}")
    console.print(table)
    console.print(
        f"Pages fully usable (every critical node shown): {report.usable:.1%} with rules {report.rules}, "
        f"{report.usable_model_alone:.1%} with the model alone"
    )
    for name, cost in report.cost.items():
        console.print(
            f"Cost of {name}: {cost['seconds_per_instance'] * 1000:.1f} ms and "
            f"{cost['tokens_per_instance']:,.0f} endpoint tokens per (page, task)"
        )
    console.print(f"τ_nec sweep plot: {plot}")
