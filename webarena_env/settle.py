"""A page's tree once Chromium has stopped changing it: the corpus must be the same for a seed.

Chromium builds its accessibility tree lazily after style and layout, and a page's own
scripts (a dashboard's plugins, an injected prompt) can still change the DOM after `load`; on
a slow or loaded machine a landmark then reads as `generic` or a dialog's button is missing
in one build and not the other. We wait until the DOM has been quiet for QUIET_MS (at most
MAX_WAIT_MS), then read the tree until two reads agree.
"""

from __future__ import annotations

from playwright.sync_api import Page

from extractors.live import extract_page
from extractors.tree import UITree

_SETTLE_JS = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => done(true))))"
# Resolves once no mutation has been seen for `quiet` ms, or after `most` ms whatever happens.
_QUIET_JS = """([quiet, most]) => new Promise(done => {
  let timer = null;
  const finish = () => { observer.disconnect(); clearTimeout(timer); clearTimeout(cap); done(true); };
  const observer = new MutationObserver(() => { clearTimeout(timer); timer = setTimeout(finish, quiet); });
  observer.observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
  timer = setTimeout(finish, quiet);
  const cap = setTimeout(finish, most);
})"""
MAX_READS = 6
QUIET_MS = 250
MAX_WAIT_MS = 3_000


def _shape(tree: UITree) -> list[tuple[str, str, str | None]]:
    return [(n.role, n.name, n.parent) for n in tree.nodes]


def settled_tree(page: Page, *, max_reads: int = MAX_READS) -> UITree:
    """The page's tree after two consecutive reads agree (the last read after `max_reads`)."""
    page.evaluate("() => document.fonts ? document.fonts.ready.then(() => true) : true")
    page.evaluate(_QUIET_JS, [QUIET_MS, MAX_WAIT_MS])
    page.evaluate(_SETTLE_JS)
    tree = extract_page(page)
    for _ in range(max_reads - 1):
        page.evaluate(_SETTLE_JS)
        again = extract_page(page)
        if _shape(again) == _shape(tree):
            return again
        tree = again
    return tree


__all__ = ["MAX_READS", "MAX_WAIT_MS", "QUIET_MS", "settled_tree"]
