"""Action egress (ToolMinimize): detect, price, analyze and rewrite tool-call arguments.

from webminim.egress import ToolMinimizer
minimizer = ToolMinimizer({"get_weather": schema})
result = minimizer.minimize("get_weather", args, task="...")

Free text (a message, a post, what an agent types into a form) on its own: `TextMinimizer`.
"""

from __future__ import annotations

from webminim.egress.classifier import EgressTimeout, PSDClassifier
from webminim.egress.detectors import Finding, default_detectors
from webminim.egress.minimizer import Item, MinimizeResult, ToolMinimizer
from webminim.egress.schema import ToolSchema
from webminim.egress.taxonomy import SENSITIVITY, TRUST, Category
from webminim.egress.text import FieldContext, TextMinimizer, TextRewrite

__all__ = [
    "SENSITIVITY",
    "TRUST",
    "Category",
    "EgressTimeout",
    "FieldContext",
    "Finding",
    "Item",
    "MinimizeResult",
    "PSDClassifier",
    "TextMinimizer",
    "TextRewrite",
    "ToolMinimizer",
    "ToolSchema",
    "default_detectors",
]
