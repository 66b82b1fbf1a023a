"""The paper's prompted-LLM scorer (Minim §5.4, Table 2; rubric of Appendix E), as a baseline
and an option: any OpenAI-compatible endpoint scores every node's sensitivity s and
task-conditioned necessity n (integers 0–10).

    client = ChatClient(Endpoint(url="http://127.0.0.1:8000/v1", model="llama-3-8b-instruct"))
    scorer = LLMScorer(client)
    scores = scorer.score(tree, "Add the toaster to my cart")    # same Scores as the GATv2 scorer

Nodes go in batches of `batch_size` (id, role, name, value, parent's role and name: the
"local context" the rubric allows). Nodes with no text that are not controls are purely
structural (rubric s = 0, n = 0) and are not sent. s is task-independent, so its answers
are cached across tasks by the client. Every answer must score exactly the nodes it was
given; a missing node, a malformed answer, an endpoint failure or the page deadline is a
ScorerError and nothing is returned (fail closed).

This scorer sends the raw page to the endpoint: `Endpoint` refuses one off this machine
unless the user allows it (`--allow-remote-scorer`).
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence

import numpy as np
from pydantic import BaseModel, ConfigDict, Field

from extractors.tree import UINode, UITree
from webminim.errors import ScorerError, WebminimError
from webminim.llm import ChatClient
from webminim.scores import MAX_NODES, Scores, check_request

TEXT_CHARS = 200  # per node field: a long paragraph's start is enough to judge it

_JSON_ONLY = (
    "Scores MUST be integers. Do NOT use ranges or decimals. Use ONLY the provided node fields and local "
    "context. Do NOT assume hidden UI. Return JSON only. No markdown. No code fences. No extra keys."
)
SYSTEM_N = (
    "You are a strict scoring judge for accessibility-tree nodes, focusing ONLY on TASK-CONDITIONED "
    "NECESSITY. For each provided node, assign ONE integer necessity score n in {0..10}. " + _JSON_ONLY + " "
    'Output schema (strict): {"results": [{"nodeId": "string", "necessity_score": 0-10 integer, '
    '"necessity_reason": ["short_reason"], "confidence": 0.0-1.0 or null}]}\n'
    "RUBRIC (n): 0 completely irrelevant to the task (ads, footer, unrelated feed items); 1 pure noise or "
    "redundant UI (repeated icons, empty text); 2 extremely weak contextual presence (counts for unrelated "
    "content); 3 marginally related context (post metadata when the task is navigation); 4 supportive but "
    "optional (section headings, explanatory labels); 5 moderately helpful, alternatives exist (secondary "
    "navigation, optional filters); 6 strongly helpful but not strictly required; 7 important task enabler "
    "(the primary navigation for the task); 8 core task component, the task is very difficult without it; "
    "9 near-critical, the task almost certainly fails without it; 10 absolutely required, the task is "
    "impossible without it (the only actionable control required).\n"
    "Judge necessity strictly in the context of the given task. If uncertain between two adjacent scores, "
    "choose the LOWER one."
)
SYSTEM_S = (
    "You are a strict scoring judge for accessibility-tree nodes, focusing ONLY on SENSITIVITY (privacy / "
    "secrets / PII). For each provided node, assign ONE integer sensitivity score s in {0..10}. " + _JSON_ONLY + " "
    'Output schema (strict): {"results": [{"nodeId": "string", "sensitivity_score": 0-10 integer, '
    '"sensitivity_reason": ["short_reason"], "confidence": 0.0-1.0 or null}]}\n'
    "RUBRIC (s): 0 purely structural or decorative; 1 generic public UI labels and controls (Home, Search, "
    "Submit); 2 public non-personal content (navigation headings, non-personal post titles); 3 mild "
    "contextual info, weakly identifying only in aggregate (timestamps, popularity metrics); 4 public user "
    "identifiers (usernames, handles); 5 behavioural or preference signals tied to an account; 6 "
    "semi-sensitive personal attributes (inferred interests, account status); 7 direct personal data that "
    "identifies a person (real name, email, phone number); 8 highly sensitive personal data (home address, "
    "private messages, financial identifiers); 9 security-critical data (password fields, 2FA/OTP codes, "
    "recovery keys); 10 extremely sensitive secrets (plaintext passwords, private keys, API tokens)."
)


class _Result(BaseModel):
    model_config = ConfigDict(extra="ignore", populate_by_name=True)

    node_id: str = Field(alias="nodeId")
    sensitivity_score: int | None = Field(default=None, ge=0, le=10)
    necessity_score: int | None = Field(default=None, ge=0, le=10)


class _Answer(BaseModel):
    model_config = ConfigDict(extra="ignore")

    results: list[_Result] = Field(max_length=10_000)


class LLMScorer:
    """Scores trees with a prompted LLM; the `Scorer` interface, so Minim and eval take it."""

    def __init__(
        self,
        client: ChatClient,
        *,
        batch_size: int = 40,
        page_deadline_s: float = 120.0,
        max_nodes: int = MAX_NODES,
    ) -> None:
        if batch_size < 1 or page_deadline_s <= 0:
            raise ScorerError("the LLM scorer needs batch_size >= 1 and a positive page deadline")
        self.client = client
        self.batch_size = batch_size
        self.page_deadline_s = page_deadline_s
        self.max_nodes = max_nodes

    @property
    def name(self) -> str:
        return f"llm:{self.client.endpoint.model}"

    def score(self, tree: UITree, task: str) -> Scores:
        return self.score_many(tree, [task])[0]

    def score_many(self, tree: UITree, tasks: Sequence[str]) -> list[Scores]:
        check_request(tree, tasks, self.max_nodes)
        give_up = time.monotonic() + self.page_deadline_s
        nodes = list(tree)
        sent = [i for i, node in enumerate(nodes) if _has_content(node)]
        rows = [_row(tree, i, nodes[i]) for i in sent]
        try:
            s = self._scores(rows, sent, len(nodes), SYSTEM_S, "", "sensitivity_score", give_up)
            return [
                Scores(s, self._scores(rows, sent, len(nodes), SYSTEM_N, task, "necessity_score", give_up))
                for task in tasks
            ]
        except WebminimError as exc:
            raise ScorerError(f"the LLM scorer failed, nothing is sent: {exc}") from None

    def _scores(
        self, rows: list[dict], sent: list[int], size: int, system: str, task: str, key: str, give_up: float
    ) -> np.ndarray:
        out = np.zeros(size, dtype=np.float32)  # unsent nodes: structural, rubric 0
        for start in range(0, len(rows), self.batch_size):
            batch = rows[start : start + self.batch_size]
            left = give_up - time.monotonic()
            if left <= 0:
                raise ScorerError(f"no scores within the page deadline of {self.page_deadline_s:g} s")
            nodes = json.dumps(batch, ensure_ascii=False)
            user = f"Task: {task}\nNodes:\n{nodes}" if task else f"Nodes:\n{nodes}"
            answer = self.client.ask_json(system, user, _Answer, timeout_s=left)
            scored = {r.node_id: getattr(r, key) for r in answer.results}
            for row, index in zip(batch, sent[start : start + self.batch_size], strict=True):
                value = scored.get(row["nodeId"])
                if value is None:
                    raise ScorerError(f"the LLM answer has no {key} for node {row['nodeId']}")
                out[index] = value
        return out


def _has_content(node: UINode) -> bool:
    return bool(node.interactive or node.name.strip() or (node.value or "").strip())


def _row(tree: UITree, index: int, node: UINode) -> dict:
    row: dict[str, str] = {"nodeId": str(index), "role": node.role, "name": node.name[:TEXT_CHARS]}
    if node.value:
        row["value"] = node.value[:TEXT_CHARS]
    parent = tree.parent(node.id)
    if parent is not None:
        row["parent"] = f"{parent.role} {parent.name[:60]}".strip()
    return row
