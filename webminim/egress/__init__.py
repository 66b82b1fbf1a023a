"""Action egress (ToolMinimize): detect, price, analyze and rewrite tool-call arguments.

from webminim.egress import ToolMinimizer
minimizer = ToolMinimizer({"get_weather": schema})
result = minimizer.minimize("get_weather", args, task="...")
"""

from __future__ import annotations

from webminim.egress.classifier import EgressTimeout, PSDClassifier
from webminim.egress.detectors import Finding, default_detectors
from webminim.egress.minimizer import Item, MinimizeResult, ToolMinimizer
from webminim.egress.schema import ToolSchema
from webminim.egress.taxonomy import SENSITIVITY, TRUST, Category

__all__ = [
    "SENSITIVITY",
    "TRUST",
    "Category",
    "EgressTimeout",
    "Finding",
    "Item",
    "MinimizeResult",
    "PSDClassifier",
    "ToolMinimizer",
    "ToolSchema",
    "default_detectors",
]
