"""The episode agent works from text alone: no page, no site data, no vault reach it."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from scripted_agent import ActionFailed, run, understand  # noqa: E402

from webarena_env.tasks import TASK_TYPES  # noqa: E402

AGENT = Path(__file__).parent / "scripted_agent.py"
ALLOWED = {"__future__", "ast", "re", "collections.abc", "dataclasses", "typing", "webarena_env.tasks"}


def test_the_agent_imports_nothing_that_reaches_a_page_or_the_sites_data():
    imported = set()
    for node in ast.walk(ast.parse(AGENT.read_text())):
        if isinstance(node, ast.Import):
            imported |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            imported.add(node.module or "")
    assert imported <= ALLOWED, imported - ALLOWED
    names = {n.id for n in ast.walk(ast.parse(AGENT.read_text())) if isinstance(n, ast.Name)}
    assert not names & {"Page", "urlopen", "Vault", "shop", "forum", "mail"}


@pytest.mark.parametrize("task_type", sorted(TASK_TYPES))
def test_every_template_is_understood_with_its_slots(task_type: str):
    values = {
        "query": "tent",
        "product": "Blue Widget",
        "other": "Red Widget",
        "bookmark": "Gift ideas",
        "tab": "Inbox (3)",
        "post": "Best tents?",
        "thing": 'the post "Best tents?"',
        "forum": "camping",
        "author": "dana",
        "sender": "Dana Lee",
        "subject": "March invoice",
        "contact": "Marcus Webb",
        "topic": "the rent",
    }
    for template in TASK_TYPES[task_type].templates:
        intent = understand(template.format(**values))
        assert intent.type == task_type
        for slot, value in intent.slots.items():
            if slot in values:
                assert value == values[slot]


class Replay:
    """A text environment from recorded strings: what each action leads to."""

    def __init__(self, first: str, after: dict[str, str]) -> None:
        self.current, self.after, self.actions = first, after, []

    def observe(self) -> str:
        return self.current

    def act(self, action: str) -> str:
        self.actions.append(action)
        if action.startswith("stop"):
            return self.current
        if action not in self.after:
            raise ActionFailed(f"no such element: {action}")
        self.current = self.after[action]
        return self.current


INBOX = """[1] RootWebArea 'Inbox'
\t[4] link 'March invoice'
\t[5] StaticText 'Dana Lee'
\t[6] button 'Delete'
\t[7] link 'Lunch plans'
\t[8] StaticText 'Marcus Webb'
\t[9] button 'Delete'"""
MESSAGE = """[1] RootWebArea 'March invoice'
\t[2] heading 'March invoice'
\t[3] StaticText 'From Dana Lee'
\t[4] StaticText 'The totals are attached; please check line 4.'
\t[5] heading 'More in Inbox'"""


def test_a_reading_task_opens_the_message_and_answers_from_its_text():
    env = Replay(INBOX, {"click [4]": MESSAGE})
    outcome = run(env, 'Read the email from Dana Lee about "March invoice"')
    assert env.actions[0] == "click [4]" and env.actions[-1].startswith("stop [")
    assert outcome.error == "" and "The totals are attached" in outcome.answer
    assert "Lunch plans" not in outcome.answer


def test_an_action_task_picks_the_control_of_the_named_row():
    env = Replay(INBOX, {"click [9]": INBOX})
    outcome = run(env, 'Move Marcus Webb\'s message "Lunch plans" to the trash')
    assert env.actions == ["click [9]"] and outcome.error == ""


def test_what_the_view_does_not_show_cannot_be_acted_on():
    sanitized = "[1] RootWebArea 'Inbox'\n\t[6] button 'Delete'"
    outcome = run(Replay(sanitized, {}), 'Move Marcus Webb\'s message "Lunch plans" to the trash')
    assert outcome.error == "cannot see the email"


def test_a_refused_action_is_a_failed_task_with_the_brokers_reason():
    outcome = run(Replay(INBOX, {}), 'Delete the email "March invoice" from Dana Lee')
    assert outcome.error.startswith("no such element")
