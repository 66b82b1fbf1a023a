"""The PSD taxonomy (ToolMinimize Table II) and the tool trust levels E of DESIGN.md.

PC(t, args) = Σ_j S(p_j) · E(t) · N(p_j, f)
"""

from __future__ import annotations

from enum import StrEnum

from webminim.errors import ConfigError


class Category(StrEnum):
    DI = "DI"  # direct identifiers: SSN, email, phone, name
    H = "H"  # health: conditions, medications, facilities
    F = "F"  # financial: account numbers, income, distress
    QI = "QI"  # quasi-identifiers: age, ZIP, occupation, date of birth
    L = "L"  # location: street addresses, GPS
    R = "R"  # relational: family, associations
    B = "B"  # behavioural: habits, substance use
    Tp = "Tp"  # temporal patterns: schedules, routines
    I = "I"  # noqa: E741 - the paper's code; intent: inferred goals, plans
    Im = "Im"  # implicit context


SENSITIVITY: dict[Category, int] = {
    Category.DI: 4,
    Category.H: 4,
    Category.F: 4,
    Category.QI: 3,
    Category.L: 3,
    Category.R: 3,
    Category.B: 2,
    Category.Tp: 2,
    Category.I: 2,
    Category.Im: 1,
}
CRITICAL = frozenset({Category.DI, Category.H, Category.F})

TRUST: dict[str, float] = {
    "third_party_no_dpa": 1.0,  # the default: nothing known about the recipient
    "third_party_dpa": 0.7,
    "first_party": 0.5,
    "local": 0.2,
}
DEFAULT_TRUST = "third_party_no_dpa"


def trust_factor(level: str) -> float:
    try:
        return TRUST[level]
    except KeyError:
        raise ConfigError(f"unknown trust level {level!r}; choose one of {', '.join(TRUST)}") from None
