"""The scorer's exports, made once from MiniLM's checked weights, without torch: MiniLM's ONNX
graph (`webminim.minilm_graph`) and its distilled static table (`webminim.static_table`).

    python -m webminim.scorer.export    # export both now (./dev runs it at set-up)

The GATv2 network needs no export: the "onnx" runtime reads its weights straight from the
checkpoint (`webminim.scorer.numpy_net`). A process that finds no MiniLM export makes it on
first use (`webminim.embedder.minilm_graph`, `static_minilm_dir`).
"""

from __future__ import annotations

import sys

from webminim.embedder import minilm_graph, static_minilm_dir
from webminim.errors import WebminimError


def main(argv: list[str]) -> int:
    if argv:
        print("usage: python -m webminim.scorer.export", file=sys.stderr)
        return 2
    try:
        print(f"webminim: ONNX MiniLM at {minilm_graph()}", file=sys.stderr)
        print(f"webminim: static MiniLM at {static_minilm_dir()}", file=sys.stderr)
    except WebminimError as exc:
        print(f"webminim: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
