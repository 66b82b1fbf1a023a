"""`webminim sanitize-batch`: sanitize recorded observations (trajectories to share or to send
to an LLM judge) in bulk, on local processes or on Ray Data.

    webminim sanitize-batch steps.jsonl --out safe.jsonl [--workers 2] [--ray [--ray-address A]]

Each input line is a JSON object: `id`, `task`, and the page as `tree` (a `UITree.to_dict()`,
what `webminim snapshot --format json` prints) or `html`. Each output line is `{"id", "text",
"nodes"}` (the `sanitize --format json` contract), or `{"id", "error"}` with one line when the
record cannot be sanitized: never a partial observation. Every record gets a fresh vault.
The run is resumable: ids already in OUT are skipped, results are appended as they finish.
"""

from __future__ import annotations

import gc
import json
import os
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from multiprocessing import get_context
from pathlib import Path
from typing import Any

from webminim.errors import ConfigError, WebminimError
from webminim.private_files import open_private

MAX_LINE_BYTES = 64 * 1024 * 1024
CHUNK = 8  # records per task sent to a worker (amortizes the hand-off, keeps progress smooth)


@dataclass(frozen=True, slots=True)
class Record:
    id: str
    line: str  # the raw input line, parsed in the worker


def read_records(path: Path, done: set[str]) -> Iterator[Record | dict[str, str]]:
    """Records still to do; a line that is not a usable record yields its error row."""
    with path.open(encoding="utf-8") as handle:
        for number, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            if len(line) > MAX_LINE_BYTES:
                yield {"id": f"line-{number}", "error": f"line {number} is larger than 64 MiB"}
                continue
            try:
                data = json.loads(line)
                rid = str(data["id"]) if isinstance(data, dict) and data.get("id") not in (None, "") else None
            except (ValueError, RecursionError):
                yield {"id": f"line-{number}", "error": f"line {number} is not JSON"}
                continue
            if rid is None:
                yield {"id": f"line-{number}", "error": f"line {number} has no id"}
            elif rid not in done:
                yield Record(rid, line)


def done_ids(out: Path) -> set[str]:
    """Ids already written (a line cut by an interrupted run is ignored and redone)."""
    if not out.exists():
        return set()
    ids = set()
    with out.open(encoding="utf-8") as handle:
        for line in handle:
            try:
                ids.add(str(json.loads(line)["id"]))
            except (ValueError, KeyError, TypeError):
                continue
    return ids


# -- the per-record work (pure given a Minim) ---------------------------------------------------


def sanitize_line(minim_factory: Callable[[], Any], line: str) -> dict[str, Any]:
    from extractors.html import tree_from_html
    from extractors.tree import UITree

    data = json.loads(line)
    rid = str(data["id"])
    try:
        task = data.get("task")
        if not isinstance(task, str) or not task.strip():
            raise ConfigError("task must be a non-empty text")
        if isinstance(data.get("tree"), dict):
            tree = UITree.from_dict(data["tree"])
        elif isinstance(data.get("html"), str):
            tree = tree_from_html(data["html"], url=str(data.get("url", "")))
        else:
            raise ConfigError("a record needs `tree` (UITree JSON) or `html`")
        view = minim_factory().sanitize(tree, task)  # a fresh vault per record
        return {"id": rid, "text": view.text("webarena"), "nodes": view.nodes_json()}
    except WebminimError as exc:
        return {"id": rid, "error": str(exc).splitlines()[0]}
    except Exception as exc:  # noqa: BLE001 - one bad record must not stop the batch, nor leak a partial view
        return {"id": rid, "error": f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"}


_SCORER: Any = None


def _worker_init(model: str | None, *, worker: bool = True) -> None:
    """Load the model; `worker`: in a process of its own (a pool worker, a Ray actor)."""
    from webminim.embedder import default_runtime
    from webminim.scorer import load_scorer

    global _SCORER
    if worker:  # one core per worker: workers, not threads, give the parallelism
        os.environ["WEBMINIM_THREADS"] = "1"  # ONNX Runtime sessions read it when they start
        if default_runtime() == "torch":
            import torch

            torch.set_num_threads(1)
    _SCORER = load_scorer(Path(model) if model else None)
    if worker:  # what is loaded lives as long as the worker: out of the cycle collector's full passes
        gc.freeze()


def _fresh_minim() -> Any:
    from webminim.minim import Minim

    return Minim(_SCORER)


def _work(lines: list[str]) -> list[dict[str, Any]]:
    return [sanitize_line(_fresh_minim, line) for line in lines]


def _chunks(records: Iterable[Record], size: int) -> Iterator[list[str]]:
    chunk: list[str] = []
    for record in records:
        chunk.append(record.line)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def run_local(records: list[Record], *, workers: int, model: Path | None) -> Iterator[dict[str, Any]]:
    """Results in completion order, from `workers` processes that each load the model once."""
    if workers == 1:
        _worker_init(str(model) if model else None, worker=False)  # in this process, torch's own threads
        for record in records:
            yield sanitize_line(_fresh_minim, record.line)
        return
    context = get_context("spawn")  # torch and fork do not mix
    with ProcessPoolExecutor(workers, mp_context=context, initializer=_worker_init, initargs=(model,)) as pool:
        pending = [pool.submit(_work, chunk) for chunk in _chunks(records, CHUNK)]
        for future in pending:
            yield from future.result()


# -- Ray Data -------------------------------------------------------------------------------------


class _RaySanitizer:
    """A Ray Data callable class: each actor loads the model once and sanitizes batches."""

    def __init__(self, model: str | None) -> None:
        _worker_init(model)

    def __call__(self, batch: dict[str, Any]) -> dict[str, Any]:
        results = [sanitize_line(_fresh_minim, str(line)) for line in batch["line"]]
        return {"result": [json.dumps(r, ensure_ascii=False) for r in results]}


def run_ray(
    records: list[Record], *, workers: int, model: Path | None, address: str | None
) -> Iterator[dict[str, Any]]:
    try:
        import ray
    except ImportError:
        raise ConfigError("--ray needs Ray Data: pip install 'webminim[ray]'") from None
    if not ray.is_initialized():
        if address:
            ray.init(address=address, log_to_driver=False)
        else:
            ray.init(num_cpus=max(workers, 1), include_dashboard=False, log_to_driver=False)
    if not records:
        return
    data = ray.data.from_items([{"line": r.line} for r in records])
    out = data.map_batches(
        _RaySanitizer,
        fn_constructor_args=(str(model) if model else None,),
        batch_size=CHUNK,
        concurrency=workers,
        num_cpus=1,
    )
    for row in out.iter_rows():
        yield json.loads(row["result"])


def sanitize_batch(
    source: Path,
    out: Path,
    *,
    workers: int = 1,
    model: Path | None = None,
    use_ray: bool = False,
    ray_address: str | None = None,
    on_result: Callable[[int, int], None] | None = None,
) -> dict[str, int]:
    """Sanitize every record of `source` not yet in `out`; returns counts (done, errors, skipped)."""
    if workers < 1:
        raise ConfigError("--workers must be at least 1")
    if not source.is_file():
        raise ConfigError(f"{source} is not a file")
    done = done_ids(out)
    records: list[Record] = []
    errors: list[dict[str, str]] = []
    for item in read_records(source, done):
        if isinstance(item, Record):
            records.append(item)
        elif item["id"] not in done:
            errors.append(item)
    counts = {"sanitized": 0, "errors": 0, "skipped": len(done)}
    total = len(records) + len(errors)
    out.parent.mkdir(parents=True, exist_ok=True)
    with open_private(out, "a") as sink:  # owner-only: the sanitized views, and error lines
        results: Iterable[dict[str, Any]] = errors
        if records:
            more = (
                run_ray(records, workers=workers, model=model, address=ray_address)
                if use_ray
                else run_local(records, workers=workers, model=model)
            )
            results = _chain(errors, more)
        for index, result in enumerate(results, start=1):
            sink.write(json.dumps(result, ensure_ascii=False) + "\n")
            sink.flush()
            counts["errors" if "error" in result else "sanitized"] += 1
            if on_result:
                on_result(index, total)
        os.fsync(sink.fileno())
    return counts


def _chain(*parts: Iterable[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    for part in parts:
        yield from part
