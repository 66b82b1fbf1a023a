"""A page's tree once Chromium has stopped changing it: the corpus must be the same for a seed.

Chromium builds its accessibility tree lazily after style and layout; on a slow or loaded
machine two animation frames are not always enough, and a landmark can still read as
`generic` or a paragraph be missing. We read the tree until two reads agree.
"""

from __future__ import annotations

from playwright.sync_api import Page

from extractors.live import extract_page
from extractors.tree import UITree

_SETTLE_JS = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => done(true))))"
MAX_READS = 6


def _shape(tree: UITree) -> list[tuple[str, str, str | None]]:
    return [(n.role, n.name, n.parent) for n in tree.nodes]


def settled_tree(page: Page, *, max_reads: int = MAX_READS) -> UITree:
    """The page's tree after two consecutive reads agree (the last read after `max_reads`)."""
    page.evaluate("() => document.fonts ? document.fonts.ready.then(() => true) : true")
    page.evaluate(_SETTLE_JS)
    tree = extract_page(page)
    for _ in range(max_reads - 1):
        page.evaluate(_SETTLE_JS)
        again = extract_page(page)
        if _shape(again) == _shape(tree):
            return again
        tree = again
    return tree


__all__ = ["MAX_READS", "settled_tree"]
