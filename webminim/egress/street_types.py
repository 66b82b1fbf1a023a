"""The street-type table of the European address detector, built from an outside dictionary.

Source: libpostal's per-language dictionaries (`resources/dictionaries/<lang>/street_types.txt`
and `concatenated_suffixes_separable.txt`, MIT licence, see STREET_TYPES_LICENSE), commit
4c030d8f. It replaced hand-written lists of a few languages' words ("straße", "Calle", "rue"):
a list grown from the addresses our own benches missed only ever knew those.

- `suffixes`: written into one word with the street's name ("Björkvägen", "Lindenstraße");
  from the languages libpostal marks as concatenating.
- `types`: separate words, before the name ("plac Wybickiego", "Rua das Flores") or after it
  ("Kossuth Lajos utca", "Berliner Straße").

Latin-script languages other than English (usaddress parses English addresses). A type is an
entry's full word (3+ letters) or an abbreviation written with its dot ("ul.", "str."); words
that are also English street words or function words ("park", "place", "via", "and") are
left out, as are the whole words of the shipped MiniLM's English vocabulary ("have", "metro"):
"via Zoom 2" and "have Python 3" are no addresses. An abbreviation is left out when English
abbreviates or writes it too (any spelling in libpostal's English dictionaries, a MiniLM word
of three letters or more, a two-letter one English writes often by wordfreq): "TV. Then 5",
"et al. In 2019" are no addresses either.

    pip install 'webminim[lexicons]'  # wordfreq
    python -m webminim.egress.street_types PATH/TO/libpostal/resources/dictionaries
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from webminim.egress.matching import STOPWORDS

OUT = Path(__file__).parent / "lexicons" / "street_types.json"
LANGUAGES = [
    "af",
    "ast",
    "br",
    "bs",
    "ca",
    "cs",
    "cy",
    "da",
    "de",
    "es",
    "et",
    "eu",
    "fi",
    "fr",
    "ga",
    "gd",
    "gl",
    "gsw",
    "hr",
    "hu",
    "id",
    "is",
    "it",
    "lb",
    "lt",
    "lv",
    "ms",
    "mt",
    "nb",
    "nl",
    "oc",
    "pap",
    "pl",
    "pt",
    "ro",
    "sk",
    "sl",
    "sv",
    "tr",
]
_NOT_TYPES = frozenset(  # libpostal lists them under street types, but they are not ("right", "front")
    [
        "direito",
        "esquerdo",
        "frente",
        "frei",
        "particular",
        "bairro",
        "lugar",
        "zona",
        "quinta",
        "volta",
        "ponto",
        "sitio",
        "câmara",
        "municipal",
    ]
)


def _entries(path: Path) -> list[list[str]]:
    """One list of spellings per entry, the full word first (`straße|str|strasse`), lower case."""
    if not path.exists():
        return []
    lines = path.read_text(encoding="utf-8").splitlines()
    return [[f.strip().lower() for f in line.split("|") if f.strip()] for line in lines if line.strip()]


def _usable(entry: list[str], english: set[str], abbreviations: set[str]) -> set[str]:
    """The spellings matched: single words of 3+ letters (the full word, or a spelling of it
    without diacritics), and abbreviations only with their dot ("ul.", "str."): a bare
    "al" or "str" is too often something else. A word is left out when English writes it
    (`english`), an abbreviation when English writes it too, dotted or not (`abbreviations`:
    "car." ends a sentence, "ca." is circa, "al." ends "et al.")."""
    full = entry[0]
    if " " in full or full in _NOT_TYPES or full in english or len(full) < 3 or not full.isalpha():
        return set()
    out = {full}
    for form in entry[1:]:
        bare = form.rstrip(".")
        if not bare.isalpha() or bare in abbreviations:
            continue
        if len(bare) >= len(full) - 1:  # "strasse" for "straße", "vagen" for "vägen"
            out.add(bare)
        elif len(bare) >= 2:
            out.add(f"{bare}.")
    return out


def _english_words() -> set[str]:
    """Whole words of the shipped MiniLM's (English, uncased) vocabulary: "have", "tie",
    "metro" are street types somewhere and English words everywhere ("have Python 3")."""
    from webminim.minilm_files import minilm_dir

    vocab = next(minilm_dir().rglob("vocab.txt"))
    return {w for w in vocab.read_text(encoding="utf-8").split() if w.isalpha()}


def build(root: Path) -> dict[str, list[str]]:
    # words English writes: its street words, function words, MiniLM's whole words
    vocabulary = _english_words()
    english = {entry[0] for entry in _entries(root / "en" / "street_types.txt")} | set(STOPWORDS) | vocabulary
    # what English abbreviates or writes: every spelling of libpostal's English dictionaries
    # ("pl" for place, "al" for alley, "co" for county), function words, MiniLM's words of
    # three letters or more, and its two-letter ones that English writes ten times a million
    # words or more (wordfreq: "tv", "pc", "cd"; most are pieces of others: "ul", "sg")
    from wordfreq import zipf_frequency  # only to build the table: a dependency of no user

    abbreviations = {form for path in sorted((root / "en").glob("*.txt")) for entry in _entries(path) for form in entry}
    abbreviations |= set(STOPWORDS) | {w for w in vocabulary if len(w) >= 3 or zipf_frequency(w, "en") >= 4.0}
    types: set[str] = set()
    suffixes: set[str] = set()
    for lang in LANGUAGES:
        for entry in _entries(root / lang / "street_types.txt"):
            types |= _usable(entry, english, abbreviations)
        for entry in _entries(root / lang / "concatenated_suffixes_separable.txt"):
            suffixes |= {form for form in _usable(entry, english, abbreviations) if not form.endswith(".")}
    return {"types": sorted(types), "suffixes": sorted(suffixes)}


def main(argv: list[str]) -> None:
    if len(argv) != 1:
        sys.exit("usage: python -m webminim.egress.street_types PATH/TO/libpostal/resources/dictionaries")
    table = build(Path(argv[0]))
    table = {
        "source": "libpostal resources/dictionaries (MIT, see STREET_TYPES_LICENSE), commit 4c030d8f; "
        "street types of Latin-script languages other than English",
        **table,
    }
    OUT.write_text(json.dumps(table, ensure_ascii=False, indent=0) + "\n", encoding="utf-8")
    print(f"{len(table['types'])} types, {len(table['suffixes'])} suffixes -> {OUT}")


if __name__ == "__main__":
    main(sys.argv[1:])
