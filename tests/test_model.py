"""The GATv2 scorer on tiny tensors: shapes, score range, determinism, loss by hand."""

from __future__ import annotations

import pytest
import torch

from webminim.features import NODE_DIM, TASK_DIM
from webminim.scorer.model import CLASSES, ModelConfig, ScorerNet, ci_loss, expected_score


def tiny_graph(nodes: int = 5, graphs: int = 2):
    torch.manual_seed(0)
    x = torch.randn(nodes * graphs, NODE_DIM)
    feats = torch.randn(nodes * graphs, TASK_DIM)
    task = torch.randn(graphs, 384)
    chain = torch.tensor([[i, i + 1] for i in range(nodes - 1)]).T
    edges = torch.cat([torch.cat([chain, chain.flip(0)], dim=1) + g * nodes for g in range(graphs)], dim=1)
    batch = torch.arange(graphs).repeat_interleave(nodes)
    return x, task, feats, edges, batch


def test_shapes_and_score_range():
    model = ScorerNet().eval()
    s_logits, n_logits = model(*tiny_graph())
    assert s_logits.shape == n_logits.shape == (10, CLASSES)
    for scores in (expected_score(s_logits), expected_score(n_logits)):
        assert scores.shape == (10,) and bool(((scores >= 0) & (scores <= 10)).all())


def test_deterministic_in_eval_mode():
    torch.manual_seed(1)
    model = ScorerNet().eval()
    inputs = tiny_graph()
    a, b = model(*inputs), model(*inputs)
    assert torch.equal(a[0], b[0]) and torch.equal(a[1], b[1])


def test_task_changes_necessity():
    torch.manual_seed(2)
    model = ScorerNet(ModelConfig(film=True, task_features=False, dropout=0.0)).eval()
    torch.nn.init.normal_(model.film.weight)  # FiLM starts as identity; give it a say
    x, task, feats, edges, batch = tiny_graph()
    _, n1 = model(x, task, feats, edges, batch)
    _, n2 = model(x, -task, feats, edges, batch)
    assert not torch.allclose(n1, n2)


def test_gatv2_backbone_is_three_layers_of_four_heads():
    model = ScorerNet()
    assert len(model.convs) == 3
    assert all(conv.heads == 4 and conv.out_channels == 64 for conv in model.convs)
    assert model.sens_head[0].in_features == 256 and model.sens_head[-1].out_features == 11


@pytest.mark.parametrize("bad", [{"hidden": 250}, {"film": False, "task_features": False, "concat_task": False}])
def test_invalid_config_is_refused(bad):
    with pytest.raises(ValueError):
        ModelConfig(**bad)


def one_hot_logits(classes: list[int]) -> torch.Tensor:
    """Logits whose softmax is (numerically) one-hot on the given classes."""
    logits = torch.full((len(classes), CLASSES), -50.0)
    logits[torch.arange(len(classes)), torch.tensor(classes)] = 50.0
    return logits


def test_loss_matches_the_paper_by_hand():
    # two nodes: s = (8, 0), n = (0, 10); predictions ŝ = (6, 1), n̂ = (4, 7)
    s, n = torch.tensor([8.0, 0.0]), torch.tensor([0.0, 10.0])
    total, l_sens, l_nec = ci_loss(one_hot_logits([6, 1]), one_hot_logits([4, 7]), s, n, ce=0.0)
    # L_sens = mean(|8-6|, |0-1|) = 1.5
    assert l_sens.item() == pytest.approx(1.5, abs=1e-4)
    # weights: 1 + 1·0.8·1 = 1.8 and 1 + 1·0·0 = 1; L_nec = mean(1.8·4, 1·3) = 5.1
    assert l_nec.item() == pytest.approx(5.1, abs=1e-4)
    assert total.item() == pytest.approx(6.6, abs=1e-4)


def test_ci_weight_penalises_sensitive_irrelevant_errors_more():
    logits = one_hot_logits([5])
    _, _, risky = ci_loss(logits, logits, torch.tensor([10.0]), torch.tensor([0.0]), ce=0.0)
    _, _, benign = ci_loss(logits, logits, torch.tensor([0.0]), torch.tensor([0.0]), ce=0.0)
    assert risky.item() == pytest.approx(2 * benign.item(), abs=1e-4)


def test_cross_entropy_term_keeps_gradients_alive_when_saturated():
    logits = one_hot_logits([0]).requires_grad_()
    loss, _, _ = ci_loss(logits, logits, torch.tensor([0.0]), torch.tensor([10.0]), ce=0.0)
    loss.backward()
    paper_grad = logits.grad.abs().sum().item()
    logits.grad = None
    loss, _, _ = ci_loss(logits, logits, torch.tensor([0.0]), torch.tensor([10.0]), ce=1.0)
    loss.backward()
    assert paper_grad < 1e-6 < logits.grad.abs().sum().item()
