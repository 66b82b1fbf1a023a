"""`webminim serve`: one long-lived local broker that holds the model once for many agents.

    webminim serve --port 8765                       # loopback only by default
    MinimPage(page, task, broker="http://127.0.0.1:8765")   # the agent never loads torch

Routes (JSON in, JSON out; a bad request is `{"error": "<one line>"}` with 4xx, a scoring
failure 503; never a partial observation):

    GET  /health          {"status": "ok", "model": ..., "requests": n, "batches": n}
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
import queue
import threading
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from concurrent.futures import Future
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

import numpy as np

from extractors.errors import ExtractionError
from extractors.tree import UITree
from webminim.errors import ConfigError, ScorerError, WebminimError
from webminim.scores import MAX_NODES, Scores, check_request

MAX_BODY_BYTES = 64 * 1024 * 1024
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


def create_app(scorer: Any, *, model_name: str = "default") -> Any:
    """The Starlette app around one scorer (the GATv2 `Scorer` in `webminim serve`)."""
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import JSONResponse
    from starlette.routing import Route

    jobs = ScoringQueue(scorer)

    def error(status: int, message: str) -> JSONResponse:
        return JSONResponse({"error": message.splitlines()[0] if message else "error"}, status_code=status)

    async def body(request: Request) -> dict[str, Any]:
        raw = await request.body()
        if len(raw) > MAX_BODY_BYTES:
            raise _BadRequest(f"request body is larger than {MAX_BODY_BYTES // (1024 * 1024)} MiB")
        try:
            data = json.loads(raw)
        except (ValueError, RecursionError):
            raise _BadRequest("request body is not JSON") from None
        if not isinstance(data, dict):
            raise _BadRequest("request body must be a JSON object")
        return data

    async def scored(tree: UITree, tasks: list[str]) -> list[Scores]:
        return await asyncio.wrap_future(jobs.submit(tree, tasks))

    async def health(request: Request) -> JSONResponse:
        return JSONResponse({"status": "ok", "model": model_name, "requests": jobs.requests, "batches": jobs.batches})

    def answered(handler: Callable[[Request], Awaitable[dict[str, Any]]], failure: int) -> Callable[..., Any]:
        """One place maps failures to one JSON line: the client's to 400, ours to `failure`."""

        async def endpoint(request: Request) -> JSONResponse:
            try:
                return JSONResponse(await handler(request))
            except (_BadRequest, ExtractionError) as exc:
                return error(400, str(exc))
            except WebminimError as exc:
                return error(failure, str(exc))

        return endpoint

    async def score(request: Request) -> dict[str, Any]:
        data = await body(request)
        tree = _tree(data.get("tree"))
        tasks = data.get("tasks")
        if not isinstance(tasks, list) or not tasks or not all(isinstance(t, str) and t.strip() for t in tasks):
            raise _BadRequest("tasks must be a non-empty list of non-empty texts")
        results = await scored(tree, tasks)
        return {"s": [r.s.tolist() for r in results], "n": [r.n.tolist() for r in results]}

    async def sanitize(request: Request) -> dict[str, Any]:
        from webminim.minim import Minim

        data = await body(request)
        task = data.get("task")
        if not isinstance(task, str) or not task.strip():
            raise _BadRequest("task must be a non-empty text")
        fmt = data.get("format", "webarena")
        if fmt not in ("webarena", "browsergym", "json"):
            raise _BadRequest("format must be webarena, browsergym or json")
        if isinstance(data.get("html"), str):
            from extractors.html import tree_from_html

            tree = tree_from_html(data["html"], url=str(data.get("url", "")))
        else:
            tree = _tree(data.get("tree"))
        (result,) = await scored(tree, [task])
        view = Minim(_Fixed(result)).sanitize(tree, task)  # a fresh vault: nothing shared between requests
        return {"text": view.text("webarena" if fmt == "json" else fmt), "nodes": view.nodes_json()}

    async def minimize_call(request: Request) -> dict[str, Any]:
        from webminim.egress import ToolMinimizer

        data = await body(request)
        tool, schema = data.get("tool"), data.get("schema")
        if not isinstance(tool, str) or not tool:
            raise _BadRequest("tool must be a non-empty name")
        minimizer = ToolMinimizer()
        minimizer.register(tool, schema, trust=data.get("trust"))
        return minimizer.minimize(tool, data.get("args"), task=str(data.get("task", ""))).to_json()

    app = Starlette(
        routes=[
            Route("/health", health, methods=["GET"]),
            Route("/score", answered(score, 503), methods=["POST"]),
            Route("/sanitize", answered(sanitize, 503), methods=["POST"]),
            Route("/minimize-call", answered(minimize_call, 422), methods=["POST"]),  # a call that cannot be checked
        ],
        lifespan=_closing(jobs),
    )
    app.state.jobs = jobs
    return app


class _BadRequest(Exception):
    pass


def _closing(jobs: ScoringQueue) -> Callable[[Any], AsyncIterator[None]]:
    @asynccontextmanager
    async def lifespan(app: Any) -> AsyncIterator[None]:
        yield
        jobs.close()

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
        raise _BadRequest("tree must be a UITree JSON object (UITree.to_dict())")
    try:
        return UITree.from_dict(raw)
    except ExtractionError:
        raise
    except Exception as exc:  # noqa: BLE001 - a malformed tree is the client's error, one line
        raise _BadRequest(f"tree is malformed: {type(exc).__name__}: {exc}") from None


def serve(*, host: str = "127.0.0.1", port: int = 8765, model: Any = None, allow_remote_clients: bool = False) -> None:
    """Load the model once and serve until interrupted."""
    from webminim.llm import is_loopback

    if not is_loopback(host) and not allow_remote_clients:
        raise ConfigError(
            f"{host} is not a loopback address: pages would be scored for other machines; "
            "pass --allow-remote-clients to accept that"
        )
    import uvicorn

    from webminim.scorer import load_scorer

    scorer = load_scorer(model)
    scorer.embedder.embed(["warm up"])  # load MiniLM before the first request, not during it
    app = create_app(scorer, model_name=str(model or "default"))
    # What is loaded now lives as long as the server: out of the cycle collector's full passes,
    # which otherwise walk its ~100,000 objects (17-27 ms) every few requests
    gc.freeze()
    uvicorn.run(app, host=host, port=port, log_level="warning")


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
    ) -> None:
        import httpx

        from webminim.llm import is_loopback

        parts = urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ConfigError(f"broker URL is not an http(s) URL: {url!r}")
        if not allow_remote and not is_loopback(parts.hostname):
            raise ConfigError(f"broker {parts.hostname} is not this machine: it would receive raw pages")
        self.url = url.rstrip("/")
        self.timeout_s = timeout_s
        self.max_nodes = max_nodes
        self._http = httpx.Client(transport=transport, trust_env=False, timeout=timeout_s)

    def score(self, tree: UITree, task: str) -> Scores:
        return self.score_many(tree, [task])[0]

    def score_many(self, tree: UITree, tasks: Sequence[str]) -> list[Scores]:
        import httpx

        check_request(tree, tasks, self.max_nodes)
        try:
            response = self._http.post(f"{self.url}/score", json={"tree": tree.to_dict(), "tasks": list(tasks)})
        except httpx.HTTPError as exc:
            raise ScorerError(f"broker {self.url} unreachable: {type(exc).__name__}") from None
        try:
            data = response.json()
        except ValueError:
            raise ScorerError(f"broker {self.url} answered HTTP {response.status_code} without JSON") from None
        if response.status_code != 200:
            raise ScorerError(f"broker: {data.get('error', response.status_code) if isinstance(data, dict) else ''}")
        return _scores(data, len(tree), len(tasks))

    def close(self) -> None:
        self._http.close()


def _scores(data: Any, size: int, count: int) -> list[Scores]:
    """The broker's answer, checked: one s and one n of the tree's length per task, in [0, 10]."""
    try:
        s, n = np.asarray(data["s"], dtype=np.float32), np.asarray(data["n"], dtype=np.float32)
    except (KeyError, TypeError, ValueError):
        raise ScorerError("broker answered malformed scores") from None
    if s.shape != (count, size) or n.shape != (count, size) or not (np.isfinite(s).all() and np.isfinite(n).all()):
        raise ScorerError("broker answered scores that do not fit the page")
    return [Scores(np.clip(s[i], 0, 10), np.clip(n[i], 0, 10)) for i in range(count)]
