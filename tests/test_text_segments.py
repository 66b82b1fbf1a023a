"""The free-text layer's pure parts: sentences and shape, clauses, instruction vs material."""

from __future__ import annotations

import pytest

from webminim.egress.text.minimize import Edit, _apply, _removal
from webminim.egress.text.segments import Span, clauses, sentences
from webminim.egress.text.task import split_task


def _texts(text: str) -> list[tuple[str, str]]:
    return [(s.kind, text[s.start : s.end]) for s in sentences(text)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a letter: greeting and closing are shape, the signature too
        (
            "Hi Emily,\n\nThe release moved to Friday. QA signed off.\n\nBest,\nAlex",
            [
                ("shape", "Hi Emily,"),
                ("sentence", "The release moved to Friday."),
                ("sentence", "QA signed off."),
                ("shape", "Best,"),
                ("shape", "Alex"),
            ],
        ),
        # an abbreviation's dot ends no sentence; a name's does
        (
            "Dr. Lee signed off, e.g. on the API. I met Bob. Then we left.",
            [
                ("sentence", "Dr. Lee signed off, e.g. on the API."),
                ("sentence", "I met Bob."),
                ("sentence", "Then we left."),
            ],
        ),
        # a bullet's marker is shape, its text a sentence; a Markdown heading is shape
        (
            "## Notes\n- item one is done\n2) call the vendor",
            [
                ("shape", "## Notes"),
                ("shape", "- "),
                ("sentence", "item one is done"),
                ("shape", "2) "),
                ("sentence", "call the vendor"),
            ],
        ),
        # a hard-wrapped paragraph (e-mail, Usenet) is one run: a sentence goes on over the break;
        # a short line, a lead-in's colon, an indented line and a bullet end the run
        (
            "The build went fine on most of the machines we tried this week, and\nthe laptops too. "
            "It was slow.\nShort line\nnext line\nThese are the steps we took to fix the build:\n"
            "    make clean\n- a bullet",
            [
                ("sentence", "The build went fine on most of the machines we tried this week, and\nthe laptops too."),
                ("sentence", "It was slow."),
                ("sentence", "Short line"),
                ("sentence", "next line"),
                ("sentence", "These are the steps we took to fix the build:"),
                ("sentence", "make clean"),
                ("shape", "- "),
                ("sentence", "a bullet"),
            ],
        ),
        # a lower-case writer's sentences are sentences; an abbreviation still ends none
        (
            "the cast was brought together. yes i lost my job. we met at 5 p.m. and left, pens etc. too",
            [
                ("sentence", "the cast was brought together."),
                ("sentence", "yes i lost my job."),
                ("sentence", "we met at 5 p.m. and left, pens etc. too"),
            ],
        ),
    ],
)
def test_sentences_and_shape(text: str, expected: list[tuple[str, str]]) -> None:
    assert _texts(text) == expected


def test_spans_index_the_original_text() -> None:
    text = "Hello team,\r\n\r\nFirst point.  Second point!\n> quoted line\nThanks,\nSam"
    for span in sentences(text):
        if span.kind == "sentence":  # a sentence has no space at either end; a marker keeps its own
            assert text[span.start : span.end].strip() == text[span.start : span.end]
        assert 0 <= span.start < span.end <= len(text)


@pytest.mark.parametrize(
    ("sentence", "parts"),
    [
        (
            "Sam can't come on Friday because his hearing is that day.",
            ["Sam can't come on Friday", " because his hearing is that day."],
        ),
        ("The fix is in; restart the service.", ["The fix is in", "; restart the service."]),
        ("We shipped it, but QA is behind.", ["We shipped it", ", but QA is behind."]),
        ("Nothing to split here.", ["Nothing to split here."]),
    ],
)
def test_clauses(sentence: str, parts: list[str]) -> None:
    assert [sentence[s:e] for s, e in clauses(sentence, 0, len(sentence))] == parts


@pytest.mark.parametrize(
    ("task", "instruction", "material"),
    [
        # a log after a colon that ends the line is material
        (
            "Submit a comment based on the relevant part of the conversation below:\nSam: the fix is in v2.3\nAna: ok",
            "Submit a comment based on the relevant part of the conversation below:",
            ["Sam: the fix is in v2.3\nAna: ok"],
        ),
        # a short colon inside the instruction is wording
        ("Reply to Dana: tell her the invoice is paid", "Reply to Dana: tell her the invoice is paid", []),
        # a fenced block and quoted lines are material
        ("Post this:\n```\nbuild is green\n```", "Post this:", ["```\nbuild is green\n```"]),
        ("Answer the mail\n> are you coming on Friday?", "Answer the mail", ["> are you coming on Friday?"]),
        # a long passage after an inline colon is material
        (
            "Summarize for the team: we met on Monday and decided to postpone the launch because the vendor "
            "missed two deadlines in a row",
            "Summarize for the team:",
            ["we met on Monday and decided to postpone the launch because the vendor missed two deadlines in a row"],
        ),
        ("Book a table for two", "Book a table for two", []),
    ],
)
def test_split_task(task: str, instruction: str, material: list[str]) -> None:
    parsed = split_task(task)
    assert parsed.instruction == instruction
    assert list(parsed.material) == material


def test_explicit_context_is_material() -> None:
    parsed = split_task("Reply to the thread", context="Ana: I'm pregnant, not telling the team yet")
    assert parsed.instruction == "Reply to the thread"
    assert parsed.material == ("Ana: I'm pregnant, not telling the team yet",)


@pytest.mark.parametrize(
    ("text", "sentence", "expected"),
    [
        ("One. Two. Three.", "Two.", "One. Three."),  # the space after it goes with it
        ("One. Two.", "Two.", "One."),  # the last on its line takes the space before it
        ("Hi,\nGone here.\nStay.", "Gone here.", "Hi,\nStay."),  # a line left empty goes whole
        ("- keep\n- Gone here.\n- stay", "Gone here.", "- keep\n- stay"),  # with its bullet
        ("Stay.\nGone here.", "Gone here.", "Stay."),  # the last line takes its newline before
    ],
)
def test_removal_keeps_the_shape(text: str, sentence: str, expected: str) -> None:
    start = text.index(sentence)
    span = Span(start, start + len(sentence), "sentence", 0)
    s, e = _removal(text, span)
    assert _apply(text, [Edit(s, e, "remove", "health", "third_party", "", "test")]) == expected


def test_a_speakers_line_goes_whole_with_its_only_sentence() -> None:
    text = "Sam: the fix is in v2.3\nAna: I'm pregnant.\nSam: congrats!"
    spans = [s for s in sentences(text) if s.kind == "sentence"]
    assert [text[s.start : s.end] for s in spans] == ["the fix is in v2.3", "I'm pregnant.", "congrats!"]
    s, e = _removal(text, spans[1])
    assert (
        _apply(text, [Edit(s, e, "remove", "health", "third_party", "", "test")])
        == "Sam: the fix is in v2.3\nSam: congrats!"
    )
