#!/usr/bin/env python3
"""Deterministic rebuild of training set S: /work/outside/s/private_sentences.jsonl.

python3 bench/ci_data/prepare_set_s.py \
    --bbc <ZitRos/news-articles-dataset git dir> \
    --wiki <Fmazin/pages_to_places git dir> \
    --out /work/outside/s [--dump FILE]

A TRAINING set (hand-labelled, trained on through prepare_read_sets.py; never a held-out set), chosen for private
facts told in a formal news / biography register about named people (the classifier's weak case: "X was diagnosed
with ...", "X was dismissed from his post", "X moved to Paris in 1883", "X's father was a wealthy farmer"). Private
sentences only; no benign messages.
Sources, read at the pinned commits below (COMMITS):
- ZitRos/news-articles-dataset (MIT): 2,095 plain-text BBC News articles of 2004-2005 in five sections (business,
  entertainment, politics, sport, tech; news/<section>/<slug>.txt, first line the headline, left out). Body text
  HTML-unescaped, sentence-split (6-40 words), non-ASCII sentences left out: 32,596 sentences.
- Fmazin/pages_to_places (GPL-3.0; the texts are English Wikipedia, CC BY-SA): 87 Wikipedia biographies
  (inputs/*_coref.txt, one numbered sentence a line, the article's subject written out by name in place of pronouns
  by a coreference step), headings left out, accents folded to ASCII, 6-40 words: 4,771 sentences. The coreference
  step leaves some sentences ungrammatical ("John Muir father ..."); they were kept where the fact reads clearly.
Candidates were surfaced per category by keywords and every surfaced sentence of a batch read by hand (about 1,650
read). Kept: a private fact about a specific, named or clearly identified person (health, finance, relationships,
legal, employment, location, minors, beliefs) with its category (DECISIONS["private_accept"], sha1-prefix ->
category), and hard negatives, "none": sentences in the same register and with the same trigger words that tell no
private fact about a person (policy, statistics, company affairs, court procedure, public roles and film roles,
idioms such as "ill-advised", "kept faith", "came out on top", "squabbling like schoolboys"). DECISIONS["owner_third"]
lists the prefixes of facts about someone other than the writer: every positive. Counts: 345 positives (location 50,
beliefs 45, employment 45, legal 45, relationships 44, health 41, minors 40, finance 35; BBC 222, Wikipedia 123) and
125 hard negatives. No randomness: outputs sorted by sha1(text).
"""

import html
import json
import re
import sys
import unicodedata
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from hand_labels import dump, git_dir_arguments, print_counts, write_private  # noqa: E402
from prepare_heldout_e import Git, sentences, sha  # noqa: E402
from prepare_heldout_f import ASCII  # noqa: E402
from prepare_heldout_i import accepted  # noqa: E402

HERE = Path(__file__).resolve().parent
DECISIONS = json.loads((HERE / "set_s_decisions.json").read_text())
COMMITS = {
    "bbc": "f0ee062afc877254b3283731e8eff33dee78dfd4",
    "wiki": "f2adb211daef9ffa6c15178c343d3aa5df77c2a2",
}
NON_ASCII = re.compile(r"[^\x00-\x7f]")
NUMBERED = re.compile(r"^\[\d+\](.*)$")


def bbc_sentences(gitdir):
    """(section/slug, sentence) for every body sentence (6-40 words) of every article; the headline line and
    non-ASCII sentences left out."""
    g = Git(gitdir, COMMITS["bbc"])
    for path, raw in sorted(g.blobs(g.names("news/")).items()):
        text = html.unescape(raw.decode("utf-8", "replace")).translate(ASCII)
        body = text.split("\n", 1)[1] if "\n" in text else ""
        for s in sentences(body):
            if not NON_ASCII.search(s):
                yield path[len("news/") : -len(".txt")], s


def _fold(text):
    text = text.translate(ASCII)
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def wiki_sentences(gitdir):
    """(article, sentence) for every numbered sentence (6-40 words) of every biography; headings and sentences still
    non-ASCII after folding accents left out."""
    g = Git(gitdir, COMMITS["wiki"])
    names = [n for n in g.names("inputs/") if n.endswith("_coref.txt")]
    for path, raw in sorted(g.blobs(names).items()):
        for line in raw.decode("utf-8").split("\n"):
            m = NUMBERED.match(line)
            if not m:
                continue
            s = _fold(m.group(1)).strip()
            if s.startswith("=") or NON_ASCII.search(s):
                continue
            if 6 <= len(s.split()) <= 40:
                yield path[len("inputs/") : -len("_coref.txt")], s


def main():
    args = git_dir_arguments(__doc__, ("bbc", "wiki"), dump=True)
    groups = (("bbc_news", list(bbc_sentences(args.bbc))), ("wikipedia_biographies", list(wiki_sentences(args.wiki))))
    if args.dump:
        dump(
            [{"sha": sha(s), "text": s, "doc": doc, "source": src} for src, rows in groups for doc, s in rows],
            args.dump,
        )

    accept = DECISIONS["private_accept"]
    cands = {}
    for src, rows in groups:
        for s, source in accepted((s for _, s in rows), accept, src).items():
            cands.setdefault(s, source)
    private = write_private(accept, set(DECISIONS["owner_third"]), cands, args.out, "s-")
    print_counts([], private)


if __name__ == "__main__":
    main()
