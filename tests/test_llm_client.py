"""The OpenAI-compatible client and the LLM free-text judge, against a real local server."""

from __future__ import annotations

import json
import re
import stat
import time

import pytest
from fake_llm import Reply, serve
from pydantic import BaseModel

from webminim.egress import ToolMinimizer
from webminim.egress.llm_judge import LLMClauseJudge
from webminim.errors import ConfigError, EndpointError
from webminim.llm import ChatClient, Endpoint


class Answer(BaseModel):
    needed: list[int]


def test_a_remote_endpoint_needs_consent():
    with pytest.raises(ConfigError, match="not this machine"):
        Endpoint.of(url="https://api.example.com/v1", model="m")
    assert Endpoint.of(url="https://api.example.com/v1", model="m", allow_remote=True).url.endswith("/v1")
    for local in ("http://127.0.0.1:8000/v1", "http://localhost:11434", "http://[::1]:9/v1"):
        assert Endpoint.of(url=local, model="m")
    with pytest.raises(ConfigError, match="url"):
        Endpoint.of(url="ftp://127.0.0.1/", model="m")


def test_answers_are_validated_cached_and_the_key_is_sent_not_stored(monkeypatch, tmp_path):
    monkeypatch.setenv("WEBMINIM_LLM_API_KEY", "sk-test-123")
    with serve(lambda system, user: Reply('```json\n{"needed": [1, 2]}\n```')) as fake:
        client = ChatClient(Endpoint.of(url=fake.url, model="m"), cache_dir=tmp_path)
        assert client.ask_json("sys", "user", Answer).needed == [1, 2]
        assert client.ask_json("sys", "user", Answer).needed == [1, 2]
        assert len(fake.received) == 1 and client.requests == 1  # the second came from the cache
        assert fake.headers[0]["Authorization"] == "Bearer sk-test-123"
        again = ChatClient(Endpoint.of(url=fake.url, model="m"), cache_dir=tmp_path)
        assert again.ask_json("sys", "user", Answer).needed == [1, 2] and len(fake.received) == 1
    assert "sk-test-123" not in "".join(p.read_text() for p in tmp_path.iterdir())
    assert [stat.S_IMODE(p.stat().st_mode) for p in tmp_path.iterdir()] == [0o600]  # answers can echo page text


@pytest.mark.parametrize(
    "reply, message",
    [
        (Reply("the clauses are 1 and 2"), "malformed JSON"),
        (Reply('{"needed": "all"}'), "malformed JSON"),
        (Reply(raw=b"<html>gateway</html>"), "not a chat completion"),
        (Reply(status=401), "HTTP 401"),
        (Reply(status=503), "HTTP 503"),
    ],
)
def test_a_bad_answer_is_one_error_line(reply, message):
    with serve(lambda system, user: reply) as fake:
        client = ChatClient(Endpoint.of(url=fake.url, model="m", retries=1))
        with pytest.raises(EndpointError, match=message) as info:
            client.ask_json("sys", "user", Answer)
        assert "\n" not in str(info.value)
        assert len(fake.received) == (2 if reply.status == 503 else 1)  # only transient errors are retried


def test_a_slow_endpoint_times_out_within_its_limit():
    with serve(lambda system, user: Reply('{"needed": []}', delay_s=2.0)) as fake:
        client = ChatClient(Endpoint.of(url=fake.url, model="m"))
        began = time.monotonic()
        with pytest.raises(EndpointError, match="no answer within"):
            client.ask_json("sys", "user", Answer, timeout_s=0.3)
        assert time.monotonic() - began < 1.0


SCHEMA = {
    "type": "object",
    "properties": {"to": {"type": "string"}, "message": {"type": "string"}},
    "required": ["to", "message"],
}
ARGS = {
    "to": "sam@example.com",
    "message": "Plan a party for Saturday at 7. My salary is $95,000. My SSN is 123-45-6789.",
}
TASK = "email sam to organise my birthday"


def _salary_rule(system: str, user: str) -> Reply:
    """Needs every sentence that mentions a salary (a stand-in for an LLM's reading of the task)."""
    lines = re.findall(r"^(\d+): (.*)$", user, re.M)
    return Reply(json.dumps({"needed": [int(i) for i, text in lines if "salary" in text.lower()]}))


def test_the_judge_gives_back_a_sentence_the_local_model_removed_and_never_sees_detected_psd():
    local = ToolMinimizer({"send_email": SCHEMA}).minimize("send_email", ARGS, task=TASK).args["message"]
    assert "95,000" not in local and local.startswith("Plan a party")  # the local model removes the salary
    with serve(_salary_rule) as fake:
        judge = LLMClauseJudge(ChatClient(Endpoint.of(url=fake.url, model="m")))
        out = ToolMinimizer({"send_email": SCHEMA}, clause_judge=judge).minimize("send_email", ARGS, task=TASK)
        sent = json.dumps(fake.received)
    assert "My salary is $95,000." in out.args["message"]  # the judge widened what is kept
    assert "123-45-6789" not in out.args["message"] and "123-45-6789" not in sent  # detected: tagged first


def test_when_the_judge_fails_the_local_decision_stands():
    local = ToolMinimizer({"send_email": SCHEMA}).minimize("send_email", ARGS, task=TASK).args
    for reply in (Reply("no json"), Reply(status=500), Reply('{"needed": [0]}', delay_s=1.0)):
        with serve(lambda system, user, reply=reply: reply) as fake:
            endpoint = Endpoint.of(url=fake.url, model="m", retries=0, timeout_s=0.3)
            judge = LLMClauseJudge(ChatClient(endpoint))
            out = ToolMinimizer({"send_email": SCHEMA}, clause_judge=judge).minimize("send_email", ARGS, task=TASK)
        assert out.args == local


def test_minimize_call_cli_takes_the_judge_and_refuses_a_remote_one():
    import subprocess
    import sys

    def cli(*extra: str) -> subprocess.CompletedProcess[str]:
        argv = ["minimize-call", "--tool", "send_email", "--args", json.dumps(ARGS), "--schema", json.dumps(SCHEMA)]
        return subprocess.run(
            [sys.executable, "-m", "webminim", *argv, "--task", TASK, *extra],
            capture_output=True,
            text=True,
            timeout=120,
        )

    with serve(_salary_rule) as fake:
        result = cli("--llm-url", fake.url, "--llm-model", "m")
        assert result.returncode == 0, result.stderr
        assert json.loads(result.stdout)["args"]["message"].startswith("Plan a party") and len(fake.received) == 1
    refused = cli("--llm-url", "https://llm.example.com/v1", "--llm-model", "m")
    assert refused.returncode != 0 and "not this machine" in refused.stderr and "Traceback" not in refused.stderr
    assert len(refused.stderr.strip().splitlines()) == 1
