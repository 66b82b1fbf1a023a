"""The browser side of egress: navigations and outgoing requests bound for another origin.

`RequestGuard` routes every request of a browser context (`context.route`, so every page,
popup and tab has it before its first request). A request to another origin is checked in
two ways:

* secrets: the session vault's own values (raw, the typed part, without spaces or dashes,
  URL-encoded, base64 at any alignment) are searched in its URL, headers and body, and the
  secret guard's patterns are applied to query/body parameters whose names say password,
  code, OTP, PIN or token. A hit aborts the request and is reported (`on_incident`, which
  the agent writes to its audit log). A body over `SCAN_CAP` bytes cannot be searched:
  with vault values present it is blocked (fail closed).
* PSD the task did not name: PSD-bearing query parameters and form/JSON fields are dropped
  (the request is rewritten) or, when its body cannot be rewritten, the request is aborted.

Same-origin requests go out untouched: that data is already the site's own. A request whose
page is not known yet (a popup's first navigation, a service worker's fetch) counts as
cross-origin. `webminim.egress.navigation.check_navigation` is the same rule for an agent's
`goto`. Once the agent types a vault value into a page, its site is held
(`webminim.egress.holding`): what its pages may still send to other sites is limited to plain
reads, whatever the request carries, and its documents admit WebSockets to that site only.

Limits (Playwright's own): a page-level route the caller installs (`page.route`) takes
precedence over the context's; requests a service worker serves itself are not routed
(create the context with `service_workers="block"`); and a blank popup its opener writes
into at once (`window.open('').document.write(...)`) is never initialized by Playwright: its
requests are held, not routed, and Chromium lets them go if the browser is closed while the
context is still open. Close the context before the browser.
"""

from __future__ import annotations

import base64
import contextlib
import json
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl, quote, quote_plus, unquote_plus, urlencode, urlsplit, urlunsplit

from playwright.async_api import BrowserContext as AsyncContext
from playwright.async_api import Page as AsyncPage
from playwright.async_api import Route as AsyncRoute
from playwright.sync_api import BrowserContext, Page, Route

from webminim.actions import origin_key, typed_value
from webminim.egress.classifier import PSDClassifier
from webminim.egress.holding import POLICY_JS, HeldSites, Outgoing, document_script, policy
from webminim.errors import EgressError
from webminim.secret_text import secret_in
from webminim.vault import Vault

SCAN_CAP = 1_000_000  # bytes of a body searched for secrets; bounded work per request
_VALUE_CAP = 4_096  # characters of one parameter value given to the secret patterns
_MAX_SECRET_PARAMS = 1_000  # more secret-named parameters than this to another origin: blocked
# vault kinds not searched: tab titles and link targets are the page's own public strings
_UNSEARCHED_KINDS = frozenset({"TAB", "URL"})
# shorter needles than these match by chance (a 4-digit PIN is searched, a 4-letter TEXT is not)
_MIN_NEEDLE = {"OTP": 4, "PASSWORD": 4, "CARD": 8, "PHONE": 7, "EMAIL": 6}
_MIN_OTHER = 8
_SEPARATORS = re.compile(r"[\s-]+")

# parameter names that say what their value is
_PASSWORD_WORDS = frozenset({"pass", "pwd", "pw", "secret"})
_PASSWORD_SUFFIXES = ("password", "passwd", "passphrase", "passcode")
_CODE_WORDS = frozenset({"otp", "totp", "hotp", "pin", "2fa", "mfa", "code", "verification"})
_CODE_COMPOUNDS = frozenset(
    {"otpcode", "smscode", "authcode", "verifycode", "verificationcode", "securitycode", "mfacode", "logincode"}
)
# "country_code=US", "zip_code=94110": codes that are not secrets
_NOT_SECRET_CODES = frozenset(
    {
        "zip",
        "postal",
        "post",
        "country",
        "area",
        "currency",
        "lang",
        "language",
        "locale",
        "region",
        "status",
        "error",
        "response",
        "color",
        "colour",
        "bar",
        "qr",
        "product",
        "promo",
        "coupon",
        "discount",
        "voucher",
        "gift",
        "tracking",
        "zone",
    }
)


@dataclass
class Incident:
    """A request that was rewritten or blocked (no raw values: field names and kinds only).

    `fields`: PSD-bearing parameters dropped; `placeholders`: vault entries found in it;
    `where`: the parts that held a secret (url, header, body); `reason`: one line.
    """

    url: str
    action: str  # rewritten | blocked
    fields: list[str]
    kinds: list[str]
    placeholders: list[str] = field(default_factory=list)
    where: list[str] = field(default_factory=list)
    reason: str = ""


@dataclass(frozen=True, slots=True)
class SecretHit:
    """One secret found in a request: where, which vault entry (or "" for a pattern), what kind."""

    where: str  # url | header | body
    placeholder: str
    kind: str


def _compact(text: str) -> str:
    return _SEPARATORS.sub("", text)


def _base64_forms(raw: bytes) -> Iterator[str]:
    """base64 of `raw` as it reads inside a longer base64 text, at each of the 3 alignments:
    only the characters that depend on `raw` alone (edge groups shared with neighbours cut)."""
    for shift in range(3):
        encoded = base64.b64encode(b"\0" * shift + raw).decode("ascii")
        middle = encoded[4 if shift else 0 : 4 * ((shift + len(raw)) // 3)]
        if len(middle) >= 4:
            yield middle
            yield middle.replace("+", "-").replace("/", "_")  # the URL-safe alphabet


def vault_needles(vault: Vault) -> list[tuple[str, str, str]]:
    """(needle, placeholder, kind) for every searchable vault value, lower-cased: the value,
    its typed part, both without spaces/dashes, URL-encoded and in base64."""
    out: dict[str, tuple[str, str]] = {}
    for entry in vault.entries():
        if entry.kind in _UNSEARCHED_KINDS:
            continue
        least = _MIN_NEEDLE.get(entry.kind, _MIN_OTHER)
        forms = {entry.value.strip(), typed_value(entry.kind, entry.value).strip()}
        forms |= {_compact(f) for f in forms}
        encoded = {e for f in forms for e in (quote(f, safe=""), quote_plus(f))}
        coded = {b for f in forms for b in _base64_forms(f.encode("utf-8"))}
        for needle in forms | encoded:
            if len(_compact(needle)) >= least:
                out.setdefault(needle.lower(), (entry.placeholder, entry.kind))
        for needle in coded:
            if len(needle) >= max(least, 8):  # shorter base64 runs turn up in any long token
                out.setdefault(needle.lower(), (entry.placeholder, entry.kind))
    return [(needle, token, kind) for needle, (token, kind) in out.items()]


def _views(text: str) -> list[str]:
    """The views of a request part searched for needles: as sent, URL-decoded, each also
    without spaces/dashes; lower-cased (linear in len(text))."""
    lowered = text.lower()
    decoded = unquote_plus(lowered)
    views = [lowered, _compact(lowered)]
    if decoded != lowered:
        views += [decoded, _compact(decoded)]
    return views


def _cue(name: str) -> str | None:
    """What a parameter's name says its value is: "password", "code", "token" or None."""
    words = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name[:200]).lower()
    tokens = [t for t in re.split(r"[^a-z0-9]+", words) if t]
    if any(t in _PASSWORD_WORDS or t.endswith(_PASSWORD_SUFFIXES) for t in tokens):
        return "password"
    coded = any(t in _CODE_WORDS or t in _CODE_COMPOUNDS or t.startswith("otp") or t.endswith("otp") for t in tokens)
    if coded and not any(t in _NOT_SECRET_CODES or t.endswith(("zipcode", "postcode")) for t in tokens):
        return "code"
    if any(t.endswith("token") for t in tokens):
        return "token"
    return None


def _param_secret(name: str, value: str) -> str | None:
    """The cue of a secret-named parameter whose value the secret guard calls a secret."""
    cue = _cue(name)
    if cue is None or not value.strip():
        return None
    value = value[:_VALUE_CAP]
    phrase = {"password": f"password: {value}", "code": f"code {value}", "token": value}[cue]
    return cue if secret_in(phrase) else None


def _json_pairs(data: Any) -> Iterator[tuple[str, str]]:
    """(nearest key, leaf as text) for every leaf of parsed JSON; iterative (no recursion limit)."""
    stack: list[tuple[str, Any]] = [("", data)]
    while stack:
        key, value = stack.pop()
        if isinstance(value, dict):
            stack.extend((str(k), v) for k, v in value.items())
        elif isinstance(value, list):
            stack.extend((key, v) for v in value)
        elif value is not None and not isinstance(value, bool):
            yield key, str(value)


def _multipart_pairs(body: str, content_type: str) -> Iterator[tuple[str, str]]:
    match = re.search(r"boundary=\"?([^\";]+)", content_type)
    if match is None:
        return
    for part in body.split("--" + match.group(1)):
        head, sep, value = part.partition("\r\n\r\n")
        name = re.search(r'name="([^"]*)"', head)
        if sep and name:
            yield name.group(1), value.removesuffix("\r\n")


def body_pairs(body: str, content_type: str) -> Iterator[tuple[str, str]]:
    """The (name, value) parameters of a request body, whatever it claims to be: JSON is
    tried when it looks like JSON, multipart by its boundary, and query syntax always (a
    script may send `otp=...` as text/plain)."""
    parsed: Any = None
    if body.lstrip()[:1] in ("{", "["):
        with contextlib.suppress(ValueError, RecursionError):  # not JSON after all: still searched as text
            parsed = json.loads(body)
    if parsed is not None:
        yield from _json_pairs(parsed)
    if "multipart/form-data" in content_type:
        yield from _multipart_pairs(body, content_type)
    yield from parse_qsl(body, keep_blank_values=True)


@dataclass
class RequestGuard:
    """Checks and routes the requests of a browser context; see the module docstring.

    `vault`: the session's vault (its values are searched in cross-origin requests);
    `on_incident`: called with every Incident (the agent writes its audit log there).
    """

    task: str = ""
    task_context: Sequence[str] = ()
    classifier: PSDClassifier = field(default_factory=PSDClassifier)
    incidents: list[Incident] = field(default_factory=list)
    vault: Vault | None = None
    on_incident: Callable[[Incident], None] | None = None
    _needles: list[tuple[str, str, str]] = field(default_factory=list, repr=False, compare=False)
    _needles_for: int = field(default=-1, repr=False, compare=False)
    held: HeldSites = field(default_factory=HeldSites)
    _scripted: set[str] = field(default_factory=set, repr=False, compare=False)  # sites whose documents get the policy
    _contexts: list[Any] = field(default_factory=list, repr=False, compare=False)

    # -- PSD the task did not name (rewrite) -------------------------------------------------

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
        try:
            parts = urlsplit(url)
        except ValueError as exc:
            raise EgressError("the URL does not parse") from exc
        kept, dropped, kinds = self._filter_pairs(parse_qsl(parts.query, keep_blank_values=True))
        path_kinds = self._unnamed(parts.path, "path")
        if path_kinds:
            raise EgressError(f"the path of {origin_key(url)} carries {', '.join(sorted(set(path_kinds)))}")
        return urlunsplit((parts.scheme, parts.netloc, parts.path, urlencode(kept), "")), dropped, kinds

    def clean_body(self, body: str, content_type: str) -> tuple[str, list[str], list[str]]:
        if "application/json" in content_type:
            try:
                data = json.loads(body)
            except (ValueError, RecursionError) as exc:
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

    # -- secrets (block) ---------------------------------------------------------------------

    def needles(self) -> list[tuple[str, str, str]]:
        """The vault's searchable forms, rebuilt only when the vault has grown (it never shrinks)."""
        if self.vault is None:
            return []
        if len(self.vault) != self._needles_for:
            self._needles, self._needles_for = vault_needles(self.vault), len(self.vault)
        return self._needles

    def secret_hits(
        self,
        url: str,
        headers: Mapping[str, str] | None = None,
        body: str | None = None,
        content_type: str = "",
    ) -> list[SecretHit]:
        """Secrets in one request (pure). Work is linear in the request's size (the body cut
        at SCAN_CAP) times the number of vault needles."""
        needles = self.needles()
        body = (body or "")[:SCAN_CAP]
        try:
            query = urlsplit(url).query
        except ValueError:
            query = ""
        query_pairs = parse_qsl(query, keep_blank_values=True)
        body_params = list(body_pairs(body, content_type)) if body else []
        parts = {
            "url": url,
            "header": "\n".join(f"{k}: {v}" for k, v in (headers or {}).items()),
            # parsed values too: JSON's \u escapes and multipart parts read as sent
            "body": body + "\n" + "\n".join(v for _, v in body_params),
        }
        hits: list[SecretHit] = []
        for where, text in parts.items():
            if not text.strip() or not needles:
                continue
            views = _views(text)
            hits.extend(
                SecretHit(where, token, kind)
                for needle, token, kind in needles
                if any(needle in view for view in views)
            )
        named = [(where, k, v) for where, pairs in (("url", query_pairs), ("body", body_params)) for k, v in pairs]
        named = [(where, k, v) for where, k, v in named if _cue(k)]
        if len(named) > _MAX_SECRET_PARAMS:
            return [*hits, SecretHit("body", "", "too many secret-named parameters")]
        for where, key, value in named:
            cue = _param_secret(key, value)
            if cue is not None:
                hits.append(SecretHit(where, "", cue))
        return hits

    def _blocked_for_secrets(
        self, url: str, headers: Mapping[str, str] | None, post_data: str | None, content_type: str, body_size: int
    ) -> Incident | None:
        if body_size > SCAN_CAP and self.needles():
            return Incident(origin_key(url), "blocked", [], [], where=["body"], reason="body too large to search")
        hits = self.secret_hits(url, headers, post_data, content_type)
        if not hits:
            return None
        target = origin_key(url)
        if any(needle in target for needle, _, _ in self.needles()):
            target = f"{urlsplit(url).scheme}://[withheld]"  # the host name itself carries a value
        return Incident(
            target,
            "blocked",
            [],
            sorted({h.kind for h in hits}),
            placeholders=sorted({h.placeholder for h in hits if h.placeholder}),
            where=sorted({h.where for h in hits}),
            reason="a secret bound for another origin",
        )

    # -- the verdict -------------------------------------------------------------------------

    def _report(self, incident: Incident) -> None:
        self.incidents.append(incident)
        if self.on_incident is not None:
            # the verdict is already made: a failing audit write must neither unblock the
            # request nor raise inside the browser's event dispatch
            with contextlib.suppress(Exception):
                self.on_incident(incident)

    def verdict(
        self,
        url: str,
        post_data: str | None,
        content_type: str,
        page_origin: str,
        *,
        headers: Mapping[str, str] | None = None,
        body_size: int | None = None,
    ) -> dict[str, Any] | None:
        """What to do with one request: None to let it pass, {} to abort it, or the
        `continue_` overrides (url, post_data) that strip PSD bound for another origin.
        `page_origin` is the origin of the requesting page, "" when not known."""
        target = origin_key(url)
        home = origin_key(page_origin)
        if home not in ("", "invalid:", "null") and target == home:  # a page's own requests (file: too)
            return None
        size = body_size if body_size is not None else len((post_data or "").encode("utf-8"))
        blocked = self._blocked_for_secrets(url, headers, post_data, content_type, size)
        if blocked is not None:
            self._report(blocked)
            return {}
        try:
            clean, dropped, kinds = self.clean_url(url)
            body, body_dropped = post_data, []
            if post_data:
                body, body_dropped, body_kinds = self.clean_body(post_data, content_type)
                dropped += body_dropped
                kinds += body_kinds
        except EgressError as exc:
            self._report(Incident(target, "blocked", [], [], reason=str(exc)))
            return {}
        if not dropped:
            return None
        self._report(Incident(target, "rewritten", dropped, sorted(set(kinds)), reason="PSD the task did not name"))
        overrides: dict[str, Any] = {"url": clean}
        if body_dropped:
            overrides["post_data"] = body
        return overrides

    # -- browser I/O -------------------------------------------------------------------------

    def _verdict_for(self, route: Route | AsyncRoute) -> dict[str, Any] | None:
        try:
            request = route.request
            try:
                page_url = request.frame.page.url
            except Exception:  # noqa: BLE001 - a popup's first navigation or a worker: no page yet
                page_url = ""
            raw = request.post_data_buffer
            outgoing = Outgoing(
                request.url,
                page_url,
                request.method,
                request.resource_type,
                bool(raw),
                request.redirected_from is not None,
            )
            why = self.held.refusal(outgoing)
            if why is not None:
                self._report(Incident(origin_key(request.url), "blocked", [], [], reason=why))
                return {}
            verdict = self.verdict(
                request.url,
                raw.decode("utf-8", "replace") if raw else None,
                request.headers.get("content-type", ""),
                page_url,
                headers=request.headers,
                body_size=len(raw) if raw else 0,
            )
            if verdict is None and not self.held.holds(page_url):
                self.held.reached(request.url)
            return verdict
        except Exception as exc:  # noqa: BLE001 - a guard that cannot decide blocks (fail closed)
            reason = f"the request could not be checked: {type(exc).__name__}"
            self._report(Incident("", "blocked", [], [], reason=reason))
            return {}

    def handle(self, route: Route) -> None:
        """Route one request (sync): continue it, continue it rewritten, or abort it."""
        verdict = self._verdict_for(route)
        with contextlib.suppress(Exception):  # the page may be gone: the request goes nowhere then
            if verdict is None:
                route.continue_()
            elif verdict:
                route.continue_(**verdict)
            else:
                route.abort("blockedbyclient")

    async def handle_async(self, route: AsyncRoute) -> None:
        verdict = self._verdict_for(route)
        with contextlib.suppress(Exception):
            if verdict is None:
                await route.continue_()
            elif verdict:
                await route.continue_(**verdict)
            else:
                await route.abort("blockedbyclient")

    def hold(self, page: Page) -> None:
        """The agent is about to type a vault value into `page`: hold its site (before the
        value is in: the page's scripts may send it on as it arrives). Its frames get the
        policy now, in a world of their own, and its site's next documents as they start."""
        site = self.held.hold(page.url)
        if site and site not in self._scripted:
            self._scripted.add(site)
            page.context.add_init_script(document_script(site))
        session = page.context.new_cdp_session(page)
        try:
            for frame_id in _frame_ids(session.send("Page.getFrameTree")["frameTree"]):
                world = session.send("Page.createIsolatedWorld", {"frameId": frame_id, "worldName": "webminim"})
                session.send("Runtime.evaluate", _policy_call(world["executionContextId"], site))
        finally:
            session.detach()

    async def hold_async(self, page: AsyncPage) -> None:
        site = self.held.hold(page.url)
        if site and site not in self._scripted:
            self._scripted.add(site)
            await page.context.add_init_script(document_script(site))
        session = await page.context.new_cdp_session(page)
        try:
            for frame_id in _frame_ids((await session.send("Page.getFrameTree"))["frameTree"]):
                world = await session.send("Page.createIsolatedWorld", {"frameId": frame_id, "worldName": "webminim"})
                await session.send("Runtime.evaluate", _policy_call(world["executionContextId"], site))
        finally:
            await session.detach()

    def _first_time(self, context: Any) -> bool:
        if any(known is context for known in self._contexts):
            return False
        self._contexts.append(context)
        return True

    def install(self, target: Page | BrowserContext) -> None:
        """Guard every page of `target`'s browser context, present and future (idempotent)."""
        context = target.context if isinstance(target, Page) else target
        if self._first_time(context):
            context.route("**/*", self.handle)

    async def install_async(self, target: AsyncPage | AsyncContext) -> None:
        context = target.context if isinstance(target, AsyncPage) else target
        if self._first_time(context):
            await context.route("**/*", self.handle_async)


def _frame_ids(tree: dict[str, Any]) -> Iterator[str]:
    """The frame ids of a CDP frame tree (this process's frames: other sites' frames are not)."""
    yield tree["frame"]["id"]
    for child in tree.get("childFrames", ()):
        yield from _frame_ids(child)


def _policy_call(context_id: int, site: str) -> dict[str, Any]:
    return {"expression": f"({POLICY_JS})({json.dumps(policy(site))})", "contextId": context_id}
