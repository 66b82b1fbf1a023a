"""The broker in the agent loop, in real Chromium on the local sites: sanitized views,
vault rehydration, refusals, drop-in integrations, the inspect report, the audit log."""

from __future__ import annotations

import asyncio
import json
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from playwright.async_api import async_playwright
from playwright.sync_api import Page, expect
from view_lines import find_line

from webarena_env.server import SiteServer, twofa_injection
from webminim.agent import AsyncMinimPage, MinimPage
from webminim.browser import launch_options
from webminim.errors import ActionRefused

ROOT = Path(__file__).parent.parent
OTP = re.compile(r"\[OTP_\d+\]")


def test_complete_2fa_by_typing_a_placeholder(page: Page, sites: SiteServer, minim_factory):
    page.goto(f"{sites.url}/a/shop/twofa?seed=21")
    code = twofa_injection(21, 21).values["code"]
    agent = MinimPage(page, "Enter the verification code I was sent and finish signing in", minim=minim_factory())
    seen = [agent.observe()]
    assert code not in seen[0] and "[OTP_" in seen[0]
    field = find_line(seen[0], "textbox", "code")
    placeholder = OTP.search(seen[0]).group(0)  # what an agent reads off the view
    agent.act(f'type [{field}] "{placeholder}"')
    assert page.get_by_label("Enter verification code").input_value() == code  # rehydrated locally
    seen.append(agent.observe())
    # the form's submit button: its label may be shown or abstracted once the field holds a code
    lines = seen[-1].splitlines()
    after_field = lines[next(i for i, line in enumerate(lines) if line.strip().startswith(f"[{field}]")) :]
    button = find_line("\n".join(after_field), "button", "")
    agent.act(f"click [{button}]")
    expect(page.get_by_role("status").first).to_contain_text("Verification complete")
    seen.append(agent.observe())
    assert all(code not in text for text in seen)


def test_placeholder_into_a_search_box_is_refused(page: Page, sites: SiteServer, minim_factory):
    page.goto(f"{sites.url}/a/shop/home?seed=4&inject=otp.toast")
    agent = MinimPage(
        page, "What is the verification code I just received? Then search for headphones", minim=minim_factory()
    )
    text = agent.observe()
    search = find_line(text, "searchbox", "search")
    placeholder = next(e.placeholder for e in agent.vault.entries() if e.kind == "OTP")
    with pytest.raises(ActionRefused, match="search box"):
        agent.act(f'type [{search}] "{placeholder}"')
    assert page.get_by_role("searchbox").input_value() == ""


def test_refusals_for_urls_and_unseen_nodes(page: Page, sites: SiteServer, minim_factory):
    page.goto(f"{sites.url}/a/shop/twofa?seed=5")
    agent = MinimPage(page, "Complete the two-step verification with the code", minim=minim_factory())
    agent.observe()
    with pytest.raises(ActionRefused, match="goto"):
        agent.act(f"goto [{sites.url}/a/shop/home?code=[OTP_1]]")
    with pytest.raises(ActionRefused, match="not in the current observation"):
        agent.act("click [999999]")


def test_async_twin_observes_and_acts(sites: SiteServer, minim_factory):
    async def episode() -> tuple[str, str]:
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(**launch_options())
            page = await browser.new_page()
            await page.goto(f"{sites.url}/b/shop/twofa?seed=6")
            agent = AsyncMinimPage(page, "Complete the two-step verification with the code", minim=minim_factory())
            text = await agent.observe()
            field = find_line(text, "textbox", "code")
            placeholder = OTP.search(text).group(0)
            await agent.act(f'type [{field}] "{placeholder}"')
            typed = await page.get_by_label("Security code").input_value()
            await browser.close()
            return text, typed

    # pytest-playwright's sync loop owns this thread; the async twin gets a thread of its own
    with ThreadPoolExecutor(max_workers=1) as pool:
        text, typed = pool.submit(asyncio.run, episode()).result(timeout=300)
    code = twofa_injection(6, 6).values["code"]
    assert code not in text and typed == code


def test_audit_log_has_decisions_and_keyed_hashes_never_values(page: Page, sites: SiteServer, minim_factory, tmp_path):
    log = tmp_path / "audit.jsonl"
    page.goto(f"{sites.url}/a/shop/twofa?seed=7")
    agent = MinimPage(page, "Complete the two-step verification with the code", minim=minim_factory(), audit_log=log)
    text = agent.observe()
    placeholder = OTP.search(text).group(0)
    agent.act(f'type [{find_line(text, "textbox", "code")}] "{placeholder}"')
    raw = log.read_text()
    code = twofa_injection(7, 7).values["code"]
    assert code not in raw
    records = [json.loads(line) for line in raw.splitlines()]
    observe, act = records
    assert observe["event"] == "observe" and observe["counts"]["R"] > 0 and observe["withheld"]
    assert all(len(w["hmac"]) == 32 for w in observe["withheld"])
    assert act == {**act, "event": "act", "kind": "type", "placeholders": [placeholder], "outcome": "done"}


def test_leakage_budget_tightens_the_necessity_threshold(page: Page, sites: SiteServer, minim_factory):
    page.goto(f"{sites.url}/a/mail/inbox?seed=3&inject=slack.sidebar")
    agent = MinimPage(page, "Read the email from the first sender", minim=minim_factory(), leakage_budget=1e-6)
    first = agent.observe()
    agent.observe()
    third = agent.observe()
    assert agent._core.budget.tightened > 0
    assert len(third) <= len(first)


def test_integrations_examples_run(sites: SiteServer):
    for script in ("webarena_loop.py", "browsergym_loop.py"):
        result = subprocess.run(
            [sys.executable, str(ROOT / "examples" / script)], capture_output=True, text=True, timeout=300
        )
        assert result.returncode == 0, result.stderr
        assert "keys sent to the model" in result.stdout
        assert "image" not in result.stdout.split("keys sent to the model:")[1].splitlines()[0]
        assert "screenshot" not in result.stdout.split("keys sent to the model:")[1].splitlines()[0]


def test_inspect_report_renders_in_chromium(page: Page, sites: SiteServer, tmp_path):
    out = tmp_path / "report.html"
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "webminim",
            "inspect",
            f"{sites.url}/a/mail/inbox?seed=2&inject=otp.toast",
            "--task",
            "Search my mail for invoice",
            "--out",
            str(out),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    page.goto(out.as_uri())
    expect(page.locator("#raw .remove").first).to_be_visible()
    assert page.locator("#raw [data-action]").count() > 100
    assert "token saving" in page.locator(".stats").inner_text()
    page.screenshot(path=str(tmp_path / "report.png"), full_page=False)
    assert (tmp_path / "report.png").stat().st_size > 10_000


@pytest.mark.parametrize("guarded", [True, False])
def test_leak_watch_records_what_left_not_what_the_guard_blocked(
    page: Page, sites: SiteServer, minim_factory, guarded: bool
):
    from webminim.pytest_plugin import LeakWatch

    watch = LeakWatch()
    watch.watch_page(page)
    page.goto(f"{sites.url}/a/shop/twofa?seed=21")
    code = twofa_injection(21, 21).values["code"]
    agent = MinimPage(page, "Complete the two-step verification", minim=minim_factory(), guard_requests=guarded)
    text = agent.observe()
    agent.act(f'type [{find_line(text, "textbox", "code")}] "{OTP.search(text).group(0)}"')
    page.get_by_role("button", name="Continue").click()  # the form submit the sites' tracker reports
    expect(page.get_by_role("status").first).to_contain_text("Verification complete")
    page.wait_for_timeout(300)  # the tracker's beacon is sent after the submit
    assert watch.requests  # the page view beacons to the other loopback origin went out either way
    if guarded:
        watch.assert_never_left([code])  # the guard blocked the form beacon: it never left
    else:
        assert any("request to" in place for place in watch.where(code))  # without the guard: caught
