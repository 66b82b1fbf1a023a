"""A code a page showed once, copied by its script into a control with no cue around it (a
button's label, an aria-label, a field's value, an option, a link, digit by digit), in real
Chromium through `MinimPage`: the next view shows it as a placeholder, never the digits. The
same number on a page that never showed it as a code stays as it is.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from playwright.sync_api import Page

from webminim.agent import MinimPage

CODE = "847293"
SHOWN = f'<div role="status" id="toast">Your verification code is {CODE}</div>'
PAGE = """<!doctype html><html><head><title>Kettles</title></head><body>{toast}
<h1>Kettles</h1><form role="search"><input aria-label="Search products" id="q"><button id="go">Search</button></form>
<ul><li><a href="/p/1">Steel kettle 1.7 l</a></li><li><a href="/p/2">Glass kettle</a></li></ul>
<select aria-label="Sort by" id="sort"><option>Price</option><option>Rating</option></select>
</body></html>"""
# what a script writes, `c` the code: each a control or text with no cue word near it
COPIES = {
    "button label": "document.getElementById('go').textContent = 'Search ' + c",
    "bare button": "document.getElementById('go').textContent = c",
    "aria-label": "document.getElementById('go').setAttribute('aria-label', 'Go ' + c)",
    "field value": "document.getElementById('q').value = c",
    "option": "document.getElementById('sort').options[1].text = 'Rating ' + c",
    "link": "document.querySelector('a').textContent = 'Steel kettle ' + c",
    "digit by digit": "document.getElementById('go').textContent = c.split('').join(' ')",
    "dashed": "document.getElementById('go').textContent = c.slice(0, 3) + '-' + c.slice(3)",
    "full-width": "document.getElementById('go').textContent = [...c].map(d => String.fromCharCode(0xFF10 + +d)).join('')",  # noqa: E501
    "heading": "document.querySelector('h1').textContent = 'Kettles ' + c",
}
TASKS = ("Search the shop for a glass kettle", "Sort the kettles by rating")
DIGITS = re.compile(r"8\D{0,3}4\D{0,3}7\D{0,3}2\D{0,3}9\D{0,3}3|８４７２９３")


@pytest.fixture(scope="module")
def shop() -> Iterator[str]:
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802
            body = PAGE.replace("{toast}", SHOWN if self.path == "/" else "").encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - quiet
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@pytest.mark.parametrize("task", TASKS)
@pytest.mark.parametrize("copy", COPIES)
def test_a_code_copied_into_a_control_stays_a_placeholder(page: Page, shop: str, minim_factory, task: str, copy: str):
    page.goto(shop + "/")
    agent = MinimPage(page, task, minim=minim_factory())
    first = agent.observe()
    assert not DIGITS.search(first)
    page.evaluate(f"c => {{ {COPIES[copy]}; document.getElementById('toast').remove(); }}", CODE)
    second = agent.observe()
    assert not DIGITS.search(second), second  # shown as a placeholder where its control is shown, or not at all


def test_a_control_that_carries_the_code_is_shown_with_its_placeholder(page: Page, shop: str, minim_factory):
    page.goto(shop + "/")
    agent = MinimPage(page, TASKS[0], minim=minim_factory())
    agent.observe()
    page.evaluate(f"c => {{ {COPIES['button label']}; document.getElementById('toast').remove(); }}", CODE)
    assert re.search(r"button 'Search \[OTP_\d+\]'", agent.observe())  # the agent can still press it


def test_a_number_never_shown_as_a_code_stays_as_it_is(page: Page, shop: str, minim_factory):
    page.goto(shop + "/plain")
    agent = MinimPage(page, TASKS[0], minim=minim_factory())
    agent.observe()
    page.evaluate(f"c => {{ {COPIES['button label']}; }}", CODE)
    assert f"Search {CODE}" in agent.observe()
