"""Rewrites address values by JSON Pointer: list removals, odd keys, subtree marks, keys, types."""

from __future__ import annotations

import pytest

from webminim.egress import ToolMinimizer, ToolSchema
from webminim.egress import paths as jp
from webminim.egress.rewrite import Operation, apply_all
from webminim.errors import EgressError

S = {"type": "string"}


@pytest.mark.parametrize(
    "token, escaped", [("a/b", "a~1b"), ("a~b", "a~0b"), ("~1", "~01"), ("a.b", "a.b"), ("b[0]", "b[0]"), ("", "")]
)
def test_pointer_tokens_round_trip(token, escaped):
    assert jp.escape(token) == escaped and jp.unescape(escaped) == token
    assert jp.split(jp.child("/x", token)) == ["x", token]


def test_removals_in_any_order_remove_exactly_the_named_list_items():
    args = {"nums": [10, 15, 12, 14, 11]}
    ops = [Operation("remove", f"/nums/{i}") for i in (0, 1, 2, 3, 4)]
    applied = apply_all(args, ops)
    assert args == {"nums": []} and len(applied) == 5  # not [15, 14]
    args = {"nums": [10, 15, 12, 14, 11]}
    apply_all(args, [Operation("remove", "/nums/1"), Operation("remove", "/nums/3")])
    assert args == {"nums": [10, 12, 11]}


def test_deepest_first_and_removal_wins_over_an_edit():
    args = {"a": [{"b": "x", "c": "y"}, {"b": "z"}]}
    apply_all(
        args,
        [
            Operation("remove", "/a/0"),
            Operation("redact", "/a/1/b", "[redacted]"),
            Operation("redact", "/a/0/b", "never seen"),
            Operation("redact", "/a/1/b", "edit"),
            Operation("remove", "/a/1/b"),
        ],
    )
    assert args == {"a": [{}]}


EMAILS = {
    "type": "object",
    "properties": {"to": S, "cc": {"type": "array", "items": {"type": "string", "format": "email"}}},
    "required": ["to"],
}


@pytest.mark.parametrize(
    "task, kept",
    [
        ("Send the minutes to ann.lee@example.org", ["ann.lee@example.org"]),  # [1] and [2] go
        ("Send the minutes, copy bo.chan@example.net", ["bo.chan@example.net"]),  # [0] and [2] go
        (
            "Send the minutes to ann.lee@example.org and cy.diaz@example.com",
            ["ann.lee@example.org", "cy.diaz@example.com"],
        ),
    ],
)
def test_the_unnamed_emails_of_three_are_the_ones_removed(task, kept):
    args = {"to": "team", "cc": ["ann.lee@example.org", "bo.chan@example.net", "cy.diaz@example.com"]}
    result = ToolMinimizer({"send": EMAILS}).minimize("send", args, task=task)
    assert result.args["cc"] == kept
    assert {i.path for i in result.items if i.action == "removed"} == {
        f"/cc/{n}" for n, e in enumerate(args["cc"]) if e not in kept
    }


def test_a_list_never_loses_items_other_than_those_reported_removed():
    schema = {"type": "object", "properties": {"nums": {"type": "array", "items": {"type": "integer"}}}}
    args = {"nums": [10, 15, 12, 14, 11]}
    result = ToolMinimizer({"stats": schema}).minimize("stats", args)
    removed = {i.path for i in result.items if i.action == "removed"}
    assert result.args["nums"] == [v for n, v in enumerate(args["nums"]) if f"/nums/{n}" not in removed]
    assert result.args["nums"] != [15, 14]


@pytest.mark.parametrize("key", ["a.b", "a[0]", "a/b", "a~b", "a~1b"])
def test_a_key_with_path_syntax_cannot_redirect_a_rewrite(key):
    schema = {
        "type": "object",
        "properties": {
            "a": {"type": "object", "properties": {"b": S}},
            key: S,
        },
    }
    args = {"a": {"b": "keep me, I am fine"}, key: "my SSN is 123-45-6789", "other": "x"}
    result = ToolMinimizer({"t": schema}).minimize("t", args)
    assert key not in result.args  # the optional field with PSD is the one removed
    assert result.args["a"] == {"b": "keep me, I am fine"} and result.args["other"] == "x"
    assert [i.path for i in result.items] == [jp.child("", key)]
    # and the other way round: PSD nested at /a/b, a harmless value under the look-alike key
    args = {key: "keep me, I am fine", "a": {"b": "my SSN is 123-45-6789"}}
    result = ToolMinimizer({"t": schema}).minimize("t", args)
    assert result.args == {key: "keep me, I am fine", "a": {}}
    assert [i.path for i in result.items] == ["/a/b"]


def test_schema_lookup_by_pointer_is_exact():
    schema = ToolSchema.parse(
        "t",
        {
            "type": "object",
            "properties": {
                "a.b": {"type": "string", "x-minimum-necessary": "city"},
                "a": {"type": "object", "properties": {"b": {"type": "string", "format": "email"}}},
                "x/y": {"type": "string", "format": "date"},
            },
        },
    )
    assert schema.field("/a.b").hint == "city"
    assert schema.field("/a/b").format == "email" and schema.field("/a/b").hint == ""
    assert schema.field("/x~1y").format == "date"
    assert schema.field("/nope") is None


def test_a_mark_on_an_object_covers_its_own_value_not_psd_nested_under_it():
    schema = {
        "type": "object",
        "properties": {"patient": {"type": "object", "minimum_necessary": True}, "reason": S},
        "required": ["reason"],
    }
    args = {"patient": {"notes": "diagnosed with diabetes", "ssn": "123-45-6789"}, "reason": "checkup"}
    result = ToolMinimizer({"book": schema}).minimize("book", args)
    assert "123-45-6789" not in str(result.args) and "diabetes" not in str(result.args)
    assert all(not i.necessary for i in result.items)


def test_a_mark_on_an_array_still_covers_its_elements():
    schema = {
        "type": "object",
        "properties": {
            "to": {"type": "array", "items": {"type": "string", "format": "email"}, "minimum_necessary": True},
            "body": S,
        },
        "required": ["to", "body"],
    }
    args = {"to": ["ann.lee@example.org"], "body": "hello"}
    result = ToolMinimizer({"send_mail": schema}).minimize("send_mail", args)
    assert result.args == args


def test_object_keys_are_scanned_and_psd_keys_removed():
    schema = {"type": "object", "properties": {"contacts": {"type": "object"}, "q": S}, "required": ["q"]}
    args = {"q": "lunch", "contacts": {"dana.kim@gmail.com": "friend", "team": "work"}}
    result = ToolMinimizer({"t": schema}).minimize("t", args)
    assert result.args == {"q": "lunch", "contacts": {"team": "work"}}
    (item,) = result.items
    assert item.kind == "email" and item.path == "/contacts/dana.kim@gmail.com" and item.in_key
    assert item.to_json()["in_key"] is True and result.cost_after == 0
    named = ToolMinimizer({"t": schema}).minimize("t", args, task="lunch with dana.kim@gmail.com")
    assert named.args == args  # the task names it: kept


def test_declared_property_names_are_not_findings():
    schema = {"type": "object", "properties": {"Michael Johnson": S}}
    assert ToolMinimizer({"t": schema}).minimize("t", {"Michael Johnson": "ok"}).items == []


def test_tuples_are_lists_and_bytes_are_refused():
    schema = {"type": "object", "properties": {"cc": {"type": "array", "items": S}, "q": S}}
    result = ToolMinimizer({"t": schema}).minimize("t", {"q": "x", "cc": ("ann@example.org", "ok")})
    assert result.args == {"q": "x", "cc": ["ok"]}  # scanned like a list, the e-mail removed
    for bad, message in [
        ({"q": b"dana.kim@gmail.com"}, "is bytes"),
        ({"q": bytearray(b"x")}, "is bytes"),
        ({"q": {1, 2}}, "not a JSON value"),
        ({1: "x"}, "not a string"),
    ]:
        for mode in ("fail_closed", "fail_open"):
            with pytest.raises(EgressError, match=message) as caught:
                ToolMinimizer({"t": schema}, mode=mode).minimize("t", bad)  # type: ignore[arg-type]
            assert "\n" not in str(caught.value)


def test_fields_defined_through_ref_keep_their_marks_and_descriptions():
    schema = {
        "type": "object",
        "$defs": {
            "Pay": {"type": "number", "description": "Current salary of the applicant"},
            "Contact": {"type": "string", "format": "email", "minimum_necessary": True},
        },
        "properties": {"pay": {"$ref": "#/$defs/Pay"}, "reply_to": {"$ref": "#/$defs/Contact"}, "role": S},
        "required": ["role", "reply_to"],
    }
    parsed = ToolSchema.parse("apply", schema)
    assert parsed.field("/reply_to").necessary and parsed.field("/reply_to").format == "email"
    assert parsed.field("/pay").description.startswith("Current salary")
    args = {"pay": 95000, "reply_to": "ann.lee@example.org", "role": "analyst"}
    result = ToolMinimizer({"apply": schema}).minimize("apply", args)
    assert result.args == {"reply_to": "ann.lee@example.org", "role": "analyst"}  # the salary is PSD, not needed


def test_a_recursive_ref_is_followed_once_and_a_ref_explosion_is_refused():
    tree = {
        "$defs": {
            "Node": {
                "type": "object",
                "properties": {"name": S, "kids": {"type": "array", "items": {"$ref": "#/$defs/Node"}}},
            }
        },
        "type": "object",
        "properties": {"root": {"$ref": "#/$defs/Node"}},
    }
    assert set(ToolSchema.parse("t", tree).fields) == {"root", "root.name", "root.kids"}
    defs = {
        f"L{i}": {"type": "object", "properties": {f"p{k}": {"$ref": f"#/$defs/L{i + 1}"} for k in range(8)}}
        for i in range(7)
    }
    defs["L7"] = S
    bomb = {"$defs": defs, "type": "object", "properties": {"x": {"$ref": "#/$defs/L0"}}}
    with pytest.raises(EgressError, match="expands to more than"):
        ToolSchema.parse("bomb", bomb)
