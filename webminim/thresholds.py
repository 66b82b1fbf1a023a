"""The policy's thresholds, validated on construction (light: the CLI reads its defaults
without loading the policy).

    Thresholds(tau_nec=1.0, tau_sens=5.0)    # the paper's operating point
"""

from __future__ import annotations

from dataclasses import dataclass

from webminim.errors import ConfigError

TAU_NEC = 1.0
TAU_SENS = 5.0
TAU_ROW = 5.0  # n̂ of a row's content from which the task is taken to act on that row
KEEP_FLOOR = 0.10  # rule 0: the controls among this share of a page's nodes, most necessary first, stay


@dataclass(frozen=True, slots=True)
class Thresholds:
    """Validated on construction: all thresholds live on the 0-10 score scale."""

    tau_nec: float = TAU_NEC
    tau_sens: float = TAU_SENS
    tau_disclose: float | None = None  # beyond the paper: show sensitive nodes this necessary
    tau_row: float = TAU_ROW  # safety net, rule 2
    keep_floor: float = KEEP_FLOOR  # safety net, rule 0: a share of the page, 0-1

    def __post_init__(self) -> None:
        if not isinstance(self.keep_floor, (int, float)) or not 0.0 <= float(self.keep_floor) <= 1.0:
            raise ConfigError(f"keep_floor must be a share between 0 and 1, got {self.keep_floor!r}")
        for name in ("tau_nec", "tau_sens", "tau_disclose", "tau_row"):
            value = getattr(self, name)
            if name == "tau_disclose" and value is None:
                continue
            if not isinstance(value, (int, float)) or not 0.0 <= float(value) <= 10.0:
                raise ConfigError(f"{name} must be a number between 0 and 10, got {value!r}")
