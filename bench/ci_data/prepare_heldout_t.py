#!/usr/bin/env python3
"""Deterministic rebuild of held-out set T: /work/outside/t/{benign,private_sentences}.jsonl.

python3 bench/ci_data/prepare_heldout_t.py \
    --ssvc <splitscreenvanclub/forum-archive git dir> \
    --crrcsim <BackupTheBerlios/crrcsim-devel-maillist git dir> \
    --noteedit <BackupTheBerlios/noteedit-devel-maillist git dir> \
    --beyondblue <HebaShakeel/wellness_classifier git dir> \
    --out /work/outside/t

Benign: whole posts of the Split Screen Van Club forum (ssvc.org.uk's phpBB board for owners of split-screen VW
camper vans, 2003-2023, the static archive's public/thread/f-<forum>-t-<topic>-page-<n>.json files; no licence file,
the posts their writers'; posts holding quotes, code, images, links or tables left out, closings and sign-off names
cut), whole e-mails of the CRRCsim developers' mailing list (crrcsim-devel at BerliOS, the radio-controlled model
aircraft flight simulator's developers and users, 2008-2015) and whole e-mails of the NoteEdit developers' mailing list
(noteedit-devel at BerliOS, the KDE music-score editor's developers and users, 2004-2012), both read from the lists'
monthly pipermail archives YYYY-Month.txt (no licence file, the mails their writers'; quoted text, attributions,
closings and signatures cut). 50-400 words, ASCII, a privacy keyword filter, then the hand-check's rejections
(DECISIONS["benign_reject"]). Private: single sentences (6-40 words) of posts of the Beyond Blue online forums (forums.beyondblue.org.au, the Australian mental-health charity's
peer-support forums, posts of about 2015-2024 as shown on the boards' listing pages, captured 2024 as
<Board>/<BOARD>_page_<n>.xml, 8 boards x 40 pages; no licence file, the posts their writers'), kept only where
hand-accepted, with the hand-assigned category (DECISIONS["private_accept"], sha1-prefix -> category) and owner
(DECISIONS["owner_third"]: the prefixes of facts about someone other than the writer; the rest are the writer's own).
Git-dir arguments are bare git dirs read at the pinned commits below (COMMITS). No randomness: each source's cap
takes first the candidates with a sentence end within a line (where make_heldout.py can insert a sentence), each
group in sha1(text) order; outputs are sorted by id / sha1(text). `--dump FILE` also writes every private candidate
sentence (for reading).
"""

import html
import json
import re
import sys
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
from prepare_set_n import CHAT_PERSONAL  # noqa: E402

HERE = Path(__file__).resolve().parent
DECISIONS = json.loads((HERE / "heldout_t_decisions.json").read_text())
COMMITS = {
    "ssvc": "469e5eccbcbb2cfa22187a8aec6b9f7a3a2003be",
    "crrcsim": "1c80c47ae3db1dae6a62e254e9d3b58fd61d57ac",
    "noteedit": "72e0928d47828d951754a82e09a8e17c60cecb4e",
    "beyondblue": "0de8a01173de4419839da00e976dff3dcafd0f19",
}
TASK = {
    "ssvc_forum": "Post this on the forum",
    "crrcsim_devel_list": "Send this e-mail",
    "noteedit_devel_list": "Send this e-mail",
}
SSVC_THREAD = re.compile(r"public/thread/f-(\d+)-t-(\d+)-page-(\d+)\.json")
# quoted posts, code, images, links, tables and attachments are not the writer's own prose
POST_SKIP = re.compile(r"(?i)<(blockquote|pre|code|img|table|iframe|a|dl)\b|\[(quote|code|img|url)\b")
CRRC_MONTH = re.compile(r"(\d{4})-(\w+)\.txt")
BB_PAGE = re.compile(r"([A-Za-z_]+)/([A-Z ]+)_page_(\d+)\.xml")
BB_POST = re.compile(r'<p class="body-text">(.*?)</p>', re.S)


def tidy(text):
    text = FIRST_NAME.sub("", FULL_NAME.sub("", SIGN_OFF.sub("", CLOSING.sub("", text.strip()))))
    return re.sub(r"\n{3,}", "\n\n", text).strip()


# ---------------------------------------------------------------- benign sources
def ssvc_candidates(gitdir):
    g = Git(gitdir, COMMITS["ssvc"])
    paths = [p for p in g.names("public/thread/") if SSVC_THREAD.fullmatch(p)]
    for path, raw in sorted(g.blobs(paths).items()):
        page = json.loads(raw.decode("utf-8", "replace"))
        for post in page.get("posts") or []:
            body = post.get("content") or ""
            if POST_SKIP.search(body):
                continue
            yield "t-post-ssvc-%s-p%s" % (page["threadId"], post["postId"]), tidy(html_to_text(body))


def pipermail_candidates(gitdir, name):
    """Every e-mail of a BerliOS list's monthly pipermail archives: quoted text, attributions, closings and
    signatures cut."""
    return pipermail_mails(Git(gitdir, COMMITS[name]), ".", CRRC_MONTH, "t-mail-" + name + "-%s-%02d-%03d")


def pick_benign(source, cands, blocks):
    return pick_messages(source, cands, blocks, TASK[source], tuple(DECISIONS["benign_reject"]))


# ---------------------------------------------------------------- private sentences
def beyondblue_sentences(gitdir):
    """Every sentence (6-40 words) of the posts of the boards' listing pages, tags cut, entities unescaped, split as
    prepare_heldout_q.case_sentences does; non-ASCII sentences left out."""
    g = Git(gitdir, COMMITS["beyondblue"])
    paths = [p for p in g.names(".") if BB_PAGE.fullmatch(p)]
    for path, raw in sorted(g.blobs(paths).items()):
        for post in BB_POST.findall(raw.decode("utf-8", "replace")):
            text = html.unescape(re.sub(r"<[^>]+>", " ", post)).translate(ASCII)
            for s in case_sentences(text):
                if not re.search(r"[^\x00-\x7f]", s):
                    yield s


def main():
    args = git_dir_arguments(__doc__, ("ssvc", "crrcsim", "noteedit", "beyondblue"), dump=True)
    forum_blocks = (BLOCK, CHAT_PERSONAL, URL, PROFANITY)
    mail_blocks = (BLOCK, MAIL_EXTRA, AT_ADDR, MAIL_PERSONAL, MAIL_SKIP, PROFANITY)
    benign = write_benign(
        args.out,
        (
            ("ssvc_forum", ssvc_candidates(args.ssvc), forum_blocks),
            ("crrcsim_devel_list", pipermail_candidates(args.crrcsim, "crrcsim"), mail_blocks),
            ("noteedit_devel_list", pipermail_candidates(args.noteedit, "noteedit"), mail_blocks),
        ),
        pick_benign,
    )
    if args.dump:
        with args.dump.open("w") as h:
            for s in dict.fromkeys(beyondblue_sentences(args.beyondblue)):
                h.write(json.dumps(s) + "\n")
    accept = DECISIONS["private_accept"]
    cands = accepted(beyondblue_sentences(args.beyondblue), accept, "beyondblue_forum")
    private = write_private(accept, set(DECISIONS["owner_third"]), cands, args.out, "t-private-")
    print_counts(benign, private)


if __name__ == "__main__":
    main()
