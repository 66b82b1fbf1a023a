#!/usr/bin/env python3
"""Deterministic rebuild of held-out set L: /work/outside/l/{benign,private_sentences}.jsonl.

python3 bench/ci_data/prepare_heldout_l.py \
    --twisted <twisted/pipermail git dir> \
    --economics <collapsed-stacks/economics git dir> \
    --recipes <vivekraj26/Recipe-for-Rating-Predict-Food-Ratings-using-ML git dir> \
    --roc <ChemJeff/StoryCloze_ROCStories git dir> \
    --out /work/outside/l

Benign: whole e-mails of the Twisted-Python mailing list (the Twisted networking framework's users' and developers'
list, 2001-2021, the list's monthly pipermail archives twisted-python/YYYY-Month.txt; repository MIT, the mails their
writers'; quoted text, attributions, closings and signatures cut), whole questions and answers of the closed
Economics Stack Exchange site (2011-2012, data/main/posts.jsonl of the site's data dump, CC BY-SA 3.0) and whole
user comments on the top-100 recipes of a recipe website (test.csv, the "Recipe_Review" column of a Kaggle copy of
the Recipe Reviews and User Feedback dataset; no licence file). 50-400 words, ASCII, a privacy keyword filter, then
the hand-check's rejections (DECISIONS["benign_reject"]). Private: single sentences (6-40 words) of the Story Cloze
Test stories built on ROCStories (Mostafazadeh et al. 2016, crowd-written five-sentence everyday stories about a
person; data/val.csv and data/test.csv, the four context sentences of each story; repository GPL-3.0 for its
code, the stories distributed by their authors with no licence stated), kept only where hand-accepted, with the
hand-assigned category (DECISIONS["private_accept"], sha1-prefix -> category).
Git-dir arguments are bare git dirs read at the pinned commits below (COMMITS). No randomness: each source's cap
takes first the candidates with a sentence end within a line (where make_heldout.py can insert a sentence), each
group in sha1(text) order; outputs are sorted by id / sha1(text).
"""

import calendar
import csv
import email
import email.policy
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
from prepare_heldout_h import FROM_LINE, MAIL_EXTRA, URL  # noqa: E402
from prepare_heldout_i import AT_ADDR, accepted, pick_messages, write_benign  # noqa: E402
from prepare_heldout_j import ATTRIBUTION, FULL_NAME, SE_SKIP, html_to_text  # noqa: E402
from prepare_heldout_k import CLOSING, FIRST_NAME  # noqa: E402

HERE = Path(__file__).resolve().parent
DECISIONS = json.loads((HERE / "heldout_l_decisions.json").read_text())
COMMITS = {
    "twisted": "75a0ed20ffa55cc4354dc11e725a2f2c096f566c",
    "economics": "9bfa5ddf311182c2424bc756343788410b17849a",
    "recipes": "22753f69f74cfd5798bcc22320d439db427b9181",
    "roc": "0f535f17ecdd9c20f934160b01efaba9d05ada8a",
}
CAP = 100
TASK = {
    "twisted_python_list": "Send this e-mail",
    "economics_stackexchange": "Post this on the forum",
    "recipe_reviews": "Post this review",
}
MONTH = re.compile(r"twisted-python/(\d{4})-(\w+)\.txt")
MONTHS = tuple(calendar.month_name)[1:]  # English in the C locale a script runs in
# a sign-off written "\Name", "-Name", "~ Name" or "Jean-Paul", and pipermail's scrubbed-attachment notes
SIGN_OFF = re.compile(r"\n\s*([\\~-]+\s*[A-Za-z][a-z]+|[A-Z][a-z]+-[A-Z][a-z]+)\.?\s*$")
SCRUBBED = re.compile(r"(?s)\n-{5,} ?next part ?-{5,}.*$|\n\s*An HTML attachment was scrubbed.*$")
# a top-posted reply quoting an Outlook header block, a job offer or a personal aside about the writer's work
MAIL_PERSONAL = re.compile(r"(?im)^\s*(Sent|To|Cc|From)\s*:|\b(hiring|job opening|recruit\w*|contract(or)? position)\b")
# recipe comments: the reviewer's household and guests (REVIEW_BLOCK covers "my husband", "my kids" ...)
HOUSEHOLD = re.compile(
    r"(?i)\b(hubby|DH|DS|DD|grandkids?|grandchildren|toddler|my (guests?|in-laws?|MIL|neighbou?rs?|co-?workers?|"
    r"office|diet|doctor|sugar|glucose)|gluten|celiac|diabetic|weight watchers|keto|low[- ]carb|vegan|lactose|"
    r"allergic|heart|cholesterol|pounds?\b|lbs\b|years? ago)\b"
)


# ---------------------------------------------------------------- benign sources
def pipermail_mails(g, folder, month, id_format, numbered=False):
    """Every e-mail of a pipermail archive's monthly text files (those under `folder` that `month` matches, its
    groups the year and the month's English name, or with `numbered` its number too), in file order, as (id, text):
    quoted text, attributions, scrubbed attachments, closings, sign-off names and signatures cut. Its id is
    `id_format` % (year, month number, the mail's index in its month)."""
    paths = [p for p in g.names(folder) if month.fullmatch(p)]
    for path, raw in sorted(g.blobs(paths).items()):
        y, mon = month.fullmatch(path).groups()
        if numbered and mon.isdigit():
            number = int(mon)
        elif mon in MONTHS:
            number = MONTHS.index(mon) + 1
        else:
            continue
        for i, chunk in enumerate(FROM_LINE.split(raw.decode("utf-8", "replace"))[1:]):
            msg = email.message_from_string(chunk, policy=email.policy.compat32)
            body = msg.get_payload()
            if not isinstance(body, str) or MAIL_SKIP.search(str(msg["Subject"] or "")):
                continue
            text = ATTRIBUTION.sub("", clean_body(SCRUBBED.sub("", body)).translate(ASCII))
            text = FIRST_NAME.sub("", FULL_NAME.sub("", SIGN_OFF.sub("", CLOSING.sub("", text.strip()))))
            yield id_format % (y, number, i), re.sub(r"\n{3,}", "\n\n", text).strip()


def twisted_candidates(gitdir):
    g = Git(gitdir, COMMITS["twisted"])
    return pipermail_mails(g, "twisted-python/", MONTH, "l-mail-twisted-%s-%02d-%03d")


def economics_candidates(gitdir):
    g = Git(gitdir, COMMITS["economics"])
    for line in g.blob("data/main/posts.jsonl").decode("utf-8").splitlines():
        r = json.loads(line)
        kind = {1: "q", 2: "a"}.get(r.get("PostTypeId"))
        body = r.get("Body") or ""
        if kind is None or SE_SKIP.search(body):
            continue
        yield "l-post-economics-%s%d" % (kind, r["Id"]), html_to_text(body)


def recipe_candidates(gitdir):
    g = Git(gitdir, COMMITS["recipes"])
    for r in csv.DictReader(io.StringIO(g.blob("test.csv").decode("utf-8"))):
        text = html.unescape(r["Recipe_Review"] or "")
        text = re.sub(r"[ \t]+", " ", text.replace("\r\n", "\n").translate(ASCII)).strip()
        yield "l-review-recipe-%s" % r["CommentID"].split("_")[-1], text


def pick_benign(source, cands, blocks):
    return pick_messages(source, cands, blocks, TASK[source], tuple(DECISIONS["benign_reject"]))


# ---------------------------------------------------------------- private sentences
def roc_sentences(gitdir):
    """Every sentence (6-40 words) of the four context sentences of the Story Cloze validation and test stories (the
    test file marks no right ending, so no ending is taken); non-ASCII sentences left out."""
    g = Git(gitdir, COMMITS["roc"])
    for path in ("data/val.csv", "data/test.csv"):
        for r in csv.DictReader(io.StringIO(g.blob(path).decode("utf-8"))):
            for t in (r["InputSentence%d" % k] for k in range(1, 5)):
                for s in sentences(t.translate(ASCII)):
                    if not re.search(r"[^\x00-\x7f]", s):
                        yield s


def private_candidates(gitdir, accept):
    return accepted(roc_sentences(gitdir), accept, "rocstories")


def main():
    args = git_dir_arguments(__doc__, ("twisted", "economics", "recipes", "roc"))

    benign = write_benign(
        args.out,
        (
            (
                "twisted_python_list",
                twisted_candidates(args.twisted),
                (BLOCK, MAIL_EXTRA, AT_ADDR, MAIL_PERSONAL, MAIL_SKIP, PROFANITY),
            ),
            ("economics_stackexchange", economics_candidates(args.economics), (BLOCK, URL, PROFANITY)),
            (
                "recipe_reviews",
                recipe_candidates(args.recipes),
                (REVIEW_BLOCK, REVIEW_EXTRA, HOUSEHOLD, URL, PROFANITY),
            ),
        ),
        pick_benign,
    )

    accept = DECISIONS["private_accept"]
    private = write_accepted(accept, private_candidates(args.roc, accept), args.out)
    print("benign", len(benign), "private", len(private))


if __name__ == "__main__":
    main()
