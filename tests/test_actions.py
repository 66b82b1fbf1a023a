"""WebArena action parsing and the vault's rehydration rules (pure, no browser)."""

from __future__ import annotations

import pytest

from extractors.tree import TreeBuilder
from webminim.actions import Action, parse_action, rehydrate, typed_value
from webminim.errors import ActionRefused
from webminim.vault import Vault


@pytest.mark.parametrize(
    "text, expected",
    [
        ("click [57]", Action("click", node_id="57")),
        ("hover [a12-3]", Action("hover", node_id="a12-3")),
        ("type [57] [hello world] [1]", Action("type", node_id="57", text="hello world", press_enter=True)),
        ("type [57] [hello] [0]", Action("type", node_id="57", text="hello")),
        ('type [57] "[OTP_1]"', Action("type", node_id="57", text="[OTP_1]")),  # DESIGN's form
        ("type [57] [[OTP_1]]", Action("type", node_id="57", text="[OTP_1]")),  # bracket form around a placeholder
        ("press [Control+Enter]", Action("press", text="Control+Enter")),
        ("scroll [up]", Action("scroll", text="up")),
        ("goto [http://x.test/a?b=1]", Action("goto", text="http://x.test/a?b=1")),
        ("tab_focus [2]", Action("tab_focus", text="2")),
        ("go_back", Action("go_back")),
        ("stop [42 items]", Action("stop", text="42 items")),
    ],
)
def test_parse(text, expected):
    assert parse_action(text) == expected


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "empty"),
        ("dance [1]", "unknown action"),
        ("click", "needs one target"),
        ("type hello", "needs a target"),
        ("scroll [sideways]", "scroll takes"),
        ("tab_focus [x]", "tab index"),
    ],
)
def test_parse_errors(text, message):
    with pytest.raises(ActionRefused, match=message):
        parse_action(text)


def fields():
    b = TreeBuilder()
    b.add("r", "RootWebArea")
    b.add("otp", "textbox", parent="r", name="Enter verification code")
    b.add("search", "searchbox", parent="r", name="Search products")
    b.add("search2", "textbox", parent="r", name="Search mail")
    b.add("note", "textbox", parent="r", name="Note to courier")
    b.add("btn", "button", parent="r", name="Verify")
    b.add("off", "textbox", parent="r", name="Code", properties={"disabled": True})
    return b.build()


@pytest.fixture
def vault():
    v = Vault()
    v.placeholder("Your verification code is 847293. It expires in 10 minutes.", origin="http://shop.test")
    v.placeholder("Password: Tr0ub4dor&3", origin="http://shop.test")
    return v


def test_placeholder_is_rehydrated_into_the_right_field(vault):
    tree = fields()
    assert (
        rehydrate(parse_action('type [otp] "[OTP_1]"'), vault=vault, target=tree["otp"], origin="http://shop.test")
        == "847293"
    )


def test_a_code_field_gets_the_code_of_a_text_placeholder_and_another_field_the_text(vault):
    """ "Use 333490 to finish logging in" names no code, so the vault types it as TEXT: a field
    that asks for a code takes its digits; a note takes the words as they are."""
    tree = fields()
    text = vault.placeholder("Use 333490 to finish logging in.", origin="http://shop.test")
    assert text.startswith("[TEXT_")
    typed = rehydrate(parse_action(f'type [otp] "{text}"'), vault=vault, target=tree["otp"], origin="http://shop.test")
    assert typed == "333490"
    typed = rehydrate(
        parse_action(f'type [note] "{text}"'), vault=vault, target=tree["note"], origin="http://shop.test"
    )
    assert typed == "Use 333490 to finish logging in."


@pytest.mark.parametrize(
    "action, target, origin, message",
    [
        ('type [search] "[OTP_1]"', "search", "http://shop.test", "search box"),  # searchbox role
        ('type [search2] "[OTP_1]"', "search2", "http://shop.test", "search box"),  # a textbox labelled Search
        ('type [otp] "[OTP_1]"', "otp", "http://evil.test", "came from http://shop.test"),  # another origin
        ('type [otp] "[OTP_7]"', "otp", "http://shop.test", "not a placeholder of this session"),
        ('type [note] "[OTP_1]"', "note", "http://shop.test", "not a otp field"),  # wrong kind of field
        ('type [otp] "[PASSWORD_1]"', "otp", "http://shop.test", "not a password field"),
        ('type [btn] "[OTP_1]"', "btn", "http://shop.test", "not an input field"),
        ('type [off] "[OTP_1]"', "off", "http://shop.test", "not an input field"),  # disabled
        ('type [gone] "[OTP_1]"', None, "http://shop.test", "not in the current observation"),
        ("goto [http://x.test/?code=[OTP_1]]", None, "http://shop.test", "cannot be used in a goto"),
        ("press [[OTP_1]]", None, "http://shop.test", "cannot be used in a press"),
    ],
)
def test_placeholders_out_of_place_are_refused(vault, action, target, origin, message):
    tree = fields()
    with pytest.raises(ActionRefused, match=message):
        rehydrate(parse_action(action), vault=vault, target=tree[target] if target else None, origin=origin)


def test_plain_text_passes_through(vault):
    tree = fields()
    assert (
        rehydrate(parse_action("type [note] [leave at door]"), vault=vault, target=tree["note"], origin="")
        == "leave at door"
    )


def test_a_stop_answer_is_filled_in_for_the_local_user(vault):
    answer = rehydrate(parse_action("stop [The code is [OTP_1]]"), vault=vault, target=None, origin="http://shop.test")
    assert answer == "The code is 847293"
    assert rehydrate(parse_action("stop [[OTP_9] unknown]"), vault=vault, target=None, origin="") == "[OTP_9] unknown"


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("Your code is 847293.", "847293"),
        ("验证码483920，5分钟内有效", "483920"),
        ("認証コード：120394", "120394"),
        ("order A12345 code 5521", "5521"),
    ],
)
def test_the_typed_part_of_a_code_is_found_next_to_any_script(text: str, code: str) -> None:
    assert typed_value("OTP", text) == code


@pytest.mark.parametrize(
    ("text", "password"),
    [
        ("Password: cVYue@DdIES", "cVYue@DdIES"),
        ("Your new password is Xk3!mP9q", "Xk3!mP9q"),
        ("Temporary password cVYue@DdIES", "cVYue@DdIES"),
        ("Generated password · x9!Lm2Qw", "x9!Lm2Qw"),
        ("Tr0ub4dor&3x", "Tr0ub4dor&3x"),  # the whole text is the password
    ],
)
def test_the_typed_part_of_a_password_is_what_follows_its_word(text: str, password: str) -> None:
    assert typed_value("PASSWORD", text) == password
