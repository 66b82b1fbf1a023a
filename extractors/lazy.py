"""Package attributes that load their module on first use (PEP 562), so that importing a
package for one light name does not import Playwright, BeautifulSoup or torch."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any


def lazy_exports(package: str, modules: Mapping[str, str]) -> Callable[[str], Any]:
    """A module `__getattr__` resolving each name in `modules` from its module on first use."""

    def __getattr__(name: str) -> Any:
        if name in modules:
            return getattr(import_module(modules[name]), name)
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    return __getattr__
