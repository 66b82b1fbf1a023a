"""Across the steps of an episode: the audit log and the leakage budget.

Audit log (opt-in, JSON lines): per step the decisions and scores, and keyed hashes of
what was withheld — never raw values; for text an agent typed, the minimizer's edits (spans
and categories) with keyed hashes of what they removed. The hash key lives in memory for the session only,
so a six-digit code cannot be recovered from the log by trying all million values.

Leakage accounting: each step's estimated disclosure is Σ over sent nodes of
ŝ/10 · (1 − n̂/10) · tok_post (sensitive, low-necessity text costs most). When the running
total passes the budget, τ_nec tightens by `step` per observation, up to `max_tau_nec`.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import threading
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from extractors.tree import UITree
from webminim.decisions import P_ABS, TOK_PH
from webminim.errors import ConfigError
from webminim.policy import Thresholds
from webminim.private_files import open_private
from webminim.safe_urls import strip_query
from webminim.view import SanitizedView

if TYPE_CHECKING:
    from webminim.egress.text import TextRewrite


def rough_tokens(text: str) -> int:
    """About four characters a token: cheap, good enough for accounting."""
    return max(1, (len(text) + 3) // 4) if text else 0


def disclosure(view: SanitizedView, raw: UITree) -> float:
    total = 0.0
    for node_id, decision in view.decisions.items():
        if decision.action == "R":
            continue
        node = raw[node_id]
        tokens = rough_tokens(f"{node.name} {node.value or ''}")
        sent = tokens if decision.action == "K" else max(TOK_PH, P_ABS * tokens)
        total += decision.s / 10 * (1 - min(decision.n, 10) / 10) * sent
    return total


@dataclass
class LeakageBudget:
    """Tightens τ_nec once the estimated cumulative disclosure exceeds `budget`."""

    budget: float
    step: float = 0.5
    max_tau_nec: float = 5.0
    spent: float = 0.0
    tightened: float = 0.0

    def __post_init__(self) -> None:
        if self.budget <= 0 or self.step <= 0 or not 0 < self.max_tau_nec <= 10:
            raise ConfigError("leakage budget, step and max_tau_nec must be positive (max_tau_nec ≤ 10)")

    def thresholds(self, base: Thresholds) -> Thresholds:
        tau = min(self.max_tau_nec, base.tau_nec + self.tightened)
        # over budget, the floor of always-shown nodes goes too: the user asked for less
        return replace(base, tau_nec=max(base.tau_nec, tau), keep_floor=base.keep_floor if not self.tightened else 0.0)

    def charge(self, amount: float) -> None:
        self.spent += amount
        if self.spent > self.budget:
            self.tightened += self.step


@dataclass
class AuditLog:
    """JSON lines at `path`; one record per observation or action."""

    path: Path
    _key: bytes = field(default_factory=lambda: secrets.token_bytes(32), repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def digest(self, text: str) -> str:
        return hmac.new(self._key, text.encode("utf-8"), hashlib.sha256).hexdigest()[:32]

    def write(self, record: dict[str, Any]) -> None:
        line = json.dumps(record, ensure_ascii=False, sort_keys=True)
        with self._lock:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with open_private(self.path, "a") as handle:  # owner-only: step-by-step traces of the pages
                handle.write(line + "\n")

    def observation(self, step: int, raw: UITree, view: SanitizedView, thresholds: Thresholds, spent: float) -> None:
        withheld = []
        for node_id, decision in view.decisions.items():
            if decision.action == "K":
                continue
            node = raw[node_id]
            text = " ".join(t for t in (node.name, node.value or "", node.description) if t)
            if text:
                withheld.append({"id": node_id, "action": decision.action, "hmac": self.digest(text)})
        self.write(
            {
                "step": step,
                "event": "observe",
                "url": strip_query(raw.url),
                "tau_nec": thresholds.tau_nec,
                "tau_sens": thresholds.tau_sens,
                "counts": view.counts(),
                "decisions": [
                    {"id": d.node_id, "action": d.action, "s": round(d.s, 2), "n": round(d.n, 2)}
                    for d in view.decisions.values()
                ],
                "withheld": withheld,
                "disclosure_total": round(spent, 3),
            }
        )

    def action(self, step: int, kind: str, node_id: str, text: str, placeholders: list[str], outcome: str) -> None:
        """The action's shape; any free text it carries is logged as a keyed hash only."""
        self.write(
            {
                "step": step,
                "event": "act",
                "kind": kind,
                "node_id": node_id,
                "placeholders": placeholders,
                "text_hmac": self.digest(text) if text else None,
                "outcome": outcome,
            }
        )

    def text_rewrite(
        self, step: int, kind: str, node_id: str, text: str, rewrite: TextRewrite, *, origin: str = ""
    ) -> None:
        """Text an agent typed, as minimized for its field: the edits (spans, categories, why)
        with a keyed hash of each removed span, and hashes of the text before and after."""
        edits = [{**e.to_json(), "hmac": self.digest(text[e.start : e.end])} for e in rewrite.edits]
        self.write(
            {
                "step": step,
                "event": "minimize_text",
                "kind": kind,
                "node_id": node_id,
                "origin": origin,
                "outcome": "rewritten" if rewrite.changed else "unchanged",
                "text_hmac": self.digest(text),
                "sent_hmac": self.digest(rewrite.text),
                "edits": edits,
                "elapsed_ms": rewrite.elapsed_ms,
            }
        )

    def text_refused(self, step: int, kind: str, node_id: str, text: str, reason: str) -> None:
        """Typed text that could not be checked: nothing was typed."""
        self.write(
            {
                "step": step,
                "event": "minimize_text",
                "kind": kind,
                "node_id": node_id,
                "outcome": "refused",
                "reason": reason,
                "text_hmac": self.digest(text),
            }
        )

    def request(
        self, step: int, target: str, outcome: str, reason: str, placeholders: list[str], where: list[str]
    ) -> None:
        """A request the request guard blocked or rewrote: its destination origin, which vault
        entries (placeholders, never values) and which parts held them, and why."""
        self.write(
            {
                "step": step,
                "event": "request",
                "target": target,
                "outcome": outcome,
                "reason": reason,
                "placeholders": placeholders,
                "where": where,
            }
        )
