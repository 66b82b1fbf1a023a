"""`webminim serve` as a user runs it (a real process on loopback) with an agent on it:
MinimPage(..., broker=URL) completes 2FA in real Chromium without loading a model itself."""

from __future__ import annotations

import re
import socket
import subprocess
import sys
import time
from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Page, expect
from view_lines import find_line

from webarena_env.server import SiteServer, twofa_injection
from webminim.agent import MinimPage
from webminim.serve_guard import read_token

OTP = re.compile(r"\[OTP_\d+\]")


@pytest.fixture(scope="module")
def served() -> Iterator[str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    process = subprocess.Popen(
        [sys.executable, "-m", "webminim", "serve", "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 180
        while time.monotonic() < deadline:
            if process.poll() is not None:
                pytest.fail(f"webminim serve exited: {process.stderr.read()}")
            try:
                if httpx.get(f"{url}/health", timeout=1).json()["status"] == "ok":
                    break
            except (httpx.HTTPError, ValueError):
                time.sleep(0.2)
        yield url
    finally:
        process.terminate()
        process.wait(timeout=30)


def test_an_agent_on_the_served_model_completes_2fa(page: Page, sites: SiteServer, served: str):
    page.goto(f"{sites.url}/a/shop/twofa?seed=21")
    code = twofa_injection(21, 21).values["code"]
    agent = MinimPage(page, "Enter the verification code I was sent and finish signing in", broker=served)
    seen = [agent.observe()]
    assert code not in seen[0] and "[OTP_" in seen[0]
    field = find_line(seen[0], "textbox", "code")
    agent.act(f'type [{field}] "{OTP.search(seen[0]).group(0)}"')
    assert page.get_by_label("Enter verification code").input_value() == code  # rehydrated here, not there
    seen.append(agent.observe())
    lines = seen[-1].splitlines()
    after_field = lines[next(i for i, line in enumerate(lines) if line.strip().startswith(f"[{field}]")) :]
    agent.act(f"click [{find_line(chr(10).join(after_field), 'button', '')}]")
    expect(page.get_by_role("status").first).to_contain_text("Verification complete")
    seen.append(agent.observe())
    assert all(code not in text for text in seen)
    # the agent found the token `serve` wrote for this user; the test reads the same file
    auth = {"Authorization": f"Bearer {read_token(int(served.rsplit(':', 1)[1]))}"}
    assert httpx.get(f"{served}/health", headers=auth).json()["requests"] >= 3  # every observation was scored
