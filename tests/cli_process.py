"""The CLI as a user runs it, in a process of its own, after a `prelude` of Python that shapes
that process (modules made unimportable, as in an install that lacks them)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run_cli(*args: str, prelude: str = "", env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    code = prelude + "import sys\nfrom webminim.cli import main\nsys.argv[0] = 'webminim'\nraise SystemExit(main())\n"
    return subprocess.run(
        [sys.executable, "-c", code, *args],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
        env={**os.environ, **(env or {})},
    )
