"""Identifiers and codes: SSNs and national IDs (python-stdnum checksums), card, IBAN and
account numbers, IP addresses, passports, ICD-10 diagnosis codes and written-out credentials."""

from __future__ import annotations

import re

from stdnum import iban, luhn
from stdnum.us import ssn

from webminim.egress.decode import NUMBER_WORDS
from webminim.egress.detectors.base import LABEL_WINDOW, Finding, _finding
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
            if not (labelled_field or self._label.search(text, max(0, m.start() - LABEL_WINDOW), m.start())):
                continue
            if ssn.is_valid(re.sub(r"\D", "", m.group(0))):
                found.append(_finding(Category.DI, "ssn", m, self.name))
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
