"""E-mail addresses and phone numbers (phonenumbers, in windows of the text, for the US and
abroad)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

import phonenumbers
import phonenumbers.phonenumbermatcher

from webminim.contact_guard import address_spans
from webminim.egress.deadline import check as check_deadline
from webminim.egress.detectors.base import Finding, _finding
from webminim.egress.taxonomy import Category


class EmailDetector:
    name = "email"
    kinds = frozenset({"email"})
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


def _valid_somewhere(raw: str) -> bool:
    """Is `raw`, read as a national number, valid in one of the regions phones are read in?"""
    if _DATE_LIKE.fullmatch(raw.strip()):
        return False
    for region in _PHONE_REGIONS:
        check_deadline()
        try:
            if phonenumbers.is_valid_number(phonenumbers.parse(raw, region)):
                return True
        except phonenumbers.NumberParseException:
            continue
    return False


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


# words that say a phone number follows ("call me on", "Handy:", "teléfono", "फ़ोन"), in the
# languages the national IDs are read in and a few more: before one, a national number that
# does not start with its trunk prefix ("612 34 56 78", "98765 43210") is read as a number of
# any region (without one, any nine digits would be valid somewhere)
PHONE_CUE_WORDS = (
    "phone|telephone|tel|mobile|cell|cellphone|call|text me|whatsapp|signal|sms|fax|ring me|reach me"
    "|telefon|handy|rufnummer|mobilnummer|anrufen|ruf mich"
    "|teléfono|telefono|móvil|movil|celular|llámame|llamame|ligue|telemóvel"
    "|téléphone|portable|appelle|appelez"
    "|cellulare|chiamami"
    "|फ़ोन|फोन|मोबाइल|هاتف|جوال|موبايل"
)
# "my number is ...", in the same languages: the writer's own number, said to be one, the
# number right after it (only "is" or a colon between: "mi número de pedido es ..." is no phone)
_MY_NUMBER = (
    r"(?:my|mi|meu|mon|il mio|meine|mijn|mój|moj)\s+(?:number|no\.|número|numero|numéro|nummer|numer)"
    r"(?:\s+(?:is|es|é|est|è|ist|to|jest))?\s*[:=]?\s*"
)
# A number is looked for first, then its cue just before it: numbers are few, and a pattern
# that starts with a cue word is tried at every character of the text (~1.5x the detector)
_NATIONAL_NUMBER = re.compile(r"(?<![\d+])\d[\d \t().-]{6,16}\d(?![\d-])")
_CUE_BEFORE = re.compile(rf"(?i)(?:(?<!\w)(?:{PHONE_CUE_WORDS})(?!\w)[^\d\n]{{0,24}}|(?<!\w){_MY_NUMBER})(?=\d)")
_CUE_REACH = 160  # characters before a number in which its cue may start


def _cued_numbers(text: str) -> Iterator[re.Match[str]]:
    """Each number of 8-18 characters right after a phone word or "my number is"."""
    for m in _NATIONAL_NUMBER.finditer(text):
        start = m.start()  # the cue's reading ends at the number's first digit, which it may look at
        if any(cue.end() == start for cue in _CUE_BEFORE.finditer(text, max(0, start - _CUE_REACH), start + 1)):
            yield m


class PhoneDetector:
    """Phone numbers of any region: phonenumbers' PhoneNumberMatcher (leniency VALID).

    The matcher reads only the windows of the text a number can lie in, and in each region
    only the windows that hold enough digits for a number valid there (a national number
    abroad must start with its trunk or "00" prefix, or with "+"): the same matches as
    reading the whole text in every region, at a fraction of the parsing."""

    name = "phone"
    kinds = frozenset({"phone"})
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
        for m in _cued_numbers(text):  # "call me on 98765 43210": a national number, said to be one
            start, end = m.span()
            if not any(f.start < end and start < f.end for f in found) and _valid_somewhere(m.group(0)):
                found.append(Finding(Category.DI, "phone", start, end, m.group(0), self.name))
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
