"""The normative policy layer (Minim §4.3): scores -> Keep / Abstract / Remove.

    R  if n̂ < τ_nec
    A  if n̂ ≥ τ_nec and ŝ ≥ τ_sens   (and n̂ < τ_disclose, when set)
    K  otherwise                                  τ_nec = 1.0, τ_sens = 5.0

Thresholds are policy, not model: change them without retraining.

Beyond the paper, a safety net of named rules (`RULES`, one module each under `rules/`, run in
one pinned order by `engine`): on pages unlike its training data the model can keep a label but
not its field, or score the very button the task names n̂ ≈ 0; removing a harmless "Submit"
saves a few tokens and costs the task. Each rule raises removed nodes (never showing sensitive
text raw: a raised node takes the decision its own ŝ gives, or A where the rule says so) or
lowers decisions, and records its reason; `decide_explained` returns them, and the audit log
shows them. Everything is a pure function of the tree, the task and the scores, linear in the
tree but for the floor's sort of n̂.

    context = PolicyContext.of(tree, "Delete the email from Dana")
    actions, why = decide_explained(s_hat, n_hat, Thresholds(), context)            # all rules
    actions, why = decide_explained(s_hat, n_hat, Thresholds(), context, net=False)  # the model alone
    actions, why = decide_explained(s_hat, n_hat, Thresholds(), context, rules=select_rules("-rows"))
"""

from webminim.decisions import A, K, R
from webminim.page_structure import controls_of, normalize
from webminim.policy.context import PageContext, PolicyContext
from webminim.policy.engine import BASE_RULES, RULE_NAMES, RULES, decide, decide_explained, select_rules
from webminim.policy.rules.anchors import WHY_ANCHOR
from webminim.policy.rules.codes import WHY_CODE
from webminim.policy.rules.controls import WHY_CONTROL, WHY_CONTROL_ABSTRACTED
from webminim.policy.rules.dialogs import WHY_DIALOG
from webminim.policy.rules.fallback import WHY_FALLBACK
from webminim.policy.rules.floor import WHY_FLOOR, WHY_FLOOR_CONTENT, most_necessary
from webminim.policy.rules.forms import FORM_CONTROLS, WHY_FORM
from webminim.policy.rules.icon_words import WHY_ICON_WORD
from webminim.policy.rules.name_text import WHY_TEXT
from webminim.policy.rules.names import NAME_WORDS, WHY_NAME_INSIDE, WHY_NAME_LINE
from webminim.policy.rules.pairs import WHY_LABEL, WHY_LABELLED, WHY_OPTION
from webminim.policy.rules.previews import WHY_PREVIEW
from webminim.policy.rules.read_rows import WHY_ROW_TEXT, WHY_ROWS_CALLED
from webminim.policy.rules.rows import WHY_ROW
from webminim.policy.rules.search import WHY_SEARCH
from webminim.policy.rules.section_actions import WHY_SECTION_ACTION
from webminim.policy.rules.sections import WHY_SECTION
from webminim.policy.rules.synonyms import WHY_SYNONYM
from webminim.policy.rules.tabs import WHY_TAB_CONTENT
from webminim.policy.rules.unaimable import WHY_UNAIMABLE
from webminim.policy.vocabulary import name_runs, words_of
from webminim.thresholds import KEEP_FLOOR, TAU_NEC, TAU_ROW, TAU_SENS, Thresholds

__all__ = [
    "A",
    "BASE_RULES",
    "FORM_CONTROLS",
    "KEEP_FLOOR",
    "K",
    "NAME_WORDS",
    "R",
    "RULES",
    "RULE_NAMES",
    "TAU_NEC",
    "TAU_ROW",
    "TAU_SENS",
    "WHY_ANCHOR",
    "WHY_CODE",
    "WHY_CONTROL",
    "WHY_CONTROL_ABSTRACTED",
    "WHY_DIALOG",
    "WHY_FALLBACK",
    "WHY_FLOOR",
    "WHY_FLOOR_CONTENT",
    "WHY_FORM",
    "WHY_ICON_WORD",
    "WHY_LABEL",
    "WHY_LABELLED",
    "WHY_NAME_INSIDE",
    "WHY_NAME_LINE",
    "WHY_OPTION",
    "WHY_PREVIEW",
    "WHY_ROW",
    "WHY_ROWS_CALLED",
    "WHY_ROW_TEXT",
    "WHY_SEARCH",
    "WHY_SECTION",
    "WHY_SECTION_ACTION",
    "WHY_SYNONYM",
    "WHY_TAB_CONTENT",
    "WHY_TEXT",
    "WHY_UNAIMABLE",
    "PageContext",
    "PolicyContext",
    "Thresholds",
    "controls_of",
    "decide",
    "decide_explained",
    "most_necessary",
    "name_runs",
    "normalize",
    "select_rules",
    "words_of",
]
