"""Checkpoints: one safetensors file, the network config and training card in its metadata."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from safetensors import SafetensorError, safe_open

from webminim.embedder import Embedder
from webminim.errors import ScorerError

if TYPE_CHECKING:
    from webminim.scorer.model import ScorerNet

FORMAT = "webminim-scorer/1"
# texts whose vectors a checkpoint keeps (its encoder's fingerprint): a table or network that
# reads them otherwise is not the one it was trained on, whatever its name
FINGERPRINT_TEXTS: tuple[str, ...] = (
    "Sign in",
    "Reply to Marcus Webb",
    "Your verification code is 4821",
    "Add to cart",
)
FINGERPRINT_MIN_COSINE = 0.999


def default_checkpoint() -> Path:
    """The model that ships inside the package."""
    return Path(str(resources.files("webminim").joinpath("models/default.safetensors")))


def save(model: ScorerNet, path: Path, card: dict[str, Any]) -> None:
    import torch
    from safetensors.torch import save_file

    path.parent.mkdir(parents=True, exist_ok=True)
    # float16 halves the file; scores are an expectation over 11 classes, robust to it.
    tensors = {k: v.detach().to(torch.float16).contiguous() for k, v in model.state_dict().items()}
    card = {**card, "encoder_fingerprint": fingerprint(Embedder(cache=False, encoder=encoder_of(card)))}
    metadata = {"format": FORMAT, "config": json.dumps(model.config.to_dict()), "card": json.dumps(card)}
    save_file(tensors, str(path), metadata=metadata)


def load(path: Path | None = None) -> tuple[ScorerNet, dict[str, Any]]:
    """(model in eval mode, training card); any problem is a ScorerError."""
    import torch
    from safetensors.torch import load_file

    from webminim.scorer.model import ModelConfig, ScorerNet

    path = path or default_checkpoint()
    metadata = _metadata(path)
    try:
        model = ScorerNet(ModelConfig(**_config(metadata)))
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


def encoder_of(card: dict[str, Any]) -> str:
    """The text encoder a checkpoint was trained with (cards before 2026-12-03's sixth stop: MiniLM)."""
    return str(card.get("encoder", "minilm"))


def fingerprint(embedder: Embedder) -> list[list[float]]:
    """The encoder's vectors of FINGERPRINT_TEXTS (5 decimals), read past its caches."""
    vectors = embedder.encoder_model().encode(list(FINGERPRINT_TEXTS))
    return [[round(float(v), 5) for v in row] for row in vectors]


def embedder_for(card: dict[str, Any], path: Path, embedder: Embedder | None, runtime: str) -> Embedder:
    """`embedder`, or a new one of the checkpoint's encoder on `runtime`. Scores from vectors
    of another encoder than the training one mean nothing: such an embedder is refused, by
    name and, where the card keeps one, by the vectors it gives the fingerprint texts."""
    wanted = encoder_of(card)
    if embedder is None:
        embedder = Embedder(runtime=runtime, encoder=wanted)
    elif embedder.encoder != wanted:
        raise ScorerError(f"{path} was trained on {wanted!r} text vectors; this embedder makes {embedder.encoder!r}")
    kept = card.get("encoder_fingerprint")
    if kept is not None:
        import numpy as np

        here = np.asarray(fingerprint(embedder), dtype=np.float32)
        trained = np.asarray(kept, dtype=np.float32)
        if here.shape != trained.shape or float(np.min(np.sum(here * trained, axis=1))) < FINGERPRINT_MIN_COSINE:
            raise ScorerError(
                f"{path} was trained on another {wanted!r} than the one here (its fingerprint texts read otherwise): "
                "rebuild the encoder export (delete ~/.cache/webminim/onnx) or retrain"
            )
    return embedder


def config(path: Path | None = None) -> dict[str, Any]:
    """The network's hyper-parameters (ModelConfig's fields), read without torch."""
    return _config(_metadata(path or default_checkpoint()))


def _config(metadata: dict[str, str]) -> dict[str, Any]:
    try:
        return json.loads(metadata["config"])
    except (KeyError, ValueError) as exc:
        raise ScorerError(f"the scorer checkpoint's config is unreadable: {exc}") from None


def card(path: Path | None = None) -> dict[str, Any]:
    """The training card of a checkpoint, read without torch."""
    return json.loads(_metadata(path or default_checkpoint()).get("card", "{}"))


def _metadata(path: Path) -> dict[str, str]:
    try:
        with safe_open(str(path), framework="np") as handle:
            metadata = handle.metadata() or {}
    except FileNotFoundError:
        raise ScorerError(f"no scorer checkpoint at {path}") from None
    except (SafetensorError, OSError, ValueError) as exc:
        raise ScorerError(f"cannot load scorer checkpoint {path}: {str(exc).splitlines()[0]}") from exc
    if metadata.get("format") != FORMAT:
        raise ScorerError(f"{path} is not a webminim scorer checkpoint")
    return metadata
