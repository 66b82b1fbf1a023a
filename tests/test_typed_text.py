"""Text an agent types, without a browser: the field's context as read from the page, which
texts are judged at all, minimizing before placeholders are filled in, and refusing (with
nothing typed) what cannot be checked. The minimizer is the real one, with its model."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from extractors.tree import UINode
from webminim.actions import Action, FieldSite
from webminim.browsergym_actions import parse_browsergym, plan_browsergym, typed_text, with_typed_text
from webminim.egress.text import FieldContext, TextMinimizer
from webminim.egress.text.minimize import MAX_CHARS
from webminim.errors import ActionRefused
from webminim.session import AuditLog
from webminim.typed_text import (
    MAX_FIELD_CHARS,
    TypedText,
    field_context,
    field_read,
    needs_minimizing,
    type_plan,
)
from webminim.vault import Vault

ORIGIN = "http://127.0.0.1:8000"
URL = f"{ORIGIN}/a/forum/post?seed=3"
TASK = "Post a comment saying the meeting moved to Thursday at 3pm"
OVERSHARE = (
    "The meeting moved to Thursday at 3pm. Also, Priya has been in rehab for her alcohol addiction since March, "
    "so she will miss it."
)
# what FIELD_JS reads off the forum's comment box
READ = {
    "targets": [f"{ORIGIN}/a/forum/action/reply"],
    "label": "What are your thoughts?",
    "form": "Add a comment",
    "submit": "Comment",
    "action": f"{ORIGIN}/a/forum/action/reply",
    "origin": ORIGIN,
    "title": "Show off your mechanical keyboard setup : Threadit",
}
COMMENT = UINode("7", "textbox", "What are your thoughts?", interactive=True)


@pytest.fixture(scope="module")
def minimizer() -> TextMinimizer:
    return TextMinimizer()


# -- the field's context ---------------------------------------------------------------------
def test_field_context_takes_each_part_of_the_read_and_prefers_the_trees_label() -> None:
    ctx = field_context(READ, label="Comment text", page_url=URL)
    assert ctx == FieldContext(
        label="Comment text",
        form="Add a comment",
        submit="Comment",
        action=f"{ORIGIN}/a/forum/action/reply",
        origin=ORIGIN,
        title="Show off your mechanical keyboard setup : Threadit",
    )
    assert field_context(READ, page_url=URL).label == "What are your thoughts?"  # no tree label: the element's


def test_field_context_is_one_bounded_line_per_part_and_ignores_what_is_not_text() -> None:
    long = "Tell us\n\n  everything " + "x" * 500
    ctx = field_context({**READ, "form": long, "submit": 42, "title": ["a"], "label": None}, page_url=URL)
    assert ctx.form.startswith("Tell us everything x") and len(ctx.form) == MAX_FIELD_CHARS
    assert ctx.submit == ctx.title == ctx.label == ""
    assert len(field_context(READ, label="y" * 300).label) == MAX_FIELD_CHARS


@pytest.mark.parametrize("origin", ["", "null", None])
def test_an_opaque_or_missing_origin_is_the_pages(origin: str | None) -> None:
    assert field_context({**READ, "origin": origin}, page_url=URL).origin == ORIGIN


def test_field_read_gives_the_vaults_site_and_the_context_from_one_result() -> None:
    read = field_read(READ, frame_url=URL, top=True, label="Comment")
    assert read.site == FieldSite(URL, True, (f"{ORIGIN}/a/forum/action/reply",))
    assert read.context.label == "Comment" and read.context.form == "Add a comment"
    nothing = field_read(None, frame_url=URL, top=False)  # a page whose script broke the read: no form, no words
    assert nothing.site == FieldSite(URL, False, ()) and nothing.context == FieldContext(origin=ORIGIN)
    assert field_read({"targets": "http://evil.example/"}, frame_url=URL, top=True).site.form_targets == ()


# -- what is judged ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text, judged",
    [
        ("847293", False),  # a code
        ("[OTP_1]", False),  # a placeholder alone
        ("red running shoes", False),  # a short search query
        ("4111 1111 1111 1111", False),  # four words, no letter
        ("", False),
        ("The meeting moved to Thursday", True),
        ("call me at [PHONE_1] tomorrow", True),
    ],
)
def test_only_texts_of_four_words_with_a_letter_are_judged(text: str, judged: bool) -> None:
    assert needs_minimizing(text) is judged


def test_a_short_text_is_typed_as_it_is_without_a_call(tmp_path: Path) -> None:
    # a minimizer with no time at all refuses every text it is given: these never reach it
    typed = TypedText(TASK, minimizer=TextMinimizer(budget_ms=0.0), audit=AuditLog(tmp_path / "audit.jsonl"))
    for text in ("847293", "[OTP_1]", "red running shoes"):
        assert typed.minimize(text, FieldContext(), step=1, kind="type", node_id="7") == text
    assert not (tmp_path / "audit.jsonl").exists()
    with pytest.raises(ActionRefused, match="could not be checked"):
        typed.minimize(OVERSHARE, FieldContext(), step=1, kind="type", node_id="7")


# -- minimize, then fill in placeholders -------------------------------------------------------
def test_text_is_minimized_before_its_placeholders_are_filled_in(minimizer: TextMinimizer) -> None:
    vault = Vault()
    number = "415-555-0199"
    token = vault.placeholder(number, kind="TEXT", origin=ORIGIN)
    text = f"The meeting moved to Thursday at 3pm, the dial-in number is {token}. " + OVERSHARE.split(". ", 1)[1]
    # the other order would show the minimizer the number, which the task does not ask for
    assert number not in minimizer.minimize(text.replace(token, number), task=TASK, field=field_context(READ)).text
    run, real = type_plan(
        Action("type", "7", text),
        typed=TypedText(TASK, minimizer=minimizer),
        field=field_read(READ, frame_url=URL, top=True),
        vault=vault,
        target=COMMENT,
        page_url=URL,
        step=1,
    )
    assert real == run.text.replace(token, number)  # what is typed: the minimized text, filled in
    assert number in real and "Thursday at 3pm" in real
    assert "rehab" not in real and "alcohol" not in real


def test_a_placeholder_in_a_removed_sentence_goes_with_it(minimizer: TextMinimizer) -> None:
    vault = Vault()  # [TEXT_9] is no placeholder of this session: filling it in is refused

    def plan(text: str) -> tuple[Action, str]:
        return type_plan(
            Action("type", "7", text),
            typed=TypedText(TASK, minimizer=minimizer),
            field=field_read(READ, frame_url=URL, top=True),
            vault=vault,
            target=COMMENT,
            page_url=URL,
            step=1,
        )

    with pytest.raises(ActionRefused, match="not a placeholder"):
        plan("The meeting moved to Thursday at 3pm, see [TEXT_9].")
    run, real = plan(
        "The meeting moved to Thursday at 3pm. Also, Priya has been in rehab for her alcohol addiction [TEXT_9]."
    )
    assert real == run.text and "[TEXT_9]" not in real and "Thursday at 3pm" in real


def test_a_placeholder_needs_the_live_field(minimizer: TextMinimizer) -> None:
    vault = Vault()
    token = vault.placeholder("Room 4B", kind="TEXT", origin=ORIGIN)
    with pytest.raises(ActionRefused, match="could not be checked in the page"):
        type_plan(
            Action("type", "7", token),
            typed=TypedText(TASK, minimizer=minimizer),
            field=None,
            vault=vault,
            target=COMMENT,
            page_url=URL,
            step=1,
        )


def test_a_text_with_nothing_the_task_needs_is_refused_not_typed_empty(minimizer: TextMinimizer) -> None:
    private = "Priya has been in rehab for her alcohol addiction since March, so she will miss it."
    with pytest.raises(ActionRefused, match="needs none of the typed text"):
        TypedText(TASK, minimizer=minimizer).minimize(private, field_context(READ), step=1, kind="type", node_id="7")


# -- what cannot be checked is not typed -------------------------------------------------------
def test_text_the_minimizer_cannot_check_refuses_the_action_and_types_nothing(
    minimizer: TextMinimizer, tmp_path: Path
) -> None:
    audit = AuditLog(tmp_path / "audit.jsonl")
    huge = "The meeting moved again. " * (MAX_CHARS // 25 + 1)
    assert len(huge) > MAX_CHARS
    vault = Vault()
    token = vault.placeholder("Room 4B", kind="TEXT", origin=ORIGIN)
    with pytest.raises(ActionRefused) as refused:
        type_plan(
            Action("type", "7", huge + token),
            typed=TypedText(TASK, minimizer=minimizer, audit=audit),
            field=field_read(READ, frame_url=URL, top=True),
            vault=vault,
            target=COMMENT,
            page_url=URL,
            step=4,
        )
    message = str(refused.value)
    assert "\n" not in message and "could not be checked" in message and "nothing was typed" in message
    assert "meeting" not in message and "Room 4B" not in message
    (record,) = [json.loads(line) for line in (tmp_path / "audit.jsonl").read_text().splitlines()]
    assert record["event"] == "minimize_text" and record["outcome"] == "refused" and record["step"] == 4
    assert "meeting" not in json.dumps(record) and len(record["text_hmac"]) == 32


def test_the_audit_log_has_the_edits_and_keyed_hashes_never_the_text(minimizer: TextMinimizer, tmp_path: Path) -> None:
    audit = AuditLog(tmp_path / "audit.jsonl")
    typed = TypedText(TASK, minimizer=minimizer, audit=audit)
    sent = typed.minimize(OVERSHARE, field_context(READ), step=2, kind="type", node_id="7")
    assert "rehab" not in sent and "Thursday at 3pm" in sent
    log = (tmp_path / "audit.jsonl").read_text()
    (record,) = [json.loads(line) for line in log.splitlines()]
    assert record["outcome"] == "rewritten" and record["origin"] == ORIGIN and record["node_id"] == "7"
    assert record["text_hmac"] == audit.digest(OVERSHARE) and record["sent_hmac"] == audit.digest(sent)
    assert record["edits"] and all(len(e["hmac"]) == 32 and "span" in e and "category" in e for e in record["edits"])
    removed = OVERSHARE[record["edits"][0]["span"][0] : record["edits"][0]["span"][1]]
    assert record["edits"][0]["hmac"] == audit.digest(removed)
    assert "rehab" not in log and "Priya" not in log and "Thursday" not in log


# -- BrowserGym's typing calls -----------------------------------------------------------------
def test_browsergym_calls_that_type_and_their_text() -> None:
    calls = parse_browsergym(
        'click("4")\nfill("7", "hello there")\nkeyboard_type("more text")\npress("7", "Enter")\n'
        'keyboard_insert_text("and more")\nselect_option("5", "Red")'
    )
    assert [typed_text(c) for c in calls] == [None, "hello there", "more text", None, "and more", None]
    assert with_typed_text(calls[1], "hello").args == {"bid": "7", "value": "hello"}
    assert with_typed_text(calls[2], "more").args == {"text": "more"}
    # the rewritten call is what is planned and run
    (planned,) = plan_browsergym(
        [with_typed_text(calls[1], "hello")],
        vault=Vault(),
        shown=lambda bid: COMMENT if bid == "7" else None,
        origin=ORIGIN,
        navigate=lambda url: url,
    )
    assert planned.source() == "fill(bid='7', value='hello')"
