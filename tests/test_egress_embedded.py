"""A JSON object serialised into a string argument is minimized member by member and written back."""

from __future__ import annotations

import json

from webminim.egress import ToolMinimizer
from webminim.egress.embedded import MAX_TEXT, embedded_objects, written_back

S = {"type": "string"}
SCHEMA = {
    "type": "object",
    "properties": {"when": S, "payload": S},
    "required": ["when"],
}
TASK = "Book a window clean on Friday; the ladder can go in the side passage"


def _minimize(payload: str) -> tuple[dict, object]:
    minimizer = ToolMinimizer({"book_window_clean": SCHEMA})
    result = minimizer.minimize("book_window_clean", {"when": "Friday", "payload": payload}, task=TASK)
    return result.args, result


def test_the_members_the_task_needs_stay_and_the_rest_go():
    payload = json.dumps(
        {
            "ladder": "side passage",
            "contact": "07700 900461",
            "aside": "my husband must not know the cleaner comes while he is at work",
        }
    )
    args, result = _minimize(payload)
    assert json.loads(args["payload"]) == {"ladder": "side passage"}
    assert result.cost_before > 0 and result.cost_after == 0
    assert [(op.op, op.path) for op in result.operations] == [("redact", "/payload")]


def test_nested_objects_and_strings_within_are_minimized_too():
    inner = json.dumps({"ladder": "side passage", "contact": "jo.lee@example.org"})
    payload = json.dumps({"job": {"where": "side passage"}, "extra": inner})
    args, _ = _minimize(payload)
    out = json.loads(args["payload"])
    assert out["job"] == {"where": "side passage"}
    assert "jo.lee@example.org" not in args["payload"]


def test_written_back_in_the_originals_style():
    assert written_back('{"a": "Côté"}', {"a": "Côté"}) == '{"a": "Côté"}'
    assert written_back('{"a": "C\\u00f4t\\u00e9"}', {"a": "Côté"}) == '{"a": "C\\u00f4t\\u00e9"}'


def test_prose_in_braces_and_oversized_text_are_read_as_prose():
    assert embedded_objects({"a": "{not json at all}"}) == {}
    assert embedded_objects({"a": "{" + " " * MAX_TEXT + "}"}) == {}
    assert embedded_objects({"a": "[1, 2]", "b": "{}"}) == {}  # only a non-empty object
    args, _ = _minimize("{call me on 07700 900461}")
    assert "07700 900461" not in json.dumps(args)
