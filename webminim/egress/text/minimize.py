"""TextMinimizer: one free-text minimizer for every channel (tool-call text, typed form text).

    minimizer = TextMinimizer()
    out = minimizer.minimize(
        "Hi Dana,\\nThe release moved to Friday. Sam is off sick with depression again.\\nBest,\\nAlex",
        task="Tell Dana the release date",
        recipient="Dana",
    )
    out.text   # "Hi Dana,\\nThe release moved to Friday.\\nBest,\\nAlex"

Per sentence: whose data it is (`owner`: the user, the recipient, a third party, nobody),
which category of the taxonomy (`ContextModel`, learned from outside text), and whether this
flow suits the instruction: a private sentence goes out only when the instruction asks for
it (it shares two content words with it, or the instruction is itself about that category)
or when it is the recipient's own business told to them. A private sentence whose main
clause is not private keeps that clause ("Sam can't come on Friday because his divorce
hearing is that day" -> "Sam can't come on Friday due to a family matter"). Values that
patterns find well (cards, IBANs, phones, e-mail addresses, street addresses, ID numbers,
credentials) are tagged unless the instruction, the recipient or the field asks for their
kind or names them. Names are not masked: a message to Dana says "Dana".

The task is split into instruction and material first (`split_task`): necessity comes from
the instruction and the field (its label, its form, the page's origin and title), never from
material. Edits are minimal: a text with nothing to remove comes back byte-identical;
otherwise only the removed sentence and the space before it go, and the greeting, closing,
line breaks, Markdown and the other sentences stay as they were.
"""

from __future__ import annotations

import re
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import usaddress

from webminim.egress import deadline
from webminim.egress.classifier import PSDClassifier
from webminim.egress.detectors import Finding, disjoint, resolve_overlaps
from webminim.egress.detectors.contact import PHONE_CUE_WORDS
from webminim.egress.freetext import AMOUNT, COMPUTES, ClauseJudge
from webminim.egress.matching import content_tokens, names_any, overlap
from webminim.egress.rewrite import tag_for
from webminim.egress.text.ci import GENERAL, TAXONOMY, ContextModel, Judgement, default_model
from webminim.egress.text.later import Later
from webminim.egress.text.norms import only_a_cue, states_secrecy
from webminim.egress.text.segments import Span, clauses, is_marker, sentences
from webminim.egress.text.task import Task, split_task
from webminim.errors import EgressError, WebminimError

BUDGET_MS = 250.0
MAX_CHARS = 200_000
# values the patterns find well, each with the words by which an instruction asks for its kind
_ADDRESS = ("address", "ship", "deliver", "delivery", "visit", "pick", "where", "location", "postcode", "zip")
VALUE_KINDS: dict[str, tuple[str, ...]] = {
    "email": ("email", "e-mail", "mail", "address", "contact"),
    "phone": ("phone", "number", "call", "text", "mobile", "cell", "contact", "ring", "whatsapp"),
    "ssn": ("ssn", "social security"),
    "card_number": ("card", "payment", "pay"),
    "iban": ("iban", "bank", "account", "transfer", "pay", "payment"),
    "account_number": ("account", "bank", "transfer", "payment"),
    "ip_address": ("ip", "server", "address"),
    "crypto_address": ("wallet", "bitcoin", "btc", "ethereum", "eth", "crypto", "pay", "payment", "send", "transfer"),
    "mac_address": ("mac", "device", "hardware", "router", "wifi", "network"),
    "street_address": _ADDRESS,
    "dwelling_unit": _ADDRESS,
    "zip": _ADDRESS,
    "passport_number": ("passport", "id", "identity", "document"),
    "national_id": ("id", "identity", "national", "tax", "insurance"),
    "date_of_birth": ("birth", "born", "birthday", "dob", "age"),
    "gps": ("location", "where", "coordinates", "gps"),
    "credential": ("password", "code", "pin", "login", "credentials", "key", "token"),
}
_SECOND_PERSON = re.compile(r"\b(?:you|your|yours|yourself)\b", re.I)
_FIRST_PERSON = re.compile(r"\b(?:i|i'm|i've|i'd|i'll|me|my|mine|myself|we|our|us)\b", re.I)
_THIRD_PERSON = re.compile(r"\b(?:he|she|his|her|hers|him|they|them|their|theirs)\b", re.I)
_NAME = re.compile(r"(?<=\w\s)[A-Z][a-z]{1,20}\b")
# the recipient as the one a fact is about: their own ("your son"), or the subject of a state
# ("you have", "you lost"); "I want to tell you that ..." only addresses them
_ABOUT_YOU = re.compile(
    r"\b(?:your|yours|yourself|you(?:['’](?:re|ve|ll|d)|\s+(?:are|were|have|had|got|lost|need|seem|look|feel|felt)))\b",
    re.I,
)
_CAUSE = re.compile(r",?\s*(?:because|since|as|due to|given that|ever since|now that)\b", re.I)


@dataclass(frozen=True, slots=True)
class FieldContext:
    """What a schema is for a tool, for a form field: its label, its form and its page."""

    label: str = ""
    form: str = ""  # the form's heading or name
    submit: str = ""  # its submit button's label
    action: str = ""  # where it sends (a URL)
    origin: str = ""
    title: str = ""  # the page's title

    def words(self) -> str:
        return " ".join(p for p in (self.label, self.form, self.submit, self.title) if p)


@dataclass(frozen=True, slots=True)
class Edit:
    """One change to the text, by span of the original; no value is kept."""

    start: int
    end: int
    op: str  # "remove", "generalize" or "redact"
    category: str  # a CI category ("health", ...) or a pattern kind ("phone", ...)
    owner: str  # "user", "recipient", "third_party" or "nobody"
    replacement: str
    reason: str

    def to_json(self) -> dict[str, Any]:
        return {
            "op": self.op,
            "span": [self.start, self.end],
            "category": self.category,
            "taxonomy": TAXONOMY.get(self.category, "DI"),
            "owner": self.owner,
            "reason": self.reason,
        }


@dataclass(frozen=True, slots=True)
class TextRewrite:
    """The minimized text and what was done to it (spans of the original, never its text)."""

    text: str
    edits: tuple[Edit, ...] = ()
    elapsed_ms: float = 0.0

    @property
    def changed(self) -> bool:
        return bool(self.edits)

    def to_json(self) -> dict[str, Any]:
        return {"changed": self.changed, "edits": [e.to_json() for e in self.edits], "elapsed_ms": self.elapsed_ms}


@dataclass
class _Context:
    task: Task
    purpose: str  # the instruction, the field's words and the recipient: what the flow is for
    recipient: str
    user: str
    purpose_category: str


@dataclass
class TextMinimizer:
    """Holds the model and the pattern classifier; `minimize()` is pure given those."""

    model: ContextModel | None = None
    classifier: PSDClassifier | None = None
    budget_ms: float = BUDGET_MS
    # the classifier's detectors that can find a value of VALUE_KINDS: the others' finds
    # (names, cities, health words) are the model's business here, and cost a message ~0.2 ms
    _values_classifier: PSDClassifier = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.model is None:
            self.model = default_model()
        if self.classifier is None:
            self.classifier = PSDClassifier()
        self._values_classifier = self.classifier.restricted(VALUE_KINDS)

    def minimize(
        self,
        text: str,
        *,
        task: str = "",
        context: str | Sequence[str] = (),
        field: FieldContext | None = None,
        recipient: str = "",
        user: str = "",
        judge: ClauseJudge | None = None,
    ) -> TextRewrite:
        """The text with what this flow does not need removed; raises EgressError when it
        cannot be checked in time or at all (fail closed: the caller sends nothing).

        `judge` (an LLM on an endpoint the user runs, `webminim.egress.llm_judge`) may give
        back sentences the local model removed; it sees them with every found value already
        tagged, can only widen what is kept, and when it fails the local decision stands."""
        started = time.perf_counter()
        if not isinstance(text, str):
            raise EgressError(f"free text must be a string, not {type(text).__name__}")
        if len(text) > MAX_CHARS:
            raise EgressError(f"free text of {len(text):,} characters is over the {MAX_CHARS:,} limit")
        try:
            with deadline.within(self.budget_ms + (judge.budget_ms if judge is not None else 0.0)):
                ctx = self._context(task, context, field, recipient, user)
                edits = self._edits(text, ctx)
                if judge is not None:
                    edits = _widened(text, edits, judge, ctx.task.instruction)
                edits = _outermost(edits)
        except EgressError:
            raise
        except Exception as exc:  # noqa: BLE001 - a foreign failure is ours at this boundary
            raise EgressError(f"the text could not be checked: {type(exc).__name__}") from exc
        return TextRewrite(_apply(text, edits), tuple(edits), round((time.perf_counter() - started) * 1000, 3))

    def _context(
        self, task: str, context: str | Sequence[str], fld: FieldContext | None, recipient: str, user: str
    ) -> _Context:
        parsed = split_task(task, context)
        purpose = " ".join(p for p in (parsed.instruction, fld.words() if fld else "", recipient) if p)
        return _Context(parsed, purpose, recipient, user, "none")  # its category: judged with the text's batch

    # -- judging ---------------------------------------------------------------------------
    def _edits(self, text: str, ctx: _Context) -> list[Edit]:
        values = Later(lambda: self._values(text, ctx))  # done while the network computes, if it does
        spans = [s for s in sentences(text) if s.kind == "sentence"]
        assert self.model is not None
        parts = [[*clauses(text, span.start, span.end), *_pieces(text, span.start, span.end)] for span in spans]
        # every text to judge, the instruction's too, embedded in one batch (a batch costs more than a text);
        # the instruction keeps a second-stage budget of its own, as when it was judged alone
        instruction = ctx.task.instruction
        self.model.judge_many(
            [instruction] * bool(instruction)
            + [text[s:e] for span, own in zip(spans, parts, strict=True) for s, e in [(span.start, span.end), *own]],
            alone=[instruction] * bool(instruction),
            meanwhile=values.run,
        )
        if instruction:
            ctx.purpose_category = self.model.judge(instruction).category
        verdicts = [self._verdict(text, span, own) for span, own in zip(spans, parts, strict=True)]
        for k in range(1, len(spans)):
            # a norm and nothing else ("This stays between us.") speaks of the sentence before it
            if spans[k - 1].line == spans[k].line and only_a_cue(text[spans[k].start : spans[k].end]):
                before = verdicts[k - 1]
                verdicts[k - 1] = Judgement(before.category if before.private else "confidential", 1.0, "norm")
        deadline.check()
        edits: list[Edit] = []
        for span, verdict in zip(spans, verdicts, strict=True):
            edits.extend(self._sentence(text, span, verdict, ctx) or ())
            deadline.check()
        edits.extend(values.result())
        return sorted(edits, key=lambda e: e.start)

    def _verdict(self, text: str, span: Span, parts: list[tuple[int, int]]) -> Judgement:
        """The sentence's strongest private reading: the whole, each clause, each comma piece (a
        private piece inside a long sentence is diluted in the whole); a stated norm of secrecy
        makes it confidential whatever its topic (`norms`)."""
        assert self.model is not None
        sentence = text[span.start : span.end]
        best = self.model.judge(sentence)
        for s, e in parts:
            if e - s < len(sentence):
                part = self.model.judge(text[s:e])
                if part.private and (not best.private or part.p_private > best.p_private):
                    best = part
        if states_secrecy(sentence):
            return Judgement(best.category if best.private else "confidential", 1.0, "norm")
        return best

    def _sentence(self, text: str, span: Span, verdict: Judgement, ctx: _Context) -> list[Edit] | None:
        if not verdict.private:
            return None
        assert self.model is not None
        sentence = text[span.start : span.end]
        owner = _owner(sentence, ctx)
        whole_flows = self._flows(sentence, verdict, owner, ctx)
        parts = clauses(text, span.start, span.end)
        if len(parts) > 1 and verdict.by != "norm":
            # a clause goes on its own when the main one may stay: "..., because <private reason>"
            judged = [(s, e, self.model.judge(text[s:e])) for s, e in parts]
            main_start, main_end, main = judged[0]
            if not main.private or self._flows(text[main_start:main_end], main, owner, ctx):
                going = [(s, e, j) for s, e, j in judged[1:] if j.private and not self._flows(text[s:e], j, owner, ctx)]
                # what stays is read again as a whole: "my dad has dementia, and my mom ... was
                # diagnosed with cancer" loses its second clause, and the first says as much
                rest = " ".join(text[s:e].strip() for s, e, j in judged if (s, e, j) not in going)
                left = self.model.judge(rest) if going else None
                if left is not None and (not left.private or self._flows(rest, left, owner, ctx)):
                    return [self._clause_edit(text, s, e, j, owner, span) for s, e, j in going]
        if whole_flows:
            return None
        start, end = _removal(text, span)
        reason = (
            "the text asks that this not be shared"
            if verdict.by == "norm"
            else f"a {verdict.category} fact the task does not need"
        )
        return [Edit(start, end, "remove", verdict.category, owner, "", reason)]

    def _clause_edit(self, text: str, start: int, end: int, verdict: Judgement, owner: str, span: Span) -> Edit:
        tail = end == span.end and text[end - 1 : end] in ".!?"
        stop = end - 1 if tail else end  # the sentence keeps its full stop
        cause = _CAUSE.match(text, start)
        if cause is not None:
            general = f" due to {GENERAL.get(verdict.category, 'a personal matter')}"
            reason = f"a {verdict.category} reason generalized"
            return Edit(start, stop, "generalize", verdict.category, owner, general, reason)
        return Edit(
            start, stop, "remove", verdict.category, owner, "", f"a {verdict.category} clause the task does not need"
        )

    def _flows(self, sentence: str, verdict: Judgement, owner: str, ctx: _Context) -> bool:
        """Does this private sentence suit the flow: asked for by the instruction, or the
        recipient's own business told to them?"""
        if owner == "recipient" and verdict.by != "norm":
            return True  # their own business, told to them (a secret kept from them is not)
        instruction = ctx.task.instruction
        if not instruction:
            return False
        if overlap(sentence, ctx.purpose) >= 2:
            return True
        if verdict.category == "finance" and COMPUTES.search(instruction) and AMOUNT.search(sentence):
            return True  # a sum the instruction asks for needs its figures ("estimate my refund": the pay)
        return ctx.purpose_category == verdict.category and (
            owner in ("user", "nobody") or _names_owner(sentence, instruction)
        )

    def _values(self, text: str, ctx: _Context) -> list[Edit]:
        """Tags for values the patterns find that the instruction does not ask for (also inside
        sentences that go: a judge reads those tagged)."""
        found = [
            f
            for f in self._values_classifier.classify_text(text, resolved=False)
            if f.kind.removesuffix("_split") in VALUE_KINDS
        ]
        # what is not what it looks like goes before overlaps are settled: a number and a town
        # read as a house and its street ("10115 Berlin") would otherwise hide the postcode
        streets = [f for f in found if f.kind.startswith("street") and _firm(f, text, [])]
        firm = set(streets)  # a street is read once (usaddress parses it); the rest beside them
        found = disjoint(
            resolve_overlaps(
                f for f in found if f in firm or (not f.kind.startswith("street") and _firm(f, text, streets))
            )
        )
        out: list[Edit] = []
        asked = set(content_tokens(ctx.purpose))
        for f in found:
            kind = f.kind.removesuffix("_split")
            if _asked_for(kind, asked) or names_any(f.text, (ctx.purpose, ctx.user)):
                continue
            out.append(
                Edit(f.start, f.end, "redact", kind, "nobody", tag_for(kind), f"a {kind} the task does not ask for")
            )
        return out


_COMMA = re.compile(r",\s+")


_WORDS = re.compile(r"\S+")
WINDOW = 12  # words: a run-on sentence is also read in windows this long, half overlapping


def _pieces(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """The comma-separated pieces of three words or more of text[start:end] and, in a
    sentence over two windows long, its windows of WINDOW words (a private remark in a run-on
    sentence with no punctuation around it is diluted in the whole)."""
    out, begin = [], start
    for m in _COMMA.finditer(text, start, end):
        out.append((begin, m.start()))
        begin = m.end()
    out.append((begin, end))
    pieces = [(s, e) for s, e in out if len(text[s:e].split()) >= 3] if len(out) > 1 else []
    words = [m.span() for m in _WORDS.finditer(text, start, end)]
    if len(words) > 2 * WINDOW:
        step = WINDOW // 2
        for i in range(0, len(words) - step, step):
            window = words[i : i + WINDOW]
            pieces.append((window[0][0], window[-1][1]))
    return pieces


def _outermost(edits: list[Edit]) -> list[Edit]:
    """The edits less the tags inside a sentence or clause that goes whole (they never apply)."""
    cuts = [e for e in edits if e.op != "redact"]
    return [e for e in edits if e.op != "redact" or not any(c.start <= e.start and e.end <= c.end for c in cuts)]


def _widened(text: str, edits: list[Edit], judge: ClauseJudge, instruction: str) -> list[Edit]:
    """The edits less the removals the judge says the instruction needs."""
    removals = [e for e in edits if e.op != "redact"]
    if not removals:
        return edits
    redactions = [e for e in edits if e.op == "redact"]
    shown = [_tagged(text, e.start, e.end, redactions) for e in removals]
    try:
        wanted = judge.needed(shown, instruction)
    except WebminimError:
        return edits  # the local decision stands
    back = {id(removals[i]) for i in wanted if 0 <= i < len(removals)}
    return [e for e in edits if id(e) not in back]


def _tagged(text: str, start: int, end: int, redactions: list[Edit]) -> str:
    """text[start:end] with the redactions inside it applied: what a judge may read."""
    inside = [
        Edit(r.start - start, r.end - start, r.op, r.category, r.owner, r.replacement, r.reason)
        for r in redactions
        if start <= r.start and r.end <= end
    ]
    return _apply(text[start:end], inside).strip()


_PHONE_CUE = re.compile(rf"(?i)(?<!\w)(?:{PHONE_CUE_WORDS}|text|ring|number)(?!\w)[^\d\n]{{0,20}}$")
_ZIP_CUE = re.compile(r"(?i)\b(?:zip|postcode|post code|postal code|plz|cp)\b\W{0,3}$")
_STREET_LABELS = frozenset({"StreetNamePostType", "StreetNamePreType", "OccupancyType", "USPSBoxType"})


def _firm(f: Finding, text: str, streets: list[Finding]) -> bool:
    """Is a pattern's find in running prose what it looks like? Tables of figures, times and
    dates read as house numbers ("16 Thursday", "20 Houston") and phone numbers ("850 2.2390
    12"): in a message an address needs its street type, a phone number ten digits or its cue,
    a postcode its street (of `streets`, the firm ones) or its cue."""
    kind = f.kind.removesuffix("_split")
    before = text[max(0, f.start - 30) : f.start]
    if kind == "phone":
        return sum(c.isdigit() for c in f.text) >= 10 or f.text.startswith("+") or bool(_PHONE_CUE.search(before))
    if kind == "zip":
        return bool(_ZIP_CUE.search(before)) or any(abs(g.end - f.start) < 40 for g in streets if g is not f)
    if f.detector.partition("+")[0] == "street_address":  # usaddress, in any view: a number before capitalised words
        try:
            labels = {label for _, label in usaddress.parse(f.text)}
        except Exception:  # noqa: BLE001 - a parser hiccup on odd text is not an address
            return False
        return bool(labels & _STREET_LABELS)
    return True


def _asked_for(kind: str, asked: set[str]) -> bool:
    return any(w in asked for word in VALUE_KINDS.get(kind, ()) for w in word.split())


def _names_owner(sentence: str, instruction: str) -> bool:
    return any(names_any(m.group(0), (instruction,)) for m in _NAME.finditer(sentence))


def _owner(sentence: str, ctx: _Context) -> str:
    """Whose data a sentence tells: the recipient's (to them, or by name), the user's own, a
    third party's (another name, he / she / they) or nobody's. A sentence in which the writer
    also speaks of themselves is the recipient's only when it speaks of them, not merely to
    them ("I can't lend you any, I'm broke" is the writer's)."""
    first = ctx.recipient.split()[0] if ctx.recipient.split() else ""
    speaks_of_you = _ABOUT_YOU.search(sentence) if _FIRST_PERSON.search(sentence) else _SECOND_PERSON.search(sentence)
    if speaks_of_you or (first and re.search(rf"\b{re.escape(first)}\b", sentence)):
        third = [m.group(0) for m in _NAME.finditer(sentence) if m.group(0) != first]
        if not third and not _THIRD_PERSON.search(sentence):
            return "recipient"
    if _THIRD_PERSON.search(sentence) or _NAME.search(sentence):
        return "third_party"
    if _FIRST_PERSON.search(sentence):
        return "user"
    return "nobody"


def _removal(text: str, span: Span) -> tuple[int, int]:
    """The span to cut for a whole sentence: with the spaces after it, or before it when it
    ends its line; a line left with nothing but its marker goes whole, newline included."""
    start, end = span.start, span.end
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line_end = len(text) if line_end < 0 else line_end
    after = end
    while after < line_end and text[after] in " \t":
        after += 1
    if after < line_end:
        return start, after
    before = start
    while before > line_start and text[before - 1] in " \t":
        before -= 1
    if before > line_start and not is_marker(text[line_start:before]):
        return before, end
    # the line holds nothing else: it goes, with its newline
    if line_end < len(text):
        return line_start, line_end + 1
    return (line_start - 1 if line_start > 0 else line_start), line_end


def _apply(text: str, edits: list[Edit]) -> str:
    if not edits:
        return text
    out, last = [], 0
    for e in sorted(edits, key=lambda e: e.start):
        if e.start < last:
            continue  # inside an edit already made
        out.append(text[last : e.start])
        out.append(e.replacement)
        last = e.end
    out.append(text[last:])
    return "".join(out)
