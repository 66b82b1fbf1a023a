"""Views of a string that defeat simple evasions, each mapped back to source spans.

* base64, base32, hex and URL-encoded substrings are decoded (bytes read as UTF-8, or as
  UTF-16 where a byte-order mark or every other byte being zero says so), scanned, and a
  finding inside one covers the whole encoded substring in the source; a text that reads as
  English only after rot13 is read in its rot13 view;
* spelled-out digits ("four one five, five five five ...", "zero two one", "double five",
  and the digit words of German, Spanish, French and Italian) are read as the number;
* NFKC (full-width digits), digits of every script (Arabic-Indic, Devanagari, ...: their
  Unicode decimal value), dashes of every kind, zero-width characters, common homoglyphs
  (Cyrillic/Greek look-alikes), accents and leetspeak are undone character by character, so
  spans map back exactly;
* spelled-out e-mail addresses ("dana.kim at gmail dot com", "dana[at]gmail[dot]com") are
  read as addresses.

Every pattern here runs in linear time: a match may only start where a run of its
characters starts (a lookbehind, not `\b`), so a failed attempt is never retried from
each later character of the same run — "a.a.a…" or minified JSON used to cost O(n²).
Loops check the call's deadline as they go.
"""

from __future__ import annotations

import base64
import binascii
import html
import re
import unicodedata
from collections.abc import Iterator
from functools import cache
from typing import cast
from urllib.parse import unquote

from webminim.egress.deadline import check as check_deadline

# a run may follow "=" ("token=c3Nu..."): it still starts only where a run of its characters starts
_BASE64 = re.compile(r"(?<![A-Za-z0-9+/])[A-Za-z0-9+/]{12,}={0,6}(?![A-Za-z0-9+/=])")  # 6: base32 pads
# the URL-safe alphabet (RFC 4648 section 5: "-" and "_" for "+" and "/"), read only where a run
# holds one of them: a run without is read above
_BASE64_URL = re.compile(r"(?<![A-Za-z0-9_+/-])(?=[A-Za-z0-9]*[_-])[A-Za-z0-9_-]{16,}={0,2}(?![A-Za-z0-9_+/=-])")
_URL_SAFE = str.maketrans("-_", "+/")
# `(?<![^\s%])`: start only after whitespace, "%" or the text's start, never mid-run
_URL_ENCODED = re.compile(r"(?<![^\s%])(?:[^\s%]*%[0-9A-Fa-f]{2}){2,}[^\s%]*")
_ZERO_WIDTH = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u2060\ufeff\u00ad"), None)
_HOMOGLYPHS = str.maketrans(
    {
        "а": "a",
        "е": "e",
        "о": "o",
        "р": "p",
        "с": "c",
        "у": "y",
        "х": "x",
        "і": "i",
        "ј": "j",
        "ѕ": "s",
        "һ": "h",
        "А": "A",
        "В": "B",
        "Е": "E",
        "К": "K",
        "М": "M",
        "Н": "H",
        "О": "O",
        "Р": "P",
        "С": "C",
        "Т": "T",
        "Х": "X",
        "α": "a",
        "ο": "o",
        "ε": "e",
        "ι": "i",
        "κ": "k",
        "ν": "v",
        "ρ": "p",
        "τ": "t",
        "υ": "u",
        "Ο": "O",
        "Α": "A",
    }
)
_AT = r"(?:\s*[\[(]\s*at\s*[\])]\s*|\s+at\s+)"
_DOT = r"(?:\s*[\[(]\s*dot\s*[\])]\s*|\s+dot\s+)"
_SPELLED_EMAIL = re.compile(
    rf"(?<![A-Za-z0-9._%+-])([A-Za-z0-9._%+-]+){_AT}"  # the local part starts a run: linear
    rf"([A-Za-z0-9-]+(?:(?:{_DOT}|\.)[A-Za-z0-9-]+)*)(?:{_DOT}|\.)([A-Za-z]{{2,6}})\b",
    re.I,
)
_AT_WORD = re.compile(r"(?<![A-Za-z])at(?![A-Za-z])", re.I)  # what every spelled-out address holds
_SPACED_DIGITS = re.compile(r"\d [\d-] ?\d")
_RUN = re.compile(r"\S+")
_LETTER = re.compile(r"[^\W\d_]")  # str.isalpha() as a pattern: any letter, any script
_CHECK_EVERY = 4096  # characters between deadline checks in per-character loops
_LEET = str.maketrans({"0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "@": "a", "$": "s", "!": "i"})


MAX_ENCODED_CHARS = 1 << 20  # an encoded run longer than this is decoded from its first MiB only
_BASE32 = re.compile(r"[A-Z2-7]{16,}=*")
_HEX = re.compile(r"(?:[0-9a-fA-F]{2}){8,}")
# hex written for people: "0x"-prefixed, or bytes and words apart ("53 53 4e", "5353 4e20",
# "0x53, 0x53", "53:53:4e"); a separator between every group, so a run is cut one way only
_HEX_GROUP = r"(?:0[xX])?(?:[0-9A-Fa-f]{2}){1,4}"
_HEX_SPLIT = re.compile(
    rf"(?<![0-9A-Za-z])(?:0[xX](?:[0-9A-Fa-f]{{2}}){{8,}}|{_HEX_GROUP}(?:(?:,[ \t]?|[ \t:-]){_HEX_GROUP}){{3,}})"
    r"(?![0-9A-Za-z])"
)
_NOT_HEX = re.compile(r"0[xX]|[^0-9A-Fa-f]")
_HEX_MIN_BYTES = 8  # as for a run of hex digits (_HEX): fewer bytes are a number or two, not a message
_LAYOUT = str.maketrans("", "", "\n\r\t")


def _text_of(raw: bytes) -> str | None:
    """Decoded bytes as text: UTF-16 where a byte-order mark or zero bytes at every other place
    say so ("A\x00B\x00" is UTF-16 text, not UTF-8 with NULs), else UTF-8; None unless the text
    is printable (line breaks and tabs allowed) and holds a letter: binary data is no text."""
    try:
        if raw[:2] in (b"\xff\xfe", b"\xfe\xff"):
            decoded = raw.decode("utf-16")
        elif len(raw) >= 4 and len(raw) % 2 == 0 and raw[1::2].count(0) * 2 >= len(raw) // 2:
            decoded = raw.decode("utf-16-le")
        elif len(raw) >= 4 and len(raw) % 2 == 0 and raw[0::2].count(0) * 2 >= len(raw) // 2:
            decoded = raw.decode("utf-16-be")
        else:
            decoded = raw.decode("utf-8")
    except UnicodeDecodeError:
        return None
    if decoded.translate(_LAYOUT).isprintable() and _LETTER.search(decoded):
        return decoded
    return None


def _binary(chunk: str) -> list[bytes]:
    """The bytes a run of base64 characters may stand for: as hex (an even run of hex digits),
    as base32 (upper-case letters and 2-7), and as base64, in that order. A run longer than
    MAX_ENCODED_CHARS is read from its start, cut to whole quanta."""
    out: list[bytes] = []
    chunk = chunk[:MAX_ENCODED_CHARS]
    if len(chunk) % 2 == 0 and _HEX.fullmatch(chunk):
        out.append(bytes.fromhex(chunk))  # every character is a hex digit: cannot fail
    body = chunk.rstrip("=")
    for alphabet, quantum, decode in (
        (_BASE32, 8, base64.b32decode),
        (None, 4, lambda b: base64.b64decode(b, validate=True)),
    ):
        if alphabet is not None and not alphabet.fullmatch(chunk):
            continue
        whole = body[: len(body) - len(body) % quantum] if len(chunk) == MAX_ENCODED_CHARS else body
        try:
            out.append(decode(whole + "=" * (-len(whole) % quantum)))
        except (binascii.Error, ValueError):
            continue
    return out


# -- spelled-out digits -------------------------------------------------------------------------

# one digit per word, in English, German, Spanish, French and Italian ("oh" and "o" are zero
# inside a run only); "double" / "triple" repeat the next digit
_DIGIT_WORDS: dict[str, str] = {
    **dict.fromkeys(("zero", "oh", "o", "null", "cero", "zéro", "zero"), "0"),
    **dict.fromkeys(("one", "eins", "uno", "un", "une"), "1"),
    **dict.fromkeys(("two", "zwei", "zwo", "dos", "deux", "due"), "2"),
    **dict.fromkeys(("three", "drei", "tres", "trois", "tre"), "3"),
    **dict.fromkeys(("four", "vier", "cuatro", "quatre", "quattro"), "4"),
    **dict.fromkeys(("five", "fünf", "fuenf", "cinco", "cinq", "cinque"), "5"),
    **dict.fromkeys(("six", "sechs", "seis", "sei"), "6"),
    **dict.fromkeys(("seven", "sieben", "siete", "sept", "sette"), "7"),
    **dict.fromkeys(("eight", "acht", "ocho", "huit", "otto"), "8"),
    **dict.fromkeys(("nine", "neun", "nueve", "neuf", "nove"), "9"),
}
_REPEAT = {"double": 2, "triple": 3}
_NUMBER_WORD = "|".join(sorted((*_DIGIT_WORDS, *_REPEAT), key=len, reverse=True))
NUMBER_WORDS = _NUMBER_WORD  # a pattern of one digit word (or "double" / "triple"): a code read out
_SPELLED_MIN = 7  # digit words in a row: the shortest phone number; "one two three" is a count
# a run of digit words, each starting a word (so a failed attempt never restarts inside a run)
_SPELLED = re.compile(
    rf"(?<![^\W\d_])(?:{_NUMBER_WORD})(?:[\s,.;:/–—-]{{1,3}}(?:{_NUMBER_WORD})){{{_SPELLED_MIN - 1},}}(?![^\W\d_])",
    re.I,
)
_SPELLED_TOKEN = re.compile(rf"(?<![^\W\d_])({_NUMBER_WORD})(?![^\W\d_])|([,.;:/–—-])", re.I)


# Each word of a run is a whole run of letters (the pattern's look-arounds and separators): a
# text with fewer than _SPELLED_MIN letter runs that are digit words has none. Case-folded, a
# letter the case-blind pattern matches is the word's own, but for the Turkish dotted and dotless
# i (a text with either is read by the pattern).
_LETTER_RUN = re.compile(r"[^\W\d_]+")
_SPELLED_WORDS = frozenset(w.casefold() for w in (*_DIGIT_WORDS, *_REPEAT))


def _folded(word: str) -> str:
    """A digit word the case-blind pattern matched, as the table spells it ("ſix", "EİNS")."""
    return word.casefold().replace("\u0131", "i").replace("\u0307", "")


def _may_spell(text: str) -> bool:
    if "\u0130" in text or "\u0131" in text:
        return True
    return sum(map(_SPELLED_WORDS.__contains__, map(str.casefold, _LETTER_RUN.findall(text)))) >= _SPELLED_MIN


def spelled_digits(text: str) -> Iterator[tuple[int, int, str]]:
    """(start, end, digits) for every run of seven or more digit words: "four one five, five five
    five, zero one three four" -> "415-555-0134" (punctuation between words is a group break)."""
    if len(text) < 2 * _SPELLED_MIN or not _may_spell(text):
        return
    for m in _SPELLED.finditer(text):
        check_deadline()
        out: list[str] = []
        repeat = 1
        for token in _SPELLED_TOKEN.finditer(m.group(0)):
            word = token.group(1)
            if word is None:
                if out and out[-1] != "-":
                    out.append("-")
                continue
            word = _folded(word)
            if word in _REPEAT:
                repeat = _REPEAT[word]
                continue
            out.append(_DIGIT_WORDS[word] * repeat)
            repeat = 1
        digits = "".join(out).strip("-")
        if sum(c.isdigit() for c in digits) >= _SPELLED_MIN:
            yield m.start(), m.end(), digits


# -- rot13 --------------------------------------------------------------------------------------

_ROT13 = str.maketrans(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz", "NOPQRSTUVWXYZABCDEFGHIJKLMnopqrstuvwxyzabcdefghijklm"
)
_WORDS = re.compile(r"[A-Za-z]{2,}")
_ROT13_NAMED = re.compile(r"(?<![A-Za-z])rot[- ]?13(?!\d)", re.I)
_ROT13_MIN = 12  # characters: a shorter text is a word or two, read as it is


@cache
def _common_words() -> frozenset[str]:
    from webminim.egress.matching import STOPWORDS

    return frozenset(w for w in STOPWORDS if len(w) >= 2 and w.isalpha())


@cache
def _common_words_turned() -> frozenset[str]:
    return frozenset(w.translate(_ROT13) for w in _common_words())


def _rot13_view(text: str) -> str | None:
    """`text` in rot13 when the text says it is ("rot13: ...") or when it reads as English only
    that way: at least two common words after rot13 and more than twice as many as before."""
    if len(text) < _ROT13_MIN or not text.isascii():
        return None
    if _ROT13_NAMED.search(text):
        return text.translate(_ROT13)
    # rot13 maps letters to letters: the turned text's words are the words turned, so both
    # counts come from one pass over the text's words, against the common words and their rot13
    words = _WORDS.findall(text.lower())  # ASCII: lower-casing keeps every word where it was
    before = sum(map(_common_words().__contains__, words))
    after = sum(map(_common_words_turned().__contains__, words))
    return text.translate(_ROT13) if after >= 2 and after > 2 * before else None


def decoded_segments(text: str) -> Iterator[tuple[int, int, str]]:
    """(start, end, decoded text) for every base64, base32, hex (also "0x"-prefixed or in
    groups) or URL-encoded substring of `text`, its HTML references, spelled-out addresses and
    digits, and its rot13 view."""
    runs = [(m, m.group(0)) for m in _BASE64.finditer(text)]
    if "-" in text or "_" in text:
        runs += [(m, m.group(0).translate(_URL_SAFE)) for m in _BASE64_URL.finditer(text)]
    for m, run in runs:
        check_deadline()
        for raw in _binary(run):
            decoded = _text_of(raw)
            if decoded is not None:
                yield m.start(), m.end(), decoded
                break
    for m in _HEX_SPLIT.finditer(text[:MAX_ENCODED_CHARS]):
        check_deadline()
        digits = _NOT_HEX.sub("", m.group(0))
        if len(digits) >= 2 * _HEX_MIN_BYTES:  # whole bytes: every group is pairs of digits
            decoded = _text_of(bytes.fromhex(digits))
            if decoded is not None:
                yield m.start(), m.end(), decoded
    if "&" in text and ";" in text:  # HTML character references: &#64; &amp; ...
        decoded = html.unescape(text)
        if decoded != text:
            yield 0, len(text), decoded
    for m in _URL_ENCODED.finditer(text) if "%" in text else ():
        check_deadline()
        decoded = unquote(m.group(0).replace("+", " "))
        if decoded != m.group(0):
            yield m.start(), m.end(), decoded
    for m in _SPELLED_EMAIL.finditer(text) if _AT_WORD.search(text) else ():
        check_deadline()
        host = re.sub(_DOT, ".", m.group(2), flags=re.I)
        yield m.start(), m.end(), f"{m.group(1)}@{host}.{m.group(3)}"
    yield from spelled_digits(text)
    turned = _rot13_view(text)
    if turned is not None:
        yield 0, len(text), turned


_JOINED_SPACE = re.compile(r"(?<=\d) (?=[\d-])|(?<=-) (?=\d)")  # a space the loop below drops


def _leet_only(text: str) -> str | None:
    """ASCII text in which no space is dropped: only the leetspeak map changes it, in words that
    have letters, one character for one (so every index maps to itself)."""
    if text.translate(_LEET) == text:
        return None  # no character the map changes (most text): no word to look at
    result = _LEET_WORD.sub(_leet_word, text)
    return None if result == text else result


# A word (a run of non-space) with a letter and a character the leetspeak map changes, found
# from the word's start only: linear in the text, where a plain search would restart inside a
# long word at every character
_LEET_WORD = re.compile(rf"(?<!\S)(?=\S*[^\W\d_])\S*[{re.escape(''.join(map(chr, _LEET)))}]\S*")


def _leet_word(match: re.Match[str]) -> str:
    return match.group(0).translate(_LEET)


def _ascii_joined(text: str, *, leet: bool, indexed: bool) -> tuple[str, list[int] | None] | None:
    """`_by_character` for ASCII text ("Quantity 0 1", "1 2 3 - 4"): leetspeak (if asked) one
    character for one, then the spaces inside spaced-out numbers cut, a slice at a time. The
    index map only when `indexed`."""
    check_deadline()
    leeted = _leet_only(text) if leet else None
    source = leeted if leeted is not None else text
    pieces: list[str] = []
    index: list[int] | None = [] if indexed else None
    at = 0
    for m in _JOINED_SPACE.finditer(text):
        pieces.append(source[at : m.start()])
        if index is not None:
            index.extend(range(at, m.start()))
        at = m.end()
    pieces.append(source[at:])
    if index is not None:
        index.extend(range(at, len(text)))
    result = "".join(pieces)
    return None if result == text else (result, index)


def normalized(text: str, *, leet: bool = False) -> tuple[str, list[int]] | None:
    """(normalized text, source index of every normalized character), or None if unchanged."""
    found = _normalized(text, leet=leet, indexed=True)
    return None if found is None else (found[0], cast(list[int], found[1]))


def normalized_text(text: str, *, leet: bool = False) -> str | None:
    """`normalized(text)`'s text alone, or None if unchanged: for a caller that reads the
    normalized text but maps nothing back (the ASCII paths then build no index)."""
    found = _normalized(text, leet=leet, indexed=False)
    return None if found is None else found[0]


def normalized_texts(text: str) -> tuple[str | None, str | None]:
    """`normalized_text(text)` and `normalized_text(text, leet=True)`. The second is not built
    again where it can only repeat the first: ASCII text with spaced numbers (so the first is
    not None) in which the leetspeak map changes no word — both are then the text with its
    spaced numbers joined ("Qty 0 1 1" -> "Qty 011")."""
    plain = normalized_text(text)
    if plain is not None and text.isascii() and _leet_only(text) is None:
        return plain, plain
    return plain, normalized_text(text, leet=True)


def _normalized(text: str, *, leet: bool, indexed: bool) -> tuple[str, list[int] | None] | None:
    """Both of the above: the index map only when `indexed` (the character loop always has one)."""
    if text.isascii() and not leet and not _SPACED_DIGITS.search(text):
        return None  # nothing to undo: no full-width forms, zero-width marks, look-alikes or "1 2 3"
    if text.isascii() and leet and not _JOINED_SPACE.search(text):
        leeted = _leet_only(text)  # ASCII with no space to drop: one pass per word, one character for one
        return None if leeted is None else (leeted, list(range(len(text))) if indexed else None)
    if text.isascii():
        return _ascii_joined(text, leet=leet, indexed=indexed)
    return _by_character(text, leet=leet)


def _by_character(text: str, *, leet: bool) -> tuple[str, list[int]] | None:
    """`normalized`'s general case, one character at a time (the fast paths above give what
    it gives on the text they take: tests/test_egress_evasion.py)."""
    out: list[str] = []
    index: list[int] = []
    last = len(text) - 1
    # leetspeak only in words that have letters: "c0de" is "code", but "847293" stays a number
    wordy = bytearray(len(text))  # a flag per character (a set of indices cost more than the loop)
    if leet:
        for m in _RUN.finditer(text):
            if _LETTER.search(m.group(0)):
                wordy[m.start() : m.end()] = b"\x01" * (m.end() - m.start())
    for i, ch in enumerate(text):
        if i % _CHECK_EVERY == 0:
            check_deadline()
        if ch == " " and 0 < i < last and text[i - 1].isdigit() and (text[i + 1].isdigit() or text[i + 1] == "-"):
            continue  # "1 2 3 - 4 5" is a number written to dodge patterns
        if ch == " " and 0 < i < last and text[i - 1] == "-" and text[i + 1].isdigit():
            continue
        if ch.isascii():  # NFKC, zero-width and look-alike tables leave ASCII as it is: skip them
            mapped = ch
        elif (kind := unicodedata.category(ch)) == "Nd":  # a digit of any script: "١٢٣", "१२३" -> "123"
            mapped = str(unicodedata.decimal(ch))
        elif kind == "Pd":  # any dash ("‐", "‑", "–", "—") reads as a hyphen
            mapped = "-"
        else:
            mapped = unicodedata.normalize("NFKC", ch).translate(_ZERO_WIDTH).translate(_HOMOGLYPHS)
            if not mapped.isascii():  # "dïabetes" -> "diabetes": drop combining accents
                mapped = "".join(c for c in unicodedata.normalize("NFKD", mapped) if not unicodedata.combining(c))
        if wordy[i]:
            mapped = mapped.translate(_LEET)
        if len(mapped) == 1:
            out.append(mapped)
            index.append(i)
        else:
            out.extend(mapped)
            index.extend([i] * len(mapped))
    result = "".join(out)
    return None if result == text else (result, index)
