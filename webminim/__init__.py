"""webminim: a trusted local privacy broker for Playwright web agents.

Observations (accessibility trees) and actions (tool calls, navigations, form fills) are
checked locally and only what the task needs leaves the device.
"""

from __future__ import annotations

from extractors.tree import BBox, UINode, UITree
from webminim.errors import BrowserError, ConfigError, ExtractionError, WebminimError
from webminim.renderers import FORMATS, render

__version__ = "0.1.0"

__all__ = [
    "BBox",
    "BrowserError",
    "ConfigError",
    "ExtractionError",
    "FORMATS",
    "UINode",
    "UITree",
    "WebminimError",
    "__version__",
    "render",
]
