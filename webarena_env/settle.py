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

# Force style and layout now (reading a box does), then let two frames pass so the
# accessibility tree catches up with them.
_SETTLE_JS = """() => {
  if (document.body) document.body.getBoundingClientRect();
  return new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => done(true))));
}"""
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
READ_GAP_MS = 100  # between two reads: a font or style applied late shows up in the second


def _shape(tree: UITree) -> list[tuple[str, str, str | None]]:
    return [(n.role, n.name, n.parent) for n in tree.nodes]


def wait_quiet(page: Page) -> None:
    """Return once fonts are loaded and the DOM has had no mutation for QUIET_MS (at most
    MAX_WAIT_MS). Anything that walks the DOM with a seeded random sequence (the families'
    augmentation) must start from the same DOM, so it waits for this first."""
    page.evaluate("() => document.fonts ? document.fonts.ready.then(() => true) : true")
    page.evaluate(_QUIET_JS, [QUIET_MS, MAX_WAIT_MS])


def settled_tree(page: Page, *, max_reads: int = MAX_READS) -> UITree:
    """The page's tree after two consecutive reads agree (the last read after `max_reads`)."""
    wait_quiet(page)
    page.evaluate(_SETTLE_JS)
    tree = extract_page(page)
    for _ in range(max_reads - 1):
        page.wait_for_timeout(READ_GAP_MS)
        page.evaluate(_SETTLE_JS)
        again = extract_page(page)
        if _shape(again) == _shape(tree):
            return again
        tree = again
    return tree


__all__ = ["MAX_READS", "MAX_WAIT_MS", "QUIET_MS", "READ_GAP_MS", "settled_tree", "wait_quiet"]
