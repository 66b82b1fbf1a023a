"""Fixtures of the framework wrappers' tests (run in .venv-browsergym): one model per module,
a fresh copy of the local sites per test (their server state judges the task)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from webarena_env.server import SiteServer
from webminim.minim import Minim


@pytest.fixture(scope="module")
def minim() -> Minim:
    return Minim.load()


@pytest.fixture
def sites() -> Iterator[SiteServer]:
    server = SiteServer(0).start()
    try:
        yield server
    finally:
        server.stop()
