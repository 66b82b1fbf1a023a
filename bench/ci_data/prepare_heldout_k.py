#!/usr/bin/env python3
"""Deterministic rebuild of held-out set K: /work/outside/k/{benign,private_sentences}.jsonl.

python3 bench/ci_data/prepare_heldout_k.py \
    --fluid <fluid-project/fluid-irc-logs git dir> \
    --cf <cf-convention/mailing-list-archive git dir> \
    --gadgets <collapsed-stacks/gadgets git dir> \
    --hippo <pinchunc/NMA_DL_SentimentAnalysis git dir> \
    --out /work/outside/k

Benign: whole chat messages of the Fluid Project's public IRC channels (#fluid-work, #fluid-tech, #fluid-design on
freenode, 2013-2018, the daily logs of botbot.me/<channel>/YYYY/*.log; a message is one person's uninterrupted run
of lines, joins and quits skipped, no pause over 10 minutes, the lines kept as lines), whole e-mails of the
CF-metadata mailing list (Climate and Forecast netCDF conventions, 2002-2019, one hypermail page a mail in
Data/NNNN.html; quoted text, attributions and signatures cut) and whole questions and answers of the closed
AskAboutGadgets Stack Exchange site (2010, data/main/posts.jsonl of the site's data dump). 50-400 words, ASCII, a
privacy keyword filter, then the hand-check's rejections (DECISIONS["benign_reject"]). Private: single sentences
(6-40 words) of the Hippocorpus V3 stories annotated for events (Sap et al. 2020, crowd-written recalled, retold and
imagined personal stories; the "sent" sentences and "summary" of hcV3-eventAnnotsAggOverWorkers.csv, 240 stories),
kept only where hand-accepted, with the hand-assigned category (DECISIONS["private_accept"], sha1-prefix -> category).
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
from datetime import datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from hand_labels import git_dir_arguments  # noqa: E402
from prepare_heldout_e import BLOCK, Git, clean_body, sentences, write_accepted  # noqa: E402
from prepare_heldout_f import ASCII, PROFANITY  # noqa: E402
from prepare_heldout_g import MAIL_SKIP  # noqa: E402
from prepare_heldout_h import MAIL_EXTRA, URL  # noqa: E402
from prepare_heldout_i import accepted, pick_messages, write_benign  # noqa: E402
from prepare_heldout_j import ATTRIBUTION, FULL_NAME, SE_SKIP, html_to_text  # noqa: E402

HERE = Path(__file__).resolve().parent
DECISIONS = json.loads((HERE / "heldout_k_decisions.json").read_text())
COMMITS = {
    "fluid": "8adbcc614b39d714ae8533d6f734511dd46d2400",
    "cf": "9ae5665931ebc6882510cf8c7056af3733b62605",
    "gadgets": "3f9fc12a957a0d115bb010e4557c6b8c1e15d540",
    "hippo": "524e0443796ead0fe2efc4bc9f756a0f9927c408",
}
CAP = 100
TASK = {
    "fluid_irc": "Post this in the chat channel",
    "cf_metadata_list": "Send this e-mail",
    "gadgets_stackexchange": "Post this on the forum",
}
CHANNELS = ("fluid-work", "fluid-tech", "fluid-design")
# botbot.me lines: "2016-03-01T19:59:37 <nick> text"; events ("* nick joined the channel") are "<time> * ..."
IRC_LINE = re.compile(r"^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d) <([^>\s]+)> (.*)$")
IRC_EVENT = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d \* ")
PAUSE = 600  # seconds: a longer pause ends a message
BOTS = re.compile(r"(?i)bot\b|^fluid-?irc|^jenkins|^travis|^github")
# the CF archive masks addresses as "name_at_host"; the writer's own sign-off name (one word) is cut too
AT_MASK = re.compile(r"\b\w+_at_\w+")
FIRST_NAME = re.compile(r"\n\s*[A-Za-z][a-z]+\.?\s*$")
# mailman footers and the list's end-of-message marker end the mail; a top-posted reply quoting an Outlook header
# block ("Sent:", "To:", "Cc:") or an address written "name at host" is left out, and so are auto-signatures about
# the writer's working hours
CF_FOOTER = re.compile(r"(?s)\n[ -]*-{5,} ?next part ?-{5,}.*$|\n\.{5,}End of Message.*$")
CF_SKIP = re.compile(
    r"(?im)^\s*(Sent|To|Cc)\s*:|\b[\w.+-]+ at [\w-]+(\.[\w-]+)+\b|\bretired\b|hours a week|in the office"
)
# a second mail quoted within this one (a greeting line after the first line)
INNER_GREETING = re.compile(r"\S[^\n]*\n(.*\n)*?\s*(Dear|Hi|Hello) [A-Z][\w ,&/]{0,40}\n")
CLOSING = re.compile(
    r"\n\s*(Thanks|Many thanks|Thanks again|Regards|Cheers|Best regards|Kind regards|Thank you|Best wishes|Best|"
    r"Greetings|All the best|Very respectfully|Respectfully|Yours|Sincerely|With best wishes)[^\n]{0,20}"
    r"(\n.{0,40}){0,2}\s*$",
    re.I,
)
CF_BODY = re.compile(r'<!-- body="start" -->(.*?)<!-- body="end" -->', re.S)
CF_SUBJECT = re.compile(r'<meta name="Subject" content="([^"]*)"')


# ---------------------------------------------------------------- benign sources
def _unrepr(line):
    """botbot.me day files are Python bytes reprs (b'...'): undo the quote escapes; a line still holding an escape
    (\\x.., a non-ASCII character) gets a non-ASCII marker so that ok_text rejects its message."""
    line = line.replace("\\'", "'").replace('\\"', '"').replace("\\\\", "\\")
    return line + "\x80" if re.search(r"\\x[0-9a-f]{2}|\\u[0-9a-f]{4}", line) else line


def _irc_runs(text):
    """(nick, start time, lines) of each uninterrupted run of one speaker's lines in a botbot.me day file."""
    runs, last = [], None
    for line in text.split("\n"):
        m = IRC_LINE.match(line)
        if IRC_EVENT.match(line) or not m:
            continue
        t = datetime.strptime(m.group(1), "%Y-%m-%dT%H:%M:%S")
        if not runs or m.group(2) != runs[-1][0] or (t - last).total_seconds() > PAUSE:
            runs.append((m.group(2), m.group(1), []))
        runs[-1][2].append(_unrepr(m.group(3)).strip())
        last = t
    return runs


def fluid_candidates(gitdir):
    g = Git(gitdir, COMMITS["fluid"])
    paths = [p for ch in CHANNELS for p in g.names("botbot.me/%s/" % ch) if p.endswith(".log")]
    for path, raw in sorted(g.blobs(paths).items()):
        text = raw.decode("ascii", "replace")
        if text.startswith(("b'", 'b"')):
            text = text[2:].rstrip().rstrip("'\"")
        channel = path.split("/")[1]
        for nick, start, lines in _irc_runs(text):
            if not BOTS.search(nick):
                yield "k-chat-fluid-%s-%s" % (channel, start.replace(":", "").replace("T", "-")), "\n".join(lines)


def cf_candidates(gitdir):
    g = Git(gitdir, COMMITS["cf"])
    paths = [p for p in g.names("Data/") if re.fullmatch(r"Data/\d{4,5}\.html", p)]
    for path, raw in sorted(g.blobs(paths).items()):
        page = raw.decode("ascii", "replace")
        body, subject = CF_BODY.search(page), CF_SUBJECT.search(page)
        if not body or (subject and MAIL_SKIP.search(html.unescape(subject.group(1)))):
            continue
        b = re.sub(r'<address class="headers">.*?</address>', "", body.group(1), flags=re.S)
        b = re.sub(r'<span id="received">.*?</span>', "", b, flags=re.S)
        b = re.sub(r"<a [^>]*>(.*?)</a>", r"\1", b, flags=re.S)
        b = b.replace("\n", "").replace("<br />", "\n")
        b = html.unescape(re.sub(r"<[^>]+>", "", b)).translate(ASCII)
        text = ATTRIBUTION.sub("", clean_body(CF_FOOTER.sub("", b)))
        text = FIRST_NAME.sub("", FULL_NAME.sub("", CLOSING.sub("", text.strip())))
        yield "k-mail-cf-%s" % path[5:-5], re.sub(r"\n{3,}", "\n\n", text).strip()


def gadgets_candidates(gitdir):
    g = Git(gitdir, COMMITS["gadgets"])
    for line in g.blob("data/main/posts.jsonl").decode("utf-8").splitlines():
        r = json.loads(line)
        kind = {1: "q", 2: "a"}.get(r.get("PostTypeId"))
        body = r.get("Body") or ""
        if kind is None or SE_SKIP.search(body):
            continue
        yield "k-post-gadgets-%s%d" % (kind, r["Id"]), html_to_text(body)


def pick_benign(source, cands, blocks):
    return pick_messages(source, cands, blocks, TASK[source], tuple(DECISIONS["benign_reject"]))


# ---------------------------------------------------------------- private sentences
def hippo_sentences(gitdir):
    """Every sentence (6-40 words) of the 240 event-annotated Hippocorpus stories (the file's sentence column) and of
    their writers' summaries; non-ASCII sentences left out."""
    g = Git(gitdir, COMMITS["hippo"])
    raw = g.blob("Hippocorpus_data/hcV3-eventAnnotsAggOverWorkers.csv").decode("utf-8")
    for r in csv.DictReader(io.StringIO(raw)):
        for t in (r["sent"], r["summary"]):
            for s in sentences(t.translate(ASCII)):
                if not re.search(r"[^\x00-\x7f]", s):
                    yield s


def private_candidates(gitdir, accept):
    return accepted(hippo_sentences(gitdir), accept, "hippocorpus")


def main():
    args = git_dir_arguments(__doc__, ("fluid", "cf", "gadgets", "hippo"))

    benign = write_benign(
        args.out,
        (
            ("fluid_irc", fluid_candidates(args.fluid), (BLOCK, URL, PROFANITY)),
            (
                "cf_metadata_list",
                cf_candidates(args.cf),
                (BLOCK, MAIL_EXTRA, AT_MASK, CF_SKIP, INNER_GREETING, MAIL_SKIP, PROFANITY),
            ),
            ("gadgets_stackexchange", gadgets_candidates(args.gadgets), (BLOCK, URL, PROFANITY)),
        ),
        pick_benign,
    )

    accept = DECISIONS["private_accept"]
    private = write_accepted(accept, private_candidates(args.hippo, accept), args.out)
    print("benign", len(benign), "private", len(private))


if __name__ == "__main__":
    main()
