"""Identifiers and codes: SSNs and national IDs (python-stdnum checksums), card, IBAN and
account numbers, IP addresses, passports, ICD-10 diagnosis codes and written-out credentials."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from stdnum import iban, luhn
from stdnum.us import ssn

from webminim.egress.deadline import check as check_deadline
from webminim.egress.decode import NUMBER_WORDS
from webminim.egress.detectors.base import Finding, _finding
from webminim.egress.taxonomy import Category

_NON_DIGIT = re.compile(r"\D")
_WHOLE_ACCOUNT = re.compile(r"[A-Z]{0,3}\d[\d -]{4,20}\d")


class SSNDetector:
    name = "ssn"
    kinds = frozenset({"ssn"})
    field_trigger = re.compile(r"ssn|social|tax", re.I)
    trigger = re.compile(r"\d{3}")
    needs_digit = True  # its trigger cannot match a text without a digit
    _rx = re.compile(r"(?<!\d)(\d{3}-\d{2}-\d{4}|\d{9})(?!\d)")
    _context = re.compile(r"ssn|social security|tax id|tin\b", re.I)
    # 3-2-4 with another separator, the same one twice ("536.22.1234", "536 – 22 – 1234",
    # "536/22/1234"): an SSN only with its label just before it, as a national ID is read
    _other = re.compile(r"(?<![\d.,/-])\d{3}(\s?[./\u2010-\u2015\u2212-]\s?|\s)\d{2}\1\d{4}(?![\d.,/-]?\d)")
    _label = re.compile(r"\b(?:ssn|social(?: security)?(?: number| no\.?| #)?|soc\.? ?sec\.?|tax id|tin)\b", re.I)

    def detect(self, text: str, field: str = "") -> list[Finding]:
        found = []
        for m in self._rx.finditer(text):
            if "-" not in m.group(0) and not (self._context.search(text) or self._context.search(field)):
                continue  # nine bare digits are an SSN only when something says so
            if ssn.is_valid(m.group(0)):
                found.append(_finding(Category.DI, "ssn", m, self.name))
        labelled_field = bool(field) and self._context.search(field) is not None
        for m in self._other.finditer(text):
            if any(f.start < m.end() and m.start() < f.end for f in found):
                continue
            if not (labelled_field or self._label.search(text, max(0, m.start() - _ID_WINDOW), m.start())):
                continue
            if ssn.is_valid(re.sub(r"\D", "", m.group(0))):
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


def _medicare(value: str) -> bool:
    """Australia's Medicare card number (python-stdnum has no module): ten digits, the first 2-6,
    the ninth the weighted sum of the first eight (1 3 7 9 1 3 7 9) mod 10, the tenth the card's
    issue number (1-9); an eleventh, the person's place on the card, may follow."""
    digits = re.sub(r"[\s/-]", "", value)
    if not digits.isdigit() or len(digits) not in (10, 11) or digits[0] not in "23456" or digits[9] == "0":
        return False
    return sum(int(d) * w for d, w in zip(digits[:8], (1, 3, 7, 9, 1, 3, 7, 9), strict=True)) % 10 == int(digits[8])


def _rvnr(value: str) -> bool:
    """Germany's social insurance number (Versicherungsnummer; python-stdnum has no module): area
    (2 digits), birth date DDMMYY, the surname's initial, serial (2), check digit: the letter read
    as its place in the alphabet (two digits), the twelve digits weighted 2 1 2 5 7 1 2 1 2 1 2 1,
    each product's digit sum added, mod 10."""
    v = re.sub(r"\s", "", value).upper()
    if not re.fullmatch(r"\d{8}[A-Z]\d{3}", v) or not (1 <= int(v[2:4]) <= 31 and 1 <= int(v[4:6]) <= 12):
        return False
    digits = v[:8] + f"{ord(v[8]) - 64:02d}" + v[9:11]
    products = (int(d) * w for d, w in zip(digits, (2, 1, 2, 5, 7, 1, 2, 1, 2, 1, 2, 1), strict=True))
    return sum(p // 10 + p % 10 for p in products) % 10 == int(v[11])


def _label(rx: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![^\W_])(?:{rx})(?![^\W_])", re.I)


@cache
def _national_ids() -> tuple[_NationalId, ...]:
    """National identifiers of European, Canadian, Australian, Latin American, Indian, South
    African, Korean, Turkish, Israeli and Chinese residents (python-stdnum's checksums)."""
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
            "pl.nip",  # Poland's tax number (a sole trader's is the person's): 3-3-2-2 or 3-2-2-3
            _label(r"nip|numer identyfikacji podatkowej|tax identification number"),
            re.compile(r"(?<![\d.,-])(?:PL ?)?(?:\d{3}-?\d{3}-?\d{2}-?\d{2}|\d{3}-\d{2}-\d{2}-\d{3})(?![\d,]|[.-]\d)"),
            _stdnum("pl.nip"),
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
        _NationalId(
            "au.medicare",  # written 4-5-1 as on the card, the person's number after it
            _label(r"medicare(?: card)?(?: number| no\.?| #)?"),
            re.compile(r"(?<![\d.,-])[2-6]\d{3} ?\d{5} ?\d(?:[ /-]?[1-9])?(?![\d,]|[.-]\d)"),
            _medicare,
        ),
        _NationalId(
            "au.tfn",  # Australia's tax file number
            _label(r"tfn|tax file(?: number| no\.?)?"),
            re.compile(r"(?<![\d.,-])\d{3} ?\d{3} ?\d{2,3}(?![\d,]|[.-]\d)"),
            _stdnum("au.tfn"),
        ),
        _NationalId(
            "mx.curp",  # Mexico's personal registry key: its shape and check digit say what it is
            _label(r"curp|clave [uú]nica de registro de poblaci[oó]n"),
            re.compile(r"(?<!\w)[A-Za-z]{4}\d{6}[HMXhmx][A-Za-z]{5}[0-9A-Za-z]\d(?!\w)"),
            _stdnum("mx.curp"),
            unlabelled=True,
        ),
        _NationalId(
            "mx.rfc",  # Mexico's tax id: a label, as a product code can have its shape
            _label(r"rfc|registro federal de contribuyentes"),
            re.compile(r"(?<!\w)[A-Za-z&Ññ]{3,4}\d{6}[0-9A-Za-z]{3}(?!\w)"),
            _stdnum("mx.rfc"),
        ),
        _NationalId(
            "de.stnr",  # Germany's tax number (the Steuer-ID's older sibling), per-state layouts
            _label(r"steuernummer|steuer-nr\.?|st\.?-nr\.?"),
            re.compile(r"(?<![\d./-])(?:\d{2,3}/\d{3,4}/\d{4,5}|\d{10,13})(?![\d/,]|[.-]\d)"),
            _stdnum("de.stnr"),
        ),
        _NationalId(
            "de.rvnr",  # Germany's social insurance number
            _label(r"(?:sozial|renten)?versicherungsnummer|sv-nummer|rv-nummer|svnr"),
            re.compile(r"(?<![\w.,-])\d{2} ?\d{6} ?[A-Za-z] ?\d{2} ?\d(?![\w,]|[.-]\d)"),
            _rvnr,
        ),
        _NationalId(
            "in.aadhaar",  # India: twelve digits, Verhoeff's check digit
            _label(r"aadhaa?r(?: card| number| no\.?)?|आधार"),
            re.compile(r"(?<![\d.,-])[2-9]\d{3}[ -]?\d{4}[ -]?\d{4}(?![\d,]|[.-]\d)"),
            _stdnum("in_.aadhaar"),
        ),
        _NationalId(
            "in.pan",  # India's permanent account number: a person's has P in fourth place
            _label(r"pan(?: card| number| no\.?)?|permanent account number"),
            re.compile(r"(?<!\w)[A-Za-z]{5}\d{4}[A-Za-z](?!\w)"),
            _stdnum("in_.pan"),
        ),
        _NationalId(
            "br.cpf",  # Brazil's individual taxpayer number: two check digits
            _label(r"cpf|cadastro de pessoas? f[ií]sicas?"),
            re.compile(r"(?<![\d.,-])\d{3}\.?\d{3}\.?\d{3}-?\d{2}(?![\d,]|[.-]\d)"),
            _stdnum("br.cpf"),
        ),
        _NationalId(
            "cl.rut",  # Chile's RUT / RUN: a mod-11 check digit or K
            _label(r"rut|rol [uú]nico (?:tributario|nacional)"),
            re.compile(r"(?<![\d.,-])\d{1,2}\.?\d{3}\.?\d{3}-?[\dkK](?![\w,]|[.-]\d)"),
            _stdnum("cl.rut"),
        ),
        _NationalId(
            "ar.cuit",  # Argentina's CUIT / CUIL
            _label(r"cuit|cuil"),
            re.compile(r"(?<![\d.,-])\d{2}-?\d{8}-?\d(?![\d,]|[.-]\d)"),
            _stdnum("ar.cuit"),
        ),
        _NationalId(
            "za.idnr",  # South Africa: the birth date, Luhn
            _label(r"(?:south african |sa )?id(?:entity)? (?:number|no\.?)"),
            re.compile(r"(?<![\d.,-])\d{6} ?\d{4} ?\d{3}(?![\d,]|[.-]\d)"),
            _stdnum("za.idnr"),
        ),
        _NationalId(
            "kr.rrn",  # South Korea's resident registration number
            _label(r"rrn|resident registration number|주민등록번호"),
            re.compile(r"(?<![\d.,-])\d{6}-?\d{7}(?![\d,]|[.-]\d)"),
            _stdnum("kr.rrn"),
        ),
        _NationalId(
            "tr.tckimlik",  # Türkiye's T.C. identity number
            _label(r"t\.?c\.? kimlik(?: no| numarası)?|kimlik (?:no|numarası)|tckn"),
            re.compile(r"(?<![\d.,-])[1-9]\d{10}(?![\d,]|[.-]\d)"),
            _stdnum("tr.tckimlik"),
        ),
        _NationalId(
            "il.idnr",  # Israel's identity number (teudat zehut)
            _label(r"teudat zehut|mispar zehut|תעודת זהות|מספר זהות|israeli id(?: number)?"),
            re.compile(r"(?<![\d.,-])\d{5,9}(?![\d,]|[.-]\d)"),
            _stdnum("il.idnr"),
        ),
        _NationalId(
            "cn.ric",  # China's resident identity card: the birth date, ISO 7064's check
            _label(r"身份证(?:号码?)?|resident identity card(?: number)?|chinese id(?: number)?"),
            re.compile(r"(?<![\d.,-])\d{17}[\dXx](?![\w,]|[.-]\d)"),
            _stdnum("cn.ric"),
        ),
    )


# Every identifier's shape holds a digit, its digits in groups a few characters apart, at most
# seven letters before its first digit and three characters after its last: a shape is looked
# for only around the text's clusters of digits (each shape scans a few dozen characters, not
# the whole message; a lookbehind still sees the text before its region).
_DIGIT_CLUSTER = re.compile(r"\d(?:\D{0,4}\d)*")
_REGION_MARGIN = 12


def _digit_regions(text: str) -> list[tuple[int, int]]:
    regions: list[tuple[int, int]] = []
    for m in _DIGIT_CLUSTER.finditer(text):
        start, end = max(0, m.start() - _REGION_MARGIN), min(len(text), m.end() + _REGION_MARGIN)
        if regions and start <= regions[-1][1]:
            regions[-1] = (regions[-1][0], end)
        else:
            regions.append((start, end))
    return regions


class NationalIDDetector:
    """National identifiers outside the US (German Steuer-ID, Spanish DNI/NIE, French NIR,
    Italian codice fiscale, Dutch BSN, UK NINO, Canadian SIN, Swiss AHV, ...): a value of the
    identifier's written shape that python-stdnum's validator accepts, after one of its labels
    (in the text just before it, or the field's name), or anywhere when its shape and checksum
    alone say what it is (a codice fiscale, a NIR, a DNI's check letter)."""

    name = "national_id"
    kinds = frozenset({"national_id"})
    trigger = re.compile(r"\d{3}")
    needs_digit = True  # its trigger cannot match a text without a digit

    def detect(self, text: str, field: str = "") -> list[Finding]:
        found: list[Finding] = []
        field_words = re.sub(r"[_\W]+", " ", field)
        regions = _digit_regions(text)
        for spec in _national_ids():
            labelled_field = bool(field_words) and spec.label.search(field_words) is not None
            for m in (m for start, end in regions for m in spec.shape.finditer(text, start, end)):
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
    kinds = frozenset({"card_number"})
    trigger = re.compile(r"\d{4}")
    needs_digit = True  # its trigger cannot match a text without a digit
    _rx = re.compile(r"(?<!\d)(?:\d[ -]?){12,18}\d(?!\d)")
    # dotted groups ("4111.1111.1111.1111", Amex "3782.822463.10005"), never a decimal or a version
    _dotted = re.compile(r"(?<![\d.])\d{4}\.\d{4,6}\.\d{4,5}(?:\.\d{1,4})?(?!\.?\d)")

    def detect(self, text: str, field: str = "") -> list[Finding]:
        found = []
        for m in (*self._rx.finditer(text), *(self._dotted.finditer(text) if "." in text else ())):
            digits = _NON_DIGIT.sub("", m.group(0))
            if 13 <= len(digits) <= 19 and luhn.is_valid(digits) and _issued(digits):
                found.append(_finding(Category.F, "card_number", m, self.name))
        return found


def _issued(digits: str) -> bool:
    """Could a card network have issued this number? Of cards starting with 2 only Mastercard's
    2-series (2221-2720) exists, so a run of years ("2023 2024 2025 2026") that happens to pass
    Luhn is not a card; every other first digit has issuers (ISO/IEC 7812's industries)."""
    return digits[0] != "2" or 2221 <= int(digits[:4]) <= 2720


class IBANDetector:
    name = "iban"
    kinds = frozenset({"iban"})
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
    kinds = frozenset({"account_number"})
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
    kinds = frozenset({"ip_address"})
    trigger = re.compile(r"\d\.\d")
    needs_digit = True  # its trigger cannot match a text without a digit
    _rx = re.compile(r"(?<![\d.])(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)(?![\d.])")

    def detect(self, text: str, field: str = "") -> list[Finding]:
        return [_finding(Category.DI, "ip_address", m, self.name) for m in self._rx.finditer(text)]


# "no.", "Nr.", "n°", "número", ... between a document's name and its number
_NUMBER_WORD = r"(?:\s+(?i:no\.?|nr\.?|n[º°]\.?|number|nummer|n[uú]m(?:ero|\.)?|num[ée]ro|#))?"
# "passport" in the languages the national IDs are read in (and Dutch, Polish)
_PASSPORT = (
    r"passport|travel document|reisepass|passnummer|pass-nr|pasaporte|passeport|passaporto|passaporte|paspoort"
    r"|paszport"
)


class PassportDetector:
    name = "passport"
    kinds = frozenset({"passport_number"})
    field_trigger = re.compile(_PASSPORT, re.I)
    trigger = field_trigger  # a number is one only beside the word (`detect`): the word wakes it
    _rx = re.compile(r"\b[A-Z]{1,2}\d{6,9}\b")
    _context = re.compile(_PASSPORT, re.I)
    # digits only (many countries' passports), or the letters and digits of a German ("C01X00T47")
    # or Spanish ("PAA123456") one, when the label says what they are: "Passport no. 007180912"
    _labelled = re.compile(
        rf"(?i:{_PASSPORT}){_NUMBER_WORD}[:\s]\s*"
        r"(\d{6,10}|(?=[A-Z0-9]{0,9}\d)(?=[0-9]{0,9}[A-Z])[A-Z0-9]{8,10})\b"
    )

    def detect(self, text: str, field: str = "") -> list[Finding]:
        if not (self._context.search(field) or self._context.search(text)):
            return []
        found = [_finding(Category.QI, "passport_number", m, self.name) for m in self._rx.finditer(text)]
        found += [
            _finding(Category.QI, "passport_number", m, self.name, group=1) for m in self._labelled.finditer(text)
        ]
        return found


class DrivingLicenceDetector:
    """A driving licence's number after its name, in English, German, French, Spanish, Italian,
    Portuguese, Dutch and Polish ("Führerschein B072RRE2I55", "driver's license no. D1234567"):
    letters and digits, at least one digit. Its formats are as many as its issuers, so the label
    says what it is; found as an identity number. A field named for a licence is the fields'
    profile's (`fields`), as for every identity document."""

    name = "driving_licence"
    kinds = frozenset({"national_id"})
    trigger = re.compile(r"licen[cs]|f[üu]hrerschein|permis|conduc|patente|rijbewijs|prawo jazdy", re.I)
    needs_digit = True
    _labelled = re.compile(
        r"(?i:\b(?:driver'?s'? licen[cs]e|driving licen[cs]e|licen[cs]e|f[üu]hrerschein(?:nummer)?|permis de conduire"
        r"|licencia de conducir|carn[eé] de conducir|permiso de conducir|patente di guida|carta de condu[çc][ãa]o"
        r"|rijbewijs(?:nummer)?|prawo jazdy))"
        rf"{_NUMBER_WORD}\s*[:#]?\s*"
        r"(?P<value>(?=[A-Z0-9-]{0,19}\d)[A-Z0-9][A-Z0-9-]{4,19})(?![\w-])"
    )

    def detect(self, text: str, field: str = "") -> list[Finding]:
        return [
            _finding(Category.DI, "national_id", m, self.name, group="value", hint="driving_licence")
            for m in self._labelled.finditer(text)
        ]


class ICD10Detector:
    """ICD-10 diagnosis codes: dotted (C50.911) anywhere, bare (E11) only with a diagnosis cue."""

    name = "icd10"
    kinds = frozenset({"diagnosis_code"})
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


class CredentialDetector:
    """A secret written out after what it is: "my password is hunter2", "PIN: 4821", "API key =
    sk-…". The value must look like a secret (a digit, a symbol, or a capital after its first
    letter): "the password is expired" names none. Only the value is the finding; a task that names it keeps it."""

    name = "credential"
    kinds = frozenset({"credential"})
    trigger = re.compile(r"pass|pin|pw|otp|code|key|token|secret|kennwort|contrase|mot de|digo|codice", re.I)
    _value = (
        # a code read out in groups ("847 293", "12-34-56"), or one run of a secret's characters
        r"(?P<value>\d{2,4}(?:[ -]\d{2,4}){1,2}(?![\d-])"
        r"|(?=[^\s\"'”’]{0,63}(?:\d|[^\w\s\"'”’]))[^\s\"'”’]{3,64}(?<![.,;!?])"
        r"|(?-i:(?=[A-Za-z][a-z]{0,62}[A-Z])(?=[A-Z]{0,63}[a-z])[A-Za-z]{4,64})"
        # or four to eight digits read out as words ("four eight two one", "vier acht zwei eins")
        rf"|(?<![^\W\d_])(?:{NUMBER_WORDS})(?:[ ,-]{{1,2}}(?:{NUMBER_WORDS})){{3,7}}(?![^\W\d_]))"
    )
    _separator = r"\s*(?:is|was|=|:|-|ist|lautet|es|est|é|è)"
    # what names a secret and nothing else; `(?![a-z])`: "passive" and "pinned" name none
    _rx = re.compile(
        r"\b(?:pass(?:word|wort|code|phrase)|pin (?:code|number)|otp|one[- ]time (?:code|password)|"
        r"(?:verification|security|login|sign[- ]in|2fa|mfa|auth(?:entication)?|access) code|"
        r"api[ _-]?key|access[ _-]?token|auth[ _-]?token|secret(?: key)?|private key|kennwort|contraseña|"
        # the same codes in German, Spanish, Portuguese, French and Italian
        r"(?:bestätigungs|sicherheits|verifizierungs|zugangs|anmelde|einmal)code|einmalpasswort|"
        r"c[óo]digo (?:de )?(?:verificaci[óo]n|verifica[çc][ãa]o|seguridad|seguran[çc]a|acceso|acesso|"
        r"confirmaci[óo]n|confirma[çc][ãa]o)|code de (?:v[ée]rification|s[ée]curit[ée]|confirmation|connexion)|"
        r"codice (?:di )?(?:verifica|sicurezza|conferma|accesso)|confirmation code|"
        rf"mot de passe)(?![a-z])(?:{_separator})?\s*[\"'“‘]?{_value}",
        re.I,
    )
    # words that name a secret only with a separator after them, or (a PIN) digits: "pass
    # `x=True`" and "pin (to keep)" are verbs, "PW 88282" a postcode of Palau; "PIN: 4821",
    # "pw = hunter2!", "PIN 4821" are secrets
    _weak = re.compile(rf"\b(?:pass|pwd?|pin)(?![a-z]){_separator}\s*[\"'“‘]?{_value}", re.I)
    _weak_digits = re.compile(r"\bpin(?![a-z])\s+(?P<value>(?=\S{0,63}\d)[^\s\"'”’]{3,64}(?<![.,;!?]))", re.I)
    # a bare "code" with no word naming another kind before it ("Code: 847 293", "your code is
    # 4821"; not a zip, area, error, status or promo code), then a code's digits
    _code = re.compile(
        r"(?:(?<![\w-])(?<![\w-][ \t])|\b(?:my|your|the|this|our|his|her|their|der|dein|ihr|le|votre|ton)[ \t]+)"
        rf"code{_separator}\s*(?P<value>\d{{3}}[ -]?\d{{3}}|\d{{4,8}})(?!\d|[./-]\d)",
        re.I,
    )

    def detect(self, text: str, field: str = "") -> list[Finding]:
        found = [_finding(Category.DI, "credential", m, self.name, group="value") for m in self._rx.finditer(text)]
        for rx in (self._weak, self._weak_digits, self._code):
            found += [_finding(Category.DI, "credential", m, self.name, group="value") for m in rx.finditer(text)]
        return found
