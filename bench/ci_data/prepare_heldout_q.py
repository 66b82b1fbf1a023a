#!/usr/bin/env python3
"""Deterministic rebuild of held-out set Q: /work/outside/q/{benign,private_sentences}.jsonl.

python3 bench/ci_data/prepare_heldout_q.py \
    --bgg <lucasmr19/BoardGameGeek-Corpus git dir> \
    --oem <openenergymonitor/forum-archive git dir> \
    --aise <sasiddiqui/confucius git dir> \
    --oyez <Sonakshi-Dinesh/Legal-Judgement-Prediction- git dir> \
    --out /work/outside/q

Benign: whole user reviews of board games on BoardGameGeek (the comments left with a rating on the pages of 321
games, 2001-2025, crawled in equal numbers per rating, data/crawler/bgg_reviews_<game id>_crawler.json of a review
corpus built for sentiment analysis; repository MIT, the reviews their writers'), whole posts of the old
OpenEnergyMonitor forum (the open-source energy-monitoring project's Drupal forum, support, hardware and software
questions and their replies, to May 2016, the static archive's node/<id>.html pages; repository MIT, the posts their
writers'; a topic's opening post and each reply a message, posts quoting others or holding code, images or tables
left out, closings and signatures cut) and whole questions and answers of Artificial Intelligence Stack Exchange
(August to December 2016, data/stackexchange/ai.stackexchange.com/Posts.xml of the site's data dump, CC BY-SA 3.0;
the repository, a forum-search demo, no licence file). 50-400 words, ASCII, a privacy keyword filter, then the
hand-check's rejections (DECISIONS["benign_reject"]). Private: single sentences (6-40 words) of the Oyez summaries
of United States Supreme Court cases ("Facts of the case", the plain-language account of who did what to whom before
the case reached the Court, about named parties; justice.csv, the "facts" column, 2,999 cases, most of terms
1955-2016, a Kaggle copy; no licence file, the summaries Oyez's), kept only where hand-accepted, with the
hand-assigned category (DECISIONS["private_accept"], sha1-prefix -> category) and owner (DECISIONS["owner_third"]:
the prefixes of facts about someone other than the writer; here every one).
Git-dir arguments are bare git dirs read at the pinned commits below (COMMITS). No randomness: each source's cap
takes first the candidates with a sentence end within a line (where make_heldout.py can insert a sentence), each
group in sha1(text) order; outputs are sorted by id / sha1(text).
"""

import csv
import html
import io
import json
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from hand_labels import git_dir_arguments, write_accepted_private  # noqa: E402
from prepare_heldout_e import BLOCK, REVIEW_BLOCK, SPLIT, Git, nwords  # noqa: E402
from prepare_heldout_f import ASCII, PROFANITY, REVIEW_EXTRA  # noqa: E402
from prepare_heldout_h import URL  # noqa: E402
from prepare_heldout_i import accepted, pick_messages, write_benign  # noqa: E402
from prepare_heldout_j import FULL_NAME, SE_SKIP, html_to_text  # noqa: E402
from prepare_heldout_k import CLOSING, FIRST_NAME  # noqa: E402
from prepare_heldout_l import HOUSEHOLD, SIGN_OFF  # noqa: E402
from prepare_set_n import CHAT_PERSONAL  # noqa: E402

HERE = Path(__file__).resolve().parent
DECISIONS = json.loads((HERE / "heldout_q_decisions.json").read_text())
COMMITS = {
    "bgg": "af9629fa1ae67a6f0a93f98c71ca3affe1eddb64",
    "oem": "e0a42e321b9faca872ff9ef3f617757c3d97ef12",
    "aise": "893604f757d3433cebb44aed241238f01487b190",
    "oyez": "d29057a63c2443e1b73cc37e6631f94cd648b7c5",
}
TASK = {
    "boardgamegeek_reviews": "Post this review",
    "openenergymonitor_forum": "Post this on the forum",
    "ai_stackexchange": "Post this on the forum",
}
BGG_FILE = re.compile(r"data/crawler/bgg_reviews_(\d+)_crawler\.json")
OEM_NODE = re.compile(r"node/(\d+)\.html")
OEM_FORUM = re.compile(r'<div class="breadcrumb">.*?href="\.\./forum\.html"')
# a post's HTML: the topic's opening post and each reply sit in <div class="content"> ... before <div class="links">;
# the topic's carries the forum's previous / next topic links
OEM_POST = re.compile(r'(?:<a id="comment-(\d+)"></a>.*?)?<div class="content">(.*?)<div class="links">', re.S)
OEM_NAV = re.compile(r'(?s)<div class="forum-topic-navigation.*$')
# quoted posts, code, images and tables are not the writer's own prose
OEM_SKIP = re.compile(r"(?i)<(blockquote|pre|code|img|table|iframe)\b|\[(quote|code)\b")
# a case summary's abbreviations end no sentence: pieces split after them are joined again
ABBREV_END = re.compile(
    r"(?:\b(?:Mr|Mrs|Ms|Dr|St|Jr|Sr|Co|Corp|Inc|Ltd|No|Nos|Gen|Gov|Sen|Rep|Lt|Sgt|Capt|Col|Prof|Rev|Ft|Mt|Ave|"
    r"Dept|Assn|Bros|v|vs|Cal|Pa|Ill|Ark|Tenn|Fla|Ga|Ala|Va|Md|Mass|Conn|Mich|Wis|Minn|Ariz|Colo|Okla|Ky|La|Miss|"
    r"Mo|Neb|Nev|Tex|Wash|Ore|Del|Kan)|\b(?:[A-Z]\.)*[A-Z])\.$"
)


# ---------------------------------------------------------------- benign sources
def bgg_candidates(gitdir):
    """Every rating comment of the crawled games, in file order; the writer's line breaks kept."""
    g = Git(gitdir, COMMITS["bgg"])
    paths = [p for p in g.names("data/crawler/") if BGG_FILE.fullmatch(p)]
    for path, raw in sorted(g.blobs(paths).items()):
        game = BGG_FILE.fullmatch(path).group(1)
        for i, r in enumerate(json.loads(raw)):
            text = html.unescape(r.get("comment") or "").replace("\r\n", "\n").translate(ASCII)
            text = re.sub(r"[ \t]+", " ", text)
            text = re.sub(r" ?\n ?", "\n", text)
            yield "q-review-bgg-%s-%04d" % (game, i), re.sub(r"\n{3,}", "\n\n", text).strip()


def oem_candidates(gitdir):
    """Every forum post of the archive's topic pages (node/<id>.html under "Forums"): the opening post and each reply,
    HTML to text, closings, sign-off names and signatures cut."""
    g = Git(gitdir, COMMITS["oem"])
    paths = [p for p in g.names("node/") if OEM_NODE.fullmatch(p)]
    for path, raw in sorted(g.blobs(paths).items()):
        page = raw.decode("utf-8", "replace")
        if not OEM_FORUM.search(page):
            continue
        node = OEM_NODE.fullmatch(path).group(1)
        for comment, body in OEM_POST.findall(page):
            body = OEM_NAV.sub("", body)
            if OEM_SKIP.search(body):
                continue
            text = html_to_text(body)
            text = FIRST_NAME.sub("", FULL_NAME.sub("", SIGN_OFF.sub("", CLOSING.sub("", text.strip()))))
            mid = "q-post-oem-%s" % node + ("-c%s" % comment if comment else "")
            yield mid, re.sub(r"\n{3,}", "\n\n", text).strip()


def aise_candidates(gitdir):
    g = Git(gitdir, COMMITS["aise"])
    for r in ET.fromstring(g.blob("data/stackexchange/ai.stackexchange.com/Posts.xml")):
        kind = {"1": "q", "2": "a"}.get(r.get("PostTypeId"))
        body = r.get("Body") or ""
        if kind is None or SE_SKIP.search(body):
            continue
        yield "q-post-aise-%s%s" % (kind, r.get("Id")), html_to_text(body)


def pick_benign(source, cands, blocks):
    return pick_messages(source, cands, blocks, TASK[source], tuple(DECISIONS["benign_reject"]))


# ---------------------------------------------------------------- private sentences
def case_sentences(text):
    """The sentences (6-40 words) of one summary: split as prepare_heldout_e.sentences does, the pieces that end in an
    abbreviation ("Mr.", "U.S.", "v.", "Ky.", an initial) joined to the next."""
    pieces = []
    for s in SPLIT.split(re.sub(r"\s+", " ", text).strip()):
        if pieces and ABBREV_END.search(pieces[-1]):
            pieces[-1] += " " + s
        else:
            pieces.append(s)
    for s in pieces:
        s = s.strip()
        if 6 <= nwords(s) <= 40:
            yield s


def oyez_sentences(gitdir):
    """Every sentence of every case's facts (HTML paragraphs, tags cut, entities unescaped); non-ASCII sentences
    left out."""
    g = Git(gitdir, COMMITS["oyez"])
    for r in csv.DictReader(io.StringIO(g.blob("justice.csv").decode("utf-8"))):
        facts = html.unescape(re.sub(r"<[^>]+>", " ", r["facts"] or "")).translate(ASCII)
        for s in case_sentences(facts):
            if not re.search(r"[^\x00-\x7f]", s):
                yield s


def main():
    args = git_dir_arguments(__doc__, ("bgg", "oem", "aise", "oyez"))

    benign = write_benign(
        args.out,
        (
            (
                "boardgamegeek_reviews",
                bgg_candidates(args.bgg),
                (REVIEW_BLOCK, REVIEW_EXTRA, HOUSEHOLD, URL, PROFANITY),
            ),
            ("openenergymonitor_forum", oem_candidates(args.oem), (BLOCK, CHAT_PERSONAL, URL, PROFANITY)),
            ("ai_stackexchange", aise_candidates(args.aise), (BLOCK, URL, PROFANITY)),
        ),
        pick_benign,
    )

    cands = accepted(oyez_sentences(args.oyez), DECISIONS["private_accept"], "oyez_case_facts")
    write_accepted_private(DECISIONS, cands, args.out, "q-private-", benign)


if __name__ == "__main__":
    main()
