"""What every framework wrapper does when an episode starts: a request guard on the new
browser context, and the page handed to the pytest plugin's LeakWatch when one is given."""

from __future__ import annotations

from typing import Any

from webminim.egress.browser_adapter import RequestGuard
from webminim.vault import Vault


def start_episode(task: str, vault: Vault, *, context: Any, page: Any, leak_watch: Any) -> RequestGuard:
    guard = RequestGuard(task=task, vault=vault)
    if context is not None:
        guard.install(context)
    if leak_watch is not None and page is not None:
        leak_watch.watch_page(page)
    return guard
