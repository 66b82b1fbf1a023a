"""`MinimEnv` around the real BrowserGym package (its own observation extraction and action
execution, Playwright 1.44 as BrowserGym pins it) on our local sites.

These run in `.venv-browsergym`, which `./dev test` sets up next to the main venv; in the
main venv BrowserGym is absent and they are skipped there.
"""

from __future__ import annotations

import json
import re
import urllib.request
from typing import Any

from browsergym_tier import require

require("browsergym.core")  # skipped outside the BrowserGym venv; an error in CI if it cannot run

from browsergym.core.env import BrowserEnv  # noqa: E402
from browsergym.core.task import AbstractBrowserTask  # noqa: E402

from webarena_env.server import SiteServer, twofa_injection  # noqa: E402
from webminim.browsergym import MinimEnv  # noqa: E402
from webminim.minim import Minim  # noqa: E402
from webminim.pytest_plugin import LeakWatch  # noqa: E402

SEED = 7
CODE = twofa_injection(SEED, SEED).values["code"]


class SiteTask(AbstractBrowserTask):
    """A task on our local sites, judged from the server's record (never from the agent)."""

    def __init__(self, seed: int, start_url: str, state_url: str, goal: str, judge: str) -> None:
        super().__init__(seed)
        self.start_url, self.state_url, self.goal, self.judge = start_url, state_url, goal, judge

    def setup(self, page: Any) -> tuple[str, dict]:
        page.goto(self.start_url)
        return self.goal, {}

    def teardown(self) -> None:
        pass

    def validate(self, page: Any, chat_messages: list[dict]) -> tuple[float, bool, str, dict]:
        if self.judge == "verified":
            with urllib.request.urlopen(self.state_url, timeout=10) as reply:  # noqa: S310 - loopback
                state = json.load(reply)
            actions = state if isinstance(state, list) else state.get("actions", [])
            done = any(a.get("action") == "verify_2fa" and a.get("ok") for a in actions)
        else:  # the user was told the code
            done = any(m.get("role") == "assistant" and CODE in str(m.get("message")) for m in chat_messages)
        return float(done), done, "", {}


def make_env(
    fresh_sites: SiteServer,
    minim: Minim,
    goal: str,
    watch: LeakWatch | None = None,
    judge: str = "verified",
    screenshots: str = "drop",
) -> MinimEnv:
    kwargs = {
        "start_url": f"{fresh_sites.url}/a/shop/twofa?seed={SEED}",
        "state_url": f"{fresh_sites.url}/__state",
        "goal": goal,
        "judge": judge,
    }
    return MinimEnv(
        BrowserEnv(task_entrypoint=SiteTask, task_kwargs=kwargs, headless=True),
        minim=minim,
        leak_watch=watch,
        screenshots=screenshots,
    )


def sent(obs: dict[str, Any]) -> str:
    """Everything in an observation an agent could forward, as text."""
    return json.dumps(obs, default=str, ensure_ascii=False)


def bid(obs: dict[str, Any], pattern: str) -> str:
    match = re.search(r"\[(\w+)\] " + pattern, obs["axtree_txt"])
    assert match, f"nothing like {pattern!r} in the sanitized tree:\n{obs['axtree_txt']}"
    return match.group(1)


def test_a_browsergym_agent_completes_2fa_without_ever_seeing_the_code(fresh_sites: SiteServer, minim: Minim) -> None:
    watch = LeakWatch()
    env = make_env(fresh_sites, minim, "Complete the two-step verification with the code", watch)
    try:
        obs, _ = env.reset(seed=0)
        seen = [sent(obs)]
        token = re.search(r"\[OTP_\d+\]", obs["axtree_txt"]).group(0)  # the code, as the model sees it
        field = bid(obs, r"textbox '[^']*code")
        obs, reward, done, _, _ = env.step(f'fill("{field}", "{token}")')
        seen.append(sent(obs))
        assert obs["last_action_error"] == "" and obs["last_action"] == f'fill("{field}", "{token}")'
        obs, reward, done, _, _ = env.step(f'click("{bid(obs, "button .(?:Continue|Verify)")}")')
        seen.append(sent(obs))
    finally:
        env.close()
    assert reward == 1.0 and done  # the server recorded a correct verification
    assert all(CODE not in text for text in seen)
    assert len(watch.observations) == 3 and len(watch.actions) == 2
    # the sites' tracker beacons to the other loopback origin, once the code was typed: the site
    # holds it, and its pages send the other site nothing a script composes
    assert any("holds a value the agent typed" in i.reason for i in env.guard.incidents), env.guard.incidents
    watch.assert_never_left([CODE])
    assert "dom_object" not in obs and "screenshot" not in obs
    assert set(obs["extra_element_properties"]) <= set(re.findall(r"\[(\w+)\]", obs["axtree_txt"]))
    assert obs["axtree_txt"].startswith("RootWebArea ")  # no bid in BrowserGym's tree: none invented here
    assert obs["open_pages_titles"][0].strip()  # the current tab's title: the page's, or withheld, never blank


def test_refused_actions_never_reach_the_page_and_say_why(fresh_sites: SiteServer, minim: Minim) -> None:
    env = make_env(fresh_sites, minim, "Complete the two-step verification with the code")
    try:
        obs, _ = env.reset(seed=0)
        token = re.search(r"\[OTP_\d+\]", obs["axtree_txt"]).group(0)
        page = env.unwrapped.page
        search = page.get_by_role("searchbox").get_attribute("bid")  # shown or not, a bid an agent may try
        obs, reward, _, _, info = env.step(f'fill("{search}", "{token}")')
        assert obs["last_action_error"].startswith("ActionRefused:") and "webminim_refused" in info
        assert page.get_by_role("searchbox").input_value() == "" and reward == 0.0
        button = bid(obs, "button .(?:Continue|Verify)")
        obs, *_ = env.step(f'fill("{button}", "{token}")')
        assert "not an input field" in obs["last_action_error"]
        obs, *_ = env.step("__import__('os').system('touch /tmp/pwned')")
        assert obs["last_action_error"].startswith("ActionRefused:")
        assert CODE not in sent(obs)
    finally:
        env.close()


def test_an_answer_to_the_user_is_filled_in_locally_and_stays_a_placeholder_in_the_chat(
    fresh_sites: SiteServer, minim: Minim
) -> None:
    env = make_env(fresh_sites, minim, "What is the verification code on this page?", judge="told")
    try:
        obs, _ = env.reset(seed=0)
        token = re.search(r"\[OTP_\d+\]", obs["axtree_txt"]).group(0)
        obs, reward, done, _, _ = env.step(f'send_msg_to_user("The code is {token}")')
    finally:
        env.close()
    assert reward == 1.0 and done  # BrowserGym's own chat holds the real code for the user
    assert CODE not in sent(obs)
    assert any(token in str(m.get("message")) for m in obs["chat_messages"])


def test_every_episode_starts_with_an_empty_vault(fresh_sites: SiteServer, minim: Minim) -> None:
    env = make_env(fresh_sites, minim, "Complete the two-step verification with the code")
    try:
        env.reset(seed=0)
        first = len(env.minim.vault)
        env.reset(seed=1)
        assert 0 < len(env.minim.vault) == first  # not URL_1 ... URL_18 over episodes
    finally:
        env.close()


def test_minim_page_works_on_the_playwright_browsergym_pins(fresh_sites: SiteServer, minim: Minim) -> None:
    from browsergym.core import _get_global_playwright  # one sync Playwright per thread: BrowserGym's

    from webminim import MinimPage

    browser = _get_global_playwright().chromium.launch()
    try:
        page = browser.new_page()
        page.goto(f"{fresh_sites.url}/a/shop/twofa?seed={SEED}")
        agent = MinimPage(page, "Complete the two-step verification with the code", minim=Minim(minim.scorer))
        text = agent.observe()  # CDP extraction: Playwright 1.44's CDPSession.send takes no timeout
        field = re.search(r"\[(\w+)\] textbox '[^']*code", text).group(1)
        token = re.search(r"\[OTP_\d+\]", text).group(0)
        agent.act(f'type [{field}] "{token}"')
        typed = page.evaluate("Array.from(document.querySelectorAll('input')).map(i => i.value)")
    finally:
        browser.close()
    assert CODE not in text and CODE in typed


def test_the_readme_browsergym_example_runs_as_printed(fresh_sites: SiteServer) -> None:
    import subprocess
    import sys
    from pathlib import Path

    readme = (Path(__file__).parents[2] / "README.md").read_text()
    section = readme.split("## Use it with BrowserGym", 1)[1]
    code = re.search(r"```python\n(.*?)```", section, flags=re.S).group(1)
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-2000:]
    assert "[OTP_1]" in result.stdout and "ok" in result.stdout.splitlines()[-1]
    assert twofa_injection(7, 7).values["code"] not in result.stdout


def test_a_vision_agent_gets_a_screenshot_with_the_code_blacked_out(fresh_sites: SiteServer, minim: Minim) -> None:
    env = make_env(fresh_sites, minim, "Complete the two-step verification with the code", screenshots="masked")
    try:
        env.reset(seed=0)
        raw, *_ = env.env.step("noop()")  # BrowserGym's own observation: screenshot and boxes of one moment
        obs = env._observe(raw, "noop()")  # what MinimEnv.step returns for it
    finally:
        env.close()
    boxes = {bid: p["bbox"] for bid, p in raw["extra_element_properties"].items() if p.get("bbox")}
    tree = env._raw

    def region(image: Any, bid: str) -> Any:
        x, y, w, h = boxes[bid]
        return image[int(y) + 1 : int(y + h) - 1, int(x) + 1 : int(x + w) - 1]

    def apart(a: str, b: str) -> bool:
        (ax, ay, aw, ah), (bx, by, bw, bh) = boxes[a], boxes[b]
        return ax + aw <= bx or bx + bw <= ax or ay + ah <= by or by + bh <= ay

    holder = next(n.parent for n in tree if CODE in n.name and n.role == "StaticText")  # the code's element
    assert CODE in json.dumps(raw["axtree_object"]) and region(raw["screenshot"], holder).any()
    assert not region(obs["screenshot"], holder).any()  # the code's pixels are black (it overlays the form)
    controls = [n.id for n in tree if n.interactive and n.id in boxes and n.id in env.view.tree]
    shown = [
        b for b in controls if apart(b, holder) and (region(obs["screenshot"], b) == region(raw["screenshot"], b)).all()
    ]
    assert shown  # controls away from the code are drawn as they are


def test_the_observation_space_declares_exactly_the_keys_an_observation_has(
    fresh_sites: SiteServer, minim: Minim
) -> None:
    env = make_env(fresh_sites, minim, "Complete the two-step verification with the code")
    try:
        obs, _ = env.reset(seed=0)
    finally:
        env.close()
    assert set(env.observation_space.spaces) == set(obs)  # no dom_object / screenshot promised, axtree_txt declared
    assert env.observation_space["axtree_txt"].contains(obs["axtree_txt"])


def test_the_page_url_reads_as_the_tree_shows_it(fresh_sites: SiteServer, minim: Minim) -> None:
    env = make_env(fresh_sites, minim, "Complete the two-step verification with the code")
    try:
        obs, _ = env.reset(seed=0)
    finally:
        env.close()
    root = re.search(r"^RootWebArea .*url='([^']*)'", obs["axtree_txt"]).group(1)
    assert re.fullmatch(r"\[URL_\d+\]", root)  # this page's root is withheld, its URL with it
    assert obs["url"] == root and obs["open_pages_urls"] == (root,)


def test_a_filled_field_keeps_its_label_and_shows_the_placeholder_it_was_filled_with(
    fresh_sites: SiteServer, minim: Minim
) -> None:
    env = make_env(fresh_sites, minim, "Complete the two-step verification with the code")
    try:
        obs, _ = env.reset(seed=0)
        token = re.search(r"\[OTP_\d+\]", obs["axtree_txt"]).group(0)
        field = bid(obs, r"textbox '[^']*code")
        label = re.search(rf"\[{field}\] textbox '([^']*)'", obs["axtree_txt"]).group(1)
        obs, *_ = env.step(f'fill("{field}", "{token}")')
        typed = env.unwrapped.page.get_by_role("textbox", name=label).input_value()
    finally:
        env.close()
    assert typed == CODE  # the broker filled the real value
    assert re.search(rf"\[{field}\] textbox '{re.escape(label)}' value='{re.escape(token)}'", obs["axtree_txt"])
    assert CODE not in sent(obs)


def test_a_filled_field_shown_by_its_label_is_still_black_in_a_masked_screenshot(
    fresh_sites: SiteServer, minim: Minim
) -> None:
    env = make_env(fresh_sites, minim, "Complete the two-step verification with the code", screenshots="masked")
    try:
        obs, _ = env.reset(seed=0)
        token = re.search(r"\[OTP_\d+\]", obs["axtree_txt"]).group(0)
        field = bid(obs, r"textbox '[^']*code")
        env.step(f'fill("{field}", "{token}")')
        raw, *_ = env.env.step("noop()")  # one moment's screenshot and boxes, as MinimEnv.step gets them
        obs = env._observe(raw, "noop()")
    finally:
        env.close()
    x, y, w, h = raw["extra_element_properties"][field]["bbox"]
    inside = (slice(int(y) + 1, int(y + h) - 1), slice(int(x) + 1, int(x + w) - 1))
    assert f"[{field}] textbox" in obs["axtree_txt"] and raw["screenshot"][inside].any()
    assert not obs["screenshot"][inside].any()  # the field's pixels are the real code: never drawn


def test_the_agents_own_message_keeps_its_placeholders(fresh_sites: SiteServer, minim: Minim) -> None:
    env = make_env(fresh_sites, minim, "What is the verification code on this page?", judge="told")
    try:
        obs, _ = env.reset(seed=0)
        token = re.search(r"\[OTP_\d+\]", obs["axtree_txt"]).group(0)
        message = f"The one-time password is {token}"  # a password cue before a placeholder: no secret
        obs, reward, *_ = env.step(f'send_msg_to_user("{message}")')
    finally:
        env.close()
    assert reward == 1.0  # the user got the real code
    assert obs["chat_messages"][-1]["message"] == message and CODE not in sent(obs)
