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

from extractors.aria import extract_aria, tree_from_aria_snapshot
from extractors.cdp import FrameCapture, tree_from_cdp
from extractors.errors import ExtractionError, WebminimError
from extractors.html import tree_from_html
from extractors.live import extract_page, locator_for
from extractors.tree import BBox, TreeBuilder, UINode, UITree

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
