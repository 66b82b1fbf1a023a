"""Shared fixtures: real Chromium for pytest-playwright, and a local HTTP server for fixtures."""

from __future__ import annotations

import os
import re
import threading
from collections.abc import Iterator
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

from webarena_env.server import SiteServer
from webminim.browser import launch_options
from webminim.synthetic import large_page

FIXTURES = Path(__file__).parent / "tests" / "fixtures"

# Hostile-input fuzzing: CI runs a bounded slice; HYPOTHESIS_PROFILE=fuzz runs the long tier.
settings.register_profile("ci", max_examples=200, derandomize=True)
settings.register_profile("fuzz", max_examples=400)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
_SYNTHETIC = re.compile(r"^/synthetic/large/(\d+)$")


RECEIVED: list[dict[str, str]] = []  # what /collect was sent (the e2e egress tests read it)


class _FixtureHandler(SimpleHTTPRequestHandler):
    """Static fixture pages, /synthetic/large/<n> generated on the fly, and /collect, which
    records what it is sent (a stand-in for a third-party tracker)."""

    def _collected(self, body: str) -> None:
        RECEIVED.append({"path": self.path, "body": body})
        self.send_response(204)
        self.send_header("Access-Control-Allow-Origin", "*")
        self.end_headers()

    def do_POST(self) -> None:  # noqa: N802
        length = int(self.headers.get("Content-Length") or 0)
        self._collected(self.rfile.read(length).decode("utf-8", "replace"))

    def do_OPTIONS(self) -> None:  # noqa: N802 - CORS preflight for JSON posts
        self.send_response(204)
        self.send_header("Access-Control-Allow-Origin", "*")
        self.send_header("Access-Control-Allow-Headers", "content-type")
        self.send_header("Access-Control-Allow-Methods", "POST, GET")
        self.end_headers()

    def do_GET(self) -> None:  # noqa: N802 - http.server's naming
        if self.path.startswith("/collect"):
            self._collected("")
            return
        match = _SYNTHETIC.match(self.path)
        if match is None:
            super().do_GET()
            return
        body = large_page(int(match.group(1))).encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - silence request logs
        pass


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """pytest-playwright launches the system Chromium with webminim's offline flags."""
    options = launch_options()
    return {**browser_type_launch_args, "executable_path": options["executable_path"], "args": options["args"]}


@pytest.fixture(scope="session")
def sites() -> Iterator[SiteServer]:
    """The local shop / forum / mail sites on 127.0.0.1 (session-wide, state shared)."""
    server = SiteServer().start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def fresh_sites() -> Iterator[SiteServer]:
    """A fresh copy of the local sites for one test, for tests judged by the server's state."""
    server = SiteServer(0).start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module")
def minim() -> Any:
    """The shipped model with default thresholds, loaded once per test module."""
    from webminim.minim import Minim

    return Minim.load()


@pytest.fixture(scope="session")
def fixture_server() -> Iterator[str]:
    """Base URL (http://127.0.0.1:PORT) of a server for tests/fixtures; localhost:PORT is a second site."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(_FixtureHandler, directory=str(FIXTURES)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def minim_factory() -> Any:
    """A fresh `Minim` (and vault) per call, all sharing one loaded scorer."""
    from webminim.embedder import Embedder
    from webminim.minim import Minim

    scorer = Minim.load(embedder=Embedder(cache=False)).scorer
    return lambda: Minim(scorer)
