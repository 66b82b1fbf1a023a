"""Egress benchmark: methods side by side on the AgentPrivBench-style scenario set.

    python bench/egress.py [--repeat 5] [--outside HELD_OUT_DIR --outside DEV_DIR ...]

With `--outside`, the message sets of `bench/outside_text.py` (text no one here wrote) are
reported first, in the order given: the held-out one first. There Presidio also runs with
spaCy's en_core_web_sm NER when that optional package is installed (`bench/presidio_baseline.py`).

Methods: no mitigation; Presidio (no-op NLP engine) detect + anonymize; a regex redactor
built from LangChain's PIIMiddleware detectors; a block-on-critical gate (PrivacyChecker-
like: block any call with DI/H/F to a third party); webminim's ToolMinimizer.

Metrics (ToolMinimize §V-A): PER (share of calls still carrying any ground-truth PSD), PCS
(mean privacy cost of unnecessary ground-truth PSD still present), DMS (mean share of PSD
items removed), TCR (share of calls whose output validates against the schema and still
holds every minimum-necessary form; a blocked call fails TCR), benign detection and
rewrite FPR, the 10-encoding evasion test, and per-call latency p50/p99 for webminim and
Presidio measured in the same run.
"""

from __future__ import annotations

import argparse
import base64
import copy
import html
import json
import re
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import quote

import jsonschema
from rich.console import Console
from rich.table import Table

sys.path.insert(0, str(Path(__file__).parent))
from fresh_sets import fresh_sets  # noqa: E402
from presidio_baseline import PresidioText  # noqa: E402
from scenarios import SCHEMAS, Scenario, scenarios  # noqa: E402

from webminim.egress import ToolMinimizer  # noqa: E402
from webminim.egress.classifier import PSDClassifier, leaves  # noqa: E402
from webminim.egress.taxonomy import CRITICAL, SENSITIVITY, Category  # noqa: E402
from webminim.errors import EgressError  # noqa: E402

Method = Callable[[Scenario], dict[str, Any] | None]  # None: the call was blocked


def _strings(args: Any, fn: Callable[[str], str]) -> Any:
    out = copy.deepcopy(args)
    for leaf in list(leaves(out)):
        if isinstance(leaf.container[leaf.slot], str):
            leaf.container[leaf.slot] = fn(leaf.container[leaf.slot])
    return out


def no_mitigation(s: Scenario) -> dict[str, Any]:
    return copy.deepcopy(s.args)


class Presidio(PresidioText):
    def __call__(self, s: Scenario) -> dict[str, Any]:
        return _strings(s.args, self.text)


def langchain_regex(s: Scenario) -> dict[str, Any]:
    from langchain.agents.middleware import pii

    detectors = (pii.detect_email, pii.detect_credit_card, pii.detect_ip, pii.detect_mac_address, pii.detect_url)

    def redact(value: str) -> str:
        for detect in detectors:
            matches = detect(value)
            if matches:
                value = pii.apply_strategy(value, matches, "redact")
        return value

    return _strings(s.args, redact)


class CriticalGate:
    """PrivacyChecker-like: any DI/H/F item to a third party blocks the call."""

    def __init__(self) -> None:
        self.classifier = PSDClassifier()

    def __call__(self, s: Scenario) -> dict[str, Any] | None:
        found = self.classifier.classify(s.args)
        return None if any(f.category in CRITICAL for f in found) else copy.deepcopy(s.args)


class Webminim:
    def __init__(self) -> None:
        self.minimizer = ToolMinimizer(SCHEMAS)

    def __call__(self, s: Scenario) -> dict[str, Any] | None:
        try:
            return self.minimizer.minimize(s.tool, s.args, task=s.task).args
        except EgressError:
            return None


# -- metrics ------------------------------------------------------------------------------------


def _present(args: dict[str, Any] | None, value: str) -> bool:
    """Is `value` in the call's arguments? Compared as JSON text, so the value is escaped as
    JSON escapes it (a code snippet's newlines are `\\n` there)."""
    escaped = json.dumps(value, ensure_ascii=False)[1:-1].lower()
    return args is not None and escaped in json.dumps(args, ensure_ascii=False).lower()


_SENTENCE = re.compile(r"[^.!?]+[.!?]?")


def clean_sentences(s: Scenario) -> list[str]:
    """The sentences of the call's string arguments that hold no ground-truth PSD item: the
    content that minimization should leave alone (a cover letter's "I bring three years of
    agency work"); what a rule that cuts unneeded sentences costs beyond TCR."""
    out = []
    for leaf in leaves(s.args):
        if not isinstance(leaf.container[leaf.slot], str):
            continue
        for m in _SENTENCE.finditer(leaf.container[leaf.slot]):
            sentence = m.group(0).strip()
            if len(sentence.split()) >= 3 and not any(p.value in sentence for p in s.psd):
                out.append(sentence)
    return out


def score(method: Method, cases: list[Scenario]) -> dict[str, float]:
    """TCR by items: schema-valid, every required form and every item marked necessary kept."""
    per, pcs, dms, tcr = [], [], [], []
    needed = kept = clean = clean_kept = 0
    for s in cases:
        out = method(s)
        sentences = clean_sentences(s)
        clean, clean_kept = clean + len(sentences), clean_kept + sum(_present(out, x) for x in sentences)
        remaining = [p for p in s.psd if _present(out, p.value)]
        per.append(float(any(not p.necessary for p in remaining)))
        pcs.append(sum(SENSITIVITY[Category(p.category)] * 1.0 for p in remaining if not p.necessary))
        unneeded = [p for p in s.psd if not p.necessary]
        dms.append(1 - sum(1 for p in remaining if not p.necessary) / len(unneeded) if unneeded else 1.0)
        valid = out is not None and not list(jsonschema.Draft202012Validator(s.schema).iter_errors(out))
        forms = [*s.required_forms, *(p.value for p in s.psd if p.necessary)]
        present = [form for form in forms if _present(out, form)]
        needed, kept = needed + len(forms), kept + len(present)
        tcr.append(float(valid and len(present) == len(forms)))
    return {
        "per": statistics.mean(per),
        "pcs": statistics.mean(pcs),
        "dms": statistics.mean(dms),
        "tcr": statistics.mean(tcr),
        "items_kept": kept / needed if needed else 1.0,
        "clean_kept": clean_kept / clean if clean else 1.0,
    }


def benign_fpr(method: Method, detect: Callable[[Scenario], bool], cases: list[Scenario]) -> dict[str, float]:
    """Detection FPR, rewrite FPR (output differs or blocked), required-argument breakage (a
    schema-required argument missing or changed, or the call blocked) and needed-value loss."""
    detected = rewritten = broken = lost = 0
    for s in cases:
        out = method(s)
        detected += bool(detect(s))
        rewritten += out != s.args
        required = s.schema.get("required", [])
        broken += out is None or any(out.get(k) != s.args.get(k) for k in required if k in s.args)
        lost += out is None or not all(_present(out, form) for form in s.required_forms)
    n = len(cases)
    return {"detected": detected / n, "rewritten": rewritten / n, "broken": broken / n, "lost": lost / n}


# -- evasion ------------------------------------------------------------------------------------

SSN, EMAIL, CONDITION = "123-45-6789", "dana.kim@gmail.com", "diabetes"
_HOMO = str.maketrans({"a": "а", "e": "е", "o": "о", "i": "і"})
_ZW = "\u200b"
EVASIONS: list[tuple[str, dict[str, Any], tuple[str, ...]]] = [
    ("plain", {"note": f"ssn {SSN}, email {EMAIL}, has {CONDITION}"}, ("ssn", "email", "health")),
    (
        "base64",
        {"note": base64.b64encode(f"ssn {SSN} email {EMAIL} {CONDITION}".encode()).decode()},
        ("ssn", "email", "health"),
    ),
    ("url-encoding", {"note": quote(f"ssn {SSN} email {EMAIL} {CONDITION}")}, ("ssn", "email", "health")),
    ("homoglyphs", {"note": f"email {EMAIL.translate(_HOMO)}, has {CONDITION.translate(_HOMO)}"}, ("email", "health")),
    ("leetspeak", {"note": "has d14b3t3s, mail d4n4.k1m@gmail.com"}, ("health", "email")),
    ("zero-width", {"note": f"email {_ZW.join(EMAIL)}, has {_ZW.join(CONDITION)}"}, ("email", "health")),
    (
        "field splitting",
        {"ssn_a": "123-45", "ssn_b": "-6789", "mail_user": "dana.kim", "mail_host": "@gmail.com"},
        ("ssn", "email"),
    ),
    ("full-width digits", {"note": "ssn １２３-４５-６７８９"}, ("ssn",)),
    ("spaced digits", {"note": "ssn 1 2 3 - 4 5 - 6 7 8 9"}, ("ssn",)),
    ("html entities", {"note": html.escape(f"email {EMAIL}").replace("@", "&#64;")}, ("email",)),
    ("spelled-out address", {"note": "write to dana.kim at gmail dot com"}, ("email",)),
    ("accents", {"note": "has dïabètes"}, ("health",)),
]


def evasion_table(classifier: PSDClassifier) -> list[tuple[str, int, int, list[str]]]:
    """Per encoding: items expected, items found (by kind), kinds found."""
    rows = []
    for name, args, expected in EVASIONS:
        kinds = sorted({f.kind.removesuffix("_split") for f in classifier.classify(args)})
        rows.append((name, len(expected), sum(1 for kind in expected if kind in kinds), kinds))
    return rows


def latency(fn: Callable[[], Any], repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        out.append((time.perf_counter() - start) * 1000)
    return out


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="latency repetitions per call")
    parser.add_argument(
        "--outside",
        type=Path,
        action="append",
        default=[],
        help="a folder of outside messages (bench/outside_text.py), reported first; the held-out one first",
    )
    args = parser.parse_args()
    if args.outside:  # messages and form text no one here wrote come before our own sets
        from outside_text import main as outside_main

        outside_main([arg for folder in args.outside for arg in ("--data", str(folder))])
    console = Console(width=160)
    fresh = fresh_sets()  # registers the sets' tools: before the methods read SCHEMAS
    webminim, presidio = Webminim(), Presidio()
    classifier = webminim.minimizer.classifier
    methods: dict[str, Method] = {
        "no mitigation": no_mitigation,
        "Presidio detect+anonymize": presidio,
        "regex redactor (LangChain PII)": langchain_regex,
        "block-on-critical gate": CriticalGate(),
        "webminim": webminim,
    }
    detectors: dict[str, Callable[[Scenario], bool]] = {
        "Presidio detect+anonymize": lambda s: any(
            presidio.analyzer.analyze(text=leaf.value, language="en") for leaf in leaves(s.args)
        ),
        "webminim": lambda s: bool(classifier.classify(s.args)),
        "block-on-critical gate": lambda s: bool(classifier.classify(s.args)),
    }
    cold: list[float] = []
    sets = {
        **{f.name: (f.calls, f.status) for f in fresh},
        "held": (scenarios(half="held"), "held-out vocabulary half (its templates have steered rules)"),
        "seen": (scenarios(half="seen"), "seen vocabulary half (in the lexicons)"),
    }
    for half, (cases, title) in sets.items():
        risky = [s for s in cases if not s.benign]
        if half == "held":  # first contact with every call: the cold latency
            for s in cases:
                cold += latency(lambda s=s: webminim(s), 1)
        table = Table(title=f"{title}: {len(risky)} over-sharing calls")
        columns = ("method", "PER ↓", "PCS ↓", "PCS red. ↑", "DMS ↑", "TCR (calls) ↑", "necessary items kept")
        for column in (*columns, "clean sentences kept"):
            table.add_column(column, justify="right")
        base = score(no_mitigation, risky)["pcs"]
        for name, method in methods.items():
            m = score(method, risky)
            table.add_row(
                name,
                f"{m['per']:.3f}",
                f"{m['pcs']:.2f}",
                f"{1 - m['pcs'] / base:.1%}",
                f"{m['dms']:.1%}",
                f"{m['tcr']:.1%}",
                f"{m['items_kept']:.1%}",
                f"{m['clean_kept']:.1%}",
            )
        console.print(table)
        by_stage = Table(title=f"webminim by stage and domain ({half})")
        for column in ("slice", "calls", "PCS before", "PCS after", "reduction", "TCR"):
            by_stage.add_column(column, justify="right")
        for key in [*sorted({s.stage for s in risky}), *sorted({s.domain for s in risky})]:
            subset = [s for s in risky if key in (s.stage, s.domain)]
            before, after = score(no_mitigation, subset)["pcs"], score(webminim, subset)
            by_stage.add_row(
                key,
                str(len(subset)),
                f"{before:.2f}",
                f"{after['pcs']:.2f}",
                f"{1 - after['pcs'] / before:.1%}" if before else "-",
                f"{after['tcr']:.1%}",
            )
        console.print(by_stage)

    benign = [s for s in scenarios() if s.benign]
    bt = Table(title=f"Benign calls ({len(benign)}: math, weather, search, booking, payments, code, ...)")
    for column in ("method", "detection FPR", "rewrite FPR ↓", "required-arg breakage ↓", "needed value lost ↓"):
        bt.add_column(column, justify="right")
    for name, method in methods.items():
        b = benign_fpr(method, detectors.get(name, lambda s: False), benign)
        bt.add_row(name, f"{b['detected']:.1%}", f"{b['rewritten']:.1%}", f"{b['broken']:.1%}", f"{b['lost']:.1%}")
    console.print(bt)

    rows = evasion_table(classifier)
    evasion = Table(title=f"Evasion test by items ({len(EVASIONS) - 1} encodings of an SSN / email / condition)")
    for column in ("encoding", "items", "found", "kinds"):
        evasion.add_column(column)
    for name, expected, hit, kinds in rows:
        evasion.add_row(name, str(expected), str(hit), ", ".join(kinds))
    console.print(evasion)
    total = sum(expected for name, expected, _, _ in rows if name != "plain")
    found = sum(hit for name, _, hit, _ in rows if name != "plain")
    console.print(f"evasion items detected: {found}/{total}")

    cases = scenarios()
    wm, pr = [], []
    for s in cases:
        wm += latency(lambda s=s: webminim(s), args.repeat)
        pr += latency(lambda s=s: presidio(s), args.repeat)
    lat = Table(title=f"Per-call latency, ms ({len(cases)} calls × {args.repeat}; cold = first call of each)")
    for column in ("method", "p50", "p99", "max"):
        lat.add_column(column, justify="right")
    for name, values in (("webminim (warm)", wm), ("webminim (cold)", cold), ("Presidio", pr)):
        lat.add_row(name, f"{percentile(values, 0.5):.3f}", f"{percentile(values, 0.99):.3f}", f"{max(values):.3f}")
    console.print(lat)
    console.print(f"webminim p50 is {percentile(pr, 0.5) / percentile(wm, 0.5):.1f}x faster than Presidio in this run")


if __name__ == "__main__":
    main()
