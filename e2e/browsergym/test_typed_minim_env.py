"""Text a BrowserGym agent types (`fill`, `keyboard_type`) into the local sites' public forms,
through `MinimEnv` around the real BrowserGym package: what the site's server receives when
the form is submitted, judged as in e2e/test_typed_forms.py.

Runs in `.venv-browsergym` (./dev test sets it up); skipped where BrowserGym is absent.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from browsergym_tier import require

require("browsergym.core")  # skipped outside the BrowserGym venv; an error in CI if it cannot run
sys.path.insert(0, str(Path(__file__).parent.parent))  # the e2e scenarios

from browsergym.core.action.highlevel import HighLevelActionSet  # noqa: E402
from browsergym.core.env import BrowserEnv  # noqa: E402
from browsergym.core.task import AbstractBrowserTask  # noqa: E402
from typed_scenarios import CONTACT, OVERSHARE, SCENARIOS, Scenario, judge, received  # noqa: E402

from webarena_env.server import SiteServer  # noqa: E402
from webminim.browsergym import MinimEnv  # noqa: E402
from webminim.minim import Minim  # noqa: E402


class FormTask(AbstractBrowserTask):
    """Open a page of the local sites with a goal; the tests judge the server's record."""

    def __init__(self, seed: int, start_url: str, goal: str) -> None:
        super().__init__(seed)
        self.start_url, self.goal = start_url, goal

    def setup(self, page: Any) -> tuple[str, dict]:
        page.goto(self.start_url)
        return self.goal, {}

    def teardown(self) -> None:
        pass

    def validate(self, page: Any, chat_messages: list[dict]) -> tuple[float, bool, str, dict]:
        return 0.0, False, "", {}


def make_env(sites: SiteServer, minim: Minim, scenario: Scenario, audit: Path | None = None) -> MinimEnv:
    kwargs = {"start_url": f"{sites.url}{scenario.path}", "goal": scenario.task}
    # BrowserGym's default actions and its keyboard ones ("coord")
    actions = HighLevelActionSet(subsets=["chat", "infeas", "bid", "coord", "nav", "tab"], demo_mode="off")
    env = BrowserEnv(task_entrypoint=FormTask, task_kwargs=kwargs, headless=True, action_mapping=actions.to_python_code)
    return MinimEnv(env, minim=minim, audit_log=audit)


def bid(obs: dict[str, Any], role: str, name: str) -> str:
    match = re.search(rf"\[(\w+)\] {role} '[^']*{re.escape(name)}", obs["axtree_txt"], re.I)
    assert match, f"no {role} like {name!r} in the sanitized tree:\n{obs['axtree_txt']}"
    return match.group(1)


def field_bid(env: MinimEnv, obs: dict[str, Any], scenario: Scenario) -> str:
    """The form's text field: its bid from the page (the view may show its label as a
    placeholder), which the sanitized tree must show."""
    found = env.unwrapped.page.get_by_role("textbox", name=re.compile(re.escape(scenario.field), re.I))
    field = found.get_attribute("bid")
    assert field and f"[{field}] textbox" in obs["axtree_txt"], obs["axtree_txt"]
    return field


def submit(env: MinimEnv, obs: dict[str, Any], scenario: Scenario) -> None:
    obs, *_ = env.step(f'click("{bid(obs, "button", scenario.button)}")')
    assert obs["last_action_error"] == "", obs["last_action_error"]
    env.unwrapped.page.wait_for_url(re.compile(r"flash="))


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda s: s.name)
def test_fill_types_only_what_the_goal_needs(fresh_sites: SiteServer, minim: Minim, scenario: Scenario) -> None:
    env = make_env(fresh_sites, minim, scenario)
    try:
        obs, _ = env.reset(seed=0)
        field = field_bid(env, obs, scenario)
        obs, *_ = env.step(f"fill({field!r}, {scenario.text!r})")
        assert obs["last_action_error"] == "", obs["last_action_error"]
        typed = env.unwrapped.page.locator(f'[bid="{field}"]').input_value()
        if scenario.identical:
            assert typed == scenario.text
        submit(env, obs, scenario)
    finally:
        env.close()
    judge(scenario, received(fresh_sites.url, scenario), scenario.text)


@pytest.mark.parametrize("together", [True, False], ids=["one-action", "two-steps"])
@pytest.mark.parametrize("scenario", [OVERSHARE, CONTACT], ids=lambda s: s.name)
def test_keyboard_type_into_the_focused_field_is_minimized_for_it(
    fresh_sites: SiteServer, minim: Minim, scenario: Scenario, together: bool, tmp_path: Path
) -> None:
    audit = tmp_path / "audit.jsonl"
    env = make_env(fresh_sites, minim, scenario, audit)
    try:
        obs, _ = env.reset(seed=0)
        field = field_bid(env, obs, scenario)
        if together:  # the field is the one the action clicks first
            obs, *_ = env.step(f"click({field!r})\nkeyboard_type({scenario.text!r})")
        else:  # the field is the page's focused element
            obs, *_ = env.step(f"click({field!r})")
            obs, *_ = env.step(f"keyboard_type({scenario.text!r})")
        assert obs["last_action_error"] == "", obs["last_action_error"]
        submit(env, obs, scenario)
    finally:
        env.close()
    judge(scenario, received(fresh_sites.url, scenario), scenario.text)
    (record,) = [json.loads(line) for line in audit.read_text().splitlines()]
    assert record["event"] == "minimize_text" and record["kind"] == "keyboard_type" and record["edits"]
    assert record["node_id"] == (field if together else "")
    assert record["origin"] == fresh_sites.url and "rehab" not in audit.read_text()


def test_a_fill_the_minimizer_cannot_check_never_reaches_the_page(fresh_sites: SiteServer, minim: Minim) -> None:
    from webminim.egress.text import TextMinimizer

    env = MinimEnv(
        BrowserEnv(
            task_entrypoint=FormTask,
            task_kwargs={"start_url": f"{fresh_sites.url}{OVERSHARE.path}", "goal": OVERSHARE.task},
            headless=True,
        ),
        minim=minim,
        text_minimizer=TextMinimizer(budget_ms=0.0),  # no time to check anything: every text is refused
    )
    try:
        obs, _ = env.reset(seed=0)
        field = field_bid(env, obs, OVERSHARE)
        obs, _, _, _, info = env.step(f"fill({field!r}, {OVERSHARE.text!r})")
        assert obs["last_action_error"].startswith("ActionRefused: the typed text could not be checked")
        assert "webminim_refused" in info and "rehab" not in obs["last_action_error"]
        assert env.unwrapped.page.locator(f'[bid="{field}"]').input_value() == ""
    finally:
        env.close()
    assert received(fresh_sites.url, OVERSHARE) == []
