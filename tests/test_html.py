"""Static-HTML builder: role mapping, accessible names, hidden content, bad input."""

from __future__ import annotations

from pathlib import Path

import pytest

from extractors.errors import ExtractionError
from extractors.html import tree_from_html
from webminim.synthetic import deep_page, large_page

FIXTURES = Path(__file__).parent / "fixtures"


def only(tree, role):
    found = [n for n in tree if n.role == role]
    assert len(found) == 1, f"expected one {role}, got {[(n.role, n.name) for n in found]}"
    return found[0]


@pytest.mark.parametrize(
    "html, role, name",
    [
        ('<a href="/x">Home</a>', "link", "Home"),  # name from content
        ("<a>No href</a>", "generic", ""),  # an anchor without href is not a link
        ('<button aria-label="Close dialog">x</button>', "button", "Close dialog"),  # aria-label wins
        ('<span id="l">Due date</span><input aria-labelledby="l">', "textbox", "Due date"),  # labelledby
        ('<label for="e">Email</label><input id="e" type="email">', "textbox", "Email"),  # label[for]
        ('<label>Remember me <input type="checkbox"></label>', "checkbox", "Remember me"),  # wrapping label
        ('<input placeholder="Search products">', "textbox", "Search products"),  # placeholder fallback
        ('<input type="submit">', "button", "Submit"),  # default submit label
        ('<input type="submit" value="Pay">', "button", "Pay"),  # value labels a submit button
        ('<input type="image" alt="Go">', "button", "Go"),  # image button alt
        ('<img src="a.png" alt="Company logo">', "image", "Company logo"),  # alt text
        ('<a href="/c"><img src="c.png" alt="Cart"></a>', "link", "Cart"),  # alt inside a link
        ('<input type="search" title="Find">', "searchbox", "Find"),  # title as last resort
        ("<h3>Reviews</h3>", "heading", "Reviews"),
        ('<div role="button" tabindex="0">Vote up</div>', "button", "Vote up"),  # explicit role
        ("<select><option>One</option><option selected>Two</option></select>", "combobox", ""),
        ("<select multiple><option>A</option></select>", "listbox", ""),
        ('<input type="range">', "slider", ""),
        ('<input type="number">', "spinbutton", ""),
        ("<textarea>hi</textarea>", "textbox", ""),
        ("<nav><a href='/'>x</a></nav>", "navigation", ""),
        ('<section aria-label="Deals">x</section>', "region", "Deals"),  # named section is a region
        ("<table><caption>Orders</caption><tr><td>1</td></tr></table>", "table", "Orders"),
        ("<fieldset><legend>Speed</legend></fieldset>", "group", "Speed"),
        ("<details><summary>More</summary>x</details>", "DisclosureTriangle", "More"),
    ],
)
def test_roles_and_names(html, role, name):
    tree = tree_from_html(f"<html><body>{html}</body></html>")
    assert only(tree, role).name == name


@pytest.mark.parametrize(
    "html, role, key, value",
    [
        ('<input type="checkbox" checked aria-label="x">', "checkbox", "checked", "true"),
        ('<input type="radio" aria-label="x">', "radio", "checked", "false"),
        ('<input required aria-label="x">', "textbox", "required", True),
        ("<button disabled>x</button>", "button", "disabled", True),
        ("<h4>x</h4>", "heading", "level", 4),
        ('<div role="heading" aria-level="5">x</div>', "heading", "level", 5),
        ('<button aria-expanded="true">x</button>', "button", "expanded", True),
        ('<button aria-pressed="mixed">x</button>', "button", "pressed", "mixed"),
        ('<a href="/p?q=1">x</a>', "link", "url", "http://shop.test/p?q=1"),  # resolved against url
    ],
)
def test_properties(html, role, key, value):
    tree = tree_from_html(f"<html><body>{html}</body></html>", url="http://shop.test/index.html")
    assert only(tree, role).properties[key] == value


@pytest.mark.parametrize(
    "html, value",
    [
        ('<input aria-label="x" value="dana@example.com">', "dana@example.com"),
        ('<input type="password" aria-label="x" value="hunter2">', "•••••••"),  # masked like Chromium
        ('<textarea aria-label="x">note text</textarea>', "note text"),
        ('<input aria-label="x">', None),
    ],
)
def test_values(html, value):
    tree = tree_from_html(f"<html><body>{html}</body></html>")
    assert only(tree, "textbox").value == value


def test_select_value_is_the_selected_option():
    tree = tree_from_html("<select aria-label='c'><option>Canada</option><option selected>Portugal</option></select>")
    assert only(tree, "combobox").value == "Portugal"


def test_hidden_content_is_excluded():
    tree = tree_from_html((FIXTURES / "hidden.html").read_text())
    text = " ".join(f"{n.name} {n.value or ''}" for n in tree)
    assert "SECRET" not in text
    assert "Visible paragraph" in text and "Visible button" in text


def test_forms_fixture_has_every_control_with_its_label():
    tree = tree_from_html((FIXTURES / "forms.html").read_text())
    controls = {(n.role, n.name) for n in tree.interactive_nodes()}
    assert {
        ("textbox", "Email address"),
        ("textbox", "Password"),
        ("checkbox", "Remember me"),
        ("radio", "Standard"),
        ("radio", "Express"),
        ("combobox", "Country"),
        ("textbox", "Note to courier"),
        ("textbox", "Coupon code"),
        ("searchbox", "Search help"),
        ("button", "Sign in"),
        ("button", "Create account"),
        ("button", "Continue as guest"),
        ("link", "Forgot your password?"),
    } <= controls
    assert "hunter2-secret" not in " ".join(str(n.value) for n in tree)
    assert "csrf-token" not in " ".join(f"{n.name}{n.value}" for n in tree)


def test_srcdoc_iframe_content_hangs_under_the_iframe():
    tree = tree_from_html((FIXTURES / "iframe.html").read_text())
    frame = next(n for n in tree if n.role == "Iframe" and n.name == "Inline help")
    inner = [d.name for d in tree.descendants(frame.id)]
    assert "Contact support" in inner


def test_title_is_the_root_name():
    tree = tree_from_html((FIXTURES / "table.html").read_text())
    assert tree.root.role == "RootWebArea" and tree.title == tree.root.name == "Orders - Table fixture"


def test_ids_are_stable_for_the_same_document():
    html = (FIXTURES / "forms.html").read_text()
    assert [n.id for n in tree_from_html(html)] == [n.id for n in tree_from_html(html)]


def test_empty_page_is_a_root_alone():
    tree = tree_from_html("<html><head><title>Blank</title></head><body></body></html>")
    assert len(tree) == 1 and tree.root.name == "Blank"


@pytest.mark.parametrize(
    "data, message",
    [
        (b"", "empty"),  # zero bytes
        (b"   \n", "empty"),  # whitespace only
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "binary"),  # an image
        (b'{"nodes": [1, 2, 3]}', "no HTML tags"),  # JSON
        (b"just some plain text", "no HTML tags"),  # plain text
        ("caf\xe9".encode("latin-1") + b" <p>x</p>", "not UTF-8"),  # undecodable bytes
    ],
)
def test_non_html_input_is_refused(data, message):
    with pytest.raises(ExtractionError, match=message):
        tree_from_html(data)


def test_5000_deep_nesting_builds_without_recursion_error():
    tree = tree_from_html(deep_page(5000))
    link = only(tree, "link")
    assert link.name == "Bottom link" and link.depth == 5001


def test_50000_element_page_builds_completely():
    tree = tree_from_html(large_page(50_000))
    assert sum(1 for n in tree if n.role == "button") == 50_000 // 7


def test_node_limit_gives_a_clear_error_not_a_partial_tree():
    with pytest.raises(ExtractionError, match="refusing to build a partial tree"):
        tree_from_html(large_page(2_000), max_nodes=500)
