"""National identifiers outside the US: each one's labels in the languages it is written in,
its written shape and its checksum (python-stdnum's where it has one), and the detector that reads
them (a value of a shape that its validator accepts, after a label, or anywhere when shape and
checksum alone say what it is)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any

from webminim.egress.deadline import check as check_deadline
from webminim.egress.detectors.base import LABEL_WINDOW, Finding, _finding
from webminim.egress.taxonomy import Category


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
    """National identifiers of European, Canadian, Australian, New Zealand, Latin American,
    Indian, South African, Korean, Turkish, Israeli, Thai, Malaysian and Chinese residents
    (python-stdnum's checksums)."""
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
            "no.fodselsnummer",  # Norway's birth number
            _label(r"f[øo]dselsnummer|personnummer"),
            re.compile(r"(?<![\d.,-])\d{6} ?\d{5}(?![\d,]|[.-]\d)"),
            _stdnum("no.fodselsnummer"),
        ),
        _NationalId(
            "at.vnr",  # Austria's social insurance number: serial, check digit, birth date
            _label(r"(?:sozial)?versicherungsnummer|svnr|sv-nummer|vsnr"),
            re.compile(r"(?<![\d.,-])\d{4} ?\d{6}(?![\d,]|[.-]\d)"),
            _stdnum("at.vnr"),
        ),
        _NationalId(
            "gr.amka",  # Greece's social security number
            _label(r"amka|αμκα|α\.μ\.κ\.α\.?"),
            re.compile(r"(?<![\d.,-])\d{11}(?![\d,]|[.-]\d)"),
            _stdnum("gr.amka"),
        ),
        _NationalId(
            "ro.cnp",  # Romania's personal numeric code
            _label(r"cnp|cod(?:ul)? numeric personal"),
            re.compile(r"(?<![\d.,-])[1-9]\d{12}(?![\d,]|[.-]\d)"),
            _stdnum("ro.cnp"),
        ),
        _NationalId(
            "bg.egn",  # Bulgaria's unified civil number
            _label(r"egn|егн|единен граждански номер"),
            re.compile(r"(?<![\d.,-])\d{10}(?![\d,]|[.-]\d)"),
            _stdnum("bg.egn"),
        ),
        _NationalId(
            "cz.rc",  # Czech and Slovak birth number
            _label(r"rodn[ée] [čc][íi]slo|r\.\s?[čc]\."),
            re.compile(r"(?<![\d.,/-])\d{6}/?\d{3,4}(?![\d,/]|[.-]\d)"),
            _stdnum("cz.rc"),
        ),
        _NationalId(
            "ee.ik",  # Estonia's personal code
            _label(r"isikukood"),
            re.compile(r"(?<![\d.,-])[1-6]\d{10}(?![\d,]|[.-]\d)"),
            _stdnum("ee.ik"),
        ),
        _NationalId(
            "lt.asmens",  # Lithuania's personal code
            _label(r"asmens kodas"),
            re.compile(r"(?<![\d.,-])[1-6]\d{10}(?![\d,]|[.-]\d)"),
            _stdnum("lt.asmens"),
        ),
        _NationalId(
            "hr.oib",  # Croatia's personal identification number
            _label(r"oib|osobni identifikacijski broj"),
            re.compile(r"(?<![\w.,-])(?:HR ?)?\d{11}(?![\d,]|[.-]\d)"),
            _stdnum("hr.oib"),
        ),
        _NationalId(
            "si.emso",  # Slovenia's unique master citizen number
            _label(r"em[šs]o"),
            re.compile(r"(?<![\d.,-])\d{13}(?![\d,]|[.-]\d)"),
            _stdnum("si.emso"),
        ),
        _NationalId(
            "is.kennitala",  # Iceland's identity code
            _label(r"kennitala|kt\."),
            re.compile(r"(?<![\d.,-])\d{6}-?\d{4}(?![\d,]|[.-]\d)"),
            _stdnum("is_.kennitala"),
        ),
        _NationalId(
            "pt.nif",  # Portugal's tax number (a person's starts 1-3)
            _label(r"nif|n[úu]mero de identifica[çc][ãa]o fiscal|contribuinte"),
            re.compile(r"(?<![\w.,-])(?:PT ?)?\d{3} ?\d{3} ?\d{3}(?![\d,]|[.-]\d)"),
            _stdnum("pt.nif"),
        ),
        _NationalId(
            "th.pin",  # Thailand's personal identification number
            _label(r"เลขประจำตัวประชาชน|thai (?:national )?id(?: card)?(?: number| no\.?)?"),
            re.compile(r"(?<![\d.,-])\d-?\d{4}-?\d{5}-?\d{2}-?\d(?![\d,]|[.-]\d)"),
            _stdnum("th.pin"),
        ),
        _NationalId(
            "my.nric",  # Malaysia's identity card number: birth date, place, serial
            _label(r"nric|mykad|i/?c (?:number|no\.?)"),
            re.compile(r"(?<![\d.,-])\d{6}-?\d{2}-?\d{4}(?![\d,]|[.-]\d)"),
            _stdnum("my.nric"),
        ),
        _NationalId(
            "nz.ird",  # New Zealand's IRD number
            _label(r"ird(?: number| no\.?)?"),
            re.compile(r"(?<![\w.,-])(?:NZ ?)?\d{2,3}-?\d{3}-?\d{3}(?![\d,]|[.-]\d)"),
            _stdnum("nz.ird"),
        ),
        _NationalId(
            "ec.ci",  # Ecuador's identity card number
            _label(r"c[ée]dula(?: de identidad)?"),
            re.compile(r"(?<![\d.,-])\d{9}-?\d(?![\d,]|[.-]\d)"),
            _stdnum("ec.ci"),
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
# the whole message; a lookbehind still sees the text before its region), and only where they
# hold as many digits as the shape needs (a year or a price wakes none of them).
_DIGIT_CLUSTER = re.compile(r"\d(?:\D{0,4}\d)*")
_REGION_MARGIN = 12


def _digit_regions(text: str) -> list[tuple[int, int, int]]:
    """(start, end, digits in it) around each cluster of digits, overlapping ones merged."""
    regions: list[tuple[int, int, int]] = []
    for m in _DIGIT_CLUSTER.finditer(text):
        start, end = max(0, m.start() - _REGION_MARGIN), min(len(text), m.end() + _REGION_MARGIN)
        digits = sum(c.isdigit() for c in m.group(0))
        if regions and start <= regions[-1][1]:
            regions[-1] = (regions[-1][0], end, regions[-1][2] + digits)
        else:
            regions.append((start, end, digits))
    return regions


def _fewest_digits(shape: re.Pattern[str]) -> int:
    """The fewest digits a match of `shape` holds, read off re's own parse of it (0, look for it
    everywhere, where the parse cannot be read): a region with fewer holds no such identifier."""
    try:
        from re import _constants as c
        from re import _parser
    except ImportError:  # another Python's re: no skipping
        return 0

    def fewest(items: Iterable[tuple[Any, Any]]) -> int:
        return sum(one(op, av) for op, av in items)

    def one(op: Any, av: Any) -> int:
        if op is c.LITERAL:
            return int(48 <= av <= 57)
        if op is c.IN:  # a digit for sure only when every member of the class is one
            return int(
                all(
                    (o is c.CATEGORY and a is c.CATEGORY_DIGIT)
                    or (o is c.RANGE and a[0] >= 48 and a[1] <= 57)
                    or (o is c.LITERAL and 48 <= a <= 57)
                    for o, a in av
                )
            )
        if op in (c.MAX_REPEAT, c.MIN_REPEAT):
            return av[0] * fewest(av[2])
        if op is c.SUBPATTERN:
            return fewest(av[-1])
        if op is c.BRANCH:
            return min(fewest(branch) for branch in av[1])
        return 0  # look-arounds, anchors, anything else: no digit counted

    try:
        return fewest(_parser.parse(shape.pattern, shape.flags))
    except Exception:  # noqa: BLE001 - an unreadable parse means no skipping, never a miss
        return 0


@cache
def _specs() -> tuple[tuple[_NationalId, int], ...]:
    return tuple((spec, _fewest_digits(spec.shape)) for spec in _national_ids())


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
        for spec, fewest in _specs():
            labelled_field = bool(field_words) and spec.label.search(field_words) is not None
            near = [(start, end) for start, end, digits in regions if digits >= fewest]
            for m in (m for start, end in near for m in spec.shape.finditer(text, start, end)):
                check_deadline()
                if any(f.start < m.end() and m.start() < f.end for f in found):
                    continue
                labelled = labelled_field or spec.label.search(text, max(0, m.start() - LABEL_WINDOW), m.start())
                if not (labelled or spec.unlabelled):
                    continue
                try:
                    ok = spec.valid(m.group(0))
                except Exception:  # noqa: BLE001 - a validator's hiccup on odd text is no identifier
                    ok = False
                if ok:
                    found.append(_finding(Category.DI, "national_id", m, self.name, hint=spec.name))
        return found
