"""What every framework wrapper does when an episode starts (a request guard on the new
browser context, the page handed to the pytest plugin's LeakWatch when one is given) and
with each action the agent asks for (recorded, then checked)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from webminim.egress.browser_adapter import RequestGuard
from webminim.errors import ActionRefused
from webminim.vault import Vault

Planned = TypeVar("Planned")


def start_episode(task: str, vault: Vault, *, context: Any, page: Any, leak_watch: Any) -> RequestGuard:
    guard = RequestGuard(task=task, vault=vault)
    if context is not None:
        guard.install(context)
    if leak_watch is not None and page is not None:
        leak_watch.watch_page(page)
    return guard


def checked_action(plan: Callable[[str], Planned], action: str, leak_watch: Any) -> tuple[Planned | None, str | None]:
    """The agent's `action`, recorded in the LeakWatch when one is given, then planned:
    (what to run, None), or (None, why it was refused)."""
    if leak_watch is not None:
        leak_watch.actions.append(str(action))
    try:
        return plan(action), None
    except ActionRefused as exc:
        return None, str(exc)
