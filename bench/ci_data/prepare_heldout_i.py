#!/usr/bin/env python3
"""Deterministic rebuild of held-out set I: /work/outside/i/{benign,private_sentences}.jsonl.

python3 bench/ci_data/prepare_heldout_i.py \
    --uvc <BackupTheBerlios/linux-uvc-devel-maillist git dir> \
    --bugs <av9ash/gitbugs git dir> \
    --trustpilot <VedantPancholi/DL_Project git dir> \
    --blogs <muhwagua/color-bert git dir> \
    --out /work/outside/i

Benign: whole e-mails of the Linux UVC webcam driver mailing list (the list's monthly pipermail archives *.txt,
2006-2012), whole SeaMonkey bug reports of Mozilla's Bugzilla (the description of each report in
seamonkey/SeaMonkey_bugs.csv, 2020-2024; the "User Agent" and "Build ID" lines dropped) and whole Trustpilot reviews
of the Swiggy food-delivery service (trustpilot_reviews.csv, undated; they tell of 2022-2024). 50-400 words, ASCII,
a privacy keyword filter, then the hand-check's rejections (DECISIONS["benign_reject"]). Private: single sentences
(6-40 words) of the posts of the bloggers aged 33 and over in the Blog Authorship Corpus (Schler et al. 2006,
blogger.com, 2004; blogs/*.xml), kept only where hand-accepted, with the hand-assigned category
(DECISIONS["private_accept"], sha1-prefix -> category).
Git-dir arguments are bare git dirs read at the pinned commits below (COMMITS). No randomness: each source's cap
takes first the candidates with a sentence end within a line (where make_heldout.py can insert a sentence; taking all
in one order left 18 of the 128 private sentences unused, hard-wrapped mails and step lists having none), each group
in sha1(text) order; outputs are sorted by id / sha1(text).
"""

import csv
import email
import email.policy
import io
import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from hand_labels import git_dir_arguments  # noqa: E402
from make_heldout import _AFTER_FIRST  # noqa: E402
from prepare_heldout_e import BLOCK, REVIEW_BLOCK, Git, clean_body, ok_text, sentences, sha, write_accepted  # noqa: E402
from prepare_heldout_f import ASCII, PROFANITY, REVIEW_EXTRA  # noqa: E402
from prepare_heldout_g import MAIL_SKIP  # noqa: E402
from prepare_heldout_h import FROM_LINE, MAIL_EXTRA, URL  # noqa: E402

HERE = Path(__file__).resolve().parent
DECISIONS = json.loads((HERE / "heldout_i_decisions.json").read_text())
COMMITS = {
    "uvc": "5e1bc56a1c77b81bf3bcd74aad805d6c402d7512",
    "bugs": "eadf2d6794990a1aaa26d0ae15391f29f8969301",
    "trustpilot": "3bff9539391a3f465a9e238b981bceec142edebb",
    "blogs": "ee6a0db219ee06a5f243f3ba143dfee690553c77",
}
CAP = 100
TASK = {
    "uvc_list": "Send this e-mail",
    "seamonkey_bugs": "Post this bug report",
    "trustpilot_reviews": "Post this review",
}
# the list archive writes addresses as "name at domain"; attribution lines ("On <date>, X wrote:", "X a ecrit :",
# "* X <x at y> [date]:") are cut, and so is a closing line that is only a full name
AT_ADDR = re.compile(r"\b[\w.+-]+ at [\w-]+(\.[\w-]+)+\b")
ATTRIBUTION = re.compile(
    r"(?im)^.{0,160}(wrote|writes|said|schrieb|a \?crit\s?\??)\s*:\s*$|^On (Mon|Tue|Wed|Thu|Fri|Sat|Sun)\w*, .*$|"
    r"^\s*\*?\s*[^\n]{0,60}<[^>\n]* at [^>\n]*>.{0,60}$"
)
FULL_NAME = re.compile(r"\n\s*[A-Z][a-z]+( [A-Z][a-z'-]+){1,2}\s*$")
# bug reports: the reporter's browser string and build id are not part of what they wrote
BUG_META = re.compile(r"(?im)^\s*(User Agent|Build ID):.*$")
# reviews: order and account numbers
ORDER_NO = re.compile(r"(?i)\d{6,}|\border\s*(no|id|number|#)")
MIN_AGE = 33  # the corpus's "30s" bloggers (33-48)


def uvc_candidates(gitdir):
    g = Git(gitdir, COMMITS["uvc"])
    paths = [p for p in g.names(".") if p.endswith(".txt") and "/" not in p]
    for path, raw in sorted(g.blobs(paths).items()):
        month = path[: -len(".txt")]
        for i, chunk in enumerate(FROM_LINE.split(raw.decode("utf-8", "replace"))[1:]):
            msg = email.message_from_string(chunk, policy=email.policy.compat32)
            body = msg.get_payload()
            if not isinstance(body, str) or MAIL_SKIP.search(str(msg["Subject"] or "")):
                continue
            body = body.replace("[[alternative HTML version deleted]]", "").split("-------------- next part ----", 1)[0]
            text = ATTRIBUTION.sub("", clean_body(body).translate(ASCII))
            text = re.sub(
                r"\n\s*(Thanks|Regards|Cheers|Best regards|Thank you|Best|Greetings)[,.!]?\s*(\n.{0,40}){0,2}\s*$",
                "",
                text.strip(),
            )
            yield "i-mail-uvc-%s-%03d" % (month, i), re.sub(r"\n{3,}", "\n\n", FULL_NAME.sub("", text)).strip()


def bug_candidates(gitdir):
    g = Git(gitdir, COMMITS["bugs"])
    for r in csv.DictReader(io.StringIO(g.blob("seamonkey/SeaMonkey_bugs.csv").decode("utf-8"))):
        text = BUG_META.sub("", (r["Description"] or "").replace("\r\n", "\n")).translate(ASCII)
        text = re.sub(r"[ \t]+\n", "\n", text)
        yield "i-bug-seamonkey-%s" % r["Issue id"], re.sub(r"\n{3,}", "\n\n", text).strip()


def trustpilot_candidates(gitdir):
    g = Git(gitdir, COMMITS["trustpilot"])
    for i, r in enumerate(csv.DictReader(io.StringIO(g.blob("trustpilot_reviews.csv").decode("utf-8")))):
        text = (r["Review"] or "").translate(ASCII).strip()
        yield "i-review-trustpilot-%04d" % i, re.sub(r"[ \t]+", " ", text)


def pick_messages(source, cands, blocks, task, rejected, cap=CAP):
    """The first `cap` candidates of a source that pass the filters and the hand-check (`rejected`: sha1 prefixes),
    those with a sentence end within a line (where make_heldout.py can insert a sentence) first, each group in
    sha1(text) order; and how many passed."""
    seen, pool = set(), []
    for mid, text in cands:
        if not ok_text(text) or any(b.search(text) for b in blocks) or text in seen:
            continue
        seen.add(text)
        if sha(text).startswith(rejected):
            continue
        pool.append({"id": mid, "source": source, "task": task, "text": text})
    pool.sort(key=lambda r: (not _AFTER_FIRST.search(r["text"]), sha(r["text"])))
    return pool[:cap], len(pool)


def write_benign(out, groups, pick):
    """benign.jsonl in `out`: each (source, candidates, blocks) of `groups` picked by `pick`, sorted by id."""
    benign = []
    for source, cands, blocks in groups:
        rows, n = pick(source, cands, blocks)
        print("%s: %d candidates after filters, %d taken" % (source, n, len(rows)))
        benign += rows
    benign.sort(key=lambda r: r["id"])
    with (out / "benign.jsonl").open("w") as h:
        h.writelines(json.dumps(r) + "\n" for r in benign)
    return benign


def pick_benign(source, cands, blocks):
    return pick_messages(source, cands, blocks, TASK[source], tuple(DECISIONS["benign_reject"]))


# ---------------------------------------------------------------- private sentences
def accepted(texts, accept, source):
    """{sentence: source} for the texts whose sha1 prefix was hand-accepted (`accept`), first come first kept."""
    width = {len(p) for p in accept}
    out = {}
    for s in texts:
        h = sha(s)
        if any(h[:w] in accept for w in width):
            out.setdefault(s, source)
    return out


def blog_sentences(gitdir):
    """Sentences of the posts of the bloggers aged MIN_AGE and over (the age is the file name's third field), links
    ("urlLink") and non-ASCII sentences left out."""
    g = Git(gitdir, COMMITS["blogs"])
    names = [n for n in g.names("blogs/") if int(n.split(".")[2]) >= MIN_AGE]
    for i in range(0, len(names), 200):
        for raw in g.blobs(names[i : i + 200]).values():
            for post in re.findall(r"<post>(.*?)</post>", raw.decode("latin-1"), re.S):
                for s in sentences(post.translate(ASCII)):
                    if "urlLink" not in s and not re.search(r"[^\x00-\x7f]", s):
                        yield s


def private_candidates(gitdir, accept):
    return accepted(blog_sentences(gitdir), accept, "blog_authorship")


def main():
    args = git_dir_arguments(__doc__, ("uvc", "bugs", "trustpilot", "blogs"))

    benign = write_benign(
        args.out,
        (
            ("uvc_list", uvc_candidates(args.uvc), (BLOCK, MAIL_EXTRA, AT_ADDR, MAIL_SKIP, PROFANITY)),
            ("seamonkey_bugs", bug_candidates(args.bugs), (BLOCK, URL, PROFANITY)),
            (
                "trustpilot_reviews",
                trustpilot_candidates(args.trustpilot),
                (REVIEW_BLOCK, REVIEW_EXTRA, URL, ORDER_NO, PROFANITY),
            ),
        ),
        pick_benign,
    )

    accept = DECISIONS["private_accept"]
    private = write_accepted(accept, private_candidates(args.blogs, accept), args.out)
    print("benign", len(benign), "private", len(private))


if __name__ == "__main__":
    main()
