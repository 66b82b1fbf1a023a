#!/usr/bin/env python3
"""Deterministic rebuild of held-out set O: /work/outside/o/{benign,private_sentences}.jsonl.

python3 bench/ci_data/prepare_heldout_o.py \
    --imagej <imagej/pipermail git dir> \
    --history <GonzaloHirsch/TP-XML git dir> \
    --duraspace <duraspace/irclogs git dir> \
    --gofundme <lekhashree03/Predictive-Analysis-of-GoFundMe-Crowdfunding-Campaign-Success git dir> \
    --out /work/outside/o

Benign: whole e-mails of the ImageJ developers' mailing list (imagej-devel, the image-analysis program's developers'
and plugin writers' list, 2009-2015, the list's monthly pipermail archives imagej-devel/YYYY-Month.txt; no licence
file, the mails their writers'; quoted text, attributions, closings and signatures cut), whole questions and answers
of History Meta Stack Exchange (the History site's own discussion of its questions, answers, tags and moderation,
2011-2018, Posts.xml of the meta site's data dump, CC BY-SA 3.0; the repository, a university XML course's exercise,
no licence file) and whole chat messages of the DuraSpace IRC channel (#duraspace on freenode, the DSpace and Fedora
repository software communities, 2009-2018, the daily logs original-logs/YYYY-MM-DD.log; logs CC BY 4.0, scripts
Apache-2.0; a message is one person's uninterrupted run of lines, joins, quits and actions skipped, no pause over 10
minutes by the logs' minute stamps, the lines kept as lines). 50-400 words, ASCII, a privacy keyword filter, then the
hand-check's rejections (DECISIONS["benign_reject"]). Private: single sentences (6-40 words) of GoFundMe crowdfunding
campaigns' stories (gofund_data.csv, the "story" column: the opening of 2,247 campaign pages of GoFundMe's categories,
medical, emergencies, funerals, family, faith, education ..., scraped in April 2025; no licence file, the stories
their organisers'; real people, many named), kept only where hand-accepted, with the hand-assigned category
(DECISIONS["private_accept"], sha1-prefix -> category) and owner (DECISIONS["owner_third"]: the prefixes of facts
about someone other than the writer).
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
from prepare_heldout_e import BLOCK, Git, sentences  # noqa: E402
from prepare_heldout_f import ASCII, PROFANITY  # noqa: E402
from prepare_heldout_g import MAIL_SKIP  # noqa: E402
from prepare_heldout_h import MAIL_EXTRA, URL  # noqa: E402
from prepare_heldout_i import AT_ADDR, accepted, pick_messages, write_benign  # noqa: E402
from prepare_heldout_j import SE_SKIP, html_to_text  # noqa: E402
from prepare_heldout_l import MAIL_PERSONAL, pipermail_mails  # noqa: E402
from prepare_set_n import BOTS, CHAT_PERSONAL, _irc_runs  # noqa: E402

HERE = Path(__file__).resolve().parent
DECISIONS = json.loads((HERE / "heldout_o_decisions.json").read_text())
COMMITS = {
    "imagej": "e1ba8566b04f736fe4e2ef06b8cea2a97ef36897",
    "history": "a11ea4a889ae684a720c0536892209eaba40a845",
    "duraspace": "41b63d8f1dde8d6db25d2c0810a03571f875de05",
    "gofundme": "7bdc42c3c8c218d5d5266371c275b17c46e83a60",
}
TASK = {
    "imagej_devel_list": "Send this e-mail",
    "history_meta_stackexchange": "Post this on the forum",
    "duraspace_irc": "Post this in the chat channel",
}
MONTH = re.compile(r"imagej-devel/(\d{4})-(\w+)\.txt")
# the DuraSpace log lines: '<span class="irc-date">[H:MM]</span> <span class="irc-black">&lt;nick&gt; text</span>';
# joins, quits, server notices and actions have other classes
DURA_LINE = re.compile(
    r'^<span class="irc-date">\[(\d{1,2}):(\d\d)\]</span> <span class="irc-black">(.*)</span><br />$'
)
DURA_DAY = re.compile(r"original-logs/(\d{4}-\d\d-\d\d)\.log")


# ---------------------------------------------------------------- benign sources
def imagej_candidates(gitdir):
    g = Git(gitdir, COMMITS["imagej"])
    return pipermail_mails(g, "imagej-devel/", MONTH, "o-mail-imagej-%s-%02d-%03d")


def history_candidates(gitdir):
    g = Git(gitdir, COMMITS["history"])
    for r in ET.fromstring(g.blob("Posts.xml")):
        kind = {"1": "q", "2": "a"}.get(r.get("PostTypeId"))
        body = r.get("Body") or ""
        if kind is None or SE_SKIP.search(body):
            continue
        yield "o-post-historymeta-%s%s" % (kind, r.get("Id")), html_to_text(body)


def duraspace_candidates(gitdir):
    g = Git(gitdir, COMMITS["duraspace"])
    paths = [p for p in g.names("original-logs/") if DURA_DAY.fullmatch(p)]
    for path, raw in sorted(g.blobs(paths).items()):
        day = DURA_DAY.fullmatch(path).group(1)
        lines = []
        for line in raw.decode("utf-8", "replace").split("\n"):
            m = DURA_LINE.match(line.rstrip("\r"))
            if m:
                said = html.unescape(re.sub(r"<[^>]+>", "", m.group(3))).translate(ASCII)
                lines.append("[%02d:%s:00] %s" % (int(m.group(1)), m.group(2), said))
        for nick, start, run in _irc_runs("\n".join(lines)):
            if not BOTS.search(nick):
                yield "o-chat-duraspace-%s-%s" % (day, start[:4]), "\n".join(run)


def pick_benign(source, cands, blocks):
    return pick_messages(source, cands, blocks, TASK[source], tuple(DECISIONS["benign_reject"]))


# ---------------------------------------------------------------- private sentences
def gofundme_sentences(gitdir):
    """Every sentence (6-40 words) of the campaigns' stories; non-ASCII sentences (and so the campaigns not in
    English) left out."""
    g = Git(gitdir, COMMITS["gofundme"])
    for r in csv.DictReader(io.StringIO(g.blob("gofund_data.csv").decode("utf-8"))):
        for s in sentences(html.unescape(r["story"] or "").translate(ASCII)):
            if not re.search(r"[^\x00-\x7f]", s):
                yield s


def main():
    args = git_dir_arguments(__doc__, ("imagej", "history", "duraspace", "gofundme"))

    benign = write_benign(
        args.out,
        (
            (
                "imagej_devel_list",
                imagej_candidates(args.imagej),
                (BLOCK, MAIL_EXTRA, AT_ADDR, MAIL_PERSONAL, MAIL_SKIP, PROFANITY),
            ),
            ("history_meta_stackexchange", history_candidates(args.history), (BLOCK, URL, PROFANITY)),
            ("duraspace_irc", duraspace_candidates(args.duraspace), (BLOCK, CHAT_PERSONAL, URL, PROFANITY)),
        ),
        pick_benign,
    )

    cands = accepted(gofundme_sentences(args.gofundme), DECISIONS["private_accept"], "gofundme_stories")
    write_accepted_private(DECISIONS, cands, args.out, "o-private-", benign)


if __name__ == "__main__":
    main()
