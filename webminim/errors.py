"""webminim's exception tree (one root, one subclass per stage).

    WebminimError
     ├── ExtractionError   page / HTML / snapshot -> UITree failed (extractors)
     ├── BrowserError      no Chromium, or the browser could not start or load a page
     ├── ConfigError       an option or configuration value is invalid
     └── CorpusError       a labelled corpus is missing or malformed

Later stages add ScorerError, PolicyError and EgressError here. Every message is one line
meant for the user; the CLI prints it and exits non-zero.
"""

from __future__ import annotations

from extractors.errors import ExtractionError, WebminimError


class BrowserError(WebminimError):
    """No usable Chromium, or the browser could not start or load a page."""


class ConfigError(WebminimError):
    """An option or configuration value is invalid; raised when the config is built."""


class CorpusError(WebminimError):
    """A labelled corpus directory is missing, malformed or inconsistent."""


__all__ = [
    "BrowserError",
    "ConfigError",
    "CorpusError",
    "ExtractionError",
    "WebminimError",
]
