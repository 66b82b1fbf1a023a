"""Views of a string that defeat simple evasions, each mapped back to source spans.

* base64 and URL-encoded substrings are decoded, scanned, and a finding inside one covers
  the whole encoded substring in the source;
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
from typing import cast
from urllib.parse import unquote

from webminim.egress.deadline import check as check_deadline

# a run may follow "=" ("token=c3Nu..."): it still starts only where a run of its characters starts
_BASE64 = re.compile(r"(?<![A-Za-z0-9+/])[A-Za-z0-9+/]{12,}={0,2}(?![A-Za-z0-9+/=])")
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


def decoded_segments(text: str) -> Iterator[tuple[int, int, str]]:
    """(start, end, decoded text) for every base64 or URL-encoded substring of `text`."""
    for m in _BASE64.finditer(text):
        check_deadline()
        chunk = m.group(0)
        try:
            raw = base64.b64decode(chunk + "=" * (-len(chunk) % 4), validate=True)
            decoded = raw.decode("utf-8")
        except (binascii.Error, UnicodeDecodeError, ValueError):
            continue
        if decoded.isprintable() and any(c.isalpha() for c in decoded):
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
