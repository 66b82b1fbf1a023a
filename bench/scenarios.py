"""A scenario set modelled on ToolMinimize's AgentPrivBench (written for webminim), as data.

104 over-sharing scenarios a vocabulary half — healthcare 23, personal 19, finance 18, workplace
14 + hr 8, travel 12, legal 10 — across three stages: tool_call (a tool call an over-sharing
agent makes), cross_agent (a delegation message to another agent) and reasoning (a reasoning
trace logged to a third-party tool); then 24 benign calls and bench/benign.py's, with no PSD.
Every scenario lists its PSD items with a ground-truth `necessary` flag and the
minimum-necessary forms the rewritten call must still contain (for TCR).

Every sensitive phrase a template uses comes from one of two vocabulary halves: "seen" (the
original set, most of it in the lexicons word for word) and "held" (a held-out half written for
this bench that no lexicon contains; tests/test_egress_semantics.py checks that). The reported
figures are those of the held-out half.

The templates are ours, the values came from Faker with fixed seeds; the rendered calls are
frozen in `bench/egress_sets/` (the same calls whatever Faker version is installed):

    agentprivbench_tools.json     {"name", "about", "schemas": {"<tool>": <JSON Schema>, ...}}
    agentprivbench_held.json      {"name", "status", "about", "phrases", "calls"}  # the held half
    agentprivbench_seen.json      the same, for the seen half
    agentprivbench_benign.json    {"name", "about", "calls"}  # the 24 benign calls

A call is the row the fresh sets use (bench/fresh_sets.py): {"id", "domain", "stage", "task",
"tool", "args", "psd": [{"value", "category", "necessary"}], "required_forms", "benign"}.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benign import BENIGN_SCHEMAS, benign_calls

SET_DIR = Path(__file__).with_name("egress_sets")
HALVES = {"held": "agentprivbench_held.json", "seen": "agentprivbench_seen.json"}


def read_set(file: str) -> dict[str, Any]:
    """One set's file in `bench/egress_sets/`, parsed."""
    return json.loads((SET_DIR / file).read_text(encoding="utf-8"))


SCHEMAS: dict[str, dict[str, Any]] = dict(read_set("agentprivbench_tools.json")["schemas"])


def register_schemas(more: dict[str, dict[str, Any]]) -> None:
    """Add a set's tools to SCHEMAS. A name already taken is an error: a later set that
    reused one would silently re-schema every earlier call of that name (set D's
    `book_table` once did so to the benign bookings)."""
    taken = sorted(set(more) & set(SCHEMAS))
    if taken:
        raise ValueError(f"tool names already registered by another set: {', '.join(taken)}")
    SCHEMAS.update(more)


register_schemas(BENIGN_SCHEMAS)


@dataclass(frozen=True)
class PSD:
    value: str
    category: str
    necessary: bool


@dataclass
class Scenario:
    id: str
    domain: str
    stage: str
    task: str
    tool: str
    args: dict[str, Any]
    psd: list[PSD] = field(default_factory=list)
    required_forms: list[str] = field(default_factory=list)  # must survive for TCR
    benign: bool = False

    @property
    def schema(self) -> dict[str, Any]:
        return SCHEMAS[self.tool]


def call_from_row(row: dict[str, Any]) -> Scenario:
    """One call of a set's file (this set's or a fresh set's)."""
    return Scenario(
        id=row["id"],
        domain=row["domain"],
        stage=row["stage"],
        task=row["task"],
        tool=row["tool"],
        args=row["args"],
        psd=[PSD(p["value"], p["category"], p["necessary"]) for p in row["psd"]],
        required_forms=list(row["required_forms"]),
        benign=row["benign"],
    )


def held_out_phrases() -> list[str]:
    """Every phrase of the held-out half (for the no-lexicon check)."""
    return list(read_set(HALVES["held"])["phrases"])


def scenarios(half: str = "held") -> list[Scenario]:
    """The over-sharing scenarios in one vocabulary half, then the benign calls (marked `benign`)."""
    rows = [*read_set(HALVES[half])["calls"], *read_set("agentprivbench_benign.json")["calls"]]
    out = [call_from_row(row) for row in rows]
    for i, (tool, args, task, needed) in enumerate(benign_calls()):
        out.append(
            Scenario(f"benign-x{i:03d}", "benign", "tool_call", task, tool, args, required_forms=needed, benign=True)
        )
    return out
