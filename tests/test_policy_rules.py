"""The policy's rules as a registry: each rule has a name, its own reasons and a case where it,
and only it, decides a node; turning it off (`--rules -NAME`) takes exactly its decisions away."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from extractors.html import tree_from_html
from extractors.tree import UITree
from webminim.errors import ConfigError
from webminim.metrics import A, K, R
from webminim.policy import (
    BASE_RULES,
    RULE_NAMES,
    RULES,
    PolicyContext,
    Thresholds,
    controls_of,
    decide_explained,
    select_rules,
)

FIXTURES = Path(__file__).parent / "fixtures"
MISC = """<html><head><title>Misc</title></head><body>
<nav><a href="/view">View</a> <a href="/reports">Reports</a></nav>
<p>Welcome back</p> <button>Continue</button></body></html>"""
SHOP = """<html><head><title>Kitchen</title></head><body><ul>
<li><h3>Bamboo Mixing Bowl Set</h3> <label><input type="checkbox"> Compare</label> <button>Add to cart</button></li>
<li><h3>Insulated Coffee Grinder</h3> <label><input type="checkbox"> Compare</label> <button>Add to cart</button></li>
</ul></body></html>"""
COMMENTS = """<h1>Trip report</h1><ul>
<li><p>Great tip, thanks!</p><button>Upvote comment</button></li>
<li><p>I disagree with this.</p><button>Upvote comment</button></li></ul>"""

# rule -> (html, task, {(role, name): (ŝ, n̂)}, (role, name[, nth]) of a node it decides, decision with it)
# Every other node scores ŝ = 1, n̂ = 0: a model out of its depth. The floor is off but in its own
# cases (with every n̂ 0, it would keep the page's first controls).
CASES: dict[str, tuple[str, str, dict[tuple[str, str], tuple[float, float]], tuple, int]] = {
    "floor": (MISC, "Carry on", {("button", "Continue"): (1, 0.9)}, ("button", "Continue"), K),
    "anchors": (MISC, "Where are the Reports?", {}, ("link", "Reports"), K),
    "synonyms": ("<button>Reply</button><p>Hi Jack</p>", "Answer Jack's message", {}, ("button", "Reply"), K),
    "icon-words": ('<a href="/c">Trolley</a><p>Deals</p>', "Open my shopping cart", {}, ("link", "Trolley"), K),
    "rows": ((FIXTURES / "inbox_rows.html").read_text(), "Delete the email from Marcus Lee", {}, ("button", "", 1), K),
    "section-actions": (
        "<h2>Lease renewal</h2><p>Dear tenant, the lease ends in May.</p><button>Fwd</button><h2>Other</h2>",
        "Forward the email 'Lease renewal'",
        {},
        ("button", "Fwd"),
        K,
    ),
    "fallback": (MISC, "Click the button.", {}, ("button", "Continue"), K),
    "codes": (
        "<p>Your verification code is 482913</p><input aria-label='Code'>",
        "What is the verification code?",
        {("StaticText", "Your verification code is 482913"): (1, 8)},
        ("StaticText", "Your verification code is 482913"),
        A,
    ),
    "dialogs": (
        '<div role="dialog" aria-label="Save password?"><p>Save it?</p><button>Never</button></div><p>News</p>',
        "Read the news",
        {},
        ("button", "Never"),
        K,
    ),
    "sections": (
        "<h2>Shipping</h2><p>Ships in three days.</p><h2>Returns</h2><p>Thirty days.</p>",
        "What does the Shipping section say?",
        {},
        ("StaticText", "Ships in three days."),
        A,
    ),
    "read-rows": (COMMENTS, "Read the comments", {}, ("StaticText", "I disagree with this."), A),
    "search": (
        '<form role="search"><input type="search" aria-label="Query"><button>Go</button></form><p>Hi</p>',
        "Look up jazz concerts",
        {},
        ("searchbox", "Query"),
        K,
    ),
    "names": (
        "<p>Jessica Medina · jessica@x.org</p><p>Other</p>",
        "Write to Jessica Medina",
        {},
        ("StaticText", "Jessica Medina · jessica@x.org"),
        A,
    ),
    "forms": (
        (FIXTURES / "login_unlabelled.html").read_text(),
        'Enter "Myron" into the text field and press Submit.',
        {},
        ("button", "Login"),
        K,
    ),
    "control-text": (
        '<a href="/x">Hello there</a>',
        "Say hi",
        {("StaticText", "Hello there"): (1, 5)},
        ("link", "Hello there"),
        K,
    ),
    "control-abstracted": (
        '<a href="/x">Hello there</a>',
        "Say hi",
        {("StaticText", "Hello there"): (8, 5), ("link", "Hello there"): (1, 5)},
        ("link", "Hello there"),
        A,
    ),
    "tab-content": (
        '<div role="tablist"><button role="tab">Divorce lawyers near me - Search</button></div>',
        "Look around",
        {("tab", "Divorce lawyers near me - Search"): (1, 5)},
        ("tab", "Divorce lawyers near me - Search"),
        A,
    ),
    "previews": (
        "<div><p>New mail from Crystal Gilmore &lt;crystal.gilmore@mail.test&gt;</p><p>Lunch tomorrow?</p></div>",
        "Look around",
        {("StaticText", "Lunch tomorrow?"): (1, 5)},
        ("StaticText", "Lunch tomorrow?"),
        A,
    ),
    "pairs": (
        (FIXTURES / "login_unlabelled.html").read_text(),
        "Log me in",
        {("textbox", ""): (1, 8)},
        ("StaticText", "Username"),
        K,
    ),
    "floor-content": (
        '<a href="/p">Adam Barnes - Dating profile page</a><p>News</p>',
        "Carry on",
        {("link", "Adam Barnes - Dating profile page"): (1, 0.9)},
        ("link", "Adam Barnes - Dating profile page"),
        A,
    ),
    "name-text": (
        (FIXTURES / "login_unlabelled.html").read_text(),
        "Click the button.",
        {},
        ("StaticText", "Login"),
        K,
    ),
    "unaimable": (SHOP, "Click the button.", {}, ("button", "Add to cart"), R),
}


def _case(name: str) -> tuple[UITree, str, np.ndarray, np.ndarray, int, int]:
    html, task, overrides, (role, label, *nth), expected = CASES[name]
    tree = tree_from_html(html, url="http://site.test/")
    s, n = np.ones(len(tree.nodes)), np.zeros(len(tree.nodes))
    for (o_role, o_label), (s_i, n_i) in overrides.items():
        for i, node in enumerate(tree.nodes):
            if node.role == o_role and node.name == o_label:
                s[i], n[i] = s_i, n_i
    found = [i for i, node in enumerate(tree.nodes) if (node.role, node.name) == (role, label)]
    assert found, f"no {role} {label!r} on the page of {name!r}"
    return tree, task, s, n, found[nth[0] if nth else 0], expected


def _thresholds(name: str) -> Thresholds:
    return Thresholds() if name.startswith("floor") else Thresholds(keep_floor=0.0)


def test_every_rule_has_a_name_and_reasons_of_its_own() -> None:
    names = [rule.name for rule in RULES]
    assert len(names) == len(set(names))
    reasons = [why for rule in RULES for why in rule.why]
    assert len(reasons) == len(set(reasons)), "a reason names one rule"
    assert all(why.split(":")[0] in ("kept", "abstracted", "removed") for why in reasons)
    assert set(CASES) == set(names), "every rule has its case below"
    assert set(BASE_RULES) == {"control-text", "control-abstracted"}


@pytest.mark.parametrize("name", [rule.name for rule in RULES])
def test_a_rule_decides_its_case_and_turning_it_off_takes_that_away(name: str) -> None:
    rule = next(r for r in RULES if r.name == name)
    tree, task, s, n, i, expected = _case(name)
    context = PolicyContext.of(tree, task)
    actions, why = decide_explained(s, n, _thresholds(name), context)
    assert actions[i] == expected and why.get(i) in rule.why, f"{name}: {'RAK'[actions[i]]}, {why.get(i)!r}"
    if rule.base:  # part of the policy itself: on without the net too
        bare, bare_why = decide_explained(s, n, _thresholds(name), controls=controls_of(tree))
        assert bare[i] == expected and bare_why.get(i) in rule.why
        return
    off, off_why = decide_explained(s, n, _thresholds(name), context, rules=select_rules(f"-{name}"))
    assert off[i] != expected, f"{name} off still decides its node"
    assert not set(off_why.values()) & set(rule.why)


def test_none_is_the_model_alone_and_all_is_the_default() -> None:
    tree, task, s, n, _, _ = _case("rows")
    context = PolicyContext.of(tree, task)
    default = decide_explained(s, n, Thresholds(), context)
    every = decide_explained(s, n, Thresholds(), context, rules=select_rules("all"))
    assert every[0].tolist() == default[0].tolist() and every[1] == default[1]
    alone = decide_explained(s, n, Thresholds(), context, rules=select_rules("none"))
    assert alone[0].tolist() == decide_explained(s, n, Thresholds(), context, net=False)[0].tolist()
    assert (alone[0] != R).sum() < (default[0] != R).sum()


@pytest.mark.parametrize(
    ("spec", "chosen"),
    [
        ("all", set(RULE_NAMES)),
        ("none", set()),
        ("-rows", set(RULE_NAMES) - {"rows"}),
        ("-rows,-floor", set(RULE_NAMES) - {"rows", "floor"}),
        ("anchors, pairs", {"anchors", "pairs"}),
    ],
)
def test_select_rules(spec: str, chosen: set[str]) -> None:
    assert select_rules(spec) == chosen


@pytest.mark.parametrize(
    ("spec", "message"),
    [("bogus", "'bogus' is no rule"), ("-control-text", "always runs"), ("rows,-floor", "mixes"), (" , ", "needs")],
)
def test_a_bad_rule_spec_is_one_clear_error(spec: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        select_rules(spec)


def test_the_context_imports_no_rule_and_fails_closed_without_their_analyses(monkeypatch) -> None:
    """The rules' page and task analyses reach the context from the engine (data flows one way:
    rules -> context); a context built without them is an error, never a view without the rules."""
    import ast

    from webminim.errors import PolicyError
    from webminim.policy import context

    source = Path(context.__file__).read_text(encoding="utf-8")
    imported = [n.module or "" for n in ast.walk(ast.parse(source)) if isinstance(n, ast.ImportFrom)]
    assert not [m for m in imported if m.startswith("webminim.policy.rules")]
    tree = tree_from_html("<button>Sign in</button>")
    assert context.PolicyContext.of(tree, "Sign in").named.any()  # provided on import
    monkeypatch.setattr(context, "_PROVIDED", [])
    with pytest.raises(PolicyError, match="analyses"):
        context.PolicyContext.of(tree, "Sign in")
