"""The content-aware layer for free-text fields (notes, message, body, query, ...), local.

A free-text field that carries unnecessary PSD is split into clauses; the clauses the task
needs are kept (they share content words with the task, or are close to it by MiniLM
similarity, or hold an item the task names), with any unnecessary item inside them
replaced by a neutral tag; every other clause is removed — the salary, background check and
contacts go, "Schedule an interview with candidate James Griffith" stays. When no clause
passes, an opening clause in which no detector found anything is kept rather than sending
the (required) field empty: a message or an instruction opens with its request ("Plan a
party." for "organise my birthday"); later clean clauses stay out, since an undetected
contextual item ("my little girl is allergic to nuts") looks clean too. A field in which
no detector found anything is cut by sentences when a task is given (`needed_part`): an
optional one goes when the task needs none of it, a required one keeps its opening.
Similarity is bounded: at most MAX_CLAUSES clauses per field are scored, the rest count as
unneeded.

A clause is about the task when one of its parts (split as `_needed_parts` splits) shares a
content word with the task, or is close to it; a part that speaks of a third person the
task does not (a pronoun, a kin word, or a noun WordNet gives for a person, `people`) must
share half its content words: "the boy has fits at night" is not about booking a pitch "for
3 nights"; one in which the writer, the reader or "the user" speaks, or that tells what
happened, must share half, or two words: "we are behind on three other bills" is not about
paying "the electricity bill", "the last bag was stolen" not about choosing a laptop bag.
Three shared task words make any part needed. A reason after "because" is a part
of its own whoever it is about, and a relative clause between commas after a sentence's
subject ("The user, who ..., wants ...") goes when the task does not need it, the subject
staying with its verb. A kept sentence loses the parts the task does not need in every
free-text field, also in a required one in which a detector found something; an aside
between two dashes goes the same way, what follows it judged with what precedes it ("... is
needed - <aside> - so a 4.5 tog one makes sense"). "The user" is whom an agent works for, not
a third person; the parts of "ex-prisoner", "sibling's" and "user_context" count as words. A sentence's
opening reason or condition ("Since the tax office froze the account, …", "…, given that
…") is a part of its own, and a sentence kept for what it asks
loses a reason the task does not need; so is a relative clause after a comma (", who …",
", which …"). An item of a required list is required only when it is the list's one item.
Once some clause is needed, a clause that names no one (and, in a field with findings, holds
nothing found) rides along, without a reason after "because" ("Selling because …" goes as
"Selling."), unless it tells what happened or keeps something back ("The
company card was blocked." goes, "A quiet room is better." stays); a needed label keeps the
impersonal part it introduces ("Day one: Alfama and the castle"). "who" is a person; a
sentence with an English function word ("is", "the", …) is read as English. An optional
field that carries PSD keeps the clauses firmly about the task (two task words, or half
their own) with those parts only; when there are none, its opening clause still goes when it
says what the field is for (`_states_purpose`: "Keen to grow vegetables.", "Name labels for
[name], please."), and the field goes whole otherwise.

An optional `ClauseJudge` (an LLM on an OpenAI-compatible endpoint, `webminim.egress.llm_judge`)
may add clauses the local test missed ("Yearly earnings $84,000" for "estimate my refund").
It sees the clauses with every unnecessary item already tagged, can only widen what is kept
(tags stay), and when it fails the local decision stands.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Protocol

from webminim.egress import semantic
from webminim.egress.detectors import Finding, disjoint
from webminim.egress.english import imperative
from webminim.egress.matching import content_tokens, overlap, tokens
from webminim.egress.speakers import (
    _BARE_PRONOUNS,
    _DASH,
    _ENGLISH,
    _HEADING,
    _LABEL,
    _REASON,
    SPEAKER,
    _after_label,
    _names_someone_else,
    _opening,
    _personal,
    _rides_along,
    _speaks_of_self,
    _told,
    _verb,
    impersonal,
    names_someone,
)
from webminim.errors import WebminimError

MAX_CLAUSES = 24
FIRM = 3  # task words a clause shares that make it about the task, whoever it speaks of
SIMILARITY = 0.8  # static-MiniLM cosine at which a clause counts as being about the task (strict)
REMOVED = "[details removed]"
# a square-bracketed aside ("[context: ...]") is a clause of its own
# a sentence's end inside a closing bracket ("(Background: ... sighted.) Top pick ...") ends it too
# so does a closing HTML block tag ("...sink.</p><p>..."): each block keeps its own tags
_BLOCK_END = r"(?:(?<=</p>)|(?<=</P>)|(?<=</li>)|(?<=</div>)|(?<=<br>)|(?<=<br/>)|(?<=</tr>))\s*"
# and an arrow between steps ("need: blender -> ... -> pick the 1200 W model")
_ARROW = r"\s+(?:->|=>|[\u2190-\u21ff\u2600-\u27bf\u2b00-\u2bff\U0001f300-\U0001faff]\ufe0f?)\s+"  # "→", "⚠️", "➡️"
_BOUNDARY = re.compile(
    rf"(?:(?<=[.!?;\n\]])|(?<=[.!?]\)))\s+|\s*;\s*|\n+|(?<=\w)\s+-\s+|\s*\|\s*|\s+(?=\[)|{_BLOCK_END}|{_ARROW}"
)
_SENTENCE_END = re.compile(rf"(?:(?<=[.!?\]])|(?<=[.!?]\)))\s+|\n+|\s+(?=\[)|{_BLOCK_END}|{_ARROW}")
_TITLE = re.compile(r"(?:^|[\s(])[A-Z][a-z]\.$")  # "Dr.", "St."
_LATIN = re.compile(r"(?:^|[\s(,])(?i:e\.g|i\.e|vs|cf)\.$")  # "e.g. for ...": an example, not a sentence's end
_NUMBER_SIGN = re.compile(r"(?:^|[\s(])(?i:no|nr|num)\.$")  # "Passport no. 0071...", when a digit follows
_INITIAL = re.compile(r"(?:^|[\s(])(?:([^\s(]+)\s+)?[A-Z]\.$")  # "C.", "John F."; group 1: the word before


class ClauseJudge(Protocol):
    """Says which clauses a task needs; raises a WebminimError when it cannot."""

    budget_ms: float  # added to the call's time budget

    def needed(self, clauses: Sequence[str], task: str) -> set[int]: ...


def _tag(kind: str) -> str:
    from webminim.egress.rewrite import tag_for  # late: rewrite imports the classifier

    return tag_for(kind)


def clauses(text: str, boundary: re.Pattern[str] = _BOUNDARY) -> list[tuple[int, int]]:
    """Clause spans: sentences and semicolon / dash / newline-separated parts."""
    spans, start = [], 0
    for m in boundary.finditer(text):
        if not m.group(0).strip() and "\n" not in m.group(0) and _abbreviation(text, m.start(), m.end()):
            continue  # "C. Mercedes 66", "Dr. Lee": an abbreviation's dot ends no sentence
        if m.start() > start:
            spans.append((start, m.start()))
        start = m.end()
    if start < len(text):
        spans.append((start, len(text)))
    spans = [(s, e) for s, e in spans if text[s:e].strip()]
    # a Markdown heading goes with the line under it: "## Plan" + "merino blend pairs" is one step
    merged: list[tuple[int, int]] = []
    for s, e in spans:
        if merged and _HEADING.fullmatch(text, *merged[-1]) and "\n" in text[merged[-1][1] : s]:
            merged[-1] = (merged[-1][0], e)
        else:
            merged.append((s, e))
    return merged


# a task that asks for a sum, and a money amount written with its currency
COMPUTES = re.compile(r"\b(?:estimate|calculate|compute|work out|figure out|how much|forecast)\b", re.I)
AMOUNT = re.compile(r"[$€£¥₹]\s?\d|\b\d[\d,.]*\s?(?:USD|EUR|GBP|dollars|euros|pounds)\b")


def _abbreviation(text: str, end: int, after: int) -> bool:
    """The dot before `end` closes an abbreviation: a title ("Dr.", "St."), a number sign
    before the number at `after` ("no. 0071"), or an initial that opens the text or a
    sentence or follows a capitalised word ("C. Mercedes 66", "John F. Kennedy"), not a
    letter after a lowercase word ("size L. User profile ..."). A window of 40 characters:
    the scan stays linear."""
    start = max(0, end - 40)
    before = text[start:end]
    if _TITLE.search(before) or _LATIN.search(before):
        return True
    if _NUMBER_SIGN.search(before) and text[after : after + 1].isdigit():
        return True
    initial = _INITIAL.search(before)
    if initial is None:
        return False
    word = initial.group(1)
    if word is None:  # nothing before it in the window but "(" or spaces
        return start == 0 or initial.start() > 0
    return word[:1].isupper() or word[-1:] in ".!?"  # after a sentence's end it opens the next


def _needed(clause: str, task: str, index: int) -> bool:
    """About the task: it shares a content word with it, or MiniLM puts it close. A clause that
    speaks of someone else must share half its content words: "the boy has fits at night" is
    not about a campsite booking "for 3 nights", "Also the man upstairs deals drugs from the
    flat" not about a noise report on "the flat upstairs"."""
    if not task:
        return False
    if COMPUTES.search(task) and AMOUNT.search(clause):
        return True  # a sum asked for needs its figures: "Yearly earnings $84,000" to estimate a refund
    shared, covered = _coverage(clause, task)
    if shared >= FIRM or covered:
        return True
    # someone else's news shares a word with the task by chance; the writer's own situation,
    # or what happened, needs two task words
    own = shared >= 2 or (shared == 1 and not (_speaks_of_self(clause) or _told(clause)))
    if own and not _names_someone_else(clause, task):
        return True
    words = tokens(clause)
    if (  # a request the task makes, of no one but by pronoun: "Please ring if you see him"
        shared >= 1
        and _PLEASE.search(clause)
        and SPEAKER.isdisjoint(words)
        and not _told(clause)
        and not names_someone([w for w in words if w not in _BARE_PRONOUNS])
    ):
        return True
    return index < MAX_CLAUSES and semantic.similarity(clause, task) >= SIMILARITY


def _coverage(part: str, task: str) -> tuple[int, bool]:
    """The task's content words a part shares, and whether they are at least half of its own."""
    shared = overlap(part, task)
    return shared, shared >= 1 and 2 * shared >= len(set(content_tokens(part)))


def firmly_about_task(sentence: str, task: str) -> bool:
    """One of the parts shares two content words with the task, or half of its own."""
    for s, e in _part_spans(sentence) or [(0, len(sentence))]:
        shared, covered = _coverage(sentence[s:e], task)
        if shared >= 2 or covered:
            return True
        if _has_firm_piece(sentence[s:e], task):
            return True
    return False


def _has_firm_piece(part: str, task: str) -> bool:
    """Does a bare comma join a piece the task names to the rest ("No peanuts, I was rushed to ...")?"""
    pieces = clauses(part, _COMMA)
    return len(pieces) > 1 and any(_firm_piece(part[a:b], task) for a, b in pieces)


def _firm_piece(piece: str, task: str) -> bool:
    """A piece a bare comma joins that the task names: two of its words, or every one of its
    content words ("No peanuts", "helmet size M"; not "Taxi from [address] to the shrink")."""
    words = set(content_tokens(piece))
    shared, covered = _coverage(piece, task)
    # half of its words ("Noon walks" for a walker at noon) only when no item was blanked out of
    # it: "Taxi from [address] to the shrink" is not half about a taxi
    return bool(words) and (words <= set(content_tokens(task)) or shared >= 2 or (covered and BLANK not in piece))


def _about_task(sentence: str, task: str, index: int) -> bool:
    """A sentence is about the task when one of its parts is (`_needed_parts`' parts): "The user
    needs a laptop under 1000" makes the sentence that goes on ", and the insurer refused ..."
    needed, and the part about the insurer is cut from it afterwards. So is a piece a bare comma
    joins ("No peanuts, I was rushed to A and E in May")."""
    spans = _part_spans(sentence) or [(0, len(sentence))]
    if len(spans) < 2 and _needed(sentence, task, index):
        return True
    for s, e in spans:
        if (len(spans) > 1 and _needed(sentence[s:e], task, index)) or _has_firm_piece(sentence[s:e], task):
            return True
    return False


def minimize_text(
    value: str,
    found: Sequence[Finding],
    unnecessary: Sequence[Finding],
    task: str,
    judge: ClauseJudge | None = None,
    *,
    opening: bool = True,
) -> str:
    """`value` with the clauses the task does not need removed and unnecessary items tagged
    (REMOVED when none is needed and, with `opening`, the opening is not clean either).
    Without `opening` (an optional field that carries PSD) a clause is kept only when one of
    its parts is firmly about the task: two task words, or half its words ("helmet size M",
    not "without legal status" for "free legal help"), or, when none is, the opening clause
    says what the field is for (`_states_purpose`)."""
    drop = {id(f) for f in unnecessary}
    tagged: list[str] = []
    keep: set[int] = set()
    clean: set[int] = set()  # clauses in which no detector found anything
    opening_clean = False
    spans = clauses(value)
    for index, (start, end) in enumerate(spans):
        inside = [f for f in found if start <= f.start < end]
        bad = [f for f in inside if id(f) in drop]
        clause = value[start:end]
        opening_clean = opening_clean or (index == 0 and not inside)
        if not inside:
            clean.add(index)
        blanked = _without(clause, bad, start)
        if any(id(f) not in drop for f in inside) or (
            _about_task(blanked, task, index) if opening else firmly_about_task(blanked, task)
        ):
            keep.add(index)
        out = clause
        for f in reversed(disjoint(bad)):  # items of one encoded substring share its span: tag it once
            a, b = f.start - start, min(f.end, end) - start
            out = out[:a] + _tag(f.kind) + out[b:]
        tagged.append(out.strip())
    if keep:  # as in `needed_part`: a plan that names no one and holds nothing found rides along
        labelled = {i for i in range(1, len(spans)) if _after_label(value, spans, i)}
        keep |= {i for i in clean if i not in keep and _rides_along(tagged[i], after_label=i in labelled)}
        # a label a dash split off goes with what it labels: "Note to self - <a fact>"
        keep -= {i for i in keep if i + 1 in labelled and i + 1 not in keep}
    if judge is not None and task and len(keep) < len(tagged):
        keep |= _asked(judge, tagged[:MAX_CLAUSES], task)
    if not keep and opening_clean and opening:
        keep = {0}  # a required message is not sent empty: its opening states the request
    if not keep and not opening and tagged and _states_purpose(value[slice(*spans[0])], tagged[0], clean=0 in clean):
        keep = {0}  # an optional note's opening may say what it is for: "Keen to grow vegetables."
    kept = [_needed_parts(text, task, strict=not opening) for i, text in enumerate(tagged) if i in keep]
    return " ".join(kept) if kept else REMOVED


_PLEASE = re.compile(r"\bplease\b", re.I)


def _states_purpose(raw: str, tagged: str, *, clean: bool) -> bool:
    """The opening clause of an optional field says what the field is for: nothing was found in
    it ("Keen to grow vegetables.") or it asks for something ("please", or an English verb first:
    "Name labels for [name], please.", "Bring [medication] log"), with its items tagged; and it
    names no one (nor anyone's thing: "Party at Anna's school"), tells nothing that happened and
    opens with no label ("Reason: paid from the compensation money" is context whatever the
    label's language). Undetected context tends to come after the opening; later clean clauses
    stay out. A note of one sentence has no opening of this kind: its one sentence is its
    content ("Needs step-free access after a spinal fusion")."""
    request = bool(_PLEASE.search(raw)) or imperative(tokens(raw)[:1])
    owner = _POSSESSIVE.search(raw)  # "Party at Anna's school": whose it is names someone
    return (clean or request) and not (owner or _LABEL.match(raw)) and impersonal(tagged) and not _told(tagged)


_POSSESSIVE = re.compile(r"\w['’]s\b")


def needed_part(
    value: str,
    task: str,
    *,
    required: bool = False,
    needed: Sequence[Finding] = (),
    judge: ClauseJudge | None = None,
    firm: bool = False,
) -> str | None:
    """A free-text value with no unnecessary finding, cut to the sentences the task needs
    (those about it, or holding one of the `needed` items): untouched when it needs them
    all; when it needs none, None for an optional field and the opening sentence (the
    request) for a required one. Detectors miss contextual items ("I was driving back from
    my fortnightly blood transfusion" in a claim about hail damage); what the task does not
    ask for does not go out, found or not, unless it names no one (`impersonal`): once some
    sentence is needed, the plan of a reasoning trace ("Shortlist models with 32 GB") and
    the description of an item go with it. Whole sentences here; a kept sentence then loses
    the parts the task does not need (`_needed_parts`). A `judge` may add sentences, as in
    `minimize_text`. `firm`: a sentence is needed only when firmly about the task
    (`firmly_about_task`), as for a member of a structure written into a string, whose
    schema says nothing about it."""
    spans = clauses(value, _SENTENCE_END)
    keep = {
        index
        for index, (s, e) in enumerate(spans)
        if any(s <= f.start < e for f in needed)
        or (firmly_about_task(value[s:e], task) if firm else _about_task(value[s:e], task, index))
    }
    if judge is not None and len(keep) < len(spans):
        keep |= _asked(judge, [value[s:e].strip() for s, e in spans[:MAX_CLAUSES]], task)
    if not keep:
        opening = value[spans[0][0] : spans[0][1]] if len(spans) > 1 else ""
        if not (required or (opening and _states_purpose(opening, opening, clean=True))):
            return None
        keep = {0}  # a required text's opening is its request; an optional note's when it says what it is for
    else:  # an on-task text keeps what says nothing about anyone: the plan, the item described
        keep |= {i for i, (s, e) in enumerate(spans) if i not in keep and _rides_along(value[s:e])}
    kept = [value[spans[i][0] : spans[i][1]].strip() for i in sorted(keep)]
    parts = [_needed_parts(sentence, task) for sentence in kept]
    if len(kept) == len(spans) and parts == kept:
        return value  # nothing cut: the value as written, its own spacing included
    return " ".join(parts)


_BECAUSE_WORD = r"(?i:because\s+(?!of\s))"  # a reason ("because of the small room" is a cause inside one)
_PART = re.compile(
    r",\s+(?=(?:and|but|so|because|while|since|though|although|when|given|considering|seeing|now|unless"
    r"|whereas|even|as|if|who|which|whose)\s|(?i:e\.g\.|i\.e\.|for example|for instance|such as)\s)"
    r"|\s+(?=(?i:because|as|since)\s+(?i:i|my|we|our|he|she|they|his|her|their)\s)"  # "... as my stepdad ..."
    rf"|\s+(?={_BECAUSE_WORD})"  # a reason, whoever it is about: "... because the kids have ..."
    r"|(?:^|,?\s+|(?<=\s))\(?[a-z1-9]\)\s+"  # a list marker: "a) ... b) ...", "(1) ... (2) ..."
    r"|:\s+|;\s+|\s+[—–-]\s+|\s*\(\s*|\s*\)"  # a colon, a semicolon, a dash, a bracket
)


# an opening reason or condition is a part of its own; an opening reason may go
_LEADING = _opening(
    "since|because|as|although|though|while|given that|given|now that|unless|whereas|even though|once|if"
)


def _part_spans(sentence: str) -> list[tuple[int, int]]:
    """A sentence's parts (`_PART`), its opening reason or condition a part of its own, and a
    clause that a bare "and" joins on (`_and_clauses`)."""
    spans = [piece for span in clauses(sentence, _PART) for piece in _and_clauses(sentence, span)]
    lead = _LEADING.match(sentence)
    if lead and spans and spans[0][0] <= lead.end() - 2 < spans[0][1]:
        cut = lead.start() + len(lead.group(0).rstrip().rstrip(","))  # the opening without its comma
        first = (spans[0][0], cut), (lead.end(), spans[0][1])
        spans = [span for span in first if sentence[span[0] : span[1]].strip()] + spans[1:]
    return spans


_AND = re.compile(r"\s+(?=and\s)")
_PRONOUN = frozenset(["i", "we", "he", "she", "they", "you"])
_SUBJECT = _PRONOUN | frozenset(["the", "my", "our", "his", "her", "their"])
_NEGATED = frozenset(["cannot", "can't", "won't", "didn't", "doesn't", "don't", "isn't", "wasn't"])


def _and_clauses(sentence: str, span: tuple[int, int]) -> list[tuple[int, int]]:
    """`span` split before each bare "and" that opens a clause of its own: a subject (a pronoun,
    or a determiner and its noun) and, within six words, a finite verb ("The hinge is broken and
    I can no longer lift it", "... and the man upstairs kicked it in"). "milk and the bread",
    "a table for me and my wife" join no clause and stay one part."""
    start, end = span
    out = []
    for m in _AND.finditer(sentence, start, end):
        words = tokens(sentence[m.end() : min(end, m.end() + 120)])[1:8]
        # a determiner's verb comes after its noun: "and the sliced bread" opens no clause
        verbs = words[1:7] if words[:1] and words[0] in _PRONOUN else words[2:7]
        if words[:1] and words[0] in _SUBJECT and any(_finite(w) for w in verbs):
            out.append((start, m.start()))
            start = m.end()
    return [*out, (start, end)]


def _finite(word: str) -> bool:
    """An auxiliary, a modal, a negated one, a past form in -ed or a verb's third person."""
    return word in _NEGATED or _verb(word) or (len(word) > 4 and word.endswith("ed"))


def _names_a_third_person(part: str) -> bool:
    """ "they came out of prison", "her dad was locked up": someone other than the writer and
    the one written to."""
    return names_someone(tokens(part))


def _needed_parts(sentence: str, task: str, *, strict: bool = False, asides: bool = True) -> str:
    """A needed sentence without the parts the task does not need ("Quick service, and the
    nurse was kind about my test results" for a review that praises the service): only when
    some part is needed by itself, else the whole sentence (the parts were needed together).
    Parts: after ", and" / ", because"..., a colon, a dash, inside brackets, and a reason
    with a personal subject ("... as my stepdad ..."). Halves joined by a semicolon are one
    thought ("The user wants a recipe; I should search for vegetarian lasagna") unless the
    unneeded half turns to a third person ("...; they came out of prison last week"), to what
    happened, or to the writer's own lot ("...; it is cheap enough for our tight budget"); an
    aside in brackets stays unless it speaks of someone ("(HP 305 black)" stays, "(she needs
    room for her shots)" goes). `strict` (an optional field that carries PSD): a piece a bare
    comma joins that speaks of the writer goes too when the task does not need it."""
    # "The user, who ..., wants X" -> "The user wants X"; "X is needed - ... - so Y" -> "X is needed, so Y"
    for aside, joint in ((_EMBEDDED, " "), (_DASHED, ", ")) if asides else ():
        embedded = aside.match(sentence)
        if embedded and not _needed(embedded["clause"], task, 0):  # judged as one clause, written as before
            joined = f"{embedded['head']} {embedded['rest']}"
            out = _needed_parts(joined, task, strict=strict, asides=False)  # one aside: bounded work
            return embedded["head"] + joint + embedded["rest"] if out == joined else out
    spans = _part_spans(sentence)
    if len(spans) < 2:
        return _spliced(sentence, task, strict=strict)
    parts = [sentence[s:e] for s, e in spans]
    needed = [_needed(part, task, i) for i, part in enumerate(parts)]
    if not any(needed):
        if _REASON.match(sentence):  # kept for what it says, not for why: "Since …, please pay …"
            rest = sentence[spans[1][0] :]
            return rest[:1].upper() + rest[1:]
        reasons = [i for i, part in enumerate(parts) if _BECAUSE.match(part)]
        if reasons and reasons[0] > 0:  # riding along for what it says, not for why: "Selling because …"
            return sentence[: spans[reasons[0]][0]].rstrip(" ,;:-") + "."
        return _spliced(sentence, task, strict=strict)  # no part by itself: maybe a piece a comma joins
    joints = ["", *(sentence[spans[i][1] : spans[i + 1][0]] for i in range(len(spans) - 1)), ""]
    keep = []
    for i, part in enumerate(parts):
        before, after = joints[i], joints[i + 1]
        if ";" in before + after:
            needed[i] = needed[i] or not (
                _names_a_third_person(part) or _told(part) or (_speaks_of_self(part) and not impersonal(part))
            )
        elif ("(" in before and ")" in after) or (i > 0 and not before.strip() and part.startswith("and ")):
            # an aside in brackets, a clause a bare "and" joins: they go when they speak of someone
            needed[i] = needed[i] or not _personal(tokens(part))
        elif (i > 0 and needed[i - 1] and _labels(before, parts[i - 1])) or _MARKER.search(before):
            # "Day one: Alfama and the castle", "Recommendation - a 13-inch ultrabook"; a listed
            # step "..., b) find a beach walk"
            needed[i] = needed[i] or (impersonal(part) and not _told(part))
        if needed[i]:
            keep.append(part.strip())
    if len(keep) == len(spans):  # every part needed: a piece a comma joins between two may still go
        return _spliced(sentence, task, strict=strict, middle_only=True)
    text = ", ".join(part.removeprefix("and ").removeprefix("but ") for part in keep).rstrip(".!?,;: ")
    if not needed[0]:  # the sentence now opens with a later part: "Gentle yoga fits."
        text = text[:1].upper() + text[1:]
    end = sentence.rstrip()[-1:]
    return text + (end if end in ("!", "?") else ".")  # a question stays one


_COMMA = re.compile(r",\s+")
_BECAUSE = re.compile(rf"\s*{_BECAUSE_WORD}")
# a relative clause between two commas after a sentence's subject: "The user, who ..., wants ..."
_EMBEDDED = re.compile(
    r"(?P<head>[^,;:()]{1,80}),\s+(?P<clause>(?i:who|whose|which)\s[^,;:()]{1,200}),\s+(?P<rest>.+)", re.S
)
# an aside between two dashes inside a sentence: "A double duvet is needed - ... - so a 4.5 tog one"
_DASHED = re.compile(r"(?P<head>[^-–—]{1,200}?)\s[-–—]\s(?P<clause>[^-–—]{1,200}?)\s[-–—]\s(?P<rest>.+)", re.S)
_MARKER = re.compile(r"\(?[a-z1-9]\)\s*$")


def _labels(joint: str, before: str) -> bool:
    """The part before `joint` labels what follows: a colon ("Day one: ..."), or a dash after
    one or two words ("Recommendation - ..."; not "Call the bank - not that it matters")."""
    return ":" in joint or (_DASH.search(joint) is not None and len(before.split()) <= 2)


def _spliced(sentence: str, task: str, *, strict: bool = False, middle_only: bool = False) -> str:
    """A sentence whose pieces a bare comma joins, without the pieces that tell what happened or
    speak of a third person when another piece is firmly about the task: "My licence was taken after
    the charge, helmet size M." -> "Helmet size M." for a bike with a size-M helmet. Pieces that
    tell nothing ("milk, bread") stay, and so does the sentence when no piece is firmly
    needed (the pieces were needed together)."""
    spans, joint = clauses(sentence, _COMMA), ", "
    if len(spans) < 2:  # a row of values written without spaces: "2026-11-30,Taxi,18.50,..."
        spans, joint = clauses(sentence, _BARE_COMMA), ","
    if len(spans) < 2:
        return sentence
    pieces = [sentence[s:e].strip() for s, e in spans]
    if not any(firmly_about_task(piece, task) for piece in pieces):
        return sentence
    # a list of values has no sentence end ("oak, extendable, ..."); a sentence's pieces describe
    remarks = _remarks(pieces, task) if sentence.rstrip()[-1:] not in (".", "!", "?") else [False] * len(pieces)
    remarks = [a or b for a, b in zip(remarks, _asides(pieces, task), strict=True)]
    story = [
        not _needed(piece, task, i)
        and (_told(piece) or _names_a_third_person(piece) or (strict and _speaks_of_self(piece)) or remarks[i])
        and not (middle_only and i in (0, len(pieces) - 1))
        for i, piece in enumerate(pieces)
    ]
    if not any(story):
        return sentence
    text = joint.join(piece for piece, told in zip(pieces, story, strict=True) if not told).rstrip(".!?,;: ")
    end = sentence.rstrip()[-1:]
    if story[0] or end in ".!?":  # a sentence that now opens with a later piece; a list stays as written
        text = text[:1].upper() + text[1:]
    return text + (end if end in ".!?" else "")


_BARE_COMMA = re.compile(r",(?=[^\W\d_])")


def _remarks(pieces: Sequence[str], task: str) -> list[bool]:
    """In a list of short values (tags, a row's columns: at most three words each, no function
    word), one of which the task names, a piece that reads as a phrase (three words or more,
    one of them a function word) is a remark, not a value: "oak, extendable, <a remark>"."""
    said = set(content_tokens(task))
    words = [tokens(piece) for piece in pieces]
    value = [len(w) <= 3 and not _ENGLISH.intersection(w) for w in words]
    named = [bool(set(content_tokens(piece))) and set(content_tokens(piece)) <= said for piece in pieces]
    out = []
    for i, w in enumerate(words):
        others = [j for j in range(len(pieces)) if j != i]
        listed = len(pieces) >= 3 and all(value[j] for j in others) and any(named[j] for j in others)
        out.append(listed and not named[i] and len(w) >= 3 and bool(_ENGLISH.intersection(w)))
    return out


def _asides(pieces: Sequence[str], task: str) -> list[bool]:
    """A piece of three words or more that shares no word with the task, between pieces that
    are each firmly about it: "On my way, <an aside>, there at 7"."""
    firm = [firmly_about_task(piece, task) for piece in pieces]
    return [
        0 < i < len(pieces) - 1
        and all(firm[j] for j in range(len(pieces)) if j != i)
        and len(tokens(piece)) >= 3
        and overlap(piece, task) == 0
        for i, piece in enumerate(pieces)
    ]


def _asked(judge: ClauseJudge, tagged: Sequence[str], task: str) -> set[int]:
    """The judge's extra clauses; nothing extra when it fails (the local decision stands)."""
    try:
        return {i for i in judge.needed(tagged, task) if 0 <= i < len(tagged)}
    except WebminimError:
        return set()


BLANK = "\ue000"  # where an item was blanked out (a private-use mark: no word, no letter)


def _without(clause: str, bad: Sequence[Finding], offset: int) -> str:
    """The clause with its unnecessary items blanked: they must not make it look needed."""
    out = clause
    for f in reversed(disjoint(bad)):
        a, b = max(0, f.start - offset), min(len(clause), f.end - offset)
        out = out[:a] + f" {BLANK} " + out[b:]
    return out
