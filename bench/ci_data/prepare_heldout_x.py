#!/usr/bin/env python3
"""Deterministic rebuild of held-out set X: /work/outside/x/{benign,private_sentences}.jsonl.

python3 bench/ci_data/prepare_heldout_x.py \
    --yocto <chrusel/yocto-irc-logs git dir> \
    --linuxsa <linux-south-australia/linuxsa-mailing-list git dir> \
    --instruments <SCARLAT27122015/Musical-Instruments-Review---Text-Cluster-Analysis git dir> \
    --struggle <ncssmmolib/children-of-the-struggle-oral-history git dir> \
    --out /work/outside/x

Benign: whole chat messages of the Yocto Project's IRC channel (#yocto on freenode, the embedded-Linux build
system's users and developers, 2013-2015, the channel's public log pages html/<YYYY>/<YYYY-MM-DD>.yocto.irc.log.html
as mirrored by a GitHub repository; no licence file, the messages their writers'), a message being one person's
uninterrupted run of lines (a pause of more than 10 minutes or another speaker ends it; bots and server notices left
out); whole e-mails of the LinuxSA mailing list (Linux South Australia, the Adelaide Linux users' group's general
list, 1997-2004, its hypermail archive <YYYY-MM>/<n>.html; no licence file, the mails their writers'), quoted text,
attributions, closings and signatures cut; and whole Amazon customer reviews of musical instruments
(Musical_instruments_reviews.csv, the "reviewText" column, a 499-row copy of the Kaggle "Amazon Musical Instruments
Reviews" data set, itself drawn from McAuley's Amazon review data; the repository, a text-clustering exercise, no
licence file). 50-400 words, ASCII, a privacy keyword filter, then the hand-check's rejections
(DECISIONS["benign_reject"]). Private: single sentences (6-40 words) spoken by the narrators of the "Children of the
Struggle" oral histories (Morganton, North Carolina, 2015-2024: people who were children during the desegregation of
the Burke County schools, and their relatives, interviewed by Appalachian State University students, Leslie D.
McKesson and Claude Sitton; _data/transcripts/<id>.csv, one row per turn; the site's code MIT (CollectionBuilder /
Oral History as Data template), the interviews "In Copyright - Educational Use Permitted" per the collection's
metadata; the template's five demonstration transcripts of poets' interviews, not the collection's, left out). A turn
with no speaker is the previous speaker's; the interviewers' turns are left out (INTERVIEWERS); transcription marks
("<affirmative>", "[inaudible]") cut; split into sentences as prepare_heldout_q.case_sentences does, non-ASCII
sentences left out. Kept only where hand-accepted, with the hand-assigned category (DECISIONS["private_accept"],
sha1-prefix -> category) and owner (DECISIONS["owner_third"]: the prefixes of facts about someone other than the
speaker; the rest are the speaker's own).
Counts (2026-12-07): benign 100 per source (rejected on reading: Yocto chat 1, LinuxSA 8, reviews 11); private 95
hand-accepted (employment, location, relationships 16 each; beliefs 13, health 11, finance 9, minors 8, legal 6: the
source is thin in the last four), 32 about someone other than the speaker; make_heldout.py inserts all 95.
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
from prepare_heldout_e import BLOCK, REVIEW_BLOCK, Git, clean_body  # noqa: E402
from prepare_heldout_f import ASCII, PROFANITY, REVIEW_EXTRA  # noqa: E402
from prepare_heldout_g import MAIL_SKIP  # noqa: E402
from prepare_heldout_h import MAIL_EXTRA, URL  # noqa: E402
from prepare_heldout_i import accepted, pick_messages, write_benign  # noqa: E402
from prepare_heldout_l import HOUSEHOLD, MAIL_PERSONAL  # noqa: E402
from prepare_heldout_q import case_sentences  # noqa: E402
from prepare_heldout_v import _runs  # noqa: E402
from prepare_set_n import CHAT_PERSONAL  # noqa: E402

HERE = Path(__file__).resolve().parent
DECISIONS = json.loads((HERE / "heldout_x_decisions.json").read_text())
COMMITS = {
    "yocto": "b41d0aec46d6dd231e75f054da791bd6e0c40702",
    "linuxsa": "83deada390cf79a850eb5c24d40a9903edfe6a77",
    "instruments": "6791448960c6dd5eaf657437157c8f0feedfd47a",
    "struggle": "84e250b8d48d034e0895671bfd68183cbd60a72c",
}
TASK = {
    "yocto_irc": "Post this in the chat channel",
    "linuxsa_list": "Send this e-mail",
    "instrument_reviews": "Post this review",
}
YOCTO_YEARS = ("2013", "2014", "2015")
YOCTO_DAY = re.compile(r"html/(\d{4})/(\d{4})-(\d\d)-(\d\d)\.yocto\.irc\.log\.html")
# one log line: <tr id="tYYYY-MM-DDTHH:MM:SS"><th class="nick" ...>nick</th><td class="text" ...>text</td>...
YOCTO_LINE = re.compile(
    r'^<tr id="t\d{4}-\d\d-\d\dT(\d\d):(\d\d):(\d\d)"><th class="nick"[^>]*>([^<]+)</th><td class="text"[^>]*>(.*?)</td>'
)
BOTS = re.compile(r"(?i)bot\b|bot$|-git$|^github|^travis|^jenkins|^chanserv|^nickserv|^yocto-?autobuilder")
LINUXSA_MONTH = re.compile(r"(\d{4})-(\d\d)/(\d+)\.html")
LINUXSA_BODY = re.compile(r'<!-- Body="Start" -->(.*?)<!-- Body="End" -->', re.S)
ATTRIBUTION = re.compile(r"(?im)^.{0,160}(wrote|writes|said)\s*:\s*$|^\s*On .{0,120}$(?=\n\s*$)")
CLOSING = re.compile(
    r"\n\s*(Thanks|Regards|Cheers|Best regards|Thank you|Best|Ta|Later|Bye|HTH)[,.!]?\s*(\n.{0,40}){0,3}\s*$", re.I
)
INSTRUMENTS_FILE = "Musical_instruments_reviews.csv"
# the collection's own interviews (the template's demonstration transcripts of poets left out)
STRUGGLE_IDS = (
    "andrews", "bryant", "carlton", "carpenter", "forney", "fullwood-allen", "fullwood-doris", "harbison", "johnson",
    "largent", "logan", "lytle", "lytle-2015", "lytle-2022", "mcintosh", "mckesson", "phifer", "poole", "rankin",
    "roseboro", "rutherford", "tate",
)  # fmt: skip
INTERVIEWERS = {
    "Alex Bouk", "Alex Hopper", "Alexis Robinson", "Ashley Blanchard", "Cady Barlow", "Clara Wilson", "Claude",
    "Claude Sitton", "Dr. McKesson", "Ella Lowman", "Ethan Scheurich", "Hayden Zeagler", "Jeronimo", "Katie Byer",
    "Keya Nandi", "Leslie", "Leslie McKesson", "Leslie McKesson McKesson", "Lexi Robinson", "Reagan", "Reagan Petto",
    "Samantha Kinton", "Sara", "Sara Proper", "Sarah Witterhold", "Secondary Interviewer", "Speaker 3", "Speaker 4",
    "Videographer",
}  # fmt: skip
TRANSCRIPTION_MARK = re.compile(r"<[^>]*>|\[[^\]]*\]|\((?:inaudible|crosstalk|laughs?|laughter)[^)]*\)", re.I)


# ---------------------------------------------------------------- benign sources
def yocto_candidates(gitdir):
    g = Git(gitdir, COMMITS["yocto"])
    paths = [p for y in YOCTO_YEARS for p in g.names("html/%s/" % y) if YOCTO_DAY.fullmatch(p)]
    for path, raw in sorted(g.blobs(paths).items()):
        day = "".join(YOCTO_DAY.fullmatch(path).groups()[1:])
        lines = []
        for line in raw.decode("utf-8", "replace").split("\n"):
            m = YOCTO_LINE.match(line.strip())
            if m:
                h, mi, s, nick, text = m.groups()
                text = html.unescape(re.sub(r"<[^>]+>", "", text)).translate(ASCII)
                lines.append((int(h) * 3600 + int(mi) * 60 + int(s), h + mi + s, html.unescape(nick), text))
        for nick, start, run in _runs(lines):
            if not BOTS.search(nick):
                yield "x-chat-yocto-%s-%s" % (day, start), "\n".join(run)


def linuxsa_candidates(gitdir):
    """Every e-mail of the archive: the hypermail body, tags cut, quoted text, attributions, closings and
    signatures cut."""
    g = Git(gitdir, COMMITS["linuxsa"])
    paths = [p for p in g.names(".") if LINUXSA_MONTH.fullmatch(p)]
    for i in range(0, len(paths), 2000):
        for path, raw in sorted(g.blobs(paths[i : i + 2000]).items()):
            m = LINUXSA_BODY.search(raw.decode("latin-1"))
            if not m:
                continue
            y, mo, n = LINUXSA_MONTH.fullmatch(path).groups()
            body = html.unescape(re.sub(r"<[^>]+>", "", m.group(1))).translate(ASCII)
            text = ATTRIBUTION.sub("", clean_body(body))
            text = CLOSING.sub("", text.strip())
            yield "x-mail-linuxsa-%s-%s-%04d" % (y, mo, int(n)), re.sub(r"\n{3,}", "\n\n", text).strip()


def instrument_candidates(gitdir):
    g = Git(gitdir, COMMITS["instruments"])
    for i, r in enumerate(csv.DictReader(io.StringIO(g.blob(INSTRUMENTS_FILE).decode("utf-8")))):
        text = (r["reviewText"] or "").translate(ASCII).strip()
        yield "x-review-instruments-%03d" % i, re.sub(r"[ \t]+", " ", text)


def pick_benign(source, cands, blocks):
    return pick_messages(source, cands, blocks, TASK[source], tuple(DECISIONS["benign_reject"]))


# ---------------------------------------------------------------- private sentences
def struggle_sentences(gitdir):
    """Every sentence (6-40 words) of the narrators' turns of the collection's transcripts: a turn with no speaker is
    the previous speaker's, the interviewers' turns left out, transcription marks cut; non-ASCII sentences left out."""
    g = Git(gitdir, COMMITS["struggle"])
    for oid in STRUGGLE_IDS:
        speaker = ""
        for r in csv.DictReader(io.StringIO(g.blob("_data/transcripts/%s.csv" % oid).decode("utf-8"))):
            speaker = (r.get("speaker") or "").strip() or speaker
            if speaker in INTERVIEWERS:
                continue
            words = TRANSCRIPTION_MARK.sub(" ", (r.get("words") or "").translate(ASCII))
            for s in case_sentences(words):
                if not re.search(r"[^\x00-\x7f]", s):
                    yield s


def main():
    args = git_dir_arguments(__doc__, ("yocto", "linuxsa", "instruments", "struggle"), dump=True)
    chat_blocks = (BLOCK, CHAT_PERSONAL, URL, PROFANITY)
    mail_blocks = (BLOCK, MAIL_EXTRA, MAIL_PERSONAL, MAIL_SKIP, URL, PROFANITY)
    benign = write_benign(
        args.out,
        (
            ("yocto_irc", yocto_candidates(args.yocto), chat_blocks),
            ("linuxsa_list", linuxsa_candidates(args.linuxsa), mail_blocks),
            (
                "instrument_reviews",
                instrument_candidates(args.instruments),
                (REVIEW_BLOCK, REVIEW_EXTRA, HOUSEHOLD, URL, PROFANITY),
            ),
        ),
        pick_benign,
    )
    if args.dump:
        with args.dump.open("w") as h:
            for s in dict.fromkeys(struggle_sentences(args.struggle)):
                h.write(json.dumps(s) + "\n")
    cands = accepted(struggle_sentences(args.struggle), DECISIONS["private_accept"], "children_of_the_struggle")
    write_accepted_private(DECISIONS, cands, args.out, "x-private-", benign)


if __name__ == "__main__":
    main()
