"""The given-name table of the person-name detector, built from an outside name dictionary.

Source: Jörg Michael's name dictionary `nam_dict.txt` (2008, GNU Free Documentation License
1.2), as shipped in the `gender-guesser` package (0.4.0). A name counts when the dictionary
rates it at least MIN_FREQUENCY (of 13) in some country of Europe, the Americas, Asia or
Africa, is 3+ letters long and is no English function word ("The" is a Vietnamese name).
The table replaced one taken from Faker's en_US list, which our benches draw their people
from: a detector that knows exactly the bench's names flatters it.

    python -m webminim.egress.first_names PATH/TO/nam_dict.txt
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from webminim.egress.matching import STOPWORDS

MIN_FREQUENCY = 3  # "Ellie" is 4 in Great Britain, "Hilde" 6 in Germany
OUT = Path(__file__).parent / "lexicons" / "first_names.json"
# sex code, the name (columns 4-29), then one frequency per country, 1 (isolated) .. D (very
# common); "=" lines are spelling equivalences and are skipped
_LINE = re.compile(r"^(?:[MF?]|1[MF]|\?[MF])\s+([^\s=]{3,}) *[ +-]?(.*)$", re.M)
_COMMON = re.compile(f"[{''.join('123456789ABCD'[MIN_FREQUENCY - 1 :])}]")


def build(text: str) -> list[str]:
    names = {
        m.group(1)
        for m in _LINE.finditer(text.replace("\r\n", "\n"))
        if _COMMON.search(m.group(2)) and m.group(1)[0].isupper() and m.group(1).lower() not in STOPWORDS
    }
    return sorted(names)


def main(argv: list[str]) -> None:
    if len(argv) != 1:
        sys.exit("usage: python -m webminim.egress.first_names PATH/TO/nam_dict.txt")
    names = build(Path(argv[0]).read_text(encoding="utf-8"))
    table = {
        "source": "nam_dict.txt by Jörg Michael (GNU FDL 1.2, see FIRST_NAMES_LICENSE), via gender-guesser "
        f"0.4.0; names rated {MIN_FREQUENCY}+ of 13 in some country, 3+ letters, no English function words",
        "category": "DI",
        "kind": "first_name",
        "terms": names,
    }
    OUT.write_text(json.dumps(table, ensure_ascii=False, indent=0) + "\n", encoding="utf-8")
    print(f"{len(names)} names -> {OUT}")


if __name__ == "__main__":
    main(sys.argv[1:])
