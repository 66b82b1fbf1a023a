"""The public surface: `__all__` is complete and the README's Python snippet runs as printed."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

import extractors
import webminim
import webminim.renderers
from webarena_env.server import twofa_injection

README = Path(__file__).parent.parent / "README.md"


@pytest.mark.parametrize("module", [extractors, webminim, webminim.renderers])
def test_all_names_exist_and_are_sorted(module):
    assert module.__all__ == sorted(module.__all__)
    missing = [name for name in module.__all__ if not hasattr(module, name)]
    assert not missing


def test_readme_python_snippet_runs():
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(), flags=re.S)
    assert blocks, "README has no Python example"
    result = subprocess.run([sys.executable, "-c", blocks[0]], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "[OTP_1]" in result.stdout
    assert twofa_injection(7, 7).values["code"] not in result.stdout


def test_readme_gives_the_two_commands_ci_runs():
    text = README.read_text()
    assert "./dev demo" in text and "./dev test" in text
    assert "./dev test" in (README.parent / ".ci" / "run").read_text()
