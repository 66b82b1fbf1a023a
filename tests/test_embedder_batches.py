"""MiniLM batches: every text once, in order, at most `size` texts and BATCH_CHARS per batch."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from webminim.embedder import BATCH_CHARS, MAX_CHARS, _batches


@given(st.lists(st.integers(min_value=0, max_value=MAX_CHARS), max_size=600), st.integers(min_value=1, max_value=200))
def test_batches_cover_every_text_once_within_both_limits(lengths: list[int], size: int) -> None:
    order = sorted(range(len(lengths)), key=lambda i: lengths[i])
    batches = list(_batches(order, lengths, size))
    assert [i for b in batches for i in b] == order
    for batch in batches:
        assert 1 <= len(batch) <= size
        assert len(batch) == 1 or len(batch) * max(max(lengths[i] for i in batch), 1) <= BATCH_CHARS


def test_short_texts_go_many_at_a_time_long_ones_fewer() -> None:
    short = [20] * 300
    assert [len(b) for b in _batches(list(range(300)), short, 128)] == [128, 128, 44]
    long = [MAX_CHARS] * 100
    assert max(len(b) for b in _batches(list(range(100)), long, 128)) == BATCH_CHARS // MAX_CHARS
