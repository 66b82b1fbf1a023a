"""Which optional extra brings a module that the base install lacks, so that a command needing
it fails with one line saying what to install (the base install has no torch, no web server)."""

from __future__ import annotations

EXTRA_OF: dict[str, str] = {
    "torch": "train",
    "torch_geometric": "train",
    "transformers": "train",
    "presidio_analyzer": "bench",
    "presidio_anonymizer": "bench",
    "matplotlib": "bench",
    "starlette": "serve",
    "uvicorn": "serve",
    "faker": "webarena",
    "jinja2": "webarena",
    "multipart": "webarena",
    "python_multipart": "webarena",
    "httpx": "llm",
    "mcp": "mcp",
    "gymnasium": "browsergym",
    "ray": "ray",
    "langchain": "langchain",
    "langchain_core": "langchain",
}


def install_hint(exc: ModuleNotFoundError) -> str | None:
    """One line naming the extra that brings the missing module; None for a module of no extra."""
    module = (exc.name or "").split(".")[0]
    extra = EXTRA_OF.get(module)
    if extra is None:
        return None
    return f"this needs the optional '{extra}' dependencies (no {module} here): pip install 'webminim[{extra}]'"
