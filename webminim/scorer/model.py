"""The dual-score GATv2 network (Minim §4.2, Appendix B.2) and its CI-aware loss.

    h0 = W_in x                                     x: (N, 512) node features
    h0 = h0 ⊙ (1 + γ(t)) + β(t)     (FiLM)          t: (B, 384) task embedding, per graph
    h0 = h0 + W_task d                               d: (N, 15) node-task features
    h_{l+1} = h_l + ELU(LN(GATv2(h_l, E)))           3 layers, 4 heads × 64 = 256
    p_s, p_n = softmax(MLP_s(h3)), softmax(MLP_n(h3))    256 -> 128 -> 11 each
    ŝ = Σ_k k·p_s[k],  n̂ = Σ_k k·p_n[k]

Loss (eq. 3, α = λ = 1):
    L = mean|s - ŝ| + α · mean[(1 + λ · s/10 · (1 - n/10)) · |n - n̂|]
The sum of the paper is a mean here: the same optimum, a learning rate that does not
depend on page size.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

import torch
from torch import Tensor, nn
from torch_geometric.nn import GATv2Conv

from webminim.embedder import DIM as TEXT_DIM
from webminim.features import NODE_DIM, TASK_DIM

CLASSES = 11
_LEVELS = torch.arange(CLASSES, dtype=torch.float32)


@dataclass(frozen=True)
class ModelConfig:
    """Hyper-parameters of the network; `film` and `task_features` select the conditioning."""

    hidden: int = 256
    heads: int = 4
    layers: int = 3
    head_hidden: int = 128
    dropout: float = 0.1
    film: bool = True
    task_features: bool = True
    concat_task: bool = False

    def __post_init__(self) -> None:
        if self.hidden % self.heads:
            raise ValueError(f"hidden ({self.hidden}) must be divisible by heads ({self.heads})")
        if not (self.film or self.task_features or self.concat_task):
            raise ValueError("the network needs at least one way to see the task")

    def to_dict(self) -> dict:
        return asdict(self)


def expected_score(logits: Tensor) -> Tensor:
    """Expectation of the 11-class distribution: a differentiable score in [0, 10]."""
    return torch.softmax(logits, dim=-1) @ _LEVELS.to(logits.device)


class ScorerNet(nn.Module):
    """Shapes: x (N, 512), task (B, 384), task_feats (N, 15), edge_index (2, E), batch (N,)
    -> (s_logits, n_logits), each (N, 11)."""

    def __init__(self, config: ModelConfig | None = None) -> None:
        super().__init__()
        self.config = config = config or ModelConfig()
        h = config.hidden
        self.project = nn.Linear(NODE_DIM, h)
        self.film = nn.Linear(TEXT_DIM, 2 * h) if config.film else None
        self.task_proj = nn.Linear(TASK_DIM, h) if config.task_features else None
        self.concat = nn.Linear(h + TEXT_DIM, h) if config.concat_task else None
        self.convs = nn.ModuleList(
            GATv2Conv(h, h // config.heads, heads=config.heads, dropout=config.dropout) for _ in range(config.layers)
        )
        self.norms = nn.ModuleList(nn.LayerNorm(h) for _ in range(config.layers))
        self.sens_head = self._head()
        self.nec_head = self._head()
        self.dropout = nn.Dropout(config.dropout)
        self.reset_parameters()

    def _head(self) -> nn.Sequential:
        c = self.config
        return nn.Sequential(nn.Linear(c.hidden, c.head_hidden), nn.ELU(), nn.Linear(c.head_hidden, CLASSES))

    def reset_parameters(self) -> None:
        for module in self.modules():
            if module is not self and hasattr(module, "reset_parameters"):
                module.reset_parameters()
        if self.film is not None:  # start as the identity modulation
            nn.init.zeros_(self.film.weight)
            nn.init.zeros_(self.film.bias)

    def forward(
        self, x: Tensor, task: Tensor, task_feats: Tensor, edge_index: Tensor, batch: Tensor
    ) -> tuple[Tensor, Tensor]:
        h = self.project(x)
        if self.film is not None:
            gamma, beta = self.film(task)[batch].chunk(2, dim=-1)
            h = h * (1 + gamma) + beta
        if self.task_proj is not None:
            h = h + self.task_proj(task_feats)
        if self.concat is not None:
            h = self.concat(torch.cat([h, task[batch]], dim=-1))
        h = nn.functional.elu(h)
        for conv, norm in zip(self.convs, self.norms, strict=True):
            h = h + self.dropout(nn.functional.elu(norm(conv(h, edge_index))))
        return self.sens_head(h), self.nec_head(h)

    def __repr__(self) -> str:
        c = self.config
        return (
            f"ScorerNet(hidden={c.hidden}, heads={c.heads}, layers={c.layers}, film={c.film}, "
            f"task_features={c.task_features}, concat_task={c.concat_task})"
        )


def ci_loss(
    s_logits: Tensor,
    n_logits: Tensor,
    s: Tensor,
    n: Tensor,
    *,
    alpha: float = 1.0,
    lam: float = 1.0,
    ce: float = 1.0,
    positive_weight: float = 10.0,
) -> tuple[Tensor, Tensor, Tensor]:
    """(total, L_sens, L_nec): eq. 3, plus a cross-entropy term on the 11-way heads.

    The L1 of an expectation has vanishing gradients once the softmax saturates on class 0;
    with ~98% irrelevant nodes the pure eq. 3 collapsed to "remove everything" (TCNP 0.0
    after two epochs). The CE term (weight `ce`; 0 restores the paper's loss) keeps the
    gradients alive; necessary nodes (n ≥ 5) get `positive_weight` in it, and the CI weight
    multiplies it as it does the L1.
    """
    s_hat, n_hat = expected_score(s_logits), expected_score(n_logits)
    weight = 1 + lam * (s / 10) * (1 - n / 10)
    l_sens = (s - s_hat).abs().mean()
    l_nec = (weight * (n - n_hat).abs()).mean()
    if ce:
        ce_s = nn.functional.cross_entropy(s_logits, s.round().long())
        ce_weight = weight * torch.where(n >= 5, positive_weight, 1.0)
        ce_n = (ce_weight * nn.functional.cross_entropy(n_logits, n.round().long(), reduction="none")).mean()
        l_sens = l_sens + ce * ce_s
        l_nec = l_nec + ce * ce_n
    return l_sens + alpha * l_nec, l_sens, l_nec
