"""The browser side of egress: navigations and outgoing requests bound for another origin.

`RequestGuard` routes every request of a page (`page.route`): a request to another origin
whose URL query or body carries PSD the task did not name is rewritten (PSD-bearing query
parameters and form/JSON fields dropped) or, when its body cannot be rewritten, aborted.
Same-origin requests go out untouched: that data is already the site's own.
`check_navigation` is the same rule for an agent's `goto`.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from playwright.async_api import Page as AsyncPage
from playwright.async_api import Route as AsyncRoute
from playwright.sync_api import Page, Route

from webminim.egress.classifier import PSDClassifier
from webminim.errors import ActionRefused, EgressError


def origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


@dataclass
class Incident:
    """A request that was rewritten or blocked (no raw values: field names and kinds only)."""

    url: str
    action: str  # rewritten | blocked
    fields: list[str]
    kinds: list[str]


@dataclass
class RequestGuard:
    task: str = ""
    task_context: Sequence[str] = ()
    classifier: PSDClassifier = field(default_factory=PSDClassifier)
    incidents: list[Incident] = field(default_factory=list)

    def _unnamed(self, text: str, key: str) -> list[str]:
        task = " ".join([self.task, *self.task_context]).lower()
        return [f.kind for f in self.classifier.classify_text(text, key) if f.text.lower() not in task]

    def _filter_pairs(self, pairs: list[tuple[str, str]]) -> tuple[list[tuple[str, str]], list[str], list[str]]:
        """(pairs kept, names dropped, kinds found) for query-string or form pairs."""
        kept, dropped, kinds = [], [], []
        for key, value in pairs:
            found = self._unnamed(value, key)
            if found:
                dropped.append(key)
                kinds.extend(found)
            else:
                kept.append((key, value))
        return kept, dropped, kinds

    def clean_url(self, url: str) -> tuple[str, list[str], list[str]]:
        """(url without PSD-bearing query parameters, dropped names, kinds found)."""
        parts = urlsplit(url)
        kept, dropped, kinds = self._filter_pairs(parse_qsl(parts.query, keep_blank_values=True))
        path_kinds = self._unnamed(parts.path, "path")
        if path_kinds:
            raise EgressError(f"the path of {origin(url)} carries {', '.join(sorted(set(path_kinds)))}")
        return urlunsplit((parts.scheme, parts.netloc, parts.path, urlencode(kept), "")), dropped, kinds

    def clean_body(self, body: str, content_type: str) -> tuple[str, list[str], list[str]]:
        if "application/json" in content_type:
            try:
                data = json.loads(body)
            except json.JSONDecodeError as exc:
                raise EgressError("unparseable JSON body") from exc
            if not isinstance(data, dict):
                raise EgressError("JSON body is not an object")
            dropped, kinds = [], []
            for key in list(data):
                found = self._unnamed(json.dumps(data[key]), key)
                if found:
                    dropped.append(key)
                    kinds.extend(found)
                    del data[key]
            return json.dumps(data), dropped, kinds
        if "application/x-www-form-urlencoded" in content_type or not content_type:
            kept, dropped, kinds = self._filter_pairs(parse_qsl(body, keep_blank_values=True))
            return urlencode(kept), dropped, kinds
        found = self._unnamed(body, "body")
        if found:
            raise EgressError(f"opaque {content_type} body carries {', '.join(sorted(set(found)))}")
        return body, [], []

    def verdict(self, url: str, post_data: str | None, content_type: str, page_origin: str) -> dict[str, Any] | None:
        """What to do with one request: None to let it pass, {} to abort it, or the
        `continue_` overrides (url, post_data) that strip PSD bound for another origin."""
        if origin(url) == page_origin:
            return None
        try:
            clean, dropped, kinds = self.clean_url(url)
            body = post_data
            if body:
                body, dropped_body, kinds_body = self.clean_body(body, content_type)
                dropped += dropped_body
                kinds += kinds_body
        except EgressError:
            self.incidents.append(Incident(origin(url), "blocked", [], []))
            return {}
        if not dropped:
            return None
        self.incidents.append(Incident(origin(url), "rewritten", dropped, sorted(set(kinds))))
        return {"url": clean, "post_data": body if post_data else None}

    def _verdict_for(self, route: Route | AsyncRoute, page_url: str) -> dict[str, Any] | None:
        request = route.request
        return self.verdict(request.url, request.post_data, request.headers.get("content-type", ""), origin(page_url))

    def handle(self, route: Route, page_url: str) -> None:
        verdict = self._verdict_for(route, page_url)
        if verdict is None:
            route.continue_()
        elif verdict:
            route.continue_(**verdict)
        else:
            route.abort("blockedbyclient")

    async def handle_async(self, route: AsyncRoute, page_url: str) -> None:
        verdict = self._verdict_for(route, page_url)
        if verdict is None:
            await route.continue_()
        elif verdict:
            await route.continue_(**verdict)
        else:
            await route.abort("blockedbyclient")

    def install(self, page: Page) -> None:
        page.route("**/*", lambda route: self.handle(route, page.url))

    async def install_async(self, page: AsyncPage) -> None:
        await page.route("**/*", lambda route: self.handle_async(route, page.url))


def check_navigation(url: str, current_url: str, guard: RequestGuard) -> str:
    """The URL an agent's goto may open: same origin as is; another origin without PSD."""
    if not current_url or origin(url) == origin(current_url):
        return url
    try:
        clean, dropped, kinds = guard.clean_url(url)
    except EgressError as exc:
        raise ActionRefused(f"goto refused: {exc}") from exc
    if dropped:
        raise ActionRefused(
            f"goto refused: the query for {origin(url)} carries {', '.join(sorted(set(kinds)))} "
            f"in {', '.join(dropped)}; open {clean} instead"
        )
    return url
