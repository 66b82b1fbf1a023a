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

Findings and operations name values by JSON Pointer (`/attendees/0/email`). Object keys the
schema does not declare are scanned too. A JSON object serialised into a string argument is
minimized as a call of its own, member by member, and written back (`embedded`). Each call
runs under the classifier's time budget (250 ms by default), checked inside decoders and
between stages; past it, and on any failure inside a library, the call fails per its mode
(blocked by default) with one line.
Arguments are JSON values: tuples are read as lists; bytes, sets and other objects, keys
that are not strings and integers too long to print are refused.
"""

from __future__ import annotations

import copy
import re
import time
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from webminim.egress import deadline, embedded, paths
from webminim.egress.arguments import first_line, parse_arguments
from webminim.egress.classifier import DEFAULT_BUDGET_MS, PSDClassifier, leaves
from webminim.egress.detectors import Finding
from webminim.egress.elements import off_task_elements
from webminim.egress.fields import written_text
from webminim.egress.freetext import REMOVED, ClauseJudge, minimize_text, needed_part
from webminim.egress.handlers import CALENDAR_TITLE, Handler, profile_of, tool_type
from webminim.egress.matching import names_any
from webminim.egress.rewrite import Operation, apply_all, generalize, synthetic
from webminim.egress.schema import FieldSpec, ToolSchema
from webminim.egress.taxonomy import DEFAULT_TRUST, SENSITIVITY, trust_factor
from webminim.egress.text import FieldContext, TextMinimizer
from webminim.errors import ConfigError, EgressError

Mode = Literal["fail_closed", "fail_open", "fail_prompt"]
MODES: tuple[str, ...] = ("fail_closed", "fail_open", "fail_prompt")
_TRUNCATING = frozenset({"zip5", "zip3", "gps"})
_FORMAT_KINDS = {"date": "date", "date-time": "date", "email": "email", "idn-email": "email"}
# Everyday values an optional field may hold as its own purpose: a date in `date`, a city in
# `city`. Never a street address, ZIP, coordinates or anything of a PSD field (a birth date).
_EVERYDAY_KINDS = frozenset({"date", "city"})
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
    in_key: bool = False  # found in the object key at `path`, not in its value

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "category": self.category,
            "kind": self.kind,
            "path": self.path,
            "span": [self.start, self.end],
            "s": self.sensitivity,
            "n": 0 if self.necessary else 1,
            "action": self.action,
        }
        if self.in_key:
            out["in_key"] = True
        return out


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
        """The CLI contract: {"args", "cost_before", "cost_after", "items"}, plus "operations"
        (op, path, reason): a field cut for a reason no item shows (an optional note the task
        does not need) still says why it changed."""
        return {
            "args": self.args,
            "cost_before": round(self.cost_before, 3),
            "cost_after": round(self.cost_after, 3),
            "items": [i.to_json() for i in self.items],
            "operations": [{"op": o.op, "path": o.path, "reason": o.reason} for o in self.operations],
        }


@dataclass(frozen=True)
class CallContext:
    task: str
    phrases: tuple[str, ...]
    trust: float

    def mentions(self, text: str, kind: str = "") -> bool:
        """Word/entity-level, after normalization; never a substring ("HIV" is not in "Archive")."""
        return names_any(text, (self.task, *self.phrases), kind=kind)

    @classmethod
    def of(cls, task: str, phrases: Sequence[str], trust: float) -> CallContext:
        return cls(task, tuple(phrases), trust)


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
        clause_judge: ClauseJudge | None = None,
        text_minimizer: TextMinimizer | None = None,
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
        self.clause_judge = clause_judge  # e.g. LLMClauseJudge: off unless the user sets one
        self._text = text_minimizer  # built on first use: a call with no free text never loads its model
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
        original = parse_arguments(args)
        schema = self.schemas.get(tool)
        if schema is None:
            raise EgressError(f"unknown tool {tool!r}: register its schema before calling it")
        ctx = CallContext.of(task, task_context, trust_factor(trust or self.trust.get(tool, self.default_trust)))
        handler = Handler(
            tool_type(tool, schema.description), task=" ".join((ctx.task, *ctx.phrases)), judge=self.clause_judge
        )
        if self._text is None and _may_carry_messages(tool, schema):
            # loaded outside the call's budget: the model and its table take ~0.5 s once per process
            self._text = TextMinimizer(classifier=self.classifier)
        budget_ms = float(getattr(self.classifier, "budget_ms", DEFAULT_BUDGET_MS))
        if self.clause_judge is not None:
            budget_ms += self.clause_judge.budget_ms
        try:
            with deadline.within(budget_ms):
                return self._minimize(tool, original, schema, handler, ctx, started)
        except EgressError as exc:
            return self._fail(tool, original, exc, started)
        except RecursionError:
            return self._fail(tool, original, EgressError("arguments are nested too deeply to check"), started)
        except Exception as exc:  # noqa: BLE001 - a foreign failure (jsonschema, a parser) must not leak out raw
            failure = EgressError(f"the call could not be checked: {type(exc).__name__}: {first_line(exc)}")
            return self._fail(tool, original, failure, started)

    def _minimize(
        self,
        tool: str,
        original: Any,
        schema: ToolSchema,
        handler: Handler,
        ctx: CallContext,
        started: float,
        nesting: int = 0,
    ) -> MinimizeResult:
        findings = self.classifier.classify(original, schema)
        deadline.check()
        keys = self._key_findings(original, schema)
        values = _values(original)
        judged = [(f, self._necessary(f, schema, handler, ctx, values.get(f.path, ""))) for f in findings]
        judged.extend((f, ctx.mentions(f.text)) for f in keys)  # a key is kept only when the task names it
        in_key = {id(f) for f in keys}
        cost_before = _cost(judged, ctx.trust)
        flags = ["suspicious_schema"] if schema.suspicious else []
        if not self.rewrite:
            items = [_item(f, n, "logged", id(f) in in_key) for f, n in judged]
            return MinimizeResult(tool, original, cost_before, cost_before, items, flags=flags, elapsed_ms=_ms(started))
        deadline.check()
        rewritten = copy.deepcopy(original)
        serialised = self._embedded(tool, values, handler, ctx, started, nesting)
        texts = self._free_texts(tool, original, values, serialised, schema, ctx)
        # an embedded object's items were its own call's; a free text's, the text minimizer's
        judged_here = [(f, n) for f, n in judged if f.path not in serialised and f.path not in texts]
        values_here = {path: value for path, value in values.items() if path not in serialised and path not in texts}
        operations, actions = self._plan(rewritten, judged_here, in_key, schema, handler, values_here, nesting > 0)
        for path, text in texts.items():
            if text != values[path]:
                reason = "free text: what this flow does not need removed (contextual integrity)"
                operations.append(Operation("redact", path, text, reason=reason))
            actions.update((id(f), "kept" if f.text in text else "redacted") for f, _ in judged if f.path == path)
        for path, text in serialised.items():
            if text != values[path]:
                reason = "a structure in a string (JSON, a URL query): its members cut to what the task needs"
                operations.append(Operation("redact", path, text, reason=reason))
            actions.update((id(f), "kept" if f.text in text else "redacted") for f, _ in judged if f.path == path)
        deadline.check()
        operations = apply_all(rewritten, operations)
        errors = schema.errors(rewritten)
        if errors:
            raise EgressError(f"rewritten arguments do not validate: {errors[0]}")
        after = self._after(judged, in_key, operations, schema, handler, ctx)
        cost_after = _cost(after, ctx.trust)
        deadline.check()  # a result that took past the deadline is not trusted either
        items = [_item(f, n, actions.get(id(f), "kept"), id(f) in in_key) for f, n in judged]
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

    def _embedded(
        self,
        tool: str,
        values: Mapping[str, str],
        handler: Handler,
        ctx: CallContext,
        started: float,
        nesting: int,
    ) -> dict[str, str]:
        """Path -> the text of each structure serialised into a string argument (a JSON object,
        a URL's query), minimized as a call of its own (`webminim.egress.embedded`); unchanged
        text where nothing goes."""
        if nesting >= embedded.MAX_NESTING:
            return {}
        out: dict[str, str] = {}
        for path, found in embedded.embedded_structures(values).items():
            inner = ToolSchema.parse(f"{tool}{path}", embedded.schema_of(found.members))
            result = self._minimize(tool, found.members, inner, handler, ctx, started, nesting + 1)
            out[path] = values[path] if result.args == found.members else found.written_back(result.args)
        return out

    def _free_texts(
        self,
        tool: str,
        args: Any,
        values: Mapping[str, str],
        serialised: Mapping[str, str],
        schema: ToolSchema,
        ctx: CallContext,
    ) -> dict[str, str]:
        """Path -> the minimized text of each free-text argument (a message, a note, a post),
        judged sentence by sentence by the one free-text minimizer every channel uses
        (`webminim.egress.text`); the field's key and description are its label, the tool its form."""
        out: dict[str, str] = {}
        recipient = _recipient(args)
        for path, value in values.items():
            if path in serialised or not self._is_message(tool, path, value, schema):
                continue
            if self._text is None:
                self._text = TextMinimizer(classifier=self.classifier)
            spec = schema.field(path)
            label = " ".join(p for p in (paths.last(path), spec.description if spec else "") if p)
            site = FieldContext(label=label, form=f"{tool} {schema.description}".strip())
            result = self._text.minimize(
                value, task=ctx.task, context=ctx.phrases, field=site, recipient=recipient, judge=self.clause_judge
            )
            out[path] = result.text
        return out

    @staticmethod
    def _is_message(tool: str, path: str, value: str, schema: ToolSchema) -> bool:
        """A message a person will read, in a required string: the body of an e-mail or a chat
        message, a post, a comment, a review. Judged sentence by sentence, harmless sentences
        kept as written. Other free text (a delegate's instructions, notes, a description for a
        machine) keeps the paper's rule: it is cut to what the task needs."""
        spec = schema.field(path)
        if spec is None or not spec.required or spec.type not in ("string", "") or spec.hint or "[]" in spec.path:
            return False  # a list's items keep the list rules: an item is required only as the list's one item
        if not (_MESSAGE_FIELD.search(paths.last(path)) or _message_tool(tool, schema)):
            return False
        return written_text(value, profile_of(spec, path)) and len(value.split()) >= _TEXT_WORDS

    def _key_findings(self, args: Any, schema: ToolSchema) -> list[Finding]:
        """Findings in object keys the schema does not declare ({"dana.kim@gmail.com": ...})."""
        found: list[Finding] = []
        stack: list[tuple[Any, str, str]] = [(args, paths.ROOT, "")]
        while stack:
            node, pointer, name = stack.pop()
            if isinstance(node, dict):
                for key, child in node.items():
                    member = paths.child(pointer, key)
                    if not schema.declares(member):
                        text = self.classifier.classify_text(key, name)
                        found.extend(f.at(member) for f in text)
                    stack.append((child, member, key))
            elif isinstance(node, list):
                stack.extend((child, paths.child(pointer, i), name) for i, child in enumerate(node))
            deadline.check()
        return found

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
        judged: list[tuple[Finding, bool]],
        in_key: set[int],
        operations: list[Operation],
        schema: ToolSchema,
        handler: Handler,
        ctx: CallContext,
    ) -> list[tuple[Finding, bool]]:
        """Findings in the rewritten call: untouched values keep theirs, rewritten ones are re-read.

        By path in the original document: after a removal a later list element moves up, so
        re-reading the rewritten document by the old pointers would price the wrong value."""
        removed = [op.path for op in operations if op.op == "remove"]
        replaced = {op.path: op for op in operations if op.op != "remove"}
        after = [
            (f, n)
            for f, n in judged
            if not any(paths.is_within(f.path, gone) for gone in removed)
            and (f.path not in replaced or id(f) in in_key)
        ]
        for path, op in replaced.items():
            if any(paths.is_within(path, gone) for gone in removed):
                continue
            value = str(op.new_value)
            for f in self.classifier.classify_text(value, paths.last(path)):
                found = f.at(path)
                after.append((found, self._necessary(found, schema, handler, ctx, value)))
        return after

    # -- N(p, f) --------------------------------------------------------------------------------
    def _necessary(self, f: Finding, schema: ToolSchema, handler: Handler, ctx: CallContext, value: str) -> bool:
        if ctx.mentions(f.text, f.kind):
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
            return f.end - f.start >= len(value.strip()) - 1
        if not spec.required:
            return self._own_everyday_value(f, spec, value)
        if _FORMAT_KINDS.get(spec.format) == f.kind.removesuffix("_split") and (
            f.end - f.start >= len(value.strip()) - 1
        ):
            return True  # a required, typed field holding exactly its type (a date in a date field)
        return handler.necessary(f, spec, f.path)

    @staticmethod
    def _own_everyday_value(f: Finding, spec: FieldSpec, value: str) -> bool:
        """An optional field holding exactly its own everyday kind of value is the call's
        purpose, not over-sharing (`return: 2027-01-21` of a flight search)."""
        kind = f.kind.removesuffix("_split")
        if kind not in _EVERYDAY_KINDS or f.end - f.start < len(value.strip()) - 1:
            return False
        profile = profile_of(spec, spec.path)
        return profile.category is None and (kind in profile.expects or _FORMAT_KINDS.get(spec.format) == kind)

    # -- the analyzer -------------------------------------------------------------------------
    def _plan(
        self,
        args: Any,
        judged: list[tuple[Finding, bool]],
        in_key: set[int],
        schema: ToolSchema,
        handler: Handler,
        values: Mapping[str, str],
        embedded_members: bool = False,
    ) -> tuple[list[Operation], dict[int, str]]:
        by_path: dict[str, list[tuple[Finding, bool]]] = defaultdict(list)
        operations: list[Operation] = []
        actions: dict[int, str] = {}
        for f, necessary in judged:
            if id(f) not in in_key:
                by_path[f.path].append((f, necessary))
            elif not necessary:  # PSD in an undeclared key: the member goes, key and value
                operations.append(Operation("remove", f.path, reason="object key holds unnecessary PSD"))
                actions[id(f)] = "removed"
        del args
        for path, found in by_path.items():
            unnecessary = [f for f, n in found if not n]
            if not unnecessary:
                continue
            spec = schema.field(path)
            value = values.get(path, "")
            op = self._operation(path, value, spec, [f for f, _ in found], unnecessary, handler)
            operations.append(op)
            # a redaction tags the unnecessary items only; any other operation rewrites the
            # whole value, so a needed street inside a location cut to its city goes too
            touched = unnecessary if op.op == "redact" else [f for f, _ in found]
            for f in touched:
                actions[id(f)] = {"remove": "removed", "redact": "redacted"}.get(op.op, op.op + "d")
        operations.extend(self._unneeded_sentences(values, by_path, schema, handler, firm=embedded_members))
        gone = off_task_elements(values, handler.task) if handler.task.strip() else []
        if gone:  # a whole element the task does not ask for goes, and what was planned inside it
            operations = [op for op in operations if not any(paths.is_within(op.path, g) for g in gone)]
            operations.extend(Operation("remove", g, reason="a list element the task does not ask for") for g in gone)
            for f, _ in judged:
                if any(paths.is_within(f.path, g) for g in gone):
                    actions[id(f)] = "removed"
        return operations, actions

    @staticmethod
    def _unneeded_sentences(
        values: Mapping[str, str],
        by_path: Mapping[str, list[tuple[Finding, bool]]],
        schema: ToolSchema,
        handler: Handler,
        *,
        firm: bool = False,
    ) -> list[Operation]:
        """Free-text fields (notes, comments, messages) with no unnecessary finding: cut to
        the sentences the task needs; an optional one goes when it needs none. Without a task
        there is nothing to measure need against: only found PSD goes. `firm`: the members of
        a structure written into a string (`embedded`) stay only when firmly about the task."""
        out: list[Operation] = []
        if not handler.task.strip():
            return out
        items = Counter(path.rpartition("/")[0] for path in values)
        for path, value in values.items():
            found = by_path.get(path, [])
            if any(not n for _, n in found):
                continue  # unnecessary PSD: the clause-level rewrite above took the field
            spec = schema.field(path)
            if spec is None:  # an argument the schema does not declare is optional text to the tool
                if not schema.fields or not written_text(value, profile_of(None, path)):
                    continue  # a schema that declares nothing leaves every argument to the caller
                required = False
            elif spec.type not in ("string", "array") or not written_text(value, profile_of(spec, path)):
                continue
            else:  # an item of a required list is required only when it is the list's one item
                required = spec.required and (spec.type != "array" or items[path.rpartition("/")[0]] == 1)
            needed = [f for f, _ in found]
            part = needed_part(value, handler.task, required=required, needed=needed, judge=handler.judge, firm=firm)
            if part is None:
                out.append(Operation("remove", path, reason="optional free text the task does not need"))
            elif part != value:
                out.append(Operation("redact", path, part, reason="free text cut to what the task needs"))
        return out

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
            if spec is not None and handler.task.strip() and written_text(value, profile_of(spec, path)):
                # an optional note the task needs part of ("…; helmet size M") keeps that part
                kept = minimize_text(value, found, unnecessary, handler.task, handler.judge, opening=False)
                if kept != REMOVED:
                    return Operation("redact", path, kept, reason="optional free text cut to what the task needs")
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
        rewritten = handler.rewrite_text(value, found, unnecessary, spec)
        return Operation("redact", path, rewritten, reason="unnecessary PSD in free text")


_TEXT_WORDS = 6  # a shorter value is a label or a query, judged by its findings alone
_MESSAGE_TOOLS = frozenset({"email", "messaging"})
_MESSAGE_FIELD = re.compile(
    r"(?:^|_)(?:body|message|msg|text|content|comment|post|reply|review|markdown|html|letter|caption)(?:_|$)", re.I
)
_RECIPIENT_KEYS = ("to", "recipient", "recipients", "recipient_name", "to_name", "channel", "user", "username")


def _message_tool(tool: str, schema: ToolSchema) -> bool:
    return tool_type(tool, schema.description) in _MESSAGE_TOOLS


def _may_carry_messages(tool: str, schema: ToolSchema) -> bool:
    """Can a call to this tool hold a message (`_is_message`)? Then its model is loaded up front."""
    return _message_tool(tool, schema) or any(
        f.required and f.type in ("string", "") and _MESSAGE_FIELD.search(f.path) for f in schema.fields.values()
    )


def _recipient(args: Any) -> str:
    """Whom a message goes to, as its call names them ("to": "Dana Kim <dana@x.com>")."""
    if not isinstance(args, dict):
        return ""
    for key in _RECIPIENT_KEYS:
        value = args.get(key)
        if isinstance(value, str):
            return value
        if isinstance(value, list) and value and isinstance(value[0], str):
            return " ".join(v for v in value if isinstance(v, str))
    return ""


def _values(args: Any) -> dict[str, str]:
    return {leaf.path: leaf.value for leaf in leaves(args)}


def _cost(judged: Sequence[tuple[Finding, bool]], trust: float) -> float:
    return float(sum(SENSITIVITY[f.category] * trust for f, necessary in judged if not necessary))


def _item(f: Finding, necessary: bool, action: str, in_key: bool = False) -> Item:
    return Item(f.category.value, f.kind, f.path, f.start, f.end, SENSITIVITY[f.category], necessary, action, in_key)


def _ms(started: float) -> float:
    return (time.perf_counter() - started) * 1000
