"""Where webminim keeps files of its own on this machine."""

from __future__ import annotations

import os
from pathlib import Path


def cache_dir() -> Path:
    """webminim/ under WEBMINIM_CACHE, else XDG_CACHE_HOME, else ~/.cache: the MiniLM exports,
    the embedding cache, lexicons read once from their packages."""
    base = os.environ.get("WEBMINIM_CACHE") or os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "webminim"


def runtime_dir() -> Path:
    """webminim/ under XDG_RUNTIME_DIR (user-only, cleared at logout) when the session has one,
    else the cache directory: files that live as long as a process, such as a server's token."""
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    return Path(runtime) / "webminim" if runtime else cache_dir()
