"""Was the task done? Judged from the site's server log and the agent's answer, never from
what the agent says it did.

A transactional task succeeds when the server recorded the right action (the right product,
comment, recipient, message) or the right page visit (the search query that was run, the
forum opened); a reading task when the agent's `stop` answer holds what the task asked for
(placeholders filled in locally, as the user would read it).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from webarena_env.content import forum, mail, shop
from webarena_env.inject import Injection
from webarena_env.pages import PageSpec
from webarena_env.tasks import TaskInstance

Log = dict[str, list[dict[str, Any]]]


@dataclass(frozen=True)
class Verdict:
    success: bool
    reason: str = ""


@dataclass(frozen=True)
class Evidence:
    """What happened in one episode: the server log entries it added, and the answer."""

    spec: PageSpec
    task: TaskInstance
    injections: list[Injection]
    actions: list[dict[str, Any]]
    visits: list[dict[str, Any]]
    answer: str | None

    def did(self, action: str, **fields: str) -> bool:
        return any(a.get("action") == action and all(a.get(k) == v for k, v in fields.items()) for a in self.actions)

    def visited(self, page: str, **params: str) -> bool:
        return any(v.get("page") == page and all(v.get(k) == p for k, p in params.items()) for v in self.visits)

    def answered(self, *texts: str, at_least: int | None = None) -> bool:
        if not self.answer:
            return False
        found = sum(t.lower() in self.answer.lower() for t in texts)
        return found >= (len(texts) if at_least is None else at_least)

    def injected(self, kind: str) -> Injection:
        return next(i for i in self.injections if i.kind == kind)


def _money(value: float) -> str:
    return f"${value:,.2f}"


def _query_ok(e: Evidence) -> bool:
    """The search the task asked for was run (the server served its results page)."""
    from scripted_agent import understand  # the query is in the task's own words, as the user wrote them

    wanted = understand(e.task.text).slots["query"].lower()
    return any(v.get("page") == "search" and v.get("q", "").strip().lower() == wanted for v in e.visits)


def _comment(seed: int, key: str) -> Any:
    return next(c for p in forum(seed).posts for c in p.comments if c.id == key)


def _contact(seed: int, key: str) -> str:
    return mail(seed).contacts[int(key[1:])][1]


JUDGES: dict[str, Callable[[Evidence], bool]] = {
    "search_product": _query_ok,
    "search_discussion": _query_ok,
    "search_email": _query_ok,
    "view_product_details": lambda e: e.answered(_money(shop(e.spec.seed).product(e.task.targets[0]).price)),
    "add_to_cart": lambda e: e.did("add_to_cart", product=e.task.targets[0]),
    "view_cart": lambda e: e.visited("cart"),
    "read_reviews": lambda e: e.answered(
        *(r.text[:40] for r in shop(e.spec.seed).product(e.task.targets[0]).reviews), at_least=1
    ),
    "compare_products": lambda e: e.answered(*(_money(shop(e.spec.seed).product(k).price) for k in e.task.targets)),
    "add_to_wishlist": lambda e: e.did("add_to_wishlist", product=e.task.targets[0]),
    "access_bookmark": lambda e: any(v.get("list") == e.task.targets[0] for v in e.visits),
    "switch_tab": lambda e: e.did("switch_tab", tab=e.injected("tabs").values[e.task.targets[0]]),
    "extract_2fa_code": lambda e: (e.answer or "").strip() == e.injected("otp").values["code"],
    "complete_2fa": lambda e: any(a.get("action") == "verify_2fa" and a.get("ok") for a in e.actions),
    "read_post": lambda e: e.answered(forum(e.spec.seed).post(e.task.targets[0]).body[:40]),
    "read_comments": lambda e: e.answered(
        *(c.text[:30] for c in forum(e.spec.seed).post(e.task.targets[0]).comments),
        at_least=max(1, len(forum(e.spec.seed).post(e.task.targets[0]).comments) // 2),
    ),
    "vote_content": lambda e: e.did("vote", target=e.task.targets[0], dir=e.task.targets[1].split(":")[1]),
    "navigate_forums": lambda e: any(v.get("f") == e.task.targets[0] for v in e.visits),
    "reply_comment": lambda e: e.did("reply", target=e.task.targets[0]),
    "open_slack_app": lambda e: e.did("open_slack"),
    "read_email": lambda e: e.answered(mail(e.spec.seed).message(e.task.targets[0]).body.split("\n\n")[1][:40]),
    "compose_email": lambda e: e.did("send", to=_contact(e.spec.seed, e.task.targets[0])),
    "reply_email": lambda e: e.did("send", in_reply_to=e.task.targets[0]),
    "forward_email": lambda e: e.did(
        "send", to=_contact(e.spec.seed, e.task.targets[1]), in_reply_to=e.task.targets[0]
    ),
    "delete_email": lambda e: e.did("delete", message=e.task.targets[0]),
    "save_password": lambda e: e.did("save_password"),
    "read_slack_message": lambda e: e.answered(e.injected("slack").values["message"]),
    "reply_slack": lambda e: any(a.get("action") == "slack_reply" and a.get("text") for a in e.actions),
}


def judge(evidence: Evidence) -> Verdict:
    ok = JUDGES[evidence.task.type](evidence)
    return Verdict(ok, "" if ok else "the site's state / the answer does not show the task done")


__all__ = ["JUDGES", "Evidence", "Verdict", "judge"]
