"""The WordNet verb table: two most frequent senses, both ways, single words; the shipped table."""

from __future__ import annotations

from pathlib import Path

from webminim.synonyms import build, synonyms_of, verb_synonyms

# WordNet's own line formats (offset, lex file, pos, word count in hex, word + lex id pairs, …)
DATA = """  1 This software and database is being provided to you, the LICENSEE
00000001 32 v 03 answer 0 reply 0 respond 0 000 | react verbally
00000002 31 v 01 answer 0 000 | give the correct answer
00000003 31 v 02 answer 0 solve 0 000 | a third sense of answer
00000004 30 v 02 find 0 feel 0 000 | a rare sense of find
00000005 30 v 02 find 0 discover 0 000 | come upon
00000006 30 v 02 feel 0 sense 0 000 | perceive by touch
00000008 30 v 01 feel 0 000 | undergo an emotional sensation
00000007 30 v 02 log_in 0 sign_in 0 000 | enter a system
"""
INDEX = """  1 This software and database is being provided to you, the LICENSEE
answer v 3 0 3 1 00000001 00000002 00000003
reply v 1 0 1 1 00000001
respond v 1 0 1 1 00000001
solve v 1 0 1 1 00000003
find v 2 0 2 1 00000005 00000004
discover v 1 0 1 1 00000005
feel v 3 0 3 1 00000006 00000008 00000004
log_in v 1 0 1 1 00000007
"""


def test_the_table_links_first_senses_both_ways_and_single_words_only(tmp_path: Path) -> None:
    (tmp_path / "data.verb").write_text(DATA)
    (tmp_path / "index.verb").write_text(INDEX)
    table = build(tmp_path)
    assert table["answer"] == ["reply", "respond"]  # "solve" is answer's third sense
    assert "solve" not in table  # solve -> answer one way only
    # "feel" is among find's two first senses, but "find" is only feel's third: no link
    assert table["find"] == ["discover"] and "find" not in table.get("feel", [])
    assert not any("_" in w for words in table.values() for w in words) and "log_in" not in table


def test_the_shipped_table_links_everyday_pairs_and_not_rare_senses() -> None:
    table = verb_synonyms()
    assert len(table) > 5000
    assert {"reply", "respond"} <= synonyms_of({"answer"}) and "purchase" in synonyms_of({"buy"})
    assert "feel" not in synonyms_of({"find"}) and not synonyms_of({"invoice", "the"})
