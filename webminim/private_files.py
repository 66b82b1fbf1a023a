"""Files that hold page text or its traces (the audit log, `inspect` reports, batch output):
readable and writable by their owner only (0600), whatever the umask.

A new file is created 0600 (`os.open` with the mode, so it is never briefly wider); an
existing one is narrowed to 0600 before anything is written to it, or, for a file that must
be this process's own (a server's token), removed and created afresh, never through a link.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Literal, TextIO

PRIVATE_MODE = 0o600


def open_private(path: Path, mode: Literal["a", "w"] = "a") -> TextIO:
    """`path` opened for text writing (UTF-8), owner-only: appended to ("a") or truncated ("w")."""
    flags = os.O_WRONLY | os.O_CREAT | (os.O_APPEND if mode == "a" else os.O_TRUNC)
    fd = os.open(path, flags, PRIVATE_MODE)
    try:
        # O_CREAT's mode applies to a new file only: an existing one (say 0644) is narrowed here,
        # on the open descriptor, so the path cannot be swapped between the check and the write
        os.fchmod(fd, PRIVATE_MODE)
        return os.fdopen(fd, mode, encoding="utf-8")
    except BaseException:
        os.close(fd)
        raise


def write_private(path: Path, text: str) -> None:
    """Replace `path`'s content with `text`, owner-only."""
    with open_private(path, "w") as handle:
        handle.write(text)


def create_private(path: Path, text: str) -> None:
    """`path` made afresh, owner-only, holding `text`: whatever was there (a file of another mode,
    a planted link) is removed first and the new file is never opened through a link."""
    path.unlink(missing_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), PRIVATE_MODE)
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(text)
