"""Whether the BrowserGym / WebArena tier can run here: its tests call `require(...)` first.

The tier runs in a venv of its own (`.venv-browsergym`, or $WEBMINIM_BROWSERGYM_VENV), which
`./dev test` sets up and runs each of these modules in. Elsewhere:

- in the main venv, with the tier venv ready, a module is skipped: it runs in the tier venv;
- where the tier cannot run (no tier venv, or its packages missing, or this is the tier venv
  and they do not import), a developer gets a skip saying why, but CI (CI=true, as CI services
  set it and .ci/run exports it) gets a collection error: a tier that silently skips is a
  tier that is not tested.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SET_UP = "./dev test sets it up and runs these tests there"


def tier_venv() -> Path:
    return Path(os.environ.get("WEBMINIM_BROWSERGYM_VENV") or ROOT / ".venv-browsergym")


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in ("true", "1", "yes")


def missing(modules: tuple[str, ...]) -> list[str]:
    """The modules this interpreter cannot import (a parent package that is absent included)."""
    absent = []
    for name in modules:
        try:
            found = importlib.util.find_spec(name) is not None
        except ModuleNotFoundError:  # "browsergym.core" without "browsergym"
            found = False
        if not found:
            absent.append(name)
    return absent


def in_tier_venv() -> bool:
    return Path(sys.prefix).resolve() == tier_venv().resolve()


@cache
def tier_venv_problem(modules: tuple[str, ...]) -> str | None:
    """Why the tier venv cannot run tests needing `modules`, or None when it can."""
    python = tier_venv() / "bin" / "python"
    if not python.exists():
        return f"no BrowserGym venv at {tier_venv()} ({SET_UP})"
    check = "import importlib.util as u, sys; sys.exit(any(u.find_spec(m) is None for m in sys.argv[1:]))"
    try:
        result = subprocess.run([str(python), "-c", check, *modules], capture_output=True, timeout=120)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"the BrowserGym venv's python at {python} does not run: {exc}"
    if result.returncode != 0:
        return f"the BrowserGym venv at {tier_venv()} lacks {', '.join(modules)} ({SET_UP})"
    return None


def require(*modules: str) -> None:
    """Return when `modules` import here; otherwise skip this test module, or fail it in CI
    when the tier cannot run at all (see the module's docstring)."""
    absent = missing(modules)
    if not absent:
        return
    if in_tier_venv():
        problem: str | None = f"{', '.join(absent)} cannot be imported in the BrowserGym venv {sys.prefix}"
    else:
        problem = tier_venv_problem(tuple(modules))
        if problem is None:
            pytest.skip(f"runs in the BrowserGym venv {tier_venv()} ({SET_UP})", allow_module_level=True)
    if in_ci():
        pytest.fail(f"the BrowserGym/WebArena tier cannot run in CI: {problem}", pytrace=False)
    pytest.skip(f"the BrowserGym/WebArena tier cannot run here: {problem}", allow_module_level=True)
