"""Observation renderers: a UITree -> the text an agent sends to its LLM.

render(tree, "webarena" | "browsergym" | "json") -> str
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Literal, get_args

from extractors.tree import UITree
from webminim.errors import ConfigError
from webminim.renderers.browsergym import render_browsergym
from webminim.renderers.webarena import render_webarena

Format = Literal["webarena", "browsergym", "json"]
FORMATS: tuple[str, ...] = get_args(Format)


def render_json(tree: UITree) -> str:
    """The whole tree, every node and field, as one JSON document."""
    return json.dumps(tree.to_dict(), ensure_ascii=False)


RENDERERS: dict[str, Callable[[UITree], str]] = {
    "webarena": render_webarena,
    "browsergym": render_browsergym,
    "json": render_json,
}


def render(tree: UITree, fmt: Format = "webarena") -> str:
    try:
        renderer = RENDERERS[fmt]
    except KeyError:
        raise ConfigError(f"unknown format {fmt!r}; choose one of {', '.join(FORMATS)}") from None
    return renderer(tree)


__all__ = [
    "FORMATS",
    "Format",
    "RENDERERS",
    "render",
    "render_browsergym",
    "render_json",
    "render_webarena",
]
