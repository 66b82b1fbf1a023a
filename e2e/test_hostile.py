"""Hostile pages, generated with hypothesis: secrets encoded, split, hidden or tucked into
attributes, frames and shadow roots; and pages too big or too deep. Every case ends in no
leak, or a clear fail-closed error that carries nothing of the page — never a crash or a partial
observation; and only a few generated cases may fail closed (FAIL_CLOSED_CAP), so that
refusing every page does not pass for safety.

CI runs a bounded slice (HYPOTHESIS_PROFILE=ci, the default); `HYPOTHESIS_PROFILE=fuzz`
runs the long tier.
"""

from __future__ import annotations

import base64
import html
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from playwright.sync_api import Page

from webminim.agent import MinimPage
from webminim.errors import WebminimError
from webminim.minim import Minim
from webminim.synthetic import deep_page_script, large_page

TASK = "Open my shopping cart"
_HOMO = str.maketrans({"a": "а", "e": "е", "o": "о", "c": "с", "p": "р"})
_LEET = str.maketrans({"o": "0", "e": "3", "a": "4", "s": "5", "t": "7"})


def encode(secret: str, how: str) -> list[str]:
    """The pieces the page will show (a split secret has two)."""
    sentence = f"your verification code is {secret}"
    if how == "plain":
        return [sentence]
    if how == "base64":
        return [base64.b64encode(sentence.encode()).decode()]
    if how == "homoglyphs":
        return [sentence.translate(_HOMO)]
    if how == "leetspeak":
        return [f"y0ur v3rific4tion c0d3 i5 {secret}"]
    if how == "zero-width":
        return ["\u200b".join(sentence)]
    if how == "split":
        return [sentence[:-3], sentence[-3:]]
    raise ValueError(how)


def place(pieces: list[str], where: str) -> str:
    esc = [html.escape(p, quote=True) for p in pieces]
    joined = " ".join(esc)
    if where == "toast":
        return "".join(f'<span role="status">{p}</span>' for p in esc)
    if where == "hidden":
        return f'<p hidden>{joined}</p><div style="display:none">{joined}</div><p aria-hidden="true">{joined}</p>'
    if where == "aria-label":
        return f'<button aria-label="{joined}">Help</button>'
    if where == "alt":
        return f'<img src="x.png" alt="{joined}">'
    if where == "title":
        return f'<span title="{joined}">Note</span>'
    if where == "url":
        return f'<a href="/cart?token={html.escape(pieces[0].replace(" ", "+"))}">Saved cart</a>'
    if where == "iframe":
        return f'<iframe title="Widget" srcdoc="<p>{html.escape(joined)}</p>"></iframe>'
    if where in ("shadow-open", "shadow-closed"):
        mode = where.split("-")[1]
        content = html.escape(joined).replace("\\", "\\\\").replace("'", "\\'")
        return (
            f'<div id="host"></div><script>document.getElementById("host").attachShadow({{mode: "{mode}"}})'
            f".innerHTML = '<p>{content}</p>';</script>"
        )
    raise ValueError(where)


def page_with(payload: str) -> str:
    return (
        f"<!doctype html><html><head><title>Shop</title></head><body><h1>Welcome back</h1>"
        f'<a href="/cart">Cart (2)</a><a href="/help">Help center</a>{payload}</body></html>'
    )


# Generated cases that may end in a fail-closed error instead of a view. Measured when this was
# set: none of the CI profile's 200 derandomized cases, and none of 2 x 400 random ones (fuzz
# profile), fail closed. 2 leaves room for a case or two that becomes unscorable for a good
# reason, yet a change that makes pages fail closed wholesale (a raising case passed every leak
# check) fails here. Raise it only with a measured count and the reason in this comment.
FAIL_CLOSED_CAP = 2


def assert_nothing_leaked(text: str, secret: str, pieces: list[str], case: str) -> None:
    assert secret not in text, f"{case} leaked the secret"
    for piece in pieces:
        assert piece not in text or len(piece) < 4, f"{case} leaked {piece!r}"


def assert_closed_cleanly(agent: MinimPage, exc: WebminimError, secret: str, pieces: list[str], case: str) -> None:
    """A fail-closed case: one clear line that carries nothing of the page, and no view kept."""
    message = str(exc)
    assert "\n" not in message, f"{case}: the error is not one line"
    assert_nothing_leaked(message, secret, pieces, case)
    assert agent.view is None, f"{case}: a view was kept although observe() failed"


def test_hostile_secret_never_leaves(page: Page, minim: Minim):
    outcomes: Counter[str] = Counter()

    @settings(deadline=None)
    @given(
        secret=st.from_regex(r"[1-9][0-9]{5}", fullmatch=True),
        how=st.sampled_from(["plain", "base64", "homoglyphs", "leetspeak", "zero-width", "split"]),
        where=st.sampled_from(
            ["toast", "hidden", "aria-label", "alt", "title", "url", "iframe", "shadow-open", "shadow-closed"]
        ),
    )
    def case(secret: str, how: str, where: str) -> None:
        pieces = encode(secret, how)
        page.set_content(page_with(place(pieces, where)))
        agent = MinimPage(page, TASK, minim=Minim(minim.scorer), guard_requests=False)
        try:
            text = agent.observe()
        except WebminimError as exc:  # fail-closed is acceptable, as one clear line, within the cap
            outcomes[f"closed {how}/{where}"] += 1
            assert_closed_cleanly(agent, exc, secret, pieces, f"{how}/{where}")
            return
        outcomes["view"] += 1
        assert_nothing_leaked(text, secret, pieces, f"{how}/{where}")

    case()
    closed = {k: v for k, v in outcomes.items() if k != "view"}
    assert sum(closed.values()) <= FAIL_CLOSED_CAP, f"{sum(closed.values())} cases failed closed: {closed}"


def test_page_too_large_to_score_fails_closed(page: Page, minim: Minim):
    page.set_content(large_page(50_000))
    agent = MinimPage(page, TASK, minim=Minim(minim.scorer), guard_requests=False)
    with pytest.raises(WebminimError, match="accessibility nodes"):
        agent.observe()


def test_5000_deep_pages_give_a_view_or_a_clear_error(page: Page, minim: Minim, monkeypatch):
    from extractors import live

    monkeypatch.setattr(live, "CDP_TIMEOUT_MS", 5_000)
    page.set_content("<html><body><p>start</p><a href='/cart'>Cart (1)</a></body></html>")
    page.evaluate(deep_page_script(5000))
    agent = MinimPage(page, TASK, minim=Minim(minim.scorer), guard_requests=False)
    try:
        text = agent.observe()
    except WebminimError as exc:
        assert "crashed" in str(exc) or "nodes" in str(exc)
    else:
        assert "RootWebArea" in text
