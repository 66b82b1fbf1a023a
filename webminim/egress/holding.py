"""Sites that hold a value the agent typed, and what their pages may still send to other sites.

Once the agent types a vault value (a code, a password, a card number) into a page, that
page's scripts can read it and send it on in any form: reversed, in hex, a digit a request,
in a WebSocket message. A content check cannot know every form, so the site the value was
typed into (its registrable domain, by the Public Suffix List; a bare host for IP addresses
and single-label names) is held for the rest of the session, and what its pages send to
another site is limited to what a page needs to render, never what a script composes:

* a plain GET of a document, script, style sheet, image, font or media file, without a
  query string, to a host the session reached before the site was held (a CDN the site
  already used; a new host, such as one whose name is the code, is refused);
* a server's redirect, and a navigation the agent asked for (checked on its own).

Everything else bound for another site is refused: fetch and XHR, beacons, form posts, event
streams, any body or query. A page whose own site is not known yet (about:blank, a popup's
first navigation, an opaque origin) counts as held while any site is. WebSockets are not
routed by the browser's request interception: the held site's documents carry a
Content-Security-Policy whose `connect-src` admits WebSockets to that site only (`policy`),
put in the held page at once and in each later document of the site as it starts, which the
browser enforces in every frame and worker those documents make.

What still gets through: a plain GET's path to a host the session already reached, and a
cross-site frame on the held page that the page hands the value to by message. Same-site
requests are the site's own and are not limited here (the request guard still checks them
when they cross origins).
"""

from __future__ import annotations

import ipaddress
import json
from dataclasses import dataclass, field
from functools import cache
from urllib.parse import urlsplit

RENDERING = frozenset({"document", "script", "stylesheet", "image", "font", "media"})
_QUIET = frozenset({"GET", "HEAD"})


@cache
def _suffixes():  # noqa: ANN202 - publicsuffixlist ships no type hints
    from publicsuffixlist import PublicSuffixList

    return PublicSuffixList()  # its bundled copy of the list: nothing is downloaded


def host_of(url: str) -> str:
    try:
        return (urlsplit(url.strip()).hostname or "").rstrip(".").lower()
    except ValueError:
        return ""


def site_of(url: str) -> str:
    """The site a URL belongs to: its host's registrable domain ("api.github.com" ->
    "github.com"), the host itself for IP addresses, localhost and names with no public
    suffix; "" for a URL without a host (about:blank, data:, an opaque origin)."""
    host = host_of(url)
    if not host:
        return ""
    try:
        ipaddress.ip_address(host.strip("[]"))
        return host
    except ValueError:
        pass
    if "." not in host:
        return host
    return _suffixes().privatesuffix(host) or host


@dataclass(frozen=True, slots=True)
class Outgoing:
    """What the request guard knows of one request, for this check."""

    url: str
    page_url: str  # the requesting page's URL, "" when not known
    method: str = "GET"
    resource_type: str = "other"
    has_body: bool = False
    redirected: bool = False  # a server's redirect of an earlier request


@dataclass
class HeldSites:
    """The session's held sites, the hosts reached before, and the agent's own navigations."""

    sites: set[str] = field(default_factory=set)
    known_hosts: set[str] = field(default_factory=set)
    _expected: set[str] = field(default_factory=set)

    def __bool__(self) -> bool:
        return bool(self.sites)

    def hold(self, page_url: str) -> str:
        """Hold the site of the page a value is typed into; returns the site ("" when the page
        has none, which holds nothing more: such pages count as held while any site is)."""
        site = site_of(page_url)
        if site:
            self.sites.add(site)
        return site

    def holds(self, page_url: str) -> bool:
        """Whether a page at `page_url` is limited: its site is held, or it has none while some is."""
        site = site_of(page_url)
        return site in self.sites if site else bool(self.sites)

    def expect(self, url: str) -> None:
        """A navigation the agent asked for (already checked): it may leave a held site once."""
        self._expected.add(url)

    def reached(self, url: str) -> None:
        """A host a request went to from a page that was not held."""
        host = host_of(url)
        if host:
            self.known_hosts.add(host)

    def refusal(self, request: Outgoing) -> str | None:
        """Why `request` may not go, or None when the rule has nothing against it."""
        if not self.sites or not self.holds(request.page_url):
            return None
        home, target = site_of(request.page_url), site_of(request.url)
        if home and target == home:
            return None
        if request.redirected:
            return None
        if request.url in self._expected:
            self._expected.discard(request.url)
            return None
        why = "the page holds a value the agent typed: to another site it may only read from hosts it used before"
        if request.has_body or request.method.upper() not in _QUIET or request.resource_type not in RENDERING:
            return why
        try:
            parts = urlsplit(request.url)
        except ValueError:
            return why
        if parts.query or host_of(request.url) not in self.known_hosts:
            return why
        return None


def policy(site: str) -> str:
    """The Content-Security-Policy a held site's documents carry: WebSockets to that site only
    (every http(s) request is the request guard's to check, so `connect-src` admits them);
    none for a page with no site."""
    hosts = (site, f"*.{site}") if "." in site and not site.replace(".", "").isdigit() else (site,) if site else ()
    ws = "".join(f" {scheme}://{host}:*" for host in hosts for scheme in ("ws", "wss"))
    return f"connect-src 'self' http: https: blob: data:{ws}"


# Inserted into a held page's frames (in a world of its own, out of reach of the page's
# scripts): a policy met in a <meta> element of the head binds the document from then on, and
# every frame and worker it makes after; taking the element out again does not undo it.
POLICY_JS = """(policy) => { const m = document.createElement('meta'); m.httpEquiv = 'Content-Security-Policy';
  m.content = policy; (document.head || document.documentElement).append(m); return true; }"""

# Run as each document of the browser context starts: a document of the held site gets the
# policy in its head as soon as the parser makes one, before any of its scripts runs (the
# parser runs pending observers before it runs a script).
_DOCUMENT_JS = """(() => {
  const site = __SITE__, host = location.hostname;
  if (host !== site && !host.endsWith('.' + site)) return;
  const put = __POLICY_JS__;
  if (document.head) { put(__POLICY__); return; }
  new MutationObserver((_, seen) => {
    if (document.head) { seen.disconnect(); put(__POLICY__); }
  }).observe(document, {childList: true, subtree: true});
})();"""


def document_script(site: str) -> str:
    """The init script that gives every later document of `site` its policy (`POLICY_JS`)."""
    return (
        _DOCUMENT_JS.replace("__SITE__", json.dumps(site))
        .replace("__POLICY_JS__", POLICY_JS)
        .replace("__POLICY__", json.dumps(policy(site)))
    )


__all__ = ["POLICY_JS", "RENDERING", "HeldSites", "Outgoing", "document_script", "host_of", "policy", "site_of"]
