"""Encoded evasions: every item inside a base64 / %-encoded value is found, on that field.

A decoded view used to be read by every detector, but each finding was moved onto the
whole encoded substring and overlap resolution then kept only the first of them: three
items hidden in one base64 value came back as one (the e-mail). Now each distinct item of
an encoded substring is kept, decoded views get the normalized and nested decoded views
plain text gets, and rewrites replace a span shared by several items once.

The phone detector reads only the windows of a text a number can lie in; a reference
implementation (the matcher over the whole text in every region) checks that it finds
exactly the same numbers.
"""

from __future__ import annotations

import base64
import random
import re
from urllib.parse import quote

import phonenumbers
import pytest

from webminim.egress import ToolMinimizer
from webminim.egress.classifier import PSDClassifier
from webminim.egress.detectors import Finding, PhoneDetector, disjoint, resolve_overlaps
from webminim.egress.detectors.contact import _DATE_LIKE, _NANP_SHAPE, _PHONE_REGIONS
from webminim.egress.rewrite import redact
from webminim.egress.taxonomy import Category

SECRET = "tax id 536-90-4399, reach me at lee.wong@example.org, treated for asthma"
EXPECTED = {"ssn", "email", "health"}


def _b64(text: str) -> str:
    return base64.b64encode(text.encode()).decode()


ENCODINGS = {
    "base64": _b64(SECRET),
    "base64 in a sentence": f"payload={_b64(SECRET)} thanks",
    "url-encoded": quote(SECRET),
    "url-encoded with plus signs": quote(SECRET).replace("%20", "+"),
    "base64 twice": _b64(_b64(SECRET)),
    "url-encoded base64": quote(_b64(SECRET) + "=="),
    "base32": base64.b32encode(SECRET.encode()).decode(),
    "hex": SECRET.encode().hex(),
    "base64 of UTF-16": base64.b64encode(SECRET.encode("utf-16")).decode(),
    "base64 of UTF-16-LE": base64.b64encode(SECRET.encode("utf-16-le")).decode(),
}


@pytest.fixture(scope="module")
def classifier() -> PSDClassifier:
    return PSDClassifier()


@pytest.mark.parametrize("name", list(ENCODINGS))
def test_every_item_of_an_encoded_value_is_found(classifier, name):
    value = ENCODINGS[name]
    found = classifier.classify({"memo": value})
    assert {f.kind for f in found} >= EXPECTED
    for f in found:
        assert f.path == "/memo"  # the encoded field, not a decoded copy
        assert 0 <= f.start < f.end <= len(value)
        assert f.text == value[f.start : f.end]  # a span of the encoded text itself
        assert "+decoded" in f.detector


def test_items_in_an_encoded_value_cover_the_encoded_substring(classifier):
    encoded = _b64(SECRET)
    value = f"ref {encoded} end"
    found = [f for f in classifier.classify_text(value, "memo") if "+decoded" in f.detector]
    assert {f.kind for f in found} >= EXPECTED
    assert {(f.start, f.end) for f in found} == {(4, 4 + len(encoded))}


def test_field_and_trigger_gated_detectors_read_decoded_views(classifier):
    # nine bare digits are an SSN only with a cue; the cue and the digits are both encoded
    found = classifier.classify_text(_b64("social security number 536904399"), "memo")
    assert "ssn" in {f.kind for f in found}
    # a decoded view that is the whole value gets the field's own detectors (a name field)
    found = classifier.classify_text(_b64("Okonkwo Adebayo-Smith"), "full_name")
    assert "person_name" in {f.kind for f in found}


def test_decoded_views_are_normalized_too(classifier):
    homoglyph = "treated for аsthmа, mail lee.wong@example.org"  # Cyrillic а
    found = classifier.classify_text(_b64(homoglyph), "memo")
    assert {"health", "email"} <= {f.kind for f in found}


def test_overlap_resolution_keeps_distinct_items_of_one_encoded_span_only():
    def f(kind: str, category: Category, detector: str, start: int = 0, end: int = 40) -> Finding:
        return Finding(category, kind, start, end, "x" * (end - start), detector)

    decoded = [
        f("email", Category.DI, "email+decoded"),
        f("ssn", Category.DI, "ssn+decoded"),
        f("email", Category.DI, "email+decoded+decoded"),  # the same item twice: once
    ]
    assert sorted(x.kind for x in resolve_overlaps(decoded)) == ["email", "ssn"]
    plain = [f("city", Category.L, "city"), f("health", Category.H, "lexicon")]
    assert len(resolve_overlaps(plain)) == 1  # plain overlaps still keep one finding
    longer = [*decoded, f("iban", Category.F, "iban+decoded", 0, 50)]
    assert [x.kind for x in resolve_overlaps(longer)] == ["iban"]


def test_a_span_shared_by_several_items_is_redacted_once():
    value = "note: " + _b64(SECRET) + " ok"
    start, end = 6, 6 + len(_b64(SECRET))
    shared = [
        Finding(Category.DI, "ssn", start, end, value[start:end], "ssn+decoded"),
        Finding(Category.DI, "email", start, end, value[start:end], "email+decoded"),
        Finding(Category.H, "health", start, end, value[start:end], "lexicon+decoded"),
    ]
    out = redact(value, shared)
    assert out.startswith("note: [") and out.endswith("] ok")
    assert out.count("[") == 1 and _b64(SECRET) not in out
    assert len(disjoint(shared)) == 1


def test_the_minimizer_takes_encoded_psd_out_of_free_text_and_optional_fields():
    schema = {
        "type": "object",
        "properties": {"message": {"type": "string"}, "memo": {"type": "string"}},
        "required": ["message"],
    }
    m = ToolMinimizer({"send": schema})
    encoded = _b64(SECRET)
    result = m.minimize("send", {"message": f"see {encoded}", "memo": quote(SECRET)}, task="send the file")
    assert "memo" not in result.args
    assert encoded not in result.args["message"]
    assert {i.kind for i in result.items} >= EXPECTED


# -- phone numbers: windows and region skipping find what the whole-text matcher finds ------------

_INTL = re.compile(r"(?:\+|\b00)\d")


def _reference(text: str) -> list[tuple[int, int, str]]:
    """The matcher over the whole text in every region (what PhoneDetector did before)."""
    found: list[tuple[int, int, str]] = []
    regions = _PHONE_REGIONS if re.search(r"(?<![\d+])0\d", text) or _INTL.search(text) else ("US",)
    for region in regions:
        for match in phonenumbers.PhoneNumberMatcher(text, region, leniency=phonenumbers.Leniency.VALID):
            raw = match.raw_string
            if any(a <= match.start < b for a, b, _ in found) or _DATE_LIKE.fullmatch(raw):
                continue
            if region != "US" and not raw.lstrip("(").startswith(("0", "+")):
                continue
            found.append((match.start, match.end, raw))
        if found and region == "US" and not _INTL.search(text):
            break
    return found


PHONE_TEXTS = [
    "call 020 7946 0958 or +49 30 1234567",
    "Tel. 030 1234567 oder 0049 30 1234567x12",
    "(0)30 123456, 030/1234567; mobile 0171 2345678",
    "ring 0412 345 678 after 2026-12-04 10:00:00",
    "+1 (650) 253-0000 ext. 21, fax 01632 960123",
    "their phone is (462) 016-8493.",
    "Gehalt 100.000, expects 120,000; tel 06 12 34 56 78",
    "011 15-2345-6789 and 0800 123 4567",
    "0" * 30 + "3012345678",
]


def _fuzz(seed: int, n: int) -> list[str]:
    rng = random.Random(seed)
    alphabet = "0123456789" * 3 + " -+()./x:,;#abcEXT" + "０１"
    texts = ["".join(rng.choice(alphabet) for _ in range(rng.randint(5, 40))) for _ in range(n)]
    for _ in range(n):
        parts = []
        for _ in range(rng.randint(1, 4)):
            head = rng.choice(["0", "+", "(", "00", ""]) + "".join(rng.choice("0123456789") for _ in range(8))
            parts.append(head[: rng.randint(4, len(head))] + rng.choice([" ", "-", ""]) + str(rng.randint(0, 99999)))
            parts.append(rng.choice([" call ", ", ", " / ", " tel ", " x ", "; ", " and ", "a", ":", " ext. "]))
        texts.append("".join(parts))
    return texts


def test_phone_windows_find_exactly_what_the_whole_text_matcher_finds():
    detector = PhoneDetector()
    texts = PHONE_TEXTS + _fuzz(7, 300)
    hits = 0
    for text in texts:
        expected = _reference(text)
        assert [(f.start, f.end, f.text) for f in detector.matched(text)] == expected, text
        hits += bool(expected)
    assert hits > 50  # the corpus does exercise real matches


def test_phone_numbers_abroad_are_still_found():
    detector = PhoneDetector()
    for text, number in [
        ("ruf an: 030 1234567 bitte", "030 1234567"),
        ("call 020 7946 0958", "020 7946 0958"),
        ("tel 0049 30 1234567", "0049 30 1234567"),
        ("call (415) 555-0199 today", "(415) 555-0199"),
    ]:
        assert [f.text for f in detector.detect(text)] == [number]


def _counting_matcher(monkeypatch) -> list[str]:
    import webminim.egress.detectors.contact as detectors

    runs: list[str] = []
    real = detectors.phonenumbers.PhoneNumberMatcher

    def counting(text: str, region: str, **kw: object):
        runs.append(region)
        return real(text, region, **kw)

    monkeypatch.setattr(detectors.phonenumbers, "PhoneNumberMatcher", counting)
    return runs


def test_an_iso_date_or_timestamp_is_never_a_phone_number_and_costs_no_matcher_run(monkeypatch):
    runs = _counting_matcher(monkeypatch)
    detector = PhoneDetector()
    for text in ("2026-12-04T10:00:00Z", "from 2027-01-14 to 2027-01-21", "at 2026-12-03 15:30:00+01:00"):
        assert detector.detect(text) == [] and runs == [], text
    assert [f.text for f in detector.detect("on 2026-12-04 call 030 1234567")] == ["030 1234567"]


def test_a_window_whose_candidates_are_each_too_short_is_never_read(monkeypatch):
    runs = _counting_matcher(monkeypatch)
    # one window to the alphabet ("NE" are extension letters), but no candidate in it holds
    # more than five digits: no number of any region fits
    assert PhoneDetector().detect("Fred Hutch, 395 Stephens Village Apt. 057, NE 26034") == []
    assert runs == []


def test_a_north_american_shaped_number_is_not_read_again_in_every_region(monkeypatch):
    runs = _counting_matcher(monkeypatch)
    found = PhoneDetector().detect("their phone is (462) 016-8493. I should summarize")
    assert [f.text for f in found] == ["(462) 016-8493"]
    assert runs == ["US"]  # not 24 more regions for the "016-8493" inside it
    runs.clear()
    found = PhoneDetector().detect("(462) 016-8493 or 030 1234567")
    assert [f.text for f in found] == ["030 1234567", "(462) 016-8493"]
    assert len(runs) > 1  # a trunk-prefixed number outside the span still sends the text abroad


def test_skipping_settled_spans_covers_the_same_characters_as_reading_them():
    detector = PhoneDetector()
    for text in PHONE_TEXTS + _fuzz(13, 300):
        spans = [(f.start, f.end) for f in detector.matched(text)]  # every region reads every window
        for m in _NANP_SHAPE.finditer(text):
            if not any(a < m.end() and m.start() < b for a, b in spans):
                spans.append((m.start(), m.end()))
        covered = {i for f in detector.detect(text) for i in range(f.start, f.end)}
        assert covered >= {i for a, b in spans for i in range(a, b)}, text


def test_the_ascii_fast_paths_read_as_the_character_loop():
    """`normalized` takes one-pass paths for ASCII text (leetspeak alone; spaced-out numbers
    joined a slice at a time); they must give what the character loop gives (text and index
    map), on chosen texts and on random ASCII made of the characters those paths look at."""
    import random

    from webminim.egress import decode

    texts = ["p4ssw0rd is h3ll0", "c0de 847293", "$ecret!", "plain words only", "call 555 0199 now", "a-1 b"]
    texts += ["Quantity for product 0 1", "1 2 3 - 4 5", "1 -x", " 1 2 ", "p@ss 12 34", "- 1", ""]
    rng = random.Random(5)
    texts += ["".join(rng.choice("0123456789  --ab@$!3x.Q\t") for _ in range(rng.randint(0, 14))) for _ in range(3000)]
    leet = [decode.normalized(t, leet=True) for t in texts]
    assert leet == [decode._by_character(t, leet=True) for t in texts]
    assert leet[0] == ("password is hello", list(range(17)))
    # without leetspeak, ASCII with no spaced-out number ("1 2") is returned as unchanged
    # before any path: only that shortcut may differ from the loop
    plain = [decode.normalized(t) for t in texts]
    assert {p for p, t in zip(plain, texts, strict=True) if p != decode._by_character(t, leet=False)} <= {None}
    assert plain[texts.index("1 2 3 - 4 5")] == ("123-45", [0, 2, 4, 6, 8, 10])
    # the text alone (no index map built) is the same text
    for leet in (False, True):
        both = [decode.normalized(t, leet=leet) for t in texts + ["ｃ０ｄｅ ４８３", "x\u200b1 2"]]
        alone = [decode.normalized_text(t, leet=leet) for t in texts + ["ｃ０ｄｅ ４８３", "x\u200b1 2"]]
        assert alone == [None if b is None else b[0] for b in both]
    # both texts at once: the leetspeak one not built again where it repeats the plain one
    pairs = [(decode.normalized_text(t), decode.normalized_text(t, leet=True)) for t in texts]
    assert [decode.normalized_texts(t) for t in texts] == pairs
    assert sum(p is not None and p == q for p, q in pairs) > 40  # the shortcut is taken


@pytest.mark.parametrize(
    ("text", "kind", "value"),
    [
        ("SSN ١٢٣-٤٥-٦٧٨٩", "ssn", "١٢٣-٤٥-٦٧٨٩"),  # Arabic-Indic digits
        ("SSN १२३-४५-६७८९", "ssn", "१२३-४५-६७८९"),  # Devanagari digits
        ("SSN 123\u201045\u20106789", "ssn", "123\u201045\u20106789"),  # Unicode hyphens
        ("card ٤١١١ ١١١١ ١١١١ ١١١١", "card_number", "٤١١١ ١١١١ ١١١١ ١١١١"),
        ("SSN 123\u201345\u20136789", "ssn", "123\u201345\u20136789"),  # en dashes
    ],
)
def test_digits_of_any_script_and_any_dash_read_as_ascii(classifier, text, kind, value):
    found = [(f.kind, f.text) for f in classifier.classify_text(text)]
    assert (kind, value) in found  # found, and mapped back onto the characters as written
