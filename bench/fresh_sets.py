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
installed. A new set is one more file and one more line in the index. The files are read, and
their calls parsed, by `scenarios.read_set` and `scenarios.call_from_row`, which also load the
AgentPrivBench-style set (`agentprivbench_*.json`, not in the index).
"""

from __future__ import annotations

from dataclasses import dataclass

from scenarios import SCHEMAS, Scenario, call_from_row, read_set


@dataclass(frozen=True)
class FreshSet:
    name: str
    status: str  # held out or read, and what it steered
    phrases: list[str]  # the set's contextual vocabulary, which no lexicon holds
    calls: list[Scenario]


def _register(schemas: dict[str, dict]) -> None:
    """Add a set's tools to SCHEMAS; a tool two sets share must be the same tool."""
    for tool, schema in schemas.items():
        if SCHEMAS.setdefault(tool, schema) != schema:
            raise ValueError(f"tool {tool!r} is registered with two different schemas")


def load(file: str) -> FreshSet:
    data = read_set(file)
    _register(data["schemas"])
    return FreshSet(data["name"], data["status"], list(data["phrases"]), [call_from_row(row) for row in data["calls"]])


def fresh_sets() -> list[FreshSet]:
    """Every fresh set, in the order the bench reports them."""
    files = read_set("index.json")
    return [load(file) for file in files]
