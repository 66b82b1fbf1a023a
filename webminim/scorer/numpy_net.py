"""The dual-score GATv2 network (`webminim.scorer.model.ScorerNet`) in numpy and scipy.sparse,
read straight from the checkpoint: no torch, no export, no ONNX graph.

A GATv2 layer's softmax and sum over each node's incoming edges are segment operations;
ONNX Runtime runs them as ScatterElements, which took a third of the network's time. Here the
edges are sorted by destination once per page, the softmax runs over those segments, and
the weighted sum is one sparse (nodes × nodes) product per head (`scipy.sparse`): 2.2× faster
than ONNX Runtime on a 2,750-node page, 1.6× on 900 nodes (bench/run_all.py). A page's edges
are a tree's (`scorer.inputs`): then each node's incoming edges are its loop, its parent's
and its children's, and a layer gathers only the parents' rows (`_Forest`); other edges
take the general path. Scores equal the torch reference's within 1e-4 on a 0–10 scale
(tests/test_onnx_runtime.py).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import scipy.sparse
from safetensors import SafetensorError
from safetensors.numpy import load_file

from webminim.embedder import DIM
from webminim.errors import ScorerError

try:  # Y += A X for a CSR matrix A, in place: scipy's own kernel behind `A @ X`
    from scipy.sparse._sparsetools import csr_matvecs as _csr_matvecs
except ImportError:  # a scipy that moved it: the public product (a fresh array, one more pass)
    _csr_matvecs = None

LEVELS = np.arange(11, dtype=np.float32)  # the 11 classes of each head: a score is their expectation
NEGATIVE_SLOPE = 0.2  # GATv2Conv's leaky ReLU
_LINEAR = np.float32((1 + NEGATIVE_SLOPE) / 2)  # LeakyReLU(z) = _LINEAR z + _ABSOLUTE |z|
_ABSOLUTE = np.float32((1 - NEGATIVE_SLOPE) / 2)
EPSILON = 1e-5  # LayerNorm's
_ROWS = 192  # a block of the attention's row passes: ~200 KB per (rows, 256) array, six of them in a 2 MB L2


def _add_product(out: np.ndarray, matrix: scipy.sparse.csr_matrix, x: np.ndarray) -> None:
    """out += matrix @ x, accumulated in `out`: `matrix @ x` allocates and zero-fills a page-sized
    array and `+=` reads it again (3x slower on a 1,000-node page)."""
    in_place = out.flags.c_contiguous and x.flags.c_contiguous  # else ravel() would copy: a lost sum
    if _csr_matvecs is None or not in_place or matrix.dtype != out.dtype or x.dtype != out.dtype:
        out += matrix @ x
        return
    rows, columns = matrix.shape
    _csr_matvecs(rows, columns, x.shape[1], matrix.indptr, matrix.indices, matrix.data, x.ravel(), out.ravel())


def _elu(x: np.ndarray) -> np.ndarray:
    """ELU in place (every caller passes an array of its own), through exp (vectorised) rather
    than expm1 (not): within 1.2e-7 of torch's, 4× faster."""
    negative = np.minimum(x, 0)
    np.exp(negative, out=negative)
    negative -= 1
    np.maximum(x, 0, out=x)
    x += negative
    return x


@dataclass(frozen=True, slots=True)
class _Edges:
    """A batch's edges sorted by destination: CSR rows are destinations, columns sources."""

    src: np.ndarray
    dst: np.ndarray
    indptr: np.ndarray  # (nodes + 1,)
    counts: np.ndarray  # incoming edges per node, each ≥ 1 (its self loop)

    @classmethod
    def of(cls, edges: np.ndarray, nodes: int) -> _Edges:
        order = np.argsort(edges[1], kind="stable")
        src, dst = edges[0][order], edges[1][order]
        indptr = np.searchsorted(dst, np.arange(nodes + 1))
        counts = np.diff(indptr)
        if edges.size and (edges.min() < 0 or edges.max() >= nodes):  # the gathers below do not check
            raise ScorerError("an edge names a node the batch does not have")
        if counts.size and counts.min() < 1:
            raise ScorerError("every node needs its self loop (scorer.inputs.with_self_loops)")
        return cls(src, dst, indptr, counts)


@dataclass(frozen=True, slots=True)
class _Forest:
    """Edges laid out as a forest's, both ways, then one loop per node (`scorer.inputs`: every
    page is a tree): a node's incoming edges are its loop, its parent's and its children's. The
    attention then gathers the parents' rows once per layer (two node-sized gathers) where the
    general path gathers a row per edge on each side (two gathers three times as large)."""

    parent: np.ndarray  # (nodes,) the parent's index, the node itself at a root
    roots: np.ndarray  # (nodes,) bool
    children: scipy.sparse.csr_matrix  # (nodes, nodes) ones at [parent, child]: a sum over children
    owners: np.ndarray  # the nodes with children, in row order
    starts: np.ndarray  # where each owner's children begin in `children.indices`

    @classmethod
    def of(cls, edges: np.ndarray, nodes: int) -> _Forest | None:
        """The forest, or None for edges in any other layout (the general path takes them)."""
        pairs, odd = divmod(edges.shape[1] - nodes, 2)
        if pairs < 0 or odd:
            return None
        src, dst, loops = edges[0], edges[1], np.arange(nodes)
        parents, kids = src[:pairs], dst[:pairs]
        if not (
            np.array_equal(src[2 * pairs :], loops)
            and np.array_equal(dst[2 * pairs :], loops)
            and np.array_equal(src[pairs : 2 * pairs], kids)
            and np.array_equal(dst[pairs : 2 * pairs], parents)
        ):
            return None
        if pairs and (min(parents.min(), kids.min()) < 0 or max(parents.max(), kids.max()) >= nodes):
            return None  # the general path refuses it
        parent = loops.copy()
        parent[kids] = parents
        roots = parent == loops
        if nodes - np.count_nonzero(roots) != pairs:
            return None  # a node with two parents, or its own
        ones = np.ones(pairs, np.float32)
        children = scipy.sparse.csr_matrix((ones, (parents, kids)), shape=(nodes, nodes))
        owners = np.flatnonzero(np.diff(children.indptr))
        return cls(parent, roots, children, owners, children.indptr[owners])


class _Workspace(threading.local):
    """Float32 arrays reused from call to call, one set per thread. A page's edge-sized
    intermediates are megabytes; allocated afresh in every layer of every step, each costs its
    pages' first-touch faults again (on a 1,000-node page, half the attention layer's time)."""

    def __init__(self) -> None:
        self.arrays: dict[str, np.ndarray] = {}
        self.layout: tuple[np.ndarray, int, _Forest | _Edges] | None = None  # the last edges, as laid out

    def layout_of(self, edges: np.ndarray, nodes: int) -> _Forest | _Edges:
        """The edges as the attention reads them: a forest's layout, else sorted by destination.
        An agent's steps on one page repeat its edges: then the last layout is reused, its
        sparse matrix not built again (~0.3 ms of a 1,000-node step)."""
        if self.layout is not None:
            last, size, layout = self.layout
            if size == nodes and last.shape == edges.shape and np.array_equal(last, edges):
                return layout
        layout = _Forest.of(edges, nodes) or _Edges.of(edges, nodes)
        self.layout = (edges.copy(), nodes, layout)
        return layout

    def get(self, name: str, shape: tuple[int, int]) -> np.ndarray:
        array = self.arrays.get(name)
        if array is None or array.shape != shape:
            array = self.arrays[name] = np.empty(shape, np.float32)
        return array


_CONDITIONING = {"film": "film", "task_proj": "task_features", "concat": "concat_task"}  # layer -> config flag


class NumpyNet:
    """`ScorerNet` in eval mode: (x, task, feats, edges with self loops, batch) -> (ŝ, n̂)."""

    def __init__(self, weights: dict[str, np.ndarray], config: dict) -> None:
        self.config = config
        self._work = _Workspace()
        w = {k: np.asarray(v, dtype=np.float32) for k, v in weights.items()}
        try:
            self.heads, self.hidden, self.layers = int(config["heads"]), int(config["hidden"]), int(config["layers"])
            self._linear = {  # name -> (weight transposed, bias)
                k.removesuffix(".weight"): (np.ascontiguousarray(v.T), w[k.removesuffix("weight") + "bias"])
                for k, v in w.items()
                if k.endswith(".weight") and v.ndim == 2
            }
            per_head = self.hidden // self.heads
            self._mean_of_row = np.full(self.hidden, 1 / self.hidden, np.float32)  # x @ it: each row's mean
            self._attention, self._bias, self._norm, self._sides, self._parts = [], [], [], [], []
            for layer in range(self.layers):
                prefix = f"convs.{layer}."
                att = w[prefix + "att"].reshape(self.heads, per_head)
                blocks = np.zeros((self.hidden, self.heads), np.float32)  # a block per head: one product
                for head in range(self.heads):
                    blocks[head * per_head : (head + 1) * per_head, head] = att[head]
                self._attention.append(blocks)
                (left, left_bias), (right, right_bias) = self._linear[prefix + "lin_l"], self._linear[prefix + "lin_r"]
                # lin_l's bias moves to lin_r's and to the layer's: an edge's z sums one of each
                # side, and a node's attention weights sum to one, so Σ_j α_ij (W_l h_j + b_l) =
                # Σ_j α_ij W_l h_j + b_l. One (nodes, hidden) pass fewer per layer.
                side_bias = left_bias + right_bias
                self._sides.append((left, right, side_bias))
                self._bias.append(w[prefix + "bias"] + left_bias)
                # LeakyReLU's linear part, _LINEAR a · W h per side and head, read from h in one
                # product (h is read once, not W_l h and W_r h each)
                weight = np.concatenate([left @ blocks, right @ blocks], axis=1) * _LINEAR
                bias = np.concatenate([np.zeros(self.heads, np.float32), side_bias @ blocks]) * _LINEAR
                self._parts.append((weight, bias))
                self._norm.append((w[f"norms.{layer}.weight"], w[f"norms.{layer}.bias"]))
            optional = [name for name, key in _CONDITIONING.items() if config.get(key)]
            sides = [f"convs.{layer}.lin_{side}" for layer in range(self.layers) for side in "lr"]
            for name in ("project", "sens_head.0", "sens_head.2", "nec_head.0", "nec_head.2", *sides, *optional):
                self._linear[name]  # noqa: B018 - present, or the checkpoint is not a ScorerNet's
        except KeyError as exc:
            raise ScorerError(f"the scorer checkpoint lacks {exc.args[0]!r}") from None
        except (TypeError, ValueError, ArithmeticError) as exc:  # a shape or a count that does not fit
            raise ScorerError(f"the scorer checkpoint does not fit its config: {exc}") from None

    @classmethod
    def load(cls, path: Path, config: dict) -> NumpyNet:
        try:
            return cls(load_file(str(path)), config)
        except FileNotFoundError:
            raise ScorerError(f"no scorer checkpoint at {path}") from None
        except (SafetensorError, OSError, ValueError) as exc:
            raise ScorerError(f"cannot load scorer checkpoint {path}: {str(exc).splitlines()[0]}") from exc

    def _apply(self, name: str, x: np.ndarray) -> np.ndarray:
        weight, bias = self._linear[name]
        return x @ weight + bias

    def project_text(self, emb: np.ndarray) -> np.ndarray:
        """The projection of x's text columns (its first DIM: the text's vector), without bias
        or task: a function of a node's text alone, which a caller may remember per text and
        pass back as `__call__`'s `projected`."""
        weight, _ = self._linear["project"]
        if emb.ndim != 2 or emb.shape[1] != DIM:
            raise ScorerError(f"text vectors of {DIM} columns expected, got {emb.shape}")
        return emb @ weight[:DIM]

    def __call__(
        self,
        x: np.ndarray,
        task: np.ndarray,
        feats: np.ndarray,
        edges: np.ndarray,
        batch: np.ndarray,
        projected: np.ndarray | None = None,
    ) -> tuple[np.ndarray, np.ndarray]:
        """`projected`: `project_text` of x's text columns, row by row, where the caller has it
        (used on the one-task path, the others project x whole)."""
        c, hidden = self.config, self.hidden
        gamma_beta = self._apply("film", task) if c.get("film") else None  # (tasks, 2 hidden)
        if gamma_beta is not None and len(gamma_beta) == 1:
            # one task (an agent's step): FiLM's (1 + γ) h + β folds into the projection's
            # weights and bias, no (nodes, hidden) pass
            weight, bias = self._linear["project"]
            scale = 1 + gamma_beta[0, :hidden]
            if projected is not None and projected.shape == (len(x), hidden):
                # the text columns' product remembered per text: only the structural ones here
                h = projected * scale
                h += x[:, DIM:] @ (weight[DIM:] * scale)
            else:
                h = x @ (weight * scale)
            h += bias * scale + gamma_beta[0, hidden:]
        else:
            h = self._apply("project", x)
            if gamma_beta is not None:
                gamma_beta = gamma_beta[batch]
                h *= 1 + gamma_beta[:, :hidden]  # h is this call's own array
                h += gamma_beta[:, hidden:]
        if c.get("task_features"):
            h += self._apply("task_proj", feats)
        if c.get("concat_task"):
            h = self._apply("concat", np.concatenate([h, task[batch]], axis=1))
        h = _elu(h)
        graph = self._work.layout_of(edges, len(h))
        attend = self._attend_forest if isinstance(graph, _Forest) else self._attend
        for layer in range(self.layers):
            h += _elu(self._norm_of(layer, attend(layer, h, graph)))  # h is this call's own array
        return self._expected("sens_head", h), self._expected("nec_head", h)

    def _attend(self, layer: int, h: np.ndarray, graph: _Edges) -> np.ndarray:
        """One GATv2Conv: e_ij = a · LeakyReLU(W_l h_j + W_r h_i), softmax over i's incoming
        edges, out_i = Σ_j α_ij W_l h_j + b, heads side by side."""
        n, hidden, heads, work = len(h), self.hidden, self.heads, self._work
        per_head, edges = hidden // heads, len(graph.src)
        left, right = self._each_side(layer, h)
        linear_left, linear_right = self._linear_parts(layer, h)
        # mode="clip": with the default "raise", numpy buffers a gather into `out` (3x slower);
        # _Edges.of has checked every index
        e = np.take(left, graph.src, axis=0, out=work.get("edge_left", (edges, hidden)), mode="clip")
        e += np.take(right, graph.dst, axis=0, out=work.get("edge_right", (edges, hidden)), mode="clip")
        # z = W_l h_j + W_r h_i; a · LeakyReLU(z) = _LINEAR a · z + _ABSOLUTE a · |z|: the first
        # term is a sum of two per-node products, so only |z| is computed per edge (one pass)
        np.abs(e, out=e)
        logits = e @ self._attention[layer]  # (edges, heads)
        logits *= _ABSOLUTE
        logits += linear_left[graph.src] + linear_right[graph.dst]
        starts = graph.indptr[:-1]
        logits -= np.repeat(np.maximum.reduceat(logits, starts, axis=0), graph.counts, axis=0)
        alpha = np.exp(logits)
        alpha /= np.repeat(np.add.reduceat(alpha, starts, axis=0), graph.counts, axis=0)
        out = np.empty((n, hidden), np.float32)
        for head in range(heads):
            columns = slice(head * per_head, (head + 1) * per_head)
            weights = scipy.sparse.csr_matrix((alpha[:, head], graph.src, graph.indptr), shape=(n, n))
            out[:, columns] = weights @ left[:, columns]
        out += self._bias[layer]
        return out

    def _attend_forest(self, layer: int, h: np.ndarray, forest: _Forest) -> np.ndarray:
        """`_attend` over a forest's edges: node i's three kinds of incoming edge (its loop, its
        parent's, its children's) each scored in one node-sized pass. The passes that read
        several (nodes, hidden) arrays run a block of rows at a time (`_ROWS`), so what a block
        reads twice is still in the core's cache the second time."""
        n, hidden, heads, work = len(h), self.hidden, self.heads, self._work
        left, right = self._each_side(layer, h)
        parent = forest.parent
        parent_left = np.take(left, parent, axis=0, out=work.get("parent_left", (n, hidden)), mode="clip")
        parent_right = np.take(right, parent, axis=0, out=work.get("parent_right", (n, hidden)), mode="clip")
        attention, z = self._attention[layer], work.get("z", (n, hidden))
        linear_left, linear_right = self._linear_parts(layer, h)
        # as in `_attend`: a · LeakyReLU(z) is a linear part summed per node, plus |z| per edge
        own = linear_left + linear_right  # i -> i
        down = linear_left[parent] + linear_right  # parent -> i
        up = linear_left + linear_right[parent]  # i -> its parent
        blocks = [slice(start, min(start + _ROWS, n)) for start in range(0, n, _ROWS)]
        for rows in blocks:
            block = z[: rows.stop - rows.start]
            for logits, source, target in ((own, left, right), (down, parent_left, right), (up, left, parent_right)):
                np.add(source[rows], target[rows], out=block)
                np.abs(block, out=block)
                absolute = block @ attention
                absolute *= _ABSOLUTE
                logits[rows] += absolute
        down[forest.roots] = up[forest.roots] = -np.inf  # a root has no parent
        top = np.maximum(own, down)  # each node's largest incoming logit, for a stable softmax
        if forest.owners.size:
            largest = np.maximum.reduceat(up[forest.children.indices], forest.starts, axis=0)
            top[forest.owners] = np.maximum(top[forest.owners], largest)
        for part, against in ((own, top), (down, top), (up, top[parent])):
            part -= against
            np.exp(part, out=part)
        total = own + down + forest.children @ up  # (nodes, heads)
        own /= total  # the weights normalised per head here, not the (nodes, hidden) sum after
        down /= total
        up /= total[parent]
        out, per_head = np.empty((n, hidden), np.float32), hidden // heads
        for rows in blocks:
            shape = (rows.stop - rows.start, heads, per_head)
            mine = np.multiply(left[rows].reshape(shape), own[rows, :, None], out=out[rows].reshape(shape))
            mine += np.multiply(
                parent_left[rows].reshape(shape), down[rows, :, None], out=parent_left[rows].reshape(shape)
            )
            np.multiply(left[rows].reshape(shape), up[rows, :, None], out=z[rows].reshape(shape))  # to the parent
        _add_product(out, forest.children, z)
        out += self._bias[layer]
        return out

    def _each_side(self, layer: int, h: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """W_l h and W_r h + b_l + b_r, each in an array of its own: the row gathers and sums read
        contiguous rows (3x faster gathers than from the halves of one product)."""
        left_weight, right_weight, bias = self._sides[layer]
        left = np.matmul(h, left_weight, out=self._work.get("l", (len(h), self.hidden)))
        right = np.matmul(h, right_weight, out=self._work.get("r", (len(h), self.hidden)))
        right += bias
        return left, right

    def _linear_parts(self, layer: int, h: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """_LINEAR a · W_l h and _LINEAR a · (W_r h + b_l + b_r) per node and head: LeakyReLU's
        linear part."""
        weight, bias = self._parts[layer]
        parts = h @ weight
        parts += bias
        return parts[:, : self.heads], parts[:, self.heads :]

    def _norm_of(self, layer: int, x: np.ndarray) -> np.ndarray:
        scale, shift = self._norm[layer]
        x -= (x @ self._mean_of_row)[:, None]  # a product: 4x faster than x.mean(axis=-1)
        spread = np.einsum("ij,ij->i", x, x)  # no (nodes, hidden) square: one pass
        spread /= x.shape[-1]
        spread += EPSILON
        np.sqrt(spread, out=spread)
        x *= np.reciprocal(spread, out=spread)[:, None]  # one division per row, not per element
        x *= scale
        x += shift
        return x

    def _expected(self, head: str, h: np.ndarray) -> np.ndarray:
        logits = self._apply(f"{head}.2", _elu(self._apply(f"{head}.0", h)))
        logits -= logits.max(axis=-1, keepdims=True)
        p = np.exp(logits)
        p /= p.sum(axis=-1, keepdims=True)
        return p @ LEVELS
