"""`per_text`: short text is answered once, long text every time, the memory stays bounded."""

from __future__ import annotations

from webminim import text_memo
from webminim.text_memo import MAX_CHARS, per_text


def test_short_text_is_computed_once_and_long_text_every_time(monkeypatch):
    calls: list[str] = []

    @per_text
    def shout(text: str) -> str:
        calls.append(text)
        return text.upper()

    long = "a" * (MAX_CHARS + 1)
    assert [shout("hi"), shout("hi"), shout(long), shout(long)] == ["HI", "HI", long.upper(), long.upper()]
    assert calls == ["hi", long, long]


def test_the_memory_is_bounded(monkeypatch):
    monkeypatch.setattr(text_memo, "MAX_TEXTS", 4)
    calls: list[str] = []

    @per_text
    def length(text: str) -> int:
        calls.append(text)
        return len(text)

    for text in ["a", "bb", "ccc", "dddd", "eeeee", "a"]:  # "a" was pushed out by the fifth
        length(text)
    assert calls == ["a", "bb", "ccc", "dddd", "eeeee", "a"]
    text_memo.forget(length)
    length("bb")
    assert calls[-1] == "bb"


def test_several_strings_are_remembered_together_and_any_long_one_computes_afresh():
    calls: list[tuple[str, str]] = []

    @per_text(longest=5)
    def joined(a: str, b: str) -> str:
        calls.append((a, b))
        return a + b

    assert [joined("ab", "cd"), joined("ab", "cd"), joined("ab", "cdefgh"), joined("ab", "cdefgh")] == [
        "abcd",
        "abcd",
        "abcdefgh",
        "abcdefgh",
    ]
    assert calls == [("ab", "cd"), ("ab", "cdefgh"), ("ab", "cdefgh")]
    assert joined("ab", "xy") == "abxy" and calls[-1] == ("ab", "xy")


def test_a_memo_pickles_by_reference_as_a_function_does():
    """Work handed to another process (a pool, a Ray worker) pickles the function by its name;
    the memo behind it is read back as the one of that name, not copied with its contents."""
    import pickle

    from webminim.page_structure import normalize

    normalize("Warm  Text:")
    data = pickle.dumps(normalize)
    assert len(data) < 200  # a name, not the remembered texts
    again = pickle.loads(data)
    assert again("Sign  In:") == "sign in" and again.__self__ is normalize.__self__


def test_several_strings_are_bounded_forgotten_and_pickled_by_reference(monkeypatch):
    import pickle

    from webminim.secret_guard import _kept_text_secret

    monkeypatch.setattr(text_memo, "MAX_TEXTS", 2)
    calls: list[tuple[str, str]] = []

    @per_text
    def pair(a: str, b: str) -> str:
        calls.append((a, b))
        return a + b

    for args in [("a", "b"), ("c", "d"), ("e", "f"), ("a", "b")]:  # ("a", "b") was pushed out by the third
        pair(*args)
    assert calls == [("a", "b"), ("c", "d"), ("e", "f"), ("a", "b")]
    text_memo.forget(pair)
    pair("e", "f")
    assert calls[-1] == ("e", "f")
    assert pickle.loads(pickle.dumps(_kept_text_secret)) is _kept_text_secret
