"""The paper's metrics (Minim §5.2) over K/A/R decisions.

    TCNP   = |C ∩ Z| / |C|,  C = {i : n_i ≥ τ_crit}        (Z = nodes kept or abstracted)
    TCNP-I = the same over interactive nodes
    TISL   = Σ_{i∈Z} 1[n_i ≤ τ_irr] · s_i · tok_post(i),   normalised by the full observation
    tok_post(i) = tok(i) for K, max(tok_ph, p_abs · tok(i)) for A, 0 for R
    Keep%  = share of nodes kept or abstracted

TCNP, TCNP-I and Keep% are averaged over instances (those with a non-empty C for TCNP);
TISL sums leakage over all instances and divides by the full observation's sum.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from webminim.decisions import P_ABS, TOK_PH, A, K, R

TAU_CRIT = 7.0
TAU_IRR = 1.0


@dataclass(frozen=True, slots=True)
class Instance:
    """One (tree, task) evaluation case: labels, decisions and per-node token counts."""

    s: np.ndarray
    n: np.ndarray
    interactive: np.ndarray
    tokens: np.ndarray
    actions: np.ndarray  # R / A / K per node
    semantics: str = ""


def tok_post(actions: np.ndarray, tokens: np.ndarray, *, tok_ph: float = TOK_PH, p_abs: float = P_ABS) -> np.ndarray:
    post = np.where(actions == K, tokens.astype(np.float64), 0.0)
    abstracted = np.maximum(tok_ph, p_abs * tokens.astype(np.float64))
    return np.where(actions == A, abstracted, post)


def leakage(
    inst: Instance, actions: np.ndarray | None = None, *, tok_ph: float = TOK_PH, p_abs: float = P_ABS
) -> float:
    acts = inst.actions if actions is None else actions
    irrelevant = inst.n <= TAU_IRR
    return float((irrelevant * inst.s * tok_post(acts, inst.tokens, tok_ph=tok_ph, p_abs=p_abs)).sum())


@dataclass(frozen=True, slots=True)
class Summary:
    tcnp: float
    tcnp_i: float
    tisl: float
    keep: float
    k: float
    a: float
    instances: int

    def row(self) -> dict[str, float]:
        return {
            "tcnp": self.tcnp,
            "tcnp_i": self.tcnp_i,
            "tisl": self.tisl,
            "keep": self.keep,
            "k": self.k,
            "a": self.a,
            "instances": self.instances,
        }


def summarize(instances: Iterable[Instance], *, tok_ph: float = TOK_PH, p_abs: float = P_ABS) -> Summary:
    tcnp, tcnp_i, keep, k_share, a_share = [], [], [], [], []
    leaked = full = 0.0
    count = 0
    for inst in instances:
        count += 1
        visible = inst.actions != R
        critical = inst.n >= TAU_CRIT
        if critical.any():
            tcnp.append(float(visible[critical].mean()))
        critical_i = critical & inst.interactive
        if critical_i.any():
            tcnp_i.append(float(visible[critical_i].mean()))
        keep.append(float(visible.mean()))
        k_share.append(float((inst.actions == K).mean()))
        a_share.append(float((inst.actions == A).mean()))
        leaked += leakage(inst, tok_ph=tok_ph, p_abs=p_abs)
        full += leakage(inst, np.full_like(inst.actions, K), tok_ph=tok_ph, p_abs=p_abs)

    def mean(values: list[float]) -> float:
        return float(np.mean(values)) if values else float("nan")

    return Summary(
        tcnp=mean(tcnp),
        tcnp_i=mean(tcnp_i),
        tisl=leaked / full if full else 0.0,
        keep=mean(keep),
        k=mean(k_share),
        a=mean(a_share),
        instances=count,
    )
