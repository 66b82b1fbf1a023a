"""The icon-set word table: links need both sets and a fair share of icons; the shipped table."""

from __future__ import annotations

from webminim.ui_words import build, icon_words, linked_to, stem

LUCIDE = {
    "trash": ["delete", "remove", "bin", "binoculars"],
    "trash-2": ["delete", "garbage"],
    "pencil": ["edit", "draft", "x"],
    "shopping-cart": ["trolley", "basket"],
}
FONTAWESOME = {
    "trash-can": {"search": {"terms": ["delete", "garbage", "remove", "trash can"]}},
    "pen-to-square": {"search": {"terms": ["edit", "draft", "compose"]}},
    "basket-shopping": {"search": {"terms": ["basket", "buy"]}},
    "zero": {"search": {"terms": [0, "nil"]}},
    "trash": None,
}


def test_two_words_link_when_icons_of_both_sets_list_them() -> None:
    table = build(LUCIDE, FONTAWESOME)
    assert {"delete", "remove", "garbage"} <= set(table["trash"])
    assert "edit" in table["draft"] and "draft" in table["edit"]  # both ways
    assert "binocular" not in table.get("trash", [])  # one set's quirk: Lucide only
    assert "trolley" not in table.get("cart", []) and "trolley" not in table  # Lucide only
    assert "basket" in table["shopp"]  # "shopping" from Lucide's name, "shopping" from FA's
    assert "x" not in table and "nil" not in table  # too short / on one icon of one set


def test_two_common_words_do_not_link_through_one_icon_they_share() -> None:
    lucide = {f"arrow-{k}": ["move"] for k in range(8)} | {f"rocket-{k}": ["launch"] for k in range(8)}
    fontawesome = {f"arrow-{k}": {"search": {"terms": ["move"]}} for k in range(8)}
    fontawesome |= {f"rocket-{k}": {"search": {"terms": ["launch"]}} for k in range(8)}
    assert "launch" not in build(lucide, fontawesome)["arrow"]
    # one icon in each set that both words are on: 2 of arrow's 16 icons, under SHARE
    lucide["arrow-0"].append("launch")
    fontawesome["arrow-0"]["search"]["terms"].append("launch")
    table = build(lucide, fontawesome)
    assert "move" in table["arrow"] and "launch" not in table["arrow"]
    # on a quarter of them, they link
    for k in (1, 2, 3):
        lucide[f"arrow-{k}"].append("launch")
    assert "launch" in build(lucide, fontawesome)["arrow"]


def test_stems_are_shared_by_table_task_and_labels() -> None:
    assert stem("deleting") == stem("deleted") == "delet" and stem("carts") == "cart" and stem("bin") == "bin"


def test_the_shipped_table_links_ui_words_for_one_act_and_not_unrelated_ones() -> None:
    assert len(icon_words()) > 1500
    assert "draft" in linked_to(["compose"]) and "draft" in linked_to(["write"])
    assert {"trash", "bin", "discard"} <= linked_to(["delete"]) and "delete" in linked_to(["trash"])
    assert "trolley" in linked_to(["cart"])
    assert not {"save", "archive", "settings", "calendar"} & linked_to(["delete", "email"])
    assert not linked_to(["the", "invoice"]) & {"delete", "reply"}
