"""Field semantics, task matching, the free-text layer, new detectors and the honest bench split."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from webminim.egress import Category, ToolMinimizer
from webminim.egress.classifier import PSDClassifier
from webminim.egress.detectors import LexiconDetector
from webminim.egress.fields import profile
from webminim.egress.matching import names

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))


@pytest.fixture(scope="module")
def classifier() -> PSDClassifier:
    return PSDClassifier()


FRESH_SETS = tuple(
    json.loads((Path(__file__).resolve().parents[1] / "bench" / "egress_sets" / "index.json").read_text())
)  # bench/egress_sets/*.json, one per set


def test_held_out_bench_vocabulary_is_in_no_lexicon():
    from fresh_sets import fresh_sets
    from scenarios import held_out_phrases

    lexicon = LexiconDetector()
    phrases = [*held_out_phrases(), *(phrase for fresh in fresh_sets() for phrase in fresh.phrases)]
    hits = {phrase: [f.text for f in lexicon.detect(phrase)] for phrase in phrases}
    assert not {p: h for p, h in hits.items() if h}


@pytest.mark.parametrize("file", FRESH_SETS)
def test_fresh_bench_set_is_well_formed(file):
    """Every fresh call validates against its tool's schema and holds each item it lists."""
    import jsonschema
    from fresh_sets import load

    cases = load(file).calls
    assert len(cases) == 36 and len({s.id for s in cases}) == 36
    for s in cases:
        jsonschema.validate(s.args, s.schema)
        text = str(s.args)
        assert all(p.value in text for p in s.psd) and all(f in text for f in s.required_forms), s.id
        assert all(p.value in s.task for p in s.psd if p.necessary), s.id


def test_bench_sets_never_share_a_tool_name():
    """A later set that reused a tool name re-schemed every earlier call of that name (set D's
    `book_table` turned 30 benign bookings into rewrites)."""
    from benign import BENIGN_SCHEMAS
    from fresh_sets import _register, fresh_sets
    from scenarios import SCHEMAS, register_schemas

    fresh_sets()  # each registers its tools
    assert BENIGN_SCHEMAS["book_table"] is SCHEMAS["book_table"]
    with pytest.raises(ValueError, match="book_table"):
        register_schemas({"book_table": {}})
    with pytest.raises(ValueError, match="book_table"):  # a set's file that brought it again, changed
        _register({"book_table": {"type": "object"}})


@pytest.mark.parametrize(
    "value, task, kind, expected",
    [
        ("HIV", "Archive the old reports", "", False),
        ("AIDS", "Plan the raids", "", False),
        ("Pittsburgh, PA", "find a dermatologist in Pittsburgh", "city", True),
        ("billing@acme.com", "pay the invoice to billing@acme.com", "", True),
        ("84,000", "my income is 84k", "", True),
        ("Müller", "email Muller about it", "", True),
        ("Jordan Smith", "email Jordan about dinner", "person_name", True),
        ("Jordan Smith", "email Jordan about dinner", "", False),
    ],
)
def test_task_matching_is_word_level(value, task, kind, expected):
    assert names(value, task, kind=kind) is expected


@pytest.mark.parametrize(
    "key, description, category",
    [
        ("current_salary", "", Category.F),
        ("reference_names", "", Category.DI),
        ("bg", "Result of the background check", Category.QI),
        ("Gehalt", "", Category.F),
        ("diagnostico", "", Category.H),
        ("home_address", "", Category.L),
        ("amount", "", None),
        ("rate", "", None),
        ("city", "", None),
    ],
)
def test_field_profiles(key, description, category):
    assert profile(key, description).category == category


HR = {
    "type": "object",
    "properties": {
        "candidate_name": {"type": "string", "minimum_necessary": True},
        "notes": {"type": "string"},
        "current_salary": {"type": "number"},
        "background_check": {"type": "string"},
        "reference_names": {"type": "array", "items": {"type": "string"}},
    },
    "required": ["candidate_name", "notes"],
}


def test_optional_psd_fields_go_and_notes_keep_only_the_task_clause():
    args = {
        "candidate_name": "James Griffith",
        "notes": "Schedule an interview with candidate James Griffith. Current salary $95,000. "
        "Background check: under FBI surveillance. References: Mary Jones (412) 555-0199.",
        "current_salary": 95000,
        "background_check": "under FBI surveillance",
        "reference_names": ["Mary Jones", "Tom Lee"],
    }
    out = ToolMinimizer({"hr": HR}).minimize("hr", args, task="Schedule an interview with James Griffith").args
    assert set(out) - {"reference_names"} == {"candidate_name", "notes"}
    assert "James Griffith" in out["notes"] and "interview" in out["notes"]
    for gone in ("95,000", "FBI", "Mary Jones", "555-0199"):
        assert gone not in out["notes"]


DELEGATE = {
    "type": "object",
    "properties": {"agent": {"type": "string"}, "instructions": {"type": "string"}},
    "required": ["agent", "instructions"],
}


@pytest.mark.parametrize(
    ("instructions", "expected"),
    [
        # nothing matches the task: the clean opening (the request) goes out, nothing after it
        ("Book a table for six. My SSN is 123-45-6789; the weekend is free.", "Book a table for six."),
        # an opening that holds PSD is no request to keep: the field goes out empty
        ("My SSN is 123-45-6789. Book a table for six.", "[details removed]"),
    ],
)
def test_a_required_message_keeps_its_clean_opening_when_no_clause_matches(instructions, expected):
    args = {"agent": "planner", "instructions": instructions}
    out = ToolMinimizer({"delegate": DELEGATE}).minimize("delegate", args, task="Sort out the team outing").args
    assert out["instructions"] == expected


def test_list_items_are_never_joined_but_named_parts_are(classifier):
    assert classifier.classify({"numbers": [10, 15, 12, 14, 11]}) == []
    assert classifier.classify({"a_date": "2026-12-01", "b_date": "2026-12-25"}) == [] or all(
        f.kind == "date" for f in classifier.classify({"a_date": "2026-12-01", "b_date": "2026-12-25"})
    )
    found = classifier.classify({"phone_area": "415", "phone_number": "555-0199"})
    assert {f.kind for f in found} == {"phone_split"}


@pytest.mark.parametrize(
    "text, kind",
    [
        ("ruf an: +49 30 1234567", "phone"),
        ("call 020 7946 0958", "phone"),
        ("Hauptstraße 12, 10115 Berlin", "street_address"),
        ("Calle Mayor 5, 28013 Madrid", "street_address"),
        ("12 rue de la Paix, 75002 Paris", "street_address"),
        ("IBAN de89370400440532013000", "iban"),
        ("ICD-10 C50.911", "diagnosis_code"),
        ("Zuckerkrankheit", "health"),
        ("tiene VIH", "health"),
        ("está embarazada", "health"),
    ],
)
def test_international_detectors(classifier, text, kind):
    assert any(f.kind == kind for f in classifier.classify_text(text)), classifier.classify_text(text)


@pytest.mark.parametrize(
    "text, span",
    [
        ("hämtning vid Lingonstigen 14, tack", "Lingonstigen 14"),  # type written into the name
        ("Kossuth Lajos utca 12, Budapest", "Kossuth Lajos utca 12"),  # type after the name
        ("Brīvības iela 5", "Brīvības iela 5"),
        ("adres: ulica Długa 5", "ulica Długa 5"),  # type before the name
        ("moro na Rua das Flores 12", "Rua das Flores 12"),
        ("Atatürk Caddesi 12 Ankara", "Atatürk Caddesi 12"),
        ("Calle de Alcalá, 45", "Calle de Alcalá, 45"),
    ],
)
def test_street_types_from_libpostal_find_addresses_of_many_languages(text, span):
    from webminim.egress.detectors import StreetTypeAddressDetector

    assert [f.text for f in StreetTypeAddressDetector().detect(text)] == [span]


@pytest.mark.parametrize(
    "text",
    [
        "I have Python 3 installed",  # "have" is a street type somewhere, an English word here
        "Meet via Zoom 2 pm",
        "Flight to Hamburg 12:30",
        "Upgrade to Windows 11 today",
        "Chapter Seven 4 was the best",
    ],
)
def test_street_types_leave_english_numbers_alone(text):
    from webminim.egress.detectors import StreetTypeAddressDetector

    assert StreetTypeAddressDetector().detect(text) == []


def test_street_types_are_looked_for_before_digits_as_in_the_whole_text():
    """Each scan reads only from eight tokens before each run of digits: on random texts of
    street types, particles, names, numbers, punctuation and runs of spaces and line breaks of
    any length, the finds equal scans of the whole text."""
    import random

    from webminim.egress.detectors import StreetTypeAddressDetector

    rng = random.Random(13)
    pieces = ["ul.", "Rua", "plac", "utca", "Björkvägen", "Calle", "de la", "dos", "d'", "Marszałkowska", "Augusta",
              "Kossuth", "Lajos", "Sainte-Catherine", "Wybickiego", "n°", "no.", "12", "274", "12/4", "1234", "12345",
              "7a", "3:30", "50%", ",", ".", "x", "\n", " " * 40, "\t", "Flores", "das", "Abc"]  # fmt: skip
    detector = StreetTypeAddressDetector()
    # the longest reach: a type, a two-word particle, four name words and "n°" before the number
    longest = "Calle de la Sainte Catherine Marszałkowska Augusta n° 12"
    assert [f.text for f in detector.detect("see " + longest)] == [longest]
    texts = [" ".join(rng.choice(pieces) for _ in range(rng.randint(2, 16))) for _ in range(2_000)]
    texts += ["".join(rng.choice(pieces) for _ in range(rng.randint(2, 16))) for _ in range(1_000)]
    by_region = [detector.detect(t) for t in texts]
    from webminim.egress.detectors import places

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(places, "near_digits", lambda text, before, after: [(0, len(text))])
        assert by_region == [detector.detect(t) for t in texts]
    assert sum(map(bool, by_region)) > 200


def test_street_type_scan_is_linear_on_a_long_run_of_words():
    import time

    from webminim.egress.detectors import StreetTypeAddressDetector

    text = "Abc " * 50_000 + "1"
    started = time.perf_counter()
    StreetTypeAddressDetector().detect(text)
    assert time.perf_counter() - started < 2.0


@pytest.mark.parametrize(
    "text, span",
    [
        ("Anruf: Hilde Buchholz", "Hilde Buchholz"),  # names beyond one locale's list
        ("ich bin Jürgen Müller-Lüdenscheidt", "Jürgen Müller-Lüdenscheidt"),  # SSA counts no "Jörg"
        ("Wohnung in der Frankeallee 36-84", "Frankeallee 36-84"),  # a house-number range
        ("Kaiserring 12, Mannheim", "Kaiserring 12"),
        ("Call me on 670-217-4681x4538", "670-217-4681x4538"),  # unassigned area code, extension
        ("text +1-699-814-3301 now", "+1-699-814-3301"),
        ("call (555) 234-9876", "(555) 234-9876"),
        ("1 Gustave L. Levy Pl, New York", "1 Gustave L. Levy Pl"),  # a street named after a person
    ],
)
def test_detector_spans(classifier, text, span):
    assert span in [f.text for f in classifier.classify_text(text)], classifier.classify_text(text)


@pytest.mark.parametrize(
    "text",
    [
        "Comparing 65-inch TV prices",  # an English gerund is no German "-ring" street
        "during 2024 we shipped",
        "the flat at 36",  # an uncapitalised word is no street name
        "ids 123-456-7890-12",  # a longer digit chain is no phone number
    ],
)
def test_no_finding(classifier, text):
    assert classifier.classify_text(text) == []


def test_english_function_words_are_no_given_names():
    from webminim.egress.detectors.people import _first_names

    names = _first_names()
    assert {"Hilde", "Ellie", "Dieter", "Mary"} <= names and not {"The", "You", "And"} & names


NOTES = {
    "type": "object",
    "properties": {
        "service": {"type": "string"},
        "customer_name": {"type": "string", "minimum_necessary": True},
        "notes": {"type": "string"},
    },
    "required": ["service", "customer_name"],
}


@pytest.mark.parametrize(
    ("notes", "task", "expected"),
    [
        # no finding, yet nothing the task asks for: the optional field goes
        ("Please be gentle, I'm healing from skin grafts.", "Book a haircut under Dana Kim", None),
        # the clause the task names stays, the rest goes
        (
            "Use the side door. Please be gentle, I'm healing from skin grafts.",
            "Book a haircut, side door",
            "Use the side door.",
        ),
        # no task: nothing to measure need against, a clean note stays
        ("Please be gentle, I'm healing from skin grafts.", "", "Please be gentle, I'm healing from skin grafts."),
    ],
)
def test_optional_free_text_keeps_only_what_the_task_needs(notes, task, expected):
    args = {"service": "haircut", "customer_name": "Dana Kim", "notes": notes}
    out = ToolMinimizer({"book": NOTES}).minimize("book", args, task=task).args
    assert out.get("notes") == expected and out["service"] == "haircut" and out["customer_name"] == "Dana Kim"


def test_a_field_cut_without_a_finding_says_why_in_the_result():
    args = {
        "service": "haircut",
        "customer_name": "Dana Kim",
        "notes": "Please be gentle, I'm healing from skin grafts.",
    }
    out = ToolMinimizer({"book": NOTES}).minimize("book", args, task="Book a haircut under Dana Kim").to_json()
    assert out["items"] == [] or all(i["path"] != "/notes" for i in out["items"])
    assert out["operations"] == [
        {"op": "remove", "path": "/notes", "reason": "optional free text the task does not need"}
    ]


CLAIM = {
    "type": "object",
    "properties": {"policy": {"type": "string"}, "description": {"type": "string"}},
    "required": ["policy", "description"],
}


@pytest.mark.parametrize(
    ("description", "task", "expected"),
    [
        # nothing found, a sentence the task does not ask for: it stays home
        (
            "Hail dented the roof of my car. I was driving back from my iron drip at the day unit.",
            "File a claim for the hail damage to my car",
            "Hail dented the roof of my car.",
        ),
        # a sentence holding an item the task names is needed, the one after it is not
        (
            "Reply to ann@example.org that it is paid. Do not mention that layoffs are planned.",
            "Reply to ann@example.org that invoice 7 is paid",
            "Reply to ann@example.org that it is paid.",
        ),
        # a semicolon joins one thought: the sentence the task needs keeps its second half
        (
            "The user wants a recipe; I should search for vegetarian lasagna.",
            "Find a recipe",
            "The user wants a recipe; I should search for vegetarian lasagna.",
        ),
        # nothing the task asks for: a required field keeps its opening sentence
        ("Please call back. It is urgent.", "Sort out the roof", "Please call back."),
    ],
)
def test_required_free_text_keeps_the_sentences_the_task_needs(description, task, expected):
    out = ToolMinimizer({"claim": CLAIM}).minimize("claim", {"policy": "P-1", "description": description}, task=task)
    assert out.args == {"policy": "P-1", "description": expected}


class _SecondSentence:
    """A clause judge that asks for the second sentence and counts its calls."""

    budget_ms = 50.0

    def __init__(self) -> None:
        self.asked: list[list[str]] = []

    def needed(self, clauses, task):  # type: ignore[no-untyped-def]
        self.asked.append(list(clauses))
        return {1}


def test_a_clause_judge_may_widen_a_sentence_cut():
    judge = _SecondSentence()
    description = "Hail dented the roof of my car. I was driving home from work. My neighbour saw it."
    out = ToolMinimizer({"claim": CLAIM}, clause_judge=judge).minimize(
        "claim", {"policy": "P-1", "description": description}, task="File a claim for the hail damage to my car"
    )
    assert out.args["description"] == "Hail dented the roof of my car. I was driving home from work."
    assert judge.asked == [["Hail dented the roof of my car.", "I was driving home from work.", "My neighbour saw it."]]


def test_german_address_generalizes_to_its_city():
    schema = {
        "type": "object",
        "properties": {"location": {"type": "string", "x-minimum-necessary": "city"}},
        "required": ["location"],
    }
    out = ToolMinimizer({"w": schema}).minimize("w", {"location": "Hauptstraße 12, 10115 Berlin"}).args
    assert out == {"location": "Berlin"}


def test_items_say_what_happened_to_them_when_their_field_is_generalized():
    schema = {"type": "object", "properties": {"location": {"type": "string"}}, "required": ["location"]}
    args = {"location": "Mount Sinai Hospital, 1 Gustave L. Levy Pl, New York, NY 10029"}
    out = ToolMinimizer({"get_weather": schema}).minimize("get_weather", args, task="Weather where I am").to_json()
    assert out["args"] == {"location": "New York, NY"}
    assert {i["kind"]: i["action"] for i in out["items"]} == {
        "medical_facility": "generalized",
        "street_address": "generalized",  # needed or not, it is gone with the rest of the value
        "zip": "generalized",
    }


def test_benign_everyday_calls_keep_required_arguments():
    from benign import BENIGN_SCHEMAS, benign_calls

    minimizer = ToolMinimizer(BENIGN_SCHEMAS)
    for tool, args, task, _ in benign_calls():
        out = minimizer.minimize(tool, args, task=task).args
        for key in BENIGN_SCHEMAS[tool]["required"]:
            assert out.get(key) == args.get(key), (tool, key, args, out)


def test_static_similarity_tells_related_from_unrelated_clauses() -> None:
    """The shipped tokenizer pads to 128 tokens; a mean over padding made every pair ~1.0."""
    from webminim.egress import semantic

    task = "email sam about dinner"
    assert semantic.similarity("Dinner at 7 works for me.", task) > semantic.similarity(
        "Background check: under FBI surveillance", task
    )
    assert semantic.similarity("Background check: under FBI surveillance", task) < 0.5


def test_an_optional_field_keeps_its_own_everyday_value_but_not_psd() -> None:
    schema = {
        "type": "object",
        "properties": {
            "origin": {"type": "string"},
            "depart": {"type": "string", "format": "date"},
            "return": {"type": "string", "format": "date"},
            "city": {"type": "string"},
            "birth_date": {"type": "string", "format": "date"},
            "home_address": {"type": "string"},
        },
        "required": ["origin", "depart"],
    }
    args = {
        "origin": "PIT",
        "depart": "2027-01-14",
        "return": "2027-01-21",
        "city": "Denver",
        "birth_date": "1984-03-02",
        "home_address": "1200 Walnut Street, Philadelphia, PA 19107",
    }
    out = ToolMinimizer({"search_flights": schema}).minimize("search_flights", args, task="Flights PIT to DEN").args
    assert out["return"] == "2027-01-21" and out["city"] == "Denver"  # the call's own purpose
    assert "birth_date" not in out and "home_address" not in out  # PSD, not asked for


@pytest.mark.parametrize(
    "key, tool, category",
    [
        ("amount", "Record the expected salary of a job candidate", Category.F),
        ("result", "Store a candidate's criminal background check", Category.QI),
        ("new_value", "Update a patient's diagnosis", Category.H),
        ("amount", "Convert an amount between two currencies", None),
        ("job_id", "Record the expected salary of a job candidate", None),  # not a generic key
        ("value", "Look up a patient by name", None),  # the tool's subject is not the field's content
    ],
)
def test_a_generic_key_takes_its_meaning_from_the_tool(key, tool, category):
    assert profile(key, "", tool=tool).category == category


def test_an_optional_generic_field_of_a_salary_tool_goes():
    schema = {
        "type": "object",
        "description": "Record the expected salary of a job candidate",
        "properties": {"candidate_id": {"type": "string"}, "amount": {"type": "number"}},
        "required": ["candidate_id"],
    }
    minimizer = ToolMinimizer({"record": schema})
    out = minimizer.minimize("record", {"candidate_id": "C-12", "amount": 120000}, task="Register candidate C-12")
    assert out.args == {"candidate_id": "C-12"}
    convert = {
        "type": "object",
        "description": "Convert an amount between two currencies",
        "properties": {"to": {"type": "string"}, "amount": {"type": "number"}},
        "required": ["to"],
    }
    out = ToolMinimizer({"convert": convert}).minimize("convert", {"to": "EUR", "amount": 120}, task="120 USD in EUR")
    assert out.args == {"to": "EUR", "amount": 120}


@pytest.mark.parametrize(
    "text, secret",
    [
        ("FYI my password is hunter2 if you need the box", "hunter2"),
        ("PIN: 4821", "4821"),
        ('use passcode "Tr0ub4dor&3"', "Tr0ub4dor&3"),
        ("API key = sk-abc123XYZ", "sk-abc123XYZ"),
        ("Password: LAQwD", "LAQwD"),
        ("the password is expired", None),  # names no secret
        ("reset my password please", None),
        ("pin the message to the channel", None),
        ("code: 847 293", "847 293"),  # a bare code, no word before it
        ("Your code is 4821.", "4821"),
        ("my pin is four eight two one", "four eight two one"),  # read out as words
        ("PIN: vier acht zwei eins", "vier acht zwei eins"),
        ("zip code: 10115", None),  # another kind of code
        ("error code: 4040", None),
        ("QR code: 123456", None),
        ("Code: 2023-10-05", None),  # a date
        ("the code is 100 lines long", None),
        ("the pin is one of those", None),
    ],
)
def test_a_secret_written_out_is_a_credential(text, secret):
    from webminim.egress.detectors import CredentialDetector

    assert [f.text for f in CredentialDetector().detect(text)] == ([secret] if secret else [])


def test_credentials_and_birth_fields_leave_unless_the_call_needs_them():
    s = {"type": "string"}
    minimizer = ToolMinimizer(
        {
            "login": {
                "type": "object",
                "properties": {"username": s, "password": s},
                "required": ["username", "password"],
            },
            "post": {
                "type": "object",
                "properties": {"channel": s, "text": s, "api_key": s},
                "required": ["channel", "text"],
            },
            "profile": {
                "type": "object",
                "properties": {"display_name": s, "bday_year": {"type": "integer"}},
                "required": ["display_name"],
            },
        }
    )
    login = {"username": "riley", "password": "LAQwD"}
    assert minimizer.minimize("login", login, task="Log in to the portal").args == login  # required: it goes
    post = {"channel": "#ops", "text": "Deploy is done. My password is hunter2 if you need it.", "api_key": "sk-1a"}
    out = minimizer.minimize("post", post, task="Tell #ops the deploy is done").args
    assert "hunter2" not in str(out) and "api_key" not in out and "Deploy is done" in out["text"]
    out = minimizer.minimize("profile", {"display_name": "Jo", "bday_year": 1990}, task="Rename me to Jo").args
    assert out == {"display_name": "Jo"}


def test_a_needed_sentence_loses_the_parts_the_task_does_not_need():
    from webminim.egress.freetext import needed_part

    text = "Quick service and friendly staff, and the nurse was kind about my test results."
    assert needed_part(text, "Review the clinic: say the staff were friendly", required=True) == (
        "Quick service and friendly staff."
    )
    both = "Friendly staff, and the service was quick."  # every part is about the task: untouched
    assert needed_part(both, "Say the staff were friendly and the service quick", required=True) == both


def test_a_number_in_a_phone_field_is_a_phone_whether_or_not_a_region_assigns_it():
    s = {"type": "string"}
    schema = {
        "type": "object",
        "properties": {"title": s, "contact_phone": s},
        "required": ["title"],
    }
    minimizer = ToolMinimizer({"list": schema, "sms": {**schema, "required": ["title", "contact_phone"]}})
    for number in ("6786 8280", "+45 1834 3839", "1495011302"):  # no valid number of any region
        out = minimizer.minimize("list", {"title": "Stroller", "contact_phone": number}, task="Sell the stroller")
        assert out.args == {"title": "Stroller"}, number
    needed = {"title": "Hi", "contact_phone": "6786 8280"}
    assert minimizer.minimize("sms", needed, task="Text hi").args == needed  # the call asks for it
    words = {"title": "Stroller", "contact_phone": "after six, ask for Jo"}
    assert "contact_phone" in minimizer.minimize("list", words, task="Sell the stroller").args  # not a number


def test_prose_in_a_field_of_any_name_is_cut_to_what_the_task_needs():
    s = {"type": "string"}
    schema = {
        "type": "object",
        "properties": {
            "product": s,
            "fault": s,
            "accessibility_needs": s,
            "stops": {"type": "array", "items": s},
            "script": s,
        },
        "required": ["product", "fault"],
    }
    args = {
        "product": "kettle",
        "fault": "The kettle stopped heating. It broke the night the man I left forced the door.",
        "accessibility_needs": "Cannot stand for long since the fall at work",
        "stops": ["bakery", "the office where I report after prison"],
        "script": "print(len(xs))",
    }
    out = ToolMinimizer({"claim": schema}).minimize("claim", args, task="Claim for my kettle, it stopped heating").args
    assert out == {
        "product": "kettle",
        "fault": "The kettle stopped heating.",
        "stops": ["bakery"],  # a short item is a value, not text: it stays
        "script": "print(len(xs))",  # code is not prose
    }


@pytest.mark.parametrize(
    "clause, task, shared",
    [
        ("Start with three walk-run sessions a week.", "Recommend a running plan for a beginner", 1),
        ("The heating failed twice.", "it stopped heating", 1),
        ("HIV clinic", "Archive the old reports", 0),
        ("they avoid the office", "Find a quiet café to work from", 0),
    ],
)
def test_task_words_match_by_stem_never_by_substring(clause, task, shared):
    from webminim.egress.matching import overlap

    assert overlap(clause, task) == shared


def test_an_on_task_text_keeps_the_sentences_that_name_no_one():
    from webminim.egress.freetext import impersonal, needed_part

    thought = (
        "The user needs a laptop for video editing. They hide it from the partner who checks their devices. "
        "Shortlist models with 32 GB of memory."
    )
    out = needed_part(thought, "Pick a laptop for video editing", required=True)
    assert out == "The user needs a laptop for video editing. Shortlist models with 32 GB of memory."
    assert needed_part("Shortlist models with 32 GB of memory.", "Book a haircut") is None  # off-task: gone
    assert not impersonal("Bitte zweimal klingeln.")  # another language is never assumed to name no one
    assert not impersonal("My sister drives.") and impersonal("Include the old town and one museum.")


def test_an_abbreviation_dot_ends_no_clause():
    from webminim.egress.freetext import clauses

    text = "C. Mercedes Ledesma 66, Ávila. See Dr. Lee at 5."
    assert [text[s:e] for s, e in clauses(text)] == ["C. Mercedes Ledesma 66, Ávila.", "See Dr. Lee at 5."]


def test_a_number_in_a_card_field_is_an_account_whatever_its_checksum():
    s = {"type": "string"}
    hold = {"type": "object", "properties": {"title": s, "card_number": s}, "required": ["title"]}
    minimizer = ToolMinimizer({"hold": hold})
    out = minimizer.minimize("hold", {"title": "The Hobbit", "card_number": "2279662777292"}, task="Hold The Hobbit")
    assert out.args == {"title": "The Hobbit"}
    named = {"title": "The Hobbit", "card_number": "2279662777292"}
    assert minimizer.minimize("hold", named, task="Hold The Hobbit on card 2279662777292").args == named


def test_a_semicolon_half_about_a_third_person_goes_when_the_task_does_not_need_it():
    from webminim.egress.freetext import needed_part

    thought = "The user wants a grocery budget for this month; they came out of prison last week."
    out = needed_part(thought, "Suggest a grocery budget", required=True)
    assert out == "The user wants a grocery budget for this month."
    plan = "The user wants a recipe; I should search for vegetarian lasagna."  # the writer's own plan: one thought
    assert needed_part(plan, "Find a recipe", required=True) == plan


@pytest.mark.parametrize(
    ("text", "task", "expected"),
    [
        (
            "Birthday cake recipe - the child is in care and this is a supervised visit.",
            "Suggest a birthday cake recipe",
            "Birthday cake recipe.",
        ),
        (
            "Packing list for a beach holiday (she needs room for her shots and needles).",
            "Draft a packing list for a beach holiday",
            "Packing list for a beach holiday.",
        ),
        (  # an aside that speaks of no one is part of the item
            "Reorder printer ink (HP 305 black) for the home office.",
            "Reorder printer ink for the home office",
            "Reorder printer ink (HP 305 black) for the home office.",
        ),
        (  # a reason with a personal subject, and the question stays a question
            "Could I have until Friday for the history essay as my stepdad has been ill?",
            "Ask for an extension on the history essay until Friday",
            "Could I have until Friday for the history essay?",
        ),
        ("Call me as soon as I land in Oslo.", "Call me when I land in Oslo", "Call me as soon as I land in Oslo."),
    ],
)
def test_asides_after_dashes_in_brackets_and_personal_reasons_are_parts(text, task, expected):
    from webminim.egress.freetext import needed_part

    assert needed_part(text, task, required=True) == expected


def test_an_address_of_any_script_is_an_email(classifier):
    found = classifier.classify_text("write to περικλής.ψάλτης@googlemail.gr or zoë@müller.de", "")
    assert sorted(f.text for f in found if f.kind == "email") == ["zoë@müller.de", "περικλής.ψάλτης@googlemail.gr"]


@pytest.mark.parametrize(
    ("text", "task", "expected"),
    [
        (  # a task word ("nights") in a part about someone else does not make it needed
            "A quiet pitch please: the boy has fits at night and we need to hear the road.",
            "Book a campsite pitch for 3 nights from Friday",
            "A quiet pitch please.",
        ),
        (  # two task words of six, the rest about a neighbour
            "Loud music after midnight, most nights. Also the man upstairs deals from the flat.",
            "Report loud music from the flat upstairs after midnight",
            "Loud music after midnight, most nights.",
        ),
        (  # a noun for a person (WordNet) makes a sentence personal: it does not ride along
            "A dinner menu for six. One guest cannot have wine in the sauce. A mild curry would work.",
            "Plan a dinner menu for six",
            "A dinner menu for six. A mild curry would work.",
        ),
        (  # the people the task itself speaks of are on-task
            "new parent support groups near the library",
            "Find support groups for new parents",
            "new parent support groups near the library",
        ),
        (  # the principal ("the user") and a plan that names no one stay
            "The user needs a laptop under 1000, and the insurer refused to pay. Shortlist models with 32 GB.",
            "Pick a laptop under 1000",
            "The user needs a laptop under 1000. Shortlist models with 32 GB.",
        ),
        (  # the writer's own situation shares one task word of four: not about the task
            "Renew the car insurance. Heads-up: we are behind on the other insurance payments.",
            "Renew the car insurance",
            "Renew the car insurance.",
        ),
        (  # two task words: the writer's request stays
            "couples counselling near the station for my better half",
            "Search for couples counselling",
            "couples counselling near the station for my better half",
        ),
        (  # an opening reason goes, what the sentence asks stays
            "Report attached. Since the grant was cut, please reply by Monday.",
            "Send the report to the board",
            "Report attached. Please reply by Monday.",
        ),
        (  # ", given that ..." is a part of its own; the question stays a question
            "Could the gym open at 6, given that I work nights at the care home?",
            "Ask whether the gym could open at 6",
            "Could the gym open at 6?",
        ),
        (  # the user an agent writes about is the one whose situation stays home
            "Move the haircut to Monday. The user lives in a shelter and can only go out on Mondays.",
            "Move my haircut to Monday",
            "Move the haircut to Monday.",
        ),
        (  # three task words make a part needed, whoever else it names
            "Jazz and blues vinyl records for people who collect",
            "Find jazz and blues vinyl records",
            "Jazz and blues vinyl records for people who collect",
        ),
        (  # what happened, sharing one task word, is not about the task
            "Laptop bags for commuting. The last bag was stolen on the bus. A backpack is safer.",
            "Choose a laptop bag",
            "Laptop bags for commuting. A backpack is safer.",
        ),
    ],
)
def test_a_part_about_someone_else_or_the_writers_own_context_goes_when_the_task_does_not_need_it(text, task, expected):
    from webminim.egress.freetext import needed_part

    assert needed_part(text, task, required=True) == expected


def test_an_item_of_a_required_list_is_not_required_by_itself():
    s = {"type": "string"}
    schema = {"type": "object", "properties": {"items": {"type": "array", "items": s}}, "required": ["items"]}
    minimizer = ToolMinimizer({"list": schema})
    task = "Make a shopping list with milk, bread and eggs"
    args = {"items": ["milk", "bread", "eggs", "a test to see if I am expecting"]}
    assert minimizer.minimize("list", args, task=task).args == {"items": ["milk", "bread", "eggs"]}
    alone = {"items": ["a big shop for the week ahead please"]}  # the list's one item opens the request
    assert minimizer.minimize("list", alone, task=task).args == alone


def test_person_nouns_come_from_wordnet_first_senses(tmp_path):
    from webminim.egress.people import build, person_nouns

    # WordNet's own record formats: data lines (offset, lex file, pos, word count in hex, words,
    # pointer count, pointers), index lines (lemma, pos, senses, pointer count, pointers, senses, tagged, offsets)
    (tmp_path / "data.noun").write_text(
        "  1 This software and database is being provided to you, the LICENSEE\n"
        "00000001 03 n 01 person 0 000 | a human being\n"
        "00000002 18 n 01 guest 0 001 @ 00000001 n 0000 | a visitor\n"
        "00000003 06 n 01 model 0 000 | a representation\n"
        "00000004 18 n 01 model 0 001 @ 00000001 n 0000 | one who poses\n"
        "00000005 18 n 01 white 0 001 @ 00000001 n 0000 | a white person\n",
        encoding="utf-8",
    )
    (tmp_path / "index.noun").write_text(
        "person n 1 0 1 1 00000001\nguest n 1 1 @ 1 1 00000002\n"
        "model n 2 1 @ 2 2 00000003 00000004\nwhite n 1 1 @ 1 1 00000005\n",
        encoding="utf-8",
    )
    (tmp_path / "index.verb").write_text("", encoding="utf-8")
    (tmp_path / "index.adj").write_text("white a 1 0 1 1 00000009\n", encoding="utf-8")
    (tmp_path / "index.adv").write_text("", encoding="utf-8")
    # "model" is a person only in its second sense; "white" is an adjective too
    assert build(tmp_path) == ["guest", "person"]
    shipped = person_nouns()
    assert {"guest", "tenant", "widow", "man"} <= shipped and not {"model", "white", "private"} & shipped


def test_parts_of_hyphenated_and_possessive_words_name_people():
    from webminim.egress.freetext import impersonal

    assert not impersonal("Ex-con looking for work in the area.")  # "ex"
    assert not impersonal("Paid with a neighbour's card for the shoes.")  # "neighbour's"
    assert impersonal("Solid oak table in a good condition.")


def test_an_optional_note_with_psd_keeps_only_what_the_task_firmly_needs():
    s = {"type": "string"}
    schema = {
        "type": "object",
        "properties": {"station": s, "hours": {"type": "integer"}, "notes": s},
        "required": ["station", "hours"],
    }
    minimizer = ToolMinimizer({"rent": schema})
    args = {"station": "Central", "hours": 3, "notes": "Write to jo.smith@example.org if I am late; helmet size M."}
    out = minimizer.minimize("rent", args, task="Rent a bike at Central for 3 hours, helmet size M").args
    assert out == {"station": "Central", "hours": 3, "notes": "helmet size M."}  # the address went, the size stayed
    note = "Noon rides, pick up from 81 Milner Street. I was fined last week."
    walks = {"station": "Central", "hours": 3, "notes": note}
    out = minimizer.minimize("rent", walks, task="Rent a bike at Central for 3 hours from noon").args
    assert out["notes"] == "Noon rides, pick up from [address]."  # half of the piece's words are the task's
    taxi = {"station": "Central", "hours": 3, "notes": "Bike from 169 Johnson Forges to the shrink, Jo Smith"}
    out = minimizer.minimize("rent", taxi, task="Rent a bike at Central for 3 hours").args
    assert "notes" not in out  # half of "bike from [address] to the shrink" is not half about a bike
    weak = {"station": "Central", "hours": 3, "notes": "Jo Smith, no helmet needed, SSN 123-45-6789"}
    out = minimizer.minimize("rent", weak, task="Rent a bike at Central for 3 hours, with a helmet").args
    assert out == {"station": "Central", "hours": 3}  # one shared word is not enough: the note goes whole


def test_a_relative_clause_after_a_comma_is_an_aside():
    from webminim.egress.freetext import needed_part

    out = needed_part("For my sister, who just came out to the family.", "Find a gift for my sister", required=True)
    assert out == "For my sister."


@pytest.mark.parametrize(
    ("text", "task", "expected"),
    [
        (  # a short English plan rides along ("is" marks it English)
            "Podcasts for a long drive. Pick calm ones. True crime is out.",
            "Pick a podcast for a long drive",
            "Podcasts for a long drive. Pick calm ones. True crime is out.",
        ),
        (  # what happened is context, not a plan: it does not ride along
            "Book a hotel for two nights. The company card was blocked. A quiet room is better.",
            "Book a hotel for two nights",
            "Book a hotel for two nights. A quiet room is better.",
        ),
        (  # an adjective in -ed after a determiner is a description, not a past
            "A farewell gift for a colleague. A framed photo of the team would suit.",
            "Suggest a farewell gift for a colleague",
            "A farewell gift for a colleague. A framed photo of the team would suit.",
        ),
    ],
)
def test_an_on_task_text_keeps_its_plan_but_not_what_happened(text, task, expected):
    from webminim.egress.freetext import impersonal, needed_part

    assert needed_part(text, task, required=True) == expected
    assert not impersonal("Jo, who was let go in May, has the spare key.")  # "who" is a person


def test_a_text_with_psd_keeps_its_plan_and_a_needed_label_keeps_what_it_introduces():
    from webminim.egress.freetext import needed_part

    s = {"type": "string"}
    minimizer = ToolMinimizer({"log": {"type": "object", "properties": {"thought": s}, "required": ["thought"]}})
    thought = "Gift ideas for a 10-year-old. Her dad said to write to jo.smith@example.org. A science kit fits."
    out = minimizer.minimize("log", {"thought": thought}, task="Suggest a gift for a 10-year-old").args
    assert out == {"thought": "Gift ideas for a 10-year-old. A science kit fits."}  # the plan rides along
    plan = "A 2-day Porto plan. Day one: Ribeira and the bridge."
    assert needed_part(plan, "Plan a 2-day trip to Porto", required=True) == plan
    told = "Planning a weekend in Porto: they visit their brother in the prison there."
    assert needed_part(told, "Plan a weekend in Porto", required=True) == "Planning a weekend in Porto."


@pytest.mark.parametrize(
    ("text", "task", "expected"),
    [
        (  # a bare imperative is an English plan step: it rides along
            "Weekend yoga classes. Given the user's sore back, gentle yoga fits. Check Saturday mornings.",
            "Find a weekend yoga class",
            "Weekend yoga classes. Gentle yoga fits. Check Saturday mornings.",
        ),
        (  # a square-bracketed aside is a clause of its own: the plan after it stays, the aside goes
            "Running shoes for a beginner. [context: the user is back at work after a long illness] "
            "Cushioned models are best.",
            "Recommend running shoes for a beginner",
            "Running shoes for a beginner. Cushioned models are best.",
        ),
        (  # a sentence that ends inside round brackets ends there: the plan after the aside stays
            "Hiking boots for a first trek. (Aside: the user twisted an ankle in March.) Waterproof pairs are best.",
            "Recommend hiking boots for a first trek",
            "Hiking boots for a first trek. Waterproof pairs are best.",
        ),
        (  # a letter after a lowercase word ends its sentence; "User profile says ..." is not a plan
            "Find a winter coat under 150, size L. User profile says the user lost weight in hospital.",
            "Find a winter coat under 150 in size L",
            "Find a winter coat under 150, size L.",
        ),
        (  # "the eldest" stands for a person: not a plan that rides along
            "Movies for family night. NB: the eldest is staying with another family. A cartoon is a safe pick.",
            "Pick a movie for family night",
            "Movies for family night. A cartoon is a safe pick.",
        ),
    ],
)
def test_plans_written_as_imperatives_or_after_an_aside_ride_along(text, task, expected):
    from webminim.egress.freetext import needed_part

    assert needed_part(text, task, required=True) == expected


def test_an_imperative_reads_as_english_only_in_english_words():
    from webminim.egress.freetext import clauses, impersonal

    assert impersonal("Check Saturday mornings.") and impersonal("Compare microscope kits under 40.")
    assert not impersonal("Mutter hat Krebs.")  # "mutter" is an English verb, "krebs" no English word
    assert not impersonal("Saturday mornings.")  # no verb, no function word: not read as English
    text = "Call John F. Kennedy now. C. Mercedes 66 is the address."
    assert [text[s:e] for s, e in clauses(text)] == ["Call John F. Kennedy now.", "C. Mercedes 66 is the address."]


def test_english_verbs_come_from_wordnet_tagged_lemmas(tmp_path):
    from webminim.egress.english import build, english_verbs

    (tmp_path / "index.verb").write_text(
        "  1 This software and database is being provided to you, the LICENSEE\n"
        "check v 2 1 @ 2 5 00000001 00000002\nabscond v 1 1 @ 1 0 00000003\nlook_up v 1 1 @ 1 3 00000004\n",
        encoding="utf-8",
    )
    assert build(tmp_path) == ["check"]  # untagged and multi-word lemmas are left out
    assert {"check", "compare", "avoid", "book"} <= english_verbs()


@pytest.mark.parametrize(
    ("text", "task", "expected"),
    [
        (  # a bare comma: the piece that tells what happened goes when another is firmly needed
            "I cannot take the bus since the pass was cancelled, helmet size M.",
            "Rent a bike for 3 hours, helmet size M",
            "Helmet size M.",
        ),
        (  # after a semicolon too
            "Reason: the car was written off last month; helmet size M.",
            "Rent a bike for 3 hours, helmet size M",
            "Helmet size M.",
        ),
        (  # pieces that tell nothing stay
            "History, crime novels, books about people who were in jail",
            "Sign me up for the library newsletter about history and crime novels",
            "History, crime novels",
        ),
        (  # no piece firmly needed: the sentence stays whole
            "Happy birthday, love you!",
            "Send a card saying happy birthday",
            "Happy birthday, love you!",
        ),
    ],
)
def test_a_needed_sentence_loses_the_story_a_comma_or_semicolon_joins(text, task, expected):
    from webminim.egress.freetext import _needed_parts

    assert _needed_parts(text, task) == expected


def test_a_french_house_number_may_have_five_digits():
    from webminim.egress.detectors import EuropeanAddressDetector

    found = EuropeanAddressDetector().detect("Ship to 56734 boulevard Guillaume.")
    assert [f.text.rstrip(".") for f in found] == ["56734 boulevard Guillaume"]


@pytest.mark.parametrize(
    ("sentence", "plan"),
    [
        ("Next: compare microscope kits under 40.", True),  # a label before an imperative
        ("I should filter for under 500 with at least 8 GB RAM.", True),  # the agent's own plan
        ("Let me check the Saturday timetable.", True),
        ("Look for places with a private room.", True),  # "private" describes the room
        ("I will be in hospital next week.", False),  # a state, not a step
        ("We can only pay if the grant comes through.", False),
        ("Background check: under surveillance.", False),  # a label before no verb
        ("Note for the translator: I am going to a hearing.", False),
        ("Keep it private.", False),  # keeps something back
    ],
)
def test_a_plan_step_rides_along_but_the_writers_state_does_not(sentence, plan):
    from webminim.egress.freetext import _told, impersonal

    assert (impersonal(sentence) and not _told(sentence)) == plan


def test_a_quantity_with_a_unit_is_no_street_address():
    from webminim.egress.detectors import StreetAddressDetector

    detector = StreetAddressDetector()
    assert detector.detect("A laptop with 16 GB RAM and a 5 MP Camera.") == []
    assert [f.text for f in detector.detect("Meet at 5 Mill Lane.")] == ["5 Mill Lane"]


def test_listed_steps_and_a_request_opening_keep_their_plan():
    from webminim.egress.freetext import _needed_parts, needed_part

    plan = "Plan: a) check bus times to the lake, b) find a picnic spot."
    assert _needed_parts(plan, "Plan a day trip to the lake by bus") == plan  # step b) rides along
    # no sentence shares a task word: only the opening goes, as the request (a clean-looking
    # later sentence may hold what no detector knows)
    text = "Shortlist: two hatchbacks. The user's licence is suspended. Going with the smaller one for reliability."
    assert needed_part(text, "Pick a used car under 8000", required=True) == "Shortlist: two hatchbacks."


def test_a_city_that_opens_a_longer_name_is_no_place():
    from webminim.egress.detectors import CityDetector

    assert [f.text for f in CityDetector().detect("Shortlist: Toyota Yaris, Honda Jazz.")] == []
    assert [f.text for f in CityDetector().detect("Meet in Toyota Saturday, then Nagoya.")] == ["Toyota", "Nagoya"]


def test_a_passport_number_of_digits_after_its_label():
    from webminim.egress.detectors import PassportDetector
    from webminim.egress.freetext import clauses

    text = "A pitch near the lake. Passport no. 007180912 for the register."
    assert [f.text for f in PassportDetector().detect(text)] == ["007180912"]
    assert [text[s:e] for s, e in clauses(text)][1] == "Passport no. 007180912 for the register."
    said = "I said no. Then I left."
    assert [said[s:e] for s, e in clauses(said)] == ["I said no.", "Then I left."]


def test_british_spellings_of_person_nouns_name_people():
    from webminim.egress.freetext import impersonal

    assert not impersonal("Remember: the counsellor suggested working with clay.")
    assert not impersonal("The travellers arrive late.")


def test_an_optional_note_keeps_the_piece_the_task_names_and_nothing_after_its_comma():
    s = {"type": "string"}
    schema = {"type": "object", "properties": {"cuisine": s, "dietary": s}, "required": ["cuisine"]}
    minimizer = ToolMinimizer({"book": schema})
    task = "Book a Thai cooking lesson, no peanuts please"
    for note in ("No peanuts, I was rushed to hospital in May.", "No peanuts, I am paying with my last savings."):
        out = minimizer.minimize("book", {"cuisine": "Thai", "dietary": note}, task=task).args
        assert out == {"cuisine": "Thai", "dietary": "No peanuts."}


@pytest.mark.parametrize(
    ("sentence", "plan"),
    [
        ("Best bet is an OLED from last year's range.", True),  # a possessive describes the item
        ("The last order went on a card that bounced.", False),  # "last" dates what happened
        ("(3) We could try memory foam hybrids.", True),  # a listed step in the agent's words
        ("We could see my mother on the way.", False),
        ("We'd go with the smaller model.", True),
    ],
)
def test_what_dates_a_story_and_what_an_agent_could_do(sentence, plan):
    from webminim.egress.freetext import _told, impersonal

    assert (impersonal(sentence) and not _told(sentence)) == plan


def test_an_iban_after_its_label_is_found_without_a_valid_checksum():
    from webminim.egress.detectors import IBANDetector

    assert [f.text for f in IBANDetector().detect("I will pay to IBAN CO87WKCK4711867324167.")] == [
        "CO87WKCK4711867324167"
    ]
    assert IBANDetector().detect("Model CO87WKCK4711867324167 in stock.") == []  # no label, no checksum


@pytest.mark.parametrize(
    "text, found",
    [
        ("Monthly rent. From sort code 37-98-76.", ["37-98-76"]),
        ("pay from sort-code 203040 please", ["203040"]),
        ("BSB 062-000 for the refund", ["062-000"]),
        ("the code is 12-34-56", []),  # no bank's label: a code of anything
        ("Sort by code 12-34-56", []),
    ],
)
def test_a_bank_sort_code_or_bsb_after_its_label_is_financial(text, found, classifier):
    from webminim.egress.detectors import AccountNumberDetector

    assert [f.text for f in AccountNumberDetector().detect(text)] == found
    # the classifier wakes the detector on its label, not on a five-digit run ("37-98-76" has none);
    # "062-000" may read as a phone number as well: found either way
    assert {f.text for f in classifier.classify_text(text)} >= set(found)


def test_a_flat_number_on_its_own_is_where_someone_lives():
    from webminim.egress.detectors import DwellingUnitDetector

    found = DwellingUnitDetector().detect("Outside windows only, flat 12B. Apt. 4 has the key.")
    assert [f.text for f in found] == ["flat 12B", "Apt. 4"]
    assert DwellingUnitDetector().detect("A flat 5% fee.") == []


def test_a_plan_step_after_a_dash_label_with_hyphenated_or_plural_words():
    from webminim.egress.freetext import impersonal

    assert impersonal("Next step - compare low-cost wall lights.")
    assert not impersonal("Next step - Mutter hat Krebs.")


def test_a_sum_the_task_asks_for_keeps_its_figures():
    minimizer = ToolMinimizer({"delegate": DELEGATE})
    args = {"agent": "tax", "instructions": "Estimate refund. Yearly pay $61,000; SSN 123-45-6789; I owe my ex money."}
    out = minimizer.minimize("delegate", args, task="Ask the tax agent to estimate my refund").args
    assert out["instructions"] == "Estimate refund. Yearly pay $61,000"
    plain = minimizer.minimize("delegate", args, task="Ask the tax agent to file my papers").args
    assert "$61,000" not in plain["instructions"]


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Easy to make and tasty; it is cheap enough for our tight budget.", "Easy to make and tasty."),
        ("Tariffs for a small flat; then I'll rank fixed-rate plans by cost.", None),  # the agent's plan stays
    ],
)
def test_a_semicolon_half_about_the_writers_own_lot_goes(sentence, expected):
    from webminim.egress.freetext import _needed_parts

    task = "Give the soup recipe 5 stars and say it was easy to make" if expected else "Compare tariffs for a flat"
    assert _needed_parts(sentence, task) == (expected or sentence)


@pytest.mark.parametrize(
    ("sentence", "plan"),
    [
        ("I'm thinking a cast-iron pan; will check reviews.", True),  # the agent's pick and next step
        ("We're leaning towards the parka.", True),
        ("I'm thinking of my mother.", False),
    ],
)
def test_an_agents_pick_rides_along(sentence, plan):
    from webminim.egress.freetext import impersonal

    assert impersonal(sentence) == plan


def test_a_dash_after_a_short_label_introduces_what_the_label_names():
    from webminim.egress.freetext import _needed_parts

    task = "Recommend a lightweight laptop for writing"
    assert _needed_parts("Recommendation - a 13-inch ultrabook with a good keyboard.", task) == (
        "Recommendation - a 13-inch ultrabook with a good keyboard."
    )
    aside = "Call the bank - not that it matters, but the account is overdrawn."
    assert _needed_parts(aside, "Remind me to call the bank tomorrow") == "Call the bank."


def test_a_plus_number_of_a_possible_length_is_a_phone_even_unassigned():
    from webminim.egress.detectors import PhoneDetector

    assert [f.text for f in PhoneDetector().detect("Call +998 (47) 226-1454 on the day.")] == ["+998 (47) 226-1454"]
    assert PhoneDetector().detect("Version +1.2.3, score +3, add +5 and +7 to 12.") == []


@pytest.mark.parametrize(
    ("notes", "expected"),
    [
        (  # nothing found in the opening, no one named, nothing told: it says what the note is for
            "Short trim on the ears. Owner DOB 04/05/1971. Aside: my partner moved out last month.",
            "Short trim on the ears.",
        ),
        (  # a request keeps its opening with the item in it tagged
            "Please send the reminder to Maria Lopez. She has been in rehab since May.",
            "Please send the reminder to [name].",
        ),
        ("Reason: covered by the insurance payout. Owner DOB 04/05/1971.", None),  # a label: context
        ("My son has eczema so use the mild shampoo. Owner DOB 04/05/1971.", None),  # names someone
        ("The last groomer was sued. Owner DOB 04/05/1971.", None),  # tells what happened
    ],
)
def test_an_optional_note_with_psd_keeps_an_opening_that_says_what_it_is_for(notes, expected):
    s = {"type": "string"}
    schema = {"type": "object", "properties": {"day": s, "dog": s, "notes": s}, "required": ["day", "dog"]}
    minimizer = ToolMinimizer({"book_dog_groomer": schema})
    args = {"day": "Monday", "dog": "Spaniel", "notes": notes}
    out = minimizer.minimize("book_dog_groomer", args, task="Book a groomer for my spaniel on Monday").args
    assert out.get("notes") == expected
    assert out["day"] == "Monday" and out["dog"] == "Spaniel"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (  # a label that introduces a statement with a finite verb states a fact: it does not ride along
            "Fence panels for the back garden. Side note: the house is being sold by the bank.",
            "Fence panels for the back garden.",
        ),
        (  # the same after a hyphenated label and a dash
            "Fence panels for the back garden. Fyi-only - the deposit will bounce again.",
            "Fence panels for the back garden.",
        ),
        (  # a label that introduces a phrase or an imperative is a plan step: it rides along
            "Fence panels for the back garden. Best value: boards with a feather edge. Then: compare delivery costs.",
            "Fence panels for the back garden. Best value: boards with a feather edge. Then: compare delivery costs.",
        ),
    ],
)
def test_a_label_that_introduces_a_fact_does_not_carry_it_along(text, expected):
    from webminim.egress.freetext import needed_part

    assert needed_part(text, "Find fence panels for the back garden", required=True) == expected


def test_a_dash_label_goes_with_the_fact_it_introduces_in_a_field_with_psd():
    s = {"type": "string"}
    schema = {"type": "object", "properties": {"size": s, "notes": s}, "required": ["size"]}
    minimizer = ToolMinimizer({"order_fence_panels": schema})
    notes = "Six-foot panels for the back garden. Call 07700 900461. Side note - the house is being repossessed."
    out = minimizer.minimize(
        "order_fence_panels", {"size": "6ft", "notes": notes}, task="Order six-foot fence panels for the back garden"
    )
    assert out.args["notes"] == "Six-foot panels for the back garden."


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Can reach the top shelf. FYI the gate code changed after the burglary.", "Can reach the top shelf."),
        ("Needs a ground-floor room after a knee replacement.", None),  # one sentence: it is the content
        ("Party at Nour's flat. The host is three months sober.", None),  # names whose it is
        ("My back is bad. The host is three months sober.", None),  # speaks of the writer
    ],
)
def test_an_optional_note_keeps_an_opening_that_says_what_it_is_for(text, expected):
    from webminim.egress.freetext import needed_part

    assert needed_part(text, "Book a cleaner for the kitchen on Friday") == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Best bet: a mobile plumber with weekend slots.", True),  # a kind of provider, not a person
        ("Go for an experienced gardener near the station.", True),
        ("Context: a nurse visits twice a day.", False),  # a verb follows: someone does something
        ("Ask a friend to water the plants.", False),  # a kin word always counts
        ("The painter was rude about it.", False),
    ],
)
def test_an_indefinite_provider_in_a_plan_step_names_no_one(sentence, expected):
    from webminim.egress.freetext import impersonal

    assert impersonal(sentence) is expected


@pytest.mark.parametrize(
    ("text", "task", "expected"),
    [
        (  # a reason after "because" is a part of its own, whoever it is about
            "Bunk beds for two boys because the twins cannot share since the fire. Solid pine frames are sturdiest.",
            "Find bunk beds for two boys",
            "Bunk beds for two boys. Solid pine frames are sturdiest.",
        ),
        (  # "because of" names a cause inside the part, not a reason of its own
            "Bunk beds for two boys because of the small room.",
            "Find bunk beds for two boys for a small room",
            "Bunk beds for two boys because of the small room.",
        ),
        (  # an aside between two dashes goes; what follows it is judged with what precedes it
            "A wide hallway runner is best - the dog was sick on the last one - so a washable one fits.",
            "Find a wide hallway runner",
            "A wide hallway runner is best, so a washable one fits.",
        ),
        (  # a relative clause between commas after the subject goes; the subject stays with its verb
            "The user, who has been out of work since spring, wants a used road bike under 400.",
            "Find a used road bike under 400",
            "The user wants a used road bike under 400.",
        ),
        (  # a sentence that rides along goes without its reason
            "Desk lamp with a warm bulb. Selling because the lease ends early. Pickup from the lobby.",
            "List my desk lamp with a warm bulb",
            "Desk lamp with a warm bulb. Selling. Pickup from the lobby.",
        ),
        (  # the words of a snake_case key or value are words: "owner_note=her_son_..." speaks of someone
            "goal=desk lamp; owner_note=her_son_broke_the_last_one; pick=LED lamp with a dimmer",
            "Choose a desk lamp",
            "goal=desk lamp, pick=LED lamp with a dimmer.",
        ),
    ],
)
def test_reasons_asides_relative_clauses_and_snake_case_words(text, task, expected):
    from webminim.egress.freetext import needed_part

    assert needed_part(text, task, required=True) == expected


def test_a_required_text_with_psd_keeps_only_the_needed_parts_of_its_kept_sentences():
    s = {"type": "string"}
    schema = {"type": "object", "properties": {"where": s, "message": s}, "required": ["where", "message"]}
    minimizer = ToolMinimizer({"report_blocked_gutter": schema})
    message = (
        "The gutter above the porch is blocked, because I had hip surgery last month. Call 07700 900461."
    )
    out = minimizer.minimize(
        "report_blocked_gutter",
        {"where": "Porch", "message": message},
        task="Report the blocked gutter above the porch",
    )
    assert out.args["message"] == "The gutter above the porch is blocked due to a health matter. Call [phone]."


@pytest.mark.parametrize(
    ("text", "task", "expected"),
    [
        (  # a bare "and" that opens a clause about the writer: the clause goes
            "The shed roof leaks and we have had to move out since the flood.",
            "Ask a roofer to fix the leaking shed roof",
            "The shed roof leaks.",
        ),
        (  # ... or about a third person, with a determiner and a noun for its subject
            "The gate latch is stuck and the tenant upstairs slammed it after the row.",
            "Get the stuck gate latch fixed",
            "The gate latch is stuck.",
        ),
        (  # a clause that speaks of no one stays: it describes the thing
            "The curry was superb and the rice was fluffy.",
            "Review the curry house, the curry was superb",
            "The curry was superb and the rice was fluffy.",
        ),
        (  # "and" before a noun phrase joins no clause: a participle after "the" is no verb
            "Please deliver the oat milk and the sliced loaf.",
            "Deliver oat milk",
            "Please deliver the oat milk and the sliced loaf.",
        ),
    ],
)
def test_a_clause_a_bare_and_joins_is_a_part_of_its_own(text, task, expected):
    from webminim.egress.freetext import needed_part

    assert needed_part(text, task, required=True) == expected


def test_html_paragraphs_are_clauses_and_each_kept_one_keeps_its_tags():
    s = {"type": "string"}
    schema = {"type": "object", "properties": {"unit": s, "body_html": s}, "required": ["unit", "body_html"]}
    body = "<p>The bathroom extractor fan rattles.</p><p>my husband moved out so I am alone.</p><p>Tel 07700 900187</p>"
    out = ToolMinimizer({"report_fan_fault": schema}).minimize(
        "report_fan_fault", {"unit": "12B", "body_html": body}, task="Report the rattling bathroom extractor fan"
    )
    assert out.args["body_html"] == "<p>The bathroom extractor fan rattles.</p><p>Tel [phone]</p>"


def test_free_text_in_an_argument_the_schema_does_not_declare_is_optional():
    s = {"type": "string"}
    schema = {"type": "object", "properties": {"agent": s, "instructions": s}, "required": ["agent", "instructions"]}
    args = {
        "agent": "shopping",
        "instructions": "Order a pack of AA batteries.",
        "extra": {"note": "the user is hiding the purchase from his flatmates"},
    }
    out = ToolMinimizer({"hand_off": schema}).minimize("hand_off", args, task="Order a pack of AA batteries")
    assert out.args == {"agent": "shopping", "instructions": "Order a pack of AA batteries.", "extra": {}}
    # a schema that declares nothing leaves every argument to the caller
    loose = ToolMinimizer({"hand_off": {"type": "object"}}).minimize("hand_off", args, task="Order AA batteries")
    assert loose.args == args


@pytest.mark.parametrize(
    ("text", "task", "expected"),
    [
        (  # a remark among tags the task names goes; the tags stay as written
            "teak, foldable, clearing out after the eviction notice",
            "List my foldable teak garden chairs",
            "teak, foldable",
        ),
        (  # a CSV row keeps its separators
            "2026-10-02,Parking,7.20,while I sat with Dad at the hospice",
            "Log a parking expense of 7.20 on 2026-10-02",
            "2026-10-02,Parking,7.20",
        ),
        (  # a sentence's pieces describe the item: no remark is taken out of it
            "Teak garden chair, folds flat, a little wear on the arms.",
            "List my folding teak garden chair",
            "Teak garden chair, folds flat, a little wear on the arms.",
        ),
    ],
)
def test_a_remark_among_listed_values_goes(text, task, expected):
    from webminim.egress.freetext import needed_part

    assert needed_part(text, task, required=True) == expected


def test_an_address_in_a_script_with_combining_vowel_signs_is_an_email(classifier):
    found = classifier.classify({"cc": ["සුනිල්.පෙරේරා@example.org"]})
    assert [f.kind for f in found] == ["email"]


@pytest.mark.parametrize(
    ("text", "task", "expected"),
    [
        (  # the "someone" a request asks for is no third person: the request stays
            "1. The boiler pressure keeps dropping.\n2. We argue about the bills since my son moved back.\n"
            "3. Can someone look at it on Friday?",
            "Ask the letting agent for a visit about the boiler pressure on Friday",
            "The boiler pressure keeps dropping. Can someone look at it on Friday?",
        ),
        (  # "e.g." ends no sentence: the example is a part of the sentence, and goes
            "Blackout curtains for a nursery, e.g. for naps after the night feeds that wreck me. "
            "Thermal-lined ones block the most light.",
            "Find blackout curtains for a nursery",
            "Blackout curtains for a nursery. Thermal-lined ones block the most light.",
        ),
        (  # steps joined by arrows are clauses
            "goal: hiking poles -> my hip was pinned after the crash -> choose the carbon ones with cork grips",
            "Recommend hiking poles",
            "Hiking poles. choose the carbon ones with cork grips",
        ),
        (  # a Markdown heading goes with the line under it
            "## Need\nhiking poles\n## Background\nmy hip was pinned after the crash\n"
            "## Pick\ncarbon pair with cork grips",
            "Recommend hiking poles",
            "## Need\nhiking poles ## Pick\ncarbon pair with cork grips",
        ),
    ],
)
def test_requests_examples_arrows_and_headings(text, task, expected):
    from webminim.egress.freetext import needed_part

    assert needed_part(text, task, required=True) == expected


@pytest.mark.parametrize(
    ("text", "task", "expected"),
    [
        (  # a request the task makes stays though a pronoun in it points at someone
            "Found: black umbrella on the 42 bus. My landlord is evicting me so I ride all day. "
            "Please call if it is yours.",
            "Post that I found a black umbrella on the 42 bus and ask the owner to call",
            "Found: black umbrella on the 42 bus. Please call if it is yours.",
        ),
        (  # a piece between two pieces the task names goes when it shares no word with it
            "Running late, stuck in the queue at the food bank, arriving at 9.",
            "Tell Sam I am running late and arriving at 9",
            "Running late, arriving at 9.",
        ),
        (  # pictograph markers separate steps
            "🔎 waterproof hiking boots 📝 user's knee gave out after the op 👉 the mid-cut leather pair",
            "Find waterproof hiking boots",
            "🔎 waterproof hiking boots the mid-cut leather pair",
        ),
    ],
)
def test_requests_asides_between_needed_pieces_and_pictographs(text, task, expected):
    from webminim.egress.freetext import needed_part

    assert needed_part(text, task, required=True) == expected


def test_a_list_element_the_task_does_not_ask_for_goes_whole():
    s = {"type": "string"}
    line = {"type": "object", "properties": {"item": s, "cost": {"type": "number"}}, "required": ["item", "cost"]}
    schema = {"type": "object", "properties": {"lines": {"type": "array", "items": line}}, "required": ["lines"]}
    args = {
        "lines": [
            {"item": "Hotel night at the Bristol sales meeting", "cost": 95.0},
            {"item": "Painkillers for the flare-up in my spine", "cost": 6.5},
            {"item": "Dinner with Ngozi Okafor", "cost": 30.0},
        ]
    }
    task = "Claim my 95 hotel night at the Bristol sales meeting and dinner with Ngozi Okafor"
    out = ToolMinimizer({"claim_lines": schema}).minimize("claim_lines", args, task=task)
    assert [line["item"] for line in out.args["lines"]] == [
        "Hotel night at the Bristol sales meeting",
        "Dinner with Ngozi Okafor",
    ]


def test_an_accented_first_name_is_looked_up_without_its_accents():
    from webminim.egress.detectors import NameDetector

    found = [f.text for f in NameDetector().detect("Please ask José García and Jürgen Weber to sign.")]
    assert found == ["José García", "Jürgen Weber"]
