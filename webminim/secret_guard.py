"""A deterministic safety net under the learned policy: secrets are never sent as text.

Whatever the scorer decides, a node the policy would keep is abstracted when its text —
or a decoded view of it (base64, URL/HTML encoding, homoglyphs, zero-width characters,
leetspeak, spaced digits), or its run together with neighbouring sibling text — holds a
secret: a verification code (cue words in a dozen languages), an inline or word-like
password ("pw: cinnamon"), a card or social-security number, an API token, a
password-like string, or an identifier (passport, national ID numbers validated with
python-stdnum, IP addresses, bank routing / account numbers, IBANs). The value then goes
to the vault like any other abstraction, so an agent can still type it where it belongs.
Text the task itself names is exempt (the user already disclosed it).

Structure counts as much as text: a value alone in its node ("999472") is a secret when
its label says so — a field's own name, the `<dt>` before its `<dd>`, its column or row
header, a named ancestor (`aria-labelledby`, a fieldset's legend) or the text just before
it in document order. A value written one character per node (six one-digit boxes, one
`<span>` per character) is joined back into one run before it is judged.

Every scan is linear in the text: no nested unbounded repetition; gaps between a cue word
and its value are bounded; the structural look-back visits a bounded window per node.
"""

from __future__ import annotations

import base64
import binascii
import html
import ipaddress
import re
from collections.abc import Callable, Iterator
from functools import cache
from urllib.parse import unquote

import ahocorasick
from stdnum import iban, luhn
from stdnum.br import cpf
from stdnum.ca import sin
from stdnum.cn import ric
from stdnum.de import idnr
from stdnum.es import dni, nie
from stdnum.fr import nir
from stdnum.in_ import aadhaar
from stdnum.it import codicefiscale
from stdnum.us import rtn

from extractors.tree import UINode, UITree
from webminim.egress.decode import decoded_segments, normalized_text, normalized_texts
from webminim.text_memo import per_text


def _words(*words: str) -> str:
    """An alternation of cue words: Latin words at word boundaries, other scripts anywhere."""
    latin = sorted((w for w in words if w.isascii() or w[0].isalpha() and ord(w[0]) < 0x250), key=len, reverse=True)
    other = sorted((w for w in words if w not in latin), key=len, reverse=True)
    parts = []
    if latin:
        parts.append(r"\b(?:" + "|".join(re.escape(w).replace(r"\ ", r"[\s-]?") for w in latin) + r")\b")
    if other:
        parts.append("(?:" + "|".join(re.escape(w).replace(r"\ ", r"\s?") for w in other) + ")")
    return "(?:" + "|".join(parts) + ")"


# -- cue words -------------------------------------------------------------------------------
# Written from how sites and SMS gateways commonly phrase these, per language. "code" and its
# cognates are matched as a word ending (German / Dutch / Nordic compounds: Bestätigungscode,
# verificatiecode, engångskod) unless a qualifier makes it a non-secret code.
# fmt: off
_CODE_ENDING = (
    r"\b(?!(?:bar|post|zip|qr|promo|uni|en|de|op|geo|short|gutschein|rabatt|aktions|rabat|gave|post|rabattkod)"
    r"(?:code|kode|kod)s?\b)"
    r"[a-zà-öø-ÿß]{0,24}?(?:code|kode|kod|kodu|codice|c[oó]digo)(?:s|n|en|er|i|u|ul)?\b"
)
# A qualifier before or after "code" that names an ordinary, non-secret code.
_NOT_SECRET_BEFORE = "".join(
    f"(?<!{re.escape(q)} )"
    for q in ("zip", "postal", "post", "area", "country", "promo", "coupon", "discount", "voucher", "product",
              "tracking", "source", "qr", "bar", "error", "status", "dial", "currency", "language", "airport",
              "color", "colour", "item", "style", "referral", "sort", "swift", "bank", "posta", "reference",
              "response", "exit", "dress", "tax", "zip/postal", "iso", "hs", "ean", "sku", "morse")
)
_NOT_SECRET_AFTER = r"(?![\s-]+(?:postal|postale|pocztowy|pos|de barras|barres|promo(?:cional)?|de réduction|rabatt)\b)"
_CODE_WORD_LIST = (
    # en
    "otp", "verification", "one-time", "one time", "passcode", "pass code", "2fa", "mfa", "two-factor",
    "2-step", "two-step", "pin",
    # fr / es / pt / it / ro
    "vérification", "usage unique", "verificación", "verificacion", "un solo uso", "verificação", "uso único",
    "verifica", "monouso", "verificare",
    # de / nl / nordic / pl / tr / id / vi
    "einmalpasswort", "einmal-passwort", "eenmalige", "engångs", "engangs", "weryfikacyjny", "jednorazowy",
    "jednorazowe", "doğrulama", "dogrulama", "tek kullanımlık", "verifikasi", "mã xác minh", "mã xác thực",
    "mã bảo mật", "mã kích hoạt",
    # ru / uk / el / ar / he / hi / th
    "код", "одноразов", "κωδικ", "رمز", "كود", "קוד", "कोड", "ओटीपी", "รหัส",
    # ja / zh / ko
    "コード", "認証番号", "確認番号", "暗証番号", "ワンタイム", "验证码", "驗證碼", "校验码", "校驗碼",
    "动态码", "動態碼", "确认码", "確認碼", "安全码", "安全碼", "认证码", "認證碼", "授权码", "授權碼",
    "인증번호", "인증 번호", "인증코드", "인증 코드", "확인 코드", "확인코드", "보안 코드", "보안코드", "일회용",
)
_CODE_WORDS = _words(*_CODE_WORD_LIST)
_CODE_CUE = rf"(?:{_NOT_SECRET_BEFORE}{_CODE_ENDING}{_NOT_SECRET_AFTER}|{_CODE_WORDS})"
_PASSWORD_WORDS = (
    "password", "passwd", "pwd", "pw", "passphrase", "passcode", "pass code", "kennwort", "passwort",
    "mot de passe", "mdp", "contraseña", "contrasena", "clave de acceso", "clave secreta", "senha", "palavra-passe",
    "wachtwoord", "hasło", "haslo", "lösenord", "losenord", "passord", "adgangskode", "kodeord", "şifre", "sifre",
    "parola d'ordine", "salasana",
    "heslo", "jelszó", "mật khẩu", "kata sandi", "пароль", "κωδικός πρόσβασης", "密码", "密碼", "口令",
    "パスワード", "暗証番号", "비밀번호", "암호", "كلمة المرور", "كلمة السر", "סיסמה", "סיסמא", "पासवर्ड",
    "รหัสผ่าน",
)
_PASSWORD_CUE = _words(*_PASSWORD_WORDS)
_TOKEN_WORDS = (
    "token", "api key", "apikey", "api-key", "secret key", "secret", "access key", "private key", "client secret",
    "bearer", "signing key", "webhook secret", "clé api", "clave api", "chave api", "schlüssel",
)
_TOKEN_CUE = _words(*_TOKEN_WORDS)
# Words that follow a password cue without being the password ("Password: Required").
_NOT_A_PASSWORD = frozenset({
    "required", "incorrect", "invalid", "wrong", "expired", "changed", "updated", "reset", "saved", "sent",
    "strength", "strong", "weak", "medium", "fair", "good", "hidden", "shown", "show", "hide", "visible",
    "optional", "mandatory", "needed", "missing", "empty", "protected", "manager", "policy", "rules",
    "requirements", "hint", "field", "confirmation", "confirm", "again", "below", "above", "here", "please",
    "matches", "match", "mismatch", "recovery", "reminder", "login", "change", "forgot", "forgotten", "help",
    "settings", "generator", "length", "characters", "chars", "letters", "digits", "symbols", "must", "should",
    "cannot", "never", "always", "none", "unchanged", "blank", "secure", "encrypted", "masked", "redacted",
    "verified", "accepted", "rejected", "okay", "correct", "valid", "compromised", "leaked", "breached",
    "enabled", "disabled", "active", "inactive", "locked", "unlocked", "pending", "emailed", "requested",
    "created", "generated", "set", "not", "unknown", "tips", "entered", "typed", "used", "expires", "case-sensitive",
    "expiring", "update", "edit", "copy", "copied", "reveal", "visibility", "toggle", "input", "textbox",
    "erforderlich", "obligatoire", "requerido", "requerida", "obrigatório", "obbligatorio", "vergessen",
    "oublié", "olvidada", "olvidé", "esqueceu", "dimenticata",
})
# fmt: on

# -- text patterns ---------------------------------------------------------------------------
# A digit code: 4-8 digits, or two groups of 3-4 ("483 920", "4839-2012"); not inside a longer
# number, a decimal, a date or a phone number. Boundaries are ASCII-only on purpose: CJK text
# puts the code right against a word ("验证码是483920").
_DIGITS = r"(?<![0-9A-Za-z.,/-])(?:\d{4,8}|\d{3,4}[ -]\d{3,4})(?![0-9A-Za-z]|[.,:/-]\d)"
_THREE_DIGITS = re.compile(r"\d{3}")  # in every match of _DIGITS, hence of _OTP and _OTP_BEFORE
_OTP = re.compile(rf"{_CODE_CUE}\D{{0,40}}(?<!ending in )(?<![•*] ){_DIGITS}", re.I)
# "483920 is your code", "483920は認証コードです": the code before its cue, within a clause.
_OTP_BEFORE = re.compile(rf"(?<!#)(?<!# )(?<!order )(?<!no\. ){_DIGITS}[^\d.!?。\n]{{0,24}}{_CODE_CUE}", re.I)
_INLINE_PASSWORD = re.compile(r"(?:password|passwd|pwd|passphrase)\s*(?:is|:|=)\s*(?P<v>\S{4,})", re.I)
# A word-like password after its cue: an explicit separator ("pw: cinnamon", "Passcode for the
# shared folder: tangerine", "your new password is: Maple-Tree", a card's "Wi-Fi password — kiwi")
# ...
_PW_VALUE = r"[\"'“‘«]?(?P<v>[^\s\"'“”‘’«»,;!?()\[\]](?:[^\s\"'“”‘’«»,;()\[\]]{2,62}[^\s\"'“”‘’«»,;!?()\[\]])?)"
_WORD_PASSWORD = re.compile(
    rf"{_PASSWORD_CUE}[^\n.?!:：=]{{0,40}}?"
    r"(?:\s*(?:[:：=]>?|->|→|[·•|–—](?=\s))|\s(?:is|was|est|ist|es|lautet|é|è|är|er|jest|это|(?:reset|set|changed|updated)\sto)\b"
    r"\s*[:：]?|\s?(?:は|是|为|為)\s*[:：]?)\s*" + _PW_VALUE,
    re.I,
)
# ... or only a space, when the value is plainly not a word ("Temporary password sunflower25")
# or a qualifier says a password is being handed over ("Temporary password sunflower").
_BARE_PASSWORD = re.compile(
    rf"(?P<q>\b(?:temporary|temp|new|initial|default|one-time|generated|guest|wi-?fi|shared)\s+)?{_PASSWORD_CUE}\s+"
    + _PW_VALUE,
    re.I,
)
_PASSWORD_TAIL = re.compile(r"[\"'”’»]?(?:$|[.,;!?)\]]|\s*\n|\s+[(\-–—|·•])")
_ALNUM_CODE_AFTER_CUE = re.compile(
    rf"{_CODE_CUE}[^\n:：]{{0,30}}[:：]\s*(?P<v>[A-Za-z0-9]{{2,10}}(?:-[A-Za-z0-9]{{2,10}}){{0,4}})(?![\w-])", re.I
)
_TOKEN_AFTER_CUE = re.compile(
    rf"{_TOKEN_CUE}(?:[^\n:：=]{{0,20}}[:：=]|\s)\s*(?P<v>[A-Za-z0-9_\-./+=]{{12,256}})", re.I
)
_PASSWORD_LIKE = re.compile(r"(?<!\S)(?=\S*[A-Za-z])(?=\S*\d)(?=\S*[^\w\s•])\S{8,}(?!\S)")
# maximal runs only, letters and digits checked after: lookaheads from every word boundary
# inside a long "1-1-1-…" run would rescan it from each (quadratic)
_TOKEN = re.compile(r"(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{24,}(?![A-Za-z0-9_-])")
_CARD = re.compile(r"(?<!\d)(?:\d[ -]?){12,18}\d(?!\d)")
_SSN = re.compile(r"(?<!\d)\d{3}-\d{2}-\d{4}(?!\d)")
_PLACEHOLDER = re.compile(r"\[[A-Z]+_\d+\]")  # already withheld: never a secret itself
_EMAIL = re.compile(r"[^@\s]{1,64}@[^@\s]{1,255}\.[A-Za-z]{2,}")
_URLISH = re.compile(r"https?://|www\.", re.I)

# -- identifiers -----------------------------------------------------------------------------
# fmt: off
_PASSPORT_WORDS = (
    "passport", "passeport", "pasaporte", "passaporte", "passaporto", "reisepass", "paspoort", "paszport", "pasaport",
    "reisepassnummer", "passnummer", "travel document", "паспорт", "护照", "護照", "パスポート", "여권", "جواز السفر",
)
_PASSPORT = re.compile(
    _words(*_PASSPORT_WORDS)
    + r"[^\n]{0,30}?(?<![A-Za-z0-9])(?P<v>(?=(?:[A-Za-z]{0,3}\d){4})[A-Za-z0-9]{6,10})(?![A-Za-z0-9])",
    re.I,
)
_ID_WORD_LIST = (
    "social security", "social insurance", "assurance sociale", "national insurance", "ni number", "national id",
    "national identity", "identity number", "identity card", "id card", "personal id", "personnummer",
    "personal number", "henkilötunnus", "aadhaar", "aadhar", "sécurité sociale", "securite sociale",
    "codice fiscale", "steuer-id", "steuerid", "steuer-idnr", "identifikationsnummer", "steueridentifikationsnummer",
    "steuernummer", "tax id", "tax number", "taxpayer", "burgerservicenummer", "nhs number",
    "sozialversicherungsnummer", "身份证", "身分證", "マイナンバー", "주민등록번호", "снилс", "инн",
)
# Acronyms only in capitals: as words they are "without" (es), "no" and "days" (pl).
_ID_ACRONYM_LIST = ("SSN", "SIN", "NAS", "NINO", "NIR", "DNI", "NIE", "NIF", "CPF", "TIN", "BSN", "PESEL", "CURP")
_ROUTING_WORDS = ("routing", "transit number", "numéro de transit", "aba")  # and "RTN", in capitals
_ACCOUNT_NAMES = (  # after "account" / "acct" (then a number sign or "number") and "a/c"
    "kontonummer", "numéro de compte", "número de cuenta", "numero di conto", "numer konta", "rekeningnummer",
    "número da conta",
)
# fmt: on
_ID_CUE = rf"(?:(?i:{_words(*_ID_WORD_LIST)})|\b(?:" + "|".join(_ID_ACRONYM_LIST) + r")\b)"
_ID_AFTER_CUE = re.compile(rf"{_ID_CUE}[^\d\n]{{0,30}}(?P<v>[A-Z]{{0,3}}\d[\d .\-/]{{4,22}}\d[A-Z]?)(?![\dA-Za-z])")
_ROUTING = re.compile(
    "(?:(?i:" + "|".join(rf"\b{re.escape(w)}\b" for w in _ROUTING_WORDS) + r")|\bRTN\b)"  # 9 digits, checksummed
    r"[^\d\n]{0,24}(?<![\d•*])(?P<v>\d{9})(?!\d)"
)
_ACCOUNT = re.compile(
    r"(?:\b(?:account|acct)\b\.?\s*(?:(?:number|num|no\.?|nr\.?|#)\s*[:#]?|[:#])|\ba/c\b|"
    + "|".join(map(re.escape, _ACCOUNT_NAMES))
    + r")[^\d\n]{0,16}(?<!ending in )(?<![•*] )(?P<v>\d[\d -]{4,20}\d)(?!\d)",
    re.I,
)
# Every match of the four cue patterns above holds a piece of one of these (as `_may_hold` reads them)
_IDENTIFIER_CUES = (
    *_PASSPORT_WORDS,
    *_ID_WORD_LIST,
    *_ID_ACRONYM_LIST,
    *_ROUTING_WORDS,
    "RTN",
    "account",
    "acct",
    "a/c",
    *_ACCOUNT_NAMES,
)
_DATE_LIKE = re.compile(r"\d{4}-\d{2}-\d{2}|\d{2}-\d{2}-\d{4}")
_FORMATTED_IDS: tuple[tuple[re.Pattern[str], Callable[[str], bool]], ...] = (
    # UK National Insurance number: prefix letters by HMRC's published rules, suffix A-D
    (
        re.compile(r"(?<![A-Za-z0-9])[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z] ?\d{2} ?\d{2} ?\d{2} ?[A-D](?![A-Za-z0-9])"),
        lambda v: v[:2] not in {"BG", "GB", "KN", "NK", "NT", "TN", "ZZ"},
    ),
    (re.compile(r"(?<![A-Za-z0-9])\d{8}-?[A-Z](?![A-Za-z0-9])"), dni.is_valid),  # Spanish DNI
    (re.compile(r"(?<![A-Za-z0-9])[XYZ]-?\d{7}-?[A-Z](?![A-Za-z0-9])"), nie.is_valid),  # Spanish NIE
    (re.compile(r"(?<![\dA-Za-z])[12] ?\d{2} ?\d{2} ?(?:\d{2}|2A|2B) ?\d{3} ?\d{3} ?\d{2}(?!\d)"), nir.is_valid),
    (
        re.compile(r"(?<![A-Za-z0-9])[A-Z]{6}\d{2}[A-EHLMPR-T]\d{2}[A-Z]\d{3}[A-Z](?![A-Za-z0-9])"),
        codicefiscale.is_valid,
    ),
    (re.compile(r"(?<![\d.])\d{3}\.\d{3}\.\d{3}-\d{2}(?!\d)"), cpf.is_valid),  # Brazilian CPF
    (re.compile(r"(?<![\d-])\d{3}[ -]\d{3}[ -]\d{3}(?![\d-])"), sin.is_valid),  # Canadian SIN, as printed
    (re.compile(r"(?<![\d-])[2-9]\d{3}[ -]\d{4}[ -]\d{4}(?![\d-])"), aadhaar.is_valid),  # Aadhaar, as printed
    (re.compile(r"(?<!\d)\d{2} \d{3} \d{3} \d{3}(?!\d)"), idnr.is_valid),  # German tax ID, as printed
    (re.compile(r"(?<![\dA-Za-z])\d{17}[\dX](?![\dA-Za-z])"), ric.is_valid),  # Chinese resident ID
    (
        re.compile(r"(?<![A-Za-z0-9])[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?(?![A-Za-z0-9])"),
        iban.is_valid,
    ),
)
_IPV4 = re.compile(r"(?<![\w.])(?:\d{1,3}\.){3}\d{1,3}(?![\w]|\.\d)")
_IPV6 = re.compile(r"(?<![\w:.])[0-9A-Fa-f:]{3,39}(?![\w:])")


def _variants(text: str) -> Iterator[tuple[str, bool]]:
    """(view of the text, whether its characters are still the page's own)."""
    yield text, True
    plain, leet = normalized_texts(text)
    if plain is not None:
        yield plain, True
    if leet is not None:
        yield leet, False  # "$1,299.00" reads as "sl,2gg.oo": only phrase patterns apply
    long_tokens = _LONG_TOKEN.findall(text)
    for _, _, decoded in decoded_segments(_LONG_TOKEN.sub(_chunked, text) if long_tokens else text):
        yield decoded, True
    for token in long_tokens:  # decoded whole here, in linear time (see _chunked)
        yield from ((decoded, True) for decoded in _decoded_whole(token))


_LONG_TOKEN = re.compile(r"\S{257,}")
_CHUNK = 64
_BASE64_TOKEN = re.compile(r"[A-Za-z0-9+/]+={0,2}")


def _chunked(match: re.Match[str]) -> str:
    """A very long unbroken token, cut into chunks for the general decoders: their scans are
    quadratic in the length of a token, and a page can hold a 100,000-character one. The
    whole token is decoded by `_decoded_whole` instead."""
    token = match.group(0)
    return " ".join(token[k : k + _CHUNK] for k in range(0, len(token), _CHUNK))


def _decoded_whole(token: str) -> Iterator[str]:
    """A long token decoded as one base64, URL-encoded or HTML-escaped string."""
    if _BASE64_TOKEN.fullmatch(token):
        try:
            decoded = base64.b64decode(token + "=" * (-len(token) % 4), validate=True).decode("utf-8")
        except (binascii.Error, UnicodeDecodeError, ValueError):
            decoded = ""
        if decoded.isprintable() and any(c.isalpha() for c in decoded):
            yield decoded
    if "%" in token:
        yield unquote(token.replace("+", " "))
    if "&" in token and ";" in token:
        yield html.unescape(token)


_ANY_DIGIT = re.compile(r"\d")


@per_text  # asked of every node's text at every step
def holds_code(text: str) -> bool:
    """True when `text` holds a verification code, in any of the languages we have cue words
    for ("Your code is 847293", "Ihr Bestätigungscode lautet 483920", "验证码：483920")."""
    if text.isascii() and not _ANY_DIGIT.search(text):
        return False  # most page text: no digit, and nothing a normalization could turn into one
    views = [text]
    plain = normalized_text(text)  # full-width digits, zero-width marks, "4 8 3 9 2 0"
    if plain is not None:
        views.append(plain)
    return any(_otp_in(v) for v in views)


def _otp_in(text: str, folded: str | None = None) -> bool:
    """A code after or before its cue. Every code has three digits in a row: most page text
    has none, and the cue-word alternation is the costly part of a page's scan, so a text in
    which no cue can be (`_may_hold`) is not scanned for one. `folded`: `_folded(text)`, if
    the caller has it."""
    return (
        _THREE_DIGITS.search(text) is not None
        and _may_hold(_CODE_PIECES, _folded(text) if folded is None else folded)
        and bool(_OTP.search(text) or _OTP_BEFORE.search(text))
    )


# Each cue alternation (_CODE_CUE, _PASSWORD_CUE, _TOKEN_CUE) is costly to scan for; every
# match of one holds a piece of one of its words, case-folded (a word's longest ASCII piece:
# a space in one may be a hyphen or nothing), and a code-word ending holds "cod", "kod" or
# "cód". One Aho-Corasick pass over the folded text finds whether any piece is there; the
# regexes match case-insensitively, where "ı", "İ" and "i" are one letter: the text is folded
# the same way.
_CODE_PIECES = (*_CODE_WORD_LIST, "cod", "kod", "cód")
_FOLD = {0x131: "i", 0x307: None}  # dotless i; the dot "İ" folds to ("i" + U+0307)


def _folded(text: str) -> str:
    return text.casefold().translate(_FOLD)


@cache
def _automaton(words: tuple[str, ...]) -> ahocorasick.Automaton:
    automaton = ahocorasick.Automaton()
    for word in words:
        pieces = [p for p in _folded(word).split() if p]
        piece = max(pieces, key=lambda p: (p.isascii(), len(p)))
        automaton.add_word(piece, piece)
    automaton.make_automaton()
    return automaton


def _may_hold(words: tuple[str, ...], folded: str) -> bool:
    """False only when no cue of `words` can match in the text `folded` (`_folded`) is of."""
    return next(_automaton(words).iter(folded), None) is not None


def secret_in(text: str, *, named: str = "") -> bool:
    """True when `text`, or a decoded view of it, holds a secret.

    `named`: the task, lower-cased; a password, code after its cue, token or identifier whose
    value it names is not a secret (the user disclosed it)."""
    return _secret_in(text, named)


@per_text
def _secret_in(text: str, named: str) -> bool:
    return any(True for _ in _detections(text, named))


def _detections(text: str, named: str = "", *, inline: bool = True) -> Iterator[str]:
    """The detectors that fire on `text` (lazily: the first answer is usually enough)."""
    read: set[str] = set()  # views already read by every detector: the same view again adds nothing
    for variant, literal in _variants(text):
        if variant in read:
            continue  # "Quantity 7 1 1" joins to the same text with and without leetspeak
        if literal:
            read.add(variant)
        folded = _folded(variant)
        if _otp_in(variant, folded):
            yield "otp"
        password_cue = _may_hold(_PASSWORD_WORDS, folded)  # _INLINE_PASSWORD's cues are among them
        if inline and password_cue and _inline_password(variant):
            yield "password"
        if password_cue and _word_password(variant, named):
            yield "password"
        if not literal:
            continue
        # every pattern from here to the identifiers matches a digit (\d or [0-9]), and most
        # page text has none
        if _ANY_DIGIT.search(variant):
            yield from _digit_detections(variant, folded, named)
        kind = _identifier(variant, named, folded)
        if kind:
            yield kind


def _digit_detections(variant: str, folded: str, named: str) -> Iterator[str]:
    """`_detections`' patterns that need a digit: SSN, token, code after its cue, password-like
    token, card."""
    if _SSN.search(variant):  # shaped like an SSN is enough: fail closed
        yield "ssn"
    if any(_mixed(m.group(0)) for m in _TOKEN.finditer(variant)) and not _URLISH.search(variant):
        yield "token"
    if (_may_hold(_TOKEN_WORDS, folded) and _after_cue(_TOKEN_AFTER_CUE, variant, named, _mixed)) or (
        _may_hold(_CODE_PIECES, folded)
        and _after_cue(_ALNUM_CODE_AFTER_CUE, variant, named, lambda v: _mixed(v) and len(v) >= 6)
    ):
        yield "code"
    # a token that matches once stripped matches in place too (its run is longer and holds the
    # same letter, digit and mark): one scan of the text before the per-token look
    if _PASSWORD_LIKE.search(variant) and any(
        _PASSWORD_LIKE.fullmatch(token.strip(".,;:!?)("))
        for token in variant.split()
        if not _EMAIL.fullmatch(token.strip(".,;:!?)(")) and not _URLISH.search(token)
    ):
        yield "password"
    for match in _CARD.finditer(variant):
        digits = re.sub(r"\D", "", match.group(0))
        if 13 <= len(digits) <= 19 and luhn.is_valid(digits):
            yield "card"


def _mixed(value: str) -> bool:
    return any(c.isdigit() for c in value) and any(c.isalpha() for c in value)


def _is_named(value: str, named: str) -> bool:
    return bool(named) and len(value) >= 4 and value.lower() in named


def _after_cue(pattern: re.Pattern[str], text: str, named: str, accept: Callable[[str], bool]) -> bool:
    return any(accept(m.group("v")) and not _is_named(m.group("v"), named) for m in pattern.finditer(text))


def _word_password(text: str, named: str = "") -> bool:
    """A password written as a word after its cue ("pw: cinnamon")."""
    for pattern, bare in ((_WORD_PASSWORD, False), (_BARE_PASSWORD, True)):
        for m in pattern.finditer(text):
            value = m.group("v").rstrip(".:")  # the tail is read after the value, not its full stop
            if len(value) < 4 or not _PASSWORD_TAIL.match(text, m.start("v") + len(value)) or _is_named(value, named):
                continue
            if not _password_word(value):
                continue
            plain_word = value.isalpha()
            if bare and plain_word and not m.group("q"):
                continue  # "password reset": a bare word after the cue is a word, unless "new password sunflower"
            return True
    return False


def _inline_password(text: str) -> bool:
    """ "password is Hunter2!x", "pwd=…": not "Password is required", not "Password: Last changed"."""
    for m in _INLINE_PASSWORD.finditer(text):
        value = m.group("v")
        if not _password_word(value):
            continue
        if not value.strip(".,;:!?").isalpha() or _PASSWORD_TAIL.match(text, m.end()):
            return True
    return False


def _password_word(value: str) -> bool:
    """Could `value` be a password given a cue says so? Not a UI word, not a mask, not a URL."""
    low = value.lower().strip(".,;:!?")
    if len(low) < 4 or low in _NOT_A_PASSWORD or set(low) <= {"•", "*", "●", "·", "x"}:
        return False
    return not (_EMAIL.fullmatch(value) or _URLISH.search(value))


def _identifier(text: str, named: str = "", folded: str | None = None) -> str:
    """The kind of identifier `text` holds ("id", "passport", "ip", "bank"), or "". `folded`:
    `_folded(text)`, if the caller has it."""
    digits = sum(map(str.isdigit, text))  # str.isdigit per character, without a generator
    if digits < 4 and text.count(":") < 2:
        return ""  # every identifier has four digits or more, but an IPv6 address ("fe80::1")
    cued = _may_hold(_IDENTIFIER_CUES, _folded(text) if folded is None else folded)
    for m in _PASSPORT.finditer(text) if cued else ():
        if not _is_named(m.group("v"), named):
            return "passport"
    for m in _ID_AFTER_CUE.finditer(text) if cued else ():
        value = m.group("v")
        if sum(c.isdigit() for c in value) >= 6 and not _DATE_LIKE.fullmatch(value) and not _is_named(value, named):
            return "id"
    if digits >= 6:
        for pattern, valid in _FORMATTED_IDS:
            for m in pattern.finditer(text):
                if not _is_named(m.group(0), named) and _valid(valid, m.group(0)):
                    return "id"
    for m in _ROUTING.finditer(text) if cued else ():
        if rtn.is_valid(m.group("v")) and not _is_named(m.group("v"), named):
            return "bank"
    for m in _ACCOUNT.finditer(text) if cued else ():
        value = m.group("v").strip()
        if 6 <= sum(c.isdigit() for c in value) <= 17 and not _DATE_LIKE.search(value) and not _is_named(value, named):
            return "bank"
    if "." in text:
        for m in _IPV4.finditer(text):
            if _ip(m.group(0)) and not _is_named(m.group(0), named):
                return "ip"
    if text.count(":") >= 2:
        for m in _IPV6.finditer(text):
            value = m.group(0)
            hex_digits = sum(c != ":" for c in value)
            if value.count(":") >= 2 and hex_digits >= 2 and _ip(value) and not _is_named(value, named):
                return "ip"
    return ""


def _valid(check: Callable[[str], bool], value: str) -> bool:
    try:
        return bool(check(value))
    except Exception:  # a validator's own parsing error is a "no", never a crash
        return False


def _ip(value: str) -> bool:
    try:
        address = ipaddress.ip_address(value)
    except ValueError:
        return False
    return not address.is_unspecified


# -- structure -------------------------------------------------------------------------------
_CELL_ROLES = frozenset({"cell", "gridcell"})
_HEADER_ROLES = frozenset({"columnheader", "rowheader"})
_TABLE_CELL_ROLES = _CELL_ROLES | _HEADER_ROLES
_TABLE_ROLES = frozenset({"table", "grid", "treegrid"})
_TERM_ROLES = frozenset({"term", "DescriptionListTerm"})
_DETAIL_ROLES = frozenset({"definition", "DescriptionListDetail", "DescriptionListDetails"})
_FIELD_ROLES = frozenset({"textbox", "searchbox", "combobox", "spinbutton"})
_TEXT_ROLES = frozenset({"StaticText", "text"})
# Named ancestors whose name labels what they hold (aria-labelledby, a fieldset's legend, a
# dialog's title) — not page-level containers or tables, whose name is the page's or a caption.
_UNLABELLING_ROLES = frozenset(
    {"RootWebArea", "WebArea", "document", "main", "navigation", "banner", "contentinfo", "complementary",
     "application", "Iframe", "iframe", "table", "grid", "treegrid", "row", "rowgroup", "list", "feed", "tree"}
)  # fmt: skip
_EMPHASIS_ROLES = frozenset({"code", "heading", "strong", "emphasis", "mark", "time", "Pre", "blockquote"})
_LOOK_BACK = 48  # nodes visited backwards from a value for its label
_LABEL_TEXTS = 2  # texts taken as its label (3 for a value set apart in <code> or a heading)
_LABEL_CHARS = 160
_CLIMB = 4  # ancestor levels a value's own label may sit on (a field's inner text, a cell)
_RUN_GAP = 12  # document positions between two pieces of one split value
_SEPARATOR_PIECE = frozenset({"-", "–", "·", "/"})
_DIGIT_CODE = re.compile(r"\d(?:[ -]?\d){3,9}")
_ALNUM_CODE = re.compile(r"[A-Za-z0-9]{2,10}(?:-[A-Za-z0-9]{2,10}){0,4}|[A-Z0-9]{2,8}(?: [A-Z0-9]{2,8}){1,4}")
_TOKEN_VALUE = re.compile(r"[A-Za-z0-9_\-./+=:]{12,256}")
_CODE_LABEL = re.compile(_CODE_CUE, re.I)
_PASSWORD_LABEL = re.compile(_PASSWORD_CUE, re.I)
# The label ends with its password cue ("Temporary password", "Wi-Fi password:") or with a
# colon ("Passcode for the shared folder:"): "Password manager" labels no password.
_PASSWORD_LABEL_END = re.compile(rf"{_PASSWORD_CUE}[\s:：*]{{0,3}}$|[:：]\s*$", re.I)
_TOKEN_LABEL = re.compile(_TOKEN_CUE, re.I)
_MAX_VALUE = 64  # longer text is content, not one value set apart


@per_text
def _code_shaped(value: str) -> bool:
    """Written like a code: 4-10 digits ("483 920"), or letter-digit groups ("k3jd-92mf")."""
    if _DIGIT_CODE.fullmatch(value):
        return True
    return (
        bool(_ALNUM_CODE.fullmatch(value)) and any(c.isdigit() for c in value) and sum(c.isalnum() for c in value) >= 4
    )


@per_text
def _piece(text: str) -> bool:
    """One piece of a value split over nodes: 1-4 digits, 1-2 characters, or a short
    letter-digit group ("K3J9") — not a word ("Qty", "Size"), which is page text."""
    if not text.isascii() or not text.isalnum():
        return False
    return (text.isdigit() and len(text) <= 4) or len(text) <= 2 or (len(text) <= 4 and _mixed(text))


def _labelled_secret(label: list[str], value: str, named: str) -> str:
    """The kind of secret `value` is under `label` (texts nearest first), or "": the label's
    cue words decide; for identifiers, whose cues are many, the detectors run on the pair."""
    if not label or _is_named(value, named):
        return ""
    text = " · ".join(reversed(label))  # in reading order, the nearest text last
    if _code_shaped(value) and _CODE_LABEL.search(text):
        return "OTP"
    nearest = label[0]
    if (
        _PASSWORD_LABEL.search(nearest)
        and _PASSWORD_LABEL_END.search(nearest)
        and (_code_shaped(value) or (" " not in value and _password_word(value)))
        and not _PASSWORD_LABEL.search(value)  # the label itself, repeated ("Password" field)
    ):
        return "PASSWORD"
    if _TOKEN_LABEL.search(text) and _TOKEN_VALUE.fullmatch(value) and _mixed(value):
        return "TOKEN"
    if any(c.isdigit() for c in value):
        # a label text that is itself an identifier (the IP address of the row before) is
        # another value on the page, not part of this one's label
        text = " · ".join(reversed([t for t in label if not _identifier(t, named)]))
        if text and _identifier(f"{text}: {value}", named) and not _identifier(text, named):
            return "ID"
    return ""


class _Page:
    """Parent indices and label look-ups over one tree's nodes (document pre-order)."""

    def __init__(self, tree: UITree) -> None:
        self.nodes = tree.nodes
        self.index = tree.positions
        self.parent = tree.parents

    def ancestors(self, i: int, limit: int) -> list[int]:
        out, j = [], self.parent[i]
        while j >= 0 and len(out) < limit:
            out.append(j)
            j = self.parent[j]
        return out

    def children(self, i: int) -> list[int]:
        return [self.index[c] for c in self.nodes[i].children if c in self.index]

    def is_field(self, i: int) -> bool:
        node = self.nodes[i]
        return node.role in _FIELD_ROLES or (node.interactive and "editable" in node.properties)

    def is_control(self, i: int) -> bool:
        """A button, link, tab ...: its text names it, it is not a value set apart."""
        node = self.nodes[i]
        return node.interactive and not self.is_field(i) and node.role not in _CELL_ROLES

    def in_control(self, i: int) -> bool:
        return self.is_control(i) or any(self.is_control(j) for j in self.ancestors(i, 2))

    def label(self, i: int, value: str) -> list[str]:
        """The texts that label the value `value` shown by node `i`, nearest first."""
        nodes, parts = self.nodes, []
        node = nodes[i]
        if node.value and node.name.strip() and value not in node.name:
            parts.append(node.name.strip())  # a field's own accessible name
        for j in [i, *self.ancestors(i, _CLIMB)]:
            holder = nodes[j]
            if holder.role in _CELL_ROLES:  # its headers; a table without any: what precedes it
                return parts + (self._headers(j) or self._before(i, _LABEL_TEXTS))
            if holder.role in _DETAIL_ROLES:
                return parts + self._term(j)
            name = holder.name.strip()
            if j != i and name and value not in holder.name:
                if holder.role not in _UNLABELLING_ROLES:
                    parts.append(name)  # aria-labelledby, a legend, a dialog's title
                break
        emphasis = any(nodes[j].role in _EMPHASIS_ROLES for j in [i, *self.ancestors(i, 2)])
        return parts + self._before(i, _LABEL_TEXTS + emphasis)

    def _before(self, i: int, texts: int) -> list[str]:
        """Up to `texts` texts before node `i` in document order, nearest first. Stops at a
        field (a label before it is the field's) and after a control's text; looks past
        sibling values written like codes (a list of backup codes under one heading)."""
        nodes, found, chars = self.nodes, [], 0
        skip = set(self.ancestors(i, _LOOK_BACK))
        j, steps, values = i - 1, 0, 0
        while j >= 0 and steps < _LOOK_BACK and len(found) < texts and chars < _LABEL_CHARS:
            steps += 1
            node = nodes[j]
            if j in skip or ("editable" in node.properties and not node.interactive):
                j -= 1
                continue  # the value's own containers; a field's inner text
            if self.is_field(j) or self.is_control(j):
                break
            text = node.name.strip() if node.role in _TEXT_ROLES else ""
            if text and self.in_control(j):
                break  # a link's or button's text ("Forgot password?") names that control
            if text:
                if _code_shaped(text) and values < 16 and not _CODE_LABEL.search(text):  # "2FA CODE" labels
                    values += 1
                else:
                    found.append(text)
                    chars += len(text)
            j -= 1
        return found

    def _headers(self, cell: int) -> list[str]:
        """The cell's column header (same position in the table's header row) first — it is
        the cell's label — then its row header or the cell before it ("Recovery code | 48213"
        in a table without <th>)."""
        nodes, out = self.nodes, []
        row = self.parent[cell]
        if row < 0:
            return out
        cells = [c for c in self.children(row) if nodes[c].role in _TABLE_CELL_ROLES]
        if cell not in cells:
            return out
        position = cells.index(cell)
        table = next((a for a in self.ancestors(row, 3) if nodes[a].role in _TABLE_ROLES), -1)
        if table >= 0:
            for r in self._rows(table):
                heads = [c for c in self.children(r) if nodes[c].role in _TABLE_CELL_ROLES]
                if heads and all(nodes[c].role == "columnheader" for c in heads):
                    if position < len(heads) and r != row:
                        out.append(nodes[heads[position]].name)
                    break
        if position > 0 and nodes[cells[position - 1]].role in _CELL_ROLES | {"rowheader"}:
            out.append(nodes[cells[position - 1]].name)
        return [t.strip() for t in out if t.strip()]

    def _rows(self, table: int) -> Iterator[int]:
        """The table's first rows, also inside row groups (a header row comes first)."""
        for k in self.children(table)[:16]:
            if self.nodes[k].role == "row":
                yield k
            elif self.nodes[k].role == "rowgroup":
                yield from (g for g in self.children(k)[:4] if self.nodes[g].role == "row")

    def _term(self, detail: int) -> list[str]:
        """The `<dt>` before a `<dd>`: the nearest previous sibling term's text."""
        parent = self.parent[detail]
        siblings = self.children(parent) if parent >= 0 else []
        before = siblings[: siblings.index(detail)] if detail in siblings else []
        for s in reversed(before[-8:]):
            if self.nodes[s].role in _TERM_ROLES:
                text = self.nodes[s].name.strip() or " ".join(self._texts_in(s))
                return [text] if text else []
        return []

    def _texts_in(self, i: int) -> list[str]:
        """The texts inside node `i` (a term whose name the extractor left empty), bounded."""
        out, j, depth = [], i + 1, self.nodes[i].depth
        while j < len(self.nodes) and self.nodes[j].depth > depth and len(out) < 8:
            if self.nodes[j].role in _TEXT_ROLES and self.nodes[j].name.strip():
                out.append(self.nodes[j].name.strip())
            j += 1
        return out


def _value_of(node: UINode, sent: str) -> str:
    """The value a node shows: a field's value, else its sent text with placeholders cut out."""
    if node.value:
        return node.value.strip()
    return _shown_value(sent)


# The structural scans read every node's text on every step; a page's text repeats from step
# to step, so these pure functions of one text are remembered (webminim.text_memo).
@per_text
def _shown_value(sent: str) -> str:
    return " ".join(_PLACEHOLDER.sub(" ", sent).replace("…", " ").split())


@per_text
def _unplaced(text: str) -> str:
    return _PLACEHOLDER.sub(" ", text).strip()


@per_text
def _code_candidate(value: str) -> bool:
    """A candidate written like a code: what the label-only scan (`labelled_codes`) looks at."""
    return _candidate(value) and _code_shaped(value)


@per_text
def _candidate(value: str) -> bool:
    """Short enough to be one value set apart, and of a shape some secret has."""
    if not 4 <= len(value) <= _MAX_VALUE or len(value.split()) > 4:
        return False
    return " " not in value or any(map(str.isdigit, value))


def _structural(
    page: _Page, kept: list[int], texts: dict[int, str], task: str, skip: set[int], *, codes_only: bool = False
) -> dict[int, str]:
    """Kept values whose label says they are secret, alone in their node or split over nodes:
    node index -> the kind of secret ("OTP", "PASSWORD", "TOKEN", "ID")."""
    nodes, flagged = page.nodes, {}
    for i in kept:
        if i in skip:
            continue
        node = nodes[i]  # the shape first: the cheapest test, and most text fails it
        value = node.value.strip() if node.value else _shown_value(texts[i])  # _value_of, inline: every node
        if not (_code_candidate(value) if codes_only else _candidate(value)) or value.lower() in task:
            continue
        if page.in_control(i) or (page.is_field(i) and not nodes[i].value):
            continue  # a control's text names it; an empty field's name is its label
        kind = _labelled_secret(page.label(i, value), value, task)
        if kind:
            flagged[i] = kind
    for run in _runs(page, kept, texts):
        joined = "".join(piece for _, piece in run if piece not in _SEPARATOR_PIECE)
        if not 4 <= len(joined) <= 16 or joined.lower() in task:
            continue
        first = run[0][0][0]
        # a field's own name ("Digit 1"), not a text node's name, which is the piece itself
        own = [name for members, piece in run if (name := nodes[members[0]].name.strip()) and name != piece]
        kind = _labelled_secret(own[:1] + page.label(first, joined), joined, task)
        if kind:
            flagged.update((m, kind) for members, _ in run for m in members)
    return flagged


def _runs(page: _Page, kept: list[int], texts: dict[int, str]) -> Iterator[list[tuple[list[int], str]]]:
    """Runs of short pieces in document order ("4" "8" "3" "9" "2" "0", "483" "920"); a
    piece is (its nodes — the node, then inner text repeating it — and its text)."""
    nodes = page.nodes
    run: list[tuple[list[int], str]] = []
    last = -1
    for i in sorted(kept):
        if run and i - last > _RUN_GAP:
            yield from _closed(run)
            run = []
        node = nodes[i]
        piece = node.value.strip() if node.value else _unplaced(texts.get(i, ""))
        if run and piece in ("", run[-1][1]) and run[-1][0][0] in page.ancestors(i, _CLIMB):
            run[-1][0].append(i)  # a field's inner text, a cell's text: the same piece again
            last = i  # (not other text below it: a one-letter page title holds the whole page)
            continue
        if not piece:
            continue  # a wrapper without text of its own neither makes nor breaks a run
        if (_piece(piece) or (run and piece in _SEPARATOR_PIECE)) and not page.is_control(i):
            run.append(([i], piece))
            last = i
            continue
        if run:  # most nodes end no run: no generator for an empty one
            yield from _closed(run)
            run = []
    yield from _closed(run)


def _closed(run: list[tuple[list[int], str]]) -> Iterator[list[tuple[list[int], str]]]:
    while run and run[-1][1] in _SEPARATOR_PIECE:
        run = run[:-1]
    if len(run) >= 2:
        yield run


def labelled_codes(tree: UITree) -> set[int]:
    """Indices of nodes whose value is a code by its label, not by its own text: `<dt>Your
    one-time code</dt><dd>999472</dd>`, a "Recovery code" column's cells, six one-digit
    boxes after "Enter code". For the policy: a code the task asks for is abstracted (typeable
    through its placeholder) rather than removed, also when its own text does not say "code"."""
    page = _Page(tree)
    texts = {
        i: f"{n.name} {n.value}" if n.name and n.value else n.name or n.value or "" for i, n in enumerate(tree.nodes)
    }
    found = _structural(page, list(range(len(tree))), texts, "", set(), codes_only=True)
    return {i for i, kind in found.items() if kind == "OTP"}


def flag_secrets(tree: UITree, kept: list[int], task: str, text_of: Callable[[int], str]) -> set[int]:
    """Indices among `kept` whose text (`text_of(i)`: what would be sent), alone, run together
    with kept siblings, or read with its label (module docstring), holds a secret the task
    (lower-cased) does not name."""
    nodes = tree.nodes
    texts = {i: text_of(i) for i in kept}  # each node's sent text, built once
    flagged = {i for i, text in texts.items() if text and _kept_text_secret(text, task)}
    by_parent: dict[str | None, list[int]] = {}
    for i in kept:
        by_parent.setdefault(nodes[i].parent, []).append(i)
    for siblings in by_parent.values():
        run_texts = [(i, texts[i]) for i in siblings if texts[i] and i not in flagged]
        for start in range(len(run_texts)):  # a secret split over neighbours: "code is 84" + "7293"
            for end in range(start + 2, min(len(run_texts), start + 4) + 1):
                if _run_secret(run_texts[start:end]) and not (
                    _run_secret(run_texts[start + 1 : end]) or _run_secret(run_texts[start : end - 1])
                ):  # only the shortest run that holds it, not its innocent neighbours
                    flagged.update(_value_pieces(run_texts[start:end]))
    page = _Page(tree)
    flagged |= set(_structural(page, sorted(kept), texts, task, flagged))
    return flagged | _repeating(page, flagged, texts)


@per_text  # every kept text, at every step
def _kept_text_secret(text: str, task: str) -> bool:
    """A kept text holds a secret the task does not name (its placeholders are not one)."""
    return text.lower() not in task and secret_in(_PLACEHOLDER.sub(" ", text), named=task)


def _value_pieces(run: list[tuple[int, str]]) -> list[int]:
    """The pieces of a run that hold the secret: not a label that only names it ("Your code"
    + "999472": the field keeps its label), but every piece of a number cut in two."""
    values = [i for i, text in run if not _label_piece(text)]
    return values or [i for i, _ in run]


def _label_piece(text: str) -> bool:
    text = _PLACEHOLDER.sub(" ", text).strip()
    if len(text) > 60 or any(c.isdigit() for c in text):
        return False
    cue = _CODE_LABEL.search(text) or _PASSWORD_LABEL.search(text) or _TOKEN_LABEL.search(text)
    return bool(cue) and not _word_password(text) and not secret_in(text)


def _repeating(page: _Page, flagged: set[int], texts: dict[int, str]) -> set[int]:
    """Kept ancestors that repeat a flagged value in their own text (a cell or a heading named
    by its StaticText): withheld too, else the value leaks through them."""
    out: set[int] = set()
    for i in flagged:
        value = _value_of(page.nodes[i], texts[i])
        if len(value) < 4:
            continue
        for j in page.ancestors(i, _CLIMB):
            if j in texts and j not in flagged and value in texts[j]:
                out.add(j)
    return out


def _run_secret(run: list[tuple[int, str]]) -> bool:
    return bool(run) and _texts_secret(*(t for _, t in run))


@per_text  # a page's runs of siblings are the same from one step to the next
def _texts_secret(*run: str) -> bool:
    texts = [_unplaced(t) for t in run]  # remembered per text: each text is in up to nine runs
    if secret_in(" ".join(texts)):
        return True
    # glued only where a number was cut in two ("code is 84" + "7293"): gluing words makes
    # password-looking tokens out of ordinary neighbours ("Webb" + "9:41")
    glued = all(a[-1:].isdigit() and b[:1].isdigit() for a, b in zip(texts, texts[1:], strict=False))
    return glued and secret_in("".join(texts))
