"""ToolMinimizer: classify -> price -> analyze -> rewrite -> validate, for one tool call.

    minimizer = ToolMinimizer({"get_weather": weather_schema})
    result = minimizer.minimize("get_weather", {"location": "1275 York Ave, NY 10065"},
                                task="What's the weather where my appointment is?")
    result.args, result.cost_before, result.cost_after

The cost is computed before any rewrite, so every call is priced even with rewriting off.
Necessity N(p, f): an item is necessary when the task (or `task_context`) names it, when it
is already at the field's precision hint, when a minimum-necessary structured field is
exactly that item, or when the tool type needs it (an email's recipient). Modes:
fail_closed (default; any doubt blocks the call), fail_open (forward, flag), fail_prompt
(forward with `needs_confirmation`).
"""

from __future__ import annotations

import copy
import json
import time
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from webminim.egress.classifier import PSDClassifier, leaves
from webminim.egress.detectors import Finding
from webminim.egress.handlers import CALENDAR_TITLE, Handler, tool_type
from webminim.egress.rewrite import Operation, generalize, redact, synthetic
from webminim.egress.schema import FieldSpec, ToolSchema
from webminim.egress.taxonomy import DEFAULT_TRUST, SENSITIVITY, trust_factor
from webminim.errors import ConfigError, EgressError

Mode = Literal["fail_closed", "fail_open", "fail_prompt"]
MODES: tuple[str, ...] = ("fail_closed", "fail_open", "fail_prompt")
MAX_ARGUMENT_BYTES = 4 * 1024 * 1024
_TRUNCATING = frozenset({"zip5", "zip3", "gps"})
_FORMAT_KINDS = {"date": "date", "date-time": "date", "email": "email", "idn-email": "email"}
_PRECISE_ENOUGH = {
    "city": {"city", "state"},
    "state": {"state"},
    "country": set(),
    "zip5": {"zip5"},
    "zip3": set(),
}


@dataclass(frozen=True, slots=True)
class Item:
    """A detected item, how it was priced and what happened to it (no raw text)."""

    category: str
    kind: str
    path: str
    start: int
    end: int
    sensitivity: int
    necessary: bool
    action: str

    def to_json(self) -> dict[str, Any]:
        return {
            "category": self.category,
            "kind": self.kind,
            "path": self.path,
            "span": [self.start, self.end],
            "s": self.sensitivity,
            "n": 0 if self.necessary else 1,
            "action": self.action,
        }


@dataclass
class MinimizeResult:
    tool: str
    args: Any
    cost_before: float
    cost_after: float
    items: list[Item]
    operations: list[Operation] = field(default_factory=list)
    flags: list[str] = field(default_factory=list)
    needs_confirmation: bool = False
    elapsed_ms: float = 0.0

    def to_json(self) -> dict[str, Any]:
        """The CLI contract: {"args", "cost_before", "cost_after", "items"}."""
        return {
            "args": self.args,
            "cost_before": round(self.cost_before, 3),
            "cost_after": round(self.cost_after, 3),
            "items": [i.to_json() for i in self.items],
        }


@dataclass(frozen=True)
class CallContext:
    task: str
    phrases: tuple[str, ...]
    trust: float

    def mentions(self, text: str) -> bool:
        needle = " ".join(text.lower().split())
        return len(needle) >= 3 and (needle in self.task or any(needle in p for p in self.phrases))


class ToolMinimizer:
    """Holds the tools' schemas and trust levels; `minimize()` is pure given those."""

    def __init__(
        self,
        schemas: Mapping[str, Any] | None = None,
        *,
        trust: Mapping[str, str] | None = None,
        default_trust: str = DEFAULT_TRUST,
        mode: Mode = "fail_closed",
        classifier: PSDClassifier | None = None,
        rewrite: bool = True,
        descriptions: Mapping[str, str] | None = None,
    ) -> None:
        if mode not in MODES:
            raise ConfigError(f"unknown mode {mode!r}; choose one of {', '.join(MODES)}")
        trust_factor(default_trust)
        for level in (trust or {}).values():
            trust_factor(level)
        self.mode = mode
        self.rewrite = rewrite
        self.default_trust = default_trust
        self.trust = dict(trust or {})
        self.classifier = classifier if classifier is not None else PSDClassifier()
        self.schemas: dict[str, ToolSchema] = {}
        for name, schema in (schemas or {}).items():
            self.register(name, schema, description=(descriptions or {}).get(name, ""))

    def register(self, name: str, schema: Any, *, description: str = "", trust: str | None = None) -> ToolSchema:
        parsed = ToolSchema.parse(name, schema, description=description)
        self.schemas[name] = parsed
        if trust is not None:
            trust_factor(trust)
            self.trust[name] = trust
        return parsed

    # -- the pipeline -------------------------------------------------------------------------
    def minimize(
        self,
        tool: str,
        args: Any,
        *,
        task: str = "",
        task_context: Sequence[str] = (),
        trust: str | None = None,
    ) -> MinimizeResult:
        started = time.perf_counter()
        original = _parse_args(args)
        schema = self.schemas.get(tool)
        if schema is None:
            raise EgressError(f"unknown tool {tool!r}: register its schema before calling it")
        ctx = CallContext(
            " ".join(task.lower().split()),
            tuple(" ".join(p.lower().split()) for p in task_context),
            trust_factor(trust or self.trust.get(tool, self.default_trust)),
        )
        handler = Handler(tool_type(tool, schema.description))
        try:
            findings = self.classifier.classify(original)
            values = _values(original)
            judged = [(f, self._necessary(f, schema, handler, ctx, values)) for f in findings]
            cost_before = _cost(judged, ctx.trust)
            flags = ["suspicious_schema"] if schema.suspicious else []
            if not self.rewrite:
                items = [_item(f, n, "logged") for f, n in judged]
                return MinimizeResult(
                    tool, original, cost_before, cost_before, items, flags=flags, elapsed_ms=_ms(started)
                )
            rewritten = copy.deepcopy(original)
            operations, actions = self._plan(rewritten, judged, schema, handler)
            for op in sorted(operations, key=lambda o: o.op == "remove"):  # removals last: list indices shift
                op.apply(rewritten)
            errors = schema.errors(rewritten)
            if errors:
                raise EgressError(f"rewritten arguments do not validate: {errors[0]}")
            after = self._after(rewritten, judged, operations, schema, handler, ctx)
            cost_after = _cost(after, ctx.trust)
        except EgressError as exc:
            return self._fail(tool, original, exc, started)
        items = [_item(f, n, actions.get(id(f), "kept")) for f, n in judged]
        return MinimizeResult(
            tool,
            rewritten,
            cost_before,
            cost_after,
            items,
            operations,
            flags,
            needs_confirmation=self.mode == "fail_prompt" and bool(operations),
            elapsed_ms=_ms(started),
        )

    def _fail(self, tool: str, original: Any, exc: EgressError, started: float) -> MinimizeResult:
        if self.mode == "fail_closed":
            raise exc
        result = MinimizeResult(
            tool,
            original,
            float("nan"),
            float("nan"),
            [],
            flags=[f"unminimized: {exc}"],
            needs_confirmation=self.mode == "fail_prompt",
            elapsed_ms=_ms(started),
        )
        return result

    def _after(
        self,
        rewritten: Any,
        judged: list[tuple[Finding, bool]],
        operations: list[Operation],
        schema: ToolSchema,
        handler: Handler,
        ctx: CallContext,
    ) -> list[tuple[Finding, bool]]:
        """Findings in the rewritten call: untouched fields keep theirs, rewritten ones are re-read."""
        changed = {op.path for op in operations}
        values = _values(rewritten)
        after = [(f, n) for f, n in judged if f.path not in changed]
        for path in changed & values.keys():
            key = path.rsplit(".", 1)[-1]
            for f in self.classifier.classify_text(values[path], key):
                found = f.at(path)
                after.append((found, self._necessary(found, schema, handler, ctx, values)))
        return after

    # -- N(p, f) --------------------------------------------------------------------------------
    def _necessary(
        self, f: Finding, schema: ToolSchema, handler: Handler, ctx: CallContext, values: Mapping[str, str]
    ) -> bool:
        if ctx.mentions(f.text):
            return True  # the user named it in the task: consented and needed
        spec = schema.field(f.path)
        if spec is None:
            return False
        if spec.hint:
            if spec.hint in _PRECISE_ENOUGH:
                return f.precision in _PRECISE_ENOUGH[spec.hint]
            return False
        if spec.necessary:
            # a structured field that is exactly this item is needed; free text keeps only named items
            return f.end - f.start >= len(values.get(f.path, "").strip()) - 1
        if not spec.required:
            return False
        if _FORMAT_KINDS.get(spec.format) == f.kind.removesuffix("_split") and (
            f.end - f.start >= len(values.get(f.path, "").strip()) - 1
        ):
            return True  # a required, typed field holding exactly its type (a date in a date field)
        return handler.necessary(f, spec, f.path)

    # -- the analyzer -------------------------------------------------------------------------
    def _plan(
        self, args: Any, judged: list[tuple[Finding, bool]], schema: ToolSchema, handler: Handler
    ) -> tuple[list[Operation], dict[int, str]]:
        by_path: dict[str, list[tuple[Finding, bool]]] = defaultdict(list)
        for f, necessary in judged:
            by_path[f.path].append((f, necessary))
        values = _values(args)
        operations: list[Operation] = []
        actions: dict[int, str] = {}
        for path, found in by_path.items():
            unnecessary = [f for f, n in found if not n]
            if not unnecessary:
                continue
            spec = schema.field(path)
            value = values.get(path, "")
            op = self._operation(path, value, spec, [f for f, _ in found], unnecessary, handler)
            operations.append(op)
            for f in unnecessary:
                actions[id(f)] = {"remove": "removed", "redact": "redacted"}.get(op.op, op.op + "d")
        return operations, actions

    def _operation(
        self,
        path: str,
        value: str,
        spec: FieldSpec | None,
        found: list[Finding],
        unnecessary: list[Finding],
        handler: Handler,
    ) -> Operation:
        if spec is None or not spec.required:
            return Operation("remove", path, reason="optional field with unnecessary PSD")
        if spec.hint:
            general = generalize(value, spec.hint, found)
            if general is None:
                raise EgressError(f"{path} cannot be expressed at {spec.hint} precision")
            op = "truncate" if spec.hint in _TRUNCATING else "generalize"
            return Operation(op, path, general, reason=f"minimum necessary: {spec.hint}")
        plan = handler.plan(spec, path)
        if plan == "city":
            general = generalize(value, "city", found)
            if general:
                return Operation("generalize", path, general, reason=f"{handler.kind} needs a city")
        if plan == "substitute":
            return Operation("substitute", path, CALENDAR_TITLE, reason=f"{handler.kind} title holds PSD")
        whole = [f for f in unnecessary if f.end - f.start >= len(value.strip()) - 1]
        if whole and spec.format:
            replacement = synthetic(spec.format, whole[0].kind)
            if replacement is not None:
                return Operation("substitute", path, replacement, reason="schema-valid synthetic value")
        if spec.type in ("integer", "number"):
            raise EgressError(f"{path} is a required number holding PSD; nothing safe to send")
        return Operation("redact", path, redact(value, unnecessary), reason="unnecessary PSD in free text")


def _parse_args(args: Any) -> Any:
    if isinstance(args, str | bytes):
        if len(args) > MAX_ARGUMENT_BYTES:
            raise EgressError(f"arguments are larger than {MAX_ARGUMENT_BYTES // (1024 * 1024)} MiB")
        try:
            args = json.loads(args)
        except (json.JSONDecodeError, UnicodeDecodeError, RecursionError) as exc:
            raise EgressError(f"arguments are not valid JSON: {str(exc).splitlines()[0][:80]}") from None
    if not isinstance(args, dict):
        raise EgressError("tool arguments must be a JSON object")
    return args


def _values(args: Any) -> dict[str, str]:
    return {leaf.path: leaf.value for leaf in leaves(args)}


def _cost(judged: Sequence[tuple[Finding, bool]], trust: float) -> float:
    return float(sum(SENSITIVITY[f.category] * trust for f, necessary in judged if not necessary))


def _item(f: Finding, necessary: bool, action: str) -> Item:
    return Item(f.category.value, f.kind, f.path, f.start, f.end, SENSITIVITY[f.category], necessary, action)


def _ms(started: float) -> float:
    return (time.perf_counter() - started) * 1000
