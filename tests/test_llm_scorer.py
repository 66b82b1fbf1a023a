"""The prompted-LLM scorer baseline (Minim §5.4) against a real local OpenAI-compatible server."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import pytest
from fake_llm import Reply, rubric_rule, serve

from extractors.html import tree_from_html
from webminim.errors import ScorerError
from webminim.llm import ChatClient, Endpoint
from webminim.minim import Minim
from webminim.scorer.llm import LLMScorer

FIXTURES = Path(__file__).parent / "fixtures"
PAGE = (FIXTURES / "toast_2fa.html").read_text()
TASK = "Open the cart"


def scorer(url: str, **kwargs) -> LLMScorer:
    return LLMScorer(ChatClient(Endpoint.of(url=url, model="m", retries=0)), **kwargs)


def test_the_llm_scores_drive_the_same_policy_and_the_code_stays_home():
    tree = tree_from_html(PAGE)
    with serve(rubric_rule) as fake:
        view = Minim(scorer(fake.url)).sanitize(tree, TASK)
    text = view.text("webarena")
    assert "Cart" in text and "592018" not in text
    rows = [row for body in fake.received for row in json.loads(body["messages"][1]["content"].split("Nodes:\n")[1])]
    content = [n for n in tree if n.interactive or n.name.strip() or (n.value or "").strip()]
    assert len(rows) == 2 * len(content) < 2 * len(tree)  # s and n for each node with text; structure is not sent


def test_batches_and_the_task_independent_sensitivity_is_asked_once():
    tree = tree_from_html(PAGE)
    with serve(rubric_rule) as fake:
        llm = scorer(fake.url, batch_size=2)
        content = sum(1 for n in tree if n.interactive or n.name.strip() or (n.value or "").strip())
        batches = math.ceil(content / 2)
        first = llm.score(tree, TASK)
        assert len(fake.received) == 2 * batches  # s and n, batch by batch
        llm.score(tree, "Read the heading")
        assert len(fake.received) == 3 * batches  # s came from the cache
        llm.score(tree, TASK)
        assert len(fake.received) == 3 * batches  # everything cached
    assert first.s.max() == 9 and first.n.max() == 10 and len(first.s) == len(tree)


@pytest.mark.parametrize(
    "rule, message",
    [
        (lambda system, user: Reply('{"results": []}'), "no sensitivity_score for node"),
        (lambda system, user: Reply("I think node 3 is sensitive"), "malformed JSON"),
        (lambda system, user: Reply('{"results": [{"nodeId": "0", "sensitivity_score": 11}]}'), "malformed JSON"),
        (lambda system, user: Reply(status=500), "HTTP 500"),
    ],
)
def test_a_bad_endpoint_fails_closed_with_one_line(rule, message):
    with serve(rule) as fake, pytest.raises(ScorerError, match=message) as info:
        Minim(scorer(fake.url)).sanitize(tree_from_html(PAGE), TASK)
    assert "\n" not in str(info.value)


def test_a_slow_endpoint_hits_the_page_deadline():
    slow = serve(lambda system, user: Reply(rubric_rule(system, user).content, delay_s=1.5))
    with slow as fake, pytest.raises(ScorerError, match="no answer within|page deadline"):
        scorer(fake.url, page_deadline_s=0.4).score(tree_from_html(PAGE), TASK)


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "webminim", *args], capture_output=True, text=True, timeout=180)


def _sanitize_on(url: str, *extra: str) -> subprocess.CompletedProcess[str]:
    page = str(FIXTURES / "toast_2fa.html")
    return _cli(
        "sanitize", "--html", page, "--task", TASK, "--scorer", "llm", "--llm-url", url, "--llm-model", "m", *extra
    )


def test_sanitize_cli_with_the_llm_scorer_and_a_remote_endpoint_refused(tmp_path):
    with serve(rubric_rule) as fake:
        result = _sanitize_on(fake.url, "--llm-cache", str(tmp_path))
        assert result.returncode == 0, result.stderr
        assert "Cart" in result.stdout and "592018" not in result.stdout
        assert any(tmp_path.iterdir())  # answers cached for re-runs
    remote = _sanitize_on("https://llm.example.com/v1")
    assert remote.returncode != 0 and "not this machine" in remote.stderr and "Traceback" not in remote.stderr
    allowed_but_down = _sanitize_on("http://127.0.0.1:9/v1")
    assert allowed_but_down.returncode != 0 and allowed_but_down.stdout == ""  # nothing sent, no partial view
    assert len(allowed_but_down.stderr.strip().splitlines()) == 1
