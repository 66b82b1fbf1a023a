"""The policy's safety net (webminim.policy, rules 1-4): pairs, rows, task anchors and the
out-of-depth fallback, on small pages with hand-set scores (the model is not involved)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from extractors.html import tree_from_html
from extractors.tree import TreeBuilder, UITree
from webminim.errors import ConfigError
from webminim.metrics import A, K, R
from webminim.policy import (
    FORM_CONTROLS,
    WHY_ANCHOR,
    WHY_CODE,
    WHY_FLOOR_CONTENT,
    WHY_FORM,
    WHY_ICON_WORD,
    WHY_LABEL,
    WHY_NAME_LINE,
    WHY_OPTION,
    WHY_PREVIEW,
    WHY_ROW,
    WHY_SECTION_ACTION,
    WHY_SYNONYM,
    WHY_TAB_CONTENT,
    WHY_UNAIMABLE,
    PageContext,
    PolicyContext,
    Thresholds,
    controls_of,
    decide,
    decide_explained,
    most_necessary,
)
from webminim.vault import Vault
from webminim.view import build_view

FIXTURES = Path(__file__).parent / "fixtures"
MISC = """<html><head><title>Misc</title></head><body>
<nav><a href="/view">View</a> <a href="/open">Open</a> <button>Go</button> <a href="/archive">Archive</a></nav>
<p>HIV</p> <p>Mail</p>
<div>Email:</div><input type="text">
<button>Continue</button>
</body></html>"""
SHOP = """<html><head><title>Kitchen</title></head><body><ul>
<li><h3>Bamboo Mixing Bowl Set</h3>
  <label><input type="checkbox"> Compare</label> <button>Add to cart</button></li>
<li><h3>Rechargeable Mixing Bowl Set</h3>
  <label><input type="checkbox"> Compare</label> <button>Add to cart</button></li>
<li><h3>Insulated Coffee Grinder</h3>
  <label><input type="checkbox"> Compare</label> <button>Add to cart</button></li>
</ul></body></html>"""
PAGES = {
    "login": (FIXTURES / "login_unlabelled.html").read_text(),
    "inbox": (FIXTURES / "inbox_rows.html").read_text(),
    "search": (FIXTURES / "search_fields.html").read_text(),
    "misc": MISC,
    "shop": SHOP,
}
_TREES: dict[str, UITree] = {}

Selector = tuple  # (role, name) for every match, or (role, name, nth) for one


def tree_of(page: str) -> UITree:
    if page not in _TREES:
        _TREES[page] = tree_from_html(PAGES[page], url="http://site.test/")
    return _TREES[page]


def matches(tree: UITree, selector: Selector) -> list[int]:
    role, name, *nth = selector
    found = [i for i, n in enumerate(tree.nodes) if n.role == role and n.name == name]
    assert found, f"no {role} {name!r} in the page"
    return [found[nth[0]]] if nth else found


def scores(tree: UITree, overrides: dict[Selector, tuple[float, float]]) -> tuple[np.ndarray, np.ndarray]:
    """ŝ = 1, n̂ = 0 everywhere (a model out of its depth), except `overrides`: selector -> (ŝ, n̂)."""
    s = np.ones(len(tree.nodes))
    n = np.zeros(len(tree.nodes))
    for selector, (s_i, n_i) in overrides.items():
        for i in matches(tree, selector):
            s[i], n[i] = s_i, n_i
    return s, n


CASES = [
    # rule 1, control -> label: the model keeps a bare textbox; the text that names it comes along
    ("login", "Log me in", {("textbox", "", 0): (1, 8)}, ("StaticText", "Username"), K),
    # rule 1, label -> control: the model keeps the label "Password"; its bare textbox comes along
    ("login", "Log me in", {("StaticText", "Password"): (1, 8)}, ("textbox", "", 1), K),
    # nothing kept, nothing named: the paper's rule stands
    ("login", "Log me in", {}, ("textbox", "", 0), R),
    # a column header names every row's checkbox: keeping the header keeps none of them
    ("inbox", "Sort the inbox", {("StaticText", "Select"): (1, 8)}, ("checkbox", "", 0), R),
    # rule 2: the row the task acts on keeps its icon-only trash button ...
    ("inbox", "Delete the email from Priya", {("StaticText", "Priya Natarajan"): (1, 9)}, ("button", "", 2), K),
    # ... and its checkbox ...
    ("inbox", "Delete the email from Priya", {("StaticText", "Priya Natarajan"): (1, 9)}, ("checkbox", "", 2), K),
    # ... but not another row's
    ("inbox", "Delete the email from Priya", {("StaticText", "Priya Natarajan"): (1, 9)}, ("button", "", 0), R),
    # rule 2 with a kept but low-necessity row: the task does not act on it
    ("inbox", "Delete the email from Priya", {("StaticText", "Priya Natarajan"): (1, 3)}, ("button", "", 2), R),
    # rule 2 from the task's words alone: the sender's name anchors the row
    ("inbox", "Delete the email from Marcus Lee", {}, ("button", "", 1), K),
    # rule 2 margin: the named product is the row acted on; a look-alike the model scores 6 is not
    (
        "shop",
        "Add the Rechargeable Mixing Bowl Set to the cart",
        {("StaticText", "Bamboo Mixing Bowl Set"): (1, 6)},
        ("button", "Add to cart", 1),
        K,
    ),
    (
        "shop",
        "Add the Rechargeable Mixing Bowl Set to the cart",
        {("StaticText", "Bamboo Mixing Bowl Set"): (1, 6)},
        ("button", "Add to cart", 0),
        R,
    ),
    # a raised button brings the text its name is made of (else the view shows it as '…')
    ("shop", "Add the Rechargeable Mixing Bowl Set to the cart", {}, ("StaticText", "Add to cart", 1), K),
    # ... but two rows the model scores alike are both acted on
    (
        "inbox",
        "Delete both emails",
        {("StaticText", "Priya Natarajan"): (1, 9), ("StaticText", "Marcus Lee"): (1, 8)},
        ("button", "", 1),
        K,
    ),
    # a text every row repeats ("Compare") identifies no row, however necessary
    ("shop", "Compare two bowls", {("StaticText", "Compare"): (1, 8)}, ("button", "Add to cart", 0), R),
    # rule 3: the button the goal names is kept although n̂ = 0
    ("search", "Fill in the form and press Go!", {}, ("button", "Go!"), K),
    # rule 3 through the nearby label of an unnamed field
    ("search", 'Type "Drama" as the Movie Genre', {}, ("textbox", "", 0), K),
    # rule 3 and a trailing ':' on the label
    ("misc", "Enter my email and continue", {}, ("textbox", ""), K),
    # a sensitive node the task names is raised to A (placeholders), never K
    (
        "inbox",
        "Delete the email from Priya Natarajan",
        {("StaticText", "Priya Natarajan"): (8, 0)},
        ("StaticText", "Priya Natarajan"),
        A,
    ),
    # a node the task does not name stays removed
    ("inbox", "Delete the email from Priya Natarajan", {}, ("StaticText", "Marcus Lee"), R),
    # stop words do not anchor: "view" and "open" in the task are not the links "View" / "Open"
    ("misc", "Open the page and view my orders", {}, ("link", "View"), R),
    ("misc", "Open the page and view my orders", {}, ("link", "Open"), R),
    # "Go" is a stop word and 2 characters: "go" in a task is not the button "Go"
    ("misc", "Go back and go on", {}, ("button", "Go"), R),
    # word boundaries: "Archive" names the link "Archive", not the text "HIV" inside it
    ("misc", "Archive the message", {}, ("StaticText", "HIV"), R),
    ("misc", "Archive the message", {}, ("link", "Archive"), K),
    # ... and the word's start counts too: "Gmail" does not name "Mail"
    ("misc", "Sign in to Gmail", {}, ("StaticText", "Mail"), R),
    # rule 4: "Click the button." names no button, none is kept: buttons are kept
    ("misc", "Click the button.", {}, ("button", "Continue"), K),
    # rule 4 only when no control of that kind is kept: here the model kept "Go"
    ("misc", "Click the button.", {("button", "Go"): (1, 5)}, ("button", "Continue"), R),
    # rule 4 never raises a sensitive control
    ("misc", "Click the button.", {("button", "Continue"): (8, 0)}, ("button", "Continue"), R),
    # rule 4: "text field" names what a textbox is
    ("login", 'Enter "Myron" into the text field and press Submit.', {}, ("textbox", "", 0), K),
    # a task with no action verb gets no fallback
    ("misc", "What does the button say?", {}, ("button", "Continue"), R),
]


@pytest.mark.parametrize(("page", "task", "overrides", "target", "expected"), CASES)
def test_safety_net(page: str, task: str, overrides: dict, target: Selector, expected: int) -> None:
    tree = tree_of(page)
    s, n = scores(tree, overrides)
    actions = decide(s, n, Thresholds(), PolicyContext.of(tree, task))
    (i,) = matches(tree, target) if len(target) == 3 else matches(tree, target)[:1]
    assert actions[i] == expected, f"{target} in {page!r} for {task!r}: {'RAK'[actions[i]]}"


def test_net_off_is_the_policy_before_it() -> None:
    tree = tree_of("search")
    s, n = scores(tree, {("StaticText", "Movie Genre"): (1, 9)})
    context = PolicyContext.of(tree, "Enter Drama as the Movie Genre and press Go!")
    before = decide(s, n, Thresholds(), controls=controls_of(tree))
    assert decide(s, n, Thresholds(), context, net=False).tolist() == before.tolist()
    assert (decide(s, n, Thresholds(), context) != R).sum() > (before != R).sum()


def test_reasons_reach_the_view() -> None:
    tree = tree_of("inbox")
    task = "Find the email by Priya Natarajan and click the trash icon to delete it"
    s, n = scores(tree, {("StaticText", "Priya Natarajan"): (7, 9), ("cell", "Priya Natarajan"): (7, 9)})
    actions, reasons = decide_explained(s, n, Thresholds(), PolicyContext.of(tree, task))
    view = build_view(tree, actions, s, n, Vault(), tau_nec=1.0, tau_sens=5.0, task=task, reasons=reasons)
    trash = tree.nodes[matches(tree, ("button", "", 2))[0]].id
    assert view.decisions[trash].action == "K"
    assert view.decisions[trash].reason.startswith("kept: an action of a row the task acts on")
    assert "'Actions'" in view.text() and "'…'" not in view.text()  # the header naming the button, with its text
    assert "482913" not in view.text()
    assert "Dana Whitfield" not in view.text() and "Marcus Lee" not in view.text()


def test_a_page_context_serves_many_tasks() -> None:
    tree = tree_of("search")
    page = PageContext.of(tree)
    s, n = scores(tree, {})
    go = matches(tree, ("button", "Go!"))[0]
    assert decide(s, n, Thresholds(), page.with_task("press Go!"))[go] == K
    assert decide(s, n, Thresholds(), page.with_task("read the page"))[go] == R


def _chain(size: int) -> UITree:
    b = TreeBuilder()
    b.add("0", "RootWebArea", name="Page")
    roles = ["StaticText", "textbox", "button", "row", "checkbox", "link", "cell"]
    for i in range(1, size):
        b.add(str(i), roles[i % len(roles)], parent=str((i - 1) // 2), name=["", "Save", "Name", "HIV"][i % 4])
    return b.build(url="http://site.test/")


@given(
    st.integers(min_value=2, max_value=40).flatmap(
        lambda size: st.tuples(
            st.lists(st.floats(0, 10), min_size=size, max_size=size),
            st.lists(st.floats(0, 10), min_size=size, max_size=size),
            st.sampled_from(["Click Save", "Enter the name and save", "Delete the row", "Archive it", ""]),
        )
    )
)
def test_the_net_only_raises_and_never_shows_sensitive_text(case: tuple[list[float], list[float], str]) -> None:
    s_list, n_list, task = case
    s, n = np.array(s_list), np.array(n_list)
    tree = _chain(len(s))
    paper = decide(s, n, Thresholds())
    with_net = decide(s, n, Thresholds(), PolicyContext.of(tree, task))
    raised = (paper == R) & (with_net != R)
    assert not (raised & (s >= 5.0) & (with_net == K)).any()
    # the paper's K and A stand; a K goes to A only when text inside it is abstracted (its name is that text)
    assert ((paper != R) <= ((with_net == paper) | ((paper == K) & (with_net == A)))).all()


CODES = """<html><body><div role="status"><p>Your verification code is 482913.</p></div>
<p>Order 482913 shipped</p><label>Code <input></label><button>Verify</button></body></html>"""


@pytest.mark.parametrize(
    ("task", "abstracted"),
    [
        # the task speaks of a code: the code is raised to A (typeable), never shown as is
        ("Complete the two-step verification with the code", True),
        ("Enter the 2FA code I was sent", True),
        # a task about something else leaves the code removed
        ("Open my shopping cart", False),
    ],
)
def test_rule5_codes_the_task_asks_for(task: str, abstracted: bool) -> None:
    tree = tree_from_html(CODES, url="http://site.test/")
    size = len(tree)
    s_hat, n_hat = np.full(size, 2.0), np.zeros(size)  # the model sees nothing of use, or harmless
    actions, reasons = decide_explained(s_hat, n_hat, Thresholds(), PolicyContext.of(tree, task))
    code = next(i for i, n in enumerate(tree) if "verification code is" in n.name)
    order = next(i for i, n in enumerate(tree) if n.name.startswith("Order"))
    assert actions[code] == (A if abstracted else R)  # A even though ŝ is low
    assert actions[order] == R  # a number without a code context is no code
    if abstracted:
        view = build_view(tree, actions, s_hat, n_hat, Vault(), tau_nec=1.0, tau_sens=5.0, task=task, reasons=reasons)
        assert "482913" not in view.text() and "[OTP_1]" in view.text()


ROWS = """<html><body><ul>
<li><span>Joanna Moody</span> <span>Interview schedule</span> <button>Trash</button></li>
<li><span>Priya Nair</span> <span>Lunch</span> <button>Trash</button></li>
</ul><button>Reply sent</button></body></html>"""


def test_a_control_repeated_in_every_row_is_no_task_anchor() -> None:
    """'... to the trash' names every row's Trash button: only the row the task acts on keeps its own."""
    tree = tree_from_html(ROWS, url="http://site.test/")
    size = len(tree)
    s_hat, n_hat = np.full(size, 1.0), np.zeros(size)
    task = "Move Joanna Moody's message to the trash"
    actions = decide(s_hat, n_hat, Thresholds(), PolicyContext.of(tree, task))
    trash = [i for i, n in enumerate(tree) if n.role == "button" and n.name == "Trash"]
    assert [actions[i] != R for i in trash] == [True, False]


def test_a_kept_control_keeps_the_text_its_name_is_made_of() -> None:
    tree = tree_from_html(ROWS, url="http://site.test/")
    size = len(tree)
    button = next(i for i, n in enumerate(tree) if n.name == "Reply sent" and n.role == "button")
    text = next(i for i, n in enumerate(tree) if n.name == "Reply sent" and n.role == "StaticText")
    s_hat, n_hat = np.full(size, 1.0), np.zeros(size)
    n_hat[button] = 8.0  # the model keeps the button, not its text
    actions = decide(s_hat, n_hat, Thresholds(), PolicyContext.of(tree, "Reply to the Slack message"))
    assert actions[button] == K and actions[text] == K
    view = build_view(tree, actions, s_hat, n_hat, Vault(), tau_nec=1.0, tau_sens=5.0, task="x")
    assert "button 'Reply sent'" in view.text()


def test_rule0_the_floor_shows_the_most_necessary_share_of_the_page() -> None:
    """On a page where the model's scale has drifted (nothing reaches τ_nec), its ranking still counts."""
    tree = tree_from_html(ROWS, url="http://site.test/")
    size = len(tree)
    s_hat, n_hat = np.full(size, 1.0), np.linspace(0.0, 0.5, size)  # all below τ_nec = 1
    reply = next(i for i, n in enumerate(tree) if n.name == "Reply sent" and n.role == "button")
    task = "Let Joanna know"  # no verb of rule 4, no anchor: only the floor can show the button
    off = decide(s_hat, n_hat, Thresholds(keep_floor=0.0), PolicyContext.of(tree, task))
    actions, why = decide_explained(s_hat, n_hat, Thresholds(keep_floor=0.2), PolicyContext.of(tree, task))
    top = most_necessary(n_hat, 0.2)
    assert top.sum() == int(np.ceil(0.2 * size)) and top[size - 1] and not top[0]
    trash = [i for i in np.flatnonzero(top) if tree.nodes[i].name == "Trash"]  # Priya's row: its text not shown
    shown = [i for i in np.flatnonzero(top) if i not in trash]
    assert (actions[shown] != R).all() and off[reply] == R and actions[reply] == K  # the last node: highest n̂
    assert trash and (actions[trash] == R).all()  # a Trash button of a row no one can see cannot be aimed
    assert all(why[i] == WHY_UNAIMABLE for i in trash)  # the rule that removed them says so
    assert why[reply] == "kept: among the page's most necessary nodes"
    s_hat[reply] = 9.0  # sensitive: the floor shows it through its placeholder only
    assert decide(s_hat, n_hat, Thresholds(keep_floor=0.2), PolicyContext.of(tree, task))[reply] == A


LOGIN = """<html><body><p>Please sign in.</p><p>Welcome back, Riley Moss: 3 new messages.</p>
<div role="tablist"><button role="tab">Adam Barnes - Dating profile</button></div>
<div><span>Username</span><input type="text"></div><button>Login</button></body></html>"""


def test_rule0_the_floor_abstracts_content_labelled_controls_and_leaves_text_to_other_rules() -> None:
    """A model that never saw the family under-scores ŝ too: only short UI labels are shown raw."""
    tree = tree_from_html(LOGIN, url="http://site.test/")
    size = len(tree)
    at = {n.name or n.role: i for i, n in enumerate(tree)}
    box = next(i for i, n in enumerate(tree) if n.role == "textbox")
    greeting = at["Welcome back, Riley Moss: 3 new messages."]
    tab = next(i for i, n in enumerate(tree) if n.role == "tab")
    s_hat, n_hat = np.zeros(size), np.zeros(size)
    n_hat[[box, greeting, tab]] = 0.5  # below τ_nec = 1: only the floor reaches them
    ctx = PolicyContext.of(tree, "Let Riley in")
    actions, why = decide_explained(s_hat, n_hat, Thresholds(keep_floor=3 / size), ctx)
    assert actions[box] == K and why[box] == "kept: among the page's most necessary nodes"
    assert actions[at["Username"]] == K  # rule 1 shows the label of the box the floor kept
    assert actions[tab] == A  # a control whose label is content, not UI wording: clickable, words withheld
    assert why[tab] == "abstracted: a control among the page's most necessary nodes, its label is content"
    assert actions[greeting] == R  # text in the floor is left to the other rules
    view = build_view(tree, actions, s_hat, n_hat, Vault(), tau_nec=1.0, tau_sens=5.0, task="let riley in")
    assert "Riley Moss" not in view.text() and "Dating" not in view.text() and "'Username'" in view.text()


@pytest.mark.parametrize("share", [-0.1, 1.5, "all"])
def test_keep_floor_is_a_share(share: object) -> None:
    with pytest.raises(ConfigError, match="keep_floor"):
        Thresholds(keep_floor=share)  # type: ignore[arg-type]


COMMENTS = (
    "<main><h1>Thread</h1>"
    + "".join(
        f"<p><a href='/u/{who}'>{who}</a> 3 points</p><p>{body}</p><form><button>Upvote</button></form>"
        for who, body in (("ohill", "Great post"), ("dana", "Thanks for this"), ("riley", "Disagree"))
    )
    + "</main>"
)


def test_rule2_a_comment_laid_out_as_bare_siblings_is_a_row() -> None:
    """'Upvote dana's comment': dana's comment and its button are shown, not the others'."""
    tree = tree_from_html(COMMENTS, url="http://site.test/")
    size = len(tree)
    s_hat, n_hat = np.full(size, 1.0), np.zeros(size)
    actions = decide(s_hat, n_hat, Thresholds(keep_floor=0.0), PolicyContext.of(tree, "Upvote dana's comment"))
    buttons = [i for i, n in enumerate(tree) if n.role == "button"]
    bodies = [next(i for i, n in enumerate(tree) if n.name == b) for b in ("Great post", "Thanks for this", "Disagree")]
    assert [actions[i] != R for i in buttons] == [False, True, False]
    assert [actions[i] != R for i in bodies] == [False, True, False]


ARTICLE = """<html><body><article><h1>The trouble with bears</h1><p>By Evan Wild</p>
<p>Bears are tall, lumbering and angry.</p><button>Show transcript</button></article>
<ul><li><p>Dana: great read</p><button>Reply</button></li><li><p>Sam: agreed</p><button>Reply</button></li></ul>
</body></html>"""


def test_rule2_a_lone_article_is_not_a_row_but_repeated_items_are() -> None:
    tree = tree_from_html(ARTICLE, url="http://site.test/")
    size = len(tree)
    at = {n.name: i for i, n in enumerate(tree) if n.name}
    s_hat, n_hat = np.zeros(size), np.zeros(size)
    actions = decide(s_hat, n_hat, Thresholds(keep_floor=0.0), PolicyContext.of(tree, 'Press "Show transcript"'))
    assert actions[at["Show transcript"]] == K  # the task names it (rule 3)
    assert actions[at["Bears are tall, lumbering and angry."]] == R  # not pulled in as "the row's own text"
    replies = decide(s_hat, n_hat, Thresholds(keep_floor=0.0), PolicyContext.of(tree, "Reply to Dana: great read"))
    reply = [i for i, n in enumerate(tree) if n.name == "Reply" and n.role == "button"]
    assert [replies[i] != R for i in reply] == [True, False]  # the row among rows still counts


def _scores(tree: UITree, s: float = 1.0) -> tuple[np.ndarray, np.ndarray]:
    return np.full(len(tree), s), np.zeros(len(tree))


def _at(tree: UITree, role: str, name: str) -> int:
    return next(i for i, n in enumerate(tree) if n.role == role and n.name.strip() == name)


def test_rule6_a_dialogs_buttons_are_the_way_past_it() -> None:
    tree = tree_from_html(
        """<main><button>Delete</button></main><div role="dialog" aria-label="Save password?">
        <p>Password: hunter2-Xq</p><button>Save password</button><button>Never</button></div>""",
        url="http://site.test/",
    )
    s_hat, n_hat = _scores(tree)
    s_hat[_at(tree, "StaticText", "Password: hunter2-Xq")] = 9.0
    actions, why = decide_explained(s_hat, n_hat, Thresholds(keep_floor=0.0), PolicyContext.of(tree, "Delete it"))
    for name in ("Never", "Save password"):
        assert actions[_at(tree, "button", name)] == K and "dialog" in why[_at(tree, "button", name)]
    assert actions[_at(tree, "StaticText", "Password: hunter2-Xq")] == R  # its text is not the way out


MESSAGE = """<main><h1>Interview schedule for Friday</h1><p>From Joanna Moody</p>
<p>We moved the interview to 3 pm.</p><p>Bring the signed forms.</p><h1>More in Inbox</h1><p>Lunch plans</p></main>
<section><h2>Customer reviews</h2><p>Great value, sturdy.</p></section>
<section><h2>Related</h2><p>Other</p></section>"""


@pytest.mark.parametrize(
    "task, shown, hidden",
    [
        ('What did Joanna Moody write in "Interview schedule for Friday"?', ["We moved the interview to 3 pm."], []),
        ('Read the email "Interview schedule for Friday"', ["Bring the signed forms."], ["Lunch plans", "Other"]),
        ('Delete the email "Interview schedule for Friday"', [], ["We moved the interview to 3 pm."]),  # no reading
        ("What is on this page?", [], ["We moved the interview to 3 pm."]),  # names no heading
    ],
)
def test_rule7_a_task_that_reads_a_named_section_abstracts_its_text(task: str, shown: list[str], hidden: list[str]):
    tree = tree_from_html(MESSAGE, url="http://site.test/")
    s_hat, n_hat = _scores(tree)
    actions = decide(s_hat, n_hat, Thresholds(keep_floor=0.0), PolicyContext.of(tree, task))
    for text in shown:
        assert actions[_at(tree, "StaticText", text)] == A, text  # always through placeholders
    for text in hidden:
        assert actions[_at(tree, "StaticText", text)] == R, text


def test_rule7_reviews_under_a_heading_the_task_shares_a_word_with() -> None:
    tree = tree_from_html(MESSAGE, url="http://site.test/")
    s_hat, n_hat = _scores(tree)
    task = 'Read the customer reviews of the "Interview schedule for Friday"'
    actions = decide(s_hat, n_hat, Thresholds(keep_floor=0.0), PolicyContext.of(tree, task))
    assert actions[_at(tree, "StaticText", "Great value, sturdy.")] == A
    assert actions[_at(tree, "StaticText", "Other")] == R


THREAD = (
    "<main><article><h1>Bears at the lake</h1><p>Saw three.</p></article>"
    + "".join(
        f"<p><a href='/u/{who}'>{who}</a> 3 points</p><p>{body}</p>"
        f"<form><button>Upvote comment</button><button>Report comment</button></form>"
        for who, body in (("ohill", "Great post"), ("dana", "Thanks for this"))
    )
    + "<ul><li><a href='/f/1'>Trending: Bears at the lake</a><button>Save post</button></li>"
    + "<li><a href='/f/2'>Cheap tents</a><button>Save post</button></li></ul></main>"
)


@pytest.mark.parametrize(
    "task, read",
    [
        ('Read the comments on "Bears at the lake"', True),  # each row's "Upvote comment" says what it is
        ('What did people comment on "Bears at the lake"?', True),
        ('What are people replying to "Bears at the lake"?', True),  # icon sets list "comment" beside "reply"
        ('Read the post "Bears at the lake"', False),  # the rows that "Save post" are the sidebar's
        ("Upvote ohill's comment", False),  # no reading: rule 2 picks the row to act on
    ],
)
def test_rule7_rows_the_task_reads_by_what_their_controls_call_them(task: str, read: bool) -> None:
    tree = tree_from_html(THREAD, url="http://site.test/")
    s_hat, n_hat = _scores(tree)
    actions = decide(s_hat, n_hat, Thresholds(keep_floor=0.0), PolicyContext.of(tree, task))
    if read:
        for text in ("Great post", "Thanks for this"):
            assert actions[_at(tree, "StaticText", text)] == A, text
        assert actions[_at(tree, "link", "dana")] != R  # who said it comes along
    else:
        assert actions[_at(tree, "StaticText", "Thanks for this")] == R


@pytest.mark.parametrize(
    "task, typed",
    [
        ("Reply to dana's comment saying thanks for the tip", True),
        ("Respond to the comment by dana", True),  # answering is typing the answer
        ("Open dana's profile", False),
    ],
)
def test_rule10_a_reply_types_its_answer_into_the_one_form_there_is(task: str, typed: bool) -> None:
    tree = tree_from_html(
        "<main><h1>Reply to a comment</h1><p><a href='/u/dana'>dana</a> 3 points</p><p>Great post</p>"
        "<form><label>Write your reply<textarea></textarea></label>"
        "<label><input type='checkbox'> Send me reply notifications</label><button>Publish</button></form></main>",
        url="http://site.test/",
    )
    actions = _bare(tree, task)
    for role, name in (("textbox", "Write your reply"), ("button", "Publish")):
        assert bool(actions[_at(tree, role, name)] != R) == typed, (role, task)


def test_rule7_a_heading_nested_in_a_section_is_part_of_it_a_sibling_heading_ends_it() -> None:
    """A profile card: its small "Digital Strategist" title, then the person's bigger name heading
    inside a wrapper; the card is the section. The next card's title, a sibling, ends it."""
    tree = tree_from_html(
        """<main><div><h4>Digital Strategist</h4><div><h2>Nicole Pearson</h2>
        <p><strong>About: </strong>Web Designer / UI.</p></div></div>
        <div><h4>Office Manager</h4><div><h2>Dan Ross</h2><p>Runs the office.</p></div></div>
        <section><h2>Team</h2><p>Intro</p><h2>Hiring</h2><p>Open roles</p></section></main>""",
        url="http://site.test/",
    )
    actions = _bare(tree, "What does the Digital Strategist section say?")
    assert actions[_at(tree, "StaticText", "Web Designer / UI.")] == A
    assert actions[_at(tree, "StaticText", "Runs the office.")] == R
    actions = _bare(tree, "What does the Team section say?")
    assert actions[_at(tree, "StaticText", "Intro")] == A and actions[_at(tree, "StaticText", "Open roles")] == R


_CELL = '<td role="gridcell" tabindex="-1">'
GRID = f"""<table role="grid"><tr><th>Date</th><th>Type</th><th>Description</th></tr>
<tr>{_CELL}02-Jan-16</td>{_CELL}Debit</td>{_CELL}<a href="/g">Down Town Grocery</a></td></tr>
<tr>{_CELL}03-Jan-16</td>{_CELL}Debit</td>{_CELL}<a href="/c">Hot Coffee</a></td></tr>
</table>"""


def test_rule2_reading_a_grid_row_named_in_two_grids_reads_both_with_their_cells() -> None:
    """The same example grid twice: the date names a row in each (not every row holds it), and
    reading that row takes its cells, focusable or not, through placeholders."""
    tree = tree_from_html(f"<main>{GRID}{GRID}</main>", url="http://site.test/")
    actions = _bare(tree, "What is the description of 03-Jan-16?")
    cells = [i for i, n in enumerate(tree) if n.role in ("cell", "gridcell") and n.name == "Hot Coffee"]
    assert len(cells) == 2 and all(actions[i] == A for i in cells)
    assert all(actions[i] != R for i, n in enumerate(tree) if n.name == "Hot Coffee")
    assert all(actions[i] == R for i, n in enumerate(tree) if n.name == "Down Town Grocery")
    actions = _bare(tree, "Click Hot Coffee")  # acting, not reading: the repeated name picks no row
    assert all(actions[i] == R for i, n in enumerate(tree) if n.role in ("cell", "gridcell") and n.name == "Debit")


def test_rule1_a_kept_field_keeps_the_label_beside_it_even_when_named() -> None:
    tree = tree_from_html(
        """<form><h2>Form elements</h2><label for="q">Search</label><input type="search" id="q">
        <label for="e">Email</label><input type="email" id="e"><button>Submit</button></form>""",
        url="http://site.test/",
    )
    actions, why = decide_explained(
        *_scores(tree), Thresholds(keep_floor=0.0), PolicyContext.of(tree, "Look up winter jacket")
    )
    label = _at(tree, "StaticText", "Search")
    assert actions[_at(tree, "searchbox", "Search")] == K and actions[label] != R and why[label] == WHY_LABEL
    assert actions[_at(tree, "StaticText", "Email")] == R  # the field is not kept, nor its label


def test_rule8_a_text_holding_a_name_the_task_gives_is_abstracted_around_it() -> None:
    tree = tree_from_html(
        "<ul><li>Jessica Medina · jessica.medina@gmail.com</li><li>Carla Lamb · carla@x.org</li></ul>",
        url="http://site.test/",
    )
    s_hat, n_hat = _scores(tree, 1.0)
    task = "Write a new email to Jessica Medina about the rent"
    actions = decide(s_hat, n_hat, Thresholds(keep_floor=0.0), PolicyContext.of(tree, task))
    jessica = next(i for i, n in enumerate(tree) if n.name.startswith("Jessica"))
    carla = next(i for i, n in enumerate(tree) if n.name.startswith("Carla"))
    assert actions[jessica] == A and actions[carla] == R  # A even though ŝ is low: the rest goes to the vault
    view = build_view(tree, actions, s_hat, n_hat, Vault(), tau_nec=1.0, tau_sens=5.0, task=task)
    assert "Jessica Medina · [" in view.text() and "jessica.medina@gmail.com" not in view.text()


def test_a_rows_repeated_control_goes_when_nothing_identifies_its_row() -> None:
    tree = tree_from_html(ROWS, url="http://site.test/")
    s_hat, n_hat = _scores(tree)
    trash = [i for i, n in enumerate(tree) if n.role == "button" and n.name == "Trash"]
    n_hat[trash] = 6.0  # the model keeps both rows' Trash buttons, neither row's text
    actions = decide(s_hat, n_hat, Thresholds(keep_floor=0.0), PolicyContext.of(tree, "Clean up my inbox"))
    assert (actions[trash] == R).all()
    task = "Move Joanna Moody's message to the trash"  # rule 2 shows Joanna's row: her Trash stays
    actions = decide(s_hat, n_hat, Thresholds(keep_floor=0.0), PolicyContext.of(tree, task))
    assert actions[trash[0]] != R and actions[trash[1]] == R


@pytest.mark.parametrize(
    "task, reads",
    [
        ('Read the post "Tents"', True),
        ("What do buyers say about the tent?", True),
        ("Tell me what Dana wrote", True),
        ("Get me my order status", True),  # no action asked: it asks to be told
        ("List out reviewers who mention ear cups", True),
        ('Click "Show comments" for the item "Tents"', False),
        ("Delete the email from Dana", False),
    ],
)
def test_rule7_which_tasks_read(task: str, reads: bool) -> None:
    tree = tree_from_html(MESSAGE, url="http://site.test/")
    assert PolicyContext.of(tree, task).reads is reads


def test_a_control_whose_text_is_abstracted_is_abstracted_too() -> None:
    tree = tree_from_html('<main><a href="/p">Patient portal - Dr. Munoz</a></main>', url="http://site.test/")
    s_hat, n_hat = _scores(tree)
    actions = decide(s_hat, n_hat, Thresholds(keep_floor=0.0), PolicyContext.of(tree, "Book a visit with Dr. Munoz"))
    link = _at(tree, "link", "Patient portal - Dr. Munoz")
    assert actions[_at(tree, "StaticText", "Patient portal - Dr. Munoz")] == A and actions[link] == A
    view = build_view(tree, actions, s_hat, n_hat, Vault(), tau_nec=1.0, tau_sens=5.0, task="x")
    assert "Patient portal" not in view.text()


def test_reading_a_section_leaves_its_controls_labels_to_the_controls() -> None:
    """Abstracting the "Reply" inside its button would abstract the button: the agent could not see it."""
    tree = tree_from_html(
        "<main><h1>Interview schedule</h1><p>We moved it to 3 pm.</p><button>Reply</button></main>",
        url="http://site.test/",
    )
    s_hat, n_hat = _scores(tree)
    n_hat[_at(tree, "button", "Reply")] = 8.0
    actions = decide(s_hat, n_hat, Thresholds(keep_floor=0.0), PolicyContext.of(tree, 'Reply to "Interview schedule"'))
    assert actions[_at(tree, "StaticText", "We moved it to 3 pm.")] == A
    assert actions[_at(tree, "button", "Reply")] == K and actions[_at(tree, "StaticText", "Reply")] == K


PEOPLE = """<table><tr><th>Name</th><th>Office</th><th>Notes</th></tr>
<tr><td>Cara Stevens</td><td>New York</td><td><ul><li>Prefers e-mail</li></ul></td><td><button>Edit</button></td></tr>
<tr><td>Gloria Little</td><td>New York</td><td><ul><li>Out on Fridays</li></ul></td><td><button>Edit</button></td></tr>
</table>"""


def _bare(tree: UITree, task: str, n_hat: np.ndarray | None = None) -> np.ndarray:
    """Decisions for `task` with the floor off: ŝ = 1 everywhere, n̂ = 0 unless given."""
    s_hat, zeros = _scores(tree)
    return decide(s_hat, zeros if n_hat is None else n_hat, Thresholds(keep_floor=0.0), PolicyContext.of(tree, task))


def test_rule2_a_task_that_reads_a_row_abstracts_all_its_text() -> None:
    """'New York' is in every row, so it identifies none; reading Cara's row still needs it,
    and the list inside her cell too."""
    tree = tree_from_html(PEOPLE, url="http://site.test/")
    actions = _bare(tree, "What is the office of Cara Stevens?")
    york = [i for i, n in enumerate(tree) if n.role == "StaticText" and n.name == "New York"]
    assert [actions[i] for i in york] == [A, R]
    assert actions[_at(tree, "StaticText", "Prefers e-mail")] == A
    assert actions[_at(tree, "StaticText", "Out on Fridays")] == R
    acting = _bare(tree, "Edit Cara Stevens")
    assert all(acting[i] == R for i in york)  # acting on the row is not reading it


def test_rule2_to_read_a_name_repeated_in_several_rows_picks_them_all() -> None:
    tree = tree_from_html(
        "<h2>Plain</h2><table><tr><td>Jacob</td><td>@fat</td></tr><tr><td>Mark</td><td>@mdo</td></tr></table>"
        "<h2>Striped</h2><table><tr><td>Jacob</td><td>@fat</td></tr><tr><td>Mark</td><td>@mdo</td></tr></table>",
        url="http://site.test/",
    )
    actions = _bare(tree, "Tell me the handle listed for Jacob")
    handles = {n.name: [] for n in tree if n.role == "StaticText" and n.name.startswith("@")}
    for i, n in enumerate(tree):
        if n.role == "StaticText" and n.name in handles:
            handles[n.name].append(int(actions[i]))
    assert handles == {"@fat": [A, A], "@mdo": [R, R]}


@pytest.mark.parametrize(
    "task, kept",
    [
        ("Look up printer drivers", True),
        ("Show me results for winter jacket", True),
        ("Is there anything about chess openings here?", True),
        ("Click Pages", False),
    ],
)
def test_rule9_a_lookup_keeps_the_search_field_and_its_button(task: str, kept: bool) -> None:
    tree = tree_from_html(
        '<nav><a href="/p">Pages</a></nav><form role="search"><input type="text" placeholder="Search for...">'
        '<button type="submit">Go</button></form>'
        '<form><input type="text" aria-label="Name"><button>Save</button></form>',
        url="http://site.test/",
    )
    s_hat, n_hat = _scores(tree)
    actions, why = decide_explained(s_hat, n_hat, Thresholds(keep_floor=0.0), PolicyContext.of(tree, task))
    field = next(i for i, n in enumerate(tree) if n.role == "textbox" and "Search" in n.name)
    assert bool(actions[field] == K) is kept and bool(actions[_at(tree, "button", "Go")] == K) is kept
    if kept:
        assert "search" in why[field]
    assert actions[_at(tree, "button", "Save")] == R  # another form's button


def test_a_shown_controls_glyph_and_short_text_come_along_but_never_a_code() -> None:
    tree = tree_from_html(
        '<a href="/pages">Pages <span><i>\uf105</i></span></a>'
        '<button aria-label="Downvote"><span>▼</span></button>'
        '<button aria-label="Open message"><span>482913</span></button>',
        url="http://site.test/",
    )
    s_hat, n_hat = _scores(tree)
    for role, name in (("link", "Pages \uf105"), ("button", "Downvote"), ("button", "Open message")):
        n_hat[_at(tree, role, name)] = 8.0  # the model keeps the controls, not the text inside them
    actions = decide(s_hat, n_hat, Thresholds(keep_floor=0.0), PolicyContext.of(tree, "Click Pages"))
    assert actions[_at(tree, "StaticText", "\uf105")] == K  # part of the link's name, through a wrapper
    assert actions[_at(tree, "StaticText", "▼")] == K  # not in the name, short UI wording
    assert actions[_at(tree, "StaticText", "482913")] == R  # a code never comes along


def test_rule7_a_region_the_task_names_is_read_and_a_heading_named_through_its_text() -> None:
    tree = tree_from_html(
        '<aside><div role="status" aria-label="Slack notification"><p>Lisa: the staging DB is down</p>'
        "<button>Send</button></div></aside>"
        "<main><h1>Reply: <span>Interview schedule</span></h1><blockquote><p>We moved it to 3 pm.</p></blockquote>"
        "<h1>More</h1><p>Lunch plans</p></main>",
        url="http://site.test/",
    )
    reply = _bare(tree, "Answer the Slack notification saying ok")
    assert reply[_at(tree, "StaticText", "Lisa: the staging DB is down")] == A
    assert reply[_at(tree, "StaticText", "We moved it to 3 pm.")] == R
    shares = _bare(tree, "What does the new Slack message say?")
    assert shares[_at(tree, "StaticText", "Lisa: the staging DB is down")] == A  # "Slack" is a word of its name
    other = _bare(tree, "What does the new email say?")
    assert other[_at(tree, "StaticText", "Lisa: the staging DB is down")] == R
    read = _bare(tree, 'Read the email "Interview schedule"')
    assert read[_at(tree, "StaticText", "We moved it to 3 pm.")] == A
    assert read[_at(tree, "StaticText", "Lunch plans")] == R


def test_a_tab_titled_like_a_page_is_shown_through_placeholders_unless_named() -> None:
    tree = tree_from_html(
        '<div role="tablist"><button role="tab">Profile</button>'
        '<button role="tab">Divorce lawyers near me - Search</button></div>'
        '<form role="search"><input type="text" aria-label="Search"></form>',
        url="http://site.test/",
    )
    s_hat, n_hat = _scores(tree)
    n_hat[:] = 5.0  # the model keeps everything
    title = _at(tree, "tab", "Divorce lawyers near me - Search")
    text = _at(tree, "StaticText", "Divorce lawyers near me - Search")
    context = PolicyContext.of(tree, 'Set the Search to "Alvarez"')
    actions, why = decide_explained(s_hat, n_hat, Thresholds(keep_floor=0.0), context)
    assert actions[title] == A and actions[text] == A and actions[_at(tree, "tab", "Profile")] == K
    assert why[title] == why[text] == WHY_TAB_CONTENT
    view = build_view(tree, actions, s_hat, n_hat, Vault(), tau_nec=1.0, tau_sens=5.0, task="x")
    assert "Divorce" not in view.text()
    named = decide(s_hat, n_hat, Thresholds(), PolicyContext.of(tree, "Switch to Divorce lawyers near me - Search"))
    assert named[title] == K


def test_a_message_preview_beside_a_senders_address_is_shown_through_placeholders() -> None:
    tree = tree_from_html(
        "<main><h1>Orders</h1><p>Your order shipped on Monday and arrives soon.</p>"
        "<button>Support</button></main>"
        '<div aria-label="Message"><p>New mail from Dora Quill &lt;dora.quill@example.org&gt;</p>'
        "<p>Saturday: Art similar score instead style dog choice.</p></div>",
        url="http://site.test/",
    )
    s_hat, n_hat = _scores(tree)
    n_hat[:] = 5.0  # the model keeps everything, and scores every text harmless
    actions, why = decide_explained(s_hat, n_hat, Thresholds(keep_floor=0.0), PolicyContext.of(tree, "Press Support"))
    preview = _at(tree, "StaticText", "Saturday: Art similar score instead style dog choice.")
    assert actions[preview] == A and why[preview] == WHY_PREVIEW
    view = build_view(tree, actions, s_hat, n_hat, Vault(), tau_nec=1.0, tau_sens=5.0, task="x", reasons=why)
    assert view.decisions[tree.nodes[preview].id].reason.startswith(WHY_PREVIEW)  # not the model's "kept"
    assert actions[_at(tree, "StaticText", "Your order shipped on Monday and arrives soon.")] == K
    assert actions[_at(tree, "button", "Support")] == K
    view = build_view(tree, actions, s_hat, n_hat, Vault(), tau_nec=1.0, tau_sens=5.0, task="Press Support")
    assert "Art similar" not in view.text() and "dora.quill" not in view.text()
    assert "Your order shipped" in view.text()


def test_within_is_the_subtree_and_a_tree_out_of_document_order_raises_nothing_through_it() -> None:
    tree = tree_from_html(PEOPLE, url="http://site.test/")
    page = PageContext.of(tree)
    row = int(page.parent[_at(tree, "cell", "Cara Stevens")])
    assert tree.nodes[row].role == "row"

    def under(i: int) -> bool:
        while i >= 0:
            if i == row:
                return True
            i = int(page.parent[i])
        return False

    assert page.within(np.array([row])).tolist() == [under(i) for i in range(len(tree))]
    from webminim.policy.context import spans as _spans

    bfs = np.array([-1, 0, 0, 1, 2])  # root, a, b, a's child, b's child: parents first, subtrees not contiguous
    assert _spans(bfs).tolist() == [1, 1, 1, 1, 1]
    assert _spans(np.array([-1, 0, 1, 0, 3])).tolist() == [5, 2, 1, 2, 1]


def test_rule0_a_floor_control_with_a_content_label_brings_its_text_abstracted() -> None:
    tree = tree_from_html(
        "<main><p>Adjustable Desk Lamp</p><form><button>Add to Wish List</button></form>"
        "<p>Deliver to Bridget</p></main>",
        url="http://site.test/",
    )
    s_hat, n_hat = _scores(tree)
    button = _at(tree, "button", "Add to Wish List")
    n_hat[button] = 0.5  # the page's most necessary node, below τ_nec
    actions, why = decide_explained(s_hat, n_hat, Thresholds(), PolicyContext.of(tree, "Save the lamp for later"))
    assert actions[button] == A and why[button] == WHY_FLOOR_CONTENT
    assert actions[_at(tree, "StaticText", "Add to Wish List")] == A
    assert actions[_at(tree, "StaticText", "Deliver to Bridget")] == R


def test_rule8_the_short_line_a_named_text_is_on_comes_along_abstracted() -> None:
    tree = tree_from_html(
        """<article><h2>April invoice is overdue</h2><p><strong>Jack Cruz</strong> &lt;jack.cruz@hotmail.com&gt;</p>
        <p>to me (tammy@yahoo.com)</p><p>Jack Cruz wrote a long letter. It goes on. And on. About many things,
        <em>one</em> <em>two</em> <em>three</em> <em>four</em> <em>five</em>.</p></article>""",
        url="http://site.test/",
    )
    actions, why = decide_explained(
        *_scores(tree), Thresholds(keep_floor=0.0), PolicyContext.of(tree, "Delete the email from Jack Cruz")
    )
    address = next(i for i, n in enumerate(tree) if "jack.cruz@" in n.name)
    assert actions[address] == A and why[address] == WHY_NAME_LINE
    assert actions[_at(tree, "StaticText", "to me (tammy@yahoo.com)")] == R  # another line
    assert actions[_at(tree, "StaticText", "five")] == R  # a long paragraph is not a line


def test_rule8_a_contact_list_item_is_a_line_too() -> None:
    tree = tree_from_html(
        # the names repeat in a chat list, so no row is identified by them (rule 2 acts on none)
        """<h2>Contacts</h2><ul><li><b>Richard Flores</b> <span>richard.flores@gmail.com</span></li>
        <li><b>Dana Reyes</b> <span>dana@x.org</span></li></ul><h2>Chat</h2><ul><li><b>Richard Flores</b>
        <span>Away</span></li><li><b>Dana Reyes</b> <span>Busy</span></li></ul>""",
        url="http://site.test/",
    )
    task = "Compose a message to Richard Flores asking about the rent"
    actions, why = decide_explained(*_scores(tree), Thresholds(keep_floor=0.0), PolicyContext.of(tree, task))
    address = _at(tree, "StaticText", "richard.flores@gmail.com")
    assert actions[address] == A and why[address] == WHY_NAME_LINE
    assert actions[_at(tree, "StaticText", "dana@x.org")] == R
    view = build_view(tree, actions, *_scores(tree), Vault(), tau_nec=1.0, tau_sens=5.0, task=task)
    assert "richard.flores@gmail.com" not in view.text() and "Richard Flores" in view.text()


def test_a_kept_select_shows_its_options_in_every_group() -> None:
    tree = tree_from_html(
        """<form><label for="f">Food</label><select id="f"><optgroup label="Fruit"><option>Banana</option>
        <option>Cherry</option></optgroup><optgroup label="Vegetables"><option>Carrot</option>
        <option>Potato</option></optgroup></select><label for="d">Drink</label><select id="d">
        <option>Tea</option><option>Coffee</option></select></form>""",
        url="http://site.test/",
    )
    actions, why = decide_explained(
        *_scores(tree), Thresholds(keep_floor=0.0), PolicyContext.of(tree, 'Select "Cherry" from the Food list')
    )
    for name in ("Banana", "Carrot", "Potato"):
        assert actions[_at(tree, "option", name)] == K and why[_at(tree, "option", name)] == WHY_OPTION
    assert actions[_at(tree, "option", "Tea")] == R  # the other list is not kept


def _assert_kept_for_task(tree: UITree, task: str, why: str, kept: list[str], removed: list[str]) -> None:
    """With ŝ harmless and n̂ 0 everywhere, the controls named `kept` are kept for `why`, the
    `removed` ones removed."""
    size = len(tree)
    controls = {n.name: i for i, n in enumerate(tree) if n.interactive}
    actions, reasons = decide_explained(
        np.full(size, 1.0), np.zeros(size), Thresholds(keep_floor=0.0), PolicyContext.of(tree, task)
    )
    assert all(actions[controls[name]] == K and reasons[controls[name]] == why for name in kept)
    assert all(actions[controls[name]] == R for name in removed)


SYNONYMS = """<html><body><h1>April invoice</h1><p>Please pay by Friday.</p>
<a href="/reply">Reply</a> <a href="/fwd">Forward</a> <button>Buy</button> <button>Feel</button></body></html>"""


@pytest.mark.parametrize(
    ("task", "kept", "removed"),
    [
        ("Answer the message saying I agree", ["Reply"], ["Forward", "Buy"]),
        ("Purchase it now", ["Buy"], ["Reply", "Forward"]),
        ("Find the invoice", [], ["Feel", "Reply", "Buy"]),  # "feel" is a rare sense of "find": no link
    ],
)
def test_rule3_a_control_labelled_by_a_synonym_of_a_task_verb(task: str, kept: list[str], removed: list[str]) -> None:
    tree = tree_from_html(SYNONYMS, url="http://site.test/")
    _assert_kept_for_task(tree, task, WHY_SYNONYM, kept, removed)


ICON_WORDS = """<html><body><nav><a href="/new">Draft</a> <a href="/cart">Trolley (3)</a>
<a href="/settings">Settings</a> <a href="/archive">Archive</a></nav><h1>Lease renewal</h1>
<p>From Dana Reyes</p><button>Bin</button> <button>Discard conversation</button> <button>Save draft copy</button>
</body></html>"""


@pytest.mark.parametrize(
    ("task", "kept", "removed"),
    [
        ("Compose a message to Sam about the rent", ["Draft"], ["Bin", "Trolley (3)", "Settings", "Archive"]),
        ("Open my shopping cart", ["Trolley (3)"], ["Draft", "Bin", "Settings"]),
        # every label word linked or the task's own; "Save draft copy" has three words
        ("Delete the conversation from Dana", ["Bin", "Discard conversation"], ["Archive", "Draft", "Save draft copy"]),
        ("Archive the email from Dana", [], ["Bin", "Draft", "Trolley (3)", "Settings"]),
    ],
)
def test_rule3_a_control_labelled_by_words_icon_sets_give_for_the_task(
    task: str, kept: list[str], removed: list[str]
) -> None:
    tree = tree_from_html(ICON_WORDS, url="http://site.test/")
    _assert_kept_for_task(tree, task, WHY_ICON_WORD, kept, removed)


def test_rule3_a_tasks_new_asks_for_a_create_control() -> None:
    tree = tree_from_html(
        """<nav><a href="/c">+ Create</a> <a href="/s">Settings</a> <a href="/n">New folder</a></nav>""",
        url="http://site.test/",
    )
    _assert_kept_for_task(tree, "Write a new email to Sam about the rent", WHY_ICON_WORD, ["+ Create"], ["Settings"])


def test_rule3_icon_words_show_a_sensitive_control_only_abstracted() -> None:
    tree = tree_from_html(ICON_WORDS, url="http://site.test/")
    size = len(tree)
    draft = _at(tree, "link", "Draft")
    s_hat = np.full(size, 1.0)
    s_hat[draft] = 9.0
    actions = decide(s_hat, np.zeros(size), Thresholds(keep_floor=0.0), PolicyContext.of(tree, "Compose a message"))
    assert actions[draft] == A


@pytest.mark.parametrize(
    ("task", "kept", "removed"),
    [
        ("Login to my account", ["Log in"], ["Wishlist", "Sign up", "Check out"]),
        ("Add the lamp to my wish list", ["Wishlist"], ["Log in", "Sign up"]),
        ("Signup for the newsletter, then checkout", ["Sign up", "Check out"], ["Log in", "Wishlist"]),
        ("Show my list", [], ["Wishlist", "Log in"]),  # one word of a compound is not the compound
    ],
)
def test_rule3_a_label_the_task_writes_as_one_word_or_two(task: str, kept: list[str], removed: list[str]) -> None:
    tree = tree_from_html(
        "<button>Log in</button><button>Sign up</button><a href='/w'>Wishlist</a><a href='/c'>Check out</a>",
        url="http://site.test/",
    )
    _assert_kept_for_task(tree, task, WHY_ANCHOR, kept, removed)


LONE_MESSAGE = """<main><div><button>Archive</button></div><article><header><h2>Lease renewal</h2>
<p>Lauren Jones</p></header><p>Hi, the lease is up for renewal.</p></article>
<div><a href="/r">Reply</a> <a href="/f">Fwd</a> <button>Flag</button></div>
<h2>More in Inbox</h2><ul><li><a href="/1">Payroll update</a> <button>Trash</button></li>
<li><a href="/2">Team lunch</a> <button>Trash</button></li></ul></main>"""


@pytest.mark.parametrize(
    ("task", "kept", "removed"),
    [
        ('Forward the email "Lease renewal" to Sam Ortiz', ["Fwd", "Flag"], ["Archive", "Payroll update"]),
        ("Forward the latest email to Sam Ortiz", [], ["Fwd", "Flag"]),  # no heading named
    ],
)
def test_rule2_a_lone_item_named_by_its_heading_keeps_its_actions(
    task: str, kept: list[str], removed: list[str]
) -> None:
    tree = tree_from_html(LONE_MESSAGE, url="http://site.test/")
    _assert_kept_for_task(tree, task, WHY_SECTION_ACTION, kept, removed)


FEED = """<main><article><button>Vote up</button><h3>Best way to clean a telescope?</h3><p>by velez</p></article>
<article><button>Vote up</button><h3>My table saw broke</h3><p>by cruz</p></article>
<article><button>Vote up</button><h3>Raised garden beds</h3><p>by lyons</p></article></main>
<aside><h2>Trending</h2><ul><li><a href="/p/1">Best way to clean a telescope?</a></li>
<li><a href="/p/2">Raised garden beds</a></li></ul></aside>"""


def test_rule2_a_title_the_task_names_picks_its_row_though_a_sidebar_repeats_it() -> None:
    tree = tree_from_html(FEED, url="http://site.test/")
    size = len(tree)
    task = 'Upvote the post "Best way to clean a telescope?"'
    actions, why = decide_explained(
        np.full(size, 1.0), np.zeros(size), Thresholds(keep_floor=0.0), PolicyContext.of(tree, task)
    )
    votes = [i for i, n in enumerate(tree) if n.name == "Vote up" and n.interactive]
    assert actions[votes[0]] == K and why[votes[0]] == WHY_ROW
    assert actions[votes[1]] == R and actions[votes[2]] == R


COMPOSE = """<html><body><form aria-label="Reply"><label for="to">To</label><input id="to" type="text">
<label for="m">Message</label><textarea id="m"></textarea><div role="toolbar" aria-label="Formatting">
<button>B</button><button>I</button><button>U</button><button>Link</button><button>Emoji</button>
<button>Attach</button><button>Quote</button></div><button>Send now</button></form>
<form role="search"><input type="search" aria-label="Search mail"><button>Search</button></form>
<form><input aria-label="Vote" type="hidden"><button>Upvote</button></form></body></html>"""


@pytest.mark.parametrize(
    "task, kept, removed",
    [
        # a typing task: the form of the shown "To" field is filled and sent as one
        # (a toolbar's buttons are tools: neither counted nor kept)
        ("Write a new email to Hector Potter about the rent", ["Message", "Send now"], ["Search", "Upvote", "Attach"]),
        # a choice alone fills no form; a search form is rule 9's
        ("Click the envelope icon", [], ["Message", "Send now", "Search"]),
    ],
)
def test_rule10_a_form_is_filled_and_sent_as_one(task: str, kept: list[str], removed: list[str]) -> None:
    tree = tree_from_html(COMPOSE, url="http://mail.test/")
    s_hat, n_hat = _scores(tree)
    n_hat[_at(tree, "textbox", "To")] = 5.0  # the model keeps the field, not the rest of its form
    n_hat[_at(tree, "searchbox", "Search mail")] = 5.0
    actions, why = decide_explained(s_hat, n_hat, Thresholds(keep_floor=0.0), PolicyContext.of(tree, task))
    for name in kept:
        i = next(i for i, n in enumerate(tree) if n.interactive and n.name.strip() == name)
        assert actions[i] == K and why[i] == WHY_FORM
    for name in removed:
        assert actions[next(i for i, n in enumerate(tree) if n.interactive and n.name.strip() == name)] == R


def test_rule10_the_one_form_of_a_page_is_where_a_typing_task_types() -> None:
    tree = tree_from_html(COMPOSE, url="http://mail.test/")
    s_hat, n_hat = _scores(tree)  # the model keeps nothing at all
    n_hat[_at(tree, "searchbox", "Search mail")] = 5.0  # but the search box
    task = "Write a new email to Robert Fuller about the budget review"
    actions, why = decide_explained(s_hat, n_hat, Thresholds(keep_floor=0.0), PolicyContext.of(tree, task))
    for role, name in (("textbox", "To"), ("textbox", "Message"), ("button", "Send now")):
        assert actions[_at(tree, role, name)] == K and why[_at(tree, role, name)] == WHY_FORM
    # two forms to type into: which one is not known, nothing is guessed (an "Add" button
    # would be kept by rule 3: icon sets give "add" beside the task's "new")
    two = COMPOSE.replace(
        "</body>", '<form><label for="n">Note</label><input id="n"><button>Save</button></form></body>'
    )
    tree = tree_from_html(two, url="http://mail.test/")
    s_hat, n_hat = _scores(tree)
    actions, _ = decide_explained(s_hat, n_hat, Thresholds(keep_floor=0.0), PolicyContext.of(tree, task))
    assert actions[_at(tree, "textbox", "To")] == R and actions[_at(tree, "button", "Save")] == R
    assert actions[_at(tree, "textbox", "Note")] == R


def test_rule10_a_large_form_is_not_one_act() -> None:
    fields = "".join(
        f'<label for="f{i}">Setting {i}</label><input id="f{i}" type="text">' for i in range(FORM_CONTROLS)
    )
    tree = tree_from_html(f"<html><body><form>{fields}<button>Save</button></form></body></html>", url="http://x.test/")
    s_hat, n_hat = _scores(tree)
    n_hat[_at(tree, "textbox", "Setting 0")] = 5.0
    actions, _ = decide_explained(
        s_hat, n_hat, Thresholds(keep_floor=0.0), PolicyContext.of(tree, "Type 3 into Setting 0")
    )
    assert actions[_at(tree, "button", "Save")] == R and actions[_at(tree, "textbox", "Setting 1")] == R


def test_a_code_the_task_asks_for_is_abstracted_even_when_the_model_keeps_it() -> None:
    """Rule 5 abstracts a verification code whether the model removed it or kept it raw;
    a section's prose the model keeps stays as the model says (rule 7 raises only)."""
    tree = tree_from_html(
        """<html><body><section><h2>New message from Laura</h2><p>Remain everything scientist how war.</p>
        <p>Your login code is 825074</p></section></body></html>""",
        url="http://x.test/",
    )
    s_hat, n_hat = np.full(len(tree), 2.2), np.full(len(tree), 6.0)  # the model keeps every node raw
    task = "Summarize New message from Laura for me, and the code"
    actions, why = decide_explained(s_hat, n_hat, Thresholds(), PolicyContext.of(tree, task))
    code = _at(tree, "StaticText", "Your login code is 825074")
    assert actions[code] == A and why[code] == WHY_CODE
    assert actions[_at(tree, "StaticText", "Remain everything scientist how war.")] == K
    assert decide_explained(s_hat, n_hat, Thresholds(), None)[0][code] == K  # without the net: as the model says


def test_a_read_rows_text_the_model_keeps_stays_raw() -> None:
    """Comparing two prices needs the prices: rule 2's read-row text is abstracted when the
    net raises it, not when the model keeps it (rule 5 alone abstracts what the model kept)."""
    tree = tree_from_html(
        """<html><body><table><tr><td>Compact Toaster</td><td>$39.99</td><td><button>Add</button></td></tr>
        <tr><td>Foldable Bookshelf</td><td>$54.00</td><td><button>Add</button></td></tr></table></body></html>""",
        url="http://shop.test/",
    )
    s_hat, n_hat = np.full(len(tree), 2.0), np.zeros(len(tree))
    price = _at(tree, "StaticText", "$39.99")
    n_hat[price] = 6.0  # the model keeps this price raw
    task = "Which is cheaper, the Compact Toaster or the Foldable Bookshelf?"
    actions, _ = decide_explained(s_hat, n_hat, Thresholds(keep_floor=0.0), PolicyContext.of(tree, task))
    assert actions[price] == K
    assert actions[_at(tree, "StaticText", "$54.00")] != R  # the other row's price is shown too


def test_name_runs_are_the_capitalised_runs_the_pattern_finds() -> None:
    """`name_runs` reads word by word what `[A-Z][\\w.'-]*(?:\\s+[A-Z][\\w.'-]*)+` matched
    (restarting at every capital inside a word: quadratic in a long capitalised word)."""
    import random
    import re

    from webminim.policy import name_runs

    reference = re.compile(r"(?:[A-Z][\w.'-]*)(?:\s+[A-Z][\w.'-]*)+")
    rng = random.Random(3)
    texts = ["".join(rng.choice("AbZq .'-_\n,(é1É") for _ in range(rng.randint(1, 30))) for _ in range(20_000)]
    texts += ["Ask Jane Doe about it", "the iPhone Pro Max", "John Smith, Jane Doe", "O'Neil Mc-Kay's Shop"]
    assert sum(len(reference.findall(t)) for t in texts) > 1_000
    assert [t for t in texts if name_runs(t) != reference.findall(t)] == []
    assert name_runs("A" * 200_000) == []  # one word: no run, read once


def test_a_long_title_case_task_still_names_what_it_names() -> None:
    """Names are read up to NAME_WORDS words long (a longer run of capitals is a title-cased
    sentence, not a name: every stretch of it cost cubic time); a text holding a longer stretch
    of the run holds one of its shorter ones too."""
    from webminim.policy.rules.names import NAME_WORDS
    from webminim.policy.rules.names import names_inside as _names_inside

    run = " ".join(f"Word{k}" for k in range(3 * NAME_WORDS))
    held = " ".join(run.split()[2 : 2 + NAME_WORDS + 4])
    b = TreeBuilder()
    b.add("r", "RootWebArea", name="Page")
    b.add("t0", "StaticText", parent="r", name=f"about {held} today")
    b.add("t1", "StaticText", parent="r", name="nothing named here")
    page = PageContext.of(b.build(url="http://site.test/"))
    assert _names_inside(page, f"Find {run}").tolist() == [False, True, False]


SIGN_UP = """<form><h2>Create your account</h2>
<label><input type="checkbox"> Jc</label><label><input type="checkbox"> Xq</label>
<input type="text" aria-label="Email"><input type="password" aria-label="Password">
<input type="password" aria-label="Verify password"><button>Register</button></form>
<form><input type="text" aria-label="Go to page"><button>Go</button></form>"""


@pytest.mark.parametrize("task", ['Check "Jc" and submit', "Select Jc and click Register", "Tick “jc” then register"])
def test_rule3_a_short_label_the_task_quotes_or_writes_with_its_capitals_is_named(task: str) -> None:
    tree = tree_from_html(SIGN_UP, url="http://site.test/")
    actions = _bare(tree, task)
    assert actions[_at(tree, "checkbox", "Jc")] == K and actions[_at(tree, "checkbox", "Xq")] == R


@pytest.mark.parametrize("task", ["select jc and click register", "Go back and select the first one"])
def test_rule3_a_short_label_as_a_plain_word_names_nothing(task: str) -> None:
    tree = tree_from_html(SIGN_UP, url="http://site.test/")
    actions = _bare(tree, task)
    assert actions[_at(tree, "checkbox", "Jc")] == R and actions[_at(tree, "button", "Go")] == R


def test_rule10_a_task_that_names_a_field_fills_its_form_with_the_confirmation_and_the_submit() -> None:
    tree = tree_from_html(SIGN_UP, url="http://site.test/")
    s_hat, n_hat = _scores(tree)
    actions, why = decide_explained(
        s_hat,
        n_hat,
        Thresholds(keep_floor=0.0),
        PolicyContext.of(tree, "Sign up with email ada@example.org and password x"),
    )
    for name in ("Verify password", "Register"):
        i = next(i for i, n in enumerate(tree) if n.name == name and n.role in ("textbox", "button"))
        assert actions[i] == K and why[i] == WHY_FORM
    assert actions[_at(tree, "button", "Go")] == R  # the other form is not the one filled


NOTIFIED = """<main><h1>New message</h1><form><label>To <input type="email" name="to"></label>
<textarea aria-label="Message"></textarea><button>Send</button></form></main>
<div role="status" aria-label="Notifications"><p>New mail from Crystal Gilmore &lt;crystal.gilmore@example.org&gt;</p>
<p>I am on medical leave next week after my surgery.</p></div>"""


def test_rule7_a_task_that_takes_a_value_from_a_notification_gets_its_placeholders() -> None:
    """ "The sender's address from the new-mail notification": the agent needs it as a
    placeholder it can type; the notification's text is never shown raw."""
    tree = tree_from_html(NOTIFIED, url="http://mail.test/compose")
    s_hat, n_hat = _scores(tree)
    task = "Type the sender's address from the new-mail notification into the To field"
    vault = Vault()
    actions = decide(s_hat, n_hat, Thresholds(keep_floor=0.0), PolicyContext.of(tree, task))
    sender = _at(tree, "StaticText", "New mail from Crystal Gilmore <crystal.gilmore@example.org>")
    assert actions[sender] == A
    view = build_view(tree, actions, s_hat, n_hat, vault, tau_nec=1.0, tau_sens=5.0, task=task)
    shown = view.text()
    assert "crystal" not in shown.lower() and "surgery" not in shown
    token = next(e.placeholder for e in vault.entries() if "crystal.gilmore@example.org" in e.value)
    assert token.startswith("[EMAIL_") and token in shown
    # a task that takes nothing from it: the notification stays off the view
    other = decide(s_hat, n_hat, Thresholds(keep_floor=0.0), PolicyContext.of(tree, "Send the message"))
    assert other[sender] == R


PROMPTED = """<main><form><label>Username <input type="text"></label>
<label>Password <input type="password"></label><button>Log in</button></form></main>
<div role="dialog" aria-label="Save password?"><p>Save password for example.org?</p>
<p>Username: kwalker</p><p>Password: Xq7!mR2v</p><button>Save password</button><button>Never</button></div>
<div role="status" aria-label="Mail notification"><p>New mail from Dana about the merger</p></div>"""


def test_rule7_a_task_that_acts_with_values_taken_from_a_named_dialog_reads_that_dialog_only() -> None:
    """ "the username and password from the save-password prompt": the task signs in (it acts, so
    it reads nothing by its wording), but takes its values from the dialog whose own name shares
    its words; the dialog's texts come as placeholders, no other region is read."""
    tree = tree_from_html(PROMPTED, url="http://site.test/login")
    s_hat, n_hat = _scores(tree, s=9.0)
    task = "Sign in with the username and password from the save-password prompt"
    actions, why = decide_explained(s_hat, n_hat, Thresholds(keep_floor=0.0), PolicyContext.of(tree, task))
    for text in ("Username: kwalker", "Password: Xq7!mR2v"):
        i = _at(tree, "StaticText", text)
        assert actions[i] == A, text
    assert actions[_at(tree, "StaticText", "New mail from Dana about the merger")] == R
    # a task that names no container it takes from reads none of them
    plain, _ = decide_explained(
        s_hat, n_hat, Thresholds(keep_floor=0.0), PolicyContext.of(tree, "Sign in with my username")
    )
    assert plain[_at(tree, "StaticText", "Username: kwalker")] == R


LONE_CODE = """<main><form><label>Verification code <input type="text"></label><button>Verify</button></form>
<p>Order 4821 ships on 12.05.2024</p></main>
<div role="status"><p>Use 333490 to finish logging in.</p></div>"""


def test_rule5_a_lone_number_is_the_code_only_when_no_text_holds_a_cued_one() -> None:
    tree = tree_from_html(LONE_CODE, url="http://site.test/verify")
    s_hat, n_hat = _scores(tree, s=9.0)
    task = "Enter the verification code into the verification code field"
    actions, why = decide_explained(s_hat, n_hat, Thresholds(keep_floor=0.0), PolicyContext.of(tree, task))
    lone = _at(tree, "StaticText", "Use 333490 to finish logging in.")
    assert actions[lone] == A and why[lone] == WHY_CODE
    # two runs of four digits: a date and a number, not a lone code
    assert actions[_at(tree, "StaticText", "Order 4821 ships on 12.05.2024")] == R
    cued = tree_from_html(LONE_CODE.replace("</main>", "<p>Your code is 847293</p></main>"), url="http://site.test/")
    s_hat, n_hat = _scores(cued, s=9.0)
    actions, _ = decide_explained(s_hat, n_hat, Thresholds(keep_floor=0.0), PolicyContext.of(cued, task))
    assert actions[_at(cued, "StaticText", "Your code is 847293")] == A
    assert actions[_at(cued, "StaticText", "Use 333490 to finish logging in.")] == R
