"""What `webminim serve` checks before a request reaches a route, and its per-launch token.

A request is refused, in this order, with one JSON line and nothing read of its body:

    Host not this server (DNS rebinding: a web page's own name)      403
    Origin header from anywhere else (a page in a browser)           403
    no `Authorization: Bearer <token>` of this launch                 401   (GET /health answers
                                                                             {"status"} without it)
    POST that is not application/json                                 415
    POST without Content-Length (and not chunked)                     411
    Content-Length over the cap                                       413
    more than `max_waiting` POSTs in progress                         503 + Retry-After
    bodies in progress over `max_bodies` bytes together (by their     503 + Retry-After
      Content-Length; a chunked one counts as `max_body`), unless
      nothing else is in progress

A chunked body is counted as it is read and cut off past the cap (413) by the route.

The token is random per launch, written to `token_path(port)` with mode 0600 so that only
this user's processes can read it; `BrokerScorer` finds it there (or in WEBMINIM_BROKER_TOKEN).
"""

from __future__ import annotations

import hmac
import json
import os
import re
import secrets
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from webminim.errors import ConfigError, RequestRefused
from webminim.paths import runtime_dir
from webminim.private_files import create_private

MIB = 1024 * 1024
MAX_BODY_BYTES = 64 * MIB
MAX_WAITING = 32
# what the bodies in progress may hold together: a parsed JSON body takes several times its
# size, so `max_waiting` full-size bodies at once would be gigabytes
MAX_BODIES_BYTES = 4 * MAX_BODY_BYTES
DEADLINE_S = 30.0
RETRY_AFTER_S = 1
TOKEN_ENV = "WEBMINIM_BROKER_TOKEN"
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")
HOST_NAME = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?|\[[0-9A-Fa-f:.]{2,45}\]")
OPEN_ROUTES = {("GET", "/health")}  # a liveness probe; it tells nothing without the token

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]


# -- the token ----------------------------------------------------------------------------------


def token_path(port: int) -> Path:
    """Where the server on `port` keeps its token (the user's runtime dir, else the cache dir)."""
    return runtime_dir() / f"serve-{port}.token"


def new_token() -> str:
    return secrets.token_urlsafe(32)


def write_token(path: Path, token: str) -> None:
    """A new 0600 file: a stale file's mode or a planted link is never reused."""
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    create_private(path, token + "\n")


def remove_token(path: Path, token: str) -> None:
    """Remove the file if it still holds this launch's token (a later server's stays)."""
    try:
        if path.read_text().strip() == token:
            path.unlink()
    except OSError:
        pass  # already gone, or never ours: nothing to clean


def read_token(port: int) -> str | None:
    """The token a client sends: WEBMINIM_BROKER_TOKEN, else the file of the server on `port`."""
    if os.environ.get(TOKEN_ENV):
        return os.environ[TOKEN_ENV].strip()
    try:
        return token_path(port).read_text().strip() or None
    except OSError:
        return None


# -- the checks ---------------------------------------------------------------------------------


def check_host_names(names: tuple[str, ...]) -> None:
    """A ConfigError, one line, for an `--allow-host` that is not a bare host name or address."""
    for name in names:
        if not HOST_NAME.fullmatch(name):
            raise ConfigError(f"--allow-host {name[:100]!r} is not a host name or address (no port, no scheme)")


@dataclass
class Guard:
    """One launch's limits and credentials; `hosts` are the Host values this server answers to."""

    token: str
    port: int
    bound_host: str = "127.0.0.1"
    max_body: int = MAX_BODY_BYTES
    max_waiting: int = MAX_WAITING
    deadline_s: float = DEADLINE_S
    max_bodies: int = MAX_BODIES_BYTES
    # names other machines reach this server by (`--allow-host broker.lan`): with a remote
    # bind, a client that sends its own name for the server is not a rebinding page
    extra_hosts: tuple[str, ...] = ()
    hosts: frozenset[str] = field(init=False)
    origins: frozenset[str] = field(init=False)

    def __post_init__(self) -> None:
        bound = f"[{self.bound_host}]" if ":" in self.bound_host else self.bound_host
        check_host_names(self.extra_hosts)
        names = {*LOOPBACK_NAMES, bound.lower(), *(name.lower() for name in self.extra_hosts)}
        hosts = {f"{name}:{self.port}" for name in names}
        if self.port == 80:  # a client may leave the default port out of Host
            hosts |= names
        self.hosts = frozenset(hosts)
        self.origins = frozenset(f"http://{host}" for host in hosts)

    def check(self, method: str, path: str, headers: dict[str, str]) -> bool:
        """Raise RequestRefused for a request to refuse; True when it carries the token."""
        if headers.get("host", "").lower() not in self.hosts:
            raise RequestRefused(403, "Host is not this server (only its own names with its port; see --allow-host)")
        origin = headers.get("origin")
        if origin is not None and origin.lower() not in self.origins:
            raise RequestRefused(403, f"Origin {origin[:100]!r} may not use this server")
        authorized = self._authorized(headers.get("authorization", ""))
        if not authorized and (method, path) not in OPEN_ROUTES:
            raise RequestRefused(401, "missing or wrong token: send 'Authorization: Bearer <token of this serve>'")
        if method == "POST":
            self._check_body_headers(headers)
        return authorized

    def _authorized(self, value: str) -> bool:
        scheme, _, token = value.partition(" ")
        return scheme.lower() == "bearer" and hmac.compare_digest(token.strip().encode(), self.token.encode())

    def _check_body_headers(self, headers: dict[str, str]) -> None:
        media, _, params = headers.get("content-type", "").partition(";")
        charset = params.strip().lower().removeprefix("charset=").strip('"') if params.strip() else "utf-8"
        if media.strip().lower() != "application/json" or charset not in ("utf-8", "utf8"):
            raise RequestRefused(415, "Content-Type must be application/json (UTF-8)")
        length = headers.get("content-length")
        if length is None:
            if "chunked" in headers.get("transfer-encoding", "").lower():
                return  # counted as it is read (read_capped)
            raise RequestRefused(411, "Content-Length is required")
        if not length.isdigit():
            raise RequestRefused(400, "Content-Length is not a number")
        if int(length) > self.max_body:
            raise RequestRefused(413, too_large(self.max_body))


@dataclass
class Load:
    busy: int = 0  # POSTs admitted and not yet answered; only the event loop writes it
    body_bytes: int = 0  # what their bodies may hold (Content-Length, or the cap when chunked)


class GuardMiddleware:
    """Pure ASGI (the body is never touched here): refuses early, bounds the POSTs in progress.

    Bounding every POST in progress (reading, parsing, waiting for the model) rather than only
    the scoring queue also bounds the memory bodies can take: `max_bodies` bytes together (one
    body up to `max_body` is always admitted when nothing else is in progress)."""

    def __init__(self, app: App, guard: Guard, load: Load | None = None) -> None:
        self.app = app
        self.guard = guard
        self.load = load if load is not None else Load()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)  # lifespan
            return
        method, path = scope["method"], scope["path"]
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        try:
            scope.setdefault("state", {})["authorized"] = self.guard.check(method, path, headers)
            length = headers.get("content-length", "")
            body = int(length) if length.isdigit() else self.guard.max_body  # chunked: up to the cap
            if method == "POST" and self.load.busy >= self.guard.max_waiting:
                raise RequestRefused(
                    503, f"busy: {self.load.busy} requests in progress, retry shortly", retry_after_s=RETRY_AFTER_S
                )
            if method == "POST" and self.load.busy and self.load.body_bytes + body > self.guard.max_bodies:
                raise RequestRefused(
                    503,
                    f"busy: {self.load.body_bytes // MIB} MiB of bodies in progress, retry shortly",
                    retry_after_s=RETRY_AFTER_S,
                )
        except RequestRefused as refused:
            await send_refusal(send, refused, close=True)
            return
        if method != "POST":
            await self.app(scope, receive, send)
            return
        self.load.busy += 1
        self.load.body_bytes += body
        try:
            await self.app(scope, receive, send)
        finally:
            self.load.busy -= 1
            self.load.body_bytes -= body


async def send_refusal(send: Send, refused: RequestRefused, *, close: bool) -> None:
    """One JSON line; `close` drops the connection so an unread body is never waited for."""
    headers = [(b"content-type", b"application/json")]
    if refused.retry_after_s is not None:
        headers.append((b"retry-after", str(refused.retry_after_s).encode()))
    if refused.status == 401:
        headers.append((b"www-authenticate", b"Bearer"))
    if close:
        headers.append((b"connection", b"close"))
    body = error_body(str(refused))
    headers.append((b"content-length", str(len(body)).encode()))
    await send({"type": "http.response.start", "status": refused.status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def too_large(cap: int) -> str:
    return f"request body is larger than {cap // MIB} MiB" if cap % MIB == 0 else f"request body is over {cap} bytes"


def error_body(message: str) -> bytes:
    return json.dumps({"error": message.splitlines()[0] if message.strip() else "error"}).encode()
