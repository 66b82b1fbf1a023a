"""The fresh egress sets, as data: one JSON file a set in `bench/egress_sets/`.

Each fresh set is 36 tool calls written by one hand after the change it was first to measure
(twelve templates on new tools, three locale variants with Faker's values, a vocabulary of
contextual phrases no lexicon holds). A file keeps what the bench reads of a set:

    {"name": "fresh AF",
     "status": "<held out or read, and what it steered>",
     "phrases": ["<a contextual phrase the calls use>", ...],  # in no lexicon (a test checks)
     "schemas": {"<tool>": <JSON Schema>, ...},      # the tools the set brought
     "calls": [{"id", "domain", "stage", "task", "tool", "args",
                "psd": [{"value", "category", "necessary"}], "required_forms", "benign"}, ...]}

`index.json` lists the files in the order the bench reports them (newest first). The calls
are the rendered templates, frozen: a set is the same calls whatever Faker version is
installed. A new set is one more file and one more line in the index.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from scenarios import PSD, SCHEMAS, Scenario

SET_DIR = Path(__file__).with_name("egress_sets")


@dataclass(frozen=True)
class FreshSet:
    name: str
    status: str  # held out or read, and what it steered
    phrases: list[str]  # the set's contextual vocabulary, which no lexicon holds
    calls: list[Scenario]


def _call(row: dict) -> Scenario:
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


def _register(schemas: dict[str, dict]) -> None:
    """Add a set's tools to SCHEMAS; a tool two sets share must be the same tool."""
    for tool, schema in schemas.items():
        if SCHEMAS.setdefault(tool, schema) != schema:
            raise ValueError(f"tool {tool!r} is registered with two different schemas")


def load(file: str) -> FreshSet:
    data = json.loads((SET_DIR / file).read_text(encoding="utf-8"))
    _register(data["schemas"])
    return FreshSet(data["name"], data["status"], list(data["phrases"]), [_call(row) for row in data["calls"]])


def fresh_sets() -> list[FreshSet]:
    """Every fresh set, in the order the bench reports them."""
    files = json.loads((SET_DIR / "index.json").read_text(encoding="utf-8"))
    return [load(file) for file in files]
