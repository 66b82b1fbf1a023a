#!/usr/bin/env python3
"""Deterministic rebuild of held-out set V: /work/outside/v/{benign,private_sentences}.jsonl.

python3 bench/ci_data/prepare_heldout_v.py \
    --selendroid <selendroid/irc-logs git dir> \
    --whatwg <KrijnHoetmer/irc-logs git dir> \
    --clothing <fehimkus/machine-learning git dir> \
    --cabnc <saulalbert/CABNC git dir> \
    --out /work/outside/v

Benign: whole chat messages of the Selendroid project's IRC channel (#selendroid on freenode, the Android UI-test
framework's users and developers, September 2013 - April 2016, the channel bot's day files <YYYY>/<MM>/<DD>.txt;
no licence file, the messages their writers'), whole chat messages of the WHATWG's IRC channel (#whatwg on
freenode, the HTML standard's editors, implementers and web developers, December 2006 - April 2016, Krijn
Hoetmer's public log pages whatwg/<YYYYMMDD>.html; no licence file, the messages their writers'), a message being
one person's uninterrupted run of lines (a pause of more than 10 minutes or another speaker ends it; bots left out),
and whole customer reviews of a women's clothing online retailer (Womens Clothing E-Commerce Reviews.csv, the
"Review Text" column, the first 1,000 rows of the Kaggle data set, CC0 1.0, anonymised by its publisher; the
repository, course exercises, no licence file). 50-400 words, ASCII, a privacy keyword filter (reviews: also body
measurements), then the hand-check's rejections (DECISIONS["benign_reject"]). Private: single sentences (6-40
words) of the CABNC transcripts (Albert, de Ruiter & de Ruiter 2015: a conversation-analytic re-transcription of
the conversations of the spoken demographic part of the British National Corpus, everyday talk at home, at work
and out, recorded by volunteers in 1991-1994; data/cabnc_chat-v0.1/<tape>_<n>.cha CHAT files, CC BY 3.0),
each speaker turn's timed segments joined and split into sentences as prepare_heldout_q.case_sentences does,
sentences holding non-ASCII or transcription marks left out; kept only where hand-accepted, with the hand-assigned
category (DECISIONS["private_accept"], sha1-prefix -> category) and owner (DECISIONS["owner_third"]: the prefixes
of facts about someone other than the speaker; the rest are the speaker's own).
Git-dir arguments are bare git dirs read at the pinned commits below (COMMITS). No randomness: each source's cap
takes first the candidates with a sentence end within a line (where make_heldout.py can insert a sentence), each
group in sha1(text) order; outputs are sorted by id / sha1(text). `--dump FILE` also writes every private candidate
sentence (for reading).
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
from prepare_heldout_e import BLOCK, REVIEW_BLOCK, Git  # noqa: E402
from prepare_heldout_f import ASCII, PROFANITY, REVIEW_EXTRA  # noqa: E402
from prepare_heldout_h import URL  # noqa: E402
from prepare_heldout_i import accepted, pick_messages, write_benign  # noqa: E402
from prepare_heldout_l import HOUSEHOLD  # noqa: E402
from prepare_heldout_q import case_sentences  # noqa: E402
from prepare_set_n import CHAT_PERSONAL  # noqa: E402

HERE = Path(__file__).resolve().parent
DECISIONS = json.loads((HERE / "heldout_v_decisions.json").read_text())
COMMITS = {
    "selendroid": "d3c9bebdc5f32137cf752405f5e756c2eaaa916a",
    "whatwg": "41567c2c4f603a5015b46666b786375623fdf310",
    "clothing": "7d7f5348ae9ef48d0156adc1efba617e71aeadfa",
    "cabnc": "0a28a11e168e312d1b9ad406a3352f31c13b86a2",
}
TASK = {
    "selendroid_irc": "Post this in the chat channel",
    "whatwg_irc": "Post this in the chat channel",
    "clothing_reviews": "Post this review",
}
PAUSE = 600  # seconds: a longer pause ends a message
BOTS = re.compile(r"(?i)bot\b|-git$|^github|^travis|^jenkins|^chanserv|^nickserv")
SEL_DAY = re.compile(r"(\d{4})/(\d\d)/(\d\d)\.txt")
# "[YYYY-MM-DD HH:MM:SS] nick: text"; events ("nick, joining. ...") do not match
SEL_LINE = re.compile(r"^\[\d{4}-\d\d-\d\d (\d\d):(\d\d):(\d\d)\] ([^\s:,]+): (.*)$")
WHATWG_DAY = re.compile(r"whatwg/(\d{8})\.html")
# one log line: <li id="l-N" ...><a href="#l-N">#</a> [HH:MM] &lt;nick&gt; text</li>; joins, quits, actions differ
WHATWG_LINE = re.compile(
    r'^ ?<li id="l-\d+"[^>]*><a href="#l-\d+">#</a> \[(\d\d):(\d\d)\] &lt;([^&\s]+)&gt; (.*?)</li>$'
)
CLOTHING_FILE = "Womens Clothing E-Commerce Reviews.csv"
# clothing reviews: the reviewer's height, weight, bust and cup sizes, body and pregnancy
BODY = re.compile(
    r"(?i)\d\s*'\s*\d|\d\s*(ft|feet|foot)\b|\d\s*(\"|in\b|inches)|\b\d{2,3}\s*(lb|lbs|pounds|kg)\b|\bweigh\w*|"
    r"\b(bust|chest|hips?|waist|belly|tummy|curvy|chubby|busty|petite frame|athletic build|pregnan\w*|nursing|"
    r"postpartum|maternity|mastectomy|surgery|scar)\b|\b\d{2}\s?(a|b|c|d|dd|ddd|e|f|g)\b|\b(a|b|c|d|dd)\s?cup\b|"
    r"\b(i'?m|i am) (in my )?\d{2}|\bmy age\b|\b(at|aged?) \d{2}\b|years? old\b"
)
CHA_TURN = re.compile(r"\*(\w+):\s*(.*)")
CHA_TIMING = re.compile("\u2022[^\u2022]*\u2022")
CA_MARK = re.compile(r"[()\[\]<>&@]")


# ---------------------------------------------------------------- benign sources
def _runs(lines):
    """(nick, start, lines) of each uninterrupted run of one speaker's lines; lines are (seconds, hhmmss, nick, text)."""
    runs, last = [], None
    for t, stamp, nick, text in lines:
        if not runs or nick != runs[-1][0] or t - last > PAUSE or t < last:
            runs.append((nick, stamp, []))
        runs[-1][2].append(text.strip())
        last = t
    return runs


def selendroid_candidates(gitdir):
    g = Git(gitdir, COMMITS["selendroid"])
    paths = [p for p in g.names(".") if SEL_DAY.fullmatch(p)]
    for path, raw in sorted(g.blobs(paths).items()):
        day = "".join(SEL_DAY.fullmatch(path).groups())
        lines = []
        for line in raw.decode("utf-8", "replace").translate(ASCII).split("\n"):
            m = SEL_LINE.match(line.rstrip("\r"))
            if m:
                h, mi, s, nick, text = m.groups()
                lines.append((int(h) * 3600 + int(mi) * 60 + int(s), h + mi + s, nick, text))
        for nick, start, run in _runs(lines):
            if not BOTS.search(nick):
                yield "v-chat-selendroid-%s-%s" % (day, start), "\n".join(run)


def whatwg_candidates(gitdir):
    g = Git(gitdir, COMMITS["whatwg"])
    paths = [p for p in g.names("whatwg/") if WHATWG_DAY.fullmatch(p)]
    for path, raw in sorted(g.blobs(paths).items()):
        day = WHATWG_DAY.fullmatch(path).group(1)
        lines = []
        for line in raw.decode("utf-8", "replace").split("\n"):
            m = WHATWG_LINE.match(line.rstrip("\r"))
            if m:
                h, mi, nick, text = m.groups()
                text = html.unescape(re.sub(r"<[^>]+>", "", text)).translate(ASCII)
                lines.append((int(h) * 3600 + int(mi) * 60, h + mi, html.unescape(nick), text))
        for nick, start, run in _runs(lines):
            if not BOTS.search(nick):
                yield "v-chat-whatwg-%s-%s" % (day, start), "\n".join(run)


def clothing_candidates(gitdir):
    g = Git(gitdir, COMMITS["clothing"])
    for r in csv.DictReader(io.StringIO(g.blob(CLOTHING_FILE).decode("utf-8"))):
        text = (r["Review Text"] or "").translate(ASCII).strip()
        yield "v-review-clothing-%04d" % int(r[""]), re.sub(r"[ \t]+", " ", text)


def pick_benign(source, cands, blocks):
    return pick_messages(source, cands, blocks, TASK[source], tuple(DECISIONS["benign_reject"]))


# ---------------------------------------------------------------- private sentences
def cabnc_sentences(gitdir):
    """Every sentence (6-40 words) of every speaker turn of the CHAT files: the turn's timed segments (its first line
    and the indented lines after it) joined, the timing marks cut; sentences with non-ASCII characters or
    transcription marks (unclear speech in parentheses, overlaps) left out."""
    g = Git(gitdir, COMMITS["cabnc"])
    paths = [p for p in g.names("data/cabnc_chat-v0.1/") if p.endswith(".cha")]
    for path, raw in sorted(g.blobs(paths).items()):
        turns, cur = [], None
        for line in raw.decode("utf-8", "replace").split("\n"):
            if line.startswith("*"):
                m = CHA_TURN.match(line)
                cur = [m.group(2)] if m else None
                if cur is not None:
                    turns.append(cur)
            elif line[:1] in (" ", "\t") and cur is not None:
                cur.append(line.strip())
            else:
                cur = None
        for turn in turns:
            for s in case_sentences(CHA_TIMING.sub(" ", " ".join(turn))):
                if not re.search(r"[^\x00-\x7f]", s) and not CA_MARK.search(s):
                    yield s


def main():
    args = git_dir_arguments(__doc__, ("selendroid", "whatwg", "clothing", "cabnc"), dump=True)
    chat_blocks = (BLOCK, CHAT_PERSONAL, URL, PROFANITY)
    benign = write_benign(
        args.out,
        (
            ("selendroid_irc", selendroid_candidates(args.selendroid), chat_blocks),
            ("whatwg_irc", whatwg_candidates(args.whatwg), chat_blocks),
            (
                "clothing_reviews",
                clothing_candidates(args.clothing),
                (REVIEW_BLOCK, REVIEW_EXTRA, HOUSEHOLD, BODY, URL, PROFANITY),
            ),
        ),
        pick_benign,
    )
    if args.dump:
        with args.dump.open("w") as h:
            for s in dict.fromkeys(cabnc_sentences(args.cabnc)):
                h.write(json.dumps(s) + "\n")
    cands = accepted(cabnc_sentences(args.cabnc), DECISIONS["private_accept"], "cabnc_bnc_conversations")
    write_accepted_private(DECISIONS, cands, args.out, "v-private-", benign)


if __name__ == "__main__":
    main()
