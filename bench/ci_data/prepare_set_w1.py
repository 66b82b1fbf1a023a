#!/usr/bin/env python3
"""Deterministic rebuild of training set W1: /work/outside/w1/private_sentences.jsonl.

python3 bench/ci_data/prepare_set_w1.py \
    --sbc <mmaciej2/sbcsae_preparation git dir> \
    --out /work/outside/w1 [--dump FILE]

A TRAINING set (hand-labelled, trained on with its hard negatives through prepare_read_sets.py --hard-negatives;
never a held-out set), chosen for private
facts told in the register of SPOKEN everyday conversation (transcribed talk between friends, family and coworkers:
loose turns, "you know", "I mean", fragments, people named by first name), the classifier's weak case on held-out
set V (spoken British conversation, about 21% of its private sentences leaked). Private sentences only; no benign
messages.
Source, read at the pinned commit below (COMMITS):
- mmaciej2/sbcsae_preparation (Apache-2.0 LICENSE file for the repository; the transcripts are the Santa Barbara Corpus
  of Spoken American English, Du Bois et al. 2000-2005, sold by the LDC under its user agreement and given away by
  UCSB / OpenSLR 155, there said to be CC BY-ND 3.0, not checked here; names of people and places were replaced by the
  corpus's pseudonyms, marked "~"): `ASR/original.stm`, 60 recordings of naturally occurring talk (face-to-face
  conversation among family and friends, telephone calls, work talk, and a few lectures, sermons, tours and a small
  claims court), one intonation unit a line. Consecutive units of one speaker joined into a turn; transcription marks
  removed (<LAUGH>, <UNK> and other <...> tags, the pseudonym mark "~", cut-off words ending in "-", "--"); the turn
  split after ".", "?" or "!"; 6-40 words, first letter upper-cased; non-ASCII sentences left out: 14,887 sentences.
  (CABNC / the BNC, set V's source, and Switchboard, set G's, are not used.)
Candidates were surfaced by keywords (CUES per category: 2,479 sentences; then EXTRA, a second pass for whereabouts,
legal and child words: 150 more) and every surfaced sentence (2,629; all written by `--dump`) read by hand. Kept: a
private fact about a specific, identifiable person (the speaker or someone else: health, finance, relationships,
legal, employment, location, minors, beliefs) with its category (DECISIONS["private_accept"], sha1-prefix ->
category), and hard negatives, "none": sentences in the same register and with the same trigger words that tell no
private fact (generic talk, sermons and lectures, horses and pets, a book club's talk about a novel, prices, idioms
such as "my wife had fallen in love with a Mexican artist" said of his paintings). DECISIONS["owner_third"] lists the
prefixes of facts about someone other than the speaker. Of the labelled, 31 more health facts and 222 more hard
negatives were read and left out to balance the set (the first 45 health and 120 "none" by sha1 kept).
Counts: 291 private sentences (relationships 48, health 45, finance 39, location 39, employment 36, beliefs 32, minors
32, legal 20; 184 about someone else, 63%; 107 about the speaker) and 120 hard negatives. Beliefs: 17 religion, 12
sexual orientation, 3 politics. About 5-10% doubtful (mild facts; questions that presuppose the fact, "So is he in
like jail or something?"). No randomness: outputs sorted by sha1(text).
"""

import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from hand_labels import dump, git_dir_arguments, print_counts, write_private  # noqa: E402
from prepare_heldout_e import Git, sha  # noqa: E402
from prepare_heldout_f import ASCII  # noqa: E402
from prepare_heldout_i import accepted  # noqa: E402

HERE = Path(__file__).resolve().parent
DECISIONS = json.loads((HERE / "set_w1_decisions.json").read_text())
COMMITS = {
    "sbc": "8510ddf5ecf082ca818453115572336e8b26983b",
}
NON_ASCII = re.compile(r"[^\x00-\x7f]")
TAG = re.compile(r"<[^>]*>")
CUT = re.compile(r"(?<!\S)\S*-(?=\s|$|[,.?!])")
SPLIT = re.compile(r"(?<=[.?!])\s+")

# keyword cues that surface candidates for reading (a cue only surfaces; the label is the reader's)
CUES = {
    "health": r"\b(sick|ill\b|illness|hospital|doctor|nurse|surgery|operation|cancer|tumor|chemo|heart attack|stroke|"
    r"diabet\w*|pregnan\w*|baby due|miscarr\w*|depress\w*|therap\w*|medication|pills?\b|prescri\w*|diagnos\w*|"
    r"broke (his|her|my) (leg|arm|hip|ankle|wrist|back)|surgery|died|dying|disease|arthritis|asthma|allerg\w*|"
    r"alcoholic|drinking problem|rehab|x-rays?|blood|insulin|migraine|back pain|in pain|knee|hip\b|emergency room|"
    r"clinic|psychiatr\w*|counsel\w*|AIDS|HIV|infection|flu\b|virus|shots?\b)",
    "finance": r"\b(money|broke\b|debts?\b|owes?\b|owed|loan|mortgage|rent\b|bills?\b|paycheck|salary|"
    r"income|afford|bank|credit card|savings|taxes|bankrupt\w*|welfare|food stamps|unemployment|inherit\w*|"
    r"dollars|bucks|grand\b|paid|pay (for|off|back)|lottery|cost (me|us|him|her)|sold (the|our|my|his|her) house|"
    r"buy(ing)? a house|bought a (house|car))",
    "relationships": r"\b(divorc\w*|married|marry|marriage|wedding|engaged|boyfriend|girlfriend|husband|wife|"
    r"ex-?wife|ex-?husband|broke up|breaking up|dating|date with|going out with|cheat\w*|affair|separated|"
    r"my (mom|mother|dad|father|sister|brother|parents|family|grandma|grandmother|grandpa|aunt|uncle|cousin|"
    r"in-laws?|mother-in-law)|fight\w*|argu\w*|not speaking|widow\w*|funeral|in love|sleeping with|roommate)",
    "legal": r"\b(police|cops?\b|arrest\w*|jail|prison|court|judge|lawyer|attorney|sued?\b|suing|lawsuit|"
    r"ticket|DUI|drunk driving|probation|parole|custody|charged|convicted|felony|stole|stolen|robbed|"
    r"busted|illegal|warrant|trial|restraining order|immigration|green card|deport\w*|citizenship)",
    "employment": r"\b(job|fired|laid off|lay ?offs?|quit\b|hired|boss|promot\w*|raise\b|work(s|ed|ing)? (at|for|in)|"
    r"unemploy\w*|interview|resign\w*|retire\w*|career|shift|manager|overtime|part-time|full-time|"
    r"employ\w*|supervisor|got the job|lost (his|her|my) job|salary|wages|teaching|applied)",
    "location": r"\b(moved? (to|back|out|in|away|up|down)|moving (to|out|back|in)|lives? (in|at|with|out|down|up|"
    r"over)|living (in|at|with)|staying (at|with|in)|stayed (at|with|in)|address|apartment|house in|"
    r"went (to|up to|down to|back to) |going (to|back to) (\w+ ){0,2}(for|next|this)|trip|vacation|flew|"
    r"fly(ing)? (to|out|back)|visit(ing|ed)?|back home|hometown|grew up|neighbou?r\w*|street|avenue|"
    r"Texas|California|Oregon|Mexico|Los Angeles|LA\b|New York|Seattle|Denver|Chicago|Boston|Hawaii|Alaska|"
    r"Colorado|Arizona|Florida|Ohio|Montana|Utah|Nevada|Europe|Japan|England)",
    "minors": r"\b(kids?|child|children|baby|babies|son|daughter|grandson|granddaughter|boy|girl|teenager|"
    r"school|kindergarten|preschool|grade|teacher|daycare|babysit\w*|nephew|niece|toddler|"
    r"(he|she)'s (two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|"
    r"sixteen|seventeen)\b|years old|birthday|diaper\w*|potty|grounded|homework)",
    "beliefs": r"\b(church|God|Jesus|Christ\w*|Lord|pray\w*|Bible|religio\w*|Catholic|Mormon|Baptist|Jewish|"
    r"Jew\b|Muslim|Buddhis\w*|atheist|faith|born again|saved|sin\b|spirit\w*|temple|synagogue|mass\b|"
    r"Democrat\w*|Republican\w*|liberal|conservative|vote[sd]?|voting|election|Reagan|Bush|Clinton|"
    r"gay|lesbian|homosexual\w*|queer|bisexual|abortion|pro-life|politic\w*)",
}
CUE = {cat: re.compile(rx, re.I) for cat, rx in CUES.items()}
# the second pass, over the sentences no CUE surfaced (whereabouts, legal and child words; noisy: "fine", "caught")
EXTRA = re.compile(
    r"\b(steal\w*|shoplift\w*|caught|sheriff|custody|sentenced|accus\w*|speeding|pulled (him|her|me) over|probation|"
    r"arrested|cop\b|cops|in trouble with|fine[ds]?\b|lawyer|lawsuit|divorce papers|"
    r"my (son|daughter|kids?|boy|girl|baby|grandson|granddaughter)|(his|her|their) (son|daughter|kids?|boy|girl|baby)|"
    r"grade\b|kindergarten|preschool|"
    r"lives?\b|lived|moved|moving|house (is|was) in|stays? (at|with)|from (\w+ )?(Texas|California|Ohio|Michigan|Iowa|"
    r"Chicago)|born in|grew up|went back to|back east|out west)",
    re.I,
)


def _clean(text):
    text = TAG.sub(" ", text.translate(ASCII)).replace("~", "")
    text = text.replace("--", " ")
    text = CUT.sub(" ", text)
    text = re.sub(r"(?<!\S)-+(?=\w)", "", text)
    text = re.sub(r"\s+", " ", text).strip()
    text = re.sub(r"\s+([,.?!])", r"\1", text)
    text = re.sub(r"([,.?!])(?:\s*[,.?!])+", r"\1", text)
    return text.strip(" ,")


def turns(gitdir):
    """(recording, speaker, turn text) of ASR/original.stm: consecutive intonation units of one speaker joined."""
    raw = Git(gitdir, COMMITS["sbc"]).blob("ASR/original.stm").decode("utf-8")
    cur, buf = None, []
    for line in raw.split("\n"):
        parts = line.split(" ", 5)
        if len(parts) < 6:
            continue
        key = (parts[0], parts[2].split("_", 1)[-1])
        if key != cur and buf:
            yield cur[0], cur[1], " ".join(buf)
            buf = []
        cur = key
        buf.append(parts[5])
    if buf:
        yield cur[0], cur[1], " ".join(buf)


def sbc_sentences(gitdir):
    """(recording, sentence) for every sentence (6-40 words, ASCII) of every turn, marks removed."""
    for rec, _speaker, turn in turns(gitdir):
        for s in SPLIT.split(_clean(turn)):
            s = s.strip(" ,")
            if not s or NON_ASCII.search(s) or not 6 <= len(s.split()) <= 40:
                continue
            s = s[0].upper() + s[1:]
            if s[-1] not in ".?!":
                s += "."
            yield rec, s


def main():
    args = git_dir_arguments(__doc__, ("sbc",), dump=True)
    rows = list(sbc_sentences(args.sbc))
    if args.dump:
        seen, out, second = set(), [], []
        for doc, s in rows:
            if s in seen:
                continue
            seen.add(s)
            cats = [c for c, rx in CUE.items() if rx.search(s)]
            if cats:
                out.append({"sha": sha(s), "text": s, "doc": doc, "source": "sbcsae", "cues": cats})
            elif EXTRA.search(s):
                second.append({"sha": sha(s), "text": s, "doc": doc, "source": "sbcsae", "cues": ["extra"]})
        dump(out + second, args.dump)
    accept = DECISIONS["private_accept"]
    cands = accepted((s for _, s in rows), accept, "sbcsae")
    private = write_private(accept, set(DECISIONS["owner_third"]), cands, args.out, "w1-")
    print_counts([], private)


if __name__ == "__main__":
    main()
