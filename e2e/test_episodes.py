"""Whole episodes: the scripted agent runs every task type in both themes on the full and on
the sanitized view. It must still succeed, and no injected secret may leave the device."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from webarena_env.server import SiteServer
from webarena_env.tasks import TASK_TYPES
from webminim.embedder import Embedder
from webminim.minim import Minim

sys.path.insert(0, str(Path(__file__).parent))
from run_episodes import Report, run_all  # noqa: E402

# Measured with the shipped checkpoint: 40 of 54 (74%); a drop below the floor is a regression.
SANITIZED_SUCCESS_FLOOR = 0.70


@pytest.fixture(scope="module")
def report(browser: Browser, sites: SiteServer) -> Report:
    scorer = Minim.load(embedder=Embedder(cache=False)).scorer
    return run_all(browser, sites.url, lambda: Minim(scorer), per_theme=1)


def test_every_task_type_runs_in_both_themes(report: Report):
    for view in ("raw", "sanitized"):
        covered = {(c.task.type, c.spec.theme) for c, _ in report.outcomes[view]}
        assert covered == {(t, th) for t in TASK_TYPES for th in ("a", "b")}


def test_the_agent_completes_every_task_on_the_full_view(report: Report):
    failed = [f"{c.label}: {o.reason}" for c, o in report.outcomes["raw"] if not o.success]
    assert not failed, failed


def test_the_agent_still_succeeds_on_the_sanitized_view(report: Report):
    success = report.success("sanitized")
    failed = [f"{c.label}: {o.reason}" for c, o in report.outcomes["sanitized"] if not o.success]
    assert success >= SANITIZED_SUCCESS_FLOOR, f"{success:.1%} < {SANITIZED_SUCCESS_FLOOR:.0%}: {failed}"


def test_no_injected_secret_leaves_the_device_in_any_episode(report: Report):
    assert report.secrets_checked >= 200  # OTP, password, Slack, tab titles on every page
    assert report.leaks == []
