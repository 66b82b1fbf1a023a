#!/usr/bin/env python3
"""Deterministic rebuild of training set N: /work/outside/n/{benign,private_sentences}.jsonl.

python3 bench/ci_data/prepare_set_n.py \
    --qtox <qTox/qtox-irc-logs git dir> \
    --jira <SPEAR-SE/LogInBugReportsEmpirical_Data git dir> \
    --subjqa <megagonlabs/SubjQA git dir> \
    --office <XxTyaftioNxX/The-Office-Transcripts git dir> \
    --out /work/outside/n

A TRAINING set (hand-labelled, trained on through prepare_read_sets.py; never a held-out set).
Benign: whole chat messages of the qTox project's IRC channel (#qtox on freenode, 2016-06 to 2017-02, the daily ZNC
logs YYYY/MM/#qtox_YYYYMMDD.log.txt; a message is one person's uninterrupted run of lines, joins, quits and
actions skipped, no pause over 10 minutes, the lines kept as lines; repository no licence file, its scrub script
GPL-3.0), whole descriptions of Apache ZooKeeper bug reports of the Apache JIRA (bug_reports/Zookeeper/*.json,
fields.description; collected for an empirical study of logs in bug reports; no licence file) and whole Amazon
electronics product reviews that SubjQA's review-based questions are asked on (Bjerva et al. 2020,
SubjQA/electronics/splits/{train,dev,test}.csv, the "review" column, one row per review id, the "ANSWERNOTFOUND"
marker cut; the data under the licence of the Amazon review dataset it is built on). 50-400 words, ASCII, a privacy
keyword filter, then the hand-check's rejections (DECISIONS["benign_reject"]). Private: single spoken lines' sentences
(6-40 words) of The Office (US) television transcripts, seasons 1-7 (fan transcriptions, scripts/Season */*.txt,
"Speaker: line", stage directions in brackets cut; no licence file), kept only where hand-read: a private fact
about the speaker or a named or related third party with its category (DECISIONS["private_accept"], sha1-prefix ->
category), and hard negatives, personal-looking sentences that tell no private fact, as "none"
(DECISIONS["private_accept"] with category "none"); DECISIONS["owner_third"] lists the prefixes of facts about
someone other than the speaker.
Git-dir arguments are bare git dirs read at the pinned commits below (COMMITS). No randomness: each source's cap
takes first the candidates with a sentence end within a line, each group in sha1(text) order; outputs are sorted
by id / sha1(text).
"""

import csv
import io
import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from hand_labels import git_dir_arguments, write_accepted_private  # noqa: E402
from prepare_heldout_e import BLOCK, REVIEW_BLOCK, Git, sentences  # noqa: E402
from prepare_heldout_f import ASCII, PROFANITY, REVIEW_EXTRA  # noqa: E402
from prepare_heldout_h import URL  # noqa: E402
from prepare_heldout_i import accepted, pick_messages, write_benign  # noqa: E402

HERE = Path(__file__).resolve().parent
DECISIONS = json.loads((HERE / "set_n_decisions.json").read_text())
COMMITS = {
    "qtox": "2c9e1784cfc3194ae0f3c1fcd8694b29cbe4a798",
    "jira": "ab9603c66899b48b0b86bdf63ae7f7a604212b29",
    "subjqa": "6ea88c77802798b4a09a8218bd6bbde5b9cf4278",
    "office": "374f21f7d31e0b3c0691c57cd1154fc810d47095",
}
CAP = 100
TASK = {
    "qtox_irc": "Post this in the chat channel",
    "zookeeper_jira": "Post this bug report",
    "subjqa_electronics_reviews": "Post this review",
}
# ZNC lines: "[HH:MM:SS] <nick> text"; events ("*** Joins: ...") and actions ("* nick ...") do not match
IRC_LINE = re.compile(r"^\[(\d\d):(\d\d):(\d\d)\] <([^>\s]+)> (.*)$")
PAUSE = 600  # seconds: a longer pause ends a message
BOTS = re.compile(r"(?i)bot\b|^travis|^github|^toxbot")
# chat and bug reports: the writer's own life, work or whereabouts told in passing
CHAT_PERSONAL = re.compile(
    r"(?i)\b(my (wife|husband|girlfriend|boyfriend|kids?|son|daughter|mom|mum|dad|mother|father|parents|family|"
    r"boss|job|employer|salary|doctor|health)|i live in|i'?m from|i moved|hospital|sick|pregnan\w*|divorce\w*|"
    r"lawyer|police|arrest\w*|fired|laid off|unemployed|religio\w*|church|god\b|politic\w*|election|vote)\b"
)
# stack traces and logs dominate many JIRA descriptions; ok_text keeps only mostly-prose texts
JIRA_MARKUP = re.compile(r"\{(code|noformat|quote)(:[^}]*)?\}|\{color[^}]*\}")
OFFICE_PATH = re.compile(r"scripts/Season \d+/[\dx+]+\.txt")
OFFICE_LINE = re.compile(r"^([A-Z][\w .'&/-]{0,40}?)\s*:\s*(.+)$")
STAGE = re.compile(r"\[[^\]]*\]")


# ---------------------------------------------------------------- benign sources
def _irc_runs(text):
    """(nick, start time, lines) of each uninterrupted run of one speaker's lines in a ZNC day log."""
    runs, last = [], None
    for line in text.split("\n"):
        m = IRC_LINE.match(line.rstrip("\r"))
        if not m:
            continue
        t = int(m.group(1)) * 3600 + int(m.group(2)) * 60 + int(m.group(3))
        if not runs or m.group(4) != runs[-1][0] or t - last > PAUSE or t < last:
            runs.append((m.group(4), "%s%s%s" % m.group(1, 2, 3), []))
        runs[-1][2].append(m.group(5).strip())
        last = t
    return runs


def qtox_candidates(gitdir):
    g = Git(gitdir, COMMITS["qtox"])
    paths = [p for p in g.names(".") if p.endswith(".log.txt")]
    for path, raw in sorted(g.blobs(paths).items()):
        day = re.search(r"(\d{8})\.log\.txt$", path).group(1)
        for nick, start, lines in _irc_runs(raw.decode("utf-8", "replace").translate(ASCII)):
            if not BOTS.search(nick):
                yield "n-chat-qtox-%s-%s" % (day, start), "\n".join(lines)


def jira_candidates(gitdir):
    g = Git(gitdir, COMMITS["jira"])
    paths = [
        p for p in g.names("bug_reports/Zookeeper/") if re.fullmatch(r"bug_reports/Zookeeper/ZOOKEEPER-\d+\.json", p)
    ]
    for path, raw in sorted(g.blobs(paths).items()):
        desc = json.loads(raw).get("fields", {}).get("description") or ""
        text = JIRA_MARKUP.sub("", desc.replace("\r\n", "\n")).translate(ASCII)
        text = re.sub(r"[ \t]+\n", "\n", text)
        yield "n-bug-zookeeper-%s" % path.rsplit("-", 1)[1][:-5], re.sub(r"\n{3,}", "\n\n", text).strip()


def subjqa_candidates(gitdir):
    g = Git(gitdir, COMMITS["subjqa"])
    seen = set()
    for split in ("train", "dev", "test"):
        for r in csv.DictReader(io.StringIO(g.blob("SubjQA/electronics/splits/%s.csv" % split).decode("utf-8"))):
            if r["review_id"] in seen:
                continue
            seen.add(r["review_id"])
            text = r["review"].replace("ANSWERNOTFOUND", "").translate(ASCII)
            yield "n-review-subjqa-%s" % r["review_id"], re.sub(r"[ \t]+", " ", text).strip()


def pick_benign(source, cands, blocks):
    return pick_messages(source, cands, blocks, TASK[source], tuple(DECISIONS["benign_reject"]))


# ---------------------------------------------------------------- private sentences
def office_sentences(gitdir):
    """Every sentence (6-40 words) of every spoken line of the transcripts, stage directions cut; non-ASCII
    sentences left out."""
    g = Git(gitdir, COMMITS["office"])
    paths = [p for p in g.names("scripts/") if OFFICE_PATH.fullmatch(p)]
    for _, raw in sorted(g.blobs(paths).items()):
        for line in raw.decode("utf-8", "replace").translate(ASCII).split("\n"):
            m = OFFICE_LINE.match(line.strip())
            if not m:
                continue
            for s in sentences(STAGE.sub(" ", m.group(2))):
                if not re.search(r"[^\x00-\x7f]", s):
                    yield s


def main():
    args = git_dir_arguments(__doc__, ("qtox", "jira", "subjqa", "office"))

    benign = write_benign(
        args.out,
        (
            ("qtox_irc", qtox_candidates(args.qtox), (BLOCK, CHAT_PERSONAL, URL, PROFANITY)),
            ("zookeeper_jira", jira_candidates(args.jira), (BLOCK, CHAT_PERSONAL, URL, PROFANITY)),
            (
                "subjqa_electronics_reviews",
                subjqa_candidates(args.subjqa),
                (REVIEW_BLOCK, REVIEW_EXTRA, CHAT_PERSONAL, URL, PROFANITY),
            ),
        ),
        pick_benign,
    )

    cands = accepted(office_sentences(args.office), DECISIONS["private_accept"], "office_us")
    write_accepted_private(DECISIONS, cands, args.out, "n-office-", benign)


if __name__ == "__main__":
    main()
