"""Elements of a list of objects that the task does not ask for.

An agent that claims "my 42.00 train ticket" may add a second expense of its own ("Taxi home
after ..."): each element validates, each field is required by the schema, and yet the whole
element is over-shared. When one element of a list is firmly about the task (two task words,
or half of its own words: `freetext.firmly_about_task`), another whose text is prose of three
words or more and shares no word with the task is not needed, and goes whole; one holding a
value the task gives word for word (a guest's name in any script) stays.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Mapping

from webminim.egress.freetext import firmly_about_task
from webminim.egress.matching import overlap, tokens

_MEMBER = re.compile(r"(?P<element>.*/\d+)/[^/]+")  # "/items/1/what": a member of element /items/1
PROSE_WORDS = 3


def off_task_elements(values: Mapping[str, str], task: str) -> list[str]:
    """JSON Pointers of the list elements to drop (`values`: the call's string leaves, path -> text)."""
    members: dict[str, list[str]] = defaultdict(list)
    for path, value in values.items():
        m = _MEMBER.fullmatch(path)
        if m:
            members[m["element"]].append(value)
    given = task.casefold()
    lists: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for element, texts in members.items():
        if any(len(text.strip()) >= 3 and text.strip().casefold() in given for text in texts):
            texts = [*texts, task]  # a value the task gives: the element is about the task
        lists[element.rpartition("/")[0]].append((element, " ".join(texts)))
    out: list[str] = []
    for elements in lists.values():
        if len(elements) < 2 or not any(firmly_about_task(text, task) for _, text in elements):
            continue
        out.extend(
            element
            for element, text in elements
            if len(tokens(text)) >= PROSE_WORDS and overlap(text, task) == 0 and not firmly_about_task(text, task)
        )
    return out
