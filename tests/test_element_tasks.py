"""Tasks generated from a page's own elements, and the labelling rule for them."""

from __future__ import annotations

import random

import numpy as np
import pytest

from extractors import tree_from_html
from extractors.naming import naming
from extractors.tree import UITree
from webarena_env.element_tasks import ElementTask, element_tasks
from webarena_env.labeller import element_necessity

LOGIN = """<form><h2>Sign in</h2><p>Username</p><input><p>Password</p><input type=password>
<button>Cancel</button><button>Login</button></form><a href="/help">Help</a>"""
INBOX = """<table><tr><th>Pick</th><th>Sender</th><th>Subject</th></tr>
<tr><td><input type=checkbox></td><td>Dana Lee</td><td>March invoice</td></tr>
<tr><td><input type=checkbox></td><td>Marcus Webb</td><td>Lunch plans</td></tr></table>"""


def _index(tree: UITree, role: str, name: str = "") -> int:
    return next(i for i, n in enumerate(tree) if n.role == role and n.name.strip() == name)


def _tasks(html: str, seed: int = 0, **kw: object) -> tuple[UITree, list[ElementTask]]:
    tree = tree_from_html(html)
    return tree, element_tasks(tree, naming(tree), random.Random(seed), per_type=20, **kw)


def test_fill_form_names_fields_by_the_text_beside_them() -> None:
    tree, tasks = _tasks(LOGIN)
    form = next(t for t in tasks if t.type == "fill_form")
    assert "username" in form.text.lower() and "password" in form.text.lower()
    assert "Login" in form.text  # the submit button, not Cancel
    fields = [i for i, n in enumerate(tree) if n.role == "textbox"]
    assert set(fields) <= set(form.targets)


def test_necessity_covers_target_its_label_and_inner_text() -> None:
    tree, tasks = _tasks(LOGIN)
    form = next(t for t in tasks if t.type == "fill_form")
    n = element_necessity(tree, naming(tree), form)
    for text in ("Username", "Password", "Login"):
        assert n[_index(tree, "StaticText", text)] == 10, text
    assert n[_index(tree, "button", "Login")] == 10
    assert n[_index(tree, "button", "Cancel")] == 0
    assert n[_index(tree, "link", "Help")] == 0
    assert n[_index(tree, "form")] == 0  # bare structure


def test_row_task_needs_that_rows_control_and_key_only() -> None:
    tree, tasks = _tasks(INBOX)
    rows = [t for t in tasks if t.type == "row_action"]
    assert rows
    for task in rows:
        n = element_necessity(tree, naming(tree), task)
        names = naming(tree)
        boxes = [i for i, node in enumerate(tree) if node.role == "checkbox"]
        needed = [b for b in boxes if n[b] == 10]
        assert len(needed) == 1  # the row's own checkbox, not the other row's
        row = names.row_of[needed[0]]
        keys = [i for i in task.targets if tree.nodes[i].role == "StaticText"]
        assert keys and all(names.row_of[k] == row for k in keys)
        assert tree.nodes[keys[0]].name.strip() in task.text


def test_read_cell_needs_key_and_value_and_the_header_helps() -> None:
    tree, tasks = _tasks(INBOX)
    read = next(t for t in tasks if t.type == "read_cell")
    n = element_necessity(tree, naming(tree), read)
    header = next(i for i, node in enumerate(tree) if node.role == "columnheader" and node.name.lower() in read.text)
    assert n[header] == 5
    assert (n == 10).sum() >= 2


def test_skipped_nodes_are_never_a_subject() -> None:
    tree = tree_from_html(LOGIN)
    skip = frozenset(i for i, n in enumerate(tree) if n.role == "button" or (n.parent and "button" in n.parent))
    tasks = element_tasks(tree, naming(tree), random.Random(0), per_type=20, skip=skip)
    assert all(tree.nodes[i].role != "button" for t in tasks for i in t.targets)


@pytest.mark.parametrize("seed", range(5))
def test_wording_varies_and_every_task_has_a_required_node(seed: int) -> None:
    tree, tasks = _tasks(LOGIN + INBOX, seed)
    assert len({t.text for t in tasks}) == len(tasks)
    for task in tasks:
        assert (element_necessity(tree, naming(tree), task) == 10).any()


def test_labels_never_read_from_features() -> None:
    """The generator reads the tree only: the same page yields the same tasks."""
    a = _tasks(LOGIN, 3)[1]
    b = _tasks(LOGIN, 3)[1]
    assert [t.text for t in a] == [t.text for t in b]
    assert np.array_equal(
        element_necessity(tree_from_html(LOGIN), naming(tree_from_html(LOGIN)), a[0]),
        element_necessity(tree_from_html(LOGIN), naming(tree_from_html(LOGIN)), b[0]),
    )


SEARCH = """<header>
<form role=search><input type=search aria-label="Search products"><button>Go</button></form></header>
<ul><li><h3>Dana Lee</h3><p>The March invoice is attached, please check the totals.</p><button>Reply</button></li>
<li><h3>Marcus Webb</h3><p>Lunch on Friday works for me.</p><button>Reply</button></li></ul>
<main><h2>Shipping</h2><p>Orders leave our warehouse within two days.</p><p>Tracking comes by e-mail.</p>
<h2>Returns</h2><p>Send items back within 30 days.</p></main>"""


def test_search_task_names_the_intent_not_the_box() -> None:
    tree, tasks = _tasks(SEARCH)
    search = next(t for t in tasks if t.type == "search")
    box, go = _index(tree, "searchbox", "Search products"), _index(tree, "button", "Go")
    assert set(search.targets) == {box, go}
    assert "search products" not in search.text.lower()  # an intent, not the box's name


def test_read_item_needs_the_rows_own_text_not_its_neighbours() -> None:
    tree, tasks = _tasks(SEARCH)
    item = next(t for t in tasks if t.type == "read_item")
    n = element_necessity(tree, naming(tree), item)
    dana = "Dana Lee" in item.text
    own, other = ("The March invoice", "Lunch on Friday") if dana else ("Lunch on Friday", "The March invoice")
    text = {p: i for i, node in enumerate(tree) for p in (own, other) if node.name.startswith(p)}
    assert n[text[own]] == 10 and n[text[other]] == 0
    assert n[_index(tree, "button", "Reply")] <= 5  # reading is not replying


def test_read_section_stops_at_the_next_heading() -> None:
    tree, tasks = _tasks(SEARCH)
    section = next(t for t in tasks if t.type == "read_section" and "Shipping" in t.text)
    n = element_necessity(tree, naming(tree), section)
    assert n[_index(tree, "StaticText", "Orders leave our warehouse within two days.")] == 10
    assert n[_index(tree, "StaticText", "Tracking comes by e-mail.")] == 10
    assert n[_index(tree, "StaticText", "Send items back within 30 days.")] == 0


NAV = """<ul><li><a href="#">Alerts</a><ul>
<li><a href="/m"><h6>New message</h6><p>13 minutes ago</p></a></li>
<li><a href="/a"><h6>New album by Travis Scott</h6><p>1 day</p></a></li></ul></li>
<li><a href="/s">Sign in</a></li></ul>
<ul><li><p>The <code>menubar</code> pattern needs complex focus handling.</p></li>
<li><p>Use a <code>menu</code> for short lists of actions.</p></li></ul>"""


def test_a_row_is_named_by_its_own_text_never_a_nested_rows_nor_a_sentence_fragment() -> None:
    """The "Alerts" menu item holds a dropdown of notifications: "New message" names the first
    notification, not the menu item; "The " before an inline <code> names nothing."""
    tree, tasks = _tasks(NAV)
    names = naming(tree)
    rows = [t for t in tasks if t.type in ("read_item", "row_action")]
    assert rows  # the notifications themselves still get tasks
    for task in rows:
        (row,) = task.context
        key = task.targets[0] if task.type == "read_item" else task.targets[1]
        assert names.row_of[key] == row, task.text
        assert tree.nodes[key].name.strip() not in ("The", "Use a"), task.text


def test_a_form_task_never_types_into_a_select() -> None:
    tree, tasks = _tasks(
        """<form><label for="n">Name</label><input id="n"><label for="c">City</label>
        <select id="c"><option>Helsinki</option><option>Oslo</option></select>
        <label for="e">Email</label><input id="e"><button>Submit</button></form>"""
    )
    forms = [t for t in tasks if t.type == "fill_form"]
    assert forms and all(tree.nodes[i].role != "combobox" for t in forms for i in t.targets)
