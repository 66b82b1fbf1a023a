"""Build the labelled corpus: local sites -> real Chromium -> UITree + (s, n) labels.

Plan: trees alternate shop / forum / mail; within a site the page types cycle so that even
six trees cover all 27 task types; every fourth tree uses theme B (held out, never used
for training); theme-A trees are split train / val / test by tree. Each tree gets one to
two injections with fresh values, and up to three instances per applicable task type.

`build_wording_split` builds a separate evaluation corpus: the held-out page families worded
by an outside task list (webarena_env.wording), split "heldout_wording".
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np
from playwright.sync_api import Browser, Page, sync_playwright

from extractors.tree import UITree
from webarena_env.families import HELDOUT_FAMILIES, FamilyPlan, build_family_tree, family_pages, plan_families
from webarena_env.families import families as all_families
from webarena_env.inject import PLACEMENTS
from webarena_env.labeller import document_marks, dom_marks, label_tree
from webarena_env.pages import PageSpec
from webarena_env.server import ServedPage, running_sites
from webarena_env.settle import settled_tree
from webarena_env.tasks import BROWSE_TASK, PageView, instances_for
from webarena_env.wording import HELDOUT_WORDING, WORDING_SPLIT, Wording, load_wording
from webminim.browser import launch_options
from webminim.corpus import CorpusCard, CorpusTree, CorpusWriter, Secret, Variant, make_card

SITES = ("shop", "forum", "mail")
# Page order per site: the first pages cover every task type of their site.
PAGE_ORDER = {
    "shop": ("product", "twofa", "search", "home", "wishlist", "cart", "account", "checkout"),
    "forum": ("post", "front", "reply", "search", "forums", "user"),
    "mail": ("message", "inbox", "reply", "compose", "search", "settings"),
}
INJECTION_SETS = (
    ("tabs", "otp"),
    ("slack", "password"),
    ("slack", "email_preview"),
    ("otp", "system"),
    ("password", "tabs"),
    ("email_preview", "slack"),
    ("system", "otp"),
    ("tabs", "slack"),
    ("password",),
    ("otp", "email_preview"),
    ("slack", "system"),
    ("tabs",),
)
HELDOUT_EVERY = 4  # every 4th tree is theme B
WORDING_FILE = "wording.json"  # beside a wording split's card: the source of its words
DEFAULT_TREES = 240


@dataclass(frozen=True, slots=True)
class TreePlan(ServedPage):
    index: int
    split: str


def plan(trees: int, seed: int) -> list[TreePlan]:
    """Which pages, themes, injections and splits a corpus of `trees` trees has."""
    rng = random.Random(seed)
    specs = []
    per_site = {site: 0 for site in SITES}
    for i in range(trees):
        site = SITES[i % len(SITES)]
        order = PAGE_ORDER[site]
        page = order[per_site[site] % len(order)]
        per_site[site] += 1
        theme = "b" if i % HELDOUT_EVERY == HELDOUT_EVERY - 1 else "a"
        spec = PageSpec(theme, site, page, seed * 10_000 + i)
        # (the offset i // 12 walks held-out trees, every 4th, through every injection set too)
        kinds = INJECTION_SETS[(i + i // len(INJECTION_SETS)) % len(INJECTION_SETS)]
        if page == "twofa":  # the 2FA page brings its own code; a second one would be ambiguous
            kinds = tuple(k for k in kinds if k != "otp") or ("slack",)
        inject = ",".join(f"{kind}.{PLACEMENTS[(i + k) % len(PLACEMENTS)]}" for k, kind in enumerate(kinds))
        specs.append((i, spec, inject))
    theme_a = [i for i, spec, _ in specs if spec.theme == "a"]
    rng.shuffle(theme_a)
    n_val = max(1, round(0.12 * len(theme_a)))
    n_test = max(1, round(0.15 * len(theme_a)))
    split_of = {i: "val" for i in theme_a[:n_val]}
    split_of.update({i: "test" for i in theme_a[n_val : n_val + n_test]})
    return [
        TreePlan(spec, inj, i, "heldout_theme" if spec.theme == "b" else split_of.get(i, "train"))
        for i, spec, inj in specs
    ]


def build_corpus(
    out: Path,
    *,
    trees: int = DEFAULT_TREES,
    seed: int = 0,
    per_type: int = 3,
    families: bool = True,
    family_per_type: int = 3,
    family_pages: int | None = None,
    on_tree: Callable[[int, int], None] | None = None,
    browser: Browser | None = None,
) -> CorpusCard:
    """Build the corpus into `out`: `trees` trees of our sites, plus every render of every
    vendored page family when `families` (at most `family_pages` pages a family);
    `on_tree(done, total)` reports progress.

    Uses `browser` when given (its caller owns it), else launches its own Chromium.
    """
    started = time.monotonic()
    items = plan(trees, seed)
    family_items = plan_families(seed, pages_per_family=family_pages) if families else []
    total = len(items) + len(family_items)
    written: list[CorpusTree] = []
    writer = CorpusWriter(out)
    try:
        with running_sites() as sites, _browser(browser) as chromium:
            page = chromium.new_page(viewport={"width": 1280, "height": 900})
            for item in items:
                written.append(build_tree(page, sites.url, item, seed=seed, per_type=per_type))
                writer.write(written[-1])
                if on_tree:
                    on_tree(len(written), total)
            page.close()
            for tree in _family_trees(chromium, family_items, seed=seed, per_type=family_per_type):
                written.append(tree)
                writer.write(tree)
                if on_tree:
                    on_tree(len(written), total)
    except BaseException:
        writer.abort()
        raise
    card = make_card(written, browse_task=BROWSE_TASK, seed=seed, build_seconds=time.monotonic() - started)
    writer.close(card)
    return card


def _family_trees(
    chromium: Browser, items: list[FamilyPlan], *, seed: int, per_type: int, wording: Wording | None = None
) -> Iterator[CorpusTree]:
    for item in items:
        page = chromium.new_page(viewport={"width": 1280, "height": 900})  # no state between pages
        try:
            tree = build_family_tree(page, item, seed=seed, per_type=per_type, wording=wording)
        finally:
            page.close()
        yield tree


def plan_wording_split(
    seed: int,
    *,
    source: str = HELDOUT_WORDING,
    families: Sequence[str] | None = None,
    pages_per_family: int | None = None,
) -> list[FamilyPlan]:
    """The renders of `families` as the full corpus plans them (same index, so the same
    injections, augmentation and task draws: only the wording differs); at most
    `pages_per_family` pages a family, its first by name. With the held-out wording: the
    held-out families (default and only), in split "heldout_wording", the clean split. With a
    training wording: families that are not held out (default: all of them), in their own
    train / val split, to train on or to steer by; a training wording never touches the clean split."""
    held_out = source == HELDOUT_WORDING
    wanted = tuple(
        families or (HELDOUT_FAMILIES if held_out else [f for f in all_families() if f not in HELDOUT_FAMILIES])
    )
    if held_out and not set(wanted) <= set(HELDOUT_FAMILIES):  # a trained family is no held-out test of anything
        raise ValueError(f"not held-out families: {sorted(set(wanted) - set(HELDOUT_FAMILIES))}")
    if not held_out and set(wanted) & set(HELDOUT_FAMILIES):
        raise ValueError(
            f"held-out families take only the held-out wording: {sorted(set(wanted) & set(HELDOUT_FAMILIES))}"
        )
    pages = {path for family in wanted for path in family_pages(family)[:pages_per_family]}
    items = [item for item in plan_families(seed) if item.family in wanted and item.path in pages]
    if {item.family for item in items} != set(wanted):
        raise ValueError(f"no pages for families {sorted(set(wanted) - {item.family for item in items})}")
    return [replace(item, split=WORDING_SPLIT) for item in items] if held_out else items


def build_wording_split(
    out: Path,
    *,
    source: str = HELDOUT_WORDING,
    families: Sequence[str] | None = None,
    seed: int = 0,
    per_type: int = 3,
    pages_per_family: int | None = None,
    on_tree: Callable[[int, int], None] | None = None,
    browser: Browser | None = None,
) -> CorpusCard:
    """A corpus in `out` whose element tasks are worded by the outside `source`: with the
    held-out wording (default) every render of the held-out page families, the clean split;
    with a training wording the other families (`plan_wording_split`). Its trees, targets and
    labels are those of the full corpus for the same seed (node ids aside: they are the
    browser's); tasks of a kind the source has no wording for are left out."""
    started = time.monotonic()
    wording = load_wording(source)
    items = plan_wording_split(seed, source=source, families=families, pages_per_family=pages_per_family)
    written: list[CorpusTree] = []
    writer = CorpusWriter(out)
    try:
        with _browser(browser) as chromium:
            for tree in _family_trees(chromium, items, seed=seed, per_type=per_type, wording=wording):
                written.append(tree)
                writer.write(tree)
                if on_tree:
                    on_tree(len(written), len(items))
    except BaseException:
        writer.abort()
        raise
    card = make_card(written, browse_task=BROWSE_TASK, seed=seed, build_seconds=time.monotonic() - started)
    writer.close(card)
    # which words these are: the card does not say, and the split name is the same for every source
    provenance = {
        "source": source,
        "held_out_wording": source == HELDOUT_WORDING,
        "families": sorted({item.family for item in items}),
    }
    (out / WORDING_FILE).write_text(json.dumps(provenance | {"seed": seed}, indent=2) + "\n")
    return card


@contextmanager
def _browser(given: Browser | None) -> Iterator[Browser]:
    if given is not None:
        yield given
        return
    with sync_playwright() as pw:
        browser = pw.chromium.launch(**launch_options())
        try:
            yield browser
        finally:
            browser.close()


def build_tree(page: Page, base_url: str, item: TreePlan, *, seed: int, per_type: int) -> CorpusTree:
    """Load one planned page, extract its tree and label it for every task instance."""
    page.goto(base_url + item.url, wait_until="load")
    tree = settled_tree(page)
    labels = label_tree(tree, dom_marks(page), document_marks(page))
    served = item.injections()
    view = PageView.of(item.spec, served)
    rng = random.Random(f"{seed}:{item.index}")
    variants = []
    for task in instances_for(view, rng, per_type=per_type):
        n = np.asarray(labels.necessity(tree, task), dtype=np.int8)
        if not has_required_target(tree, task.semantics, n):
            continue  # the page does not show what this instance needs
        variants.append(Variant(task.text, task.type, task.semantics, task.targets, n))
    secrets = tuple(Secret(inj.kind, text) for inj in served for text in inj.secrets)
    return CorpusTree(
        id=f"{item.spec.site}-{item.spec.page}-{item.spec.theme}-{item.index:04d}",
        site=item.spec.site,
        page=item.spec.page,
        theme=item.spec.theme,
        seed=item.spec.seed,
        split=item.split,
        url=item.url,
        tree=tree,
        s=np.asarray(labels.s, dtype=np.int8),
        variants=tuple(variants),
        secrets=secrets,
    )


def has_required_target(tree: UITree, semantics: str, n: np.ndarray) -> bool:
    """Every instance needs a node with n = 10; a transactional one needs an interactive one."""
    required = n == 10
    if semantics != "transactional":
        return bool(required.any())
    return any(node.interactive for node, r in zip(tree, required, strict=True) if r)
