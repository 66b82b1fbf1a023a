"""An agent's `goto`: which URLs it may open, checked before the browser is asked.

http(s) and about:blank only: schemes that run code or read local data (`javascript:`,
`data:`, `blob:`, `file:`, `vbscript:`) are refused, however written. Another origin is
opened only when its URL carries neither a vault value nor personal data the task did not
name (the request guard's checks); a navigation so allowed may leave a held site once
(`webminim.egress.holding`).
"""

from __future__ import annotations

import re
from urllib.parse import urljoin, urlsplit

from webminim.actions import is_web_origin, origin_key
from webminim.egress.browser_adapter import RequestGuard
from webminim.errors import ActionRefused, EgressError

_BARE_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*):")
_C0_AND_SPACE = "".join(map(chr, range(0x21)))  # what browsers strip around a URL
_NAVIGABLE = frozenset({"http", "https"})


def _navigable(url: str, current_url: str) -> str:
    """The URL a browser would open for `url`, or ActionRefused for a scheme that runs code
    or reads local data. Whitespace and control characters are cleaned as browsers do
    ("java\\tscript:" is javascript:), a relative URL is resolved against the current page."""
    cleaned = re.sub(r"[\t\n\r]", "", url.strip(_C0_AND_SPACE))
    if cleaned.lower() == "about:blank":
        return cleaned
    match = _BARE_SCHEME.match(cleaned)
    scheme = match.group(1).lower() if match else ""
    if not scheme:
        if not is_web_origin(origin_key(current_url)):
            raise ActionRefused("goto refused: give a full http(s) URL")
        cleaned = urljoin(current_url, cleaned)
        scheme = urlsplit(cleaned).scheme.lower()
    if scheme not in _NAVIGABLE:
        raise ActionRefused(
            f"goto refused: {scheme}: URLs are not opened (they run code or read local data); use an http(s) URL"
        )
    cleaned = cleaned.replace("\\", "/")  # browsers read "\" as "/" in web URLs: compare what they open
    if not is_web_origin(origin_key(cleaned)):
        raise ActionRefused("goto refused: not a valid http(s) URL")
    return cleaned


def check_navigation(url: str, current_url: str, guard: RequestGuard) -> str:
    """The URL an agent's goto may open: http(s) (or about:blank) only; same origin as is;
    another origin only without PSD and without the vault's values."""
    target = _navigable(url, current_url)
    if target == "about:blank" or (current_url and origin_key(target) == origin_key(current_url)):
        return target
    if guard.secret_hits(target):
        raise ActionRefused(f"goto refused: the URL for {origin_key(target)} carries a value withheld from the model")
    try:
        clean, dropped, kinds = guard.clean_url(target)
    except EgressError as exc:
        raise ActionRefused(f"goto refused: {exc}") from exc
    if dropped:
        raise ActionRefused(
            f"goto refused: the query for {origin_key(target)} carries {', '.join(sorted(set(kinds)))} "
            f"in {', '.join(dropped)}; open {clean} instead"
        )
    guard.held.expect(target)
    return target
