"""Training sentences that name the person a fact is about, as people write to friends.

The training positives mostly say whose fact it is by kinship or pronoun ("My sister is
pregnant", "He cheated on her"); the messages an agent sends often say it by first name
("Angela is pregnant", "Joey and Olivia broke up"). A model that read few such sentences takes
a sentence that starts with a name for small talk. This writes, for every training sentence
whose subject is a relative, a friend, a colleague or "he" / "she" (private and harmless alike,
so a name says nothing by itself), one variant with that subject replaced by a first name of
Faker's en_US lists (chosen by SHA-1 of the sentence, of the subject's gender where the word
gives it): same category, source and document, so it falls on the same side of the validation
split as its original, and `"augmented": true`, so validation never reads it. Nothing is written
by hand: the sentences are outside text already in the training file.

    python augment_names.py --data TRAIN.jsonl --out names.jsonl

Needs `faker` (the `bench` extra). Deterministic: names are chosen by SHA-1 of the texts.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
from pathlib import Path

FEMALE = "sister|mom|mum|mother|wife|daughter|girlfriend|aunt|grandma|grandmother|niece|fiancee|stepmom|stepdaughter"
MALE = "brother|dad|father|husband|son|boyfriend|uncle|grandpa|grandfather|nephew|fiance|stepdad|stepson"
EITHER = "friend|best friend|boss|coworker|co-worker|colleague|roommate|cousin|neighbor|neighbour|partner|manager"
# the subject: "my (older) sister", "our neighbour", "his best friend", or a leading "He" / "She"
KIN = re.compile(
    rf"\b(?:[Mm]y|[Oo]ur|[Hh]is|[Hh]er|[Tt]heir) (?:(?:little|older|younger|big|baby|best|ex|new|old) )?"
    rf"(?:(?P<f>{FEMALE})|(?P<m>{MALE})|(?P<e>{EITHER}))\b"
)
PRONOUN = re.compile(r"^(?:(?P<f>She)|(?P<m>He))\b")


def sha(text: str) -> int:
    return int(hashlib.sha1(text.encode()).hexdigest(), 16)


def names() -> tuple[list[str], list[str]]:
    from faker.providers.person.en_US import Provider

    return sorted(Provider.first_names_female), sorted(Provider.first_names_male)


def named(text: str, female: list[str], male: list[str]) -> str | None:
    """`text` with its first kin or pronoun subject replaced by a first name; None without one."""
    m = KIN.search(text) or PRONOUN.search(text)
    if m is None:
        return None
    pool = female if m.group("f") else male if m.group("m") else (female + male)
    name = pool[sha(text) % len(pool)]
    return text[: m.start()] + name + text[m.end() :]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, required=True)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    female, male = names()
    out, private = [], 0
    for line in args.data.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        if row.get("augmented"):
            continue
        text = named(row["text"], female, male)
        if text is None:
            continue
        owner = "third" if row["category"] != "none" else row.get("owner", "none")
        out.append({**row, "text": text, "owner": owner, "augmented": True})
        private += row["category"] != "none"
    args.out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in out), encoding="utf-8")
    print(f"{args.out}: {len(out)} named variants ({private} private)")


if __name__ == "__main__":
    main()
