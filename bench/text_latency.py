"""The free-text minimizer's latency on a quiet machine and beside a busy core.

    python bench/text_latency.py --data DIR [--repeat 2]

DIR holds `heldout_messages.jsonl` / `heldout_benign.jsonl` (as for `bench/outside_text.py`).
Each message of 50-400 words is minimized as new (the model's memory dropped first), with the
second stage's network run by spinning threads (ONNX Runtime's default), by sleeping ones (what
webminim ships), and by sleeping ones with the pattern detectors done after the network instead
of beside it, first on a quiet machine, then while another process keeps one core busy, as a
browser or the agent does beside the broker. The two sleeping settings read every message in
turn (paired: whole-set runs of one after the other move more between runs than they differ);
spinning threads go in a block of their own (they spin on after a run and would slow the next
setting's). Prints p50 / p90 / p99 ms per message and each row's ratio to the quiet, spinning one.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from webminim.egress.text import TextMinimizer
from webminim.egress.text.ci import NETWORK, _encoder, default_model
from webminim.embedder import NETWORK_LAYERS, OnnxMiniLM, minilm_dir, minilm_int8_graph


def _busy(stop: Any) -> None:
    while not stop.is_set():
        sum(range(10_000))


def messages(folder: Path) -> list[dict[str, Any]]:
    out = []
    for name in ("heldout_messages.jsonl", "heldout_benign.jsonl"):
        path = folder / name
        if path.exists():
            out += [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [r for r in out if 50 <= len(r["text"].split()) <= 400]


def timed(
    minimizer: TextMinimizer, records: list[dict[str, Any]], repeat: int, settings: list[Any]
) -> list[list[float]]:
    """Each message minimized once in every setting (a second-stage session), in an order that
    turns from message to message: the per-word memories a first reading warms favour no row."""
    model, network = default_model(), _encoder(NETWORK)
    times: list[list[float]] = [[] for _ in settings]
    for round_ in range(repeat):
        for i, record in enumerate(records):
            for k in range(len(settings)):
                which = (i + round_ + k) % len(settings)
                network._model = settings[which]
                model.forget()
                started = time.perf_counter()
                minimizer.minimize(record["text"], task=record.get("task", ""), recipient=record.get("recipient", ""))
                times[which].append((time.perf_counter() - started) * 1000)
    return [sorted(t) for t in times]


class _PatternsAfter:
    """The shipped session, its message's pattern detectors done after its runs instead of
    beside them (`Embedder.embed` hands `meanwhile` to an `OnnxMiniLM` only): the row to compare."""

    def __init__(self, session: OnnxMiniLM) -> None:
        self.session = session

    def encode(self, texts: list[str], *, batch_size: int = 128) -> Any:
        return self.session.encode(texts, batch_size=batch_size)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, required=True)
    parser.add_argument("--repeat", type=int, default=2)
    args = parser.parse_args(argv)
    records = messages(args.data)
    if not records:
        print(f"text_latency: no messages of 50-400 words in {args.data}", file=sys.stderr)
        return 2
    minimizer = TextMinimizer(budget_ms=10_000.0)  # time every message, none held back
    network = _encoder(NETWORK)
    network.embed(["warm up"])
    # one untimed pass first: the per-word memories (word pieces, grams) stay warm between
    # messages as in a session, so without it the first row timed would pay for every new
    # word and the rows after it would not
    shipped = network._model  # the sleeping-thread session webminim loads
    timed(minimizer, records, 1, [shipped])
    spinning = OnnxMiniLM(minilm_dir(), minilm_int8_graph(NETWORK_LAYERS[NETWORK]), spin=True, alone=True)
    # sessions of one kind of thread are read in turn message by message; the two kinds one after
    # the other (a spinning pool spins on after its run and slows whatever runs next)
    groups = [
        {"spinning threads": spinning},
        {
            "sleeping threads (shipped)": shipped,
            "sleeping threads, patterns after the network": _PatternsAfter(shipped),
        },
    ]
    rows: list[tuple[str, list[float]]] = []
    for load in ("quiet", "one core busy"):
        stop = multiprocessing.Event()
        worker = multiprocessing.Process(target=_busy, args=(stop,), daemon=True) if load != "quiet" else None
        if worker is not None:
            worker.start()
        try:
            for settings in groups:
                measured = timed(minimizer, records, args.repeat, list(settings.values()))
                rows += [(f"{load}, {name}", times) for name, times in zip(settings, measured, strict=True)]
        finally:
            stop.set()
            if worker is not None:
                worker.join()
    network._model = shipped
    table = Table(title=f"TextMinimizer on {args.data.name}: {len(records)} messages x {args.repeat}")
    for column in ("machine, second-stage threads", "p50 ms", "p90 ms", "p99 ms", "p50 / quiet spinning"):
        table.add_column(column)
    base = statistics.median(rows[0][1])
    for label, times in rows:
        p50 = statistics.median(times)
        p90, p99 = (times[min(len(times) - 1, int(q * len(times)))] for q in (0.9, 0.99))
        table.add_row(label, f"{p50:.2f}", f"{p90:.2f}", f"{p99:.2f}", f"{p50 / base:.2f}")
    Console(width=120).print(table)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
