"""The accessibility-tree model and every way to build one.

    tree_from_html(html)            static HTML, no browser (BeautifulSoup)
    extract_page(page)              live Playwright page via CDP, all frames
    extract_aria(page)              live page via Playwright's aria snapshot
    tree_from_aria_snapshot(yaml)   aria-snapshot YAML text
    tree_from_cdp(captures)         raw CDP `Accessibility.getFullAXTree` output
    locator_for(page, node)         a tree node back to a Playwright locator

This package knows nothing of scoring or policy.
"""

from __future__ import annotations

from extractors.errors import ExtractionError, WebminimError
from extractors.lazy import lazy_exports
from extractors.tree import BBox, TreeBuilder, UINode, UITree

# The builders load on first use (PEP 562): Playwright and BeautifulSoup only when needed.
_LAZY = {
    "extract_aria": "extractors.aria",
    "tree_from_aria_snapshot": "extractors.aria",
    "FrameCapture": "extractors.cdp",
    "tree_from_cdp": "extractors.cdp",
    "tree_from_html": "extractors.html",
    "extract_page": "extractors.live",
    "locator_for": "extractors.live",
}

__getattr__ = lazy_exports(__name__, _LAZY)


__all__ = [
    "BBox",
    "ExtractionError",
    "FrameCapture",
    "TreeBuilder",
    "UINode",
    "UITree",
    "WebminimError",
    "extract_aria",
    "extract_page",
    "locator_for",
    "tree_from_aria_snapshot",
    "tree_from_cdp",
    "tree_from_html",
]
