"""Vendored page families are inert and self-contained, with their licence and source."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from webarena_env.families import FAMILIES_DIR, HELDOUT_FAMILIES, families, family_pages, plan_families
from webarena_env.vendor import clean_css, clean_page


def test_a_cleaned_page_cannot_run_or_reach_out() -> None:
    html = """<html><head><link rel="stylesheet" href="https://cdn.example/x.css"><script src="a.js"></script>
    <style>@import url(https://x/y.css); .a{background:url(https://x/b.png)}</style></head>
    <body onload="go()"><!-- build 42 --><!-- Copyright 2020 Upstream --><a href="javascript:void(0)">Go</a>
    <img src="https://x/p.png" alt="Logo"><iframe src="https://x"></iframe>
    <button onclick="x()">Save</button></body></html>"""
    page = clean_page(html, "fam.min.css")
    for gone in ("<script", "cdn.example", "onload", "onclick", "javascript:", "https://", "<iframe", "build 42"):
        assert gone not in page, gone
    assert 'alt="Logo"' in page and "Copyright 2020 Upstream" in page and "Save" in page
    assert '<link href="../assets/fam.min.css" rel="stylesheet"/>' in page


def test_cleaned_css_keeps_rules_and_data_urls_only() -> None:
    css = "@font-face{font-family:I;src:url(i.woff)}.a{background:url('https://x/b.png')}.b{background:url(data:image/png;base64,AA)}"
    out = clean_css(css)
    assert "@font-face" not in out and "https://" not in out and "url(data:image/png;base64,AA)" in out
    assert ".a{background:none}" in out


@pytest.mark.parametrize("family", families())
def test_every_vendored_family_ships_its_licence_source_and_inert_pages(family: str) -> None:
    root = FAMILIES_DIR / family
    assert (root / "LICENSE").read_text(encoding="utf-8").strip()
    source = (root / "SOURCE.md").read_text(encoding="utf-8")
    assert re.search(r"[0-9a-f]{40}", source)  # the upstream commit
    pages = family_pages(family)
    assert len(pages) >= 5
    for page in pages:
        text = page.read_text(encoding="utf-8").lower()
        assert "<script" not in text and not re.search(r"=\s*[\"']?\s*javascript:", text), page.name


def test_a_held_out_family_goes_whole_to_its_own_split_and_the_rest_to_train_or_val() -> None:
    plans = plan_families(0)
    assert HELDOUT_FAMILIES and {p.family for p in plans} >= set(HELDOUT_FAMILIES)
    for plan in plans:
        expected = {"heldout_family"} if plan.family in HELDOUT_FAMILIES else {"train", "val"}
        assert plan.split in expected, (plan.family, plan.name)
    assert {p.split for p in plans if p.family not in HELDOUT_FAMILIES} == {"train", "val"}


def test_vendoring_a_held_out_family_moves_no_other_familys_pages(tmp_path: Path) -> None:
    """The shipped checkpoint's train / val split must survive a new held-out family."""

    def family(name: str, pages: int) -> None:
        (tmp_path / name / "pages").mkdir(parents=True)
        for k in range(pages):
            (tmp_path / name / "pages" / f"p{k:02d}.html").write_text("<p>x</p>")

    def splits() -> dict[tuple[str, str], str]:
        return {(p.family, p.path.name): p.split for p in plan_families(0, root=tmp_path) if p.family != held_out}

    held_out = HELDOUT_FAMILIES[-1]
    family("aaa", 12)
    family("zzz", 12)  # planned after the held-out family's name
    before = splits()
    family(held_out, 16)
    assert splits() == before
    assert {p.split for p in plan_families(0, root=tmp_path) if p.family == held_out} == {"heldout_family"}
