"""The network's inputs for one tree and several tasks, as numpy arrays: the same for the
torch reference scorer and the ONNX Runtime one.

The tree is repeated once per task (graph k's nodes are offset by k·N), so every task is
scored in one pass.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from webminim.features import TreeGraph, task_features


@dataclass(frozen=True, slots=True)
class Batch:
    x: np.ndarray  # (T·N, NODE_DIM) float32
    task: np.ndarray  # (T, 384) float32
    feats: np.ndarray  # (T·N, TASK_DIM) float32
    edges: np.ndarray  # (2, T·E) int64
    batch: np.ndarray  # (T·N,) int64: which task each row belongs to
    size: int  # N, nodes per tree


def batched(graph: TreeGraph, tasks: Sequence[str], task_embs: np.ndarray) -> Batch:
    size, count = len(graph.x), len(tasks)
    feats = np.concatenate([task_features(graph, t, e) for t, e in zip(tasks, task_embs, strict=True)])
    # every copy's parent -> child edges, then every copy's child -> parent edges: the forest
    # layout the numpy network scores fastest (numpy_net._Forest)
    halves = np.split(graph.edge_index, 2, axis=1)
    edges = np.concatenate([half + k * size for half in halves for k in range(count)], axis=1)
    return Batch(
        x=graph.x if count == 1 else np.tile(graph.x, (count, 1)),  # one task (an agent's step): no copy
        task=np.ascontiguousarray(task_embs, dtype=np.float32),
        feats=np.ascontiguousarray(feats, dtype=np.float32),
        edges=np.ascontiguousarray(edges, dtype=np.int64),
        batch=np.repeat(np.arange(count, dtype=np.int64), size),
        size=size,
    )


def with_self_loops(edges: np.ndarray, nodes: int) -> np.ndarray:
    """What GATv2Conv does to its edges before attention (PyG's default `add_self_loops`):
    drop existing self loops, then one loop per node, appended."""
    kept = edges[:, edges[0] != edges[1]]
    loops = np.arange(nodes, dtype=np.int64)
    return np.ascontiguousarray(np.concatenate([kept, np.stack([loops, loops])], axis=1))
