"""pytest plugin for agent test suites: a sanitizing page and a "nothing left the device" check.

Opt-in, so that installing webminim changes no other pytest run: `pytest -p webminim.pytest_plugin`
or `pytest_plugins = ["webminim.pytest_plugin"]` in a conftest. With pytest-playwright it provides:

    def test_my_agent(minim_page, leak_watch):
        agent_page = minim_page("Reply to Dana's email")      # wraps pytest-playwright's `page`
        agent_page.page.goto("http://127.0.0.1:8000/mail")
        run_my_agent(agent_page)                               # observe() / act() as usual
        leak_watch.assert_never_left({"847293", "hunter2"})    # not in any observation,
                                                               # action or cross-origin request
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

import pytest


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


@dataclass
class LeakWatch:
    """Everything that left (or would have left) the device during a test."""

    observations: list[str] = field(default_factory=list)
    actions: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)

    def watch_page(self, page: Any) -> None:
        """Record requests a page sends to origins other than its own, as they left: after
        the request guard's rewrite, and not at all when the guard blocked them. A request
        that failed for another reason may have been sent, so it counts."""

        def record(request: Any) -> None:
            if page.url and _origin(request.url) != _origin(page.url):
                self.requests.append(f"{request.url}\n{request.post_data or ''}")

        def failed(request: Any) -> None:
            if "ERR_BLOCKED_BY_CLIENT" not in str(request.failure or ""):
                record(request)

        page.on("requestfinished", record)
        page.on("requestfailed", failed)

    def where(self, secret: str) -> list[str]:
        places = [f"observation {i}" for i, text in enumerate(self.observations) if secret in text]
        places += [f"action {i}: {text[:60]}" for i, text in enumerate(self.actions) if secret in text]
        places += [f"request to {text.split(chr(10))[0][:80]}" for text in self.requests if secret in text]
        return places

    def assert_never_left(self, secrets: Iterable[str]) -> None:
        leaks = {secret: self.where(secret) for secret in secrets if secret}
        leaks = {secret: places for secret, places in leaks.items() if places}
        if leaks:
            lines = [f"{len(leaks)} secret(s) left the device:"]
            lines += [f"  {secret[:4]}… in {', '.join(places[:3])}" for secret, places in leaks.items()]
            raise AssertionError("\n".join(lines))


class _Recording:
    """Wraps a MinimPage so every observation and action lands in the watch."""

    def __init__(self, inner: Any, watch: LeakWatch) -> None:
        self._inner = inner
        self._watch = watch

    def observe(self) -> str:
        text = self._inner.observe()
        self._watch.observations.append(text)
        return text

    def act(self, action: str) -> None:
        self._watch.actions.append(str(action))
        self._inner.act(action)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)


@pytest.fixture(scope="session")
def minim_scorer() -> Any:
    """The shipped scorer, loaded once per test session."""
    from webminim.scorer import load_scorer

    return load_scorer()


@pytest.fixture
def leak_watch() -> LeakWatch:
    return LeakWatch()


@pytest.fixture
def minim_page(page: Any, minim_scorer: Any, leak_watch: LeakWatch) -> Iterator[Callable[..., Any]]:
    """A factory: `minim_page(task, **options)` wraps the test's page in a MinimPage whose
    observations, actions and cross-origin requests are recorded in `leak_watch`."""
    from webminim.agent import MinimPage
    from webminim.minim import Minim

    leak_watch.watch_page(page)

    def make(task: str, **options: Any) -> Any:
        return _Recording(MinimPage(page, task, minim=Minim(minim_scorer), **options), leak_watch)

    yield make
