"""Checkpoints: one safetensors file, the network config and training card in its metadata."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

import torch
from safetensors import SafetensorError, safe_open
from safetensors.torch import load_file, save_file

from webminim.errors import ScorerError
from webminim.scorer.model import ModelConfig, ScorerNet

FORMAT = "webminim-scorer/1"


def default_checkpoint() -> Path:
    """The model that ships inside the package."""
    return Path(str(resources.files("webminim").joinpath("models/default.safetensors")))


def save(model: ScorerNet, path: Path, card: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    # float16 halves the file; scores are an expectation over 11 classes, robust to it.
    tensors = {k: v.detach().to(torch.float16).contiguous() for k, v in model.state_dict().items()}
    metadata = {"format": FORMAT, "config": json.dumps(model.config.to_dict()), "card": json.dumps(card)}
    save_file(tensors, str(path), metadata=metadata)


def load(path: Path | None = None) -> tuple[ScorerNet, dict[str, Any]]:
    """(model in eval mode, training card); any problem is a ScorerError."""
    path = path or default_checkpoint()
    try:
        with safe_open(str(path), framework="pt") as handle:
            metadata = handle.metadata() or {}
        if metadata.get("format") != FORMAT:
            raise ScorerError(f"{path} is not a webminim scorer checkpoint")
        model = ScorerNet(ModelConfig(**json.loads(metadata["config"])))
        state = {k: v.to(torch.float32) for k, v in load_file(str(path)).items()}
        model.load_state_dict(state)
    except ScorerError:
        raise
    except FileNotFoundError:
        raise ScorerError(f"no scorer checkpoint at {path}") from None
    except (SafetensorError, OSError, KeyError, ValueError, RuntimeError) as exc:
        raise ScorerError(f"cannot load scorer checkpoint {path}: {str(exc).splitlines()[0]}") from exc
    model.eval()
    return model, json.loads(metadata.get("card", "{}"))
