#!/usr/bin/env python3
"""Deterministic rebuild of training set P: /work/outside/p/{benign,private_sentences}.jsonl.

python3 bench/ci_data/prepare_set_p.py \
    --sumo <rtanglao/rt-kitsune-api git dir> \
    --mooc <pcla-code/forum-posts-urgency git dir> \
    --streaming <CMU-IDS-2022/final-project-netflixandnochill git dir> \
    --out /work/outside/p

A TRAINING set (hand-labelled, trained on through prepare_read_sets.py; never a held-out set), chosen for
third-person narrative about named people (the newest held-out set's weakest case).
Benign: whole questions of Mozilla's Firefox support forum (support.mozilla.org, desktop Firefox 60-63, May to
November 2018; the "content" column of the question exports created21october2018-ff6{0,1,2}-*.csv and
VISUALIZATIONS/created-26november-2018-23october-11november-*.csv, one row per question id, HTML tags cut and entities
unescaped; repository MPL-2.0, the questions their writers') and whole posts of the discussion forums of nine Coursera
courses (accounting, calculus, design, gamification, globalization, modern American poetry, Greek mythology,
probability, vaccines; All_Courses_REDACTED_CODED.csv of a forum-post urgency study, the "post_text" column, HTML
entities unescaped; posts with a "[REDACTED]" name marker and peer reviews that repeat the assignment's rubric left
out; repository MIT). 50-400 words, ASCII, a privacy keyword filter, then the hand-check's rejections
(DECISIONS["benign_reject"]). Private: single sentences (6-40 words) of the one-paragraph title descriptions of the
Netflix, Hulu and Disney+ catalogues (netflix_titles.csv, hulu_titles.csv, disney_plus_titles.csv, the "description"
column; Kaggle copies by Shivam Bansal, CC0; repository BSD-3-Clause): third-person plot and premise summaries about
named or described people, kept only where hand-read: a private fact about a character or a real person with its
category (DECISIONS["private_accept"], sha1-prefix -> category), and hard negatives, personal-looking sentences that
tell no private fact, as "none"; DECISIONS["owner_third"] lists the prefixes of facts about someone other than the
writer (here every positive).
Git-dir arguments are bare git dirs read at the pinned commits below (COMMITS). No randomness: each benign source's
cap takes first the candidates with a sentence end within a line, each group in sha1(text) order; outputs are sorted
by id / sha1(text).
"""

import csv
import html
import io
import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from hand_labels import git_dir_arguments, write_accepted_private  # noqa: E402
from prepare_heldout_e import BLOCK, Git, sentences  # noqa: E402
from prepare_heldout_f import ASCII, PROFANITY  # noqa: E402
from prepare_heldout_h import URL  # noqa: E402
from prepare_heldout_i import accepted, pick_messages, write_benign  # noqa: E402
from prepare_set_n import CHAT_PERSONAL  # noqa: E402

HERE = Path(__file__).resolve().parent
DECISIONS = json.loads((HERE / "set_p_decisions.json").read_text())
COMMITS = {
    "sumo": "84368c4c1f64f15e43938b878690671dcc836110",
    "mooc": "ebf3695f01d2dec197253eb89499f4835bb7d0fa",
    "streaming": "10d04d771366dec274eb78bd01d8efe5d0548ece",
}
CAP = 150  # messages per benign source
TASK = {
    "sumo_firefox_questions": "Post this question on the support forum",
    "coursera_forum_posts": "Post this on the course forum",
}
SUMO_FILES = (
    "created21october2018-ff60-9-29may2018-questions-id-content-created-product-tags-topic-firefoxversion.csv",
    "created21october2018-ff61-26june-16july-2018-questions-id-content-created-product-tags-topic-firefoxversion.csv",
    "created21october2018-ff62-5-25september-2018-questions-id-content-created-product-tags-topic-firefoxversion.csv",
    "VISUALIZATIONS/created-26november-2018-23october-11november-ff-desktop-questions-id-content-created-product-tags-"
    "title-topic.csv",
)
MOOC_FILE = "All_Courses_REDACTED_CODED.csv"
STREAMING_FILES = ("netflix_titles.csv", "hulu_titles.csv", "disney_plus_titles.csv")
BREAK_TAG = re.compile(r"(?i)</p>|<br\s*/?>|</li>|</h\d>|</pre>")
TAG = re.compile(r"<[^>]+>")
# support questions quote the troubleshooting data Firefox pastes in; those are logs, not the writer's words
SUMO_LOG = re.compile(r"(?i)\b(user agent|mozilla/5\.0|application basics|crash id|bp-[0-9a-f]{8})")
# peer reviews posted to the forum repeat the assignment's grading rubric before the reviewer's few lines
PEER_RUBRIC = re.compile(r"^(Evaluation rubric:|For mesostics and essays)")


def _plain(text):
    """Text of an HTML fragment: block ends as line breaks, other tags cut, entities unescaped, blank runs closed."""
    text = TAG.sub("", BREAK_TAG.sub("\n", text.replace("\r\n", "\n")))
    text = html.unescape(html.unescape(text)).translate(ASCII)
    text = re.sub(r"[ \t]+\n", "\n", re.sub(r"[ \t]+", " ", text))
    return re.sub(r"\n{3,}", "\n\n", text).strip()


# ---------------------------------------------------------------- benign sources
def sumo_candidates(gitdir):
    g = Git(gitdir, COMMITS["sumo"])
    seen = set()
    for path, raw in sorted(g.blobs(SUMO_FILES).items()):
        for r in csv.DictReader(io.StringIO(raw.decode("utf-8"))):
            if r["id"] in seen:
                continue
            seen.add(r["id"])
            text = _plain(r["content"] or "")
            if not SUMO_LOG.search(text):
                yield "p-support-sumo-%s" % r["id"], text


def mooc_candidates(gitdir):
    g = Git(gitdir, COMMITS["mooc"])
    seen = set()
    for r in csv.DictReader(io.StringIO(g.blob(MOOC_FILE).decode("utf-8", "replace"))):
        if r["id"] in seen or not r["post_text"] or "REDACTED" in r["post_text"]:
            continue
        seen.add(r["id"])
        text = _plain(r["post_text"])
        if not PEER_RUBRIC.match(text):
            yield "p-forum-coursera-%s" % r["id"], text


def pick_benign(source, cands, blocks):
    return pick_messages(source, cands, blocks, TASK[source], tuple(DECISIONS["benign_reject"]), CAP)


# ---------------------------------------------------------------- private sentences
def streaming_sentences(gitdir):
    """Every sentence (6-40 words) of every title description of the three catalogues; non-ASCII sentences left
    out."""
    g = Git(gitdir, COMMITS["streaming"])
    for _, raw in sorted(g.blobs(STREAMING_FILES).items()):
        for r in csv.DictReader(io.StringIO(raw.decode("utf-8"))):
            for s in sentences((r["description"] or "").translate(ASCII)):
                if not re.search(r"[^\x00-\x7f]", s):
                    yield s


def main():
    args = git_dir_arguments(__doc__, ("sumo", "mooc", "streaming"))

    blocks = (BLOCK, CHAT_PERSONAL, URL, PROFANITY)
    benign = write_benign(
        args.out,
        (
            ("sumo_firefox_questions", sumo_candidates(args.sumo), blocks),
            ("coursera_forum_posts", mooc_candidates(args.mooc), blocks),
        ),
        pick_benign,
    )

    cands = accepted(streaming_sentences(args.streaming), DECISIONS["private_accept"], "streaming_descriptions")
    write_accepted_private(DECISIONS, cands, args.out, "p-streaming-", benign)


if __name__ == "__main__":
    main()
