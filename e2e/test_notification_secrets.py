"""A task that needs a value from a notification, on page templates no one here wrote (the
vendored admin-template families), in real Chromium: the value reaches the view only as a
placeholder of its kind, the agent types the placeholder, the field receives the real value,
and no view ever holds the value or the notification's private text."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page
from view_lines import find_line

from webarena_env.families import FAMILIES_DIR
from webarena_env.inject import Injection, inject
from webminim.agent import MinimPage
from webminim.minim import Minim
from webminim.vault import Vault

PLACEHOLDER = re.compile(r"\[[A-Z]+_\d+\]")
# a second sign-in step, as sites add one: the template's login form gains a code field
CODE_FIELD = """() => {
  const form = document.querySelector('input[type=password]').closest('.card-body, form, div');
  const label = document.createElement('label');
  label.innerHTML = 'Verification code <input type="text" name="otp" autocomplete="one-time-code">';
  form.appendChild(label);
}"""


def _open(page: Page, template: str, injection: Injection, script: str | None = None) -> None:
    page.goto((FAMILIES_DIR / template).as_uri())
    if script:
        page.evaluate(script)
    inject(page, [injection])


def _agent(page: Page, minim: Minim, template: str, injection: Injection, task: str, script: str | None = None):
    """The template with its notification, an agent on it, and its first view."""
    _open(page, template, injection, script)
    agent = MinimPage(page, task, minim=minim)
    return agent, agent.observe()


def _placeholder_of(vault: Vault, view: str, value: str) -> str:
    """The placeholder shown in `view` whose vaulted text holds `value` (what the agent reads as
    the notification's line; the test looks it up to know which one the task means)."""
    for token in PLACEHOLDER.findall(view):
        entry = vault.get(token)
        if entry is not None and value in entry.value:
            return token
    raise AssertionError(f"no placeholder for the value in:\n{view}")


@pytest.mark.parametrize("wording", range(4))
def test_the_sender_address_from_a_mail_notification(page: Page, minim_factory, wording: int) -> None:
    injection = Injection("email_preview", "toast", seed=11 + wording, wording=wording)
    task = "Type the sender's address from the new-mail notification into the To field"
    minim = minim_factory()
    agent, view = _agent(page, minim, "adminlte/pages/mailbox-compose.html", injection, task)
    email, snippet = injection.values["email"], injection.values["snippet"]
    token = _placeholder_of(minim.vault, view, email)
    assert token.startswith("[EMAIL_")
    agent.act(f'type [{find_line(view, "textbox", "To")}] "{token}"')
    assert page.locator("input[placeholder='To:']").input_value() == email
    after = agent.observe()
    for shown in (view, after):
        assert email not in shown and snippet not in shown  # the address and the mail's words stay here


@pytest.mark.parametrize("wording", range(5))
def test_the_username_and_password_from_a_save_password_prompt(page: Page, minim_factory, wording: int) -> None:
    injection = Injection("password", "modal", seed=3 + wording, wording=wording)
    task = "Sign in with the username and password from the save-password prompt"
    minim = minim_factory()
    agent, view = _agent(page, minim, "gentelella/pages/login.html", injection, task)
    username, password = injection.values["username"], injection.values["password"]
    user_token = _placeholder_of(minim.vault, view, username)
    password_token = _placeholder_of(minim.vault, view, password)
    assert password_token.startswith("[PASSWORD_")
    agent.act(f'type [{find_line(view, "textbox", "Username")}] "{user_token}"')
    agent.act(f'type [{find_line(view, "textbox", "Password")}] "{password_token}"')
    assert page.locator("input[placeholder=Username]").first.input_value() == username
    assert page.locator("input[type=password]").first.input_value() == password
    after = agent.observe()
    for shown in (view, after):
        assert username not in shown and password not in shown


@pytest.mark.parametrize("wording", range(7))  # every phrasing of the code's message
def test_a_verification_code_from_a_text_message(page: Page, minim_factory, wording: int) -> None:
    injection = Injection("otp", "toast", seed=5 + wording, wording=wording)
    task = "Enter the verification code from the text message into the verification code field"
    minim = minim_factory()
    agent, view = _agent(page, minim, "coreui/pages/login.html", injection, task, CODE_FIELD)
    code = injection.values["code"]
    token = _placeholder_of(minim.vault, view, code)
    agent.act(f'type [{find_line(view, "textbox", "Verification code")}] "{token}"')
    assert page.locator("input[name=otp]").input_value() == code
    after = agent.observe()
    assert code not in view and code not in after


@pytest.mark.parametrize("template", ["adminlte/pages/mailbox.html", "sb-admin-2/pages/index.html"])
@pytest.mark.parametrize("kind", ["slack", "email_preview", "system"])
@pytest.mark.parametrize("task", ["Show all my notifications", "What do my notifications say?"])
def test_a_task_about_the_notifications_never_sees_their_private_text(
    page: Page, minim_factory, template: str, kind: str, task: str
) -> None:
    injection = Injection(kind, "tray", seed=41, wording=1)
    _, view = _agent(page, minim_factory(), template, injection, task)
    private = injection.values.get("message") or injection.values.get("snippet") or injection.values["text"]
    assert private not in view
    assert not [secret for secret in injection.secrets if secret in view]
