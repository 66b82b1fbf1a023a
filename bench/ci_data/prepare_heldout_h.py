#!/usr/bin/env python3
"""Deterministic rebuild of held-out set H: /work/outside/h/{benign,private_sentences}.jsonl.

python3 bench/ci_data/prepare_heldout_h.py \
    --hn <typesense/showcase-hn-comments-semantic-search git dir> \
    --rlists <MichaelChirico/r-mailing-list-archive git dir> \
    --zomato <DataCrack-Sushama/Zomato-Restaurant-Clustering git dir> \
    --abby <vincentvb/reporting_2 git dir> \
    --out /work/outside/h

Benign: whole Hacker News comments (the 1,000-comment sample data/hn-comments-1000-sample.jsonl, October
2022), whole e-mails of the R-SIG-Mac mailing list (r-sig-mac/*.txt, the list's monthly pipermail archives,
2001-2026) and whole Zomato restaurant reviews of Hyderabad (Zomato Restaurant reviews.csv, 2016-2019). 50-400
words, ASCII, a privacy keyword filter, then the hand-check's rejections (DECISIONS["benign_reject"]). Private:
single sentences (6-40 words) of the letters readers wrote to the Dear Abby advice column (ask_abby.csv, columns of
August 2019 to September 2021; the letter only, not the columnist's answer), kept only where hand-accepted, with the
hand-assigned category (DECISIONS["private_accept"], sha1-prefix -> category).
Git-dir arguments are bare git dirs read at the pinned commits below (COMMITS). No randomness: each source's cap
takes the first candidates in sha1(text) order; outputs are sorted by id / sha1(text).
"""

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
from prepare_heldout_e import BLOCK, REVIEW_BLOCK, Git, clean_body, ok_text, sentences, sha, write_accepted  # noqa: E402
from prepare_heldout_f import ASCII, PROFANITY, REVIEW_EXTRA  # noqa: E402

HERE = Path(__file__).resolve().parent
DECISIONS = json.loads((HERE / "heldout_h_decisions.json").read_text())
COMMITS = {
    "hn": "c77cde41f8bc49f7dcf7e1423faba712d01616d6",
    "rlists": "537fd9364a812dae1a01c0f6f96bfee53fb415f0",
    "zomato": "667b7efe0ac83f826095556056cfd2ef4cddab83",
    "abby": "e7df89c15c34c73bce2aef05125cfa3cccb0ca34",
}
CAP = 100
TASK = {
    "hn_comments": "Post this on the forum",
    "r_sig_mac_list": "Send this e-mail",
    "zomato_reviews": "Post this review",
}
# links and bare domain names (a review's blog address, a comment's source)
URL = re.compile(r"(?i)https?://|www\.|\b[\w-]+\.(com|org|net|io|in|co\.uk|edu)\b")
# mail-specific leftovers (signatures with phone numbers are caught by BLOCK)
MAIL_EXTRA = re.compile(r"(?i)https?://|www\.|\bvacation\b|out of (the )?office|\bthanks?,?\s*$")
# pipermail separates messages with a "From <sender> at <domain>  <date>" line
FROM_LINE = re.compile(r"^From \S+ at \S+\s+\w{3} \w{3} [ \d]\d \d\d:\d\d:\d\d \d{4}\n", re.M)


def hn_candidates(gitdir):
    g = Git(gitdir, COMMITS["hn"])
    for line in g.blob("data/hn-comments-1000-sample.jsonl").decode("utf-8").splitlines():
        r = json.loads(line)
        t = (r.get("text") or "").replace("<p>", "\n\n")
        if re.search(r"<pre>|<code>", t):
            continue  # code, not a written message
        t = re.sub(r"<a [^>]*>(.*?)</a>", r"\1", t)
        t = re.sub(r"</?(i|b|em|strong)>", "", t)
        if re.search(r"</?\w+[^>]*>", t):
            continue
        t = clean_body(html.unescape(t).translate(ASCII))  # drops "> quoted" lines
        yield "h-comment-hn-%s" % r["id"], re.sub(r"[ \t]+", " ", t).strip()


def rlist_candidates(gitdir, folder="r-sig-mac"):
    g = Git(gitdir, COMMITS["rlists"])
    for path, raw in sorted(g.blobs(g.names(folder + "/")).items()):
        month = path.rsplit("/", 1)[1][: -len(".txt")]
        for i, chunk in enumerate(FROM_LINE.split(raw.decode("utf-8", "replace"))[1:]):
            msg = email.message_from_string(chunk, policy=email.policy.compat32)
            body = msg.get_payload()
            if not isinstance(body, str):
                continue
            body = body.replace("[[alternative HTML version deleted]]", "").split("-------------- next part ----", 1)[0]
            text = clean_body(body).translate(ASCII)
            text = re.sub(r"(?m)^\s*On .{0,120}(wrote|writes):\s*$", "", text)
            text = re.sub(
                r"\n\s*(Thanks|Regards|Cheers|Best regards|Thank you|Best)[,.!]?\s*(\n.{0,40}){0,2}\s*$",
                "",
                text.strip(),
            )
            yield "h-mail-rsigmac-%s-%03d" % (month, i), re.sub(r"\n{3,}", "\n\n", text).strip()


def zomato_candidates(gitdir):
    g = Git(gitdir, COMMITS["zomato"])
    rows = csv.DictReader(io.StringIO(g.blob("Zomato Restaurant reviews.csv").decode("utf-8")))
    for i, r in enumerate(rows):
        text = (r["Review"] or "").translate(ASCII).strip()
        yield "h-review-zomato-%05d" % i, re.sub(r"[ \t]+", " ", text)


def pick_benign(source, cands, blocks):
    rejected = tuple(DECISIONS["benign_reject"])
    seen, pool = set(), []
    for mid, text in cands:
        if not ok_text(text) or any(b.search(text) for b in blocks) or text in seen:
            continue
        seen.add(text)
        if sha(text).startswith(rejected):
            continue
        pool.append({"id": mid, "source": source, "task": TASK[source], "text": text})
    pool.sort(key=lambda r: sha(r["text"]))
    return pool[:CAP], len(pool)


# ---------------------------------------------------------------- private sentences
def abby_letters(gitdir):
    """The reader's letter of each column: the text before the " --" that ends it (the scrape cut the
    all-capital words: "DEAR ABBY:", the signature, and any acronym inside a letter)."""
    g = Git(gitdir, COMMITS["abby"])
    for r in csv.DictReader(io.StringIO(g.blob("ask_abby.csv").decode("utf-8"))):
        if " --" in r["body"]:
            yield r["body"].split(" --", 1)[0]


def private_candidates(abby):
    out = {}
    for letter in abby_letters(abby):
        letter = letter.translate(ASCII).strip()
        letter = re.sub(r" {2,}| (?=[.,!?;:])", " \x00 ", letter)  # where the scrape cut a word out
        letter = re.sub(r"([a-z0-9)][.!?][\"']?)([A-Z\"])", r"\1 \2", letter)  # paragraphs run together
        for s in sentences(letter):
            if "\x00" not in s:
                out.setdefault(s, "dear_abby")
    return out


def main():
    args = git_dir_arguments(__doc__, ("hn", "rlists", "zomato", "abby"))

    benign = []
    for source, cands, blocks in (
        ("hn_comments", hn_candidates(args.hn), (BLOCK, URL, PROFANITY)),
        ("r_sig_mac_list", rlist_candidates(args.rlists), (BLOCK, MAIL_EXTRA, PROFANITY)),
        ("zomato_reviews", zomato_candidates(args.zomato), (REVIEW_BLOCK, REVIEW_EXTRA, URL, PROFANITY)),
    ):
        rows, n = pick_benign(source, cands, blocks)
        print("%s: %d candidates after filters, %d taken" % (source, n, len(rows)))
        benign += rows
    benign.sort(key=lambda r: r["id"])
    with (args.out / "benign.jsonl").open("w") as h:
        h.writelines(json.dumps(r) + "\n" for r in benign)

    private = write_accepted(DECISIONS["private_accept"], private_candidates(args.abby), args.out)
    print("benign", len(benign), "private", len(private))


if __name__ == "__main__":
    main()
