"""Task matching at word / entity level, after normalization (never substrings).

"HIV" is not named by "Archive", "AIDS" not by "raids"; "Pittsburgh, PA" is named by a task
that says "Pittsburgh"; "$84,000" by "84000"; accents and case do not matter.
"""

from __future__ import annotations

import re
import threading
import unicodedata
from functools import lru_cache

from snowballstemmer import stemmer

_STEMMER = stemmer("english")
_STEMMER_LOCK = threading.Lock()
_TOKEN = re.compile(r"[a-z0-9]+(?:[@._+'-][a-z0-9]+)*")
_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3}\b)")
STOPWORDS = frozenset(
    [
        "a",
        "an",
        "the",
        "of",
        "for",
        "to",
        "in",
        "on",
        "at",
        "by",
        "with",
        "and",
        "or",
        "from",
        "my",
        "me",
        "i",
        "i'm",
        "im",
        "is",
        "are",
        "was",
        "be",
        "it",
        "its",
        "this",
        "that",
        "your",
        "our",
        "their",
        "his",
        "her",
        "he",
        "she",
        "they",
        "we",
        "you",
        "please",
        "can",
        "could",
        "would",
        "should",
        "will",
        "about",
        "into",
        "near",
        "as",
        "per",
        "via",
        "up",
    ]
)
# Qualifiers that may follow a place without changing which place it is.
_PLACE_QUALIFIERS = frozenset(
    [
        "usa",
        "us",
        "uk",
        "u.s.",
        "u.s.a.",
        "united",
        "states",
        "america",
        "england",
        "germany",
        "france",
        "spain",
        "deutschland",
        "espana",
    ]
)


def normalize(text: str) -> str:
    """Case-folded, accents stripped, thousands separators removed."""
    decomposed = unicodedata.normalize("NFKD", text)
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return _THOUSANDS.sub("", plain.casefold())


def _canonical(token: str) -> str:
    if token.endswith(".0") and token[:-2].isdigit():
        return token[:-2]
    return token.rstrip("'")


@lru_cache(maxsize=4096)
def tokens(text: str) -> tuple[str, ...]:
    return tuple(_canonical(t) for t in _TOKEN.findall(normalize(text)))


def content_tokens(text: str) -> tuple[str, ...]:
    return tuple(t for t in tokens(text) if t not in STOPWORDS)


@lru_cache(maxsize=1024)
def _expanded(text: str) -> frozenset[str]:
    """The task's tokens, plus each number spelled as digits ("84k" -> 84000)."""
    out: set[str] = set()
    for t in tokens(text):
        out.add(t)
        match = re.fullmatch(r"(\d+(?:\.\d+)?)(k|m)", t)
        if match:
            value = float(match.group(1)) * (1000 if match.group(2) == "k" else 1_000_000)
            out.add(str(int(value)) if value.is_integer() else str(value))
    return frozenset(out)


def names(value: str, task: str, *, kind: str = "") -> bool:
    """Does `task` name `value`: every content token of the value is a task token (a place may
    carry a state / country qualifier the task leaves out; a person may be named by one name)."""
    wanted = content_tokens(value)
    if not wanted or not task:
        return False
    have = _expanded(task)
    if all(t in have for t in wanted):
        return len("".join(wanted)) >= 2
    core = [t for t in wanted if not (len(t) == 2 and t.isalpha()) and t not in _PLACE_QUALIFIERS]
    if core and len(core) < len(wanted) and all(t in have for t in core) and kind in ("", "city", "zip", "location"):
        return True
    if kind == "person_name":
        return any(len(t) >= 3 and t in have for t in (wanted[0], wanted[-1]))
    return False


def names_any(value: str, texts: tuple[str, ...], *, kind: str = "") -> bool:
    return any(names(value, text, kind=kind) for text in texts if text)


def overlap(clause: str, task: str) -> int:
    """Content words shared by a clause and the task (a shared 5-letter stem counts, and so do
    words of one Snowball stem: "walk-run sessions" shares "run" with "a running plan")."""
    have = _expanded(task)
    stems = {t[:5] for t in have if len(t) >= 5}
    stemmed = _stems(task)
    count = 0
    for t in set(content_tokens(clause)):
        if len(t) < 3 and not t.isdigit():
            continue
        if t in have or (len(t) >= 5 and t[:5] in stems) or not stemmed.isdisjoint(_word_stems(t)):
            count += 1
    return count


@lru_cache(maxsize=1024)
def _stems(text: str) -> frozenset[str]:
    return frozenset(s for t in content_tokens(text) for s in _word_stems(t))


@lru_cache(maxsize=16384)
def _word_stems(token: str) -> frozenset[str]:
    """The English stems of a token and of its hyphenated parts ("walk-run" -> walk, run)."""
    parts = [p for p in {token, *token.split("-")} if len(p) >= 3 and p.isalpha() and p not in STOPWORDS]
    with _STEMMER_LOCK:  # a Snowball stemmer keeps its word in itself: one caller at a time
        return frozenset(_STEMMER.stemWord(p) for p in parts)
