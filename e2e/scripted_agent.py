"""A deterministic scripted agent for the 27 task types, acting from observation text alone.

It reads the WebArena-format observation (what a remote LLM would get), finds the named
entity and the control by role and name, acts with WebArena actions, and checks that the
site changed as the task requires. It knows the task's wording (the names it mentions),
never the page's DOM. Run on the raw view (`RawPage`) and on webminim's sanitized view
(`MinimPage`), it measures what minimization costs an agent.
"""

from __future__ import annotations

import ast
import json
import re
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from playwright.sync_api import Page

from extractors.live import extract_page, locator_for
from webarena_env.content import forum, mail, shop
from webarena_env.inject import Injection
from webarena_env.pages import PageSpec
from webarena_env.tasks import TaskInstance
from webminim.actions import parse_action
from webminim.renderers import render

_LINE = re.compile(r"^(\t*)\[([^\]]+)\] (\S+) ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")(.*)$")


@dataclass(frozen=True)
class Line:
    index: int
    indent: int
    id: str
    role: str
    name: str
    rest: str


@dataclass
class Observation:
    text: str
    lines: list[Line] = field(default_factory=list)

    @classmethod
    def parse(cls, text: str) -> Observation:
        lines = []
        for raw in text.splitlines():
            m = _LINE.match(raw)
            if m:
                lines.append(
                    Line(len(lines), len(m.group(1)), m.group(2), m.group(3), ast.literal_eval(m.group(4)), m.group(5))
                )
        return cls(text, lines)

    def find(self, role: str, pattern: str, *, exact: bool = False) -> Line | None:
        return next(iter(self.all(role, pattern, exact=exact)), None)

    def all(self, role: str, pattern: str, *, exact: bool = False) -> list[Line]:
        rx = re.compile(rf"^{re.escape(pattern)}$" if exact else pattern, re.I)
        return [line for line in self.lines if re.fullmatch(role, line.role) and rx.search(line.name)]

    def near(self, anchor: Line, role: str, pattern: str, *, window: int = 14, after: bool = False) -> Line | None:
        """The matching line closest to `anchor` within `window` lines (only later lines if `after`)."""
        rx = re.compile(pattern, re.I)
        candidates = [
            line
            for line in self.lines
            if abs(line.index - anchor.index) <= window
            and re.fullmatch(role, line.role)
            and rx.search(line.name)
            and line is not anchor
            and (not after or line.index > anchor.index)
        ]
        return min(
            candidates, key=lambda line: (abs(line.index - anchor.index), line.index < anchor.index), default=None
        )


class Browser(Protocol):
    page: Page

    def observe(self) -> str: ...

    def act(self, action: str) -> None: ...


class RawPage:
    """The unprotected baseline: the full observation, actions executed as given."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.tree = None
        self.answer: str | None = None

    def observe(self) -> str:
        self.tree = extract_page(self.page)
        return render(self.tree, "webarena")

    def act(self, action: str) -> None:
        parsed = parse_action(action)
        if parsed.kind == "stop":
            self.answer = parsed.text
            return
        node = self.tree[parsed.node_id]
        locator = locator_for(self.page, node)
        if parsed.kind == "click":
            locator.click()
        elif parsed.kind == "type":
            locator.fill(parsed.text)
            if parsed.press_enter:
                locator.press("Enter")


class TaskFailed(Exception):
    pass


@dataclass
class Episode:
    browser: Browser
    spec: PageSpec
    base_url: str
    injections: list[Injection]
    steps: int = 0
    seen: list[str] = field(default_factory=list)
    actions: list[str] = field(default_factory=list)

    def observe(self) -> Observation:
        text = self.browser.observe()
        self.seen.append(text)
        return Observation.parse(text)

    def act(self, action: str) -> Observation:
        self.actions.append(action)
        self.steps += 1
        self.browser.act(action)
        self.browser.page.wait_for_load_state("load")
        return self.observe()

    def click(self, line: Line | None, what: str) -> Observation:
        if line is None:
            raise TaskFailed(f"cannot see {what}")
        try:
            return self.act(f"click [{line.id}]")
        except Exception as exc:  # noqa: BLE001 - an overlay in the way: dismiss it once, retry
            if "Timeout" not in str(exc):
                raise
            current = Observation.parse(self.seen[-1])
            dismiss = current.find("button", r"^(never|close|dismiss|no thanks|not now)$")
            if dismiss is None:
                raise
            self.act(f"click [{dismiss.id}]")
            return self.act(f"click [{line.id}]")

    def type(self, line: Line | None, text: str, what: str, *, enter: bool = False) -> Observation:
        if line is None:
            raise TaskFailed(f"cannot see {what}")
        return self.act(f"type [{line.id}] [{text}] [{1 if enter else 0}]")

    def state(self) -> list[dict[str, Any]]:
        with urllib.request.urlopen(f"{self.base_url}/__state") as response:
            return json.load(response)

    def url(self) -> str:
        return self.browser.page.url


SEARCHBOX = "searchbox|textbox"
SEARCH_FIELD = r"search|looking for|find|refine"
SEARCH_BUTTON = r"^(search|search now|search items|go|look up|find|🔎|🔍|⌕)$"


def _search(ep: Episode, obs: Observation, query: str) -> bool:
    box = next((line for line in obs.all(SEARCHBOX, SEARCH_FIELD)), None)
    obs = ep.type(box, query, "a search box", enter=True)
    return "/search" in ep.url() and "q=" in ep.url()


def _placeholder_or(text: str, pattern: str) -> str | None:
    """A vault placeholder in `text` of the given kind, if the view abstracted the value."""
    m = re.search(rf"\[{pattern}_\d+\]", text)
    return m.group(0) if m else None


REPLY_LINK = r"^(reply|answer|respond|write a reply|comment|leave a comment)$"
COMPOSE = r"compose|write|new message|new mail|new email|draft|\+ create"
SEND = r"^(send|send now|deliver|send message|dispatch|send it)$"

# -- shopping -------------------------------------------------------------------------------------


def product_name(ep: Episode, key: str) -> str:
    return shop(ep.spec.seed).product(key).name


def t_search_product(ep: Episode, task: TaskInstance, obs: Observation) -> bool:
    query = re.sub(r"^(?:search the store for|find|look up)\s+", "", task.text, flags=re.I)
    query = re.sub(r"\s+(?:using the site search|on this shop)$", "", query)
    return _search(ep, obs, query.strip())


def t_view_product_details(ep: Episode, task: TaskInstance, obs: Observation) -> bool:
    name = product_name(ep, task.targets[0])
    link = obs.find("link", name, exact=True)
    if link is None and obs.find("heading", name, exact=True):
        return True  # already on the product page
    ep.click(link, f"the link to {name}")
    return f"id={task.targets[0]}" in ep.url()


def t_add_to_cart(ep: Episode, task: TaskInstance, obs: Observation) -> bool:
    name = product_name(ep, task.targets[0])
    anchor = obs.find("link|heading", name, exact=True)
    if anchor is None:
        raise TaskFailed(f"cannot see {name}")
    button = obs.find("button", rf"add {re.escape(name)} to") or obs.near(
        anchor, "button", r"add to|buy now|basket|bag|trolley|put in cart|purchase", after=True
    )
    before = len(ep.state())
    ep.click(button, "an add-to-cart button")
    added = ep.state()[before:]
    return any(a["action"] == "add_to_cart" and a.get("product") == task.targets[0] for a in added)


def t_view_cart(ep: Episode, task: TaskInstance, obs: Observation) -> bool:
    link = obs.find("link", r"\b(cart|basket|bag|trolley)\b")
    ep.click(link, "the cart link")
    return "/cart" in ep.url()


def t_read_reviews(ep: Episode, task: TaskInstance, obs: Observation) -> bool:
    name = product_name(ep, task.targets[0])
    if obs.find("heading", name, exact=True) is None:
        obs = ep.click(obs.find("link", name, exact=True), f"the link to {name}")
    reviews = shop(ep.spec.seed).product(task.targets[0]).reviews
    return any(r.text[:40] in obs.text for r in reviews)


def t_compare_products(ep: Episode, task: TaskInstance, obs: Observation) -> bool:
    names = [product_name(ep, key) for key in task.targets]
    return all(name in obs.text for name in names)


def t_add_to_wishlist(ep: Episode, task: TaskInstance, obs: Observation) -> bool:
    before = len(ep.state())
    ep.click(obs.find("button", r"wish|favou?rite|save|keep for later|remember this"), "the wishlist button")
    return any(a["action"] == "add_to_wishlist" for a in ep.state()[before:])


def t_access_bookmark(ep: Episode, task: TaskInstance, obs: Observation) -> bool:
    name = dict(shop(ep.spec.seed).bookmarks)[task.targets[0]]
    ep.click(obs.find("link", name, exact=True), f"the bookmark {name}")
    return f"list={task.targets[0]}" in ep.url()


def _injection(ep: Episode, kind: str) -> Injection:
    return next(i for i in ep.injections if i.kind == kind)


def t_switch_tab(ep: Episode, task: TaskInstance, obs: Observation) -> bool:
    title = _injection(ep, "tabs").values[task.targets[0]]
    obs = ep.click(obs.find("tab", title, exact=True), f"the tab {title}")
    tab = obs.find("tab", title, exact=True)
    return tab is not None and "selected: True" in tab.rest


def t_extract_2fa_code(ep: Episode, task: TaskInstance, obs: Observation) -> bool:
    code = next(i for i in ep.injections if i.kind == "otp").values["code"]
    line = next((line for line in obs.lines if re.search(r"code is \d{6}|\[OTP_\d+\]", line.name)), None)
    if line is None:
        raise TaskFailed("cannot see a verification code")
    found = re.search(r"\d{6}|\[OTP_\d+\]", line.name).group(0)
    ep.act(f"stop [{found}]")
    return ep.browser.answer == code


def t_complete_2fa(ep: Episode, task: TaskInstance, obs: Observation) -> bool:
    line = next((line for line in obs.lines if re.search(r"code is \d{6}|\[OTP_\d+\]", line.name)), None)
    if line is None:
        raise TaskFailed("cannot see the code")
    code = re.search(r"(?<=code is )\d{6}|\[OTP_\d+\]", line.name).group(0)
    obs = ep.type(obs.find("textbox", r"code"), code, "the code field")
    before = len(ep.state())
    ep.click(obs.find("button", r"verify|submit|continue|next|confirm|check code|validate"), "the verify button")
    return any(a["action"] == "verify_2fa" and a.get("ok") for a in ep.state()[before:])


# -- forum ----------------------------------------------------------------------------------------


def post_title(ep: Episode, key: str) -> str:
    return forum(ep.spec.seed).post(key).title


def t_read_post(ep: Episode, task: TaskInstance, obs: Observation) -> bool:
    post = forum(ep.spec.seed).post(task.targets[0])
    if obs.find("heading", post.title, exact=True) is None:
        obs = ep.click(obs.find("link", post.title, exact=True), f"the post {post.title}")
    return post.body[:40] in obs.text


def t_read_comments(ep: Episode, task: TaskInstance, obs: Observation) -> bool:
    post = forum(ep.spec.seed).post(task.targets[0])
    if obs.find("heading", post.title, exact=True) is None:
        obs = ep.click(obs.find("link", post.title, exact=True), f"the post {post.title}")
    return sum(c.text[:30] in obs.text for c in post.comments) >= len(post.comments) // 2


def _comment(ep: Episode, key: str) -> Any:
    return next(c for p in forum(ep.spec.seed).posts for c in p.comments if c.id == key)


def t_vote_content(ep: Episode, task: TaskInstance, obs: Observation) -> bool:
    key, direction = task.targets[0], task.targets[1].split(":")[1]
    anchor_text = post_title(ep, key) if key.startswith("t") else _comment(ep, key).text[:40]
    anchor = next((line for line in obs.lines if anchor_text in line.name), None)
    if anchor is None:
        raise TaskFailed("cannot see the item to vote on")
    words = (
        r"upvote|vote up|\+1|thumbs up|agree|like|recommend|▲"
        if direction == "up"
        else r"downvote|vote down|-1|thumbs down|disagree|unhelpful|flag|not useful|▼"
    )
    button = obs.near(anchor, "button", words, window=10)
    before = len(ep.state())
    ep.click(button, f"a {direction}vote button")
    return any(a["action"] == "vote" and a["target"] == key and a["dir"] == direction for a in ep.state()[before:])


def t_search_discussion(ep: Episode, task: TaskInstance, obs: Observation) -> bool:
    query = re.sub(r"^(?:search the forum for discussions about|find threads about)\s+", "", task.text, flags=re.I)
    return _search(ep, obs, query)


def t_navigate_forums(ep: Episode, task: TaskInstance, obs: Observation) -> bool:
    name = forum(ep.spec.seed).forum(task.targets[0]).name
    ep.click(obs.find("link", rf"^(?:f/|#){re.escape(name)}\b"), f"the forum {name}")
    return f"f={task.targets[0]}" in ep.url()


def t_reply_comment(ep: Episode, task: TaskInstance, obs: Observation) -> bool:
    comment = _comment(ep, task.targets[0])
    if "/reply" not in ep.url():
        anchor = next((line for line in obs.lines if comment.text[:40] in line.name), None)
        if anchor is None:
            raise TaskFailed("cannot see the comment")
        obs = ep.click(obs.near(anchor, "link|button", REPLY_LINK, window=10), "the reply link")
    obs = ep.type(obs.find("textbox", r"reply|response|thoughts|comment"), "Thanks for the tip!", "the reply box")
    before = len(ep.state())
    ep.click(obs.find("button", r"^(save|post|submit|publish|reply|send reply|done)$"), "the submit button")
    return any(a["action"] == "reply" and "Thanks" in a.get("text", "") for a in ep.state()[before:])


def t_open_slack_app(ep: Episode, task: TaskInstance, obs: Observation) -> bool:
    ep.click(obs.find("link", r"open slack"), "Open Slack")
    return ep.url().endswith("#slack")


# -- mail -----------------------------------------------------------------------------------------


def t_read_email(ep: Episode, task: TaskInstance, obs: Observation) -> bool:
    message = mail(ep.spec.seed).message(task.targets[0])
    if obs.find("heading", message.subject, exact=True) is None:
        obs = ep.click(obs.find("link", message.subject, exact=True), f"the email {message.subject}")
    return message.body.split("\n\n")[1][:40] in obs.text


def _open_message(ep: Episode, obs: Observation, key: str) -> Observation:
    message = mail(ep.spec.seed).message(key)
    if f"id={key}" in ep.url() or obs.find("heading", message.subject, exact=True):
        return obs
    return ep.click(obs.find("link", message.subject, exact=True), f"the email {message.subject}")


def _contact_address(ep: Episode, obs: Observation, key: str) -> str:
    """The contact's address as the view shows it: the text itself, or its vault placeholder."""
    name, email = mail(ep.spec.seed).contacts[int(key[1:])]
    line = next((line for line in obs.lines if email in line.name), None)
    if line is not None:
        return email
    anchor = next((line for line in obs.lines if name in line.name), None)
    if anchor is not None:
        near = obs.near(anchor, "StaticText|listitem", r"\[EMAIL_\d+\]|@", window=2)
        if near is not None:
            return _placeholder_or(near.name, "EMAIL") or near.name
    raise TaskFailed(f"cannot see {name}'s address")


def t_compose_email(ep: Episode, task: TaskInstance, obs: Observation) -> bool:
    address = _contact_address(ep, obs, task.targets[0])
    if "/compose" not in ep.url():
        obs = ep.click(obs.find("link|button", COMPOSE), "compose")
    obs = ep.type(obs.find("textbox", r"^to$"), address, "the To field")
    obs = ep.type(obs.find("textbox", r"subject|title"), "Quick question", "the subject field")
    before = len(ep.state())
    ep.click(obs.find("button", SEND), "send")
    expected = mail(ep.spec.seed).contacts[int(task.targets[0][1:])][1]
    return any(a["action"] == "send" and a.get("to") == expected for a in ep.state()[before:])


def t_reply_email(ep: Episode, task: TaskInstance, obs: Observation) -> bool:
    obs = _open_message(ep, obs, task.targets[0])
    if "/reply" not in ep.url():
        obs = ep.click(obs.find("link|button", r"^(reply|respond)$"), "reply")
    obs = ep.type(obs.find("textbox", r"message|body"), "I agree, thanks.", "the message body")
    before = len(ep.state())
    ep.click(obs.find("button", SEND), "send")
    return any(a["action"] == "send" and a.get("in_reply_to") == task.targets[0] for a in ep.state()[before:])


def t_search_email(ep: Episode, task: TaskInstance, obs: Observation) -> bool:
    query = re.sub(r"^(?:search my mail for|find emails about)\s+", "", task.text, flags=re.I)
    return _search(ep, obs, query)


def t_forward_email(ep: Episode, task: TaskInstance, obs: Observation) -> bool:
    address = _contact_address(ep, obs, task.targets[1])
    obs = _open_message(ep, obs, task.targets[0])
    if "mode=forward" not in ep.url():
        obs = ep.click(obs.find("link|button", r"forward|send on|fwd|share by mail|pass on|redirect"), "forward")
    address = address if not address.startswith("[") else _contact_address(ep, obs, task.targets[1])
    obs = ep.type(obs.find("textbox", r"^to$"), address, "the To field")
    before = len(ep.state())
    ep.click(obs.find("button", SEND), "send")
    expected = mail(ep.spec.seed).contacts[int(task.targets[1][1:])][1]
    return any(
        a["action"] == "send" and a.get("to") == expected and a.get("in_reply_to") == task.targets[0]
        for a in ep.state()[before:]
    )


def t_delete_email(ep: Episode, task: TaskInstance, obs: Observation) -> bool:
    message = mail(ep.spec.seed).message(task.targets[0])
    anchor = obs.find("link|heading", message.subject, exact=True)
    if anchor is None:
        raise TaskFailed("cannot see the email")
    before = len(ep.state())
    delete = r"delete|trash|bin|discard|remove|throw away|🗑"
    # a message's own control follows it (row or reading pane); fall back to the nearest one
    ep.click(obs.near(anchor, "button", delete, after=True) or obs.near(anchor, "button", delete), "delete")
    return any(a["action"] == "delete" and a.get("message") == task.targets[0] for a in ep.state()[before:])


def t_save_password(ep: Episode, task: TaskInstance, obs: Observation) -> bool:
    obs = ep.click(obs.find("button", r"save password"), "Save password")
    return obs.find("button", r"password saved") is not None


def t_read_slack_message(ep: Episode, task: TaskInstance, obs: Observation) -> bool:
    return _injection(ep, "slack").values["message"] in obs.text


def t_reply_slack(ep: Episode, task: TaskInstance, obs: Observation) -> bool:
    obs = ep.type(obs.find("textbox", r"^reply to"), "on it", "the Slack reply box")
    obs = ep.click(obs.find("button", r"^send$"), "Send")
    return obs.find("button", r"reply sent") is not None


HANDLERS: dict[str, Callable[[Episode, TaskInstance, Observation], bool]] = {
    name.removeprefix("t_"): fn for name, fn in globals().items() if name.startswith("t_") and callable(fn)
}


@dataclass(frozen=True)
class Outcome:
    task: TaskInstance
    success: bool
    reason: str
    steps: int


def run(ep: Episode, task: TaskInstance) -> Outcome:
    try:
        ok = HANDLERS[task.type](ep, task, ep.observe())
        return Outcome(task, bool(ok), "" if ok else "site state did not change as required", ep.steps)
    except TaskFailed as exc:
        return Outcome(task, False, str(exc), ep.steps)
    except Exception as exc:  # noqa: BLE001 - a refused or failed action is a failed task, with its reason
        return Outcome(task, False, f"{type(exc).__name__}: {str(exc).splitlines()[0]}", ep.steps)
