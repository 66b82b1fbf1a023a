"""The template-free agent (e2e/element_agent.py) on small hand-written observations, in our own wordings."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

from webminim.actions import parse_action

E2E = Path(__file__).resolve().parents[1] / "e2e"
sys.path.insert(0, str(E2E))
from element_agent import act  # noqa: E402

FORM = """Tab 0 (current): Account

[1] RootWebArea 'Account' focused: True
\t[2] heading 'Billing address'
\t[3] form ''
\t\t[10] StaticText 'Full name'
\t\t[11] textbox '' required: True
\t\t[12] textbox 'Email' required: False
\t\t[13] combobox 'Country' value: 'Pick one' hasPopup: menu expanded: False
\t\t\t[14] MenuListPopup ''
\t\t\t\t[15] option 'Pick one' selected: True
\t\t\t\t[16] option 'Norway' selected: False
\t\t\t\t[17] option 'Peru' selected: False
\t\t[18] checkbox '' checked: false
\t\t[19] StaticText 'Send me the newsletter'
\t\t[20] switch 'Dark mode' checked: false
\t\t[21] button 'Save changes'
\t[30] link 'Help center'
\t[31] link 'Search'
\t[32] searchbox 'Search the docs'"""

TABLE = """[1] RootWebArea 'Orders'
\t[40] table 'Orders'
\t\t[41] row ''
\t\t\t[42] columnheader 'Order'
\t\t\t[43] columnheader 'Status'
\t\t\t[44] columnheader 'Total'
\t\t[45] row ''
\t\t\t[46] cell 'A-100'
\t\t\t[47] cell 'Shipped'
\t\t\t[48] cell '$12.00'
\t\t\t[49] button 'Cancel'
\t\t[50] row ''
\t\t\t[51] cell 'B-200'
\t\t\t[52] cell 'Pending'
\t\t\t[53] cell '$30.50'
\t\t\t[54] button 'Cancel'"""

INBOX = """[1] RootWebArea 'Inbox'
\t[60] list ''
\t\t[61] listitem ''
\t\t\t[62] link 'Dana Lee'
\t\t\t[63] StaticText 'Lunch moved to Friday'
\t\t\t[64] button 'Archive'
\t\t[65] listitem ''
\t\t\t[66] link 'Sam Ortiz'
\t\t\t[67] StaticText 'Invoice attached'
\t\t\t[68] button 'Archive'
\t[70] heading 'Shipping policy'
\t[71] StaticText 'Orders ship within two days.'
\t[72] StaticText 'Returns are free.'
\t[73] heading 'Contact'
\t[74] StaticText 'Write to us any time.'"""

SANITIZED = """[1] RootWebArea '[TEXT_1]'
\t[80] link '[TEXT_3]'
\t[81] StaticText '[TEXT_4]'
\t[82] button 'Reply to [EMAIL_1]'
\t[83] textbox '[TEXT_5]'"""


def _ids(actions: list[str]) -> list[tuple[str, str, str]]:
    """(kind, node id, text) of each action, read back with the broker's own parser."""
    return [(a.kind, a.node_id, a.text) for a in map(parse_action, actions)]


@pytest.mark.parametrize("task", ["Please open the Help center", 'Hit "Save changes"', "navigate to help center"])
def test_click_a_named_control(task: str) -> None:
    want = "21" if "save" in task.lower() else "30"
    assert _ids(act(task, FORM)) == [("click", want, "")]


@pytest.mark.parametrize(
    ("task", "field", "value"),
    [
        ('Put "ada@example.org" into Email', "12", "ada@example.org"),
        ("Write Ada Lovelace in the Full name field", "11", "Ada Lovelace"),  # unnamed: the text before it
        ('Set email to "o\'brien@example.org"', "12", "o'brien@example.org"),
        ('Change the Email to “say "hi"”', "12", 'say "hi"'),  # a double quote in the value survives parsing
        ("Type salt and pepper in the Full name box", "11", "salt and pepper"),
    ],
)
def test_type_a_value_into_a_named_field(task: str, field: str, value: str) -> None:
    (kind, node, text), *_ = _ids(act(task, FORM))
    assert (kind, node) == ("type", field)
    assert text == value


@pytest.mark.parametrize(
    ("task", "option"),
    [
        ('Choose "Peru" from the Country dropdown', "17"),
        ("Pick Norway as the Country", "16"),
        ("Set country to Peru", "17"),
    ],
)
def test_select_clicks_the_named_option_of_the_named_list(task: str, option: str) -> None:
    assert _ids(act(task, FORM)) == [("click", option, "")]


@pytest.mark.parametrize(
    ("task", "box"), [("Tick Send me the newsletter", "18"), ("Turn on Dark mode", "20"), ('Enable "Dark mode"', "20")]
)
def test_check_clicks_the_box_its_label_names(task: str, box: str) -> None:
    assert _ids(act(task, FORM)) == [("click", box, "")]


@pytest.mark.parametrize(
    "task",
    [
        'Fill the full name "Ada" and the email "ada@x.org", then press Save changes',
        "Enter Ada into Full name and ada@x.org into Email and hit Save changes",
    ],
)
def test_fill_a_form_and_submit_it(task: str) -> None:
    assert _ids(act(task, FORM)) == [("type", "11", "Ada"), ("type", "12", "ada@x.org"), ("click", "21", "")]


@pytest.mark.parametrize(
    ("task", "query"),
    [
        ("Look for rate limits", "rate limits"),
        ('Run a search on "rate limits"', "rate limits"),
        ("Could you find rate limits on this site?", "rate limits"),
        ("Search the docs for rate limits", "rate limits"),
        ("Search for Norway", "Norway"),  # neither the "Search" link nor the "Norway" option
    ],
)
def test_search_types_the_query_into_the_search_box_and_presses_enter(task: str, query: str) -> None:
    (action,) = act(task, FORM)
    parsed = parse_action(action)
    assert (parsed.kind, parsed.node_id, parsed.text, parsed.press_enter) == ("type", "32", query, True)


@pytest.mark.parametrize(
    ("task", "answer"),
    [
        ("How much is the total of B-200?", "$30.50"),
        ("Tell me the status for A-100", "Shipped"),
        ('Find "A-100" in the orders and read its total', "$12.00"),
    ],
)
def test_read_a_cell_by_column_and_row(task: str, answer: str) -> None:
    (action,) = act(task, TABLE)
    assert parse_action(action).kind == "stop" and parse_action(action).text == answer


@pytest.mark.parametrize(
    ("task", "page", "control"),
    [
        ("In the B-200 row, press Cancel", TABLE, "54"),
        ('Click Cancel next to "A-100"', TABLE, "49"),
        ("Archive the message from Sam Ortiz", INBOX, "68"),
    ],
)
def test_a_row_action_clicks_the_control_in_the_keys_row(task: str, page: str, control: str) -> None:
    assert _ids(act(task, page)) == [("click", control, "")]


@pytest.mark.parametrize("task", ["What did Sam Ortiz send?", "Show me the message from Sam Ortiz"])
def test_read_an_item_answers_with_its_row(task: str) -> None:
    (action,) = act(task, INBOX)
    answer = parse_action(action).text
    assert "Invoice attached" in answer and "Lunch moved" not in answer


@pytest.mark.parametrize(
    "task",
    ["What does our shipping policy say?", "Summarise Shipping policy", "Give me the gist of the Shipping policy"],
)
def test_read_a_section_answers_with_the_text_under_its_heading(task: str) -> None:
    (action,) = act(task, INBOX)
    answer = parse_action(action).text
    assert "Orders ship within two days." in answer and "Returns are free." in answer
    assert "Write to us" not in answer


def test_a_placeholder_is_matched_only_by_the_same_placeholder() -> None:
    assert act("Open [TEXT_3]", SANITIZED) == ["click [80]"]
    assert act("Open [TEXT_30]", SANITIZED) == []
    assert act("Open TEXT_3", SANITIZED) == []
    assert act("Open the message from Dana Lee", SANITIZED) == []  # Dana's name is behind a placeholder
    assert act("Click Reply to [EMAIL_1]", SANITIZED) == ["click [82]"]
    assert act("What does [TEXT_4] say?", SANITIZED)[0].startswith("stop [[TEXT_4]")


@pytest.mark.parametrize(
    "task",
    ["Delete my account", "Open the settings", "Type hello into the Comment box", "What is the refund window?", ""],
)
def test_a_task_that_names_nothing_on_the_page_gets_no_action(task: str) -> None:
    assert act(task, FORM) == []


def test_no_observation_no_action() -> None:
    assert act("Click Save changes", "") == []


def test_the_agent_imports_only_the_standard_library() -> None:
    imported: set[str] = set()
    tree = ast.parse((E2E / "element_agent.py").read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            assert node.level == 0, "no relative imports"
            imported.add((node.module or "").split(".")[0])
    assert imported <= set(sys.stdlib_module_names) | {"__future__"}, imported - set(sys.stdlib_module_names)
    names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    assert not names & {"TASK_TYPES", "Vault", "UITree", "open", "urlopen", "eval", "exec"}
