"""Metrics by hand, the K/A/R rule, and thresholds validated on construction."""

from __future__ import annotations

import numpy as np
import pytest

from webminim.errors import ConfigError
from webminim.metrics import A, Instance, K, R, summarize, tok_post
from webminim.policy import Thresholds, decide


def inst(actions, n, s, tokens=None, interactive=None):
    size = len(actions)
    return Instance(
        s=np.array(s, dtype=np.float32),
        n=np.array(n, dtype=np.float32),
        interactive=np.array(interactive if interactive is not None else [False] * size),
        tokens=np.array(tokens if tokens is not None else [10] * size),
        actions=np.array(actions, dtype=np.int8),
    )


def test_decide_follows_the_rule():
    s = np.array([9.0, 9.0, 2.0, 2.0, 5.0])
    n = np.array([0.5, 3.0, 3.0, 0.99, 1.0])
    assert decide(s, n).tolist() == [R, A, K, R, A]
    assert decide(s, n, Thresholds(tau_nec=0.0, tau_sens=10.0)).tolist() == [K, K, K, K, K]


def test_tau_disclose_keeps_sensitive_nodes_the_task_must_read():
    s = np.array([9.0, 9.0, 9.0])
    n = np.array([10.0, 6.0, 0.5])
    assert decide(s, n).tolist() == [A, A, R]  # the paper's rule: off by default
    assert decide(s, n, Thresholds(tau_disclose=8.0)).tolist() == [K, A, R]


@pytest.mark.parametrize("bad", [{"tau_nec": -1}, {"tau_sens": 11}, {"tau_nec": "high"}, {"tau_disclose": 12}])
def test_thresholds_are_validated(bad):
    with pytest.raises(ConfigError):
        Thresholds(**bad)


def test_tok_post_as_in_the_paper():
    actions = np.array([K, A, A, R])
    tokens = np.array([40, 40, 400, 40])
    # K: tok; A: max(6, 0.05·tok) -> 6 and 20; R: 0
    assert tok_post(actions, tokens).tolist() == [40.0, 6.0, 20.0, 0.0]


def test_tcnp_tisl_keep_by_hand():
    # nodes: critical interactive (K), critical text (R), irrelevant sensitive (A), irrelevant sensitive (K)
    case = inst(
        [K, R, A, K], n=[10, 10, 0, 1], s=[1, 2, 8, 6], tokens=[5, 5, 20, 10], interactive=[True, False, False, False]
    )
    summary = summarize([case])
    assert summary.tcnp == pytest.approx(0.5)
    assert summary.tcnp_i == pytest.approx(1.0)
    # leaked: 8·6 (A) + 6·10 (K) = 108; full: 8·20 + 6·10 = 220
    assert summary.tisl == pytest.approx(108 / 220)
    assert summary.keep == pytest.approx(0.75) and summary.k == pytest.approx(0.5) and summary.a == 0.25


def test_tisl_is_normalised_over_the_whole_dataset():
    a = inst([R, K], n=[0, 0], s=[10, 1], tokens=[100, 10])  # leaks 10 of 1010
    b = inst([K], n=[0], s=[5], tokens=[2])  # leaks 10 of 10
    assert summarize([a, b]).tisl == pytest.approx(20 / 1020)


def test_a_control_stays_while_its_label_is_shown():
    from extractors.tree import TreeBuilder
    from webminim.policy import controls_of

    b = TreeBuilder()
    b.add("root", "RootWebArea", name="Post")
    b.add("link", "link", parent="root", name="Reply")
    b.add("text", "StaticText", parent="link", name="Reply")
    b.add("other", "StaticText", parent="root", name="Ad")
    tree = b.build(url="http://forum.test/post")
    controls = controls_of(tree)
    assert controls.tolist() == [-1, -1, 1, -1]
    s = np.array([1.0, 1.0, 1.0, 1.0])
    n = np.array([10.0, 0.2, 6.0, 0.1])  # the scorer wants the text but not its link
    assert decide(s, n).tolist() == [K, R, K, R]
    assert decide(s, n, controls=controls).tolist() == [K, K, K, R]  # the link can be clicked
    s[1] = 8.0
    assert decide(s, n, controls=controls)[1] == A  # a sensitive control is shown abstracted
