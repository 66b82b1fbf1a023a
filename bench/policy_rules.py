"""The policy's rules, measured one by one: the model alone, all rules, and all but each rule.

    python bench/policy_rules.py --corpus DIR [--model CKPT] [--split heldout_family]
                                 [--family F ...] [--limit N] [--json OUT] [--markdown]

Same scores for every row (one forward pass per task): only the policy differs. "model alone"
is the paper's policy plus the base rules (a control whose text is shown stays; a control whose
text is abstracted is abstracted), "all rules" the shipped policy, "-NAME" all rules but NAME.
Columns: TCNP, TCNP-I, TISL, Keep% (Minim's metrics) and "usable", the share of (page, task)
pairs whose every critical node (n = 10) is shown; Δ columns are against "all rules", so a
rule's contribution to usable is minus its Δ. "nodes" is how many decisions the rule made with
all rules on (raised, abstracted or lowered); "secrets out" how many injected secrets the task
did not name are in the text that would be sent (`webminim.evaluation.check_secrets`).
"""

from __future__ import annotations

import argparse
import json
from collections import Counter, defaultdict
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from webminim.embedder import Embedder
from webminim.evaluation import check_secrets
from webminim.metrics import Instance, R, summarize
from webminim.policy import RULE_NAMES, RULES, PageContext, Thresholds, decide_explained
from webminim.scorer import checkpoint
from webminim.training import Prepared, load_split, predict, prepare

ALONE, ALL = "model alone", "all rules"
RULE_OF = {why: rule.name for rule in RULES for why in rule.why}


def rows() -> dict[str, frozenset[str] | None]:
    """Each row's rule set; None is the model alone (net off)."""
    out: dict[str, frozenset[str] | None] = {ALONE: None, ALL: frozenset(RULE_NAMES)}
    out.update({f"-{name}": frozenset(RULE_NAMES) - {name} for name in RULE_NAMES})
    return out


def load(corpus: Path, split: str, families: Sequence[str] | None, limit: int | None) -> list:
    if families:  # leave-one-family-out: every tree of those families, whatever its split
        return load_split(corpus, None, limit, families=families)
    return load_split(corpus, [split], limit)


def measure(prepared: Sequence[Prepared], model, thresholds: Thresholds) -> dict:  # noqa: ANN001 - a ScorerNet
    plan = rows()
    instances: dict[str, list[Instance]] = {row: [] for row in plan}
    usable: dict[str, list[bool]] = {row: [] for row in plan}
    decided: Counter[str] = Counter()
    secrets: dict[str, dict[str, list[float]]] = {row: defaultdict(list) for row in plan}
    for p in prepared:
        if not p.variants:
            continue
        page = PageContext.of(p.tree.tree)
        for v, (s_hat, n_hat) in zip(p.variants, predict(model, [(p, v) for v in p.variants]), strict=True):
            context = page.with_task(v.task)
            n = v.n.astype(np.float32)
            for row, rules in plan.items():
                actions, reasons = decide_explained(
                    s_hat, n_hat, thresholds, context, net=rules is not None, rules=rules
                )
                if row == ALL:
                    decided.update(RULE_OF[why] for why in reasons.values())
                instances[row].append(Instance(p.s, n, p.interactive, p.tokens, actions, v.semantics))
                usable[row].append(bool((actions[v.n == 10] != R).all()))
                check_secrets(p, actions, s_hat, n_hat, thresholds, secrets[row], v.task)
    out: dict = {"rows": {}, "decided": dict(decided)}
    for row in plan:
        summary = summarize(instances[row])
        out["rows"][row] = {
            "tcnp": summary.tcnp,
            "tcnp_i": summary.tcnp_i,
            "tisl": summary.tisl,
            "keep": summary.keep,
            "usable": float(np.mean(usable[row])) if usable[row] else 0.0,
            "instances": summary.instances,
            "secrets_checked": sum(len(v) for v in secrets[row].values()),
            "secrets_out": int(sum(len(v) - sum(v) for v in secrets[row].values())),
        }
    return out


def table(result: dict, *, markdown: bool) -> list[str]:
    base = result["rows"][ALL]
    head = ["policy", "TCNP", "TCNP-I", "TISL", "Keep%", "usable", "Δusable", "ΔKeep", "secrets out", "nodes"]
    lines = []
    if markdown:
        lines += ["| " + " | ".join(head) + " |", "|" + " --- |" * len(head)]
    else:
        lines.append(f"{head[0]:<18}" + "".join(f"{h:>9}" for h in head[1:]))
    for row, r in result["rows"].items():
        cells = [
            f"{r['tcnp']:.3f}",
            f"{r['tcnp_i']:.3f}",
            f"{r['tisl']:.4f}",
            f"{100 * r['keep']:.1f}",
            f"{100 * r['usable']:.1f}%",
            f"{100 * (r['usable'] - base['usable']):+.1f}" if row != ALL else "",
            f"{100 * (r['keep'] - base['keep']):+.2f}" if row != ALL else "",
            f"{r['secrets_out']}/{r['secrets_checked']}",
            str(result["decided"].get(row[1:], "")) if row.startswith("-") else "",
        ]
        lines.append(
            "| " + " | ".join([row, *cells]) + " |" if markdown else f"{row:<18}" + "".join(f"{c:>9}" for c in cells)
        )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, required=True)
    parser.add_argument("--model", type=Path, help="checkpoint (default: the shipped one)")
    parser.add_argument("--split", default="heldout_family")
    parser.add_argument("--family", action="append", help="evaluate every tree of these families instead")
    parser.add_argument("--limit", type=int, help="at most this many trees")
    parser.add_argument("--json", type=Path, help="also write the numbers here")
    parser.add_argument("--markdown", action="store_true", help="print a Markdown table")
    args = parser.parse_args()
    if not args.corpus.is_dir():
        parser.error(f"no corpus at {args.corpus} (make one with `webminim corpus`)")
    model, card = checkpoint.load(args.model)
    trees = load(args.corpus, args.split, args.family, args.limit)
    prepared = prepare(trees, Embedder(encoder=checkpoint.encoder_of(card)))
    result = measure(prepared, model, Thresholds())
    where = ",".join(args.family) if args.family else args.split
    count = result["rows"][ALL]["instances"]
    print(f"{where}: {len(prepared)} trees, {count} (page, task) pairs")
    print("\n".join(table(result, markdown=args.markdown)))
    if args.json:
        args.json.write_text(json.dumps(result, indent=2) + "\n")


if __name__ == "__main__":
    main()
