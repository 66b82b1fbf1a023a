"""webminim's exception tree (one root, one subclass per stage).

    WebminimError
     ├── ExtractionError   page / HTML / snapshot -> UITree failed (extractors)
     ├── BrowserError      no Chromium, or the browser could not start or load a page
     ├── ConfigError       an option or configuration value is invalid
     ├── CorpusError       a labelled corpus is missing or malformed
     ├── ScorerError       the scoring model could not load or score (fail closed)
     ├── PolicyError       the sanitized view could not be built (fail closed)
     ├── ActionRefused     an agent action would move withheld data somewhere it may not go
     ├── EgressError       a tool call's arguments could not be checked or minimized (fail closed)
     ├── EndpointError     an optional LLM endpoint failed or answered malformed JSON (fail closed)
     └── RequestRefused    `webminim serve` refused a request (an HTTP status and one line, never a traceback)

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


class ScorerError(WebminimError):
    """The scorer could not load or score a tree; nothing may leave the device."""


class PolicyError(WebminimError):
    """The policy or view could not be applied; nothing may leave the device."""


class ActionRefused(WebminimError):
    """An agent action was refused (unknown target, placeholder out of place, bad syntax)."""


class EgressError(WebminimError):
    """A tool call could not be checked or minimized; in fail-closed mode it does not go out."""


class EndpointError(WebminimError):
    """An OpenAI-compatible endpoint failed, timed out or answered malformed JSON."""


class RequestRefused(WebminimError):
    """`webminim serve` answers this request with `status` and one JSON line (and Retry-After if set)."""

    def __init__(self, status: int, message: str, *, retry_after_s: int | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.retry_after_s = retry_after_s


__all__ = [
    "ActionRefused",
    "BrowserError",
    "ConfigError",
    "CorpusError",
    "EgressError",
    "EndpointError",
    "ExtractionError",
    "PolicyError",
    "RequestRefused",
    "ScorerError",
    "WebminimError",
]
