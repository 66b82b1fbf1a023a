"""A JSON object or a URL query serialised into a string argument is minimized member by member and written back."""

from __future__ import annotations

import json

from webminim.egress import ToolMinimizer
from webminim.egress.embedded import MAX_TEXT, Embedded, embedded_structures

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
    assert Embedded({}, '{"a": "Côté"}', "json").written_back({"a": "Côté"}) == '{"a": "Côté"}'
    assert Embedded({}, '{"a": "C\\u00f4t\\u00e9"}', "json").written_back({"a": "Côté"}) == '{"a": "C\\u00f4t\\u00e9"}'


def test_prose_in_braces_and_oversized_text_are_read_as_prose():
    assert embedded_structures({"a": "{not json at all}"}) == {}
    assert embedded_structures({"a": "{" + " " * MAX_TEXT + "}"}) == {}
    assert embedded_structures({"a": "[1, 2]", "b": "{}"}) == {}  # only a non-empty object
    args, _ = _minimize("{call me on 07700 900461}")
    assert "07700 900461" not in json.dumps(args)


def test_a_url_query_keeps_the_parameters_the_task_needs_in_its_own_escaping():
    schema = {"type": "object", "properties": {"notify_url": S, "on": S}, "required": ["notify_url", "on"]}
    url = "https://alerts.example.com/bin?bin=green&text=07700+900461&memo=my+wife+left+so+I+put+them+out+alone"
    result = ToolMinimizer({"bin_alert": schema}).minimize(
        "bin_alert", {"notify_url": url, "on": "collection"}, task="Alert me when the green bin is collected"
    )
    assert result.args["notify_url"] == "https://alerts.example.com/bin?bin=green"
    assert Embedded({}, "https://a.example/p?x=1%20a#top", "query").written_back({"x": "1 b"}) == (
        "https://a.example/p?x=1%20b#top"
    )


def test_only_a_whole_url_with_distinct_parameter_names_is_read_as_a_query():
    assert embedded_structures({"a": "see https://a.example/p?x=1 for more"}) == {}
    assert embedded_structures({"a": "https://a.example/p?x=1&x=2"}) == {}
    assert embedded_structures({"a": "ftp://a.example/p?x=1"}) == {}
    assert embedded_structures({"a": "https://a.example/p?x=1"})["a"].members == {"x": "1"}


def test_a_query_member_stays_only_when_firmly_about_the_task():
    schema = {"type": "object", "properties": {"notify_url": S}}
    url = "https://alerts.example.com/bin?bin=green&memo=bin+day+clashes+with+the+school+run"
    result = ToolMinimizer({"bin_alert_optional": schema}).minimize(
        "bin_alert_optional", {"notify_url": url}, task="Alert me when the green bin is collected"
    )
    assert result.args["notify_url"] == "https://alerts.example.com/bin?bin=green"
