"""`webminim serve`: one model for many agents, over real HTTP on loopback."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import numpy as np
import pytest
import uvicorn

from extractors.html import tree_from_html
from webminim.broker import BrokerScorer, create_app
from webminim.errors import ConfigError, ScorerError
from webminim.minim import Minim
from webminim.scorer import Scorer
from webminim.serve_guard import TOKEN_ENV, Guard, new_token

FIXTURES = Path(__file__).parent / "fixtures"
PAGE = (FIXTURES / "toast_2fa.html").read_text()
FORMS = (FIXTURES / "forms.html").read_text()
TOKEN = new_token()
AUTH = {"Authorization": f"Bearer {TOKEN}"}


@pytest.fixture(scope="module")
def scorer() -> Scorer:
    return Scorer.load()


@pytest.fixture(scope="module")
def broker(scorer: Scorer) -> Iterator[str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    app = create_app(scorer, guard=Guard(TOKEN, port))
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{port}"
    for _ in range(200):
        try:
            if httpx.get(f"{url}/health", timeout=1).status_code == 200:
                break
        except httpx.HTTPError:
            time.sleep(0.05)
    yield url
    server.should_exit = True
    thread.join(timeout=10)


def test_the_broker_scores_exactly_as_the_local_model(broker: str, scorer: Scorer):
    tree = tree_from_html(FORMS)
    remote = BrokerScorer(broker, token=TOKEN).score_many(tree, ["Sign in", "Reset my password"])
    local = scorer.score_many(tree, ["Sign in", "Reset my password"])
    for got, want in zip(remote, local, strict=True):
        assert np.allclose(got.s, want.s, atol=1e-5) and np.allclose(got.n, want.n, atol=1e-5)


def test_an_agent_on_the_broker_keeps_its_own_vault_and_the_code_stays_home(broker: str):
    first, second = Minim(BrokerScorer(broker, token=TOKEN)), Minim(BrokerScorer(broker, token=TOKEN))
    view = first.sanitize(tree_from_html(PAGE), "Open the cart")
    assert "592018" not in view.text("webarena") and "Cart" in view.text("webarena")
    assert second.vault is not first.vault


def test_sixteen_agents_at_once_are_micro_batched(broker: str):
    tree = tree_from_html(FORMS)
    before = httpx.get(f"{broker}/health", headers=AUTH).json()
    results: list[object] = [None] * 16

    def agent(i: int) -> None:
        results[i] = BrokerScorer(broker, token=TOKEN).score(tree, f"Sign in as user {i}")

    threads = [threading.Thread(target=agent, args=(i,)) for i in range(16)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    after = httpx.get(f"{broker}/health", headers=AUTH).json()
    assert all(r is not None for r in results)
    assert after["requests"] - before["requests"] == 16
    assert after["batches"] - before["batches"] < 16  # several requests shared a scoring pass


@pytest.mark.parametrize(
    "route, body, status, message",
    [
        ("/score", b"not json", 400, "not JSON"),
        ("/score", b"[1, 2]", 400, "JSON object"),
        ("/score", json.dumps({"tree": {"nodes": "x"}, "tasks": ["a"]}).encode(), 400, "tree"),
        ("/score", json.dumps({"tree": {}, "tasks": []}).encode(), 400, ""),
        ("/sanitize", json.dumps({"html": "<p>x</p>", "task": ""}).encode(), 400, "task"),
        ("/minimize-call", json.dumps({"tool": "t", "schema": {"type": 7}, "args": {}}).encode(), 422, "schema"),
    ],
)
def test_a_bad_request_is_one_json_error_line(broker: str, route: str, body: bytes, status: int, message: str):
    response = httpx.post(f"{broker}{route}", content=body, headers={"Content-Type": "application/json", **AUTH})
    assert response.status_code == status
    error = response.json()["error"]
    assert message in error and "\n" not in error and "Traceback" not in error


def test_sanitize_and_minimize_call_routes(broker: str):
    out = httpx.post(
        f"{broker}/sanitize", json={"html": PAGE, "task": "Open the cart"}, headers=AUTH, timeout=60
    ).json()
    assert "Cart" in out["text"] and "592018" not in out["text"] and out["nodes"]
    schema = {"type": "object", "properties": {"location": {"type": "string"}}, "required": ["location"]}
    args = {"location": "Mount Sinai Hospital, 1 Gustave L. Levy Pl, New York, NY 10029"}
    call = {"tool": "get_weather", "schema": schema, "args": args, "task": "weather where I am"}
    result = httpx.post(f"{broker}/minimize-call", json=call, headers=AUTH, timeout=60).json()
    assert "Mount Sinai" not in json.dumps(result["args"])


def test_a_broker_off_this_machine_or_down_fails_closed():
    with pytest.raises(ConfigError, match="not this machine"):
        BrokerScorer("http://10.1.2.3:8765")
    with pytest.raises(ScorerError, match="unreachable"):
        BrokerScorer("http://127.0.0.1:9", timeout_s=2).score(tree_from_html(PAGE), "Open the cart")


def test_serve_refuses_a_public_address_without_consent():
    result = subprocess.run(
        [sys.executable, "-m", "webminim", "serve", "--host", "0.0.0.0"], capture_output=True, text=True, timeout=60
    )
    assert result.returncode != 0 and "not a loopback address" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_the_cli_on_a_broker_never_loads_torch(broker: str):
    code = (
        "import sys; from webminim.cli import main\n"
        f"rc = main(['sanitize', '--html', {str(FIXTURES / 'toast_2fa.html')!r}, '--task', 'Open the cart', "
        f"'--broker', {broker!r}])\n"
        "print('TORCH' if 'torch' in sys.modules else 'NO-TORCH', rc)"
    )
    env = {**os.environ, TOKEN_ENV: TOKEN}  # as a user hands another process this launch's token
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, env=env)
    assert result.returncode == 0, result.stderr
    assert "Cart" in result.stdout and "592018" not in result.stdout
    assert result.stdout.strip().endswith("NO-TORCH 0")


def test_the_embedding_cache_is_bounded_and_recomputes_what_it_dropped():
    from webminim.embedder import Embedder

    embedder = Embedder(cache=False, max_cached=3)
    first = embedder.embed(["one", "two", "three", "four", "five"])
    assert len(embedder._memory) == 3 and embedder.stats["computed"] == 5
    again = embedder.embed(["one"])  # dropped by the LRU: computed again, to the same vector
    assert embedder.stats["computed"] == 6 and np.allclose(again[0], first[0], atol=1e-6)
    embedder.embed(["one", "five"])  # both held now
    assert embedder.stats["computed"] == 6
