#!/usr/bin/env python3
"""Deterministic rebuild of held-out set J: /work/outside/j/{benign,private_sentences}.jsonl.

python3 bench/ci_data/prepare_heldout_j.py \
    --grase <GraseHotspot/mailing-list-archives git dir> \
    --htw <collapsed-stacks/htw git dir> \
    --whisky <StephenBurke/scotch-content-recommender git dir> \
    --samsum <BinWang28/InstructDS git dir> \
    --out /work/outside/j

Benign: whole e-mails of the GRASE Hotspot mailing list (user and developer support of a hotspot management
package, SourceForge list 2011-2023, archived as one Markdown page a mail in _emails/YYYY/MM/*.md; the raw message
only), whole questions and answers of the closed How Things Work Stack Exchange site (2011, data/main/posts.jsonl of
the site's data dump) and whole whisky reviews of Whisky Advocate (scotch_review.csv, 2,247 tasting-note reviews
of Scotch and other whiskies; the reviewer's text, "description", without the bottle's name). 50-400 words,
ASCII, a privacy keyword filter, then the hand-check's rejections (DECISIONS["benign_reject"]). Private: single
sentences (6-40 words) of the turns of the SAMSum messenger-like conversations (Gliwa et al. 2019, written by
linguists; test and validation splits, data/SAMSum/{test,validation}.json of InstructDS at its data commit), kept
only where hand-accepted, with the hand-assigned category (DECISIONS["private_accept"], sha1-prefix -> category).
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
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from hand_labels import git_dir_arguments  # noqa: E402
from prepare_heldout_e import BLOCK, REVIEW_BLOCK, Git, clean_body, sentences, write_accepted  # noqa: E402
from prepare_heldout_f import ASCII, PROFANITY, REVIEW_EXTRA  # noqa: E402
from prepare_heldout_g import MAIL_SKIP  # noqa: E402
from prepare_heldout_h import MAIL_EXTRA, URL  # noqa: E402
from prepare_heldout_i import accepted, pick_messages, write_benign  # noqa: E402

HERE = Path(__file__).resolve().parent
DECISIONS = json.loads((HERE / "heldout_j_decisions.json").read_text())
COMMITS = {
    "grase": "34effa61addeb78a9664fc8cfb87d70637006a88",
    "htw": "b0c26cdb9d18f5de6e705d3d74cd2927b148ef1c",
    "whisky": "2a0bb69f445a55ded7b061c3c42c01660ae542ae",  # the commit that still holds scotch_review.csv
    "samsum": "8cd23ff8c680a6e11517575b15ce4ab75889313d",  # the commit that still holds data/ (HEAD removed it)
}
CAP = 100
TASK = {
    "grase_list": "Send this e-mail",
    "htw_stackexchange": "Post this on the forum",
    "whisky_reviews": "Post this review",
}
# the archive masks addresses ("ti***8@gmail.com"); attribution lines ("On <date>, X wrote:", "Quoting X:",
# "X schrieb:") and forwarded-message headers are cut, and so is a closing line that is only a full name
RAW = re.compile(r"\{%\s*raw\s*%\}(.*?)\{%\s*endraw\s*%\}", re.S)
TITLE = re.compile(r"(?m)^title: >\n\s*(.*)$")
ATTRIBUTION = re.compile(
    r"(?im)^.{0,160}(wrote|writes|said|schrieb|escribi\w*|a \?crit)\s*:\s*$|^On (Mon|Tue|Wed|Thu|Fri|Sat|Sun)\w*, .*$|"
    r"^\s*Quoting [^\n]{0,80}:\s*$|^-+\s*(Forwarded|Original) message\s*-+.*$"
)
FULL_NAME = re.compile(r"\n\s*[A-Z][a-z]+( [A-Z][a-z'-]+){1,2}\s*$")
MASKED = re.compile(r"\*\*\*")
# Stack Exchange posts: quotes, images, code blocks and tables are not the writer's own prose
SE_SKIP = re.compile(r"<(blockquote|img|pre|table|hr)\b")


def grase_candidates(gitdir):
    g = Git(gitdir, COMMITS["grase"])
    paths = [p for p in g.names("_emails/") if p.endswith(".md")]
    for path, raw in sorted(g.blobs(paths).items()):
        page = raw.decode("utf-8", "replace")
        body, title = RAW.search(page), TITLE.search(page)
        if not body or (title and MAIL_SKIP.search(title.group(1))):
            continue
        text = ATTRIBUTION.sub("", clean_body(body.group(1)).translate(ASCII))
        text = re.sub(
            r"\n\s*(Thanks|Regards|Cheers|Best regards|Kind regards|Thank you|Best|Greetings)[,.!]?\s*(\n.{0,40}){0,2}\s*$",
            "",
            text.strip(),
        )
        _, year, month, name = path.split("/")
        yield (
            "j-mail-grase-%s-%s-%s" % (year, month, name[:10]),
            re.sub(r"\n{3,}", "\n\n", FULL_NAME.sub("", text)).strip(),
        )


def html_to_text(b):
    """Stack Exchange post HTML -> plain text with paragraph breaks; inline code kept in backticks."""
    b = re.sub(r"<code>(.*?)</code>", r"`\1`", b, flags=re.S)
    b = re.sub(r"<li>", "\n- ", b)
    b = re.sub(r"</?(p|ul|ol|h\d)[^>]*>", "\n", b)
    b = re.sub(r"<br\s*/?>", "\n", b)
    b = re.sub(r"<[^>]+>", "", b)
    b = html.unescape(b).translate(ASCII)
    b = re.sub(r"[ \t]+\n", "\n", b)
    return re.sub(r"\n{3,}", "\n\n", b).strip()


def htw_candidates(gitdir):
    g = Git(gitdir, COMMITS["htw"])
    for line in g.blob("data/main/posts.jsonl").decode("utf-8").splitlines():
        r = json.loads(line)
        kind = {1: "q", 2: "a"}.get(r.get("PostTypeId"))
        body = r.get("Body") or ""
        if kind is None or SE_SKIP.search(body):
            continue
        yield "j-post-htw-%s%d" % (kind, r["Id"]), html_to_text(body)


def whisky_candidates(gitdir):
    g = Git(gitdir, COMMITS["whisky"])
    for r in csv.DictReader(io.StringIO(g.blob("scotch_review.csv").decode("utf-8"))):
        text = (r["description"] or "").translate(ASCII).strip()
        yield "j-review-whisky-%04d" % int(r["id"]), re.sub(r"[ \t]+", " ", text)


def pick_benign(source, cands, blocks):
    return pick_messages(source, cands, blocks, TASK[source], tuple(DECISIONS["benign_reject"]))


# ---------------------------------------------------------------- private sentences
def samsum_sentences(gitdir):
    """Every sentence (6-40 words) of every turn ("Name: text") of the SAMSum test and validation conversations;
    file placeholders (<file_photo> ...) and non-ASCII sentences (emoji) left out."""
    g = Git(gitdir, COMMITS["samsum"])
    for f in ("data/SAMSum/test.json", "data/SAMSum/validation.json"):
        for conv in json.loads(g.blob(f)):
            for turn in conv["dialogue"].replace("\r\n", "\n").split("\n"):
                if ":" not in turn:
                    continue
                for s in sentences(turn.split(":", 1)[1].translate(ASCII)):
                    if "<file" not in s and not re.search(r"[^\x00-\x7f]", s):
                        yield s


def private_candidates(gitdir, accept):
    return accepted(samsum_sentences(gitdir), accept, "samsum")


def main():
    args = git_dir_arguments(__doc__, ("grase", "htw", "whisky", "samsum"))

    benign = write_benign(
        args.out,
        (
            ("grase_list", grase_candidates(args.grase), (BLOCK, MAIL_EXTRA, MASKED, MAIL_SKIP, PROFANITY)),
            ("htw_stackexchange", htw_candidates(args.htw), (BLOCK, URL, PROFANITY)),
            ("whisky_reviews", whisky_candidates(args.whisky), (REVIEW_BLOCK, REVIEW_EXTRA, URL, PROFANITY)),
        ),
        pick_benign,
    )

    accept = DECISIONS["private_accept"]
    private = write_accepted(accept, private_candidates(args.samsum, accept), args.out)
    print("benign", len(benign), "private", len(private))


if __name__ == "__main__":
    main()
