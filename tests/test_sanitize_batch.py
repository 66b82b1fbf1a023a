"""`webminim sanitize-batch`: recorded observations in bulk, local processes and Ray Data."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from extractors.html import tree_from_html

FIXTURES = Path(__file__).parent / "fixtures"
TOAST = (FIXTURES / "toast_2fa.html").read_text()
FORMS = (FIXTURES / "forms.html").read_text()


def records(tmp_path: Path) -> Path:
    lines = [
        {"id": "a", "task": "Open the cart", "html": TOAST},
        {"id": "b", "task": "Enter my email address and password and sign in", "tree": tree_from_html(FORMS).to_dict()},
        {"id": "c", "task": "", "html": TOAST},  # no task: refused, one line
        {"id": "d", "task": "Open the cart", "tree": {"nodes": [{"id": "1"}, {"id": "1"}]}},  # malformed tree
        {"task": "no id"},
        {"id": "e", "task": "Open the cart", "html": TOAST},
    ]
    path = tmp_path / "in.jsonl"
    path.write_text("\n".join(json.dumps(x) for x in lines) + "\nnot json at all\n")
    return path


def batch(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "webminim", "sanitize-batch", *args], capture_output=True, text=True, timeout=600
    )


def rows(path: Path) -> dict[str, dict]:
    return {row["id"]: row for row in map(json.loads, path.read_text().splitlines())}


@pytest.mark.parametrize("workers", ["1", "2"])
def test_every_line_gets_a_sanitized_view_or_one_error_line(tmp_path: Path, workers: str):
    source, out = records(tmp_path), tmp_path / "out.jsonl"
    result = batch(str(source), "--out", str(out), "--workers", workers)
    assert result.returncode == 0, result.stderr
    got = rows(out)
    assert set(got) == {"a", "b", "c", "d", "e", "line-5", "line-7"}
    for rid in ("a", "e"):
        assert "Cart" in got[rid]["text"] and "592018" not in json.dumps(got[rid])
    assert "Email address" in got["b"]["text"] and "hunter2-secret" not in json.dumps(got["b"])
    for rid in ("c", "d", "line-5", "line-7"):
        assert set(got[rid]) == {"id", "error"} and "\n" not in got[rid]["error"]  # never a partial view
    assert "3 sanitized, 4 refused" in result.stderr


def test_a_rerun_skips_what_is_done_and_finishes_the_rest(tmp_path: Path):
    source, out = records(tmp_path), tmp_path / "out.jsonl"
    out.write_text(json.dumps({"id": "a", "text": "done before", "nodes": []}) + "\n" + '{"id": "b", "te')  # cut line
    result = batch(str(source), "--out", str(out))
    assert result.returncode == 0, result.stderr
    got = rows_tolerant(out)
    assert got["a"]["text"] == "done before"  # not redone
    assert "Email address" in got["b"]["text"]  # the cut line is redone
    assert "1 already done" in result.stderr


def rows_tolerant(path: Path) -> dict[str, dict]:
    out = {}
    for line in path.read_text().splitlines():
        try:
            row = json.loads(line)
        except ValueError:
            continue
        out[row["id"]] = row
    return out


def test_ray_data_with_two_workers_gives_the_same_views(tmp_path: Path):
    source = records(tmp_path)
    local, on_ray = tmp_path / "local.jsonl", tmp_path / "ray.jsonl"
    assert batch(str(source), "--out", str(local)).returncode == 0
    result = batch(str(source), "--out", str(on_ray), "--ray", "--workers", "2")
    assert result.returncode == 0, result.stderr
    assert rows(on_ray) == rows(local)
