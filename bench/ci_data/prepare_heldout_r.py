#!/usr/bin/env python3
"""Deterministic rebuild of held-out set R: /work/outside/r/{benign,private_sentences}.jsonl.

python3 bench/ci_data/prepare_heldout_r.py \
    --zig <marler8997/zig-irc-logs git dir> \
    --opendcl <opendcl/forum-archive git dir> \
    --mapnik <BackupTheBerlios/mapnik-devel-maillist git dir> \
    --pepys <standardebooks/samuel-pepys_the-diary git dir> \
    --out /work/outside/r

Benign: whole chat messages of the Zig programming language's IRC channel (#zig on freenode, later libera.chat,
2017-2022, the daily logs YYYY/MM-DD.txt, each message a unix time, a nick and a line; no licence file, the messages
their writers'; a message is one person's uninterrupted run of lines, no pause over 10 minutes, the lines kept as
lines, bots skipped), whole posts of the OpenDCL forums (the AutoCAD/BricsCAD dialog-box toolkit's SMF forum,
2007-2025, the static archive's topics/<id>-<slug>.html pages; no licence file, the posts their writers'; posts
holding code, quotes, images or tables left out, closings and sign-off names cut) and whole e-mails of the Mapnik
developers' mailing list (mapnik-devel at BerliOS, the map-rendering library's developers and users, 2006-2011, the
list's monthly pipermail archives YYYY-Month.txt; no licence file, the mails their writers'; quoted text,
attributions, closings and signatures cut). 50-400 words, ASCII, a privacy keyword filter, then the hand-check's
rejections (DECISIONS["benign_reject"]). Private: single sentences (6-40 words) of the diary of Samuel Pepys
(1660-1669, the Standard Ebooks edition of the Wheatley text, src/epub/text/chapter-<n>.xhtml, one chapter a month,
the diary entries only, the editor's notes and note markers left out; the text public domain, the edition CC0),
kept only where hand-accepted, with the hand-assigned category (DECISIONS["private_accept"], sha1-prefix -> category)
and owner (DECISIONS["owner_third"]: the prefixes of facts about someone other than the writer, Pepys; the rest are
his own: his health, money, marriage, lawsuits, office, movements, servants' children, church).
Git-dir arguments are bare git dirs read at the pinned commits below (COMMITS). No randomness: each source's cap
takes first the candidates with a sentence end within a line (where make_heldout.py can insert a sentence), each
group in sha1(text) order; outputs are sorted by id / sha1(text).
"""

import html
import json
import re
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from hand_labels import git_dir_arguments, print_counts, write_private  # noqa: E402
from prepare_heldout_e import BLOCK, Git  # noqa: E402
from prepare_heldout_f import ASCII, PROFANITY  # noqa: E402
from prepare_heldout_g import MAIL_SKIP  # noqa: E402
from prepare_heldout_h import MAIL_EXTRA, URL  # noqa: E402
from prepare_heldout_i import AT_ADDR, accepted, pick_messages, write_benign  # noqa: E402
from prepare_heldout_j import FULL_NAME, html_to_text  # noqa: E402
from prepare_heldout_k import CLOSING, FIRST_NAME  # noqa: E402
from prepare_heldout_l import MAIL_PERSONAL, SIGN_OFF, pipermail_mails  # noqa: E402
from prepare_heldout_q import case_sentences  # noqa: E402
from prepare_set_n import BOTS, CHAT_PERSONAL  # noqa: E402

HERE = Path(__file__).resolve().parent
DECISIONS = json.loads((HERE / "heldout_r_decisions.json").read_text())
COMMITS = {
    "zig": "5e99528ef53e450e5c0bfcb1900c67e9a910568b",
    "opendcl": "ad10ae279fbf8f36dfcfe552356b1bfca6ecf94c",
    "mapnik": "26f0afe6bd0118ad068c238235d0b1f823ba7afe",
    "pepys": "a3031890b10ba1332659e4462fd5db5c99e60616",
}
TASK = {
    "zig_irc": "Post this in the chat channel",
    "opendcl_forum": "Post this on the forum",
    "mapnik_devel_list": "Send this e-mail",
}
PAUSE = 600
ZIG_DAY = re.compile(r"(\d{4})/(\d\d-\d\d)\.txt")
# a log record: unix time, nick, the message (one line), a blank line
ZIG_RECORD = re.compile(r"^(\d{9,11})\n([^\n]+)\n([^\n]*)$", re.M)
DCL_TOPIC = re.compile(r"topics/(\d+)-[^/]*\.html")
DCL_POST = re.compile(r'<article class="post" id="msg(\d+)">.*?<div class="post-body">(.*?)</div>\s*</article>', re.S)
# quoted posts, code, images and tables are not the writer's own prose
DCL_SKIP = re.compile(r"(?i)<(blockquote|pre|code|img|table|iframe)\b|\[(quote|code)\b")
MAPNIK_MONTH = re.compile(r"(\d{4})-(\w+)\.txt")
PEPYS_CHAPTER = re.compile(r"src/epub/text/chapter-(\d+)\.xhtml")
PEPYS_ENTRY = re.compile(r'<article id="entry-[^"]*" epub:type="z3998:diary-entry">(.*?)</article>', re.S)
# sums of money: "\u00a3100" is written "100 pounds" (ASCII)
POUNDS = re.compile("\u00a3\\s?(\\d+(?:,\\d{3})*)")
PEPYS_NOTEREF = re.compile(r'<a [^>]*epub:type="noteref"[^>]*>.*?</a>', re.S)


# ---------------------------------------------------------------- benign sources
def zig_candidates(gitdir):
    g = Git(gitdir, COMMITS["zig"])
    paths = [p for p in g.names(".") if ZIG_DAY.fullmatch(p)]
    for path, raw in sorted(g.blobs(paths).items()):
        runs, last = [], None
        for m in ZIG_RECORD.finditer(raw.decode("utf-8", "replace").replace("\r\n", "\n")):
            t, nick, said = int(m.group(1)), m.group(2).strip(), m.group(3).translate(ASCII).strip()
            if not runs or nick != runs[-1][0] or t - last > PAUSE or t < last:
                runs.append((nick, t, []))
            runs[-1][2].append(said)
            last = t
        for nick, start, lines in runs:
            if not BOTS.search(nick):
                stamp = time.strftime("%Y-%m-%d-%H%M%S", time.gmtime(start))
                yield "r-chat-zig-%s" % stamp, "\n".join(s for s in lines if s)


def opendcl_candidates(gitdir):
    """Every post of the archive's topic pages, HTML to text, closings, sign-off names and signatures cut."""
    g = Git(gitdir, COMMITS["opendcl"])
    paths = [p for p in g.names("topics/") if DCL_TOPIC.fullmatch(p)]
    for path, raw in sorted(g.blobs(paths).items()):
        topic = DCL_TOPIC.fullmatch(path).group(1)
        for msg, body in DCL_POST.findall(raw.decode("utf-8", "replace")):
            if DCL_SKIP.search(body):
                continue
            text = html_to_text(body)
            text = FIRST_NAME.sub("", FULL_NAME.sub("", SIGN_OFF.sub("", CLOSING.sub("", text.strip()))))
            yield "r-post-opendcl-%s-m%s" % (topic, msg), re.sub(r"\n{3,}", "\n\n", text).strip()


def mapnik_candidates(gitdir):
    return pipermail_mails(Git(gitdir, COMMITS["mapnik"]), ".", MAPNIK_MONTH, "r-mail-mapnik-%s-%02d-%03d")


def pick_benign(source, cands, blocks):
    return pick_messages(source, cands, blocks, TASK[source], tuple(DECISIONS["benign_reject"]))


# ---------------------------------------------------------------- private sentences
def pepys_sentences(gitdir):
    """Every sentence (6-40 words) of the diary entries, note markers and tags cut, entities unescaped, word joiners
    dropped, sums in pounds spelt out; split as prepare_heldout_q.case_sentences does ("Mr.", "Sir W." do not end a
    sentence); non-ASCII sentences left out."""
    g = Git(gitdir, COMMITS["pepys"])
    paths = [p for p in g.names("src/epub/text/") if PEPYS_CHAPTER.fullmatch(p)]
    for path in sorted(paths, key=lambda p: int(PEPYS_CHAPTER.fullmatch(p).group(1))):
        page = g.blob(path).decode("utf-8")
        for entry in PEPYS_ENTRY.findall(page):
            text = re.sub(r"<[^>]+>", " ", PEPYS_NOTEREF.sub("", entry))
            text = html.unescape(text).replace("\u2060", "").translate(ASCII)
            text = POUNDS.sub(r"\1 pounds", text)
            text = re.sub(r"\s+([,.;:!?)])", r"\1", re.sub(r"\s+", " ", text))
            for s in case_sentences(text):
                if not re.search(r"[^\x00-\x7f]", s):
                    yield s


def main():
    args = git_dir_arguments(__doc__, ("zig", "opendcl", "mapnik", "pepys"))

    benign = write_benign(
        args.out,
        (
            ("zig_irc", zig_candidates(args.zig), (BLOCK, CHAT_PERSONAL, URL, PROFANITY)),
            ("opendcl_forum", opendcl_candidates(args.opendcl), (BLOCK, CHAT_PERSONAL, URL, PROFANITY)),
            (
                "mapnik_devel_list",
                mapnik_candidates(args.mapnik),
                (BLOCK, MAIL_EXTRA, AT_ADDR, MAIL_PERSONAL, MAIL_SKIP, PROFANITY),
            ),
        ),
        pick_benign,
    )

    accept = DECISIONS["private_accept"]
    cands = accepted(pepys_sentences(args.pepys), accept, "pepys_diary")
    private = write_private(accept, set(DECISIONS["owner_third"]), cands, args.out, "r-private-")
    print_counts(benign, private)


if __name__ == "__main__":
    main()
