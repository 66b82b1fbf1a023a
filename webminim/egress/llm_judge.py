"""The free-text layer backed by an LLM on an OpenAI-compatible endpoint (ToolMinimize §V-D).

    judge = LLMClauseJudge(ChatClient(Endpoint(url="http://127.0.0.1:8000/v1", model="qwen")))
    ToolMinimizer(schemas, clause_judge=judge)

Off by default. The endpoint sees the task and the clauses of one free-text argument with
every item the detectors found unnecessary already replaced by its tag; it answers which
clause numbers the tool needs. Its answer can only add clauses to what the local layer
keeps; a failure, a malformed answer or running out of time leaves the local decision.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict, Field

from webminim.egress import deadline
from webminim.llm import ChatClient

SYSTEM = (
    "You minimize the free-text argument of a tool call before it leaves the user's device. "
    "You get the user's task and the numbered clauses of one argument; items already withheld "
    "appear as [tags]. List the numbers of the clauses the tool needs in order to carry out the "
    "task; leave out clauses that only add personal details the task does not need. "
    'Return JSON only, no prose: {"needed": [clause numbers]}'
)
MARGIN_S = 0.02  # left for the rest of the call after the endpoint answers


class ClauseAnswer(BaseModel):
    model_config = ConfigDict(extra="ignore")

    needed: list[int] = Field(max_length=1000)


class LLMClauseJudge:
    """Asks the endpoint which clauses a task needs, within the call's remaining time."""

    def __init__(self, client: ChatClient, *, budget_ms: float | None = None) -> None:
        self.client = client
        self.budget_ms = budget_ms if budget_ms is not None else client.endpoint.timeout_s * 1000

    def needed(self, clauses: Sequence[str], task: str) -> set[int]:
        numbered = "\n".join(f"{i}: {text}" for i, text in enumerate(clauses))
        user = f"Task: {task}\nClauses:\n{numbered}"
        left = deadline.remaining_s()
        timeout = self.budget_ms / 1000 if left is None else max(0.0, left - MARGIN_S)
        answer = self.client.ask_json(SYSTEM, user, ClauseAnswer, timeout_s=timeout)
        return set(answer.needed)
