"""The one exception tree of webminim.

    WebminimError                 every error webminim raises on purpose
     ├── ExtractionError          a page or file could not be turned into a UITree
     └── (webminim.errors)        ConfigError, ScorerError, PolicyError, EgressError, ...

The root lives here, in the lowest package, so that every layer can derive from it
without importing against the data flow.
"""

from __future__ import annotations


class WebminimError(Exception):
    """Base of every error webminim raises on purpose; its message is one line for the user."""


class ExtractionError(WebminimError):
    """A page, HTML document or snapshot could not be turned into a UITree."""


def first_line(exc: BaseException) -> str:
    """The first line of a foreign error, without Playwright's `Page.goto: ` API prefix."""
    lines = str(exc).strip().splitlines()
    line = lines[0] if lines else type(exc).__name__
    api, sep, rest = line.partition(": ")
    if sep and "." in api and " " not in api:
        return rest
    return line
