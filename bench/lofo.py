"""Leave-one-family-out: for every page family, train without it and score it.

    python bench/lofo.py --corpus DIR [--epochs 4] [--max-minutes 8] [--sites-share 0.25]
                         [--out lofo.json] [--family F ...] [--checkpoints DIR]

With `--checkpoints DIR` each family's model is saved as DIR/<family>.safetensors, and a
family whose checkpoint is already there is only evaluated (policy changes are measured
without retraining).

Every tree is embedded once; then, per held-out family F, the scorer is trained on the
train split of all other families (early stopping on their val split: F is never seen),
and evaluated on every tree of F with the same policy a user gets (`webminim eval
--holdout-family F` on a checkpoint trained with `--exclude-family F`). Prints TCNP,
TCNP-I, TISL, Keep, injected secrets suppressed and pages fully usable (every critical
node shown) per family, against the targets of the issue that introduced it.

Budget: one training per family on two cores. Each uses a reduced schedule (a few epochs, and only
`--sites-share` of our own sites' trees, which are large and would otherwise dominate),
so these figures are a lower bound for the shipped checkpoint's training recipe.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from rich.console import Console
from rich.table import Table

from webminim.augment import renamed_copies
from webminim.corpus import read_card
from webminim.embedder import Embedder
from webminim.evaluation import evaluate_split
from webminim.scorer import checkpoint
from webminim.training import TrainConfig, fit, load_split, prepare

TARGETS = {"tcnp": 0.95, "tcnp_i": 0.99, "secrets_suppressed": 0.999, "keep": 0.30, "usable": 0.95}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, required=True)
    parser.add_argument("--epochs", type=int, default=4)
    parser.add_argument("--sites-share", type=float, default=0.25, help="share of our sites' trees trained on")
    parser.add_argument("--max-minutes", type=float, default=8.0, help="per held-out family")
    parser.add_argument("--family", action="append", help="only these families (default: every trained one)")
    parser.add_argument("--out", type=Path, help="write the rows as JSON here")
    parser.add_argument("--checkpoints", type=Path, help="save (or reuse) each family's model here")
    args = parser.parse_args()
    console = Console(width=160, stderr=True)
    card = read_card(args.corpus)
    families = args.family or [f for f in card.families if f != "sites-b"]  # sites-b: never trained anyway
    embedder = Embedder()
    rows = []
    todo = [f for f in families if not (args.checkpoints and (args.checkpoints / f"{f}.safetensors").exists())]
    train, val = _embedded(args.corpus, embedder, args.sites_share, console) if todo else ([], [])
    for family in families:
        began = time.monotonic()
        saved = args.checkpoints / f"{family}.safetensors" if args.checkpoints else None
        if saved is not None and saved.exists():
            model, saved_card = checkpoint.load(saved)
            checkpoint.embedder_for(saved_card, saved, embedder, embedder.runtime)  # refuses another encoder
        else:
            config = TrainConfig(epochs=args.epochs, patience=2, max_minutes=args.max_minutes)
            train_f = [p for p in train if p.tree.family != family]
            # renamed copies per fold: their new names come from this fold's trees only
            renames = renamed_copies([p.tree for p in train_f], Embedder(encoder="minilm"), config.rename_share)
            train_f += prepare(renames, embedder)
            model = fit(train_f, [p for p in val if p.tree.family != family], config=config).model
            if saved is not None:
                card = {"excluded_families": [family], "epochs": args.epochs, "encoder": embedder.encoder}
                checkpoint.save(model, saved, card)
        report = evaluate_split(args.corpus, "test", model, embedder, families=[family])
        out = report.to_json()
        row = {k: out[k] for k in ("tcnp", "tcnp_i", "tisl", "keep", "usable", "secrets_suppressed")}
        row |= {"family": family, "variants": report.instances, "minutes": (time.monotonic() - began) / 60}
        row["secrets_by_kind"] = out["suppression"]  # which kinds get through, not only how many
        rows.append(row)
        console.print(
            f"{family}: TCNP {row['tcnp']:.3f} TCNP-I {row['tcnp_i']:.3f} TISL {row['tisl']:.3f} "
            f"Keep {row['keep']:.1%} usable {row['usable']:.1%} secrets {row['secrets_suppressed']:.2%} "
            f"({row['minutes']:.1f} min)"
        )
        if args.out:
            args.out.write_text(json.dumps(rows, indent=2) + "\n")
    table = Table(title=f"Leave-one-family-out ({args.epochs} epochs max, sites share {args.sites_share}, seed 0)")
    for column in ("held-out family", "variants", "TCNP", "TCNP-I", "TISL", "Keep", "secrets suppressed", "usable"):
        table.add_column(column, justify="right")
    for row in rows:
        table.add_row(
            row["family"],
            f"{row['variants']:,}",
            f"{row['tcnp']:.3f}",
            f"{row['tcnp_i']:.3f}",
            f"{row['tisl']:.3f}",
            f"{row['keep']:.1%}",
            f"{row['secrets_suppressed']:.2%}",
            f"{row['usable']:.1%}",
        )
    Console(width=160).print(table)
    met = {k: sum(_meets(k, r[k]) for r in rows) for k in TARGETS}
    Console(width=160).print(
        "families meeting each target: " + ", ".join(f"{k} {v}/{len(rows)}" for k, v in met.items())
    )


def _embedded(corpus: Path, embedder: Embedder, sites_share: float, console: Console) -> tuple[list, list]:
    """Every train / val tree embedded once; our own sites thinned to `sites_share`."""
    started = time.monotonic()
    every = max(1, round(1 / sites_share)) if sites_share > 0 else 0
    trees = load_split(corpus, ["train"])
    site_trees = [t for t in trees if t.family == "sites"]
    kept_sites = site_trees[::every] if every else []
    train = prepare([t for t in trees if t.family != "sites"] + kept_sites, embedder)
    val = prepare(load_split(corpus, ["val"]), embedder)
    console.print(f"embedded {len(train) + len(val)} trees in {time.monotonic() - started:.0f} s")
    return train, val


def _meets(metric: str, value: float) -> bool:
    return value <= TARGETS[metric] if metric == "keep" else value >= TARGETS[metric]


if __name__ == "__main__":
    main()
