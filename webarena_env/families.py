"""Page families: vendored real-world HTML that no one here wrote, turned into labelled trees.

    webarena_env/data/families/<family>/pages/*.html   the pages (scripts and remote
                                                      resources removed; see SOURCE.md)
    webarena_env/data/families/<family>/LICENSE        the upstream licence

Each page is rendered from file:// in headless Chromium, injected with synthetic secrets
(webarena_env.inject, wording varied per render), extracted as a UITree, given tasks from
its own elements (webarena_env.element_tasks) and labelled by the rule in
webarena_env.labeller. Our own sites are two more families: `sites` (theme A) and
`sites-b` (theme B, the held-out theme, never trained on).

Splits: within a family, pages (all renders of a page together) go to train or val; a
family of HELDOUT_FAMILIES goes whole to "heldout_family" and is never trained on; the
leave-one-family-out protocol (`webminim train --exclude-family F`, `webminim eval
--holdout-family F`) then takes a whole family out of both.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
from playwright.sync_api import Page

from extractors.naming import naming
from webarena_env.element_tasks import element_tasks
from webarena_env.inject import KINDS, PLACEMENTS, Injection, inject
from webarena_env.labeller import document_marks, dom_marks, element_necessity, element_sensitivity, label_tree
from webarena_env.settle import settled_tree, wait_quiet
from webminim.corpus import CorpusTree, Secret, Variant

if TYPE_CHECKING:
    from webarena_env.wording import Wording

FAMILIES_DIR = Path(__file__).parent / "data" / "families"
SITE_FAMILIES = ("sites", "sites-b")
# Families kept out of training and of every decision (split "heldout_family"): vendored
# after the policy's rules had been written from the misses of every other family, and
# only measured since. When one steers a decision, say so and vendor a fresh one. They draw
# no random numbers when the corpus is planned, so adding one leaves every trained family's
# train / val split as the shipped checkpoint saw it.
HELDOUT_FAMILIES = ("semantic-ui", "spectre")
VAL_SHARE = 0.2
RENDERS = 2  # each page is rendered this often, with other injections and wording


@dataclass(frozen=True, slots=True)
class FamilyPlan:
    """One render of one vendored page."""

    family: str
    path: Path
    render: int
    split: str
    index: int

    @property
    def name(self) -> str:
        return self.path.stem


def families(root: Path = FAMILIES_DIR) -> tuple[str, ...]:
    """The vendored families, sorted (a family is a folder with pages/)."""
    if not root.is_dir():
        return ()
    return tuple(sorted(d.name for d in root.iterdir() if (d / "pages").is_dir()))


def family_pages(family: str, root: Path = FAMILIES_DIR) -> list[Path]:
    return sorted((root / family / "pages").glob("*.html"))


def plan_families(
    seed: int, *, renders: int = RENDERS, pages_per_family: int | None = None, root: Path = FAMILIES_DIR
) -> list[FamilyPlan]:
    """Every render of every page (at most `pages_per_family` pages a family: quick corpora)."""
    rng = random.Random(f"families:{seed}")
    out: list[FamilyPlan] = []
    for family in families(root):
        pages = family_pages(family, root)
        order = pages[:]
        held_out = family in HELDOUT_FAMILIES
        if not held_out:  # a held-out family draws nothing: vendoring one moves no other family's pages
            rng.shuffle(order)
        if pages_per_family is not None:
            pages = sorted(order[:pages_per_family])
            order = pages[:]
        val = set(order[: max(1, round(VAL_SHARE * len(order)))]) if len(order) > 2 and not held_out else set()
        for path in pages:
            for render in range(renders):
                split = "heldout_family" if held_out else "val" if path in val else "train"
                out.append(FamilyPlan(family, path, render, split, len(out)))
    return out


def _injections(item: FamilyPlan, seed: int) -> list[Injection]:
    rng = random.Random(f"{seed}:{item.family}:{item.name}:{item.render}")
    kinds = rng.sample(KINDS, rng.choice((1, 2)))
    return [
        Injection(kind, rng.choice(PLACEMENTS), seed=rng.randrange(2**31), wording=rng.randrange(1 << 16))  # type: ignore[arg-type]
        for kind in kinds
    ]


# Augmentation against memorized markup (every render after the first): some label/field
# associations, aria-labels and placeholders are dropped (the field keeps only the text
# beside it), elements are wrapped in extra containers, and some lists change order.
_AUGMENT_JS = """
(seed) => {
  let x = seed % 2147483647 || 1;
  const rnd = () => (x = (x * 48271) % 2147483647) / 2147483647;
  document.querySelectorAll('label[for]').forEach(l => { if (rnd() < 0.5) l.removeAttribute('for'); });
  document.querySelectorAll('input[aria-label],textarea[aria-label],select[aria-label],button[aria-label]')
    .forEach(e => { if (rnd() < 0.3) e.removeAttribute('aria-label'); });
  document.querySelectorAll('[placeholder]').forEach(e => { if (rnd() < 0.3) e.removeAttribute('placeholder'); });
  for (const el of Array.from(document.body.querySelectorAll('*'))) {
    if (rnd() < 0.04 && el.parentNode && el.parentNode !== document.documentElement) {
      const box = document.createElement(rnd() < 0.5 ? 'div' : 'span');
      el.parentNode.insertBefore(box, el);
      box.appendChild(el);
    }
  }
  document.querySelectorAll('ul, ol, tbody').forEach(list => {
    if (rnd() < 0.3) Array.from(list.children).map(k => [rnd(), k]).sort((a, b) => a[0] - b[0])
      .forEach(([, k]) => list.appendChild(k));
  });
}
"""


def build_family_tree(
    page: Page, item: FamilyPlan, *, seed: int, per_type: int, wording: Wording | None = None
) -> CorpusTree:
    """Render one vendored page, inject secrets, extract, generate tasks and label them;
    `wording` phrases the same tasks in an outside source's words (webarena_env.wording)."""
    page.goto(item.path.resolve().as_uri(), wait_until="load")
    wait_quiet(page)  # the page's own scripts first: the augmentation walks the DOM in a seeded order
    if item.render > 0:
        page.evaluate(_AUGMENT_JS, random.Random(f"augment:{seed}:{item.index}").randrange(1, 2**31 - 1))
    injections = _injections(item, seed)
    inject(page, injections)
    tree = settled_tree(page)  # the same page always yields the same tree
    labels = label_tree(tree, dom_marks(page), document_marks(page))
    s = element_sensitivity(tree, labels)
    names = naming(tree)
    rng = random.Random(f"{seed}:{item.index}")
    variants = []
    injected = frozenset(i for i, m in enumerate(labels.marks) if m.region.startswith("inject-"))
    for task in element_tasks(tree, names, rng, per_type=per_type, skip=injected, wording=wording):
        n = element_necessity(tree, names, task)
        if not (n == 10).any():
            continue
        targets = tuple(tree.nodes[i].id for i in task.targets)
        variants.append(Variant(task.text, task.type, task.semantics, targets, n))
    secrets = tuple(Secret(inj.kind, text) for inj in injections for text in inj.secrets)
    return CorpusTree(
        id=f"{item.family}-{item.name}-{item.render}",
        site=item.family,
        page=item.name,
        theme="real",
        seed=seed,
        split=item.split,
        url=f"families/{item.family}/{item.path.name}",
        tree=tree,
        s=np.asarray(s, dtype=np.int8),
        variants=tuple(variants),
        secrets=secrets,
        family=item.family,
    )


__all__ = ["FAMILIES_DIR", "SITE_FAMILIES", "FamilyPlan", "build_family_tree", "families", "plan_families"]
