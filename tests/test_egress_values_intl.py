"""Values beyond US English and plain text (issue 41, item 5): what an outside red team writes.

Street addresses and postcodes of other countries, national identifiers and birth dates in
other languages, spelled-out and dotted numbers, base32 / hex / rot13 / UTF-16 wrappers, and
an identifier split over the items of one list or over sibling fields. Each table has its
benign look-alikes beside it: they must not fire.

Every identifier below is made up; the ones that must validate carry their checksum
(python-stdnum's own documented examples where it gives one).
"""

from __future__ import annotations

import base64
import codecs

import pytest

from webminim.egress import ToolMinimizer
from webminim.egress.classifier import PSDClassifier
from webminim.egress.decode import spelled_digits
from webminim.egress.text import TextMinimizer


@pytest.fixture(scope="module")
def classifier() -> PSDClassifier:
    return PSDClassifier()


def _kinds(classifier: PSDClassifier, text: str, field: str = "") -> set[str]:
    return {f.kind for f in classifier.classify_text(text, field)}


# -- 1. addresses and postcodes outside the US ---------------------------------------------------


@pytest.mark.parametrize(
    "text, kinds",
    [
        ("Hauptstraße 12, 10115 Berlin", {"street_address", "zip", "city"}),  # German
        ("Calle Mayor 5, 28013 Madrid", {"street_address", "zip", "city"}),  # Spanish
        ("221B Baker Street, London NW1 6XE", {"street_address", "zip", "city"}),  # British: a lettered house number
        ("1234 rue Sainte-Catherine, Montréal QC H3B 1A7", {"street_address", "zip", "city"}),  # Québécois
        ("12 rue de Rivoli, 75001 Paris", {"street_address", "zip", "city"}),  # French
        ("Via Roma 10, Milano", {"street_address"}),  # Italian
        ("Keizersgracht 123, 1015 CJ Amsterdam", {"street_address", "zip", "city"}),  # Dutch: a postcode, not a street
        ("Via Roma 1, 00184 Roma", {"street_address", "zip"}),  # the town in its own language
        ("please ship it to 80331 München", {"zip"}),  # a postcode and town, no street
        ("1010 Wien", {"zip"}),  # Austrian: four digits
        ("ul. Marszałkowska 12/4, 00-590 Warszawa", {"street_address", "zip"}),  # Polish: "ul." for ulica
        ("plac Zbawiciela 3, 02-586 Warszawa", {"street_address", "zip"}),  # "plac" is English's abbreviation too
        ("Rua Augusta 274, 1100-053 Lisboa", {"street_address", "zip"}),  # Portuguese: NNNN-NNN
    ],
)
def test_addresses_outside_the_us_are_found(classifier, text, kinds):
    assert _kinds(classifier, text) >= kinds


@pytest.mark.parametrize(
    "text, gone",
    [
        ("Ich wohne in der Hauptstraße 12, 10115 Berlin.", ["Hauptstraße 12", "10115"]),
        ("Please ship it to ul. Marszałkowska 12/4, 00-590 Warszawa.", ["Marszałkowska 12", "00-590"]),
        ("Mój adres: ul. Długa 5, 80-827 Gdańsk.", ["Długa 5", "80-827"]),
        ("My address is Rua Augusta 274, 1100-053 Lisboa.", ["Augusta 274", "1100-053"]),
        ("Mein Geburtsdatum ist der 14.05.1944.", ["14.05.1944"]),  # a full stop after the date ends the sentence
    ],
)
def test_a_message_keeps_no_street_postcode_or_birth_date_of_other_countries(text, gone):
    # a postcode after its street is no house number of a street usaddress thinks it sees
    # ("10115 Berlin", "827 Gdańsk"), a find the message's rules drop before overlaps are settled
    out = TextMinimizer().minimize(text, task="Reply to the support ticket.")
    assert out.changed and not any(value in out.text for value in gone), out.text
    assert "[address]" in out.text or "[date]" in out.text


@pytest.mark.parametrize(
    "detector, longest, value",
    [
        ("EuropeanAddressDetector", "Calle de la Sainte Catherine Marie Louise n° 12", None),  # eight tokens before
        ("EuropeanAddressDetector", "12 bis rue de la Sainte Catherine Marie Louise", None),  # eight after
        ("PostcodeDetector", "GIR 0AA", None),  # a token before the digits
        ("PostcodeDetector", "1012 AB Amsterdam", "1012 AB"),  # two after
        ("DateDetector", "March 3, 1985", None),  # a token before
        ("DateDetector", "nacido el 12 de septiembre de 1985", "12 de septiembre de 1985"),  # four after
    ],
)
def test_addresses_postcodes_and_dates_are_looked_for_near_digits_as_in_the_whole_text(detector, longest, value):
    """Each pattern reads only a few tokens around each run of digits: the longest reach of
    each is found, and on random texts of street words, names, postcodes, towns, dates, numbers
    and runs of spaces and line breaks of any length, the finds equal scans of the whole text."""
    import random
    import sys

    from webminim.egress import detectors

    found = getattr(detectors, detector)()
    assert [f.text for f in found.detect(f"see {longest} now")] == [value or longest]
    rng = random.Random(17)
    pieces = ["Calle", "de la", "rue", "bis", "Straße", "Berliner", "Hauptstraße", "Via", "Sainte-Catherine", "Marie",
              "n°", "12", "274", "75001", "10115", "D-10115", "00-590", "1100-053", "1012", "AB", "SW1A", "1AA", "GIR",
              "0AA", "H3B", "1A7", "Paris", "Berlin", "Amsterdam", "Warszawa", "Frankfurt", "Oder", ",", "\n",
              " " * 30, "in", "2019", "x", "March", "3,", "12.", "März", "de", "marzo", "1985", "12/03/1985",
              "nacido el", "born", "2024-01-05", "1er", "mars"]  # fmt: skip
    texts = [" ".join(rng.choice(pieces) for _ in range(rng.randint(2, 16))) for _ in range(1_500)]
    by_region = [found.detect(t) for t in texts]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sys.modules[type(found).__module__], "near_digits", lambda text, before, after: [(0, len(text))])
        assert by_region == [found.detect(t) for t in texts]
    assert sum(map(bool, by_region)) > 100


def test_a_dutch_postcode_is_a_postcode_not_a_house_number(classifier):
    found = {f.text: f.kind for f in classifier.classify_text("Damstraat 5, 1012 JM Amsterdam")}
    assert found.get("1012 JM") == "zip"


@pytest.mark.parametrize(
    "text",
    [
        "Die Straße war nass und die Hauptstraße voller Autos.",  # "Straße" without a number
        "Wir treffen uns um 10 Uhr.",  # a time
        "Preis: 12.99 EUR, 1.299,00 EUR",  # prices
        "Born in 1985, moved in 2004",  # years
        "In 2019 Berlin hosted the finals; since 2021 München has a new stadium.",  # a year before a town
        "Fixes the bug of:\n- #5731\n\nThis PR also removes the pin.",  # an issue number, then a paragraph
        "See https://github.com/org/repo/pull/1237\n\nThis change recovers it.",
        "Le Vendredi 16 Décembre 2005 02:18, vous avez écrit :",  # a date, not a house number
        "I watched TV. Then 5 minutes later it rang.",  # an English abbreviation ends a sentence
        "The study by Kowalski et al. In 2019 they showed it.",  # "al." for aleja: English's "et al." too
    ],
)
def test_address_look_alikes_are_not_addresses(classifier, text):
    assert not _kinds(classifier, text) & {"street_address", "zip"}


WEATHER_CITY = {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}
WEATHER_LOCATION = {"type": "object", "properties": {"location": {"type": "string"}}, "required": ["location"]}
MAPS_CITY = {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}


@pytest.mark.parametrize(
    "schema, key, value, expected",
    [
        (WEATHER_CITY, "city", "Hauptstraße 12, 10115 Berlin", "Berlin"),
        (WEATHER_LOCATION, "location", "Hauptstraße 12, 10115 Berlin", "Berlin"),
        (WEATHER_LOCATION, "location", "Calle Mayor 5, 28013 Madrid", "Madrid"),
        (WEATHER_LOCATION, "location", "221B Baker Street, London NW1 6XE", "London"),
        (WEATHER_LOCATION, "location", "1234 rue Sainte-Catherine, Montréal QC H3B 1A7", "Montréal"),
        (WEATHER_CITY, "city", "1275 York Ave, New York, NY 10065", "New York, NY"),  # a US street too
        (WEATHER_LOCATION, "location", "Berlin", "Berlin"),  # a city alone stays
        (WEATHER_LOCATION, "location", "10115", "10115"),  # a postcode alone is a forecast's place
    ],
)
def test_a_weather_call_keeps_only_the_city(schema, key, value, expected):
    out = ToolMinimizer({"get_weather": schema}).minimize("get_weather", {key: value}, task="What's the weather?")
    assert out.args == {key: expected}


def test_a_maps_field_named_city_keeps_only_the_city():
    out = ToolMinimizer({"find_places": MAPS_CITY}).minimize(
        "find_places", {"city": "Calle Mayor 5, 28013 Madrid"}, task="Find cafés nearby"
    )
    assert out.args == {"city": "Madrid"}


# -- 2. national identifiers and birth dates ----------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Steuer-ID: 36 574 261 809",  # DE IdNr, after its label
        "meine Steuer-Identifikationsnummer ist 86095742719",
        "DNI 12345678Z",  # ES DNI: its check letter
        "NIE X1234567L",  # ES NIE: shape and check letter, no label needed
        "my number is X-1234567-L",
        "NIR 1 85 03 75 116 001 27",  # FR NIR: mod-97 key
        "numéro de sécurité sociale 185037511600127",
        "RSSMRA85C12H501J",  # IT codice fiscale: shape and check letter alone
        "codice fiscale: rssmra85c12h501j",
        "BSN 111222333",  # NL BSN: 11-proof, after its label
        "burgerservicenummer 1234.56.782",
        "NINO AB 12 34 56 C",  # UK National Insurance number
        "national insurance number JG103759A",
        "SIN 130 692 544",  # CA SIN: Luhn, after its label
        "numéro d'assurance sociale 130-692-544",
        "AHV-Nr. 756.9217.0769.85",  # CH AHV: 756 and its EAN check digit
        "PESEL 44051401359",  # PL
        "CURP BOXW310820HNERXN09",  # MX CURP: shape and check digit
        "my id is BOXW310820HNERXN09",
        "RFC GODE561231GR8",  # MX RFC, after its label
        "My Medicare number is 2123 45670 1.",  # AU Medicare: its check digit, after its label
        "Medicare card: 2123456701 2",  # with the person's number on the card
        "my TFN is 123 456 782",  # AU tax file number
        "My NIP is 526-000-12-46.",  # PL tax number, after its label
        "NIP: 5260001246",
        "Steuernummer 21/815/08150",  # DE tax number
        "Sozialversicherungsnummer 65 170839 J 003",  # DE: the initial read as 10, digit sums mod 10
        "meine SV-Nummer: 65170839J003",
        "Aadhaar 2341 2341 2346",  # IN: Verhoeff
        "PAN card ACUPA7085R",  # IN: a person's PAN
        "my CPF is 111.444.777-35",  # BR
        "RUT 12.345.678-5",  # CL
        "CUIT 20-26756539-3",  # AR
        "my ID number is 7503305044089",  # ZA: its birth date and Luhn
        "주민등록번호 971013-9019902",  # KR
        "T.C. Kimlik No 17291716060",  # TR
        "teudat zehut 39337423",  # IL
        "身份证号码：360426199101010071",  # CN
        "fødselsnummer 151086 95088",  # NO
        "SVNR 1237 010180",  # AT
        "AMKA 01013099997",  # GR
        "CNP 1630615123457",  # RO
        "ЕГН 8032056031",  # BG
        "rodné číslo 710319/2745",  # CZ
        "isikukood 36805280109",  # EE
        "asmens kodas 33309240064",  # LT
        "OIB: 33392005961",  # HR
        "EMŠO 0101006500006",  # SI
        "kennitala 120174-3399",  # IS
        "NIF 501 964 843",  # PT
        "Thai ID number 3100600445635",  # TH
        "NRIC 770305-02-1234",  # MY
        "IRD number 49-098-576",  # NZ
        "cédula 171430710-3",  # EC
    ],
)
def test_national_ids_are_found(classifier, text):
    assert "national_id" in _kinds(classifier, text), classifier.classify_text(text)


@pytest.mark.parametrize(
    "text, number",
    [
        ("Reisepass C01X00T47", "C01X00T47"),  # German: letters and digits
        ("pasaporte PAA123456", "PAA123456"),  # Spanish: three letters, six digits
        ("passeport n° 12AB34567", "12AB34567"),  # French
        ("Passport no. 007180912", "007180912"),
    ],
)
def test_passport_numbers_after_their_label_in_other_languages_are_found(classifier, text, number):
    assert [f.text for f in classifier.classify_text(text) if f.kind == "passport_number"] == [number]


@pytest.mark.parametrize(
    "text", ["Reisepass beantragt, Termin am 12.03.", "el pasaporte caduca en 2027", "I passed ABC12345678 yesterday"]
)
def test_passport_look_alikes_are_no_passport_numbers(classifier, text):
    assert "passport_number" not in _kinds(classifier, text)


def test_national_ids_are_looked_for_around_digits_as_in_the_whole_text(monkeypatch):
    """Each identifier's shape is scanned only around the text's clusters of digits: on random
    texts of labels, identifiers of every shape, their pieces, letters and separators, the finds
    equal a scan of the whole text."""
    import random

    from webminim.egress.detectors import national_ids as ids

    rng = random.Random(7)
    pieces = [
        "Steuer-ID: 36 574 261 809",
        "DNI 12345678Z",
        "NIE X1234567L",
        "NIR 1 85 03 75 116 001 27",
        "RSSMRA85C12H501J",
        "BSN 1234.56.782",
        "NINO AB 12 34 56 C",
        "SIN 130-692-544",
        "PESEL 44051401359",
        "BOXW310820HNERXN09",
        "RFC GODE561231GR8",
        "Medicare 2123 45670 1",
        "TFN 123 456 782",
        "NIP 526-000-12-46",
        "CPF 111.444.777-35",
        "RUT 12.345.678-K",
        "PAN ACUPA7085R",
        "身份证号码：360426199101010071",
        "AHV 756.9217.0769.85",
        "SV-Nummer 65 170839 J 003",
        "CNP 1630615123457",
        "rodné číslo 710319/2745",
        "NRIC 770305-02-1234",
        "kennitala 120174-3399",
        "OIB: HR 33392005961",
        "12",
        "345",
        "-",
        ".",
        " ",
        ", ",
        "x",
        "AB",
        "\n",
        "no.",
        "Nr.",
        "2023",
    ]
    texts = ["".join(rng.choice(pieces) for _ in range(rng.randint(1, 12))) for _ in range(1_500)]
    detector = ids.NationalIDDetector()
    by_region = [detector.detect(t) for t in texts]
    monkeypatch.setattr(ids, "_digit_regions", lambda text: [(0, len(text), len(text))])
    assert by_region == [detector.detect(t) for t in texts]
    assert sum(map(bool, by_region)) > 500


@pytest.mark.parametrize(
    "pattern, fewest",
    [
        (r"(?<![\d.,-])\d{2} ?\d{3}(?![\d,])", 5),  # look-arounds count nothing
        (r"\d{1,2}\.?\d{3}-?[\dkK]", 4),  # a class with a letter may hold none
        (r"[12] ?(?:\d{2}|2[AB])", 2),  # a branch: its fewest
        (r"(?:PL ?)?\d{3}[0-9]{2}", 5),
        (r"[A-Za-z]{5}\d{4}[A-Za-z]", 4),
    ],
)
def test_an_identifiers_fewest_digits_are_read_off_its_shape(pattern, fewest):
    import re

    from webminim.egress.detectors.national_ids import _fewest_digits

    assert _fewest_digits(re.compile(pattern)) == fewest


def test_a_national_id_field_needs_no_label_in_its_value(classifier):
    assert "national_id" in _kinds(classifier, "36574261809", "steuer_id")
    assert "national_id" in _kinds(classifier, "111222333", "bsn")


@pytest.mark.parametrize(
    "text",
    [
        "order 36574261809 shipped",  # a valid IdNr's digits with no label: an order number
        "invoice 12345678Z",  # a DNI's shape without its label
        "BSN 111222334",  # a label, but the checksum fails
        "NIP 526-000-12-47",  # a NIP's label, its checksum fails
        "call 526-000-12-46 for the shop",  # a valid NIP with no label
        "CPF 111.444.777-36",  # the label, a check digit off
        "Sozialversicherungsnummer 65 170839 J 004",
        "Versicherungsnummer 65 173939 J 007",  # its check digit right, but no 39th month
        "RUT 12.345.678-4",
        "Aadhaar 2341 2341 2345",
        "fødselsnummer 151086 95077",  # its check digits off
        "AMKA 01013099999",
        "kennitala 530575-0299",
        "invoice 111.444.777-35 is paid",  # a valid CPF's digits, no label
        "Pan-fry it for 12 minutes at 180 degrees.",  # "pan" is a pan
        "SIN 046 454 286",  # a label, but Luhn fails
        "RSSMRA85C12H501Z",  # a codice fiscale's shape with the wrong check letter
        "ISBN 978-3-16-148410-0",  # an ISBN
        "version 1.2.3.4 and 10.15.7",  # version numbers
        "ref BOXW310820HNERXN08",  # a CURP's shape with the wrong check digit
        "sku GODE561231GR8",  # an RFC's shape without its label
        "Medicare 2123 45671 1",  # a label, but the check digit fails
        "invoice 123 456 782",  # a TFN's digits without its label
    ],
)
def test_national_id_look_alikes_are_not_ids(classifier, text):
    assert "national_id" not in _kinds(classifier, text)


@pytest.mark.parametrize(
    "text, date",
    [
        ("geboren am 12. März 1985", "12. März 1985"),  # German
        ("Geburtsdatum: 12.03.1985", "12.03.1985"),  # German, numeric
        ("nacido el 12 de marzo de 1985", "12 de marzo de 1985"),  # Spanish
        ("née le 12 mars 1985", "12 mars 1985"),  # French
        ("nato il 12 marzo 1985", "12 marzo 1985"),  # Italian
        ("geboren op 12 maart 1985", "12 maart 1985"),  # Dutch
        ("DOB 12/03/1985", "12/03/1985"),
        ("born 1985-03-12", "1985-03-12"),
        ("fecha de nacimiento 1985-03-12", "1985-03-12"),  # a multilingual cue before an ISO date
        ("y nací el 3 de marzo de 1985.", "3 de marzo de 1985"),  # the verb in the first person, a full stop
        ("eu nasci em 12/03/1985", "12/03/1985"),  # Portuguese
    ],
)
def test_birth_dates_in_other_languages_are_found(classifier, text, date):
    found = [f for f in classifier.classify_text(text) if f.kind == "date_of_birth"]
    assert [f.text for f in found] == [date]


def test_a_birth_date_field_reads_a_european_date(classifier):
    assert "date_of_birth" in _kinds(classifier, "12.03.1985", "fecha_de_nacimiento")


@pytest.mark.parametrize(
    "text",
    [
        "Wir treffen uns am 12. März 2026.",  # a meeting, not a birth
        "Rechnung vom 12.03.2026",  # an invoice date
        "version 12.03.1985",  # no birth word before it
    ],
)
def test_european_dates_without_a_birth_word_are_no_birth_dates(classifier, text):
    assert "date_of_birth" not in _kinds(classifier, text)


# -- 3. spelled-out and dotted numbers -----------------------------------------------------------


@pytest.mark.parametrize(
    "text, digits",
    [
        ("call four one five, five five five, zero one three four", "415-555-0134"),
        ("zero two one five five five one two three four", "0215551234"),
        ("four one five double five five oh one three four", "4155550134"),  # "double", "oh"
        ("vier eins fünf fünf fünf fünf null eins drei vier", "4155550134"),  # German
    ],
)
def test_spelled_out_digits_read_as_the_number(text, digits):
    assert [d for _, _, d in spelled_digits(text)] == [digits]


def test_spelled_digits_count_their_words_first_and_find_what_the_pattern_finds(monkeypatch):
    """A text is read by the pattern only when it holds seven letter runs that are digit words:
    on random texts of digit words, near misses, look-alike letters (the long s, the Kelvin sign,
    the Turkish i's, combining marks) and separators, the finds equal the pattern's alone."""
    import random

    from webminim.egress import decode

    rng = random.Random(5)
    words = [*decode._DIGIT_WORDS, *decode._REPEAT, "ſix", "\u212aeins", "\u0130", "\u0131", "one\u0345", "tone", "x"]
    seps = [" ", ", ", "-", "–", " / ", "", "\n", ". ", "7"]
    texts = ["".join(rng.choice(words) + rng.choice(seps) for _ in range(rng.randint(5, 14))) for _ in range(3_000)]
    texts = ["".join(c.upper() if rng.random() < 0.3 else c for c in t) for t in texts]
    gated = [list(spelled_digits(t)) for t in texts]
    monkeypatch.setattr(decode, "_may_spell", lambda text: True)
    assert gated == [list(spelled_digits(t)) for t in texts]
    assert sum(map(bool, gated)) > 300  # the texts hold runs to find


@pytest.mark.parametrize(
    "text, kind",
    [
        ("call me on four one five, five five five, zero one three four", "phone"),
        ("card four one one one one one one one one one one one one one one one", "card_number"),
        ("4111.1111.1111.1111", "card_number"),  # dotted groups
        ("4111 1111 1111 1111", "card_number"),
        ("IBAN DE89.3704.0044.0532.0130.00", "iban"),
        ("415.555.0134", "phone"),
        ("my SSN is 536.22.1234", "ssn"),  # another separator, the label just before
        ("my social is 536 \u2013 22 \u2013 1234", "ssn"),
        ("ssn: 536/22/1234", "ssn"),
    ],
)
def test_spelled_and_dotted_numbers_fire_their_detector(classifier, text, kind):
    found = [f for f in classifier.classify_text(text) if f.kind == kind]
    assert found, classifier.classify_text(text)
    assert all(text[f.start : f.end] == f.text for f in found)  # spans of the text as written


@pytest.mark.parametrize(
    "text",
    [
        "one two three, go",  # a count
        "I had one or two coffees and three or four biscuits",  # number words in prose
        "version 1.2.3.4",
        "pi is 3.1415.9265.358",
        "price 1234.5678.90",
        "release 536.22.1234 is out",  # 3-2-4 with no label: a version
        "ssn 536.22.1234.5",  # a longer dotted number
        "ssn 000.22.1234",  # no valid SSN has area 000
        "build 536.22.1234 shipped, and the social events were great",  # the label after it
        "in 2019, 2020, 2021, 2022, 2023 and 2024",  # digits in groups, no hex text
        "dead beef cafe babe fade face 1234 5678",
    ],
)
def test_number_look_alikes_are_no_numbers(classifier, text):
    assert not _kinds(classifier, text) & {"phone", "card_number", "iban", "ssn"}


@pytest.mark.parametrize(
    "text, number",
    [
        ("call me on 9876543210", "9876543210"),  # an Indian mobile, no trunk prefix
        ("mi teléfono es 612 34 56 78", "612 34 56 78"),  # a Spanish mobile
        ("मेरा फ़ोन नंबर ९८७६५४३२१० है", "९८७६५४३२१०"),  # Devanagari digits after a Hindi cue
        ("Handy: 151 23456789", "151 23456789"),
        ("my number is 612 34 56 78", "612 34 56 78"),  # the writer's own number, said to be one
        ("mi número es 612 34 56 78", "612 34 56 78"),
        ("il mio numero è 347 1234567", "347 1234567"),
    ],
)
def test_a_national_number_after_a_phone_word_is_a_phone(classifier, text, number):
    assert [f.text for f in classifier.classify_text(text) if f.kind == "phone"] == [number]


def test_a_cued_number_is_read_number_first_as_the_cue_first_pattern_reads_it():
    """The detector finds numbers first and their cue just before them (numbers are few); on
    random texts of cues, numbers and separators it finds what one cue-first pattern finds."""
    import random
    import re

    from webminim.egress.detectors import contact

    cue_first = re.compile(
        rf"(?i)(?:(?<!\w)(?:{contact.PHONE_CUE_WORDS})(?!\w)[^\d\n]{{0,24}}|(?<!\w){contact._MY_NUMBER})"
        r"(?<![\d+])(\d[\d \t().-]{6,16}\d)(?![\d-])"
    )
    parts = ["call", "phone", "my number is", "mi número es", "Handy:", "mobile", "+", "(", "-", "\n", " ", "x"]
    parts += ["612 34 56 78", "9876543210", "+44 7700 900461", "123", "1234567890123456789012", "12-34-56-78-90"]
    rng = random.Random(7)
    for _ in range(3000):
        text = "".join(rng.choice(parts) for _ in range(rng.randint(1, 10)))
        assert [m.span() for m in contact._cued_numbers(text)] == [m.span(1) for m in cue_first.finditer(text)], text


@pytest.mark.parametrize(
    "text",
    [
        "order number 123456789",  # "number" alone says no phone
        "mi número de pedido es 612 34 56 78",
        "my number of orders is 612345678",  # only "is" or a colon between "my number" and a phone
        "my number is 42",
        "call me at 5 pm, room 12345678",  # the cue's number is too short, the room's has none
        "Call of Duty 2024 sold 12345678 copies",
        "we had 3 calls about invoice 20231015",
    ],
)
def test_numbers_without_a_phone_word_before_them_stay(classifier, text):
    assert "phone" not in _kinds(classifier, text)


# -- 4. wrappers ---------------------------------------------------------------------------------

SECRET = "my card is 4111 1111 1111 1111, reach me at lee.wong@example.org"
WRAPPED = {
    "base32": base64.b32encode(SECRET.encode()).decode(),
    "hex": SECRET.encode().hex(),
    "HEX": SECRET.encode().hex().upper(),
    "rot13": codecs.encode(SECRET, "rot13"),
    "rot13, said so": "rot13: " + codecs.encode("treated for asthma at the clinic", "rot13"),
    "base64 of UTF-16 with its mark": base64.b64encode(SECRET.encode("utf-16")).decode(),
    "base64 of UTF-16-LE": base64.b64encode(SECRET.encode("utf-16-le")).decode(),
    "base64 of UTF-16-BE": base64.b64encode(SECRET.encode("utf-16-be")).decode(),
    "hex of base64": base64.b64encode(SECRET.encode()).hex(),  # two layers
    # hex written for people: bytes or words apart, "0x"-prefixed, a C array's bytes
    "hex in bytes": " ".join(SECRET.encode().hex()[i : i + 2] for i in range(0, 2 * len(SECRET), 2)),
    "hex in words": " ".join(SECRET.encode().hex()[i : i + 4] for i in range(0, 2 * len(SECRET), 4)),
    "hex with colons": ":".join(SECRET.encode().hex()[i : i + 2] for i in range(0, 2 * len(SECRET), 2)),
    "0x hex": "0x" + SECRET.encode().hex(),
    "0x bytes": ", ".join("0x" + SECRET.encode().hex()[i : i + 2] for i in range(0, 2 * len(SECRET), 2)),
    # URL-safe base64 ("-" and "_"): "¿¿" puts a "_" inside the first quantum, so the run
    # split at it decodes out of step
    "URL-safe base64": base64.urlsafe_b64encode(f"¿¿ {SECRET} ¿¿".encode()).decode(),
}


@pytest.mark.parametrize("name", list(WRAPPED))
def test_wrapped_values_are_found(classifier, name):
    value = WRAPPED[name]
    found = classifier.classify({"memo": f"ref {value} end"})
    kinds = {f.kind for f in found}
    if name == "rot13, said so":
        assert "health" in kinds
    else:
        assert {"card_number", "email"} <= kinds, found
    for f in found:
        assert f.path == "/memo" and f.text == f"ref {value} end"[f.start : f.end]


@pytest.mark.parametrize(
    "text",
    [
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",  # a PNG
        "commit 9fceb02d0ae598e95dc970b74767f19372d61af8",  # a hex hash
        "sha256 e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
        "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567",  # the base32 alphabet: binary
        "The quick brown fox jumps over the lazy dog and the cat",  # plain English is no rot13
        "Guten Tag, ich möchte gerne einen Termin vereinbaren.",
        "get_user_profile_settings_v2 and feature-branch-for-the-new-login-page",  # names, not base64
        "550e8400-e29b-41d4-a716-446655440000",  # a UUID
    ],
)
def test_wrapper_look_alikes_decode_to_nothing(classifier, text):
    assert not classifier.classify_text(text)


def test_a_decoded_run_is_capped():
    from webminim.egress import decode

    run = "41" * (decode.MAX_ENCODED_CHARS // 2 + 64)  # hex of "AAAA...": longer than the cap
    decoded = decode._binary(run)
    assert decoded[0] == b"A" * (decode.MAX_ENCODED_CHARS // 2)  # the hex reading, from the run's start only
    assert all(len(raw) <= decode.MAX_ENCODED_CHARS * 3 // 4 for raw in decoded)  # base64's too


# -- 5. one identifier over several fields or items --------------------------------------------


@pytest.mark.parametrize(
    "args, kind",
    [
        ({"card": ["4111", "1111", "1111", "1111"]}, "card_number_split"),  # four list items
        ({"phone": ["+1", "415", "555", "0134"]}, "phone_split"),
        ({"iban": ["DE89 3704 0044", "0532 0130 00"]}, "iban_split"),
        ({"contact": {"area": "415", "prefix": "555", "line": "0134"}}, "phone_split"),  # area / prefix / line
        ({"pay": {"iban_first": "DE89 3704 0044", "iban_second": "0532 0130 00"}}, "iban_split"),  # two fields
        ({"ssn": ["536", "22", "1234"]}, "ssn_split"),  # cut at its hyphens
        ({"ssn": ["536-22", "1234"]}, "ssn_split"),
        ({"id": {"first": "536", "second": "22", "third": "1234"}}, "ssn_split"),
    ],
)
def test_a_split_identifier_is_found_in_every_piece(classifier, args, kind):
    found = classifier.classify(args)
    pieces = {f.path for f in found if f.kind == kind}
    leaves = [p for p in (f"/{k}/{i}" for k, v in args.items() if isinstance(v, list) for i in range(len(v)))]
    leaves += [f"/{k}/{m}" for k, v in args.items() if isinstance(v, dict) for m in v]
    assert pieces == set(leaves)


def test_every_piece_of_a_split_card_is_rewritten():
    schema = {
        "type": "object",
        "properties": {"note": {"type": "string"}, "digits": {"type": "array", "items": {"type": "string"}}},
        "required": ["note", "digits"],
    }
    out = ToolMinimizer({"save_note": schema}).minimize(
        "save_note", {"note": "groceries", "digits": ["4111", "1111", "1111", "1111"]}, task="Save a note"
    )
    assert not any("1111" in d for d in out.args["digits"]), out.args


@pytest.mark.parametrize(
    "args",
    [
        {"years": ["2021", "2022", "2023", "2024"]},
        {"ids": ["1234", "5678", "9012", "3456"]},
        {"sizes": ["10", "12", "14", "16", "18", "20", "22", "24"]},
        {"prices": ["19.99", "24.50", "3.20"]},
        {"tags": ["python 3.11", "v2"]},
        {"range": {"start": "100", "end": "200"}},
        {"span": {"date_start": "2026-06-30", "date_end": "2026-09-01"}},  # two dates: 16 digits, Luhn-valid
        {"dates": ["2026-06-30", "2026-09-01"]},
        {"date": ["12", "05", "2024"]},  # day, month, year
        {"scores": ["3", "22", "1234"]},
    ],
)
def test_lists_of_numbers_are_no_split_identifiers(classifier, args):
    assert not [f for f in classifier.classify(args) if f.kind.endswith("_split")]


@pytest.mark.parametrize(
    "text",
    [
        "Before, we had to pass `clobber=True` to `fsspec.register_implementation`.",  # the verb "pass"
        "I don't have any way to pin (to keep) those courses in my profile.",  # the verb "pin"
        "It can be passive, and it can be composed of awareness.",  # "pass" inside a word
    ],
)
def test_verbs_that_look_like_secret_names_name_no_secret(classifier, text):
    assert "credential" not in _kinds(classifier, text)


@pytest.mark.parametrize(
    "text, value",
    [
        ("PIN 4821", "4821"),
        ("pass: hunter2!", "hunter2"),
        ("pw = Tr0ub4dor", "Tr0ub4dor"),
        ("my password is hunter2!", "hunter2"),
    ],
)
def test_short_secret_names_with_a_separator_or_digits_still_name_one(classifier, text, value):
    assert value in {f.text for f in classifier.classify_text(text) if f.kind == "credential"}


@pytest.mark.parametrize(
    "text, value",
    [
        ("código de verificación 847293", "847293"),
        ("o código de verificação é 847293", "847293"),
        ("Bestätigungscode: 847293", "847293"),
        ("Einmalcode lautet 123456", "123456"),
        ("code de vérification : 847-293", "847-293"),
        ("il codice di verifica è 847293", "847293"),
        ("your verification code is 847 293.", "847 293"),  # read out in groups
    ],
)
def test_one_time_codes_in_other_languages_and_in_groups_are_secrets(classifier, text, value):
    assert [f.text for f in classifier.classify_text(text) if f.kind == "credential"] == [value]


@pytest.mark.parametrize(
    "text", ["the code is expired", "the zip code is 94110", "area code 415", "error code: 404", "código postal 28013"]
)
def test_codes_that_are_no_secret_stay(classifier, text):
    assert "credential" not in _kinds(classifier, text)


@pytest.mark.parametrize(
    "text, number",
    [
        ("Führerschein B072RRE2I55", "B072RRE2I55"),
        ("driver's license no. D123-4567-8901", "D123-4567-8901"),
        ("permis de conduire n° 12AB34567", "12AB34567"),
        ("licencia de conducir: 12345678A", "12345678A"),
    ],
)
def test_a_driving_licence_number_after_its_name_is_an_id_number(classifier, text, number):
    assert [f.text for f in classifier.classify_text(text) if f.kind == "national_id"] == [number]


@pytest.mark.parametrize(
    "text",
    [
        "my license expired last year",
        "MIT License 2024",
        "Apache License, Version 2.0",
        "I passed my Führerschein in 2019",
    ],
)
def test_licences_with_no_number_stay(classifier, text):
    assert "national_id" not in _kinds(classifier, text)


@pytest.mark.parametrize(
    "text, place",
    [
        ("coords 40°44′54″N 73°59′09″W", "40°44′54″N 73°59′09″W"),
        ("we're at 48°51.4'N, 2°21.1'E now", "48°51.4'N, 2°21.1'E"),
    ],
)
def test_coordinates_in_degrees_and_minutes_are_a_location(classifier, text, place):
    assert [f.text for f in classifier.classify_text(text) if f.kind == "gps"] == [place]


@pytest.mark.parametrize("text", ["it is 21°C outside", "turn 90° left", "angle 45°30' exactly"])
def test_degrees_that_are_no_coordinates_stay(classifier, text):
    assert "gps" not in _kinds(classifier, text)
