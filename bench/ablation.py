"""Task-conditioning ablation: how the scorer should see the task.

    python bench/ablation.py --corpus DIR [--trees 60] [--epochs 4]

Trains the same network four ways on the same training trees (a reduced budget, fixed
seed) and prints validation and held-out-theme metrics side by side:
FiLM + node-task features (the default), FiLM only, node-task features only, and
concatenation of the projected task embedding.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from rich.console import Console
from rich.table import Table

from webminim.embedder import Embedder
from webminim.scorer.model import ModelConfig
from webminim.training import TrainConfig, evaluate, fit, load_split, prepare

VARIANTS = {
    "FiLM + node-task features": ModelConfig(film=True, task_features=True),
    "FiLM only": ModelConfig(film=True, task_features=False),
    "node-task features only": ModelConfig(film=False, task_features=True),
    "concatenation only": ModelConfig(film=False, task_features=False, concat_task=True),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, required=True)
    parser.add_argument("--trees", type=int, default=60, help="training trees used")
    parser.add_argument("--epochs", type=int, default=4)
    args = parser.parse_args()
    embedder = Embedder()
    train = prepare(load_split(args.corpus, ["train"], args.trees), embedder)
    val = prepare(load_split(args.corpus, ["val"]), embedder)
    heldout = prepare(load_split(args.corpus, ["heldout_theme"]), embedder)
    table = Table(title=f"Conditioning ablation ({len(train)} training trees, {args.epochs} epochs, seed 0)")
    for column in (
        "variant",
        "val TCNP",
        "val TISL",
        "held-out TCNP",
        "held-out TCNP-I",
        "held-out TISL",
        "held-out Keep",
        "minutes",
    ):
        table.add_column(column, justify="right")
    for name, config in VARIANTS.items():
        started = time.monotonic()
        result = fit(train, val, model_config=config, config=TrainConfig(epochs=args.epochs, patience=args.epochs))
        held = evaluate(result.model, heldout)
        table.add_row(
            name,
            f"{result.val.tcnp:.4f}",
            f"{result.val.tisl:.4f}",
            f"{held.tcnp:.4f}",
            f"{held.tcnp_i:.4f}",
            f"{held.tisl:.4f}",
            f"{held.keep:.1%}",
            f"{(time.monotonic() - started) / 60:.1f}",
        )
        Console(width=150).print(table)


if __name__ == "__main__":
    main()
