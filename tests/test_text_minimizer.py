"""TextMinimizer with the shipped contextual-integrity model: minimal edits, whose data, which flow.

The sentences are written for these tests (none comes from a bench set or from the model's
training data); each row says what it checks.
"""

from __future__ import annotations

import pytest

from webminim.egress.text import CATEGORIES, ContextModel, FieldContext, TextMinimizer
from webminim.errors import EgressError


@pytest.fixture(scope="module")
def minimizer() -> TextMinimizer:
    return TextMinimizer()


@pytest.mark.parametrize(
    ("text", "task"),
    [
        # a status e-mail: greeting, names, line breaks and closing all stay
        (
            "Hi Emily,\n\nQuick update: the build is green and the release goes out on Friday.\n"
            "I'll send the changelog tomorrow.\n\nBest,\nJordan",
            "Send Emily a status update on the release",
        ),
        # a product review
        ("Great blender, it crushes ice in seconds and is easy to clean. Would buy again!", "Post my review"),
        # a contact form whose complaint is the point
        (
            "Hello, my order #4471 arrived with a cracked lid. Could you send a replacement? Thanks.",
            "Ask the shop for a replacement lid",
        ),
        # Markdown stays Markdown
        ("## Steps\n- restart the service\n- clear the cache\n\n**Done** by noon.", "Post the fix steps"),
    ],
)
def test_a_harmless_text_comes_back_byte_identical(minimizer: TextMinimizer, text: str, task: str) -> None:
    out = minimizer.minimize(text, task=task)
    assert out.text == text
    assert not out.changed


@pytest.mark.parametrize(
    ("text", "task", "private", "kept"),
    [
        # a colleague's mental health in a work update
        (
            "The release moved to Thursday. Sam has been seeing a therapist for his panic attacks and "
            "keeps a thought diary, so go easy on him.",
            "Tell the team the new release date",
            "therapist",
            "The release moved to Thursday.",
        ),
        # someone's debts in a message about a dinner
        (
            "Dinner is at 7 at Luigi's. Mark is drowning in credit card debt and his loan was refused.",
            "Tell everyone when and where dinner is",
            "debt",
            "Dinner is at 7 at Luigi's.",
        ),
    ],
)
def test_a_third_partys_private_fact_goes_and_the_rest_stays(
    minimizer: TextMinimizer, text: str, task: str, private: str, kept: str
) -> None:
    out = minimizer.minimize(text, task=task)
    assert private not in out.text
    assert kept in out.text
    assert out.changed and all(e.to_json()["category"] in CATEGORIES for e in out.edits if e.op != "redact")


def test_a_value_the_instruction_asks_for_survives_and_others_are_tagged(minimizer: TextMinimizer) -> None:
    text = "Sure, my number is +1 415 555 0134. My card 4111 1111 1111 1111 is on file too."
    out = minimizer.minimize(text, task="Reply with my phone number so they can call me")
    assert "+1 415 555 0134" in out.text
    assert "4111 1111 1111 1111" not in out.text


def test_a_phone_number_after_a_phone_word_in_another_language_is_tagged(minimizer: TextMinimizer) -> None:
    """Nine digits in a message are a phone number only with their cue: a Spanish one counts."""
    out = minimizer.minimize(
        "Hola Ana, mi teléfono es 612 34 56 78. Hasta luego.", task="Reply to Ana about the meeting"
    )
    assert out.text == "Hola Ana, mi teléfono es [phone]. Hasta luego."
    same = "Hola Ana, la compilación tarda 612 34 56 78 ms. Hasta luego."
    assert minimizer.minimize(same, task="Reply to Ana about the build").text == same


def test_material_in_the_task_is_no_evidence_of_need(minimizer: TextMinimizer) -> None:
    chat = "Sam: the fix is in v2.3, upgrade and restart\nAna: btw I'm pregnant, not telling the team yet"
    task = f"Reply on the forum thread with the relevant part of the chat below:\n{chat}"
    typed = "The fix is in v2.3: upgrade and restart. Also Ana is pregnant, not telling the team yet."
    out = minimizer.minimize(typed, task=task)
    assert "v2.3" in out.text
    assert "pregnant" not in out.text


def test_the_instruction_can_ask_for_a_private_fact(minimizer: TextMinimizer) -> None:
    text = "Hi Dana, I can't come in today: I have a migraine and the doctor told me to rest."
    out = minimizer.minimize(text, task="Tell my manager Dana I'm off sick with a migraine today", recipient="Dana")
    assert "migraine" in out.text


def test_a_form_field_is_context_like_a_schema() -> None:
    field = FieldContext(label="Comment", form="Leave a reply", submit="Post comment", origin="http://127.0.0.1")
    assert field.words() == "Comment Leave a reply Post comment"


def test_fails_closed_on_what_it_cannot_check(minimizer: TextMinimizer) -> None:
    with pytest.raises(EgressError, match="over the"):
        minimizer.minimize("word " * 50_000, task="Post it")
    with pytest.raises(EgressError, match="must be a string"):
        minimizer.minimize(b"bytes", task="Post it")  # type: ignore[arg-type]


def test_the_model_refuses_a_broken_file_and_another_encoder(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import numpy as np

    from webminim.egress.text.ci import MODEL_PATH, PROBES
    from webminim.errors import ConfigError

    with np.load(MODEL_PATH) as data:
        good = {key: data[key] for key in data.files}
    wrong_shape = tmp_path / "shape.npz"
    np.savez(wrong_shape, **{**good, "w_hash": np.zeros((3, 3))})
    with pytest.raises(ConfigError, match="wrong shape"):
        ContextModel(wrong_shape)
    # a table that answers otherwise on the probe texts (another install's, another encoder's)
    other = tmp_path / "other.npz"
    np.savez(other, **{**good, "probe": np.roll(good["probe"], 1, axis=1)})
    with pytest.raises(ConfigError, match="not the one"):
        ContextModel(other)
    assert good["probe"].shape == (len(PROBES), 384)
    with pytest.raises(ConfigError, match="could not be read"):
        ContextModel(tmp_path / "missing.npz")


def test_the_model_reads_a_text_as_it_was_trained_on_it() -> None:
    """The first stage's probabilities are softmax(W_e·e(x) + Σ log(1 + n_b) W_h[b] + b), the
    features train.py fits on, written out here from the grams: a repeated gram counts log 3,
    not 2 (an inference that read raw counts inflated every gram's weight by 1/log 2)."""
    import numpy as np

    from webminim.egress.text import ci

    model = ContextModel()
    text = "Her therapist said the therapist visits help, and Dana keeps a diary of the visits."
    buckets = [ci.bucket(g) for g in ci.grams(text)]
    assert len(set(buckets)) < len(buckets)  # some gram repeats
    z = model.bias + ci.embeddings([text])[0] @ model.w_emb
    for b in set(buckets):
        z = z + np.log1p(buckets.count(b)) * model.w_hash[b]
    expected = np.exp(z - z.max()) / np.exp(z - z.max()).sum()
    assert np.allclose(model.probabilities([text])[0], expected, atol=1e-5)


def test_the_second_stage_reads_what_the_static_table_dilutes() -> None:
    """A rare condition named plainly: the first stage's mean of word pieces doubts it, the
    second (MiniLM itself) rules; a harmless sentence never reaches the second stage."""
    model = ContextModel()
    assert model.second
    rare = "My uncle was diagnosed with amyotrophic lateral sclerosis last spring."
    first = 1.0 - float(model.probabilities([rare])[0, 0])
    assert first >= model.gate  # past the gate, so the second stage reads it
    assert model.judge(rare).category == "health"
    plain = "The quarterly report is attached and the numbers look fine."
    assert 1.0 - float(model.probabilities([plain])[0, 0]) < model.gate
    assert not model.judge(plain).private


def test_the_second_stage_reads_what_is_past_the_gate_and_at_most_its_cap(monkeypatch) -> None:
    """What the first stage is sure of stays so, unread again; a doubtful text it cleared is
    read and may be found private; at most MAX_SECOND are read; `forget` makes them new."""
    from webminim.egress.text import ci

    model = ContextModel()
    plain = "The quarterly report is attached and the numbers look fine."
    found = "She has been diagnosed with cancer and starts chemotherapy next week."
    rare = "Her son has cystic fibrosis."  # the static mean dilutes the named condition
    texts = [plain, found, rare]
    first = {t: 1.0 - float(p[0]) for t, p in zip(texts, model.probabilities(texts), strict=True)}
    assert first[found] >= model.threshold and model.gate <= first[rare] < model.threshold
    read: list[str] = []
    original = model.second_probabilities
    monkeypatch.setattr(model, "second_probabilities", lambda texts, _=None: read.extend(texts) or original(texts))
    assert [j.private for j in model.judge_many([plain, found, rare])] == [False, True, True]
    assert read == [rare]
    model.judge_many([plain, found, rare])
    assert read == [rare]  # remembered
    model.forget()
    monkeypatch.setattr(ci, "MAX_SECOND", 0)
    assert [j.private for j in model.judge_many([plain, found, rare])] == [False, True, False]
    assert read == [rare]  # nothing more read: the cap


def test_the_patterns_run_while_the_second_stage_computes(monkeypatch) -> None:
    """A message's pattern detectors need no model: they run while the second stage's network
    computes (on ONNX Runtime's threads), once, and their tags are in the result as ever."""
    from webminim.egress import classifier as classifier_module
    from webminim.embedder import OnnxMiniLM

    computing: list[bool] = [False]
    seen: list[bool] = []
    encode, classify = OnnxMiniLM.encode, classifier_module.PSDClassifier.classify_text

    def network(self, texts, **kw):  # type: ignore[no-untyped-def]
        computing[0] = True
        try:
            return encode(self, texts, **kw)
        finally:
            computing[0] = False

    def patterns(self, text, *a, **kw):  # type: ignore[no-untyped-def]
        seen.append(computing[0])
        return classify(self, text, *a, **kw)

    monkeypatch.setattr(OnnxMiniLM, "encode", network)
    monkeypatch.setattr(classifier_module.PSDClassifier, "classify_text", patterns)
    minimizer = TextMinimizer()
    minimizer.model.forget()  # type: ignore[union-attr]
    text = "Her son has cystic fibrosis. Call me on 415-555-0199 about the invoice."
    out = minimizer.minimize(text, task="Send this note")
    assert seen == [True]
    assert "415-555-0199" not in out.text and "cystic" not in out.text
    minimizer.model.forget()  # type: ignore[union-attr]
    seen.clear()
    assert minimizer.minimize("Thanks. Call me on 415-555-0199 about the invoice.", task="x").text.count("555") == 0
    assert seen == [False]  # nothing doubtful: no network ran, the patterns ran after


def test_work_left_for_later_is_done_once_and_its_error_raised_where_asked() -> None:
    from webminim.egress.text.later import Later

    calls: list[int] = []
    later = Later(lambda: calls.append(1) or len(calls))
    later.run()
    later.run()
    assert later.result() == 1 and calls == [1]
    assert Later(lambda: 7).result() == 7  # never run early: done when asked

    def fails() -> int:
        raise ValueError("no")

    failing = Later(fails)
    failing.run()  # never raises here
    with pytest.raises(ValueError, match="no"):
        failing.result()


def test_a_text_judged_alone_keeps_its_own_second_stage_budget(monkeypatch) -> None:
    """The instruction rides in its message's batch (one embedding call, not two) but is read
    again as if judged on its own: it neither spends the message's budget nor is cut by it."""
    from webminim.egress.text import ci

    model = ContextModel()
    model.gate = 0.0  # every text is doubtful, none sure: each would be read again
    monkeypatch.setattr(ci, "SURE", 1.01)
    monkeypatch.setattr(ci, "MAX_SECOND", 1)
    read: list[str] = []
    original = model.second_probabilities
    monkeypatch.setattr(model, "second_probabilities", lambda texts, _=None: read.extend(texts) or original(texts))
    instruction, sentences = "Reply to Dana about the release", ["The release moved.", "Lunch is at noon."]
    model.judge_many([instruction, *sentences], alone=[instruction])
    assert instruction in read and len(read) == 2  # its own read, and one of the message's (the cap)
    model.forget()
    read.clear()
    model.judge_many([instruction, *sentences])
    assert len(read) == 1  # together, one budget


def test_the_second_stage_decides_what_the_first_is_not_sure_of(monkeypatch) -> None:
    """A text the first stage found private below SURE is read again and may be cleared; one
    at SURE or above is never read, so nothing clears it (fail closed)."""
    import numpy as np

    from webminim.egress.text import ci

    model = ContextModel()
    sure = "She has been diagnosed with cancer and starts chemotherapy next week."
    unsure = "My cousin got a DUI last month."
    p_sure, p_unsure = (1.0 - float(p[0]) for p in model.probabilities([sure, unsure]))
    assert model.gate <= p_unsure < p_sure
    model.threshold = min(model.threshold, p_unsure)  # the first stage finds both private (whatever its calibration)
    monkeypatch.setattr(ci, "SURE", (p_unsure + p_sure) / 2)
    read: list[str] = []

    def harmless(texts: list[str], meanwhile: object = None) -> np.ndarray:  # a second stage that clears all it reads
        read.extend(texts)
        out = np.zeros((len(texts), len(model.categories)))
        out[:, 0] = 1.0
        return out

    monkeypatch.setattr(model, "second_probabilities", harmless)
    assert [j.private for j in model.judge_many([sure, unsure])] == [True, False]
    assert read == [unsure]


def test_the_second_stage_reads_within_its_word_budget(monkeypatch) -> None:
    """Of the doubtful texts (likeliest first), one longer than what is left of SECOND_WORDS is
    skipped and a shorter one after it still read, never more than MAX_SECOND: the second
    stage's time per call is bounded by the words it reads, not only by the texts."""
    from webminim.egress.text import ci

    texts = ["one two three four five six", "one two three", "one two", "one", "one"]
    monkeypatch.setattr(ci, "SECOND_WORDS", 6)
    monkeypatch.setattr(ci, "MAX_SECOND", 6)
    assert ci._within_budget([1, 0, 2, 3, 4], texts) == [1, 2, 3]  # 3 + 2 + 1 words; the 6-word text skipped
    assert ci._within_budget([0, 1], texts) == [0]
    monkeypatch.setattr(ci, "MAX_SECOND", 2)
    assert ci._within_budget([3, 4, 2], texts) == [3, 4]
    monkeypatch.setattr(ci, "SECOND_WORDS", 0)
    assert ci._within_budget([0, 1, 2], texts) == []


class _KeywordModel:
    """A fixture model: a text is health-private when it holds every word of one of `cues` (the
    shipped model's reading of a given clause changes with its training; the rule under test
    does not)."""

    def __init__(self, *cues: tuple[str, ...]) -> None:
        self.cues = cues

    def judge(self, text: str):  # type: ignore[no-untyped-def]
        from webminim.egress.text.ci import Judgement

        hit = any(all(w in text.lower() for w in cue) for cue in self.cues)
        return Judgement("health" if hit else "none", 0.9 if hit else 0.01)

    def judge_many(self, texts: list[str], *, alone: list[str] = (), meanwhile=None):  # type: ignore[no-untyped-def]
        return [self.judge(t) for t in texts]  # no network: `meanwhile` is left to the caller


def test_a_clause_goes_alone_only_when_what_stays_is_harmless() -> None:
    """A private clause may go on its own; when the clauses left, read together, still say
    something private, the sentence goes whole."""
    text = "Lunch is at noon. Well my dad is unwell, and my mom, who cared for him, was diagnosed with cancer."
    task = "Send this e-mail"
    alone = TextMinimizer(model=_KeywordModel(("cancer",))).minimize(text, task=task)
    assert "cancer" not in alone.text and "Well my dad is unwell, and my mom" in alone.text
    together = TextMinimizer(model=_KeywordModel(("cancer",), ("unwell", "mom"))).minimize(text, task=task)
    assert together.text == "Lunch is at noon."


@pytest.mark.parametrize(
    ("sentence", "owner"),
    [
        ("I'd really like to help you out, but I am broke myself.", "user"),  # to them, of the writer
        ("I want to tell you that I'm going to divorce my wife.", "user"),
        ("I know you have cancer.", "recipient"),  # of them
        ("I'm sorry you lost your job.", "recipient"),
        ("You were diagnosed last year.", "recipient"),
        ("He was diagnosed last year.", "third_party"),
    ],
)
def test_a_sentence_is_the_recipients_when_it_speaks_of_them_not_merely_to_them(sentence: str, owner: str) -> None:
    from webminim.egress.text.minimize import _Context, _owner
    from webminim.egress.text.task import split_task

    assert _owner(sentence, _Context(split_task("Send this e-mail"), "", "", "", "none")) == owner
