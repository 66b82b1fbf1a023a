"""The policy's safety net, measured: TCNP, TCNP-I, TISL and Keep% with and without it.

    python bench/policy_net.py --corpus DIR [--model CKPT] [--split heldout_theme]
                               [--family F ...] [--limit N] [--json OUT]

Same scores for both rows (one forward pass per task): only the policy differs. "without"
is the policy before the net (the paper's rule plus "a control stays while text inside it
is shown"); "with" adds rules 1-4 of webminim.policy. Also prints "usable" (the share of
tasks whose every critical node, n = 10, is shown) and how many nodes each rule raised.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from webminim.embedder import Embedder
from webminim.metrics import Instance, R, summarize
from webminim.policy import PageContext, Thresholds, decide_explained
from webminim.scorer import checkpoint
from webminim.training import Prepared, load_split, predict, prepare

ROWS = ("without", "with")


def load(corpus: Path, split: str, families: Sequence[str] | None, limit: int | None) -> list:
    if families:  # leave-one-family-out: every tree of those families, whatever its split
        return load_split(corpus, None, limit, families=families)
    return load_split(corpus, [split], limit)


def measure(prepared: Sequence[Prepared], model, thresholds: Thresholds) -> dict:  # noqa: ANN001 - a ScorerNet
    instances: dict[str, list[Instance]] = {row: [] for row in ROWS}
    usable: dict[str, list[bool]] = {row: [] for row in ROWS}
    raised: Counter[str] = Counter()
    for p in prepared:
        page = PageContext.of(p.tree.tree)
        for v, (s_hat, n_hat) in zip(p.variants, predict(model, [(p, v) for v in p.variants]), strict=True):
            context = page.with_task(v.task)
            for row in ROWS:
                actions, reasons = decide_explained(s_hat, n_hat, thresholds, context, net=row == "with")
                if row == "with":
                    raised.update(reasons.values())
                n = v.n.astype(np.float32)
                instances[row].append(Instance(p.s, n, p.interactive, p.tokens, actions, v.semantics))
                usable[row].append(bool((actions[v.n == 10] != R).all()))
    out = {}
    for row in ROWS:
        summary = summarize(instances[row])
        out[row] = {
            "tcnp": summary.tcnp,
            "tcnp_i": summary.tcnp_i,
            "tisl": summary.tisl,
            "keep": summary.keep,
            "usable": float(np.mean(usable[row])) if usable[row] else 0.0,
            "instances": summary.instances,
        }
    out["raised"] = dict(raised.most_common())
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, required=True)
    parser.add_argument("--model", type=Path, help="checkpoint (default: the shipped one)")
    parser.add_argument("--split", default="heldout_theme")
    parser.add_argument("--family", action="append", help="evaluate every tree of these families instead")
    parser.add_argument("--limit", type=int, help="at most this many trees")
    parser.add_argument("--json", type=Path, help="also write the numbers here")
    args = parser.parse_args()
    if not args.corpus.is_dir():
        parser.error(f"no corpus at {args.corpus} (make one with `webminim corpus`)")
    model, _ = checkpoint.load(args.model)
    prepared = prepare(load(args.corpus, args.split, args.family, args.limit), Embedder())
    result = measure(prepared, model, Thresholds())
    print(f"{'policy':<10}{'TCNP':>8}{'TCNP-I':>8}{'TISL':>8}{'Keep%':>8}{'usable':>8}  ({len(prepared)} trees)")
    for row in ROWS:
        r = result[row]
        print(
            f"{row:<10}{r['tcnp']:>8.3f}{r['tcnp_i']:>8.3f}{r['tisl']:>8.4f}{100 * r['keep']:>7.1f}%{r['usable']:>8.3f}"
        )
    for why, count in result["raised"].items():
        print(f"  raised {count:>6}  {why}")
    if args.json:
        args.json.write_text(json.dumps(result, indent=2) + "\n")


if __name__ == "__main__":
    main()
