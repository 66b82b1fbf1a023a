"""The BrowserGym/WebArena tier (e2e/browsergym) is skipped for a developer who lacks it, but
is an error in CI when it cannot run: a tier that silently skips there is not tested."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]
TIER_TESTS = ROOT / "e2e" / "browsergym"
ABSENT = "webminim_no_such_module"  # what the main venv lacks, as it lacks BrowserGym


def load_tier() -> ModuleType:
    spec = importlib.util.spec_from_file_location("browsergym_tier", TIER_TESTS / "browsergym_tier.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def tier(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    monkeypatch.delenv("CI", raising=False)
    return load_tier()


def fake_venv(path: Path, *, has_packages: bool) -> Path:
    """A tier venv whose python answers the package check as told."""
    python = path / "bin" / "python"
    python.parent.mkdir(parents=True)
    python.write_text(f"#!/bin/sh\nexit {0 if has_packages else 1}\n")
    python.chmod(0o755)
    return path


def test_what_imports_here_runs(tier: ModuleType) -> None:
    tier.require("json")  # returns: nothing to skip


def test_a_developer_without_the_tier_gets_a_skip_saying_why(tier, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("WEBMINIM_BROWSERGYM_VENV", str(tmp_path / "none"))
    with pytest.raises(pytest.skip.Exception, match="no BrowserGym venv at .*dev test sets it up"):
        tier.require(ABSENT)


@pytest.mark.parametrize("venv", ["none", "without-packages"])
def test_in_ci_a_tier_that_cannot_run_is_an_error(tier, tmp_path, monkeypatch, venv: str) -> None:
    path = tmp_path / venv
    if venv == "without-packages":
        fake_venv(path, has_packages=False)
    monkeypatch.setenv("WEBMINIM_BROWSERGYM_VENV", str(path))
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="tier cannot run in CI"):
        tier.require(ABSENT)


def test_in_ci_the_main_venv_skips_what_the_ready_tier_venv_runs(tier, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("WEBMINIM_BROWSERGYM_VENV", str(fake_venv(tmp_path / "venv", has_packages=True)))
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.skip.Exception, match="runs in the BrowserGym venv"):
        tier.require(ABSENT)


def test_in_ci_the_tier_venv_lacking_its_packages_is_an_error(tier, monkeypatch) -> None:
    monkeypatch.setenv("WEBMINIM_BROWSERGYM_VENV", sys.prefix)  # this interpreter is the tier's
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="cannot be imported in the BrowserGym venv"):
        tier.require(ABSENT)


def run_tier_module(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(TIER_TESTS / "test_minim_env.py")],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
        env={**os.environ, **env},
    )


# "browsergym.core", not "browsergym": with e2e/ on sys.path, e2e/browsergym is a namespace package
@pytest.mark.skipif(not load_tier().missing(("browsergym.core",)), reason="BrowserGym is here: the tier runs")
def test_ci_run_without_the_tier_venv_fails_not_skips(tmp_path: Path) -> None:
    missing = {"WEBMINIM_BROWSERGYM_VENV": str(tmp_path / "none")}
    in_ci = run_tier_module({**missing, "CI": "true"})
    assert in_ci.returncode not in (0, 5), in_ci.stdout  # 5: nothing collected, as when all skip
    assert "tier cannot run in CI" in in_ci.stdout
    here = run_tier_module({**missing, "CI": ""})
    assert here.returncode in (0, 5), here.stdout
    assert "skipped" in here.stdout and "no BrowserGym venv" in here.stdout
