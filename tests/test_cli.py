"""The `webminim snapshot` command as a user runs it: a real process, real files."""

from __future__ import annotations

import json
import os
import socket
import stat
import subprocess
import sys
from pathlib import Path

import pytest

FIXTURES = Path(__file__).parent / "fixtures"


def webminim(*args: str, timeout: float = 120, umask: int | None = None) -> subprocess.CompletedProcess[str]:
    """The CLI in a process of its own; `umask`: the one it starts with (files it creates)."""
    preexec = (lambda: os.umask(umask)) if umask is not None else None
    return subprocess.run(
        [sys.executable, "-m", "webminim", *args], capture_output=True, text=True, timeout=timeout, preexec_fn=preexec
    )


@pytest.mark.parametrize("fmt", ["webarena", "browsergym", "json"])
def test_snapshot_of_an_html_file(fmt):
    result = webminim("snapshot", "--html", str(FIXTURES / "forms.html"), "--format", fmt)
    assert result.returncode == 0, result.stderr
    assert "Email address" in result.stdout and "Forgot your password?" in result.stdout
    assert "hunter2-secret" not in result.stdout
    if fmt == "json":
        assert json.loads(result.stdout)["title"] == "Sign in - Forms fixture"


def write(tmp_path: Path, name: str, data: bytes) -> str:
    path = tmp_path / name
    path.write_bytes(data)
    return str(path)


@pytest.mark.parametrize(
    "make_args, code, message",
    [
        (lambda t: ["snapshot"], 2, "exactly one of URL or --html"),  # nothing to snapshot
        (lambda t: ["snapshot", "http://x", "--html", "y.html"], 2, "exactly one"),  # both
        (lambda t: ["snapshot", "--html", str(t / "missing.html")], 1, "cannot read"),  # no such file
        (lambda t: ["snapshot", "--html", str(t)], 1, "is a directory"),  # a directory
        (lambda t: ["snapshot", "--html", write(t, "a.png", b"\x89PNG\x00\x00")], 1, "binary"),
        (lambda t: ["snapshot", "--html", write(t, "a.json", b'{"a": 1}')], 1, "not an HTML document"),
        (lambda t: ["snapshot", "--html", write(t, "e.html", b"")], 1, "empty"),
        (lambda t: ["snapshot", "ftp://example.org/x"], 1, "unsupported URL scheme"),
        (lambda t: ["snapshot", "--html", str(FIXTURES / "forms.html"), "--format", "yaml"], 2, "yaml"),
    ],
)
def test_bad_input_is_one_line_and_non_zero(tmp_path, make_args, code, message):
    result = webminim(*make_args(tmp_path))
    assert result.returncode == code
    assert result.stdout == ""  # never a partial observation
    assert "Traceback" not in result.stderr
    assert message in result.stderr


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_unreachable_url_is_a_clear_error():
    # A port nothing listens on: the connection is refused at once.
    result = webminim("snapshot", f"http://127.0.0.1:{closed_port()}/")
    assert result.returncode == 1
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "cannot load" in lines[0] and "ERR_CONNECTION_REFUSED" in lines[0]


def test_live_snapshot_of_a_local_page(fixture_server):
    result = webminim("snapshot", f"{fixture_server}/toast_2fa.html")
    assert result.returncode == 0, result.stderr
    # Without webminim's policy the 2FA code goes out with the observation: the threat is real.
    assert "592018" in result.stdout
    assert result.stdout.startswith("Tab 0 (current): Shop - 2FA toast fixture")


def test_live_snapshot_via_aria(fixture_server):
    result = webminim("snapshot", f"{fixture_server}/forms.html", "--via", "aria", "--format", "browsergym")
    assert result.returncode == 0, result.stderr
    assert "textbox 'Email address'" in result.stdout


def test_sanitize_json_contract_on_an_html_file():
    result = webminim(
        "sanitize", "--html", str(FIXTURES / "toast_2fa.html"), "--task", "Open my shopping cart", "--format", "json"
    )
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert set(data) == {"text", "nodes"}
    assert all(set(row) == {"id", "role", "name", "action", "s", "n"} for row in data["nodes"])
    assert {row["action"] for row in data["nodes"]} <= {"K", "A", "R"}
    removed = [row for row in data["nodes"] if row["action"] == "R"]
    assert removed and all(row["name"] is None for row in removed)
    assert "592018" not in result.stdout  # the 2FA code is neither in the text nor in the node list
    kept_names = {row["name"] for row in data["nodes"] if row["action"] == "K"}
    assert all(name in data["text"] for name in kept_names if name)


def test_sanitize_explain_adds_raw_values_for_local_debugging():
    result = webminim(
        "sanitize",
        "--html",
        str(FIXTURES / "toast_2fa.html"),
        "--task",
        "Open my shopping cart",
        "--format",
        "json",
        "--explain",
    )
    assert result.returncode == 0, result.stderr
    rows = json.loads(result.stdout)["nodes"]
    assert all({"raw_name", "reason"} <= set(row) for row in rows)
    (note,) = result.stderr.splitlines()  # one line saying the output is raw page text, kept local
    assert "raw page text" in note and "do not send" in note


def test_inspect_report_is_owner_only_and_said_to_hold_raw_text(tmp_path):
    out = tmp_path / "reports" / "report.html"
    out.parent.mkdir()
    out.write_text("an older report")
    out.chmod(0o644)  # an existing, world-readable file is narrowed before it is overwritten
    result = webminim(
        "inspect", "--html", str(FIXTURES / "toast_2fa.html"), "--task", "Open my shopping cart", "--out", str(out)
    )
    assert result.returncode == 0, result.stderr
    assert stat.S_IMODE(out.stat().st_mode) == 0o600
    assert "592018" in out.read_text()  # the report does hold the raw page: hence owner-only
    (note,) = result.stderr.splitlines()
    assert str(out) in note and "raw page text" in note and "do not send" in note


def test_a_new_inspect_report_is_created_owner_only(tmp_path):
    out = tmp_path / "report.html"
    args = ("inspect", "--html", str(FIXTURES / "forms.html"), "--task", "Sign in", "--out", str(out))
    result = webminim(*args, umask=0o022)  # the common default: 0644 files
    assert result.returncode == 0, result.stderr
    assert stat.S_IMODE(out.stat().st_mode) == 0o600


# A page saved under a home directory: its path names the user and must not reach the model.
SAVED_PAGE = """<!doctype html><html><head><title>Corner shop</title></head><body>
<h1>Welcome back</h1>
<a href="cart.html">Shopping cart (2)</a>
<a href="../orders/history.html">Order history</a>
<a href="/help">Help center</a>
<p>Free delivery on orders over 30 euros.</p>
</body></html>
"""


def saved_page(tmp_path: Path) -> Path:
    folder = tmp_path / "Users" / "maren.holloway" / "Downloads" / "saved pages"
    folder.mkdir(parents=True)
    page = folder / "shop.html"
    page.write_text(SAVED_PAGE)
    return page


def local_path_parts(page: Path) -> list[str]:
    return [part for part in page.parts if part != "/"]


@pytest.mark.parametrize("fmt", ["webarena", "browsergym", "json"])
def test_sanitized_html_file_carries_no_local_path(tmp_path, fmt):
    page = saved_page(tmp_path)
    result = webminim("sanitize", "--html", str(page), "--task", "Open my shopping cart", "--format", fmt)
    assert result.returncode == 0, result.stderr
    assert "cart.html" in result.stdout  # the link, as the page writes it
    assert "file:" not in result.stdout and page.as_uri() not in result.stdout
    leaked = [part for part in local_path_parts(page) if part in result.stdout]
    assert not leaked, f"local path in the view: {leaked}"


@pytest.mark.parametrize("fmt", ["webarena", "browsergym", "json"])
def test_base_url_resolves_a_files_relative_links_under_it(tmp_path, fmt):
    page = saved_page(tmp_path)
    args = ("sanitize", "--html", str(page), "--task", "Open my shopping cart", "--format", fmt)
    result = webminim(*args, "--base-url", "https://shop.example/account/")
    assert result.returncode == 0, result.stderr
    assert "https://shop.example/account/cart.html" in result.stdout
    assert "file:" not in result.stdout
    assert not [part for part in local_path_parts(page) if part in result.stdout]


@pytest.mark.parametrize("fmt", ["webarena", "browsergym", "json"])
def test_a_saved_page_opened_live_shows_its_links_without_the_folders(tmp_path, fmt):
    """The page in real Chromium by its file:// URL: every link resolves under the user's
    folders, which become one placeholder; the file names the task reads stay."""
    page = saved_page(tmp_path)
    result = webminim("sanitize", page.as_uri(), "--task", "Open my shopping cart", "--format", fmt)
    assert result.returncode == 0, result.stderr
    assert "cart.html" in result.stdout and "[PATH_" in result.stdout
    leaked = [part for part in local_path_parts(page) if part in result.stdout and part != "shop.html"]
    assert not leaked, f"local path in the view: {leaked}"


def test_snapshot_of_an_html_file_has_no_file_url(tmp_path):
    page = saved_page(tmp_path)
    result = webminim("snapshot", "--html", str(page), "--format", "json")
    assert result.returncode == 0, result.stderr
    assert "file:" not in result.stdout and "maren.holloway" not in result.stdout


@pytest.mark.parametrize(
    "args, message",
    [
        (["sanitize", "--html", str(FIXTURES / "forms.html")], "--task is required"),
        (["sanitize", "--html", str(FIXTURES / "forms.html"), "--task", "x", "--tau-nec", "11"], "tau_nec"),
        (["sanitize", "--html", str(FIXTURES / "forms.html"), "--task", "x", "--keep-floor", "1.5"], "keep_floor"),
        (
            ["sanitize", "--html", str(FIXTURES / "forms.html"), "--task", "x", "--model", "/nonexistent.safetensors"],
            "no scorer checkpoint",
        ),
        (["sanitize", "--html", str(FIXTURES / "forms.html"), "--task", "x", "--base-url", "file:///home/"], "http(s)"),
        (["sanitize", "--html", str(FIXTURES / "forms.html"), "--task", "x", "--base-url", "shop/"], "http(s)"),
        (["sanitize", "http://127.0.0.1:9/", "--task", "x", "--base-url", "https://a.example/"], "with --html"),
    ],
)
def test_sanitize_bad_input(args, message):
    result = webminim(*args)
    assert result.returncode != 0 and result.stdout == ""
    assert message in result.stderr and "Traceback" not in result.stderr
