"""The thin engine: the paper's thresholds, then the rules in one pinned order.

    R  if n̂ < τ_nec
    A  if n̂ ≥ τ_nec and ŝ ≥ τ_sens   (and n̂ < τ_disclose, when set)
    K  otherwise                                  τ_nec = 1.0, τ_sens = 5.0

Then the safety net's rules (`RULES`, one module each in `webminim.policy.rules`), each of which
raises removed nodes or lowers decisions and records why. Two of them (`control-text`,
`control-abstracted`) are part of the policy itself and run whenever `controls_of` is known;
the others need a `PolicyContext` and can be turned off by name for an ablation
(`select_rules`, `webminim eval --rules`).
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from webminim.decisions import A, K, R
from webminim.errors import ConfigError
from webminim.policy.context import Analyses, PolicyContext, provide
from webminim.policy.rule import Draft, Rule
from webminim.policy.rules.anchors import Anchors, anchors, compound_key, compounds, short_named
from webminim.policy.rules.codes import Codes, asks_for_code
from webminim.policy.rules.controls import ControlAbstracted, ControlText
from webminim.policy.rules.dialogs import Dialogs
from webminim.policy.rules.fallback import Fallback
from webminim.policy.rules.floor import Floor, FloorContent
from webminim.policy.rules.forms import Forms, forms_of
from webminim.policy.rules.icon_words import ACTS, IconWords, act_stems, icon_worded
from webminim.policy.rules.name_text import NameText
from webminim.policy.rules.names import Names, names_inside
from webminim.policy.rules.pairs import Pairs
from webminim.policy.rules.previews import Previews, previews_of
from webminim.policy.rules.read_rows import ReadRows
from webminim.policy.rules.rows import Rows
from webminim.policy.rules.search import Search, looks_up, search_controls
from webminim.policy.rules.section_actions import SectionActions
from webminim.policy.rules.sections import Sections, reads
from webminim.policy.rules.synonyms import Synonyms
from webminim.policy.rules.tabs import TabContent
from webminim.policy.rules.unaimable import Unaimable
from webminim.thresholds import Thresholds

# the page and task analyses the rules keep with them, for every PolicyContext
provide(
    Analyses(
        acts=ACTS,
        act_stems=act_stems,
        compound_key=compound_key,
        search_controls=search_controls,
        forms_of=forms_of,
        previews_of=previews_of,
        anchors=anchors,
        compounds=compounds,
        short_named=short_named,
        icon_worded=icon_worded,
        names_inside=names_inside,
        asks_for_code=asks_for_code,
        reads=reads,
        looks_up=looks_up,
    )
)

# The pinned order. Raising rules first, most specific to the task first (what it names, the
# rows it acts on, what it reads, the form it fills); then a control and its text; then the
# lowering rules and the pairs that follow what is shown; the unaimable row controls last,
# once everything that could tell their row apart has been decided.
RULES: tuple[Rule, ...] = (
    Floor(),
    Anchors(),
    Synonyms(),
    IconWords(),
    Rows(),
    SectionActions(),
    Fallback(),
    Codes(),
    Dialogs(),
    Sections(),
    ReadRows(),
    Search(),
    Names(),
    Forms(),
    ControlText(),
    ControlAbstracted(),
    TabContent(),
    Previews(),
    Pairs(),
    FloorContent(),
    NameText(),
    Unaimable(),
)
RULE_NAMES: tuple[str, ...] = tuple(r.name for r in RULES if not r.base)
BASE_RULES: tuple[str, ...] = tuple(r.name for r in RULES if r.base)


def select_rules(spec: str) -> frozenset[str]:
    """The net's rules a spec names: "all", "none", "-NAME[,-NAME…]" (all but those) or
    "NAME[,NAME…]" (only those). The base rules always run."""
    spec = spec.strip()
    if spec == "all":
        return frozenset(RULE_NAMES)
    if spec == "none":
        return frozenset()
    parts = [p.strip() for p in spec.split(",") if p.strip()]
    if not parts:
        raise ConfigError("--rules needs all, none, NAME[,NAME…] or -NAME[,-NAME…]")
    drop = [p.startswith("-") for p in parts]
    if any(drop) and not all(drop):
        raise ConfigError(f"--rules {spec!r} mixes NAME and -NAME; give one kind")
    names = [p.removeprefix("-") for p in parts]
    for name in names:
        if name not in RULE_NAMES:
            where = "always runs" if name in BASE_RULES else "is no rule"
            raise ConfigError(f"--rules: {name!r} {where}; rules: {', '.join(RULE_NAMES)}")
    return frozenset(RULE_NAMES) - set(names) if all(drop) else frozenset(names)


def decide(
    s_hat: np.ndarray,
    n_hat: np.ndarray,
    thresholds: Thresholds = Thresholds(),
    context: PolicyContext | np.ndarray | None = None,
    *,
    controls: np.ndarray | None = None,
    net: bool = True,
    rules: Iterable[str] | None = None,
) -> np.ndarray:
    """R / A / K (0 / 1 / 2) per node; see `decide_explained`."""
    return decide_explained(s_hat, n_hat, thresholds, context, controls=controls, net=net, rules=rules)[0]


def decide_explained(
    s_hat: np.ndarray,
    n_hat: np.ndarray,
    thresholds: Thresholds = Thresholds(),
    context: PolicyContext | np.ndarray | None = None,
    *,
    controls: np.ndarray | None = None,
    net: bool = True,
    rules: Iterable[str] | None = None,
) -> tuple[np.ndarray, dict[int, str]]:
    """R / A / K (0 / 1 / 2) per node, and why each node a rule decided (raised or lowered)
    was decided so; a node no rule touched is the model's, by its scores.

    With `tau_disclose` set, a sensitive node whose necessity reaches it is kept rather than
    abstracted: for tasks that must read it (an email the user asked to summarize). Off by
    default, as in the paper. With a `context` (or the older `controls`, from `controls_of`)
    the base rules apply (a control whose text is shown stays); with a context and `net` the
    net's rules apply too, all of them or those `rules` names (`select_rules`). `net=False`
    is the policy before the net: the model's decisions, for comparisons.
    """
    sensitive = s_hat >= thresholds.tau_sens
    if thresholds.tau_disclose is not None:
        sensitive &= n_hat < thresholds.tau_disclose
    actions = np.where(sensitive, A, K).astype(np.int8)
    actions[n_hat < thresholds.tau_nec] = R
    if isinstance(context, np.ndarray):  # the older positional `controls`
        context, controls = None, context
    if context is not None:
        controls = context.page.controls
    if controls is None:
        return actions, {}
    chosen = frozenset(RULE_NAMES if rules is None else rules) if net and context is not None else frozenset()
    draft = Draft(s_hat, n_hat, thresholds, context, controls, actions)
    for rule in RULES:
        if (rule.base or rule.name in chosen) and rule.applies(draft):
            rule.apply(draft)
    return draft.actions, {**draft.reasons, **draft.lowered}
