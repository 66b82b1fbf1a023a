"""Text an agent types into the local sites' public forms, through `MinimPage` and
`AsyncMinimPage` in real Chromium: what the server receives when the form is submitted (an
over-sharing comment without its private sentence, a benign review unchanged, the relevant
part of a pasted chat without the private line, a contact message without a third party's
health), the audit log of each rewrite, and a text that cannot be checked: refused, nothing
typed, nothing sent."""

from __future__ import annotations

import asyncio
import json
import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from playwright.async_api import async_playwright
from playwright.sync_api import Page
from typed_scenarios import OVERSHARE, SCENARIOS, Scenario, judge, received
from view_lines import find_line

from webarena_env.server import SiteServer
from webminim.agent import AsyncMinimPage, MinimPage
from webminim.browser import launch_options
from webminim.egress.text.minimize import MAX_CHARS
from webminim.errors import ActionRefused


def quoted(text: str) -> str:
    """`text` as one WebArena `type [id] "..."` argument (shell quoting, as the parser reads it)."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda s: s.name)
def test_minim_page_types_only_what_the_task_needs(
    page: Page, fresh_sites: SiteServer, minim_factory, scenario: Scenario, tmp_path: Path
) -> None:
    page.goto(f"{fresh_sites.url}{scenario.path}")
    audit = tmp_path / "audit.jsonl"
    agent = MinimPage(page, scenario.task, minim=minim_factory(), audit_log=audit)
    field = find_line(agent.observe(), "textbox", scenario.field)
    agent.act(f"type [{field}] {quoted(scenario.text)}")
    typed = page.locator(f"[data-webminim-id='{field}']").input_value()
    if scenario.identical:
        assert typed == scenario.text  # byte for byte, line breaks included
    agent.act(f"click [{find_line(agent.observe(), 'button', scenario.button)}]")
    page.wait_for_url(re.compile(r"flash="))
    judge(scenario, received(fresh_sites.url, scenario), scenario.text)
    records = [json.loads(line) for line in audit.read_text().splitlines()]
    (rewrite,) = [r for r in records if r["event"] == "minimize_text"]
    assert rewrite["outcome"] == ("unchanged" if scenario.identical else "rewritten")
    assert rewrite["node_id"] == field and rewrite["origin"] == fresh_sites.url
    assert bool(rewrite["edits"]) is not scenario.identical
    for word in scenario.absent:
        assert word not in audit.read_text()


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda s: s.name)
def test_async_minim_page_types_only_what_the_task_needs(
    fresh_sites: SiteServer, minim_factory, scenario: Scenario
) -> None:
    async def episode() -> str:
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(**launch_options())
            page = await browser.new_page()
            await page.goto(f"{fresh_sites.url}{scenario.path}")
            agent = AsyncMinimPage(page, scenario.task, minim=minim_factory())
            field = find_line(await agent.observe(), "textbox", scenario.field)
            await agent.act(f"type [{field}] {quoted(scenario.text)}")
            typed = await page.locator(f"[data-webminim-id='{field}']").input_value()
            await agent.act(f"click [{find_line(await agent.observe(), 'button', scenario.button)}]")
            await page.wait_for_url(re.compile(r"flash="))
            await browser.close()
            return typed

    # pytest-playwright's sync loop owns this thread; the async twin gets a thread of its own
    with ThreadPoolExecutor(1) as pool:
        typed = pool.submit(asyncio.run, episode()).result(timeout=300)
    if scenario.identical:
        assert typed == scenario.text
    judge(scenario, received(fresh_sites.url, scenario), scenario.text)


def test_text_that_cannot_be_checked_is_refused_and_nothing_is_typed_or_sent(
    page: Page, fresh_sites: SiteServer, minim_factory, tmp_path: Path
) -> None:
    page.goto(f"{fresh_sites.url}{OVERSHARE.path}")
    audit = tmp_path / "audit.jsonl"
    agent = MinimPage(page, OVERSHARE.task, minim=minim_factory(), audit_log=audit)
    field = find_line(agent.observe(), "textbox", OVERSHARE.field)
    huge = (OVERSHARE.text + " ") * (MAX_CHARS // len(OVERSHARE.text) + 1)  # over the minimizer's limit
    with pytest.raises(ActionRefused, match="could not be checked") as refused:
        agent.act(f"type [{field}] [{huge}]")
    assert "\n" not in str(refused.value) and "rehab" not in str(refused.value)
    assert page.locator(f"[data-webminim-id='{field}']").input_value() == ""  # nothing typed
    agent.act(f"click [{find_line(agent.observe(), 'button', OVERSHARE.button)}]")
    page.wait_for_url(re.compile(r"flash="))
    assert received(fresh_sites.url, OVERSHARE) == [""]  # the form went out empty
    records = [json.loads(line) for line in audit.read_text().splitlines()]
    assert [r["outcome"] for r in records if r["event"] == "minimize_text"] == ["refused"]
    assert any(r["event"] == "act" and r["outcome"].startswith("refused: the typed text") for r in records)
    assert "rehab" not in audit.read_text()


def test_a_short_text_is_typed_without_a_check(page: Page, fresh_sites: SiteServer, minim_factory) -> None:
    from webminim.egress.text import TextMinimizer

    page.goto(f"{fresh_sites.url}/a/shop/home?seed=4")
    # a minimizer with no time refuses every text it is given: a search query never reaches it
    agent = MinimPage(
        page, "Search the shop for red running shoes", minim=minim_factory(), text_minimizer=TextMinimizer(budget_ms=0)
    )
    search = find_line(agent.observe(), "searchbox", "search")
    agent.act(f'type [{search}] "red running shoes"')
    assert page.get_by_role("searchbox").input_value() == "red running shoes"
    with pytest.raises(ActionRefused, match="could not be checked"):
        agent.act(f'type [{search}] "red running shoes for my knee injury"')
    assert page.get_by_role("searchbox").input_value() == "red running shoes"
