"""The local WebArena-style sites: one Starlette app serving a shop, a forum and a mail client.

    GET  /{theme}/{site}/{page}?seed=N[&inject=otp.toast,slack.sidebar][&iseed=M][&q=...][&gt=0]
    POST /{theme}/{site}/action/{name}      form actions (cart, vote, reply, send, 2FA, ...)
    GET  /__state                           the actions recorded so far (JSON), for tests

`gt=0` serves the page without its `data-gt-*` label marks (the labeller needs them; nothing
else does). `SiteServer` runs the app on 127.0.0.1 in a background thread.
"""

from __future__ import annotations

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


@dataclass
class SiteState:
    """Actions users took on the sites, in order (the e2e suite checks them)."""

    actions: list[dict[str, Any]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def record(self, entry: dict[str, Any]) -> None:
        with self.lock:
            self.actions.append(entry)

    def snapshot(self) -> list[dict[str, Any]]:
        with self.lock:
            return [dict(a) for a in self.actions]


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
    flash: str = "",
    labels: bool = True,
    iseed: int = 0,
) -> str:
    ctx = page_context(spec, query)
    ctx.update(inject=by_slot(list(injections)), flash=flash, iseed=iseed)
    html = env.get_template(f"{spec.theme}/{spec.site}/{spec.page}.html").render(ctx)
    return html if labels else strip_labels(html)


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
        html = render_page(
            env,
            spec,
            injections=injections,
            query=request.query_params.get("q", ""),
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

    app = Starlette(
        routes=[
            Route("/", index),
            Route("/__state", state_json),
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
