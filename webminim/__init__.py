"""webminim: a trusted local privacy broker for Playwright web agents.

Observations (accessibility trees) and actions (tool calls, navigations, form fills) are
checked locally and only what the task needs leaves the device.

    from webminim import Minim
    view = Minim.load().sanitize(tree, "Reply to Dana's email about the invoice")

Everything but the tree model and the errors loads on first use (the scorer's torch model,
the policy, the Playwright wrapper).
"""

from __future__ import annotations

from extractors.lazy import lazy_exports
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

__version__ = "0.1.0"

# Loaded on first use: `webminim --help` and `minimize-call` need none of them (PEP 562).
_LAZY = {
    "Thresholds": "webminim.policy",
    "FORMATS": "webminim.renderers",
    "render": "webminim.renderers",
    "Vault": "webminim.vault",
    "Decision": "webminim.view",
    "SanitizedView": "webminim.view",
    "Minim": "webminim.minim",
    "Scorer": "webminim.scorer",
    "MinimPage": "webminim.agent",
    "AsyncMinimPage": "webminim.agent",
}

__getattr__ = lazy_exports(__name__, _LAZY)


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
