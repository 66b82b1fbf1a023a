"""Where the exported models live (MiniLM's ONNX graph, its distilled static table): beside
the embedding cache, one file or folder per model and key (a hash of what it was exported
from), written once, atomically, by whichever process needs it first."""

from __future__ import annotations

import hashlib
import os
import shutil
from collections.abc import Callable, Iterable
from pathlib import Path

from webminim.errors import ScorerError
from webminim.paths import cache_dir

EXPORT_VERSION = "3"  # bump when an exporter changes what it writes (2: fused MiniLM; 3: written without torch)


def onnx_dir() -> Path:
    """WEBMINIM_ONNX_DIR, else `onnx/` beside the embedding cache."""
    chosen = os.environ.get("WEBMINIM_ONNX_DIR", "").strip()
    return Path(chosen) if chosen else cache_dir() / "onnx"


def key_of(parts: Iterable[bytes]) -> str:
    digest = hashlib.blake2b(EXPORT_VERSION.encode(), digest_size=8)
    for part in parts:
        digest.update(hashlib.blake2b(part, digest_size=16).digest())
    return digest.hexdigest()


def ensure(name: str, key: str, export: Callable[[Path], None], *, suffix: str = ".onnx") -> Path:
    """The file (or folder) for (`name`, `key`), exported with `export(path)` when it is not
    there yet."""
    path = onnx_dir() / f"{name}-{key}{suffix}"
    if path.exists():
        return path
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ScorerError(
            f"cannot write the {name} model's export to {path.parent} ({exc.strerror or exc}): "
            "set WEBMINIM_ONNX_DIR to a writable folder, or WEBMINIM_RUNTIME=torch"
        ) from None
    partial = path.with_name(f"{path.name}.{os.getpid()}.partial")
    try:
        export(partial)
        try:
            os.replace(partial, path)  # atomic: a reader never sees half a file
        except OSError:
            if not path.exists():  # else another process's folder won the race to the same name
                raise
    except ScorerError:
        raise
    except Exception as exc:  # noqa: BLE001 - an export that fails leaves nothing to run: fail closed
        raise ScorerError(f"cannot export the {name} model: {type(exc).__name__}: {exc}") from exc
    finally:
        if partial.is_dir():
            shutil.rmtree(partial, ignore_errors=True)
        else:
            partial.unlink(missing_ok=True)
    return path
