"""Free-text egress on messages no one here wrote: the held-out outside source first.

    python bench/outside_text.py --data DIR [--repeat 3]

DIR holds `heldout_messages.jsonl` (the held-out outside source: each record a message an
over-sharing agent would send, its task, the spans that carry a private item and those that
carry what the task needs; benign variants have no private span) and, optionally,
`heldout_benign.jsonl` (everyday messages of a source never trained on: {"id", "source",
"task", "text"}). `CI_MODEL.md` says where they come from; they are not in this repository.

Metrics, per method:
- leaked: private items still readable in what is sent (half or more of the item's own
  words, those the rest of the message does not also use, survive);
- needed kept: items the task needs whose own words all survive;
- benign unchanged: messages with nothing private sent byte-identical;
- p50 / p99 ms per message of 50-400 words.
Methods: the message as written; Presidio's analyzer with pattern recognizers only (the no-op
NLP engine) and its anonymizer; the same with the spaCy NLP engine and en_core_web_sm's NER
(`presidio_baseline.SPACY_MODEL`, optional: its row says how to install it when it is not);
the clause rules of `webminim.egress.freetext` as a required free-text field used them;
webminim's TextMinimizer.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
from presidio_baseline import SPACY_INSTALL, SPACY_LABEL, SPACY_MODEL, PresidioText, spacy_model_installed  # noqa: E402
from rich.console import Console
from rich.table import Table

from webminim.egress.classifier import PSDClassifier
from webminim.egress.freetext import minimize_text, needed_part
from webminim.egress.matching import names_any
from webminim.egress.text import TextMinimizer
from webminim.egress.text.ci import default_model
from webminim.errors import EgressError

_WORD = re.compile(r"[^\W_]{3,}", re.U)
Method = Callable[[dict[str, Any]], str]


def words(text: str) -> list[str]:
    return [w.lower() for w in _WORD.findall(text)]


def own_words(item: str, text: str) -> set[str]:
    """The item's words the rest of the message does not use (what only it tells)."""
    rest = text.replace(item, " ")
    return set(words(item)) - set(words(rest)) or set(words(item))


def survives(item: str, original: str, sent: str, share: float) -> bool:
    mine = own_words(item, original)
    if not mine:
        return item in sent
    left = set(words(sent))
    return len(mine & left) >= share * len(mine)


def load(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


class Presidio(PresidioText):
    def __call__(self, record: dict[str, Any]) -> str:
        return self.text(record["text"])


class RuleLayer:
    """The clause rules of `webminim.egress.freetext`, as a required free-text field met them."""

    def __init__(self) -> None:
        self.classifier = PSDClassifier()

    def __call__(self, record: dict[str, Any]) -> str:
        text, task = record["text"], record.get("task", "")
        try:
            found = self.classifier.classify_text(text)
            unnecessary = [f for f in found if not names_any(f.text, (task,))]
            if unnecessary:
                return minimize_text(text, found, unnecessary, task, None)
            return needed_part(text, task, required=True) or ""
        except EgressError:  # over its time budget on a loaded machine: nothing is sent, as for TextMinimizer
            return ""


class Webminim:
    def __init__(self) -> None:
        self.minimizer = TextMinimizer()
        self.held_back = 0  # calls that failed closed (over the time budget): nothing is sent

    def __call__(self, record: dict[str, Any]) -> str:
        try:
            return self.minimizer.minimize(
                record["text"], task=record.get("task", ""), recipient=record.get("recipient", "")
            ).text
        except EgressError:
            self.held_back += 1
            return ""

    def forget(self) -> None:
        default_model().forget()


def score(method: Method, messages: list[dict[str, Any]], benign: list[dict[str, Any]]) -> dict[str, float]:
    leaked = private = kept = needed = unchanged = clean = 0
    for record in messages:
        sent = method(record)
        for item in record.get("sensitive", []):
            private += 1
            leaked += survives(item, record["text"], sent, 0.5)
        for item in record.get("needed", []):
            needed += 1
            kept += survives(item, record["text"], sent, 1.0)
        if not record.get("sensitive"):
            clean += 1
            unchanged += sent == record["text"]
    for record in benign:
        clean += 1
        unchanged += method(record) == record["text"]
    return {
        "leaked": leaked / private if private else float("nan"),
        "needed kept": kept / needed if needed else float("nan"),
        "benign unchanged": unchanged / clean if clean else float("nan"),
        "n_private": private,
        "n_needed": needed,
        "n_benign": clean,
    }


def timing(method: Method, records: list[dict[str, Any]], repeat: int) -> tuple[float, float, int]:
    """p50, p99 ms per message of 50-400 words, each read as new: what the method remembers of
    texts it has seen (the scoring pass saw these) is dropped before every call."""
    sized = [r for r in records if 50 <= len(r["text"].split()) <= 400]
    forget = getattr(method, "forget", lambda: None)
    times = []
    for _ in range(repeat):
        for record in sized:
            forget()
            started = time.perf_counter()
            method(record)
            times.append((time.perf_counter() - started) * 1000)
    if not times:
        return float("nan"), float("nan"), 0
    times.sort()
    return statistics.median(times), times[min(len(times) - 1, int(0.99 * len(times)))], len(sized)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--data", type=Path, action="append", required=True, help="a folder of heldout_messages.jsonl (repeatable)"
    )
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    methods: dict[str, Method | None] = {
        "sent as written": lambda r: r["text"],
        "Presidio (pattern recognizers only, no NER)": Presidio(),
        SPACY_LABEL: Presidio(SPACY_MODEL) if spacy_model_installed() else None,
        "webminim clause rules (freetext.py)": RuleLayer(),
        "webminim TextMinimizer": Webminim(),
    }
    for folder in args.data:
        messages = load(folder / "heldout_messages.jsonl")
        benign = load(folder / "heldout_benign.jsonl")
        if not messages and not benign:
            print(f"outside_text: no messages in {folder}", file=sys.stderr)
            return 2
        sources = sorted({r["source"] for r in messages} | {r["source"] for r in benign})
        table = Table(title=f"{folder.name}: {', '.join(sources)}")
        for column in ("method", "leaked", "needed kept", "benign unchanged", "p50 ms", "p99 ms"):
            table.add_column(column)
        for name, method in methods.items():
            if method is None:
                table.add_row(f"{name}: not installed ({SPACY_INSTALL})", *["-"] * 5)
                continue
            s = score(method, messages, benign)
            p50, p99, n = timing(method, messages + benign, args.repeat)
            table.add_row(
                name,
                f"{s['leaked']:.1%}",
                f"{s['needed kept']:.1%}",
                f"{s['benign unchanged']:.1%}",
                f"{p50:.2f}",
                f"{p99:.2f}",
            )
        Console(width=140).print(table)
        print(
            f"{s['n_private']} private items, {s['n_needed']} needed items, {s['n_benign']} benign messages; "
            f"latency over {n} messages of 50-400 words x {args.repeat}"
        )
        ours = methods["webminim TextMinimizer"]
        if isinstance(ours, Webminim) and ours.held_back:
            print(f"webminim held back {ours.held_back} calls over its time budget (counted as nothing sent)")
            ours.held_back = 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
