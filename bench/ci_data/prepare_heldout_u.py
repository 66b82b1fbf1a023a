#!/usr/bin/env python3
"""Deterministic rebuild of held-out set U: /work/outside/u/{benign,private_sentences}.jsonl.

python3 bench/ci_data/prepare_heldout_u.py \
    --pycommitters <JulienPalard/python-committers-archives git dir> \
    --clearwater <Metaswitch/clearwater-mailing-list-archives git dir> \
    --wine <mugon-jeong/langchain_wine_pairing git dir> \
    --hax <gness1804/build_llm_karpathy git dir> \
    --out /work/outside/u

Benign: whole e-mails of the python-committers mailing list (the CPython core developers' list at python.org,
2008-2019, the list's monthly pipermail archives YYYY-MM.txt mirrored by a GitHub repository; no licence file, the
mails their writers') and whole e-mails of the Project Clearwater mailing list (clearwater at lists.projectclearwater.org,
the open-source IMS core's users and developers, 2015-2019, the monthly pipermail archives YYYY-Month.txt published
by Metaswitch; no licence file, the mails their writers'), quoted text, attributions, closings and signatures cut;
and whole wine reviews of Wine Enthusiast magazine (the "description" tasting notes of winemag-data-130k-v2.csv, the
Kaggle "Wine Reviews" data set scraped from winemag.com in 2017, CC BY-NC-SA 4.0 on Kaggle; here a 5,811-row copy in
a wine-pairing demo repository, no licence file). 50-400 words, ASCII, a privacy keyword filter, then the
hand-check's rejections (DECISIONS["benign_reject"]). Private: single sentences (6-40 words) of the readers'
questions in the Washington Post's weekly "Carolyn Hax" live advice chats (March-October 2025, as copied into
sources/v1/carolyn_hax/carolyn_hax_chats/carolyn_hax_<MMDDYY>_chat.md of a GPT-2 fine-tuning repository; no licence
file, the letters their writers'; only the text after "QUESTION:" up to the columnist's answer, never her answers,
nor anything else of the repository), kept only where hand-accepted, with the hand-assigned category
(DECISIONS["private_accept"], sha1-prefix -> category) and owner (DECISIONS["owner_third"]: the prefixes of facts
about someone other than the writer; the rest are the writer's own).
Git-dir arguments are bare git dirs read at the pinned commits below (COMMITS). No randomness: each source's cap
takes first the candidates with a sentence end within a line (where make_heldout.py can insert a sentence), each
group in sha1(text) order; outputs are sorted by id / sha1(text). `--dump FILE` also writes every private candidate
sentence (for reading).
"""

import csv
import io
import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from hand_labels import git_dir_arguments, write_accepted_private  # noqa: E402
from prepare_heldout_e import BLOCK, REVIEW_BLOCK, Git  # noqa: E402
from prepare_heldout_f import ASCII, PROFANITY, REVIEW_EXTRA  # noqa: E402
from prepare_heldout_g import MAIL_SKIP  # noqa: E402
from prepare_heldout_h import MAIL_EXTRA, URL  # noqa: E402
from prepare_heldout_i import AT_ADDR, accepted, pick_messages, write_benign  # noqa: E402
from prepare_heldout_l import HOUSEHOLD, MAIL_PERSONAL, pipermail_mails  # noqa: E402
from prepare_heldout_q import case_sentences  # noqa: E402

HERE = Path(__file__).resolve().parent
DECISIONS = json.loads((HERE / "heldout_u_decisions.json").read_text())
COMMITS = {
    "pycommitters": "de5e49c1d8191a133d4c5ba2daf8570f4d65aba4",
    "clearwater": "b4174c7970a07ce534a3602271ed62077100f62d",
    "wine": "fefb6870dc6d697b0ac9856d9a0277cc0f7bd9eb",
    "hax": "4eff6704d48b22e06c269dd3cfacd37742a546a0",
}
TASK = {
    "python_committers_list": "Send this e-mail",
    "clearwater_list": "Send this e-mail",
    "winemag_reviews": "Post this review",
}
MONTH_FILE = re.compile(r"(\d{4})-(\d{2}|[A-Z][a-z]+)\.txt")
WINE_FILE = "winemag-data-130k-v2.csv"
HAX_FILE = re.compile(r"sources/v1/carolyn_hax/carolyn_hax_chats/carolyn_hax_(\d{6})_chat\.md")
# a reader's question: from "QUESTION:" to the columnist's byline ("avatar" / "Carolyn Hax") or the next entry
HAX_QUESTION = re.compile(r"QUESTION:(.*?)(?=\navatar\n|\nCarolyn Hax\n|\nGuest [A-Z][a-z]{2} \d|\Z)", re.S)


# ---------------------------------------------------------------- benign sources
def pipermail_candidates(gitdir, name):
    """Every e-mail of a list's monthly pipermail archives (YYYY-MM.txt or YYYY-Month.txt): quoted text,
    attributions, closings and signatures cut."""
    return pipermail_mails(Git(gitdir, COMMITS[name]), ".", MONTH_FILE, "u-mail-" + name + "-%s-%02d-%03d", True)


def wine_candidates(gitdir):
    g = Git(gitdir, COMMITS["wine"])
    for r in csv.DictReader(io.StringIO(g.blob(WINE_FILE).decode("utf-8"))):
        text = re.sub(r"\s+", " ", (r["description"] or "").translate(ASCII)).strip()
        yield "u-review-winemag-%s" % r["id"], text


def pick_benign(source, cands, blocks):
    return pick_messages(source, cands, blocks, TASK[source], tuple(DECISIONS["benign_reject"]))


# ---------------------------------------------------------------- private sentences
def hax_sentences(gitdir):
    """Every sentence (6-40 words) of the readers' questions of the chat files, split as
    prepare_heldout_q.case_sentences does; non-ASCII sentences and links left out."""
    g = Git(gitdir, COMMITS["hax"])
    paths = [p for p in g.names("sources/v1/carolyn_hax/carolyn_hax_chats/") if HAX_FILE.fullmatch(p)]
    for path, raw in sorted(g.blobs(paths).items()):
        for q in HAX_QUESTION.findall(raw.decode("utf-8", "replace")):
            for s in case_sentences(q.translate(ASCII)):
                if not re.search(r"[^\x00-\x7f]", s) and not URL.search(s):
                    yield s


def main():
    args = git_dir_arguments(__doc__, ("pycommitters", "clearwater", "wine", "hax"), dump=True)
    mail_blocks = (BLOCK, MAIL_EXTRA, AT_ADDR, MAIL_PERSONAL, MAIL_SKIP, PROFANITY)
    benign = write_benign(
        args.out,
        (
            ("python_committers_list", pipermail_candidates(args.pycommitters, "pycommitters"), mail_blocks),
            ("clearwater_list", pipermail_candidates(args.clearwater, "clearwater"), mail_blocks),
            ("winemag_reviews", wine_candidates(args.wine), (REVIEW_BLOCK, REVIEW_EXTRA, HOUSEHOLD, URL, PROFANITY)),
        ),
        pick_benign,
    )
    if args.dump:
        with args.dump.open("w") as h:
            for s in dict.fromkeys(hax_sentences(args.hax)):
                h.write(json.dumps(s) + "\n")
    cands = accepted(hax_sentences(args.hax), DECISIONS["private_accept"], "carolyn_hax_chats")
    write_accepted_private(DECISIONS, cands, args.out, "u-private-", benign)


if __name__ == "__main__":
    main()
