"""Text a WebArena agent types (`type [id] [text] [0]`) into the local sites' public forms,
through `MinimWebArenaEnv` around WebArena's own ScriptBrowserEnv (vendored under
third_party/): what the site's server receives when the form is submitted, judged as in
e2e/test_typed_forms.py. WebArena's `type` cannot carry a line break (its action parser reads
one line), so each text is typed as one line.

Runs in `.venv-browsergym`; skipped where WebArena's env cannot be imported.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest
from browsergym_tier import require

require("gymnasium", "beartype")  # skipped outside the BrowserGym venv; an error in CI if it cannot run
sys.path.insert(0, str(Path(__file__).parent / "third_party" / "webarena"))
sys.path.insert(0, str(Path(__file__).parent.parent))  # the e2e scenarios

from browser_env import ScriptBrowserEnv, create_id_based_action  # noqa: E402
from typed_scenarios import OVERSHARE, SCENARIOS, Scenario, judge, received  # noqa: E402

from webarena_env.server import SiteServer  # noqa: E402
from webminim.minim import Minim  # noqa: E402
from webminim.webarena import MinimWebArenaEnv  # noqa: E402


def make_env(sites: SiteServer, minim: Minim, tmp_path: Path, scenario: Scenario, **options):
    config = tmp_path / "config.json"
    config.write_text(json.dumps({"start_url": f"{sites.url}{scenario.path}", "storage_state": None}))
    env = ScriptBrowserEnv(headless=True, observation_type="accessibility_tree", current_viewport_only=False)
    wrapped = MinimWebArenaEnv(env, task=scenario.task, make_action=create_id_based_action, minim=minim, **options)
    return wrapped, {"config_file": str(config)}


def line_id(text: str, role: str, name: str) -> str:
    match = re.search(rf"\[(\d+)\] {role} '[^']*{re.escape(name)}", text, re.I)
    assert match, f"no {role} like {name!r} in the sanitized tree:\n{text}"
    return match.group(1)


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda s: s.name)
def test_type_types_only_what_the_task_needs(fresh_sites, minim, tmp_path, scenario: Scenario) -> None:
    audit = tmp_path / "audit.jsonl"
    env, options = make_env(fresh_sites, minim, tmp_path, scenario, audit_log=audit)
    text = scenario.one_line
    try:
        obs, info = env.reset(options=options)
        field = line_id(obs["text"], "textbox", scenario.field)
        obs, _, _, _, info = env.step(f"type [{field}] [{text}] [0]")
        assert info["fail_error"] == "", info["fail_error"]
        obs, _, _, _, info = env.step(f"click [{line_id(obs['text'], 'button', scenario.button)}]")
        assert info["fail_error"] == "", info["fail_error"]
        env.page.wait_for_url(re.compile(r"flash="))
    finally:
        env.close()
    judge(scenario, received(fresh_sites.url, scenario), text)
    (record,) = [json.loads(line) for line in audit.read_text().splitlines()]
    assert record["event"] == "minimize_text" and record["node_id"] == field
    assert record["outcome"] == ("unchanged" if scenario.identical else "rewritten")


def test_a_type_the_minimizer_cannot_check_never_reaches_the_page(fresh_sites, minim, tmp_path) -> None:
    from webminim.egress.text import TextMinimizer

    # no time to check anything: every text is refused
    env, options = make_env(fresh_sites, minim, tmp_path, OVERSHARE, text_minimizer=TextMinimizer(budget_ms=0.0))
    try:
        obs, _ = env.reset(options=options)
        field = line_id(obs["text"], "textbox", OVERSHARE.field)
        before = obs
        obs, reward, _, _, info = env.step(f"type [{field}] [{OVERSHARE.one_line}] [1]")
        assert info["fail_error"].startswith("ActionRefused: the typed text could not be checked")
        assert "rehab" not in info["fail_error"] and obs == before and reward == 0.0
        assert env.page.get_by_role("textbox", name=re.compile("thoughts")).input_value() == ""
    finally:
        env.close()
    assert received(fresh_sites.url, OVERSHARE) == []
