"""webminim: a trusted local privacy broker for Playwright web agents.

Observations (accessibility trees) and actions (tool calls, navigations, form fills) are
checked locally and only what the task needs leaves the device.

    from webminim import Minim
    view = Minim.load().sanitize(tree, "Reply to Dana's email about the invoice")

Heavy parts (the scorer and its torch model, the Playwright wrapper) load on first use.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from extractors.tree import BBox, UINode, UITree
from webminim.errors import (
    ActionRefused,
    BrowserError,
    ConfigError,
    CorpusError,
    ExtractionError,
    PolicyError,
    ScorerError,
    WebminimError,
)
from webminim.policy import Thresholds
from webminim.renderers import FORMATS, render
from webminim.vault import Vault
from webminim.view import Decision, SanitizedView

__version__ = "0.1.0"

_LAZY = {
    "Minim": "webminim.minim",
    "Scorer": "webminim.scorer",
    "MinimPage": "webminim.agent",
    "AsyncMinimPage": "webminim.agent",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'webminim' has no attribute {name!r}")


__all__ = [
    "ActionRefused",
    "AsyncMinimPage",
    "BBox",
    "BrowserError",
    "ConfigError",
    "CorpusError",
    "Decision",
    "ExtractionError",
    "FORMATS",
    "Minim",
    "MinimPage",
    "PolicyError",
    "SanitizedView",
    "Scorer",
    "ScorerError",
    "Thresholds",
    "UINode",
    "UITree",
    "Vault",
    "WebminimError",
    "__version__",
    "render",
]
