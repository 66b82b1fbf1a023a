"""Files holding page text or its traces are owner-only (0600), whatever the umask."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from webminim.batch import sanitize_batch
from webminim.private_files import create_private, open_private, write_private
from webminim.session import AuditLog


@pytest.fixture(autouse=True)
def permissive_umask() -> Iterator[None]:
    """A umask that would make plain files 0644: what a default-mode file gets on most systems."""
    old = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(old)


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def world_readable(path: Path, text: str) -> Path:
    path.write_text(text)
    path.chmod(0o644)
    return path


def test_a_new_file_is_created_owner_only(tmp_path: Path) -> None:
    with open_private(tmp_path / "log.jsonl") as handle:
        handle.write("one\n")
    assert mode(tmp_path / "log.jsonl") == 0o600


def test_an_existing_file_is_narrowed_and_appended_to(tmp_path: Path) -> None:
    path = world_readable(tmp_path / "log.jsonl", "one\n")
    with open_private(path, "a") as handle:
        handle.write("two\n")
    assert mode(path) == 0o600 and path.read_text() == "one\ntwo\n"


def test_write_private_replaces_the_content(tmp_path: Path) -> None:
    path = world_readable(tmp_path / "report.html", "an older, longer report")
    write_private(path, "new")
    assert mode(path) == 0o600 and path.read_text() == "new"


def test_create_private_replaces_a_planted_link_and_leaves_its_target_alone(tmp_path: Path) -> None:
    target = world_readable(tmp_path / "elsewhere.txt", "someone else's file")
    path = tmp_path / "serve-8765.token"
    path.symlink_to(target)
    create_private(path, "token\n")
    assert not path.is_symlink() and mode(path) == 0o600 and path.read_text() == "token\n"
    assert target.read_text() == "someone else's file" and mode(target) == 0o644


@pytest.mark.parametrize("existing", [False, True])
def test_the_audit_log_is_owner_only(tmp_path: Path, existing: bool) -> None:
    path = tmp_path / "audit" / "log.jsonl"
    if existing:
        path.parent.mkdir()
        world_readable(path, "")
    AuditLog(path).write({"step": 1, "event": "observe"})
    assert mode(path) == 0o600


@pytest.mark.parametrize("existing", [False, True])
def test_batch_output_is_owner_only(tmp_path: Path, existing: bool) -> None:
    source = tmp_path / "in.jsonl"
    source.write_text("not json\n")  # an error row only: no model is loaded
    out = tmp_path / "out.jsonl"
    if existing:
        world_readable(out, "")
    counts = sanitize_batch(source, out)
    assert counts["errors"] == 1 and mode(out) == 0o600
