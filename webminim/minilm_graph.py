"""MiniLM as an ONNX graph, written from its weights: no torch, no transformers.

BERT's forward pass (word, position and type embeddings; six layers of twelve-head attention
and GELU feed-forward, each closed by LayerNorm) written node by node with `onnx.helper`,
then mean-pooled over the attention mask as sentence-transformers pools all-MiniLM-L6-v2.
The weights are read from the verified `model.safetensors` (`webminim.minilm_weights`), so
every install builds the same graph from the same bytes, with or without torch.

Inputs `input_ids`, `attention_mask`, `token_type_ids` (int64, texts x pieces); output
`vectors` (texts x 384), L2-normalised, or with `normalize=False` the plain masked mean
(what a static table is distilled from).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np

OPSET = 18  # LayerNormalization (17+), reductions with axes as an input (18+)
MS = "com.microsoft"  # ONNX Runtime's contrib operators
INPUTS = ("input_ids", "attention_mask", "token_type_ids")


class _Graph:
    """Nodes and initializers collected in order; names are made unique by a counter."""

    def __init__(self) -> None:
        self.nodes: list[Any] = []
        self.weights: list[Any] = []
        self._count = 0

    def name(self, stem: str) -> str:
        self._count += 1
        return f"{stem}_{self._count}"

    def const(self, stem: str, value: np.ndarray) -> str:
        from onnx import numpy_helper

        name = self.name(stem)
        self.weights.append(numpy_helper.from_array(np.ascontiguousarray(value), name))
        return name

    def op(self, kind: str, inputs: list[str], stem: str = "", domain: str = "", **attrs: Any) -> str:
        from onnx import helper

        out = self.name(stem or kind.lower())
        self.nodes.append(helper.make_node(kind, inputs, [out], name=out, domain=domain, **attrs))
        return out

    def linear(self, x: str, weight: np.ndarray, bias: np.ndarray, stem: str) -> str:
        # torch stores (out, in): x @ W.T + b
        w = self.const(f"{stem}.weight_t", weight.T.astype(np.float32))
        return self.op("Add", [self.op("MatMul", [x, w]), self.const(f"{stem}.bias", bias)], stem)

    def layer_norm(self, x: str, weight: np.ndarray, bias: np.ndarray, eps: float, stem: str) -> str:
        return self.op(
            "LayerNormalization",
            [x, self.const(f"{stem}.weight", weight), self.const(f"{stem}.bias", bias)],
            stem,
            axis=-1,
            epsilon=eps,
        )

    def add_norm(self, x: str, residual: str, weights: dict[str, np.ndarray], norm: str, eps: float) -> str:
        """LayerNorm(x + residual), BERT's close of each sub-layer, with the norm's weights `norm`.*"""
        return self.layer_norm(
            self.op("Add", [x, residual]), weights[f"{norm}.weight"], weights[f"{norm}.bias"], eps, norm
        )


def _attention(g: _Graph, x: str, mask_index: str, w: dict[str, np.ndarray], prefix: str, heads: int) -> str:
    """Self-attention as ONNX Runtime's fused `Attention`: Q, K, V in one (in, 3 x out) product."""
    qkv = [w[f"{prefix}.self.{kind}.weight"].T for kind in ("query", "key", "value")]
    bias = [w[f"{prefix}.self.{kind}.bias"] for kind in ("query", "key", "value")]
    inputs = [
        x,
        g.const(f"{prefix}.qkv_weight", np.concatenate(qkv, axis=1)),
        g.const(f"{prefix}.qkv_bias", np.concatenate(bias)),
    ]
    context = g.op("Attention", [*inputs, mask_index], f"{prefix}.attention", domain=MS, num_heads=heads)
    return g.linear(context, w[f"{prefix}.output.dense.weight"], w[f"{prefix}.output.dense.bias"], f"{prefix}.out")


def build(model_dir: Path, weights: dict[str, np.ndarray], *, normalize: bool = True, layers: int | None = None) -> Any:
    """The ONNX model of MiniLM (`model_dir`'s config.json) with `weights` (safetensors names);
    `layers`: only the first that many of its layers (None: all), pooled the same way.

    Written with ONNX Runtime's fused BERT operators (`EmbedLayerNormalization`, `Attention`,
    `BiasGelu`), the graph its own optimizer makes of an exported BERT: the same arithmetic as
    transformers' eager BERT (vectors within 1e-6), and the same nodes for its int8 quantizer."""
    from onnx import TensorProto, helper

    config = json.loads((model_dir / "config.json").read_text())
    heads, eps = int(config["num_attention_heads"]), float(config["layer_norm_eps"])
    g = _Graph()
    as_int32 = {name: g.op("Cast", [name], f"{name}_int32", to=TensorProto.INT32) for name in INPUTS}
    table = [weights[f"embeddings.{kind}_embeddings.weight"] for kind in ("word", "position", "token_type")]
    embed_inputs = [
        as_int32["input_ids"],
        as_int32["token_type_ids"],
        *(g.const(f"embeddings.{i}", t) for i, t in enumerate(table)),
        g.const("embeddings.ln.weight", weights["embeddings.LayerNorm.weight"]),
        g.const("embeddings.ln.bias", weights["embeddings.LayerNorm.bias"]),
        as_int32["attention_mask"],
    ]
    x, mask_index = g.name("embedded"), g.name("mask_index")
    g.nodes.append(
        helper.make_node("EmbedLayerNormalization", embed_inputs, [x, mask_index], name=x, domain=MS, epsilon=eps)
    )

    depth = int(config["num_hidden_layers"])
    if layers is not None and not 1 <= layers <= depth:
        raise ValueError(f"MiniLM has {depth} layers, not {layers}")
    for layer in range(depth if layers is None else layers):
        p = f"encoder.layer.{layer}"
        attended = _attention(g, x, mask_index, weights, f"{p}.attention", heads)
        x = g.add_norm(attended, x, weights, f"{p}.attention.output.LayerNorm", eps)
        up = g.const(f"{p}.ffn_in.weight_t", weights[f"{p}.intermediate.dense.weight"].T)
        inner = g.op(
            "BiasGelu",
            [g.op("MatMul", [x, up]), g.const(f"{p}.ffn_in.bias", weights[f"{p}.intermediate.dense.bias"])],
            domain=MS,
        )
        out = g.linear(inner, weights[f"{p}.output.dense.weight"], weights[f"{p}.output.dense.bias"], f"{p}.ffn_out")
        x = g.add_norm(out, x, weights, f"{p}.output.LayerNorm", eps)

    # mean over the pieces the mask keeps (sentence-transformers' pooling), then L2 norm
    keep = g.op(
        "Cast", [g.op("Unsqueeze", ["attention_mask", g.const("axis2", np.array([2], np.int64))])], to=TensorProto.FLOAT
    )
    axis1 = g.const("axis1", np.array([1], np.int64))
    total = g.op("ReduceSum", [g.op("Mul", [x, keep]), axis1], keepdims=0)
    count = g.op("Max", [g.op("ReduceSum", [keep, axis1], keepdims=0), g.const("tiny", np.array(1e-9, np.float32))])
    pooled = g.op("Div", [total, count])
    if normalize:
        norm = g.op("ReduceL2", [pooled, axis1], keepdims=1)
        pooled = g.op("Div", [pooled, g.op("Max", [norm, g.const("eps", np.array(1e-12, np.float32))])])
    g.nodes.append(helper.make_node("Identity", [pooled], ["vectors"], name="vectors"))

    inputs = [helper.make_tensor_value_info(n, TensorProto.INT64, ["texts", "pieces"]) for n in INPUTS]
    outputs = [helper.make_tensor_value_info("vectors", TensorProto.FLOAT, ["texts", table[0].shape[1]])]
    graph = helper.make_graph(g.nodes, "minilm", inputs, outputs, initializer=g.weights)
    opsets = [helper.make_opsetid("", OPSET), helper.make_opsetid(MS, 1)]
    model = helper.make_model(graph, opset_imports=opsets, producer_name="webminim")
    model.ir_version = 8  # what onnxruntime >= 1.14 reads
    return model


def write(
    model_dir: Path, weights: dict[str, np.ndarray], out: Path, *, normalize: bool = True, layers: int | None = None
) -> None:
    """Build the graph and save it to `out` (weights inside the file: MiniLM is 90 MB, under protobuf's 2 GB)."""
    import onnx

    onnx.save_model(build(model_dir, weights, normalize=normalize, layers=layers), str(out))
