"""The labelling rubric: how a node's page semantics become its (s, n) labels.

Templates mark regions with `data-gt-*` attributes; the labeller hands each accessibility
node the marks of its nearest marked DOM ancestors (`Marks`). This file is the whole rubric:

* Sensitivity `s` (0-10, the paper's sensitivity rubric) is the nearest `data-gt-s`, else a
  default by role. A node with no text of its own is structure: s = 0.
* Necessity `n` in {0, 5, 10} for a task instance is the highest rule of its type that the
  node matches (10 = directly required, including the interactive target; 5 = helpful
  context; 0 = everything else).

    rule  = (score, Match(...))
    Match(control=..., field=..., region=..., entity="target" | "within" | "any" | "none",
          needs="dir:up", prose=True)

A task that reads a region (comments, reviews) needs its prose; the controls inside it (vote,
report, permalink, "Helpful") are context, n = 5: reading does not press them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from extractors.tree import UINode

# -- sensitivity -------------------------------------------------------------------------------
# Anchors of the paper's rubric that the templates use through data-gt-s:
#   0 structure · 1 generic UI label/control · 2 public content · 3 timestamps, counts, prices,
#   ratings · 4 public usernames · 5 behavioural signals (recommendations, cart, subscriptions)
#   · 6 account status, activity · 7 real name, email, phone · 8 home address, private messages,
#   card details · 9 password fields, OTP inputs, health/finance messages · 10 plaintext
#   passwords, OTP codes.
S_STRUCTURE = 0
S_CONTROL = 1
S_TEXT = 2


@dataclass(frozen=True, slots=True)
class Marks:
    """The `data-gt-*` marks a node inherits: nearest value per key, plus every entity above it."""

    region: str = ""
    control: str = ""
    field: str = ""
    entity: str = ""
    s: int | None = None
    entities: frozenset[str] = frozenset()
    title_s: int | None = None


def sensitivity(node: UINode, marks: Marks) -> int:
    if node.role == "RootWebArea":
        return marks.title_s if marks.title_s is not None else S_TEXT
    if is_structure(node):
        return S_STRUCTURE
    if marks.s is not None:
        return marks.s
    return S_CONTROL if node.interactive else S_TEXT


# -- necessity ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Match:
    """A node predicate over its marks; every given criterion must hold."""

    control: tuple[str, ...] = ()
    field: tuple[str, ...] = ()
    region: tuple[str, ...] = ()
    entity: str = "any"  # "target": nearest entity is a target; "within": any entity above is one
    needs: str = ""  # a pseudo-target the instance must carry (e.g. "dir:down")
    prose: bool = False  # only what is read: not a control, nor the text inside one

    def __call__(self, marks: Marks, targets: frozenset[str]) -> bool:
        if self.control and marks.control not in self.control:
            return False
        if self.prose and marks.control:
            return False
        if self.field and marks.field not in self.field:
            return False
        if self.region and marks.region not in self.region:
            return False
        if self.needs and self.needs not in targets:
            return False
        if self.entity == "target":
            return marks.entity in targets
        if self.entity == "within":
            return bool(marks.entities & targets)
        if self.entity == "none":
            return not marks.entity
        return True


def ctl(*names: str, entity: str = "any", needs: str = "") -> Match:
    return Match(control=names, entity=entity, needs=needs)


def fld(*names: str, entity: str = "any") -> Match:
    return Match(field=names, entity=entity)


def reg(*names: str, entity: str = "any", prose: bool = False) -> Match:
    return Match(region=names, entity=entity, prose=prose)


T, W = "target", "within"
REQUIRED, HELPFUL = 10, 5

# One row per task type: the rules that lift a node above 0 (highest match wins).
NECESSITY_RULES: Mapping[str, tuple[tuple[int, Match], ...]] = {
    # -- shopping
    "search_product": ((REQUIRED, ctl("search-input", "search-submit")), (HELPFUL, ctl("search-category"))),
    "view_product_details": (
        (REQUIRED, ctl("product-link", entity=T)),
        (REQUIRED, fld("title", "price", "description", "features", entity=T)),
        (HELPFUL, fld("rating", "brand", entity=T)),
    ),
    "add_to_cart": (
        (REQUIRED, ctl("add-to-cart", entity=T)),
        (REQUIRED, fld("title", entity=T)),
        (HELPFUL, ctl("qty-input", entity=T)),
        (HELPFUL, fld("price", entity=T)),
    ),
    "view_cart": ((REQUIRED, ctl("cart-link")), (REQUIRED, reg("cart-summary")), (HELPFUL, reg("cart-item"))),
    "read_reviews": (
        (REQUIRED, reg("review", entity=W, prose=True)),
        (HELPFUL, reg("review", entity=W)),
        (REQUIRED, ctl("product-link", "reviews-link", entity=T)),
        (HELPFUL, fld("title", "rating", entity=T)),
    ),
    "compare_products": (
        (REQUIRED, fld("title", "price", "rating", entity=T)),
        (REQUIRED, ctl("compare-check", entity=T)),
        (HELPFUL, fld("brand", entity=T)),
    ),
    "add_to_wishlist": ((REQUIRED, ctl("add-to-wishlist", entity=T)), (REQUIRED, fld("title", entity=T))),
    "access_bookmark": ((REQUIRED, ctl("bookmark", entity=T)), (HELPFUL, reg("bookmarks", entity="none"))),
    "switch_tab": ((REQUIRED, ctl("tab", entity=T)),),
    "extract_2fa_code": ((REQUIRED, fld("otp-code")), (HELPFUL, reg("inject-otp", entity="none"))),
    "complete_2fa": (
        (REQUIRED, ctl("otp-input", "otp-submit")),
        (REQUIRED, fld("otp-code")),
        (HELPFUL, fld("twofa-instructions")),
    ),
    # -- forum
    "read_post": (
        (REQUIRED, ctl("post-link", entity=T)),
        (REQUIRED, fld("title", "body", entity=T)),
        (HELPFUL, fld("meta", "author", "score", entity=T)),
    ),
    "read_comments": (
        (REQUIRED, reg("comment", entity=W, prose=True)),
        (HELPFUL, reg("comment", entity=W)),
        (REQUIRED, ctl("comments-link", entity=T)),
        (HELPFUL, fld("title", entity=T)),
    ),
    "vote_content": (
        (REQUIRED, ctl("vote-up", entity=T, needs="dir:up")),
        (REQUIRED, ctl("vote-down", entity=T, needs="dir:down")),
        (REQUIRED, fld("title", "body", entity=T)),
        (HELPFUL, fld("score", "author", entity=T)),
    ),
    "search_discussion": ((REQUIRED, ctl("search-input", "search-submit")), (HELPFUL, ctl("search-filter"))),
    "navigate_forums": ((REQUIRED, ctl("forum-link", entity=T)), (HELPFUL, ctl("forums-link"))),
    "reply_comment": (
        (REQUIRED, ctl("reply-button", entity=T)),
        (REQUIRED, ctl("reply-input", "reply-submit", entity=W)),
        (REQUIRED, fld("body", "author", entity=T)),
    ),
    "open_slack_app": ((REQUIRED, ctl("open-slack")), (HELPFUL, fld("slack-channel"))),
    # -- mail
    "read_email": (
        (REQUIRED, ctl("message-link", entity=T)),
        (REQUIRED, fld("subject", "body", "sender", entity=T)),
        (HELPFUL, fld("date", "snippet", "recipient", entity=T)),
    ),
    "compose_email": (
        (REQUIRED, ctl("compose-button", "to-input", "subject-input", "body-input", "send")),
        (REQUIRED, reg("contacts", entity=T)),
        (HELPFUL, ctl("cc-input")),
    ),
    "reply_email": (
        (REQUIRED, ctl("reply-button", "message-link", entity=T)),
        (REQUIRED, ctl("body-input", "send", entity=W)),
        (REQUIRED, fld("subject", "body", "sender", entity=T)),
        (HELPFUL, ctl("to-input", entity=W)),
    ),
    "search_email": ((REQUIRED, ctl("search-input", "search-submit")), (HELPFUL, ctl("search-filter"))),
    "forward_email": (
        (REQUIRED, ctl("forward-button", entity=T)),
        (REQUIRED, ctl("to-input", "send", entity=W)),
        (REQUIRED, fld("subject", entity=T)),
        (REQUIRED, reg("contacts", entity=T)),
        (HELPFUL, fld("body", "sender", entity=T)),
    ),
    "delete_email": (
        (REQUIRED, ctl("delete", "select-check", entity=T)),
        (REQUIRED, fld("subject", "sender", entity=T)),
    ),
    "save_password": ((REQUIRED, ctl("save-password")), (HELPFUL, fld("password-prompt"))),
    "read_slack_message": ((REQUIRED, fld("slack-message")), (HELPFUL, fld("slack-channel"))),
    "reply_slack": (
        (REQUIRED, ctl("slack-reply-input", "slack-send")),
        (REQUIRED, fld("slack-message")),
        (HELPFUL, fld("slack-channel")),
    ),
}


def necessity(task_type: str, targets: frozenset[str], node: UINode, marks: Marks) -> int:
    """The node's necessity for one task instance (a control's inner text shares its marks)."""
    if node.role == "RootWebArea" or is_structure(node):
        return 0  # removing a bare container promotes its children: nothing is lost
    return max((score for score, match in NECESSITY_RULES[task_type] if match(marks, targets)), default=0)


def is_structure(node: UINode) -> bool:
    return not node.interactive and not (node.name.strip() or (node.value or "").strip())
