"""Aria-snapshot YAML builder."""

from __future__ import annotations

import pytest

from extractors.aria import tree_from_aria_snapshot
from extractors.errors import ExtractionError

SNAPSHOT = """\
- generic [active] [ref=e1]:
  - banner [ref=e2]:
    - link "Home" [ref=e3] [cursor=pointer]:
      - /url: /home?u=5
  - heading "Sec: \\"quoted\\"" [level=2] [ref=e4]
  - 'region "Deals: today" [ref=e5]': x
  - checkbox "Remember" [checked] [ref=e6]
  - checkbox "Partial" [checked=mixed] [ref=e7]
  - textbox "Email" [ref=e8]: dana@example.com
  - spinbutton "Qty" [ref=e9]: "3"
  - button "Dis" [disabled] [ref=e10]
  - text: plain words
  - iframe [ref=e11]:
    - generic [ref=f1e1]:
      - button "Inner" [ref=f1e2]
"""


@pytest.fixture(scope="module")
def tree():
    return tree_from_aria_snapshot(SNAPSHOT, url="http://x/", title="Page")


def test_structure_and_refs(tree):
    assert tree.root.role == "RootWebArea" and tree.root.name == "Page"
    assert tree["e3"].parent == "e2" and tree["e2"].parent == "e1"
    assert tree["f1e2"].parent == "f1e1" and tree["f1e1"].parent == "e11"
    assert tree["e11"].role == "Iframe"


@pytest.mark.parametrize(
    "ref, role, name",
    [
        ("e3", "link", "Home"),
        ("e4", "heading", 'Sec: "quoted"'),  # JSON escapes inside the name
        ("e5", "region", "Deals: today"),  # YAML single-quoted key with a colon
        ("e8", "textbox", "Email"),
    ],
)
def test_roles_and_names(tree, ref, role, name):
    assert (tree[ref].role, tree[ref].name) == (role, name)


@pytest.mark.parametrize(
    "ref, key, value",
    [
        ("e1", "focused", True),  # [active]
        ("e3", "url", "/home?u=5"),  # /url child line
        ("e4", "level", 2),
        ("e6", "checked", "true"),
        ("e7", "checked", "mixed"),
        ("e10", "disabled", True),
    ],
)
def test_properties(tree, ref, key, value):
    assert tree[ref].properties[key] == value


def test_values_and_text(tree):
    assert tree["e8"].value == "dana@example.com"
    assert tree["e9"].value == "3"
    region_text = tree.children("e5")
    assert [(n.role, n.name) for n in region_text] == [("StaticText", "x")]
    assert any(n.role == "StaticText" and n.name == "plain words" for n in tree)


@pytest.mark.parametrize(
    "snapshot, message",
    [
        ("not a list item", "not a list item"),
        ("- [ref=e1]", "no role"),
        ("- button [ref=e1]\n- link [ref=e1]", "repeats ref"),
    ],
)
def test_malformed_snapshots_are_clear_errors(snapshot, message):
    with pytest.raises(ExtractionError, match=message):
        tree_from_aria_snapshot(snapshot)


def test_deep_snapshot_parses_without_recursion():
    lines = [f"{'  ' * i}- generic [ref=e{i + 1}]:" for i in range(5000)]
    lines.append(f'{"  " * 5000}- link "Bottom" [ref=e9999]')
    tree = tree_from_aria_snapshot("\n".join(lines))
    assert tree["e9999"].depth == 5001
