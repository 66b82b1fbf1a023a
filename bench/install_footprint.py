"""What an install of webminim costs: size on disk, packages, heavy imports, start-up times.

    python bench/install_footprint.py VENV [VENV ...] [--runs 7]

For each virtual environment (webminim installed in it, Chromium on the machine): its size
(du), how many distributions it holds, which heavy packages it has, and the median wall time
of `import webminim.cli`, `webminim --help`, `webminim sanitize --html` on the demo page and
one `webminim minimize-call`, each in a fresh process with warm caches (one run first, not
counted). The first VENV is the baseline; the others get a ratio against it.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

from rich.console import Console
from rich.table import Table

ROOT = Path(__file__).resolve().parent.parent
DEMO = ROOT / "webminim" / "demo" / "inbox.html"
HEAVY = ("torch", "torch_geometric", "transformers", "sentence_transformers", "spacy", "presidio_analyzer",
         "matplotlib", "faker", "sklearn")  # fmt: skip
SCHEMA = {
    "type": "object",
    "properties": {"to": {"type": "string"}, "body": {"type": "string"}},
    "required": ["to", "body"],
}
ARGS = {"to": "sam@example.com", "body": "Dinner at 7 works for me. My therapist says the diagnosis is stable."}


def commands(venv: Path) -> dict[str, list[str]]:
    python, cli = str(venv / "bin" / "python"), str(venv / "bin" / "webminim")
    return {
        "import webminim.cli": [python, "-c", "import webminim.cli"],
        "webminim --help": [cli, "--help"],
        "sanitize --html (demo)": [cli, "sanitize", "--html", str(DEMO), "--task", "Reply to Sam"],
        "minimize-call": [cli, "minimize-call", "--tool", "send_email", "--args", json.dumps(ARGS),
                          "--schema", json.dumps(SCHEMA), "--task", "email sam about dinner"],
    }  # fmt: skip


def median_seconds(argv: list[str], runs: int) -> float:
    subprocess.run(argv, check=True, capture_output=True, timeout=600)  # warms the caches
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(argv, check=True, capture_output=True, timeout=600)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def footprint(venv: Path, runs: int) -> dict[str, object]:
    size_mb = int(subprocess.run(["du", "-sm", str(venv)], capture_output=True, text=True).stdout.split()[0])
    listed = subprocess.run(
        [str(venv / "bin" / "python"), "-m", "pip", "list", "--format=json"], capture_output=True, text=True
    )
    probe = f"import importlib.util as u; print(','.join(m for m in {HEAVY!r} if u.find_spec(m)))"
    heavy = subprocess.run([str(venv / "bin" / "python"), "-c", probe], capture_output=True, text=True).stdout.strip()
    times = {name: median_seconds(argv, runs) for name, argv in commands(venv).items()}
    return {"size_mb": size_mb, "packages": len(json.loads(listed.stdout)), "heavy": heavy or "none", **times}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("venvs", nargs="+", type=Path)
    parser.add_argument("--runs", type=int, default=7)
    options = parser.parse_args()
    rows = {str(v): footprint(v, options.runs) for v in options.venvs}
    base = rows[str(options.venvs[0])]
    table = Table(title="install footprint (median of fresh processes; ratio: against the first venv)")
    table.add_column("")
    for venv in rows:
        table.add_column(venv, justify="right")
    for key in base:
        cells = []
        for row in rows.values():
            value = row[key]
            if isinstance(value, float):
                cells.append(f"{value:.2f} s ({value / base[key]:.2f}x)")  # type: ignore[operator]
            elif isinstance(value, int) and key == "size_mb":
                cells.append(f"{value} MB ({value / base[key]:.2f}x)")  # type: ignore[operator]
            else:
                cells.append(str(value))
        table.add_row(key, *cells)
    Console().print(table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
