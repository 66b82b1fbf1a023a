"""One ONNX Runtime session on the CPU, set up the same way for every graph webminim runs."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any


def onnx_session(graph: Path, *, spin: bool = True) -> Any:
    """An ONNX Runtime session on the CPU; WEBMINIM_THREADS caps its threads (0: one per core).

    `spin=False`: its threads sleep between ops instead of busy-waiting. A call of a few
    milliseconds on cores another process also uses (a browser, the agent) then costs about
    what one thread would, where a spinning pair waits on each other (twice as slow beside
    one busy core: bench/text_latency.py)."""
    import onnxruntime

    options = onnxruntime.SessionOptions()
    options.log_severity_level = 3  # shape-inference notices are not the user's business
    # No arena, no per-shape memory plans: every page brings new batch shapes, and an arena
    # that keeps each one's peak held an agent process at 604 MiB against 535 without (the
    # same speed; bench/run_all.py, MiniLM embedding three first-visit pages)
    options.enable_cpu_mem_arena = False
    options.enable_mem_pattern = False
    threads = os.environ.get("WEBMINIM_THREADS", "").strip()
    if threads.isdigit():
        options.intra_op_num_threads = int(threads)
    if not spin:
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
    return onnxruntime.InferenceSession(str(graph), options, providers=["CPUExecutionProvider"])
