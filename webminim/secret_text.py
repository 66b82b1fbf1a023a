"""Secrets in a text: verification codes (cue words in a dozen languages), inline and word-like
passwords, card and social-security numbers, API tokens, password-like strings and identifiers
(passports, national IDs validated with python-stdnum, IP addresses, bank routing and account
numbers, IBANs), read as written and in every decoded view. Every scan is linear in the text:
no nested unbounded repetition, bounded gaps between a cue and its value. `secret_guard` reads
a page's structure with it."""

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
# Secrets written as words, several of them: a passphrase, a wallet's recovery phrase, the answer
# to a security question ("Recovery phrase: abandon ability able …", "Security answer: Fluffy",
# "mother's maiden name is Whitaker"): the words after the cue are the secret.
_PHRASE_WORDS = (
    "passphrase", "pass phrase", "recovery phrase", "seed phrase", "mnemonic phrase", "secret phrase",
    "backup phrase", "recovery words", "seed words", "security answer", "secret answer", "security question answer",
    "answer to your security question", "answer to the security question", "memorable word", "memorable answer",
    "maiden name",
)
_PHRASE_CUE = _words(*_PHRASE_WORDS)
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
_PHRASE = re.compile(
    rf"{_PHRASE_CUE}(?:\s*[:：=]|\s*[–—-]\s|\s+(?:is|was)\b)\s*[\"'“‘«]?(?P<v>[^\s\"'“”‘’«»,;!?()\[\]][^\n.;!?()\[\]]{{2,200}})",
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
# Keys and tokens of known services by their published shapes: detect-secrets' detectors (Yelp,
# Apache-2.0), those that read a key's own shape, not a keyword or the string's entropy
_KEY_DETECTORS = (
    "AWSKeyDetector", "AzureStorageKeyDetector", "BasicAuthDetector", "DiscordBotTokenDetector",
    "GitHubTokenDetector", "GitLabTokenDetector", "JwtTokenDetector", "MailchimpDetector", "OpenAIDetector",
    "PrivateKeyDetector", "PypiTokenDetector", "SendGridDetector", "SlackDetector", "SquareOAuthDetector",
    "StripeDetector", "TelegramBotTokenDetector", "TwilioKeyDetector",
)  # fmt: skip
# what every one of their shapes holds: a run of 16 key characters, a private key's header, or
# credentials in a URL; most page text has none, and the detectors load on the first that does
_KEY_SHAPED = re.compile(r"[A-Za-z0-9_\-+/=.:]{16,}|PRIVATE KEY|PuTTY-User-Key|://[^\s/@]+:[^\s/@]+@")
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


@per_text  # asked for every placeholder of every step (`vault.kind_of`)
def secret_kind(text: str) -> str | None:
    """The kind of the first secret `text` holds ("otp", "password", "code", "token", "ssn",
    "card", or an identifier's: "id", "passport", "ip", "bank"), None when it holds none."""
    return next(_detections(text), None)


@cache
def _key_patterns() -> tuple[re.Pattern[str], ...]:
    from detect_secrets.core.plugins.util import get_mapping_from_secret_type_to_class  # ~0.1 s: on first need

    detectors = {cls.__name__: cls for cls in get_mapping_from_secret_type_to_class().values()}
    return tuple(pattern for name in _KEY_DETECTORS for pattern in detectors[name].denylist)


def _service_key(text: str) -> bool:
    """A key or token of a known service (an AWS access key id, a GitHub or Slack token, a JWT,
    a private key's header, credentials in a URL) by the shape its service publishes."""
    return _KEY_SHAPED.search(text) is not None and any(p.search(text) for p in _key_patterns())


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
        if _may_hold(_PHRASE_WORDS, folded) and _after_cue(_PHRASE, variant, named, _phrase_word):
            yield "password"
        if not literal:
            continue
        if _service_key(variant):
            yield "token"
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


def _phrase_word(value: str) -> bool:
    """Could the words after a passphrase or secret-answer cue be the secret? Not a UI word
    ("Security answer: required", "Passphrase: not set"), not a mask."""
    words = [w.strip(".,:") for w in value.lower().split()]
    if len(words) == 1:
        return _password_word(value)
    others = [w for w in words if w not in _NOT_A_PASSWORD]
    return bool(others) and _password_word(max(others, key=len))


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
