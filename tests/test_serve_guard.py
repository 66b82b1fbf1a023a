"""`webminim serve` hardened (issue 42): token, Host / Origin, Content-Type, body cap, bounded
queue, deadline. Real servers over real sockets: `webminim serve` as a subprocess (its memory
is read from /proc), or the app in uvicorn in a thread around a scorer the test holds back."""

from __future__ import annotations

import json
import os
import socket
import stat
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import httpx
import numpy as np
import pytest
import uvicorn

from extractors.html import tree_from_html
from extractors.tree import UITree
from webminim.broker import BrokerScorer, create_app
from webminim.errors import ConfigError, ScorerError
from webminim.scores import MAX_NODES, Scores
from webminim.serve_guard import TOKEN_ENV, Guard, new_token

MIB = 1024 * 1024
FORMS = (Path(__file__).parent / "fixtures" / "forms.html").read_text()
TREE = tree_from_html(FORMS)
SCORE = {"tree": TREE.to_dict(), "tasks": ["Sign in"]}


@dataclass
class Served:
    process: subprocess.Popen
    port: int
    token: str
    banner: str
    runtime: Path

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def auth(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"}

    @property
    def token_file(self) -> Path:
        return self.runtime / "webminim" / f"serve-{self.port}.token"


def start_serve(runtime: Path, *args: str) -> Served:
    """`webminim serve` on a free port, its token file under `runtime` (XDG_RUNTIME_DIR)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "XDG_RUNTIME_DIR": str(runtime)}
    env.pop(TOKEN_ENV, None)
    command = [sys.executable, "-m", "webminim", "serve", "--port", str(port), *args]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"webminim serve exited: {process.stderr.read()}")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/health", timeout=1).status_code == 200:
                break
        except httpx.HTTPError:
            time.sleep(0.05)
    banner = "".join(process.stdout.readline() for _ in range(3))  # printed before it listens
    token = banner.rsplit("token: ", 1)[1].strip()
    return Served(process, port, token, banner, runtime)


def stop(served: Served) -> int:
    served.process.terminate()
    return served.process.wait(timeout=30)


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    server = start_serve(tmp_path_factory.mktemp("runtime"), "--max-body", "1")  # a 1 MiB cap
    yield server
    stop(server)


def memory_kib(pid: int) -> dict[str, int]:
    fields = dict(line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines())
    return {key: int(fields[key].split()[0]) for key in ("VmRSS", "VmHWM")}


def post_streaming(served: Served, *, total: int, chunked: bool) -> tuple[int, str, int]:
    """POST /score over a raw socket, sending `total` bytes of body while reading the answer."""
    sock = socket.create_connection(("127.0.0.1", served.port), timeout=20)
    length = "Transfer-Encoding: chunked" if chunked else f"Content-Length: {total}"
    head = f"POST /score HTTP/1.1\r\nHost: 127.0.0.1:{served.port}\r\nAuthorization: Bearer {served.token}\r\n"
    sock.sendall(f"{head}Content-Type: application/json\r\n{length}\r\n\r\n".encode())
    sent = 0

    def pump() -> None:
        nonlocal sent
        piece = b" " * MIB
        frame = b"100000\r\n" + piece + b"\r\n" if chunked else piece
        try:
            while sent < total:
                sock.sendall(frame)
                sent += MIB
        except OSError:
            pass  # the server closed the connection: the rest is never read

    sender = threading.Thread(target=pump, daemon=True)
    sender.start()
    answer = b""
    try:
        while chunk := sock.recv(65536):
            answer += chunk
    except OSError:
        pass  # a reset after the answer arrived
    sender.join(timeout=20)
    sock.close()
    head_text, _, body = answer.decode("latin-1").partition("\r\n\r\n")
    return int(head_text.split()[1]), body, sent


# -- the token ----------------------------------------------------------------------------------


def test_the_token_is_printed_and_kept_in_a_file_only_this_user_reads(served: Served):
    assert served.token_file.read_text().strip() == served.token and len(served.token) >= 32
    assert stat.S_IMODE(served.token_file.stat().st_mode) == 0o600
    assert str(served.token_file) in served.banner


@pytest.mark.parametrize("authorization", [None, "Bearer wrong-token", "Basic dXNlcjpwYXNz", "Bearer"])
def test_a_missing_or_wrong_token_is_refused(served: Served, authorization: str | None):
    headers = {"Authorization": authorization} if authorization else {}
    response = httpx.post(f"{served.url}/score", json=SCORE, headers=headers)
    assert response.status_code == 401 and "token" in response.json()["error"]
    assert set(httpx.get(f"{served.url}/health", headers=headers).json()) == {"status"}  # nothing more without it


def test_the_client_finds_the_token_file_or_the_environment(served: Served, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(served.runtime))
    monkeypatch.delenv(TOKEN_ENV, raising=False)
    assert len(BrokerScorer(served.url).score(TREE, "Sign in").s) == len(TREE)  # from the file
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(served.runtime / "elsewhere"))
    monkeypatch.setenv(TOKEN_ENV, served.token)
    assert len(BrokerScorer(served.url).score(TREE, "Sign in").s) == len(TREE)  # from the environment
    with pytest.raises(ScorerError, match="token"):
        BrokerScorer(served.url, token="not-the-token").score(TREE, "Sign in")


def test_the_token_file_is_removed_on_a_clean_shutdown(tmp_path: Path):
    server = start_serve(tmp_path)
    assert server.token_file.exists()
    stop(server)
    assert not server.token_file.exists()


# -- what a web page could send -----------------------------------------------------------------


@pytest.mark.parametrize("host", ["attacker.example", "attacker.example:{port}", "127.0.0.1.nip.io:{port}"])
def test_a_rebinding_host_is_refused(served: Served, host: str):
    headers = {**served.auth, "Host": host.format(port=served.port)}
    response = httpx.post(f"{served.url}/score", json=SCORE, headers=headers)
    assert response.status_code == 403 and "Host" in response.json()["error"]
    assert httpx.get(f"{served.url}/health", headers=headers).status_code == 403
    local = {**served.auth, "Host": f"localhost:{served.port}"}
    assert httpx.post(f"{served.url}/score", json=SCORE, headers=local).status_code == 200


def test_a_name_the_user_allows_is_answered_and_others_still_are_not(held: Callable[..., Held]):
    server = held(extra_hosts=("broker.lan",))
    server.scorer.gate.set()
    port = server.url.rsplit(":", 1)[1]
    named = httpx.post(f"{server.url}/score", json=SCORE, headers={**server.auth, "Host": f"Broker.lan:{port}"})
    assert named.status_code == 200
    other = httpx.post(f"{server.url}/score", json=SCORE, headers={**server.auth, "Host": f"attacker.example:{port}"})
    assert other.status_code == 403


@pytest.mark.parametrize("name", ["http://broker.lan", "broker.lan:8765", "a b", "", "-x.lan", "x" * 300])
def test_an_allowed_host_that_is_not_a_name_is_refused_on_construction(name: str):
    with pytest.raises(ConfigError, match="--allow-host"):
        Guard("token", 8765, extra_hosts=(name,))


def test_allow_host_without_remote_clients_is_one_line_before_the_model_loads():
    result = subprocess.run(
        [sys.executable, "-m", "webminim", "serve", "--port", "0", "--allow-host", "broker.lan"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 1 and result.stderr.count("\n") == 1
    assert "--allow-host" in result.stderr and "--allow-remote-clients" in result.stderr


@pytest.mark.parametrize("origin", ["http://attacker.example", "null", "http://127.0.0.1:1"])
def test_a_foreign_origin_is_refused(served: Served, origin: str):
    response = httpx.post(f"{served.url}/score", json=SCORE, headers={**served.auth, "Origin": origin})
    assert response.status_code == 403 and "Origin" in response.json()["error"]
    own = {**served.auth, "Origin": f"http://127.0.0.1:{served.port}"}
    assert httpx.post(f"{served.url}/score", json=SCORE, headers=own).status_code == 200


@pytest.mark.parametrize(
    "content_type",
    ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data", "application/json; charset=utf-16"],
)
def test_a_body_that_is_not_json_by_its_content_type_is_refused(served: Served, content_type: str):
    # the first three are what a page may POST anywhere without a CORS preflight
    headers = {**served.auth, "Content-Type": content_type}
    response = httpx.post(f"{served.url}/score", content=json.dumps(SCORE).encode(), headers=headers)
    assert response.status_code == 415 and "application/json" in response.json()["error"]
    headers["Content-Type"] = "application/json; charset=utf-8"
    assert httpx.post(f"{served.url}/score", content=json.dumps(SCORE).encode(), headers=headers).status_code == 200


# -- the body -----------------------------------------------------------------------------------


def test_a_post_without_content_length_is_refused(served: Served):
    with socket.create_connection(("127.0.0.1", served.port), timeout=10) as sock:
        head = f"POST /score HTTP/1.1\r\nHost: 127.0.0.1:{served.port}\r\nAuthorization: Bearer {served.token}\r\n"
        sock.sendall(f"{head}Content-Type: application/json\r\nConnection: close\r\n\r\n".encode())
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    assert answer.startswith(b"HTTP/1.1 411") and b"Content-Length" in answer


@pytest.mark.parametrize("chunked", [False, True], ids=["content-length-512MiB", "chunked-512MiB"])
def test_an_oversized_body_is_refused_without_being_held(served: Served, chunked: bool):
    before = memory_kib(served.process.pid)
    status, body, sent = post_streaming(served, total=512 * MIB, chunked=chunked)
    after = memory_kib(served.process.pid)
    assert status == 413 and "larger than 1 MiB" in json.loads(body)["error"]
    assert sent < 512 * MIB  # the server stopped reading: the sender was cut off
    # peak and current memory flat (the old server grew by about twice the body)
    assert after["VmHWM"] - before["VmHWM"] < 16 * 1024, (before, after)
    assert after["VmRSS"] - before["VmRSS"] < 16 * 1024, (before, after)
    assert httpx.post(f"{served.url}/score", json=SCORE, headers=served.auth).status_code == 200


# -- the queue and the deadline -----------------------------------------------------------------


class HeldScorer:
    """Stands in for the model: scores zeros, but only once the test opens the gate."""

    max_nodes = MAX_NODES
    embedder = None

    def __init__(self) -> None:
        self.gate = threading.Event()
        self.entered = threading.Event()

    def score_many(self, tree: UITree, tasks: Sequence[str]) -> list[Scores]:
        self.entered.set()
        self.gate.wait(timeout=30)
        return [Scores(np.zeros(len(tree), np.float32), np.zeros(len(tree), np.float32)) for _ in tasks]


@dataclass
class Held:
    url: str
    auth: dict[str, str]
    scorer: HeldScorer

    def score(self, timeout: float = 30) -> httpx.Response:
        return httpx.post(f"{self.url}/score", json=SCORE, headers=self.auth, timeout=timeout)

    def busy(self) -> int:
        return httpx.get(f"{self.url}/health", headers=self.auth).json()["busy"]


@pytest.fixture
def held() -> Iterator[Callable[..., Held]]:
    started: list[tuple[uvicorn.Server, threading.Thread, HeldScorer]] = []

    def start(**limits: float) -> Held:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        token, scorer = new_token(), HeldScorer()
        app = create_app(scorer, guard=Guard(token, port, **limits))
        server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
        thread = threading.Thread(target=server.run, daemon=True)
        thread.start()
        while not server.started:
            time.sleep(0.01)
        started.append((server, thread, scorer))
        return Held(f"http://127.0.0.1:{port}", {"Authorization": f"Bearer {token}"}, scorer)

    yield start
    for server, thread, scorer in started:
        scorer.gate.set()
        server.should_exit = True
        thread.join(timeout=10)


def in_threads(count: int, call: Callable[[], httpx.Response]) -> tuple[list[threading.Thread], list]:
    results: list = [None] * count

    def run(i: int) -> None:
        results[i] = call()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    return threads, results


def test_a_flood_over_the_queue_bound_gets_503_and_the_server_then_answers(held: Callable[..., Held]):
    server = held(max_waiting=2)
    waiting, first = in_threads(2, server.score)  # both held by the model
    for _ in range(500):
        if server.busy() == 2:
            break
        time.sleep(0.01)
    flood, refused = in_threads(12, server.score)
    for thread in flood:
        thread.join(timeout=10)
    assert [r.status_code for r in refused] == [503] * 12
    assert all(r.headers["Retry-After"] == "1" and "busy" in r.json()["error"] for r in refused)
    server.scorer.gate.set()
    for thread in waiting:
        thread.join(timeout=10)
    assert [r.status_code for r in first] == [200, 200]
    assert server.score().status_code == 200


def test_a_request_past_its_deadline_gets_504_and_the_server_stays_up(held: Callable[..., Held]):
    server = held(deadline_s=0.5)
    running, first = in_threads(1, server.score)  # the model holds this one
    assert server.scorer.entered.wait(timeout=10)
    began = time.monotonic()
    queued = server.score()  # waits behind it, past the deadline: dropped from the queue
    assert queued.status_code == 504 and "deadline" in queued.json()["error"]
    assert time.monotonic() - began < 5
    running[0].join(timeout=10)
    assert first[0].status_code == 504
    server.scorer.gate.set()
    answered = server.score()  # the worker survived both abandoned jobs
    assert answered.status_code == 200 and len(answered.json()["s"][0]) == len(TREE)


def test_the_client_sends_a_busy_refusal_again_after_the_pause_the_server_asks_for(held: Callable[..., Held]):
    server = held(max_waiting=1)
    running, first = in_threads(1, server.score)  # the model holds this one: the next is refused as busy
    assert server.scorer.entered.wait(timeout=10)
    token = server.auth["Authorization"].removeprefix("Bearer ")
    opener = threading.Timer(0.3, server.scorer.gate.set)  # the model finishes while the client waits
    opener.start()
    client = BrokerScorer(server.url, token=token, busy_retries=3)
    began = time.monotonic()
    scores = client.score(TREE, "Sign in")
    assert len(scores.s) == len(TREE) and client.retried >= 1
    assert 0.9 < time.monotonic() - began < 10  # it waited the Retry-After (1 s) before asking again
    running[0].join(timeout=10)
    assert first[0].status_code == 200


def test_a_client_that_may_not_retry_reports_the_busy_server_in_one_line(held: Callable[..., Held]):
    server = held(max_waiting=1)
    running, _ = in_threads(1, server.score)
    assert server.scorer.entered.wait(timeout=10)
    client = BrokerScorer(server.url, token=server.auth["Authorization"].removeprefix("Bearer "), busy_retries=0)
    with pytest.raises(ScorerError, match="busy") as caught:
        client.score(TREE, "Sign in")
    assert "\n" not in str(caught.value) and client.retried == 0
    server.scorer.gate.set()
    running[0].join(timeout=10)


def test_bodies_over_the_memory_budget_together_get_503_and_a_lone_one_is_admitted(held: Callable[..., Held]):
    size = len(json.dumps(SCORE).encode())
    server = held(max_bodies=size + size // 2)  # room for one body in progress, not two
    running, first = in_threads(1, server.score)
    assert server.scorer.entered.wait(timeout=10)
    refused = server.score()
    assert refused.status_code == 503 and "MiB of bodies" in refused.json()["error"]
    assert refused.headers["Retry-After"] == "1"
    server.scorer.gate.set()
    running[0].join(timeout=10)
    assert first[0].status_code == 200 and server.score().status_code == 200  # the budget was given back
