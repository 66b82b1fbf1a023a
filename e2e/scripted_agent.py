"""A deterministic agent that sees exactly what an LLM behind webminim would see.

Its whole input is the task text and observation text (WebArena format); its whole output
is action strings. It understands a task by matching its wording against the task
templates (language, not page data), finds entities and controls by role and name in the
observation, acts, and answers reading tasks with `stop [answer]`. It never gets a page,
the site's data or the vault: `run` receives a `TextEnv` (two string functions), and a test
drives it from recorded observation strings alone. Success is judged elsewhere
(e2e/judges.py), from the site's server state and the answer.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from webarena_env.tasks import TASK_TYPES

_LINE = re.compile(r"^(\t*)\[([^\]]+)\] (\S+) ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")(.*)$")
MAX_ANSWER = 4_000


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

    def text_after(self, anchor: Line | None, *, stop: str = r"^$", limit: int = 60) -> list[str]:
        """The texts shown after `anchor` (all texts without one), up to a heading matching `stop`."""
        start = anchor.index + 1 if anchor is not None else 0
        out: list[str] = []
        for line in self.lines[start : start + limit]:
            if line.role == "heading" and re.search(stop, line.name, re.I):
                break
            if line.role in ("StaticText", "paragraph", "listitem") and line.name.strip():
                out.append(line.name.strip())
        return out


# -- understanding the task: its wording against the task templates -------------------------


@dataclass(frozen=True)
class Intent:
    type: str
    slots: dict[str, str]


def _template_regex(template: str) -> re.Pattern[str]:
    parts = re.split(r"\{(\w+)\}", template)
    body = "".join(re.escape(p) if i % 2 == 0 else f"(?P<{p}>.+?)" for i, p in enumerate(parts))
    return re.compile(rf"^{body}$", re.I)


_TEMPLATES = [(t.name, _template_regex(tpl)) for t in TASK_TYPES.values() for tpl in t.templates]


def understand(task: str) -> Intent:
    """The task type and its slots (product, sender, subject, ...) from the task's words."""
    for name, rx in _TEMPLATES:
        m = rx.match(task.strip())
        if m:
            slots = {k: v.strip() for k, v in m.groupdict().items()}
            if name == "vote_content":
                slots["dir"] = "down" if task.lower().startswith("downvote") else "up"
            return Intent(name, slots)
    raise TaskFailed(f"task not understood: {task!r}")


# -- acting through text ------------------------------------------------------------------------


class TextEnv(Protocol):
    """All the agent may touch: the current observation, and an action that returns the next."""

    def observe(self) -> str: ...

    def act(self, action: str) -> str: ...


class TaskFailed(Exception):
    pass


class ActionFailed(Exception):
    """An action the browser or the broker refused (its one-line reason)."""


@dataclass
class Agent:
    env: TextEnv
    intent: Intent
    answer: str | None = None
    steps: int = 0
    max_steps: int = 10

    def act(self, action: str) -> Observation:
        if self.steps >= self.max_steps:
            raise TaskFailed("step budget spent")
        self.steps += 1
        return Observation.parse(self.env.act(action))

    def click(self, obs: Observation, line: Line | None, what: str) -> Observation:
        if line is None:
            raise TaskFailed(f"cannot see {what}")
        try:
            return self.act(f"click [{line.id}]")
        except ActionFailed as exc:  # an overlay in the way: dismiss it once, retry
            dismiss = obs.find("button", r"^(never|close|dismiss|no thanks|not now)$")
            if "Timeout" not in str(exc) or dismiss is None:
                raise
            self.act(f"click [{dismiss.id}]")
            return self.act(f"click [{line.id}]")

    def type(self, line: Line | None, text: str, what: str, *, enter: bool = False) -> Observation:
        if line is None:
            raise TaskFailed(f"cannot see {what}")
        return self.act(f"type [{line.id}] [{text}] [{1 if enter else 0}]")

    def stop(self, answer: str) -> None:
        answer = " | ".join(answer.split("\n"))[:MAX_ANSWER]
        self.answer = answer
        self.act(f"stop [{answer}]")


SEARCHBOX = "searchbox|textbox"
SEARCH_FIELD = r"search|looking for|find|refine"
REPLY_LINK = r"^(reply|answer|respond|write a reply|comment|leave a comment)$"
COMPOSE = r"compose|write|new message|new mail|new email|draft|\+ create"
SEND = r"^(send|send now|deliver|send message|dispatch|send it)$"
MONEY = r"\$\s?\d[\d,]*(?:\.\d\d)?"
CODE = re.compile(r"\[OTP_\d+\]|(?<!\d)\d{6}(?!\d)")


def _search(agent: Agent, obs: Observation, slots: dict[str, str]) -> None:
    box = next(iter(obs.all(SEARCHBOX, SEARCH_FIELD)), None)
    agent.type(box, slots["query"], "a search box", enter=True)


def _open(agent: Agent, obs: Observation, title: str, what: str) -> tuple[Observation, Line | None]:
    """Go to the page whose heading is `title` (following its link unless already there)."""
    heading = obs.find("heading", title, exact=True)
    if heading is None:
        obs = agent.click(obs, obs.find("link", title, exact=True), what)
        heading = obs.find("heading", title, exact=True)
    return obs, heading


def _read_page(agent: Agent, obs: Observation, slots: dict[str, str], key: str, what: str) -> None:
    obs, heading = _open(agent, obs, slots[key], what)
    agent.stop("\n".join(obs.text_after(heading, limit=200)))


# -- shopping -------------------------------------------------------------------------------------


def t_view_product_details(agent: Agent, obs: Observation, slots: dict[str, str]) -> None:
    obs, heading = _open(agent, obs, slots["product"], f"the link to {slots['product']}")
    agent.stop("\n".join(obs.text_after(heading, stop=r"review|related|also", limit=40)))


def t_add_to_cart(agent: Agent, obs: Observation, slots: dict[str, str]) -> None:
    name = slots["product"]
    anchor = obs.find("link|heading", name, exact=True)
    if anchor is None:
        raise TaskFailed(f"cannot see {name}")
    window = 60 if anchor.role == "heading" else 14  # the product's own page: its buttons follow its details
    button = obs.find("button", rf"add {re.escape(name)} to") or obs.near(
        anchor, "button", r"add to|buy now|basket|bag|trolley|put in cart|purchase", window=window, after=True
    )
    agent.click(obs, button, "an add-to-cart button")


def t_view_cart(agent: Agent, obs: Observation, slots: dict[str, str]) -> None:
    agent.click(obs, obs.find("link", r"\b(cart|basket|bag|trolley)\b"), "the cart link")


def t_read_reviews(agent: Agent, obs: Observation, slots: dict[str, str]) -> None:
    obs, heading = _open(agent, obs, slots["product"], f"the link to {slots['product']}")
    reviews = obs.find("heading", r"review|what buyers|customers say|ratings|opinions|feedback")
    agent.stop("\n".join(obs.text_after(reviews or heading, stop=r"related|also|similar", limit=120)))


def t_compare_products(agent: Agent, obs: Observation, slots: dict[str, str]) -> None:
    parts = []
    for name in (slots["product"], slots["other"]):
        anchor = obs.find("link|heading", name, exact=True)
        if anchor is None:
            raise TaskFailed(f"cannot see {name}")
        price = obs.near(anchor, "StaticText", MONEY, window=8, after=True)
        if price is None:
            raise TaskFailed(f"cannot see the price of {name}")
        parts.append(f"{name}: {price.name}")
    agent.stop("; ".join(parts))


def t_add_to_wishlist(agent: Agent, obs: Observation, slots: dict[str, str]) -> None:
    obs, _ = _open(agent, obs, slots["product"], f"the link to {slots['product']}")
    agent.click(obs, obs.find("button", r"wish|favou?rite|save|keep for later|remember this"), "the wishlist button")


def t_access_bookmark(agent: Agent, obs: Observation, slots: dict[str, str]) -> None:
    agent.click(obs, obs.find("link", slots["bookmark"], exact=True), f"the bookmark {slots['bookmark']}")


def t_switch_tab(agent: Agent, obs: Observation, slots: dict[str, str]) -> None:
    agent.click(obs, obs.find("tab", slots["tab"], exact=True), f"the tab {slots['tab']}")


def _code(obs: Observation) -> str:
    for line in obs.lines:
        found = CODE.search(line.name)
        if found and (found.group(0).startswith("[") or re.search(r"code|otp|verif|one-time|2fa", line.name, re.I)):
            return found.group(0)
    raise TaskFailed("cannot see a verification code")


def t_extract_2fa_code(agent: Agent, obs: Observation, slots: dict[str, str]) -> None:
    agent.stop(_code(obs))


def t_complete_2fa(agent: Agent, obs: Observation, slots: dict[str, str]) -> None:
    obs = agent.type(obs.find("textbox", r"code"), _code(obs), "the code field")
    agent.click(obs, obs.find("button", r"verify|submit|continue|next|confirm|check code|validate"), "verify")


# -- forum ----------------------------------------------------------------------------------------


def t_read_post(agent: Agent, obs: Observation, slots: dict[str, str]) -> None:
    obs, heading = _open(agent, obs, slots["post"], f"the post {slots['post']}")
    agent.stop("\n".join(obs.text_after(heading, stop=r"comment|repl|respons|discussion|answer|reaction")))


def t_read_comments(agent: Agent, obs: Observation, slots: dict[str, str]) -> None:
    obs, heading = _open(agent, obs, slots["post"], f"the post {slots['post']}")
    comments = obs.find("heading", r"comment|repl|respons|discussion|answer|reaction")
    agent.stop("\n".join(obs.text_after(comments or heading, limit=400)))


def _thing(obs: Observation, thing: str) -> Line:
    quoted = re.fullmatch(r'the post "(.+)"', thing)
    author = re.fullmatch(r"(.+)'s comment", thing)
    needle = quoted.group(1) if quoted else author.group(1) if author else thing
    line = next((line for line in obs.lines if needle in line.name), None)
    if line is None:
        raise TaskFailed(f"cannot see {thing}")
    return line


def t_vote_content(agent: Agent, obs: Observation, slots: dict[str, str]) -> None:
    anchor = _thing(obs, slots["thing"])
    words = (
        r"upvote|vote up|\+1|thumbs up|agree|like|recommend|▲"
        if slots["dir"] == "up"
        else r"downvote|vote down|-1|thumbs down|disagree|unhelpful|flag|not useful|▼"
    )
    button = obs.near(anchor, "button", words, window=10, after=True) or obs.near(anchor, "button", words, window=10)
    agent.click(obs, button, f"a {slots['dir']}vote button")


def t_search_product(agent: Agent, obs: Observation, slots: dict[str, str]) -> None:
    _search(agent, obs, slots)


t_search_discussion = t_search_email = t_search_product


def t_navigate_forums(agent: Agent, obs: Observation, slots: dict[str, str]) -> None:
    name = slots["forum"]
    agent.click(obs, obs.find("link", rf"^(?:f/|#)?{re.escape(name)}\b"), f"the forum {name}")


def t_reply_comment(agent: Agent, obs: Observation, slots: dict[str, str]) -> None:
    author = slots["author"]
    box = obs.find("textbox", rf"reply to {re.escape(author)}")
    if box is None:  # open the comment's own reply form
        anchor = _thing(obs, f"{author}'s comment")
        link = obs.near(anchor, "link|button", REPLY_LINK, window=12, after=True)
        if link is not None:
            obs = agent.click(obs, link, "the reply link")
        box = obs.find("textbox", rf"reply to {re.escape(author)}") or obs.find("textbox", r"reply|respon|comment")
    obs = agent.type(box, "Thanks for the tip!", "the reply box")
    box = obs.find("textbox", r"reply|respon|comment|thoughts") or box
    submit = r"^(save|post|submit|publish|reply|send reply|done|send|post reply|comment)$"
    agent.click(obs, obs.near(box, "button", submit, window=6, after=True) or obs.find("button", submit), "submit")


def t_open_slack_app(agent: Agent, obs: Observation, slots: dict[str, str]) -> None:
    agent.click(obs, obs.find("link", r"open slack"), "Open Slack")


# -- mail -----------------------------------------------------------------------------------------


def t_read_email(agent: Agent, obs: Observation, slots: dict[str, str]) -> None:
    _read_page(agent, obs, slots, "subject", f"the email {slots['subject']}")


def _address(obs: Observation, name: str) -> str:
    """A contact's address as the view shows it: the text itself, or its vault placeholder."""
    anchor = next((line for line in obs.lines if name in line.name), None)
    if anchor is None:
        raise TaskFailed(f"cannot see {name}")
    for line in [anchor, *(obs.lines[anchor.index + 1 : anchor.index + 3])]:
        found = re.search(r"\[EMAIL_\d+\]|[\w.+-]+@[\w-]+\.[\w.]+", line.name)
        if found:
            return found.group(0)
    raise TaskFailed(f"cannot see {name}'s address")


def t_compose_email(agent: Agent, obs: Observation, slots: dict[str, str]) -> None:
    address = _address(obs, slots["contact"])
    if obs.find("textbox", r"^to$") is None:
        obs = agent.click(obs, obs.find("link|button", COMPOSE), "compose")
    obs = agent.type(obs.find("textbox", r"^to$"), address, "the To field")
    obs = agent.type(obs.find("textbox", r"subject|title"), slots["topic"].capitalize(), "the subject field")
    agent.click(obs, obs.find("button", SEND), "send")


def t_reply_email(agent: Agent, obs: Observation, slots: dict[str, str]) -> None:
    if obs.find("textbox", r"message|body") is None or obs.find("textbox", r"^to$"):
        obs, _ = _open(agent, obs, slots["subject"], f"the email {slots['subject']}")
        obs = agent.click(obs, obs.find("link|button", r"^(reply|respond)$"), "reply")
    obs = agent.type(obs.find("textbox", r"message|body"), "I agree, thanks.", "the message body")
    agent.click(obs, obs.find("button", SEND), "send")


def t_forward_email(agent: Agent, obs: Observation, slots: dict[str, str]) -> None:
    if obs.find("textbox", r"^to$") is None:
        address = _address(obs, slots["contact"])
        obs, _ = _open(agent, obs, slots["subject"], f"the email {slots['subject']}")
        forward = r"forward|send on|fwd|share by mail|pass on|redirect"
        obs = agent.click(obs, obs.find("link|button", forward), "forward")
    else:
        address = _address(obs, slots["contact"])
    obs = agent.type(obs.find("textbox", r"^to$"), address, "the To field")
    agent.click(obs, obs.find("button", SEND), "send")


def t_delete_email(agent: Agent, obs: Observation, slots: dict[str, str]) -> None:
    anchor = obs.find("link|heading", slots["subject"], exact=True)
    if anchor is None:
        raise TaskFailed("cannot see the email")
    delete = r"delete|trash|bin|discard|remove|throw away|🗑"
    # a message's own control follows it (row or reading pane); fall back to the nearest one
    agent.click(obs, obs.near(anchor, "button", delete, after=True) or obs.near(anchor, "button", delete), "delete")


def t_save_password(agent: Agent, obs: Observation, slots: dict[str, str]) -> None:
    agent.click(obs, obs.find("button", r"save password"), "Save password")


def t_read_slack_message(agent: Agent, obs: Observation, slots: dict[str, str]) -> None:
    anchor = next((line for line in obs.lines if re.search(r"slack", line.name, re.I)), None)
    if anchor is None:
        raise TaskFailed("cannot see a Slack notification")
    agent.stop("\n".join(obs.text_after(anchor, limit=6)))


def t_reply_slack(agent: Agent, obs: Observation, slots: dict[str, str]) -> None:
    reply = re.search(r"with '([^']+)'|saying (.+)$", slots.get("_task", ""))
    text = next((g for g in reply.groups() if g), "on it") if reply else "on it"
    box = obs.find("textbox", r"^reply to")
    obs = agent.type(box, text, "the Slack reply box")
    agent.click(obs, obs.near(box, "button", r"^send$", window=4) if box else None, "Send")


HANDLERS: dict[str, Callable[[Agent, Observation, dict[str, str]], None]] = {
    name.removeprefix("t_"): fn for name, fn in globals().items() if name.startswith("t_") and callable(fn)
}


@dataclass(frozen=True)
class Outcome:
    """What the agent did: its answer (reading tasks), its steps, or why it gave up."""

    answer: str | None
    steps: int
    error: str = ""


def run(env: TextEnv, task: str) -> Outcome:
    """Do `task` through `env`; never raises (a refused action or a missing control is an error)."""
    agent: Agent | None = None
    try:
        intent = understand(task)
        agent = Agent(env, intent)
        HANDLERS[intent.type](agent, Observation.parse(env.observe()), {**intent.slots, "_task": task})
        return Outcome(agent.answer, agent.steps)
    except (TaskFailed, ActionFailed) as exc:
        return Outcome(agent.answer if agent else None, agent.steps if agent else 0, str(exc))
    except Exception as exc:  # noqa: BLE001 - a bug in a handler is a failed task, with its reason
        return Outcome(None, agent.steps if agent else 0, f"{type(exc).__name__}: {str(exc).splitlines()[0]}")
