#!/usr/bin/env python3
"""Deterministic rebuild of training set W2: /work/outside/w2/private_sentences.jsonl.

python3 bench/ci_data/prepare_set_w2.py \
    --sms <maze-runnar/SMS-spam-detection git dir> \
    --nps <naphattharap/nli_chatbot git dir> \
    --out /work/outside/w2 [--dump FILE]

A TRAINING set (hand-labelled, read through prepare_read_sets.py; never a held-out set; tried 2026-12-08 and not
trained on by the shipped model, CI_MODEL.md says why), chosen for private
facts told in the register of informal WRITTEN chat: text messages and chat-room lines, lower case, abbreviations
("u", "ur", "lol", "gonna", "da", "lor"), little punctuation ("my sis got laid off again", "mums back in hospital").
Private sentences and hard negatives only; no benign messages.
Sources, read at the pinned commits below (COMMITS):
- maze-runnar/SMS-spam-detection (no licence file in the repository; the data file is the SMS Spam Collection v.1
  of Almeida and Gomez Hidalgo, smsspamcollection/SMSSpamCollection, whose own terms (Data-Description.md, section
  4) give it "for free and with no limitations" but copyright and no warranty; the UCI copy is CC BY 4.0): the
  4,827 "ham" (legitimate) text messages, real messages volunteered to the NUS SMS Corpus (Singapore students), to
  Caroline Tagg's British SMS corpus and to the SMS Spam Corpus v.0.1. Spam left out.
- naphattharap/nli_chatbot (no licence file in the repository; the data is the NPS Chat Corpus release 1.0,
  dialogue/nps_chat/*.xml, Naval Postgraduate School, "distributed solely for non-commercial, non-profit educational
  and research use", usernames masked as UserN, identifying details removed by hand): the 10,567 posts of 15
  recordings of age-specific chat rooms of 2006 (teens, 20s, 30s, 40s, adults); System posts (JOIN, PART) left out.
Units: a whole message or post of 4-40 words read as it stands; a longer one split into sentences (after . ! ?
and a space) and those of 4-40 words kept. HTML entities unescaped, curly quotes folded, accents folded to ASCII;
a unit still non-ASCII left out.
Candidates were surfaced per category by keywords (CUES) and every surfaced unit read by hand. Kept: a private
fact about the writer or a specific other person (health, finance, relationships, legal, employment, location,
minors, beliefs) with its category (DECISIONS["private_accept"], sha1-prefix -> category), and hard negatives,
"none": units in the same register with the same trigger words that tell no private fact (plans to meet, jokes,
chain messages, health tips, "sick" as slang, places to meet). DECISIONS["owner_third"] lists the prefixes of facts
about someone other than the writer. Counts: 1,744 units surfaced and read (SMS 1,263, NPS 481); 269 positives
(health 59, employment 49, location 49, finance 36, relationships 35, legal 20, beliefs 13, minors 8; SMS 209, NPS
60; 67 about a third party, 25%) and 152 hard negatives. No randomness: outputs sorted by sha1(text).
"""

import html
import json
import re
import sys
import unicodedata
import xml.etree.ElementTree as ET
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from hand_labels import dump, git_dir_arguments, print_counts, write_private  # noqa: E402
from prepare_heldout_e import Git, sha  # noqa: E402
from prepare_heldout_f import ASCII  # noqa: E402
from prepare_heldout_i import accepted  # noqa: E402

HERE = Path(__file__).resolve().parent
DECISIONS = json.loads((HERE / "set_w2_decisions.json").read_text())
COMMITS = {
    "sms": "fc58dd2f68434dfb55ad1fc3f9a6544f332f9732",
    "nps": "3d2b1818dff55b54f966255330332364621e7107",
}
NON_ASCII = re.compile(r"[^\x00-\x7f]")
SPLIT = re.compile(r"(?<=[.!?])\s+")

# keywords that surface candidates for reading (a candidate is read, never labelled by its keyword)
CUES = re.compile(
    r"""(?ix)\b(
    sick|ill|hospital|doctor|dr|clinic|fever|flu|cold|cough|pain|hurt\w*|surgery|operation|cancer|pregnan\w*|
    preg|medicine|meds|pills?|tablet\w*|injur\w*|broke|broken|headache|depress\w*|stress\w*|therap\w*|diabet\w*|
    asthma|allerg\w*|dentist|tooth|teeth|throat|stomach|vomit\w*|diarrh\w*|period|mc|checkup|test|results?|
    money|cash|pay|paid|salary|debt|loan|broke|rent|bank|account|owe|credit|bills?|afford|poor|savings?|
    mum|mom|mother|dad|father|sis|sister|bro|brother|wife|husband|hubby|gf|bf|girlfriend|boyfriend|ex|divorce\w*|
    married|marry|wedding|engaged|dating|date|dumped|break\ ?up|broke\ up|single|cheat\w*|love|family|parents?|
    cousin|aunt|uncle|grandma|grandpa|granny|son|daughter|kids?|child\w*|baby|babies|boy|girl|school|
    police|cops?|arrest\w*|jail|prison|court|lawyer|fine|ticket|illegal|caught|drugs?|weed|dui|probation|
    job|work\w*|boss|office|fired|sack\w*|quit|interview|hired|hiring|unemploy\w*|laid\ off|shift|promot\w*|
    intern\w*|resign\w*|career|colleague\w*|
    home|house|flat|hostel|live|living|lives|moved?|moving|staying|stay|trip|holiday|vacation|flight|flying|
    back\ to|
    church|god|jesus|pray\w*|religio\w*|muslim|christian|catholic|jewish|hindu|buddhis\w*|atheist|mosque|temple|
    bible|vote\w*|voting|election|republican|democrat|liberal|conservative|bush|obama|gay|lesbian|bi|straight|
    homo|queer|party
    )\b"""
)


def _fold(text):
    text = html.unescape(text).translate(ASCII)
    text = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return re.sub(r"\s+", " ", text).strip()


def units(text):
    """The message itself (4-40 words), else its sentences of 4-40 words; non-ASCII units left out."""
    text = _fold(text)
    parts = [text] if len(text.split()) <= 40 else SPLIT.split(text)
    for p in parts:
        p = p.strip()
        if 4 <= len(p.split()) <= 40 and not NON_ASCII.search(p):
            yield p


def sms_units(gitdir):
    """(line number, unit) for every ham message of the SMS Spam Collection."""
    raw = Git(gitdir, COMMITS["sms"]).blob("smsspamcollection/SMSSpamCollection").decode("utf-8", "replace")
    for n, line in enumerate(raw.split("\n"), 1):
        label, _, text = line.partition("\t")
        if label == "ham":
            for u in units(text):
                yield "line%d" % n, u


def nps_units(gitdir):
    """(file/post number, unit) for every non-System post of the NPS Chat Corpus."""
    g = Git(gitdir, COMMITS["nps"])
    names = [n for n in g.names("dialogue/nps_chat/") if n.endswith(".xml")]
    for path, raw in sorted(g.blobs(names).items()):
        root = ET.fromstring(raw)
        for n, post in enumerate(root.iter("Post")):
            if post.get("class") == "System":
                continue
            for u in units(post.text or ""):
                yield "%s/%d" % (path.rsplit("/", 1)[1][: -len(".xml")], n), u


def main():
    args = git_dir_arguments(__doc__, ("sms", "nps"), dump=True)
    groups = (("sms_ham", list(sms_units(args.sms))), ("nps_chat", list(nps_units(args.nps))))
    if args.dump:
        seen, rows = set(), []
        for src, pairs in groups:
            for doc, s in pairs:
                if s not in seen and CUES.search(s):
                    seen.add(s)
                    rows.append({"sha": sha(s), "text": s, "doc": doc, "source": src})
        dump(rows, args.dump)
        print("candidates", len(rows), {src: sum(r["source"] == src for r in rows) for src, _ in groups})

    accept = DECISIONS["private_accept"]
    cands = {}
    for src, pairs in groups:
        for s, source in accepted((s for _, s in pairs), accept, src).items():
            cands.setdefault(s, source)
    private = write_private(accept, set(DECISIONS["owner_third"]), cands, args.out, "w2-")
    print_counts([], private)


if __name__ == "__main__":
    main()
