"""Sites, injection, tasks and rubric without a browser: rendering, plans, rules."""

from __future__ import annotations

import random
import re

import pytest
from starlette.testclient import TestClient

from extractors.html import tree_from_html
from extractors.tree import TreeBuilder
from webarena_env.corpus import plan
from webarena_env.inject import KINDS, PLACEMENTS, Injection, parse_specs
from webarena_env.pages import SITE_PAGES, THEMES, WORDING, PageSpec, wording
from webarena_env.rubric import NECESSITY_RULES, Marks, Match, necessity, sensitivity
from webarena_env.server import create_app, strip_labels, twofa_injection
from webarena_env.tasks import TASK_TYPES, PageView, applicable, instances_for

ALL_PAGES = [(t, s, p) for t in THEMES for s, pages in SITE_PAGES.items() for p in pages]


@pytest.fixture(scope="module")
def client():
    return TestClient(create_app())


@pytest.mark.parametrize("theme, site, page", ALL_PAGES)
def test_every_page_renders_with_real_site_size(client, theme, site, page):
    response = client.get(f"/{theme}/{site}/{page}?seed=3")
    assert response.status_code == 200
    size = len(tree_from_html(response.text))
    assert 150 <= size <= 1500  # static-HTML estimate; Chromium's tree is larger (see e2e)


def test_themes_differ_in_markup_wording_and_classes(client):
    a = client.get("/a/shop/product?seed=3").text
    b = client.get("/b/shop/product?seed=3").text
    assert wording("a", 3)["add_to_cart"] in a and "Add to basket" in b
    classes_a = set(re.findall(r'class="([^"]+)"', a))
    classes_b = set(re.findall(r'class="([^"]+)"', b))
    assert not classes_a & classes_b
    # same content: the product is the same on both themes
    assert re.search(r"<h1[^>]*>([^<]+)</h1>", a).group(1) in b


def test_theme_a_varies_its_wording_but_never_uses_theme_b_labels(client):
    assert len({wording("a", seed)["cart"] for seed in range(40)}) == len(WORDING["cart"])
    theme_b_labels = {
        "Add to basket",
        "Basket",
        "Saved items",
        "Find",
        "Respond",
        "Like",
        "Agree",
        "Unhelpful",
        "Disagree",
        "New mail",
        "Pass on",
        "Remove",
        "Confirm",
        "Saved links",
        "Mailbox",
        "Like this reply",
        "Flag as unhelpful",
        "Type your response",
        "Add a subject",
        "♡ Save",
        "♥ Like",
    }
    vocabulary = {word for words in WORDING.values() for word in words}
    assert not vocabulary & theme_b_labels


def test_unknown_pages_are_404(client):
    assert client.get("/c/shop/home").status_code == 404
    assert client.get("/a/shop/nowhere").status_code == 404
    assert client.get("/a/shop/home?inject=virus.toast").status_code == 404


def test_labels_can_be_stripped_and_nothing_else_changes(client):
    labelled = client.get("/a/mail/inbox?seed=1&inject=otp.toast").text
    plain = client.get("/a/mail/inbox?seed=1&inject=otp.toast&gt=0").text
    assert "data-gt-" in labelled and "data-gt-" not in plain
    assert strip_labels(labelled) == plain


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("placement", PLACEMENTS)
def test_injections_render_their_secrets(client, kind, placement):
    html = client.get(f"/a/forum/front?seed=2&inject={kind}.{placement}&iseed=9").text
    (injection,) = parse_specs(f"{kind}.{placement}", 9)
    assert injection.secrets and all(
        secret.replace("&", "&amp;") in html or secret in html for secret in injection.secrets
    )


def test_injection_values_are_fresh_per_seed_and_reproducible():
    assert Injection("otp", "toast", 1).values == Injection("otp", "toast", 1).values
    codes = {Injection("otp", "toast", seed).values["code"] for seed in range(50)}
    assert len(codes) > 45
    with pytest.raises(ValueError, match="unknown injection kind"):
        Injection("virus", "toast")  # type: ignore[arg-type]


def test_twofa_form_accepts_only_the_code_it_sent(client):
    expected = twofa_injection(4, 4).values["code"]
    assert expected in client.get("/a/shop/twofa?seed=4").text
    ok = client.post(
        "/a/shop/action/verify_2fa", data={"seed": "4", "iseed": "4", "code": expected}, follow_redirects=False
    )
    bad = client.post(
        "/a/shop/action/verify_2fa", data={"seed": "4", "iseed": "4", "code": "000000"}, follow_redirects=False
    )
    assert ok.status_code == bad.status_code == 303
    assert "Verification+complete" in ok.headers["location"] and "not+valid" in bad.headers["location"]
    state = client.get("/__state").json()
    assert [a["ok"] for a in state if a["action"] == "verify_2fa"][-2:] == [True, False]


def test_plan_covers_sites_themes_and_splits():
    items = plan(12, seed=0)
    assert {i.spec.site for i in items} == {"shop", "forum", "mail"}
    assert all((i.split == "heldout_theme") == (i.spec.theme == "b") for i in items)
    assert {i.split for i in items} == {"train", "val", "test", "heldout_theme"}
    assert all("otp" not in i.inject for i in items if i.spec.page == "twofa")


def test_the_first_six_trees_support_all_27_task_types():
    supported = set()
    for item in plan(6, seed=0):
        supported |= set(applicable(PageView.of(item.spec, item.injections())))
    assert supported == set(TASK_TYPES) and len(TASK_TYPES) == 27


def test_instances_name_entities_and_are_deterministic():
    view = PageView.of(PageSpec("a", "shop", "product", 5), [])
    first = instances_for(view, random.Random(1))
    again = instances_for(view, random.Random(1))
    assert first == again
    carts = [t for t in first if t.type == "add_to_cart"]
    assert carts and all(t.targets and t.targets[0].startswith("p") for t in carts)
    product = view.ctx["product"].name
    assert any(product in t.text for t in first)


def test_every_task_type_has_rules_and_paraphrases():
    assert set(NECESSITY_RULES) == set(TASK_TYPES)
    assert all(len(t.templates) >= 2 for t in TASK_TYPES.values())


@pytest.mark.parametrize(
    "match, marks, targets, expected",
    [
        (Match(control=("add-to-cart",), entity="target"), Marks(control="add-to-cart", entity="p1"), {"p1"}, True),
        (Match(control=("add-to-cart",), entity="target"), Marks(control="add-to-cart", entity="p2"), {"p1"}, False),
        (
            Match(region=("comment",), entity="within"),
            Marks(region="comment", entity="c3", entities=frozenset({"t1", "c3"})),
            {"t1"},
            True,
        ),
        (Match(control=("vote-up",), needs="dir:up"), Marks(control="vote-up"), {"dir:down"}, False),
        # reading a comment needs its prose, not its vote button (nor the text inside it)
        (
            Match(region=("comment",), entity="within", prose=True),
            Marks(region="comment", control="vote-up", entities=frozenset({"t1"})),
            {"t1"},
            False,
        ),
        (
            Match(region=("comment",), entity="within", prose=True),
            Marks(region="comment", field="body", entities=frozenset({"t1"})),
            {"t1"},
            True,
        ),
        (Match(field=("otp-code",)), Marks(field="otp-code"), set(), True),
        (Match(region=("bookmarks",), entity="none"), Marks(region="bookmarks", entity="b1"), set(), False),
    ],
)
def test_rubric_matches(match, marks, targets, expected):
    assert match(marks, frozenset(targets)) is expected


@pytest.mark.parametrize("task_type, region", [("read_comments", "comment"), ("read_reviews", "review")])
def test_reading_a_region_needs_its_prose_not_its_controls(task_type, region):
    b = TreeBuilder()
    b.add("r", "RootWebArea", name="Post")
    b.add("p", "paragraph", parent="r", name="Great pan, but the handle gets hot.")
    b.add("v", "button", parent="r", name="Upvote comment")
    tree = b.build()
    within = frozenset({"t1"})
    prose = Marks(region=region, field="body", entities=within)
    control = Marks(region=region, control="vote-up", entities=within)
    assert necessity(task_type, within, tree["p"], prose) == 10
    assert necessity(task_type, within, tree["v"], control) == 5
    assert necessity(task_type, frozenset({"t2"}), tree["v"], control) == 0  # another post's comment


def test_sensitivity_defaults_and_structure():
    b = TreeBuilder()
    b.add("r", "RootWebArea", name="Inbox - dana@x.org")
    b.add("g", "generic", parent="r")
    b.add("t", "StaticText", parent="g", name="hello")
    b.add("l", "link", parent="g", name="Home")
    tree = b.build()
    assert sensitivity(tree["r"], Marks(title_s=7)) == 7
    assert sensitivity(tree["g"], Marks(s=8)) == 0  # a bare container is structure
    assert sensitivity(tree["t"], Marks(s=8)) == 8
    assert sensitivity(tree["t"], Marks()) == 2
    assert sensitivity(tree["l"], Marks()) == 1
