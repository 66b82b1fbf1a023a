"""The pytest plugin as a user's suite would load it: a real pytest run in a subprocess."""

from __future__ import annotations

import pytest

from webminim.pytest_plugin import LeakWatch

pytest_plugins = ["pytester"]

USER_TESTS = '''
import pytest
from webminim.browser import launch_options

@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    options = launch_options()
    return {**browser_type_launch_args, "executable_path": options["executable_path"], "args": options["args"]}

PAGE = """<title>Shop</title><h1>Welcome</h1><a href="/cart">Cart (2)</a>
<div role="status">Your verification code is 592018</div>"""

def test_agent_never_sees_the_code(page, minim_page, leak_watch):
    page.set_content(PAGE)
    agent = minim_page("Open my shopping cart")
    agent.observe()
    leak_watch.assert_never_left({"592018"})

def test_a_leaking_agent_is_caught(page, minim_page, leak_watch):
    page.set_content(PAGE)
    agent = minim_page("Open my shopping cart")
    leak_watch.observations.append("model prompt: the code is 592018")  # what a leaky path would send
    with pytest.raises(AssertionError, match="1 secret"):
        leak_watch.assert_never_left({"592018"})
'''


def test_plugin_fixtures_in_a_users_suite_that_asks_for_them(pytester: pytest.Pytester):
    pytester.makepyfile(test_user=USER_TESTS)
    result = pytester.runpytest_subprocess("-q", "-p", "no:cacheprovider", "-p", "webminim.pytest_plugin")
    result.assert_outcomes(passed=2)


def test_the_plugin_does_not_load_into_a_suite_that_does_not_ask(pytester: pytest.Pytester):
    """Opt-in: installing webminim does not add fixtures (or imports) to every pytest run."""
    pytester.makepyfile(test_user="def test_nothing():\n    pass\n")
    listed = pytester.runpytest_subprocess("-q", "-p", "no:cacheprovider", "--fixtures").stdout.str()
    assert "tmp_path" in listed and "leak_watch" not in listed and "minim_page" not in listed


def test_leak_watch_reports_where_a_secret_went():
    watch = LeakWatch(
        observations=["ok", "code 847293"], actions=['type [5] "847293"'], requests=["https://tracker.test/?c=847293\n"]
    )
    places = watch.where("847293")
    assert places == ["observation 1", 'action 0: type [5] "847293"', "request to https://tracker.test/?c=847293"]
    watch.assert_never_left({"nothing-here"})
    with pytest.raises(AssertionError, match="1 secret"):
        watch.assert_never_left({"847293"})
