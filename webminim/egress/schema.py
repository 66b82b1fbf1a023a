"""Tool schemas: which argument fields are required, optional or minimum-necessary, and how
precise a minimum-necessary value may be.

Annotations accepted (both spellings, on a property or as a top-level map):

    "location": {"type": "string", "x-minimum-necessary": "city"}      precision hint
    "to":       {"type": "string", "format": "email", "minimum_necessary": true}
    {"minimum_necessary": {"location": ["city-level"]}}               top-level map

Hints: city, state, country, zip5, zip3, gps, date, week, month, year, age_range,
initials, first_name, domain. A schema that marks every field minimum-necessary is
flagged as suspicious and its marks are ignored (an operator could otherwise switch
minimization off by annotation). A mark covers its field's own value (an array's
elements included), never values nested under it that the schema does not describe.

A schema is untrusted input too: its size and nesting are capped, every `$ref` must
resolve locally (nothing is fetched from the network), and `pattern`s run on RE2, whose
matching time is linear, so `^(a+)+$` cannot stall a call. Anything that goes wrong
inside jsonschema or referencing becomes a one-line EgressError.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import jsonschema
import re2
import referencing
import referencing.exceptions
import referencing.jsonschema
from jsonschema.exceptions import SchemaError, ValidationError
from jsonschema_specifications import REGISTRY as _META_SCHEMAS

from webminim.egress import paths
from webminim.egress.deadline import check as check_deadline
from webminim.egress.fastcheck import compile_check
from webminim.errors import EgressError

HINTS = frozenset(
    {
        "city",
        "state",
        "country",
        "zip5",
        "zip3",
        "gps",
        "date",
        "week",
        "month",
        "year",
        "age_range",
        "initials",
        "first_name",
        "domain",
    }
)
MAX_SCHEMA_DEPTH = 128  # JSON nesting of the schema document itself
MAX_SCHEMA_NODES = 50_000
MAX_SCHEMA_BYTES = 1024 * 1024
_MARK_KEYS = ("x-minimum-necessary", "minimum_necessary", "x-minimum_necessary")
_LEGACY_TOKEN = re.compile(r"\.([^.\[\]]+)|\[(\d+)\]")
_INDEX = re.compile(r"0|[1-9][0-9]*")
# Keywords whose value is one subschema, a list of them, or a name -> subschema map.
_ONE = frozenset(
    {
        "items",
        "additionalItems",
        "additionalProperties",
        "not",
        "if",
        "then",
        "else",
        "contains",
        "propertyNames",
        "unevaluatedItems",
        "unevaluatedProperties",
    }
)
_MANY = frozenset({"allOf", "anyOf", "oneOf", "prefixItems", "items"})
_MAP = frozenset({"properties", "patternProperties", "$defs", "definitions", "dependentSchemas"})

Segments = tuple[str | None, ...]  # property names; None stands for "any element of an array"


def _hint(raw: Any) -> tuple[bool, str]:
    """(marked necessary, precision hint) from an annotation value."""
    if raw is True:
        return True, ""
    if raw is False or raw is None:
        return False, ""
    values = raw if isinstance(raw, list) else [raw]
    for value in values:
        hint = str(value).lower().replace("-level", "").replace("_level", "").strip()
        hint = {"zip": "zip5", "zipcode": "zip5", "zip_code": "zip5", "coordinates": "gps"}.get(hint, hint)
        if hint in HINTS:
            return True, hint
    raise EgressError(f"unknown minimum-necessary precision {raw!r}; use true or one of {', '.join(sorted(HINTS))}")


@dataclass(frozen=True, slots=True)
class FieldSpec:
    path: str  # for display: dotted, arrays as [] ("attendees[].email")
    required: bool
    necessary: bool
    hint: str
    type: str
    format: str
    description: str
    segments: Segments = ()  # the exact location; lookups use this, never the dotted text


def _display(segments: Segments) -> str:
    out = ""
    for segment in segments:
        out = f"{out}[]" if segment is None else (f"{out}.{segment}" if out else segment)
    return out


_PATH_MEMO = 4096  # paths remembered per tool
_PATH_MEMO_KEY = 256  # longer paths are looked up every time
_UNKNOWN = object()


@dataclass(frozen=True)
class ToolSchema:
    """A validated tool schema with its field dispositions."""

    name: str
    schema: Mapping[str, Any]
    fields: Mapping[str, FieldSpec]
    suspicious: bool
    description: str = ""
    index: Mapping[Segments, FieldSpec] = field(default_factory=dict, repr=False, compare=False)
    validator: Any = field(default=None, repr=False, compare=False)
    fast: Any = field(default=None, repr=False, compare=False)  # fastcheck.compile_check(schema)
    prefixes: frozenset[Segments] = field(default=frozenset(), repr=False, compare=False)
    # path -> field(path): a tool's calls repeat their paths; bounded, cleared when full
    _by_path: dict[str, FieldSpec | None] = field(default_factory=dict, repr=False, compare=False)
    _declared: dict[str, bool] = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def parse(cls, name: str, schema: Any, *, description: str = "") -> ToolSchema:
        if isinstance(schema, str | bytes):
            if len(schema) > MAX_SCHEMA_BYTES:
                raise EgressError(f"schema for {name!r} is larger than {MAX_SCHEMA_BYTES // 1024} KiB")
            try:
                schema = json.loads(schema)
            except json.JSONDecodeError as exc:
                raise EgressError(f"schema for {name!r} is not valid JSON: {exc.msg} (line {exc.lineno})") from None
            except RecursionError:
                raise EgressError(f"schema for {name!r} is nested deeper than {MAX_SCHEMA_DEPTH} levels") from None
            except (ValueError, UnicodeDecodeError) as exc:  # e.g. an integer of more than 4,300 digits
                raise EgressError(f"schema for {name!r} is not valid JSON: {_first_line(exc)}") from None
        if not isinstance(schema, dict):
            raise EgressError(f"schema for {name!r} must be a JSON object")
        _check_shape(name, schema)
        try:
            validator_class = jsonschema.validators.validator_for(schema)
            validator_class.check_schema(schema)
            validator = _linear_validator(validator_class)(schema, registry=_META_SCHEMAS)
        except SchemaError as exc:
            raise EgressError(f"schema for {name!r} is not a valid JSON Schema: {_first_line(exc.message)}") from None
        except EgressError:
            raise
        except Exception as exc:  # noqa: BLE001 - any jsonschema/referencing failure is a bad schema, one line
            raise EgressError(f"schema for {name!r} cannot be used: {type(exc).__name__}: {_first_line(exc)}") from None
        _check_patterns(name, schema)
        _check_refs(name, schema, validator_class)
        index = _fields(schema)
        marked = [f for f in index.values() if f.necessary]
        suspicious = bool(index) and len(marked) == len(index) and len(index) > 1
        if suspicious:  # every field "necessary": ignore the marks, keep the flag
            index = {
                k: FieldSpec(f.path, f.required, False, "", f.type, f.format, f.description, f.segments)
                for k, f in index.items()
            }
        fields = {spec.path: spec for spec in index.values()}
        return cls(
            name,
            schema,
            fields,
            suspicious,
            description or str(schema.get("description", "")),
            index,
            validator,
            compile_check(schema),
            frozenset(key[:i] for key in index for i in range(1, len(key) + 1)),
        )

    def declares(self, pointer: str) -> bool:
        """True when the schema names the value at `pointer` as a property (or its element)."""
        known = self._declared.get(pointer)
        if known is not None:  # a .get, not "in" then [...]: another thread may clear the memo between
            return known
        named = any(len(key) == len(paths.split(pointer)) for key in self._matches(_tokens(pointer)))
        _remember(self._declared, pointer, named)
        return named

    def field(self, path: str) -> FieldSpec | None:
        """The spec of the value at `path` (a JSON Pointer, "/a/3/b"; "$.a[3].b" is also read).

        Exactly declared: its spec. An array field's elements: the array's spec (a mark on a
        list covers its items). Anything else nested under a declared field: that field's
        `required` only; a minimum-necessary mark or hint never reaches values the schema
        does not describe. Nothing declared above it: None.
        """
        known = self._by_path.get(path, _UNKNOWN)
        if known is not _UNKNOWN:
            return known  # type: ignore[return-value]
        spec = self._field(path)
        _remember(self._by_path, path, spec)
        return spec

    def _field(self, path: str) -> FieldSpec | None:
        tokens = _tokens(path)
        matches = self._matches(tokens)
        if not matches:
            return None
        deepest = max(matches, key=len)
        spec = self.index[deepest]
        rest = tokens[len(deepest) :]
        if not rest or (spec.type == "array" and all(_INDEX.fullmatch(t) for t in rest)):
            return spec
        location = _display((*deepest, *(None if _INDEX.fullmatch(t) else t for t in rest)))
        return FieldSpec(location, spec.required, False, "", "", "", "", ())

    def _matches(self, tokens: list[str]) -> list[Segments]:
        """Declared locations that are `tokens` or a prefix of them."""
        found: list[Segments] = []
        frontier: list[Segments] = [()]
        prefixes = self.prefixes or frozenset(key[:i] for key in self.index for i in range(1, len(key) + 1))
        for token in tokens:
            step: list[Segments] = []
            for prefix in frontier:
                for segment in (token, None) if _INDEX.fullmatch(token) else (token,):
                    key = (*prefix, segment)
                    if key in prefixes:
                        step.append(key)
                        if key in self.index:
                            found.append(key)
            if not step:
                break
            frontier = step
        return found

    def errors(self, args: Any) -> list[str]:
        """Validation errors of `args` (one line each); a failure to validate is an EgressError.
        A simple schema's compiled check answers "valid" first; jsonschema has the last word."""
        if self.fast is not None:
            try:
                self.fast(args)
                return []
            except Exception:  # noqa: BLE001, S110 - "maybe invalid" or a check that failed: jsonschema decides
                pass
        validator = self.validator or _cached_validator(json.dumps(self.schema, sort_keys=True))
        try:
            found = list(validator.iter_errors(args))
        except EgressError:
            raise
        except referencing.exceptions.Unresolvable as exc:
            raise EgressError(
                f"schema for {self.name!r} has a $ref that cannot be resolved: {_first_line(exc)}"
            ) from None
        except RecursionError:
            raise EgressError(f"schema for {self.name!r} recurses too deeply to validate") from None
        except Exception as exc:  # noqa: BLE001 - jsonschema internals: fail closed with one line
            raise EgressError(f"validation failed: {type(exc).__name__}: {_first_line(exc)}") from None
        return [f"{_pointer(e.absolute_path) or '/'}: {_first_line(e.message)}" for e in found]


def _remember(memo: dict[str, Any], path: str, value: Any) -> None:
    """Keep `value` for `path`: bounded, cleared when full; a path the size of a document is not kept."""
    if len(path) <= _PATH_MEMO_KEY:
        if len(memo) >= _PATH_MEMO:
            memo.clear()
        memo[path] = value


def _tokens(path: str) -> list[str]:
    if path.startswith("$"):  # the old dotted form, kept for callers that still pass it
        return [name if name is not None and index is None else index for name, index in _legacy(path[1:])]
    return paths.split(path)


def _legacy(path: str) -> Iterator[tuple[str | None, str | None]]:
    for match in _LEGACY_TOKEN.finditer(path):
        yield (match.group(1), None) if match.group(1) is not None else (None, match.group(2))


def _pointer(parts: Any) -> str:
    return paths.join(part if isinstance(part, int) else str(part) for part in parts)


def _first_line(value: Any) -> str:
    text = str(value).strip()
    return (text.splitlines()[0] if text else "")[:160]


def _check_shape(name: str, schema: Mapping[str, Any]) -> None:
    """Depth and size caps, iteratively, before any recursive library sees the schema."""
    stack: list[tuple[Any, int]] = [(schema, 0)]
    nodes = 0
    while stack:
        node, depth = stack.pop()
        nodes += 1
        if nodes > MAX_SCHEMA_NODES:
            raise EgressError(f"schema for {name!r} has more than {MAX_SCHEMA_NODES:,} nodes")
        if depth > MAX_SCHEMA_DEPTH:
            raise EgressError(f"schema for {name!r} is nested deeper than {MAX_SCHEMA_DEPTH} levels")
        if isinstance(node, dict):
            for key, child in node.items():
                if not isinstance(key, str):
                    raise EgressError(f"schema for {name!r} has a non-string key {key!r}")
                stack.append((child, depth + 1))
        elif isinstance(node, list | tuple):
            stack.extend((child, depth + 1) for child in node)
        elif isinstance(node, int) and not isinstance(node, bool) and node.bit_length() > 4096:
            raise EgressError(f"schema for {name!r} holds an integer too large to read")


def _subschemas(schema: Mapping[str, Any]) -> Iterator[Mapping[str, Any]]:
    """Every subschema, the root included (keywords only: `enum` data is not a schema)."""
    stack: list[Any] = [schema]
    while stack:
        node = stack.pop()
        if not isinstance(node, dict):
            continue
        yield node
        for key, value in node.items():
            if key in _MAP and isinstance(value, dict):
                stack.extend(value.values())
            elif key in _MANY and isinstance(value, list):
                stack.extend(value)
            elif key in _ONE and isinstance(value, dict):
                stack.append(value)


_RE2_OPTIONS = re2.Options()
_RE2_OPTIONS.log_errors = False  # a refused pattern is reported once, as an EgressError


@lru_cache(maxsize=1024)
def _re2(pattern: str) -> Any:
    return re2.compile(pattern, _RE2_OPTIONS)


def _check_patterns(name: str, schema: Mapping[str, Any]) -> None:
    """Every `pattern` / `patternProperties` key must compile on RE2 (linear time)."""
    for node in _subschemas(schema):
        found = [node["pattern"]] if isinstance(node.get("pattern"), str) else []
        if isinstance(node.get("patternProperties"), dict):
            found.extend(node["patternProperties"])
        for pattern in found:
            try:
                _re2(pattern)
            except re2.error:
                raise EgressError(
                    f"schema for {name!r} has pattern {pattern[:60]!r} that cannot be matched in linear time "
                    "(backreferences and lookaround are not supported); rewrite it without them"
                ) from None


def _check_refs(name: str, schema: Mapping[str, Any], validator_class: Any) -> None:
    """Resolve every local `$ref` now, so an unresolvable one fails at registration.

    Validators get the meta-schemas as their whole registry: jsonschema's default would
    fetch a `$ref` to an http(s) URL over the network, itself an egress of the call."""
    specification = referencing.jsonschema.specification_with(
        str(validator_class.META_SCHEMA.get("$schema", "")), default=referencing.jsonschema.DRAFT202012
    )
    resolver = _META_SCHEMAS.resolver_with_root(specification.create_resource(schema))
    nested_ids = any("$id" in node or "id" in node for node in _subschemas(schema) if node is not schema)
    for node in _subschemas(schema):
        ref = node.get("$ref")
        if not isinstance(ref, str):
            continue
        if nested_ids and ref.startswith("#"):
            continue  # relative to a nested $id: checked when it is used (errors() maps failures)
        try:
            resolver.lookup(ref)
        except referencing.exceptions.Unresolvable as exc:
            raise EgressError(f"schema for {name!r} has a $ref that cannot be resolved: {_first_line(exc)}") from None
        except Exception as exc:  # noqa: BLE001 - a broken reference is a broken schema
            raise EgressError(f"schema for {name!r} has a $ref {ref[:60]!r} that cannot be used: {exc}") from None


def _re2_pattern(validator: Any, pattern: str, instance: Any, schema: Any) -> Iterator[ValidationError]:
    del validator, schema
    check_deadline()
    if isinstance(instance, str) and not _re2(pattern).search(instance):
        yield ValidationError(f"{instance[:60]!r} does not match {pattern!r}")


def _re2_pattern_properties(
    validator: Any, pattern_properties: Mapping[str, Any], instance: Any, schema: Any
) -> Iterator[ValidationError]:
    del schema
    if not isinstance(instance, dict):
        return
    for pattern, subschema in pattern_properties.items():
        check_deadline()
        compiled = _re2(pattern)
        for key, value in instance.items():
            if compiled.search(key):
                yield from validator.descend(value, subschema, path=key, schema_path=pattern)


@lru_cache(maxsize=16)
def _linear_validator(validator_class: Any) -> Any:
    """`validator_class` with `pattern` and `patternProperties` matched by RE2."""
    return jsonschema.validators.extend(
        validator_class, {"pattern": _re2_pattern, "patternProperties": _re2_pattern_properties}
    )


@lru_cache(maxsize=256)
def _cached_validator(schema_json: str) -> Any:
    schema = json.loads(schema_json)
    validator_class = jsonschema.validators.validator_for(schema)
    return _linear_validator(validator_class)(schema, registry=_META_SCHEMAS)


_MAX_REF_HOPS = 16


def _follow(
    node: Mapping[str, Any], root: Mapping[str, Any], seen: frozenset[str]
) -> tuple[Mapping[str, Any], frozenset[str]]:
    """`node` with its local `$ref` chain merged in (its own keywords win), and the refs taken.

    A field defined in `$defs` keeps its description, format, marks and properties; a ref
    already taken on this path (a recursive type) is not followed again."""
    out = dict(node)
    for _ in range(_MAX_REF_HOPS):
        ref = out.get("$ref")
        if not isinstance(ref, str) or not (ref == "#" or ref.startswith("#/")) or ref in seen:
            break
        seen = seen | {ref}
        target: Any = root
        for token in paths.split(ref[1:]) if ref != "#" else ():
            target = target.get(token) if isinstance(target, dict) else None
        if not isinstance(target, dict):
            break
        out = {**target, **{k: v for k, v in out.items() if k != "$ref"}}
        if "$ref" in target and target["$ref"] != ref:
            out["$ref"] = target["$ref"]
    return out, seen


def _fields(schema: Mapping[str, Any]) -> dict[Segments, FieldSpec]:
    """Object properties (and array items) by exact location, local `$ref`s followed; iterative."""
    top_marks = next((schema[k] for k in _MARK_KEYS if isinstance(schema.get(k), dict)), {})
    out: dict[Segments, FieldSpec] = {}
    start, refs = _follow(schema, schema, frozenset())
    stack: list[tuple[Mapping[str, Any], Segments, frozenset[str]]] = [(start, (), refs)]
    while stack:
        node, prefix, refs = stack.pop()
        if len(prefix) > MAX_SCHEMA_DEPTH:
            continue
        required = set(r for r in (node.get("required") or ()) if isinstance(r, str))
        properties = node.get("properties")
        for name, raw_prop in properties.items() if isinstance(properties, dict) else ():
            if not isinstance(raw_prop, dict):
                continue
            prop, taken = _follow(raw_prop, schema, refs)
            segments: Segments = (*prefix, name)
            if len(out) >= MAX_SCHEMA_NODES:  # refs reused at every level multiply the fields
                raise EgressError(f"schema expands to more than {MAX_SCHEMA_NODES:,} fields through its $refs")
            display = _display(segments)
            raw = next((prop[k] for k in _MARK_KEYS if k in prop), top_marks.get(display))
            necessary, hint = _hint(raw)
            kind = prop.get("type", "")
            out[segments] = FieldSpec(
                display,
                name in required,
                necessary,
                hint,
                kind if isinstance(kind, str) else "",
                str(prop.get("format", "")),
                str(prop.get("description", "")),
                segments,
            )
            # descend through objects and (nested) arrays of objects
            inner, where = prop, segments
            while isinstance(inner.get("items"), dict) and len(where) <= MAX_SCHEMA_DEPTH:
                inner, taken = _follow(inner["items"], schema, taken)
                where = (*where, None)
            if isinstance(inner.get("properties"), dict):
                stack.append((inner, where, taken))
    return out
