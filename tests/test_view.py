"""The sanitized view: promotion, typed session-stable placeholders, closed leak paths."""

from __future__ import annotations

import numpy as np
import pytest

from extractors.tree import TreeBuilder, UITree
from webminim.metrics import A, K, R
from webminim.vault import Vault, kind_of
from webminim.view import build_view


def inbox() -> UITree:
    b = TreeBuilder()
    b.add("1", "RootWebArea", name="Inbox - dana@x.org", properties={"url": "http://mail.test/inbox?user=dana"})
    b.add("2", "generic", parent="1")
    b.add("3", "link", parent="2", name="Invoice overdue", properties={"url": "http://mail.test/m/1?token=abc#top"})
    b.add("4", "cell", parent="1", name="Your verification code is 847293 Reply")  # name from content
    b.add("5", "StaticText", parent="4", name="Your verification code is 847293")
    b.add("6", "button", parent="4", name="Reply")
    b.add("7", "textbox", parent="1", name="Password", value="•••••••")
    b.add("8", "StaticText", parent="1", name="Alex: the layoff list is final")
    return b.build(
        url="http://mail.test/inbox?user=dana",
        title="Inbox - dana@x.org",
        tabs=("Inbox - dana@x.org", "Chase Bank - Account"),
        active_tab=0,
    )


def view_of(actions: list[int], vault: Vault | None = None):
    tree = inbox()
    acts = np.array(actions, dtype=np.int8)
    s = np.where(acts == A, 9.0, 1.0)
    n = np.where(acts == R, 0.0, 10.0)
    return tree, build_view(tree, acts, s, n, vault if vault is not None else Vault(), tau_nec=1.0, tau_sens=5.0)


def test_removed_nodes_promote_their_kept_children():
    _, view = view_of([K, R, K, K, K, K, K, R])
    assert view.tree["3"].parent == "1"  # the generic wrapper is gone
    assert "2" not in view.tree and "8" not in view.tree
    assert view.decisions["2"].action == "R" and "τ_nec" in view.decisions["2"].reason


def test_abstracted_nodes_keep_role_and_state_and_get_typed_placeholders():
    _, view = view_of([K, K, K, K, A, K, A, R])
    assert view.tree["5"].role == "StaticText" and view.tree["5"].name == "[OTP_1]"
    field = view.tree["7"]
    # the label only names a password ([TEXT_1]); the masked value is one ([PASSWORD_1])
    assert field.role == "textbox" and field.name == "[TEXT_1]" and field.value == "[PASSWORD_1]"
    assert field.properties["value-state"] == "filled"


def test_ancestor_names_do_not_repeat_withheld_text():
    _, view = view_of([K, K, K, K, A, K, K, R])
    assert view.tree["4"].name == "[OTP_1] Reply"  # the cell's name concatenated the code
    _, view = view_of([K, K, K, K, R, K, K, R])
    assert "847293" not in view.text()
    assert view.tree["4"].name == "… Reply"


def test_urls_lose_query_strings_and_background_tabs_are_abstracted():
    _, view = view_of([K, K, K, K, K, K, K, K])
    text = view.text()
    assert "token=abc" not in text and "user=dana" not in text and "http://mail.test/m/1" in text
    assert "Chase Bank" not in text and "Tab 1: [TAB_1]" in text
    # the kept title "Inbox - dana@x.org": its address is a placeholder in the tab and the root alike
    assert "dana@x.org" not in text and view.tree.tabs[0] == view.tree.root.name == "Inbox - [EMAIL_1]"


def test_a_removed_root_keeps_structure_but_not_its_title():
    _, view = view_of([R, K, K, K, K, K, K, K])
    assert view.tree.root.role == "RootWebArea" and view.tree.root.name == ""
    assert "dana@x.org" not in view.text()
    current = view.tree.tabs[view.tree.active_tab]
    assert current.startswith("[TAB_") and "dana" not in current  # withheld, not blank: the tab still reads as a page


def test_placeholders_are_stable_across_steps_of_a_session():
    vault = Vault()
    _, first = view_of([K, K, K, K, A, K, K, R], vault)
    _, second = view_of([K, K, K, K, A, K, K, R], vault)
    assert first.tree["5"].name == second.tree["5"].name == "[OTP_1]"
    entry = vault.get("[OTP_1]")
    assert (
        entry is not None and entry.value == "Your verification code is 847293" and entry.origin == "http://mail.test"
    )


def test_json_rows_never_carry_removed_text():
    _, view = view_of([K, K, K, K, A, K, K, R])
    rows = {r["id"]: r for r in view.nodes_json()}
    assert rows["8"]["name"] is None and rows["8"]["action"] == "R"
    assert rows["5"]["name"] == "[OTP_1]" and set(rows["5"]) == {"id", "role", "name", "action", "s", "n"}


@pytest.mark.parametrize(
    "text, kind",
    [
        ("Your verification code is 847293", "OTP"),  # code with context
        ("593012", "OTP"),  # a bare code
        ("Password: B85&YK3ZA5", "PASSWORD"),
        ("dana.kim@example.com", "EMAIL"),
        ("(415) 555-0199", "PHONE"),
        ("Visa ending in 4417", "CARD"),
        ("1275 York Ave", "ADDRESS"),
        ("Lab results and follow-up", "TEXT"),
        ("TRK-8842-XQ", "ID"),  # a tracking reference: not a password
        ("Tracking ID: TRK-8842-XQ", "ID"),
        ("Invoice INV-2024/0012 is due", "ID"),
        ("Password: TRK-8842-XQ", "PASSWORD"),  # called a password: one
        ("Tr0ub4dor&3x", "PASSWORD"),
        ("Your code is 847293 (ref AB-12)", "OTP"),
        ("Your new password is cVYue@DdIES", "PASSWORD"),
        ("Temporary password cVYue@DdIES", "PASSWORD"),  # no digit: its word says what it is
        ("pw: cVYue@DdIES", "PASSWORD"),
        ("•••••••", "PASSWORD"),
        ("Save password for ramirez.org?", "TEXT"),  # speaks of a password, holds none
        ("Lost your password?", "TEXT"),
        ("Password must be 8 characters long", "TEXT"),
        ("Password", "TEXT"),  # a field's label
    ],
)
def test_placeholder_types(text, kind):
    assert kind_of(text) == kind


def _contact_row() -> UITree:
    b = TreeBuilder()
    b.add("1", "RootWebArea", name="Contacts")
    b.add("2", "link", parent="1", name="Julie Gordon · julie.gordon@example.org")
    b.add("3", "link", parent="1", name="Marcus Lee · marcus@example.org")
    return b.build(url="http://mail.test/contacts")


def test_the_part_of_a_withheld_name_the_task_names_stays_readable():
    tree = _contact_row()
    acts = np.array([K, A, A], dtype=np.int8)
    s, n = np.array([1.0, 9.0, 9.0]), np.array([10.0, 10.0, 10.0])
    view = build_view(tree, acts, s, n, Vault(), tau_nec=1.0, tau_sens=5.0, task="Email Julie Gordon about the picnic")
    assert view.tree["2"].name == "Julie Gordon · [EMAIL_1]"  # the agent can find her row
    assert view.tree["3"].name.startswith("[") and "Marcus" not in view.text()  # nobody else's
    assert "julie.gordon@example.org" not in view.text()


def test_a_code_is_never_split_around_the_words_a_task_uses():
    b = TreeBuilder()
    b.add("1", "RootWebArea", name="Sign in")
    b.add("2", "StaticText", parent="1", name="Your verification code is 540719. It expires in 5 minutes.")
    tree = b.build(url="http://shop.test/twofa")
    acts = np.array([K, A], dtype=np.int8)
    s, n = np.array([1.0, 9.6]), np.array([10.0, 9.7])
    task = "Enter the verification code I was sent and finish signing in"
    view = build_view(tree, acts, s, n, Vault(), tau_nec=1.0, tau_sens=5.0, task=task)
    assert view.tree["2"].name == "[OTP_1]"  # one placeholder the agent can type, not "[TEXT_1] verification code …"


def _mail_card(line: str) -> UITree:
    b = TreeBuilder()
    b.add("1", "RootWebArea", name="Dashboard", properties={"url": "http://crm.test/"})
    b.add("2", "status", parent="1", name="Mail notification")
    b.add("3", "StaticText", parent="2", name=line)
    b.add("4", "textbox", parent="1", name="To", value="lisa.summers@hotmail.com")
    return b.build(url="http://crm.test/", title="Dashboard")


def test_email_addresses_in_kept_text_go_to_the_vault_and_the_words_around_them_stay():
    tree = _mail_card("Frank West (frank.west@gmail.com) wrote to you")
    acts = np.full(4, K, dtype=np.int8)
    vault = Vault()
    view = build_view(tree, acts, np.ones(4), np.full(4, 10.0), vault, tau_nec=1.0, tau_sens=5.0, task="read it")
    assert view.tree["3"].name == "Frank West ([EMAIL_1]) wrote to you"
    assert view.tree["4"].value == "[EMAIL_2]"  # a field's value too
    assert "frank.west" not in view.text() and "lisa.summers" not in view.text()
    assert vault.get("[EMAIL_1]").value == "frank.west@gmail.com"  # typeable through its placeholder
    assert view.decisions["3"].action == "K" and "e-mail addresses" in view.decisions["3"].reason


def test_an_address_the_task_gives_stays_and_text_without_one_is_untouched():
    tree = _mail_card("Frank West (frank.west@gmail.com) wrote to you")
    acts = np.full(4, K, dtype=np.int8)
    task = "Reply to Frank.West@gmail.com"
    view = build_view(tree, acts, np.ones(4), np.full(4, 10.0), Vault(), tau_nec=1.0, tau_sens=5.0, task=task)
    assert view.tree["3"].name == "Frank West (frank.west@gmail.com) wrote to you"
    assert view.tree["4"].value == "[EMAIL_1]"
    plain = _mail_card("Meeting moved to 3 pm @ room 4")
    view = build_view(plain, acts, np.ones(4), np.full(4, 10.0), Vault(), tau_nec=1.0, tau_sens=5.0)
    assert view.tree["3"].name == "Meeting moved to 3 pm @ room 4"


def _depth(parents, i):
    steps = 0
    while parents[i] >= 0:
        i, steps = parents[i], steps + 1
    return steps


def _level_by_level(parents, acts, names, texts, limit):
    """The leak walk one parent at a time (what `_close_ancestor_leaks` must equal)."""
    for i in [i for i, a in enumerate(acts) if a != K]:
        text = texts[i]
        if len(text) < 3:
            continue
        j, distance = parents[i], 1
        while j >= 0 and distance <= limit:
            if acts[j] != R and text in names[j]:
                names[j] = names[j].replace(text, "[removed]")
            j, distance = parents[j], distance + 1


@pytest.mark.parametrize("document_order", [True, False])
def test_the_ancestor_leak_walk_skips_removed_nodes_but_not_a_level(document_order):
    from webminim.view import _ANCESTOR_LIMIT, REMOVED_TEXT, _close_ancestor_leaks, _NodeTexts

    rng = np.random.default_rng(11)
    for _ in range(40):
        size = int(rng.integers(2, 200))
        # long chains (past the level limit) with a few branches; parents before children
        parents = [-1] + [i - 1 if rng.random() < 0.9 else int(rng.integers(0, i)) for i in range(1, size)]
        if not document_order:  # the same tree, its nodes listed in reverse
            parents = [-1 if p < 0 else size - 1 - p for p in reversed(parents)]
        # every name holds the words of two nodes (one deep down): which names lose them is
        # decided by the levels the walk reaches alone
        words = [""] * size
        deepest = int(np.argmax([_depth(parents, i) for i in range(size)]))
        words[int(rng.integers(0, size))], words[deepest] = "w1x", "w0x"
        names = {i: f"n{i} w0x w1x" for i in range(size)}
        acts = [int(rng.choice([K, A, R], p=[0.1, 0.1, 0.8])) for _ in range(size)]
        nodes = tuple(type("N", (), {"name": words[i], "value": None})() for i in range(size))
        got, want = dict(names), dict(names)
        shown = _NodeTexts(got, {i: "" for i in range(size)}, {i: {} for i in range(size)})  # by index, as lists are
        _close_ancestor_leaks(nodes, tuple(parents), np.array(acts), {}, shown)
        _level_by_level(parents, acts, want, words, _ANCESTOR_LIMIT)
        assert got == {i: t.replace("[removed]", REMOVED_TEXT) for i, t in want.items()}


def test_decisions_are_written_out_when_read_and_say_why():
    """A plain observation sends the view's text only: the per-node reasons are built on the
    first read of `decisions`, one per raw node in document order, and say what decided."""
    tree, view = view_of([K, K, K, K, A, K, R, K])
    view.text("webarena")
    assert view.decisions._built is None  # nothing formatted for the text alone
    assert len(view.decisions) == len(tree)
    assert list(view.decisions) == [node.id for node in tree]
    assert [d.action for d in view.decisions.values()] == ["K", "K", "K", "K", "A", "K", "R", "K"]
    assert view.decisions["7"].reason == "n̂ 0.0 < τ_nec 1"
    assert view.decisions["5"].reason.startswith("n̂ 10.0 ≥ τ_nec, ŝ 9.0 ≥ τ_sens 5")
    assert view.decisions["8"].reason == "n̂ 10.0 ≥ τ_nec, ŝ 1.0 < τ_sens 5"
    assert view.decisions["1"].reason.endswith("; e-mail addresses shown as placeholders")
    assert dict(view.decisions) == dict(view.decisions.items())  # one table, read any way
    _, all_kept = view_of([K] * 8)
    assert all_kept.decisions["5"].reason == "kept by the policy; abstracted because its text holds a secret"
    assert all_kept.decisions["5"].action == "A"


def test_a_text_with_no_letter_or_digit_is_shown_not_abstracted():
    """A required field's "*" (or a ":", an arrow) holds nothing to abstract; its placeholder
    would sit between the label and its field. A masked card tail keeps its placeholder."""
    b = TreeBuilder()
    b.add("1", "RootWebArea", name="Sign up")
    b.add("2", "StaticText", parent="1", name="First Name")
    b.add("3", "StaticText", parent="1", name=" * ")
    b.add("4", "textbox", parent="1", name="")
    b.add("5", "StaticText", parent="1", name="•••• 4242")
    tree = b.build(url="http://shop.test/signup")
    acts = np.array([K, K, A, K, A], dtype=np.int8)
    s, n = np.array([1.0, 1.0, 6.0, 1.0, 8.0]), np.array([10.0, 10.0, 5.0, 10.0, 5.0])
    view = build_view(tree, acts, s, n, Vault(), tau_nec=1.0, tau_sens=5.0, task="Set the First Name to Ana")
    assert view.tree["3"].name.strip() == "*" and view.tree["5"].name.startswith("[")
    assert view.decisions["3"].action == "K" and "no letter or digit" in view.decisions["3"].reason
    assert "4242" not in view.text() and view.decisions["5"].action == "A"


def test_a_value_typed_from_the_vault_stays_its_placeholder_in_later_views():
    """The agent typed [TEXT_1] (a username it never saw) into a field: the next view shows the
    field's value, and the text inside it, as [TEXT_1], not the value."""
    vault = Vault()
    token = vault.placeholder("kwalker", origin="http://site.test")
    vault.note_typed(token, "kwalker")
    b = TreeBuilder()
    b.add("1", "RootWebArea", name="Sign in", properties={"url": "http://site.test/login"})
    b.add("2", "textbox", parent="1", name="Username", value="kwalker")
    b.add("3", "StaticText", parent="2", name="kwalker")
    b.add("4", "StaticText", parent="1", name="Welcome back")
    tree = b.build()
    acts = np.full(len(tree), K, dtype=np.int8)
    view = build_view(tree, acts, np.ones(len(tree)), np.full(len(tree), 10.0), vault, tau_nec=1.0, tau_sens=5.0)
    assert "kwalker" not in view.text()
    assert view.tree["2"].value == token and view.tree["3"].name == token
    assert view.tree["4"].name == "Welcome back"
