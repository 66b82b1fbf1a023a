"""WebArena, BrowserGym and JSON renderers: exact text on small hand-built trees."""

from __future__ import annotations

import json
import re

import pytest

from extractors.tree import TreeBuilder, UITree
from webminim.errors import ConfigError
from webminim.renderers import render


def page() -> UITree:
    b = TreeBuilder()
    b.add("1", "RootWebArea", name="Mail", properties={"focusable": True, "focused": True})
    b.add("2", "generic", parent="1")  # unnamed wrapper: pruned, children promoted
    b.add("3", "heading", parent="2", name="Inbox", properties={"level": 1})
    b.add("4", "StaticText", parent="3", name="Inbox")  # repeats the heading: dropped
    b.add("5", "list", parent="2")  # unnamed list: pruned in WebArena, kept in BrowserGym
    b.add("6", "listitem", parent="5")  # unnamed listitem: pruned in WebArena
    b.add("7", "link", parent="6", name="Dana: invoice", properties={"url": "/m/1", "focusable": True})
    b.add(
        "8",
        "textbox",
        parent="2",
        name="To",
        value="dana@x.org",
        properties={"required": True, "editable": "plaintext"},
    )
    b.add("9", "StaticText", parent="2", name="Draft saved")
    b.add("10", "generic", parent="1", properties={"live": "polite"})  # a generic with a property stays
    b.add("11", "StaticText", parent="10", name="Code 123456")
    return b.build(tabs=("Mail", "Bank"), active_tab=0)


def test_webarena_format():
    assert render(page(), "webarena") == (
        "Tab 0 (current): Mail | Tab 1: Bank\n"
        "\n"
        "[1] RootWebArea 'Mail' focused: True\n"
        "\t[3] heading 'Inbox'\n"
        "\t[7] link 'Dana: invoice' url: /m/1\n"
        "\t[8] textbox 'To' value: 'dana@x.org' required: True\n"
        "\t[9] StaticText 'Draft saved'\n"
        "\t[10] generic '' live: polite\n"
        "\t\t[11] StaticText 'Code 123456'"
    )


def test_browsergym_format():
    assert render(page(), "browsergym") == (
        "[1] RootWebArea 'Mail', focused\n"
        "\t[3] heading 'Inbox'\n"
        "\t[5] list ''\n"
        "\t\t[6] listitem ''\n"
        "\t\t\t[7] link 'Dana: invoice', url='/m/1'\n"
        "\t[8] textbox 'To' value='dana@x.org', required\n"
        "\tStaticText 'Draft saved'\n"
        "\t[10] generic, live='polite'\n"
        "\t\tStaticText 'Code 123456'"
    )


def test_webarena_drops_static_text_seen_in_the_previous_three_lines():
    b = TreeBuilder()
    b.add("1", "RootWebArea")
    b.add("2", "link", parent="1", name="Read more about shipping")
    b.add("3", "StaticText", parent="2", name="shipping")
    b.add("4", "button", parent="1", name="A")
    b.add("5", "button", parent="1", name="B")
    b.add("6", "button", parent="1", name="C")
    b.add("7", "StaticText", parent="1", name="shipping")  # the link line is now 4 lines back
    text = render(b.build(), "webarena")
    assert text.count("StaticText 'shipping'") == 1
    assert "[7] StaticText 'shipping'" in text


def test_json_format_is_the_whole_tree():
    data = json.loads(render(page(), "json"))
    assert [n["id"] for n in data["nodes"]] == [str(i) for i in range(1, 12)]
    assert data["nodes"][7]["value"] == "dana@x.org" and data["tabs"] == ["Mail", "Bank"]


def test_ids_in_text_resolve_to_tree_nodes():
    tree = page()
    for fmt in ("webarena", "browsergym"):
        ids = re.findall(r"\[([^\]]+)\]", render(tree, fmt))
        assert ids and all(i in tree for i in ids)


def test_unknown_format_names_the_choices():
    with pytest.raises(ConfigError, match="webarena, browsergym, json"):
        render(page(), "yaml")  # type: ignore[arg-type]
