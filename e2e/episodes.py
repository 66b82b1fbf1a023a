"""Which pages each task type is run on: deterministic (theme, page, injections, instance) cases."""

from __future__ import annotations

import random
from dataclasses import dataclass

from webarena_env.pages import PageSpec
from webarena_env.server import ServedPage
from webarena_env.tasks import TASK_TYPES, PageView, TaskInstance, applicable, instances_for

PAGES = {
    "shop": ("product", "search", "home", "wishlist", "twofa", "cart"),
    "forum": ("post", "front", "reply", "forums"),
    "mail": ("message", "inbox", "reply", "compose"),
}
INJECT = "tabs.banner,otp.toast,slack.sidebar,password.modal"


@dataclass(frozen=True, slots=True)
class Case(ServedPage):
    task: TaskInstance

    @property
    def label(self) -> str:
        return f"{self.task.type}-{self.spec.theme}-{self.spec.page}"


SEED = 90_001  # page seed outside any default corpus (seeds 0..trees-1): pages the model never saw


def cases(per_theme: int = 1, seed: int = SEED, *, seeds: int = 1) -> list[Case]:
    """`per_theme` instances of every task type in each theme, on the first pages supporting
    it, for each of `seeds` page seeds (seed, seed + 1, ...: other content, other wording)."""
    out: list[Case] = []
    for k in range(seeds):
        out += _cases(per_theme, seed + k)
    return out


def _cases(per_theme: int, seed: int) -> list[Case]:
    found: dict[tuple[str, str], list[Case]] = {}
    for theme in ("a", "b"):
        for site, pages in PAGES.items():
            for page in pages:
                spec = PageSpec(theme, site, page, seed)
                inject = "tabs.banner,slack.sidebar,password.modal" if page == "twofa" else INJECT
                view_case = Case(spec, inject, TaskInstance("", "", "informational"))
                view = PageView.of(spec, view_case.injections())
                rng = random.Random(f"{theme}/{site}/{page}")
                for task in instances_for(view, rng, per_type=2):
                    bucket = found.setdefault((task.type, theme), [])
                    if len(bucket) < per_theme and all(c.task.text != task.text for c in bucket):
                        bucket.append(Case(spec, inject, task))
    missing = {t for t in TASK_TYPES for th in ("a", "b") if not found.get((t, th))}
    if missing:
        raise AssertionError(f"no page supports {sorted(missing)}")
    return [c for key in sorted(found) for c in found[key]]


__all__ = ["Case", "applicable", "cases"]
