"""A message cut into sentences and clauses by character span, its layout left where it is.

A text is read line by line; a line is cut into sentences at a sentence end followed by a
capital, a digit, a quote or a bracket (an abbreviation's dot ends nothing: "Dr. Lee", "e.g."),
and a sentence into clauses where a reason, a contrast or an aside begins ("…, because …",
"… but …", "…; …", "… - …"). The greeting and the closing of a letter ("Hi Emily,",
"Best,\\nSam") and Markdown scaffolding (headings, rules, fences, bullets' markers) are
`Shape`: never judged, never removed. Every span indexes the original text, so an edit
touches only the bytes it removes and a text with nothing removed is returned as it came.
Scanning is linear in the text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

MAX_SENTENCES = 400  # a longer text is judged by its first sentences only: the rest is kept whole

# a sentence ends at . ! ? (and closing quotes or brackets) before a space and a capital,
# a digit, a quote or a bracket, or after a word of three letters or more before a space and
# a lower-case word (abbreviations are `_TITLE`'s); also before a list marker or the line's end
_SENTENCE_END = re.compile(
    r"(?<=[.!?])[\"'”’)\]]*\s+(?=[\"'“‘(\[]?[A-Z0-9À-ÖØ-Þ])"
    r"|(?<=[a-z]{3}[.!?])\s+(?=[a-z])"  # a lower-case writer's next sentence ("...together. yes i lost...")
    r"|(?:(?<=</p>)|(?<=</P>)|(?<=<br>)|(?<=</li>)|(?<=</div>)|(?<=<br/>))\s*"  # an HTML block ends one too
)
_TITLE = re.compile(
    r"(?<![^\s(\"'])(?:[A-Z]|Dr|Mr|Mrs|Ms|Mx|St|Jr|Sr|Prof|Rev|Mt|Ft|Gen|Capt|Lt|Sgt|No|Nr|Vol|Fig|Approx|"
    r"Jan|Feb|Mar|Apr|Aug|Sep|Sept|Oct|Nov|Dec|(?i:e\.g|i\.e|vs|cf|approx|no|nr|etc|incl|esp|resp|misc|ref|dept))\.$"
)
_GREETING = re.compile(
    r"\s*(?:(?:hi|hello|hey|dear|good (?:morning|afternoon|evening)|greetings|hiya|howdy)\b[^.!?\n]{0,60}"
    r"|to whom it may concern)[,!:.]?\s*",
    re.I,
)
_CLOSING = re.compile(
    r"\s*(?:thanks|thank you|many thanks|thanks again|best|best regards|kind regards|warm regards|regards|"
    r"cheers|sincerely|yours(?: sincerely| truly)?|all the best|take care|talk soon|love|xoxo|br)"
    r"(?: (?:so much|a lot|in advance))?[,!.]?\s*",
    re.I,
)
_MARKDOWN = re.compile(r"\s*(?:#{1,6}\s.*|[-*_]{3,}|`{3}.*|~{3}.*|\|?[\s:-]*\|[\s|:-]*)\s*")
# a bullet, a number, a quote mark, a speaker's label ("Sam: ", "[10:02] Ana: ")
_MARKER = re.compile(
    r"\s*(?:(?:[-*+•>]+|\d{1,3}[.)]|[a-z][.)])\s+"
    r"|(?:\[[^\]\n]{1,20}\]\s*)?[A-Z][\w.'-]{0,20}(?: [A-Z][\w.'-]{0,20})?:\s+)"
)


def is_marker(text: str) -> bool:
    """Is `text` nothing but a line's marker (or blank)?"""
    return not text.strip() or _MARKER.fullmatch(text + " ") is not None


# where a clause begins inside a sentence: a reason, a contrast, a condition or an aside
_CLAUSE = re.compile(
    r"\s*;\s*|\s+[-–—]\s+"
    r"|,?\s+(?=(?:because|although|though|whereas|but|due to|given that|now that|ever since)\b)"
    r"|,\s+(?=(?:and|which|who|whose|who's|as|since|so|while|after|especially)\b)",
    re.I,
)


@dataclass(frozen=True, slots=True)
class Span:
    """A piece of the text: `text[start:end]`, what it is, and the line it sits on."""

    start: int
    end: int
    kind: str  # "sentence" or "shape"
    line: int


def lines(text: str) -> list[tuple[int, int]]:
    """(start, end) of each line, without its newline."""
    out, start = [], 0
    for m in re.finditer(r"\r?\n", text):
        out.append((start, m.start()))
        start = m.end()
    out.append((start, len(text)))
    return out


def _is_shape(line: str) -> bool:
    words = len(line.split())
    if not words or _MARKDOWN.fullmatch(line):
        return True
    if words <= 8 and _GREETING.fullmatch(line):
        return True
    return words <= 4 and _CLOSING.fullmatch(line) is not None


WRAPPED = 50  # characters: a line this long that a plain line follows was wrapped, not ended


def sentences(text: str) -> list[Span]:
    """The text's sentences and shape lines in order; blank lines are no span at all. A
    hard-wrapped paragraph (e-mail and Usenet wrap at ~72 characters) is read as one run of
    text, so a sentence that goes on over a line break is one sentence, not two fragments."""
    spans: list[Span] = []
    all_lines = lines(text)
    signature = _signature_from(text, all_lines)
    number = 0
    while number < len(all_lines):
        start, end = all_lines[number]
        line = text[start:end]
        if not line.strip():
            number += 1
            continue
        if number >= signature or _is_shape(line):
            spans.append(Span(start, end, "shape", number))
            number += 1
            continue
        marker = _MARKER.match(line)
        body = start + (marker.end() if marker else 0)
        if marker:
            spans.append(Span(start, body, "shape", number))
        last = number
        while last + 1 < signature and _continues(text, all_lines[last], all_lines[last + 1]):
            last += 1
        for s, e in _split(text, body, all_lines[last][1]):
            spans.append(Span(s, e, "sentence", number))
        if len(spans) > MAX_SENTENCES:
            spans.append(Span(spans[-1].end, len(text), "shape", number))
            break
        number = last + 1
    return [s for s in spans if s.end > s.start]


def _continues(text: str, line: tuple[int, int], following: tuple[int, int]) -> bool:
    """Is `following` the rest of `line`'s paragraph, wrapped: the line long, neither indented
    (code) nor a lead-in (":"), the next a plain line (no marker, no shape)?"""
    here, there = text[line[0] : line[1]], text[following[0] : following[1]]
    if len(here.rstrip()) < WRAPPED or here.rstrip().endswith(":") or not there.strip():
        return False
    if here[:1] in " \t" or there[:1] in " \t" or _is_shape(there):
        return False
    return _MARKER.match(there) is None


def _signature_from(text: str, all_lines: list[tuple[int, int]]) -> int:
    """The index of the line after a closing ("Best,") in the last five lines: the signature."""
    for number in range(len(all_lines) - 1, max(-1, len(all_lines) - 6), -1):
        start, end = all_lines[number]
        if _CLOSING.fullmatch(text[start:end]) and text[start:end].strip():
            return number + 1
    return len(all_lines)


def _split(text: str, start: int, end: int) -> list[tuple[int, int]]:
    out, begin = [], start
    for m in _SENTENCE_END.finditer(text, start, end):
        if _TITLE.search(text, max(begin, m.start() - 12), m.start()):
            continue  # "Dr. Lee", "e.g. a", "No. 5": an abbreviation's dot
        out.append(_trimmed(text, begin, m.start() + len(m.group(0).rstrip())))
        begin = m.end()
    if begin < end:
        out.append(_trimmed(text, begin, end))
    return [(s, e) for s, e in out if e > s]


def _trimmed(text: str, start: int, end: int) -> tuple[int, int]:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end


def clauses(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """The clauses of the sentence text[start:end]: (start, end) spans, the joining words
    ("because", ", but", "; ") belonging to the clause they open."""
    out, begin = [], start
    for m in _CLAUSE.finditer(text, start, end):
        if m.start() <= begin:
            continue
        out.append((begin, m.start()))
        begin = m.start()
    out.append((begin, end))
    return [(s, e) for s, e in out if text[s:e].strip()]
