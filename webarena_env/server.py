"""The local WebArena-style sites: one Starlette app serving a shop, a forum and a mail client.

    GET  /{theme}/{site}/{page}?seed=N[&inject=otp.toast,slack.sidebar][&iseed=M][&q=...][&gt=0]
    POST /{theme}/{site}/action/{name}      form actions (cart, vote, reply, send, 2FA, review, contact, ...)
    POST /__event                           what a page's widgets did (JSON: a password saved,
                                            a Slack reply sent, a tab switched to)
    POST /__beacon                          the third-party analytics of every page (below)
    GET  /__state                           the actions recorded so far (JSON), for tests
    GET  /__log                             actions, page visits and beacons (JSON), for tests

Every page carries a naive third-party tracker, as real sites do: on load and on every form
submit it sends a beacon to the *other* loopback origin (localhost <-> 127.0.0.1, same port),
the submitted form's visible field values included. So the episodes' cross-origin check
watches real traffic, and a value typed from the vault would reach a third party unless the
broker's request guard stops it.

`gt=0` serves the page without its `data-gt-*` label marks (the labeller needs them; nothing
else does). `SiteServer` runs the app on 127.0.0.1 in a background thread.
"""

from __future__ import annotations

import json
import re
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

import jinja2
import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from webarena_env.inject import Injection, by_slot, parse_specs
from webarena_env.pages import SITE_NAMES, SITE_PAGES, THEMES, PageSpec, page_context

GT_ATTRIBUTE = re.compile(r'\s+data-gt-[a-z-]+="[^"]*"')


def strip_labels(html: str) -> str:
    """The page exactly as served, minus its `data-gt-*` marks."""
    return GT_ATTRIBUTE.sub("", html)


def twofa_injection(seed: int, iseed: int) -> Injection:
    """The OTP a 2FA page sends (its code is what the page's form accepts)."""
    return Injection("otp", "toast", seed=iseed * 31 + seed)


@dataclass(frozen=True, slots=True)
class ServedPage:
    """A page with injections, as one URL of these sites: its path and what it will show."""

    spec: PageSpec
    inject: str  # "kind.placement,..." as in the page URL; values derive from the page seed

    @property
    def url(self) -> str:
        return f"{self.spec.path}&inject={self.inject}&iseed={self.spec.seed}"

    def injections(self) -> list[Injection]:
        """The injections exactly as the server renders them for this page's URL."""
        served = parse_specs(self.inject, self.spec.seed)
        if self.spec.page == "twofa":
            served = [twofa_injection(self.spec.seed, self.spec.seed), *served]
        return served


MAX_LOG = 10_000  # visits and beacons kept (a corpus build visits every page)
MAX_EVENT_BYTES = 16_384

TRACKER = """<script>
(() => {
  const host = location.hostname === "localhost" ? "127.0.0.1" : "localhost";
  const to = location.protocol + "//" + host + ":" + location.port + "/__beacon";
  const send = (kind, data) => {
    try { navigator.sendBeacon(to, JSON.stringify({kind: kind, page: location.pathname, ...data})); } catch (e) {}
  };
  send("pageview", {});
  document.addEventListener("submit", (event) => {
    const fields = {};
    for (const el of event.target.elements || []) {
      if (el.name && el.type !== "hidden" && el.type !== "password") fields[el.name] = el.value;
    }
    send("form", {fields: fields});
  }, true);
})();
</script>"""


@dataclass
class SiteState:
    """What happened on the sites, in order: actions users took (forms and widgets), pages
    visited, and third-party beacons received (the e2e suite judges episodes by these)."""

    actions: list[dict[str, Any]] = field(default_factory=list)
    visits: list[dict[str, Any]] = field(default_factory=list)
    beacons: list[dict[str, Any]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def record(self, entry: dict[str, Any]) -> None:
        with self.lock:
            self.actions.append(entry)

    def visit(self, entry: dict[str, Any]) -> None:
        with self.lock:
            self.visits.append(entry)
            del self.visits[:-MAX_LOG]

    def beacon(self, entry: dict[str, Any]) -> None:
        with self.lock:
            self.beacons.append(entry)
            del self.beacons[:-MAX_LOG]

    def snapshot(self) -> list[dict[str, Any]]:
        with self.lock:
            return [dict(a) for a in self.actions]

    def log(self) -> dict[str, list[dict[str, Any]]]:
        with self.lock:
            return {
                "actions": [dict(a) for a in self.actions],
                "visits": [dict(v) for v in self.visits],
                "beacons": [dict(b) for b in self.beacons],
            }


def _environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("webarena_env", "templates"),
        autoescape=jinja2.select_autoescape(["html"]),
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
    )
    env.filters["money"] = lambda v: f"${v:,.2f}"
    env.filters["stars"] = lambda v: "★" * int(round(v)) + "☆" * (5 - int(round(v)))
    return env


def render_page(
    env: jinja2.Environment,
    spec: PageSpec,
    *,
    injections: list[Injection] = (),  # type: ignore[assignment]
    query: str = "",
    params: dict[str, str] | None = None,
    flash: str = "",
    labels: bool = True,
    iseed: int = 0,
) -> str:
    ctx = page_context(spec, query, params)
    ctx.update(inject=by_slot(list(injections)), flash=flash, iseed=iseed)
    html = env.get_template(f"{spec.theme}/{spec.site}/{spec.page}.html").render(ctx)
    html = html.replace("</body>", TRACKER + "\n</body>", 1) if "</body>" in html else html + TRACKER
    return html if labels else strip_labels(html)


async def _json_body(request: Request) -> Any:
    raw = await request.body()
    if len(raw) > MAX_EVENT_BYTES:
        return None
    try:
        return json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        return None


def _int(value: str | None, default: int = 0) -> int:
    try:
        return int(value) if value is not None else default
    except ValueError:
        return default


def create_app(state: SiteState | None = None) -> Starlette:
    env = _environment()
    state = state if state is not None else SiteState()

    async def index(request: Request) -> Response:
        links = "".join(
            f'<li><a href="/{t}/{s}/{pages[0]}?seed=0">{SITE_NAMES[(t, s)]}</a> (theme {t.upper()})</li>'
            for s, pages in SITE_PAGES.items()
            for t in THEMES
        )
        return HTMLResponse(f"<!doctype html><title>Local sites</title><h1>Local sites</h1><ul>{links}</ul>")

    async def page(request: Request) -> Response:
        p = request.path_params
        try:
            seed = _int(request.query_params.get("seed"))
            spec = PageSpec(p["theme"], p["site"], p["page"], seed)
            iseed = _int(request.query_params.get("iseed"), seed)
            injections = parse_specs(request.query_params.get("inject", ""), iseed)
        except ValueError as exc:
            return HTMLResponse(f"<!doctype html><title>Not found</title><p>{exc}</p>", status_code=404)
        if spec.page == "twofa":
            injections = [twofa_injection(seed, iseed), *injections]
        state.visit({"theme": spec.theme, "site": spec.site, "page": spec.page, **dict(request.query_params)})
        html = render_page(
            env,
            spec,
            injections=injections,
            query=request.query_params.get("q", ""),
            params={k: v for k, v in request.query_params.items() if k in ("id", "c", "mode")},
            flash=request.query_params.get("flash", ""),
            labels=request.query_params.get("gt", "1") != "0",
            iseed=iseed,
        )
        return HTMLResponse(html)

    async def action(request: Request) -> Response:
        p = request.path_params
        form = {k: str(v) for k, v in (await request.form()).items()}
        entry = {"theme": p["theme"], "site": p["site"], "action": p["name"], **form}
        message = _MESSAGES.get(p["name"], "Done.")
        if p["name"] == "verify_2fa":
            expected = twofa_injection(_int(form.get("seed")), _int(form.get("iseed"))).values["code"]
            entry["ok"] = form.get("code", "").strip() == expected
            message = "Verification complete. You are signed in." if entry["ok"] else "That code is not valid."
        state.record(entry)
        back = form.get("back") or f"/{p['theme']}/{p['site']}/{SITE_PAGES.get(p['site'], ('',))[0]}"
        separator = "&" if "?" in back else "?"
        return RedirectResponse(f"{back}{separator}{urlencode({'flash': message})}", status_code=303)

    async def state_json(request: Request) -> Response:
        return JSONResponse(state.snapshot())

    async def log_json(request: Request) -> Response:
        return JSONResponse(state.log())

    async def event(request: Request) -> Response:
        body = await _json_body(request)
        if not isinstance(body, dict) or not isinstance(body.get("event"), str):
            return JSONResponse({"error": "an event is a JSON object with an 'event' name"}, status_code=400)
        fields = {k: str(v)[:500] for k, v in body.items() if k != "event"}
        state.record({"action": body["event"], "page": request.headers.get("referer", ""), **fields})
        return JSONResponse({"ok": True})

    async def beacon(request: Request) -> Response:
        body = await _json_body(request)
        entry = body if isinstance(body, dict) else {"raw": str(body)[:500]}
        state.beacon({"origin": request.headers.get("origin", ""), "host": request.headers.get("host", ""), **entry})
        return Response(status_code=204, headers={"Access-Control-Allow-Origin": "*"})

    app = Starlette(
        routes=[
            Route("/", index),
            Route("/__state", state_json),
            Route("/__log", log_json),
            Route("/__event", event, methods=["POST"]),
            Route("/__beacon", beacon, methods=["POST"]),
            Route("/{theme}/{site}/action/{name}", action, methods=["POST"]),
            Route("/{theme}/{site}/{page}", page),
        ]
    )
    app.state.sites = state
    return app


_MESSAGES = {
    "add_to_cart": "Added to your cart.",
    "add_to_wishlist": "Saved to your wishlist.",
    "place_order": "Thank you! Your order has been placed.",
    "vote": "Thanks for voting.",
    "reply": "Your reply was posted.",
    "subscribe": "Subscription updated.",
    "send": "Message sent.",
    "delete": "Conversation moved to Trash.",
    "settings": "Settings saved.",
    "review": "Thanks! Your review was submitted.",
    "contact": "Thanks, we received your message.",
}


class SiteServer:
    """The sites on 127.0.0.1 (a free port unless given), served from a background thread."""

    def __init__(self, port: int = 0, state: SiteState | None = None) -> None:
        self.state = state if state is not None else SiteState()
        self._socket = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._socket.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._socket.bind(("127.0.0.1", port))
        self.port = self._socket.getsockname()[1]
        config = uvicorn.Config(create_app(self.state), log_level="warning", access_log=False, lifespan="off")
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(target=self._server.run, kwargs={"sockets": [self._socket]}, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> SiteServer:
        self._thread.start()
        deadline = time.monotonic() + 10
        while not self._server.started:
            if time.monotonic() > deadline or not self._thread.is_alive():
                raise RuntimeError("the local sites did not start")
            time.sleep(0.02)
        return self

    def stop(self) -> None:
        self._server.should_exit = True
        self._thread.join(timeout=10)
        self._socket.close()


@contextmanager
def running_sites(port: int = 0) -> Iterator[SiteServer]:
    server = SiteServer(port).start()
    try:
        yield server
    finally:
        server.stop()
