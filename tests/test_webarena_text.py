"""WebArena's accessibility-tree text read back into a tree, its ids kept."""

from __future__ import annotations

from pathlib import Path

import pytest

from extractors.errors import ExtractionError
from extractors.html import tree_from_html
from extractors.webarena_text import tree_from_webarena_text
from webminim.renderers import render

TEXT = (
    "Tab 0 (current): Shop | Tab 1: Mail - dana@example.com\n\n"
    "[1] RootWebArea 'Shop' focused: True\n"
    "\t[25] link 'Cart (2)' url: http://shop.test/cart?session=abc\n"
    "\t[31] textbox 'Search' required: False\n"
    "\t[40] StaticText \"Dana's list: it's \\\\ here\"\n"
    "\t\t[41] button 'Go' disabled: True level: 2 valuetext: 3 of 10\n"
    "\t\t\t\t[42] StaticText 'under a dropped line'\n"
    "\t[43] link 'Back'\n"
)


def test_webarena_text_reads_back_with_its_ids_tabs_and_properties():
    tree = tree_from_webarena_text(TEXT, url="http://shop.test/")
    assert [n.id for n in tree] == ["1", "25", "31", "40", "41", "42", "43"]
    assert tree["42"].parent == "41" and tree["43"].parent == "1"  # a dropped line in between: nearest shallower
    assert tree.tabs == ("Shop", "Mail - dana@example.com") and tree.active_tab == 0
    assert tree["25"].properties["url"] == "http://shop.test/cart?session=abc" and tree["25"].parent == "1"
    assert tree["40"].name == "Dana's list: it's \\ here"
    assert tree["41"].parent == "40" and dict(tree["41"].properties) == {
        "disabled": True,
        "level": 2,
        "valuetext": "3 of 10",
    }
    assert tree["31"].interactive and not tree["40"].interactive


def test_our_own_webarena_rendering_round_trips():
    page = (Path(__file__).parent / "fixtures" / "forms.html").read_text()
    tree = tree_from_html(page)
    text = render(tree, "webarena")
    back = tree_from_webarena_text(text)
    assert render(back, "webarena") == text


@pytest.mark.parametrize(
    "text, message",
    [
        ("[1] RootWebArea 'x'\nnot a node", "line 2 is not a node"),
        ("[1] RootWebArea 'x'\n[2] link 'y'", "not under the root"),
        ("[1] RootWebArea x", "no quoted name"),
        ("[1] RootWebArea 'x", "unterminated name"),
        ("[1] RootWebArea 'x' secret stuff: 1", "no property"),
        (12, "must be a string"),
    ],
)
def test_a_text_that_is_not_webarena_s_is_one_error(text, message):
    with pytest.raises(ExtractionError, match=message):
        tree_from_webarena_text(text)


def test_a_header_whose_titles_webarena_could_not_read():
    tree = tree_from_webarena_text("Tab {idx} | Tab {idx}\n\n[1] RootWebArea 'x'")
    assert tree.tabs == ("", "") and len(tree) == 1
