"""extractors.naming: which text names which control, from structure alone."""

from __future__ import annotations

import pytest

from extractors import tree_from_html
from extractors.naming import flat_items, naming
from extractors.tree import UITree


def _find(tree: UITree, role: str, nth: int = 0) -> int:
    return [i for i, n in enumerate(tree) if n.role == role][nth]


def _text_index(tree: UITree, text: str) -> int:
    return next(i for i, n in enumerate(tree) if n.role == "StaticText" and n.name.strip() == text)


@pytest.mark.parametrize(
    ("html", "role", "nth", "label"),
    [
        # text in a <p> before a bare input (the login form of the issue)
        ("<form><p>Username</p><input><p>Password</p><input type=password></form>", "textbox", 0, "Username"),
        ("<form><p>Username</p><input><p>Password</p><input type=password></form>", "textbox", 1, "Password"),
        # a <label> without `for`, in a sibling grid cell
        ("<div><div><label>Director Name</label></div><div><input></div></div>", "textbox", 0, "Director Name"),
        # a checkbox is named by the text after it
        ("<div><input type=checkbox> Remember me</div>", "checkbox", 0, "Remember me"),
        # a control alone in a table cell: its column header
        (
            "<table><tr><th>Sender</th><th>Select</th></tr>"
            "<tr><td>Dana</td><td><input type=checkbox></td></tr></table>",
            "checkbox",
            0,
            "Select",
        ),
        # a <label for> names a named control too (the text node that repeats its name)
        ("<label for=e>Email</label><input id=e>", "textbox", 0, "Email"),
    ],
)
def test_label_of(html: str, role: str, nth: int, label: str) -> None:
    tree = tree_from_html(html)
    names = naming(tree)
    control = _find(tree, role, nth)
    assert names.label_of[control] == _text_index(tree, label)
    assert names.control_of[_text_index(tree, label)] == control


def test_nearby_only_for_unnamed_controls() -> None:
    tree = tree_from_html("<p>Username</p><input><label for=e>Email</label><input id=e>")
    names = naming(tree)
    assert names.nearby[_find(tree, "textbox", 0)] == "Username"
    assert names.nearby[_find(tree, "textbox", 1)] == ""  # its own name says it already


@pytest.mark.parametrize(
    "html",
    [
        # another control stands between the text and the field
        "<p>Username</p><button>Help</button><input>",
        # long text is content, not a label
        "<p>" + "word " * 30 + "</p><input>",
        # text in another table row does not name a cell's checkbox
        "<table><tr><td>Dana</td></tr><tr><td><input type=checkbox></td></tr></table>",
    ],
)
def test_no_label(html: str) -> None:
    tree = tree_from_html(html)
    names = naming(tree)
    field = next(i for i, n in enumerate(tree) if n.role in ("textbox", "checkbox"))
    assert names.label_of[field] == -1
    assert names.nearby[field] == ""


def test_row_of_groups_a_rows_controls_and_texts() -> None:
    tree = tree_from_html(
        "<ul><li>Marcus Webb <button>Delete</button></li><li>Dana Lee <button>Delete</button></li></ul>"
    )
    names = naming(tree)
    rows = [i for i, n in enumerate(tree) if n.role == "listitem"]
    buttons = [i for i, n in enumerate(tree) if n.role == "button"]
    assert [names.row_of[b] for b in buttons] == rows
    assert names.row_of[_text_index(tree, "Dana Lee")] == rows[1]


def test_linear_on_a_wide_table() -> None:
    cells = "".join(f"<tr><td>r{i}</td><td><input type=checkbox></td></tr>" for i in range(3000))
    tree = tree_from_html(f"<table><tr><th>Name</th><th>Pick</th></tr>{cells}</table>")
    names = naming(tree)
    header = _text_index(tree, "Pick")
    checkboxes = [i for i, n in enumerate(tree) if n.role == "checkbox"]
    assert all(names.label_of[c] == header for c in checkboxes)


def test_features_read_an_unnamed_field_by_its_nearby_label() -> None:
    from webminim.features import STRUCT_DIM, node_texts, structure

    tree = tree_from_html("<p>Username</p><input><label for=e>Email</label><input id=e>")
    texts = node_texts(tree)
    first, second = _find(tree, "textbox", 0), _find(tree, "textbox", 1)
    assert texts[first] == "textbox Username"  # read as a sighted user reads it
    assert texts[second] == "textbox Email"
    flags = structure(tree)[:, STRUCT_DIM - 1]  # "named from nearby text"
    assert flags[first] == 1.0 and flags[second] == 0.0


def test_a_separator_names_nothing() -> None:
    """'or' between two ways of signing in is not the field's label: the text before it is."""
    tree = tree_from_html("<form><p>Name</p><p>or</p><input></form>")
    names = naming(tree)
    assert names.nearby[_find(tree, "textbox")] == "Name"


COMMENTS = "".join(
    f"<p><a href='/u/{who}'>{who}</a> 3 points</p><p>{body}</p>"
    "<form><button>Upvote</button></form><a href='/reply'>reply</a>"
    for who, body in (("ohill", "Great post"), ("dana", "Thanks for this"), ("riley", "Disagree"))
)


def test_flat_items_cut_a_run_of_repeated_siblings_into_items() -> None:
    tree = tree_from_html(f"<main><h1>Thread</h1>{COMMENTS}</main>")
    items = flat_items(tree)
    bodies = [_text_index(tree, body) for body in ("Great post", "Thanks for this", "Disagree")]
    buttons = [i for i, n in enumerate(tree) if n.role == "button"]
    owners = [items[b] for b in bodies]
    assert len(set(owners)) == 3 and -1 not in owners  # one item per comment
    assert [items[b] for b in buttons] == owners  # each vote button with its own comment
    assert items[_text_index(tree, "Thread")] == -1  # the heading before the run is no item


@pytest.mark.parametrize(
    "html",
    [
        "<div>" + "<p>one paragraph after another</p>" * 8 + "</div>",  # a period of 1 is not a list of items
        "<div>" + "<h2>Title</h2><p>text</p>" * 4 + "</div>",  # repeated, but no control in any item
        "<div>" + "<button>Vote</button>" * 9 + "</div>",  # controls, but one sibling repeated: no items
    ],
)
def test_flat_items_leave_layout_alone(html: str) -> None:
    assert set(flat_items(tree_from_html(html))) == {-1}


def test_flat_items_linear_on_a_long_run() -> None:
    tree = tree_from_html("<div>" + "<p>x</p><button>Go</button><span>y</span>" * 3000 + "</div>")
    items = flat_items(tree)
    assert len({i for i in items if i >= 0}) == 3000


def test_flat_items_find_the_period_whose_pattern_repeats_no_shorter_one() -> None:
    # (text, text, control) x 4: the first two siblings alike, the item is all three
    tree = tree_from_html("<div>" + "<p>a</p><p>b</p><button>Go</button>" * 4 + "</div>")
    items = flat_items(tree)
    buttons = [i for i, n in enumerate(tree) if n.role == "button"]
    owners = [items[b] for b in buttons]
    assert len(set(owners)) == 4 and -1 not in owners
    paragraphs = [i for i, n in enumerate(tree) if n.role == "paragraph"]
    assert [items[p] for p in paragraphs] == [o for o in owners for _ in range(2)]


def test_flat_items_a_short_run_among_other_siblings() -> None:
    """Two items after a heading: most siblings unlike any other, the control each item's
    last node (its prefix count of controls must end at it)."""
    tree = tree_from_html("<div><h2>Title</h2>" + "<p>a</p><input aria-label='x'>" * 2 + "</div>")
    items = flat_items(tree)
    fields = [i for i, n in enumerate(tree) if n.role == "textbox"]
    owners = [items[f] for f in fields]
    assert len(set(owners)) == 2 and -1 not in owners
    assert items[_text_index(tree, "Title")] == -1
    assert set(flat_items(tree_from_html("<div><h2>T</h2><p>a</p><input><p>b</p><button>Go</button></div>"))) == {-1}
