"""ToolMinimize: detectors, cost, schema analysis, rewrites, modes and bad input."""

from __future__ import annotations

import base64
import json
import time

import pytest

from webminim.egress import Category, ToolMinimizer, ToolSchema
from webminim.egress.classifier import PSDClassifier
from webminim.errors import ConfigError, EgressError

WEATHER = {
    "type": "object",
    "properties": {"location": {"type": "string", "x-minimum-necessary": "city"}, "units": {"type": "string"}},
    "required": ["location"],
}
PAPER_EXAMPLE = {"location": "Memorial Sloan Kettering Cancer Center, 1275 York Ave, NY 10065"}


@pytest.fixture(scope="module")
def classifier() -> PSDClassifier:
    return PSDClassifier()


@pytest.mark.parametrize(
    "text, field, category, kind",
    [
        ("write to dana.kim@gmail.com", "", Category.DI, "email"),  # email
        ("call (415) 555-0199 today", "", Category.DI, "phone"),  # phonenumbers-validated
        ("SSN 123-45-6789", "", Category.DI, "ssn"),  # stdnum-validated
        ("card 4111 1111 1111 1111", "", Category.F, "card_number"),  # Luhn-valid
        ("card 2221 0000 0000 0009", "", Category.F, "card_number"),  # Mastercard's 2-series
        ("IBAN GB82 WEST 1234 5698 7654 32", "", Category.F, "iban"),  # IBAN checksum
        ("Dr. Okafor will see you", "", Category.DI, "person_name"),  # honorific
        ("met Michael Johnson at noon", "", Category.DI, "person_name"),  # known first name
        ("lives at 54282 Daniel Overpass", "", Category.L, "street_address"),  # usaddress
        ("NY 10065", "", Category.L, "zip"),
        ("38.71667,-9.13333", "", Category.L, "gps"),
        ("born on March 3, 1985", "", Category.QI, "date_of_birth"),
        ("every Tuesday at 7pm", "", Category.Tp, "schedule"),
        ("she is 34 years old", "", Category.QI, "age"),
        ("Memorial Sloan Kettering Cancer Center", "", Category.H, "medical_facility"),  # lexicon data file
        ("taking sertraline daily", "", Category.H, "medication"),
        ("filed for bankruptcy", "", Category.F, "financial"),
        ("ask my wife", "", Category.R, "relational"),
        ("went to an AA meeting", "", Category.B, "behavioral"),
        ("Y93966394", "passport_number", Category.QI, "passport_number"),  # field-name triggered
    ],
)
def test_detectors(classifier, text, field, category, kind):
    found = classifier.classify_text(text, field)
    assert any(f.category == category and f.kind == kind for f in found), found


@pytest.mark.parametrize(
    "text",
    [
        "python list comprehension examples",
        "Team standup",
        "100",
        "Good morning, have a nice day",
        "AAPL",
        "releases in 2023 2024 2025 2026",  # Luhn-valid, but no card network numbers cards 2023...
    ],
)
def test_benign_text_has_no_findings(classifier, text):
    assert classifier.classify_text(text) == []


@pytest.mark.parametrize(
    "args, kind",
    [
        ({"note": base64.b64encode(b"my ssn is 123-45-6789").decode()}, "ssn"),  # base64
        ({"note": "mail%20dana.kim%40gmail.com%20now"}, "email"),  # URL-encoded
        ({"note": "has d1ab3t3s"}, "health"),  # leetspeak
        ({"note": "d\u200bi\u200ba\u200bb\u200be\u200bt\u200be\u200bs"}, "health"),  # zero-width
        ({"note": "emаil dаna.kim@gmаil.com"}, "email"),  # Cyrillic а homoglyphs
        ({"a": "123-45", "b": "-6789"}, "ssn_split"),  # field splitting
        ({"note": "ssn １２３-４５-６７８９"}, "ssn"),  # full-width digits
        ({"note": "ssn 1 2 3 - 4 5 - 6 7 8 9"}, "ssn"),  # spaced digits
        ({"note": "dana.kim&#64;gmail.com"}, "email"),  # HTML entities
        ({"note": "write to dana.kim at gmail dot com"}, "email"),  # spelled out
        ({"note": "reach me: dana[at]mail[dot]example[dot]org"}, "email"),
        ({"note": "has dïabètes"}, "health"),  # accents
    ],
)
def test_evasions_are_detected_and_mapped_to_their_field(classifier, args, kind):
    found = classifier.classify(args)
    assert any(f.kind == kind for f in found), found
    assert all(f.path in {f"/{key}" for key in args} for f in found)  # JSON Pointers to the field


def test_the_papers_worked_example():
    result = ToolMinimizer({"get_weather": WEATHER}).minimize("get_weather", PAPER_EXAMPLE)
    assert result.args == {"location": "New York, NY"}
    assert (result.cost_before, result.cost_after) == (10.0, 0.0)
    assert {(i.category, i.kind) for i in result.items} == {
        ("H", "medical_facility"),
        ("L", "street_address"),
        ("L", "zip"),
    }


@pytest.mark.parametrize(
    "trust, cost", [("third_party_no_dpa", 10.0), ("third_party_dpa", 7.0), ("first_party", 5.0), ("local", 2.0)]
)
def test_cost_scales_with_trust(trust, cost):
    result = ToolMinimizer({"get_weather": WEATHER}).minimize("get_weather", PAPER_EXAMPLE, trust=trust)
    assert result.cost_before == pytest.approx(cost)


def test_rewriting_off_still_prices_every_call():
    result = ToolMinimizer({"get_weather": WEATHER}, rewrite=False).minimize("get_weather", PAPER_EXAMPLE)
    assert result.args == PAPER_EXAMPLE and result.cost_before == result.cost_after == 10.0
    assert all(i.action == "logged" for i in result.items)


EMAIL = {
    "type": "object",
    "properties": {
        "to": {"type": "string", "format": "email", "minimum_necessary": True},
        "subject": {"type": "string"},
        "body": {"type": "string", "minimum_necessary": True},
        "cc": {"type": "string", "format": "email"},
    },
    "required": ["to", "subject", "body"],
}


def test_optional_psd_fields_are_removed_and_free_text_keeps_only_what_the_task_names():
    args = {
        "to": "sam@example.org",
        "subject": "Dinner",
        "cc": "me@private.net",
        "body": "Dinner at 7 works for me. After my therapy session I'm free; call (415) 555-0199.",
    }
    result = ToolMinimizer({"send_email": EMAIL}).minimize("send_email", args, task="Email Sam about dinner")
    assert "cc" not in result.args and result.args["to"] == "sam@example.org"
    body = result.args["body"]
    assert "555-0199" not in body and "therapy" not in body
    assert body.startswith("Dinner at 7 works for me.")  # the clause the task needs stays
    named = ToolMinimizer({"send_email": EMAIL}).minimize(
        "send_email", args, task="Email Sam that my therapy session moved"
    )
    assert "therapy session" in named.args["body"]  # named by the task: consented, kept


@pytest.mark.parametrize(
    "hint, value, expected",
    [
        ("zip5", "10065-1234", "10065"),  # ZIP+4 -> ZIP5
        ("zip3", "10065", "100XX"),
        ("gps", "40.764382,-73.954792", "40.76,-73.95"),
        ("week", "2026-03-04", "2026-W10"),
        ("age_range", "34", "30-39"),
        ("initials", "Dana Kim", "D. K."),
    ],
)
def test_truncation_and_generalization_hints(hint, value, expected):
    field = "zip" if hint.startswith("zip") else ("age" if hint == "age_range" else "value")
    schema = {
        "type": "object",
        "properties": {field: {"type": "string", "x-minimum-necessary": hint}},
        "required": [field],
    }
    task_value = {"zip": f"zip {value}", "age": value}.get(field, value)
    result = ToolMinimizer({"t": schema}).minimize("t", {field: value})
    del task_value
    assert result.args[field] == expected


def test_output_always_validates_and_synthetic_values_fit_formats():
    # a required, date-typed birth date: the tool gets a schema-valid stand-in, not the date
    schema = {"type": "object", "properties": {"dob": {"type": "string", "format": "date"}}, "required": ["dob"]}
    minimizer = ToolMinimizer({"t": schema})
    result = minimizer.minimize("t", {"dob": "1985-03-03"})
    assert result.args == {"dob": "2000-01-01"} and minimizer.schemas["t"].errors(result.args) == []
    # while a required email field holding an email is exactly what it asks for
    schema = {"type": "object", "properties": {"to": {"type": "string", "format": "email"}}, "required": ["to"]}
    assert ToolMinimizer({"t": schema}).minimize("t", {"to": "dana.kim@gmail.com"}).args == {"to": "dana.kim@gmail.com"}


def test_suspicious_schema_is_flagged_and_its_marks_ignored():
    schema = {
        "type": "object",
        "required": ["a", "b"],
        "properties": {
            "a": {"type": "string", "minimum_necessary": True},
            "b": {"type": "string", "minimum_necessary": True},
        },
    }
    minimizer = ToolMinimizer({"t": schema})
    assert minimizer.schemas["t"].suspicious
    result = minimizer.minimize("t", {"a": "SSN 123-45-6789", "b": "ok"})
    assert "suspicious_schema" in result.flags and "123-45-6789" not in json.dumps(result.args)


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda m: m.minimize("get_weather", "not json"), "not valid JSON"),
        (lambda m: m.minimize("get_weather", "[1, 2]"), "must be a JSON object"),
        (lambda m: m.minimize("nope", {}), "unknown tool"),
        (lambda m: m.register("bad", {"type": "objekt"}), "not a valid JSON Schema"),
        (lambda m: m.register("bad", "{not json"), "not valid JSON"),
        (
            lambda m: m.register("bad", {"type": "object", "properties": {"x": {"x-minimum-necessary": "galaxy"}}}),
            "unknown minimum-necessary precision",
        ),
        (
            lambda m: m.minimize(
                "get_weather", json.dumps({"a": [[[[[[[[[[]]]]]]]]]]}).replace("[]", "[" * 80 + "]" * 80)
            ),
            "nested deeper",
        ),
    ],
)
def test_bad_input_is_a_clear_error(call, message):
    with pytest.raises(EgressError, match=message):
        call(ToolMinimizer({"get_weather": WEATHER}))


def test_unknown_trust_and_mode_are_refused_at_construction():
    with pytest.raises(ConfigError, match="trust level"):
        ToolMinimizer(default_trust="friendly")
    with pytest.raises(ConfigError, match="mode"):
        ToolMinimizer(mode="yolo")  # type: ignore[arg-type]


def test_a_megabyte_argument_is_bounded_and_fails_closed():
    minimizer = ToolMinimizer({"get_weather": WEATHER}, classifier=PSDClassifier(budget_ms=50))
    huge = {"location": "Boston, MA", "units": ("word " * 200_000)}  # ~1 MB of text
    start = time.perf_counter()
    with pytest.raises(EgressError, match="budget|cannot"):
        minimizer.minimize("get_weather", huge)
    assert time.perf_counter() - start < 5


def test_fail_modes_when_a_call_cannot_be_made_safe():
    # a required integer holding an SSN: no rewrite keeps it valid and safe
    schema = {"type": "object", "properties": {"ssn": {"type": "integer"}}, "required": ["ssn"]}
    args = {"ssn": 123456789}
    with pytest.raises(EgressError, match="required number holding PSD"):
        ToolMinimizer({"t": schema}).minimize("t", args)  # fail-closed: blocked
    opened = ToolMinimizer({"t": schema}, mode="fail_open").minimize("t", args)
    assert opened.args == args and opened.flags[0].startswith("unminimized") and not opened.needs_confirmation
    prompted = ToolMinimizer({"t": schema}, mode="fail_prompt").minimize("t", args)
    assert prompted.args == args and prompted.needs_confirmation
    rewritten = ToolMinimizer({"t": WEATHER}, mode="fail_prompt").minimize("t", PAPER_EXAMPLE)
    assert rewritten.needs_confirmation and rewritten.args == {"location": "New York, NY"}


def test_schema_field_lookup_handles_arrays():
    schema = ToolSchema.parse(
        "t",
        {
            "type": "object",
            "properties": {
                "people": {
                    "type": "array",
                    "items": {"type": "object", "properties": {"email": {"type": "string", "format": "email"}}},
                }
            },
        },
    )
    assert schema.field("$.people[3].email").format == "email"


def test_a_detector_whose_trigger_needs_a_digit_is_not_tried_on_text_without_one():
    import re

    from webminim.egress.detectors import Finding
    from webminim.egress.taxonomy import Category

    class Counting:
        name = "counting"
        trigger = re.compile(r"[a-z]")  # matches anything: only needs_digit can hold it back
        needs_digit = True

        def __init__(self) -> None:
            self.seen: list[str] = []

        def detect(self, text: str, field: str = "") -> list[Finding]:
            self.seen.append(text)
            return [Finding(Category.QI, "counted", 0, len(text), text, self.name)] if text[:1].isdigit() else []

    counting = Counting()
    classifier = PSDClassifier([counting])
    counting.seen.clear()  # the classifier warms every detector up once
    assert classifier.classify_text("no digits here") == []
    assert counting.seen == []
    assert [f.kind for f in classifier.classify_text("4 digits here")] == ["counted"]


_SAMPLES = [
    "write to dana.kim@gmail.com or call (415) 555-0199; SSN 123-45-6789, card 4111 1111 1111 1111",
    "IBAN GB82 WEST 1234 5698 7654 32, account number 12345678, sort code 12-34-56, server 10.0.0.1",
    "Dr. Okafor met Michael Johnson at 54282 Daniel Overpass, Apt 4, NY 10065, Boston, MA",
    "38.71667,-9.13333 born on March 3, 1985, every Tuesday at 7pm, she is 34 years old",
    "Memorial Sloan Kettering Cancer Center, taking sertraline daily, filed for bankruptcy, ask my wife",
    "passport Y93966394, Führerschein B072RRE2I55, ICD-10 F32.1, password: hunter22, Steuer-ID: 36 574 261 809",
    "Hauptstraße 12, 10115 Berlin; Calle Mayor 5, 28013 Madrid; plac Wybickiego 89; SW1A 1AA",
    "wallet bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq, MAC 3c:22:fb:1a:0e:7d, my number is 612 34 56 78",
]


def test_every_detector_says_what_it_can_find_and_finds_nothing_else():
    """A reader that wants some kinds runs only the detectors that can report them (the text
    minimizer: values), so a detector's `kinds` must hold every kind it reports."""
    from webminim.egress.detectors import default_detectors

    for detector in default_detectors():
        assert detector.kinds, detector.name
        for text in _SAMPLES:
            for f in detector.detect(text, ""):
                assert f.kind.removesuffix("_split") in detector.kinds, (detector.name, f.kind)


def test_a_restricted_classifier_runs_the_detectors_of_its_kinds_and_finds_what_the_whole_finds():
    whole = PSDClassifier()
    phones = whole.restricted({"phone", "email"})
    assert [d.name for d in phones.detectors] == ["email", "phone"]
    for text in _SAMPLES:
        expected = [f for f in whole.classify_text(text) if f.kind in ("phone", "email")]
        assert {(f.start, f.end) for f in phones.classify_text(text)} >= {(f.start, f.end) for f in expected}
