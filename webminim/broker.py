"""`webminim serve`: one long-lived local broker that holds the model once for many agents.

    webminim serve --port 8765                       # loopback only by default
    MinimPage(page, task, broker="http://127.0.0.1:8765")   # the agent never loads torch

Routes (JSON in, JSON out; a bad request is `{"error": "<one line>"}` with 4xx, a scoring
failure 503, past the deadline 504; never a partial observation). Every request needs
`Authorization: Bearer <token>` of this launch and a loopback Host (see `webminim.serve_guard`):

    GET  /health          {"status": "ok"}; with the token also "model", "requests", "batches", "busy"
    POST /score           {"tree": <UITree dict>, "tasks": [...]} -> {"s": [[...]], "n": [[...]]}
    POST /sanitize        {"tree": ... | "html": ..., "task": ..., "format": ...} -> {"text", "nodes"}
    POST /minimize-call   {"tool", "args", "schema", "task", "trust"} -> the minimize-call JSON

Only `/score` is needed by agents: the policy, the view and the session's vault stay in the
agent's own process, so placeholders never mix between agents. Scoring requests from many
agents are micro-batched: one worker thread owns the model, drains the queue for a few
milliseconds, embeds every new text of the batch in one MiniLM call, then runs the GATv2
pass tree by tree (it is cheap).
"""

from __future__ import annotations

import asyncio
import gc
import json
import math
import queue
import signal
import socket
import sys
import threading
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

import numpy as np

from extractors.errors import ExtractionError
from extractors.tree import UITree
from webminim.errors import ConfigError, RequestRefused, ScorerError, WebminimError
from webminim.scores import MAX_NODES, Scores, check_request
from webminim.serve_guard import (
    DEADLINE_S,
    MAX_BODIES_BYTES,
    MAX_BODY_BYTES,
    MAX_WAITING,
    TOKEN_ENV,
    Guard,
    GuardMiddleware,
    Load,
    check_host_names,
    new_token,
    read_token,
    remove_token,
    token_path,
    too_large,
    write_token,
)

BATCH_WINDOW_S = 0.004  # how long the worker waits for more requests after the first
MAX_BATCH = 32


@dataclass
class _Job:
    tree: UITree
    tasks: list[str]
    done: Future = field(default_factory=Future)


class ScoringQueue:
    """One thread owns the scorer; requests from any thread are batched into its passes."""

    def __init__(self, scorer: Any, *, window_s: float = BATCH_WINDOW_S, max_batch: int = MAX_BATCH) -> None:
        self.scorer = scorer
        self.window_s = window_s
        self.max_batch = max_batch
        self.requests = 0
        self.batches = 0
        self._jobs: queue.Queue[_Job | None] = queue.Queue()
        self._thread = threading.Thread(target=self._run, name="webminim-scorer", daemon=True)
        self._thread.start()

    def submit(self, tree: UITree, tasks: list[str]) -> Future:
        job = _Job(tree, tasks)
        self._jobs.put(job)
        return job.done

    def close(self) -> None:
        self._jobs.put(None)
        self._thread.join(timeout=5)

    def _run(self) -> None:
        while True:
            first = self._jobs.get()
            if first is None:
                return
            batch = [first]
            until = time.monotonic() + self.window_s
            while len(batch) < self.max_batch:
                try:
                    job = self._jobs.get(timeout=max(0.0, until - time.monotonic()))
                except queue.Empty:
                    break
                if job is None:
                    self._jobs.put(None)
                    break
                batch.append(job)
            self._score(batch)

    def _score(self, batch: list[_Job]) -> None:
        batch = [job for job in batch if job.done.set_running_or_notify_cancel()]  # past its deadline: skipped
        if not batch:
            return
        self.batches += 1
        self.requests += len(batch)
        embedder = getattr(self.scorer, "embedder", None)
        if embedder is not None and len(batch) > 1:
            try:  # one MiniLM call for every new text of the batch; each pass below then hits the cache
                texts = [t for job in batch for t in _texts(job.tree)] + [t for job in batch for t in job.tasks]
                embedder.embed(texts)
            except WebminimError:
                pass  # each job reports its own failure below
        for job in batch:
            try:
                job.done.set_result(self.scorer.score_many(job.tree, job.tasks))
            except WebminimError as exc:
                job.done.set_exception(exc)
            except Exception as exc:  # noqa: BLE001 - the worker must survive any one request
                job.done.set_exception(ScorerError(f"scoring failed: {type(exc).__name__}: {exc}"))


def _texts(tree: UITree) -> list[str]:
    from webminim.features import node_texts

    return node_texts(tree)  # exactly what the scorer embeds, so its pass hits the cache


# -- the server ---------------------------------------------------------------------------------


def create_app(scorer: Any, *, guard: Guard, model_name: str = "default") -> Any:
    """The Starlette app around one scorer (the GATv2 `Scorer` in `webminim serve`), behind `guard`."""
    from starlette.applications import Starlette
    from starlette.exceptions import HTTPException
    from starlette.middleware import Middleware
    from starlette.requests import ClientDisconnect, Request
    from starlette.responses import JSONResponse
    from starlette.routing import Route

    jobs = ScoringQueue(scorer)
    load = Load()
    # Parsing, tree building and views run off the event loop, so a deadline (504) or a refusal
    # (503) is still answered while they work; one thread keeps them serialized as they were
    cpu = ThreadPoolExecutor(max_workers=1, thread_name_prefix="webminim-serve")

    async def off_loop(fn: Callable[..., Any], *args: Any) -> Any:
        return await asyncio.wrap_future(cpu.submit(fn, *args))  # cancelled with its request

    async def body(request: Request) -> dict[str, Any]:
        return await off_loop(_json_object, await _read_capped(request, guard.max_body))

    async def scored(tree: UITree, tasks: list[str]) -> list[Scores]:
        return await asyncio.wrap_future(jobs.submit(tree, tasks))  # cancelled past the deadline: not scored

    async def health(request: Request) -> JSONResponse:
        if not getattr(request.state, "authorized", False):
            return JSONResponse({"status": "ok"})  # liveness only: activity is for token holders
        stats = {"model": model_name, "requests": jobs.requests, "batches": jobs.batches, "busy": load.busy}
        return JSONResponse({"status": "ok", **stats})

    def answered(handler: Callable[[Request], Awaitable[dict[str, Any]]], failure: int) -> Callable[..., Any]:
        """One place maps failures to one JSON line: the client's to 4xx, ours to `failure`, slow to 504."""

        async def endpoint(request: Request) -> JSONResponse:
            try:
                return JSONResponse(await asyncio.wait_for(handler(request), guard.deadline_s))
            except TimeoutError:
                return _refusal(RequestRefused(504, f"no answer within the {guard.deadline_s:g} s deadline"))
            except RequestRefused as exc:
                return _refusal(exc)
            except ExtractionError as exc:
                return _refusal(RequestRefused(400, str(exc)))
            except WebminimError as exc:
                return _refusal(RequestRefused(failure, str(exc)))
            except ClientDisconnect:
                return _refusal(RequestRefused(400, "the client closed the connection"))  # nobody reads it
            except Exception as exc:  # noqa: BLE001 - a bug answers one line, never a traceback
                sys.stderr.write(f"webminim serve: internal error: {type(exc).__name__}: {exc}\n"[:500])
                return _refusal(RequestRefused(500, f"internal error: {type(exc).__name__}"))

        return endpoint

    async def score(request: Request) -> dict[str, Any]:
        data = await body(request)
        tree = await off_loop(_tree, data.get("tree"))
        tasks = data.get("tasks")
        if not isinstance(tasks, list) or not tasks or not all(isinstance(t, str) and t.strip() for t in tasks):
            raise RequestRefused(400, "tasks must be a non-empty list of non-empty texts")
        results = await scored(tree, tasks)
        return {"s": [r.s.tolist() for r in results], "n": [r.n.tolist() for r in results]}

    async def sanitize(request: Request) -> dict[str, Any]:
        data = await body(request)
        task, fmt = _sanitize_args(data)
        tree = await off_loop(_page_tree, data)
        (result,) = await scored(tree, [task])
        return await off_loop(_view, tree, task, fmt, result)

    async def minimize_call(request: Request) -> dict[str, Any]:
        return await off_loop(_minimized, await body(request))

    async def http_error(request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, HTTPException)
        return JSONResponse({"error": str(exc.detail)}, status_code=exc.status_code, headers=exc.headers)

    app = Starlette(
        routes=[
            Route("/health", health, methods=["GET"]),
            Route("/score", answered(score, 503), methods=["POST"]),
            Route("/sanitize", answered(sanitize, 503), methods=["POST"]),
            Route("/minimize-call", answered(minimize_call, 422), methods=["POST"]),  # a call that cannot be checked
        ],
        middleware=[Middleware(GuardMiddleware, guard=guard, load=load)],
        exception_handlers={HTTPException: http_error},  # 404 / 405 as one JSON line too
        lifespan=_closing(jobs, cpu),
    )
    app.state.jobs = jobs
    return app


async def _read_capped(request: Any, cap: int) -> bytearray:
    """The body, counted as it arrives: a chunked one past `cap` is cut off, never held whole."""
    raw = bytearray()
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > cap:
            raise RequestRefused(413, too_large(cap))
    return raw


def _refusal(refused: RequestRefused) -> Any:
    from starlette.responses import JSONResponse

    headers = {}
    if refused.retry_after_s is not None:
        headers["Retry-After"] = str(refused.retry_after_s)
    if refused.status == 413:
        headers["Connection"] = "close"  # the rest of the body is never read
    message = str(refused).splitlines()[0] if str(refused).strip() else "error"
    return JSONResponse({"error": message}, status_code=refused.status, headers=headers)


def _json_object(raw: bytes | bytearray) -> dict[str, Any]:
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        raise RequestRefused(400, "request body is not JSON") from None
    if not isinstance(data, dict):
        raise RequestRefused(400, "request body must be a JSON object")
    return data


def _sanitize_args(data: dict[str, Any]) -> tuple[str, str]:
    task = data.get("task")
    if not isinstance(task, str) or not task.strip():
        raise RequestRefused(400, "task must be a non-empty text")
    fmt = data.get("format", "webarena")
    if fmt not in ("webarena", "browsergym", "json"):
        raise RequestRefused(400, "format must be webarena, browsergym or json")
    return task, fmt


def _page_tree(data: dict[str, Any]) -> UITree:
    if isinstance(data.get("html"), str):
        from extractors.html import tree_from_html

        return tree_from_html(data["html"], url=str(data.get("url", "")))
    return _tree(data.get("tree"))


def _view(tree: UITree, task: str, fmt: str, result: Scores) -> dict[str, Any]:
    from webminim.minim import Minim

    view = Minim(_Fixed(result)).sanitize(tree, task)  # a fresh vault: nothing shared between requests
    return {"text": view.text("webarena" if fmt == "json" else fmt), "nodes": view.nodes_json()}


def _minimized(data: dict[str, Any]) -> dict[str, Any]:
    from webminim.egress import ToolMinimizer

    tool, schema = data.get("tool"), data.get("schema")
    if not isinstance(tool, str) or not tool:
        raise RequestRefused(400, "tool must be a non-empty name")
    minimizer = ToolMinimizer()
    minimizer.register(tool, schema, trust=data.get("trust"))
    return minimizer.minimize(tool, data.get("args"), task=str(data.get("task", ""))).to_json()


def _closing(jobs: ScoringQueue, cpu: ThreadPoolExecutor) -> Callable[[Any], AsyncIterator[None]]:
    @asynccontextmanager
    async def lifespan(app: Any) -> AsyncIterator[None]:
        yield
        jobs.close()
        cpu.shutdown(wait=False, cancel_futures=True)

    return lifespan


@dataclass
class _Fixed:
    """Scores already computed by the queue, in the TreeScorer shape Minim wants."""

    result: Scores
    max_nodes: int = MAX_NODES

    def score(self, tree: UITree, task: str) -> Scores:
        return self.result

    def score_many(self, tree: UITree, tasks: Sequence[str]) -> list[Scores]:
        return [self.result for _ in tasks]


def _tree(raw: Any) -> UITree:
    if not isinstance(raw, dict):
        raise RequestRefused(400, "tree must be a UITree JSON object (UITree.to_dict())")
    try:
        return UITree.from_dict(raw)
    except ExtractionError:
        raise
    except Exception as exc:  # noqa: BLE001 - a malformed tree is the client's error, one line
        raise RequestRefused(400, f"tree is malformed: {type(exc).__name__}: {exc}") from None


def serve(
    *,
    host: str = "127.0.0.1",
    port: int = 8765,
    model: Any = None,
    allow_remote_clients: bool = False,
    max_waiting: int = MAX_WAITING,
    deadline_s: float = DEADLINE_S,
    max_body: int = MAX_BODY_BYTES,
    allow_hosts: tuple[str, ...] = (),
    max_bodies: int = MAX_BODIES_BYTES,
) -> None:
    """Load the model once and serve until interrupted; the token lives as long as the server.
    `allow_hosts`: names besides loopback and the bound address that clients may send as Host."""
    from webminim.hosts import is_loopback

    if not is_loopback(host) and not allow_remote_clients:
        raise ConfigError(
            f"{host} is not a loopback address: pages would be scored for other machines; "
            "pass --allow-remote-clients to accept that"
        )
    if max_waiting < 1 or deadline_s <= 0 or max_body < 1:
        raise ConfigError("--queue, --deadline and --max-body must be positive")
    if max_bodies < max_body:
        raise ConfigError("--max-bodies must be at least --max-body (one full-size request at a time)")
    if allow_hosts and not allow_remote_clients:
        raise ConfigError("--allow-host names a way in for other machines: it needs --allow-remote-clients")
    check_host_names(allow_hosts)  # before the model loads
    import uvicorn

    from webminim.scorer import load_scorer

    scorer = load_scorer(model)
    scorer.embedder.embed(["warm up"])  # load MiniLM before the first request, not during it
    sock = _listen(host, port)  # bound before the token is written: a busy port never overwrites its token
    port = sock.getsockname()[1]
    guard = Guard(
        new_token(),
        port,
        host,
        max_body=max_body,
        max_waiting=max_waiting,
        deadline_s=deadline_s,
        max_bodies=max_bodies,
        extra_hosts=allow_hosts,
    )
    app = create_app(scorer, guard=guard, model_name=str(model or "default"))
    path = token_path(port)
    write_token(path, guard.token)
    shown = f"[{host}]" if ":" in host else host
    print(f"webminim serve on http://{shown}:{port}\ntoken file (mode 0600): {path}\ntoken: {guard.token}", flush=True)
    # What is loaded now lives as long as the server: out of the cycle collector's full passes,
    # which otherwise walk its ~100,000 objects (17-27 ms) every few requests
    gc.freeze()
    with _terminate_as_exit():
        try:
            uvicorn.Server(uvicorn.Config(app, log_level="warning")).run(sockets=[sock])
        finally:
            remove_token(path, guard.token)


@contextmanager
def _terminate_as_exit() -> Iterator[None]:
    """uvicorn stops gracefully on SIGTERM, then raises it again: as SystemExit the token is removed."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def exit_now(sig: int, frame: Any) -> None:
        raise SystemExit(128 + sig)

    previous = signal.signal(signal.SIGTERM, exit_now)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _listen(host: str, port: int) -> socket.socket:
    try:
        family, kind, _, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
        sock = socket.socket(family, kind)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
    except OSError as exc:
        raise ConfigError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    return sock


# -- the client ---------------------------------------------------------------------------------


class BrokerScorer:
    """A TreeScorer that asks a running `webminim serve` (no torch in this process)."""

    def __init__(
        self,
        url: str,
        *,
        timeout_s: float = 60.0,
        allow_remote: bool = False,
        max_nodes: int = MAX_NODES,
        transport: Any = None,
        token: str | None = None,
        busy_retries: int = 3,
    ) -> None:
        """`token`: the server's; by default WEBMINIM_BROKER_TOKEN, else the file `serve` wrote.
        `busy_retries`: how often a request the server refused as busy (503) is sent again,
        after the pause its Retry-After asks for and within `timeout_s`."""
        import httpx

        from webminim.hosts import is_loopback

        parts = urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ConfigError(f"broker URL is not an http(s) URL: {url!r}")
        if not allow_remote and not is_loopback(parts.hostname):
            raise ConfigError(f"broker {parts.hostname} is not this machine: it would receive raw pages")
        self.url = url.rstrip("/")
        self.port = parts.port or (443 if parts.scheme == "https" else 80)
        self.token = token
        self.timeout_s = timeout_s
        self.max_nodes = max_nodes
        self.busy_retries = busy_retries
        self.retried = 0  # requests sent again after a 503, for the caller's figures
        self._http = httpx.Client(transport=transport, trust_env=False, timeout=timeout_s)

    def score(self, tree: UITree, task: str) -> Scores:
        return self.score_many(tree, [task])[0]

    def score_many(self, tree: UITree, tasks: Sequence[str]) -> list[Scores]:
        import httpx

        check_request(tree, tasks, self.max_nodes)
        try:
            response = self._post("/score", {"tree": tree.to_dict(), "tasks": list(tasks)})
        except httpx.HTTPError as exc:
            raise ScorerError(f"broker {self.url} unreachable: {type(exc).__name__}") from None
        try:
            data = response.json()
        except ValueError:
            raise ScorerError(f"broker {self.url} answered HTTP {response.status_code} without JSON") from None
        if response.status_code != 200:
            error = data.get("error", response.status_code) if isinstance(data, dict) else response.status_code
            hint = (
                f" (the token is read from {TOKEN_ENV} or {token_path(self.port)})"
                if response.status_code == 401
                else ""
            )
            raise ScorerError(f"broker: {error}{hint}")
        return _scores(data, len(tree), len(tasks))

    def _post(self, path: str, body: dict[str, Any]) -> Any:
        """The server's answer; a 503 (busy) is sent again after its Retry-After (at most
        MAX_RETRY_PAUSE_S), `busy_retries` times, while the pause fits in `timeout_s`."""
        deadline = time.monotonic() + self.timeout_s
        attempts = 0
        while True:
            response = self._http.post(f"{self.url}{path}", json=body, headers=self._auth())
            pause = _retry_pause(response.headers.get("Retry-After"))
            if response.status_code != 503 or attempts == self.busy_retries or time.monotonic() + pause >= deadline:
                return response
            time.sleep(pause)
            attempts += 1
            self.retried += 1

    def _auth(self) -> dict[str, str]:
        # read per request (a few microseconds): a restarted server's new token is picked up
        token = self.token or read_token(self.port)
        return {"Authorization": f"Bearer {token}"} if token else {}

    def close(self) -> None:
        self._http.close()


MAX_RETRY_PAUSE_S = 5.0


def _retry_pause(header: str | None) -> float:
    """Seconds a busy server asked to wait (Retry-After in seconds), within [0.05, MAX_RETRY_PAUSE_S]."""
    try:
        asked = float(header) if header is not None else 1.0
    except ValueError:
        asked = 1.0  # an HTTP date, or nonsense: a second, as our own server asks
    if not math.isfinite(asked):
        asked = 1.0
    return min(max(asked, 0.05), MAX_RETRY_PAUSE_S)


def _scores(data: Any, size: int, count: int) -> list[Scores]:
    """The broker's answer, checked: one s and one n of the tree's length per task, in [0, 10]."""
    try:
        s, n = np.asarray(data["s"], dtype=np.float32), np.asarray(data["n"], dtype=np.float32)
    except (KeyError, TypeError, ValueError):
        raise ScorerError("broker answered malformed scores") from None
    if s.shape != (count, size) or n.shape != (count, size) or not (np.isfinite(s).all() and np.isfinite(n).all()):
        raise ScorerError("broker answered scores that do not fit the page")
    return [Scores(np.clip(s[i], 0, 10), np.clip(n[i], 0, 10)) for i in range(count)]
