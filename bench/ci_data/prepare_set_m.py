#!/usr/bin/env python3
"""Deterministic rebuild of training set M: /work/outside/m/{benign,private_sentences}.jsonl.

python3 bench/ci_data/prepare_set_m.py \
    --startups <collapsed-stacks/startups git dir> \
    --reddit <ishandandekar/Reddit-Post-Comment-Dataset git dir> \
    --advice <venkatasg/Advice-EMNLP2020 git dir> \
    --out /work/outside/m

Benign: whole questions and answers of the closed Startups Stack Exchange site (2014-2017, the browsable archive's
questions/*/*.md, one message per question body or answer; CC BY-SA 3.0), whole comments of r/explainlikeimfive and
whole posts and comments of r/FanTheories (the top posts of each subreddit with their comments, data/<sub>/post_*.txt
of a small scrape; repository MIT, the texts their writers'). 50-400 words, ASCII, a privacy keyword filter, then the
hand-check's rejections (DECISIONS["benign_reject"]). Private: single sentences (6-40 words) of replies in r/AskParents
and r/needadvice (Govindarajan et al. 2020, the advice-identification dataset's Dataset/*.tsv, sentences as the
dataset gives them, spaCy's token spaces closed up again; repository licence file, the texts their writers') and of
posts and comments of r/AskReddit, r/tifu, r/LetsNotMeet, r/IDontWorkHereLady, r/IAmA and r/talesfromtechsupport of
the same scrape as above, kept only where hand-labelled (DECISIONS["private_accept"], sha1-prefix -> category; the
category "none" marks a hard negative: a sentence that mentions family, friends, work, money, places or a doctor but
tells no private fact). DECISIONS["owner_third"] lists the accepted sentences whose fact is about someone other than
the writer. Training set: it is trained on (prepare_read_sets.py reads the folder like a read set).
Git-dir arguments are bare git dirs read at the pinned commits below (COMMITS). No randomness: each benign source's
cap takes its candidates in sha1(text) order (those with a sentence end within a line first); outputs are sorted by
id / sha1(text).
"""

import ast
import csv
import io
import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from hand_labels import git_dir_arguments, write_accepted_private  # noqa: E402
from prepare_heldout_e import BLOCK, Git, sentences, sha  # noqa: E402
from prepare_heldout_f import ASCII, PROFANITY  # noqa: E402
from prepare_heldout_h import URL  # noqa: E402
from prepare_heldout_i import accepted, pick_messages, write_benign  # noqa: E402

HERE = Path(__file__).resolve().parent
DECISIONS = json.loads((HERE / "set_m_decisions.json").read_text())
COMMITS = {
    "startups": "b98ec0474467306e20f325339e9670e253dbcd41",
    "reddit": "bb1df6b521895f0decb9f069a2cedf07cbdd1456",
    "advice": "8a6b35d4bb847ef2ac645e979e3e1139ca62e1bf",
}
# messages taken per benign source; the two subreddit scrapes are small, so Startups fills up to about 300
CAPS = {"startups_stackexchange": 224, "reddit_eli5": 100, "reddit_fantheories": 100}
TASK = {
    "startups_stackexchange": "Post this on the forum",
    "reddit_eli5": "Post this comment",
    "reddit_fantheories": "Post this on the forum",
}
BENIGN_SUBS = {"reddit_eli5": "explainlikeimfive", "reddit_fantheories": "FanTheories"}
PRIVATE_SUBS = ("AskReddit", "tifu", "LetsNotMeet", "IDontWorkHereLady", "IAmA", "talesfromtechsupport")
ADVICE_FILES = tuple(
    "Dataset/%s_%s.tsv" % (f, s) for f in ("askparents", "needadvice") for s in ("train", "dev", "test")
)
# Stack Exchange archive pages: the post header lines, markdown links and images, code blocks
SE_META = re.compile(r"(?m)^- (posted by|tagged|score):.*$")
MD_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
# forum text about the writer's own life, edits and bot notes
PERSONAL = re.compile(
    r"(?i)\b(my|our) (wife|husband|son|daughter|kids?|mom|dad|mother|father|brother|sister|friend|girlfriend|"
    r"boyfriend|boss|job|work|family|grand\w+|uncle|aunt|cousin|ex|partner|doctor)\b|\bI (work|worked) (at|for|in)\b|"
    r"\bwhen I was\b|\bedit\s*:|\bu/\w+|\br/\w+|\bI'?m (a|an) \w+"
)


# ---------------------------------------------------------------- benign sources
def startups_candidates(gitdir):
    g = Git(gitdir, COMMITS["startups"])
    paths = [p for p in g.names("questions/") if p.endswith(".md")]
    for i in range(0, len(paths), 500):
        for path, raw in sorted(g.blobs(paths[i : i + 500]).items()):
            qid = path.split("/")[1]
            parts = re.split(r"(?m)^## Answer (\d+)\s*$", raw.decode("utf-8", "replace"))
            posts = [("q" + qid, re.sub(r"(?m)\A## .*$", "", parts[0]))]
            posts += [("a" + parts[k], parts[k + 1]) for k in range(1, len(parts) - 1, 2)]
            for pid, body in posts:
                if "```" in body or re.search(r"(?m)^\s*(>|\||    )", body):
                    continue
                text = MD_LINK.sub(r"\1", SE_META.sub("", body)).translate(ASCII)
                text = re.sub(r"(?m)^-{3,}\s*$", "", text)
                text = re.sub(r"[ \t]+\n", "\n", text)
                yield "m-post-startups-%s" % pid, re.sub(r"\n{3,}", "\n\n", text).strip()


def reddit_texts(gitdir, sub):
    """(post number, k, text) of the post body (k 0) and each comment (k 1...) of data/<sub>/post_*.txt; the scrape
    writes each as the repr of the UTF-8 bytes."""
    g = Git(gitdir, COMMITS["reddit"])
    for path, raw in sorted(g.blobs(g.names("data/%s/" % sub)).items()):
        n = int(re.search(r"post_(\d+)\.txt$", path).group(1))
        k = 0
        for line in raw.decode("utf-8", "replace").split("\n"):
            m = re.match(r"#{4,6} (b['\"].*)$", line)
            if not m:
                continue
            try:
                text = ast.literal_eval(m.group(1)).decode("utf-8", "replace")
            except (ValueError, SyntaxError):
                continue
            k += 1
            yield n, k, text


def reddit_candidates(gitdir, source):
    for n, k, text in reddit_texts(gitdir, BENIGN_SUBS[source]):
        text = MD_LINK.sub(r"\1", text.replace("&amp;", "&").replace("&gt;", ">").replace("&lt;", "<"))
        text = re.sub(r"[*_]{1,3}(\S[^*_\n]*?)[*_]{1,3}", r"\1", text.translate(ASCII))
        text = re.sub(r"[ \t]+\n", "\n", text)
        yield "m-%s-%02d-%03d" % (source.replace("_", "-"), n, k), re.sub(r"\n{3,}", "\n\n", text).strip()


def pick_benign(source, cands, blocks):
    return pick_messages(source, cands, blocks, TASK[source], tuple(DECISIONS["benign_reject"]), CAPS[source])


# ---------------------------------------------------------------- private sentences
def detok(s):
    """Close up the spaces spaCy's tokeniser left in the advice dataset's sentences."""
    s = re.sub(r"\s+", " ", s.translate(ASCII)).strip().strip('"')
    s = re.sub(r" (n't|'s|'re|'m|'ve|'ll|'d|nt\b)", r"\1", s)
    s = re.sub(r" ([,.!?;:%)])", r"\1", s)
    s = re.sub(r"([($]) ", r"\1", s)
    return s.replace('""', '"')


def advice_sentences(gitdir):
    g = Git(gitdir, COMMITS["advice"])
    for path in ADVICE_FILES:
        for r in csv.DictReader(io.StringIO(g.blob(path).decode("utf-8")), delimiter="\t"):
            for s in sentences(detok(r["Sentence"] or "")):
                if not re.search(r"[^\x00-\x7f]", s):
                    yield s


def reddit_sentences(gitdir):
    for sub in PRIVATE_SUBS:
        for _, _, text in reddit_texts(gitdir, sub):
            text = MD_LINK.sub(r"\1", text.replace("&amp;", "&")).translate(ASCII)
            for s in sentences(re.sub(r"[*_#>]+", " ", text)):
                if not re.search(r"[^\x00-\x7f]", s) and "http" not in s:
                    yield s


def private_candidates(advice, reddit, accept):
    cands = accepted(advice_sentences(advice), accept, "reddit_advice")
    for s, src in accepted(reddit_sentences(reddit), accept, "reddit_stories").items():
        cands.setdefault(s, src)
    return cands


def main():
    args = git_dir_arguments(__doc__, ("startups", "reddit", "advice"), dump=True)

    blocks = (BLOCK, URL, PROFANITY, PERSONAL)
    benign = write_benign(
        args.out,
        (
            ("startups_stackexchange", startups_candidates(args.startups), blocks),
            ("reddit_eli5", reddit_candidates(args.reddit, "reddit_eli5"), blocks),
            ("reddit_fantheories", reddit_candidates(args.reddit, "reddit_fantheories"), blocks),
        ),
        pick_benign,
    )
    if args.dump:
        with args.dump.open("w") as h:
            seen = set()
            for src, it in (
                ("reddit_advice", advice_sentences(args.advice)),
                ("reddit_stories", reddit_sentences(args.reddit)),
            ):
                for s in it:
                    if s not in seen:
                        seen.add(s)
                        h.write(json.dumps({"sha": sha(s)[:10], "source": src, "text": s}) + "\n")

    cands = private_candidates(args.advice, args.reddit, DECISIONS["private_accept"])
    write_accepted_private(DECISIONS, cands, args.out, "m-private-", benign)


if __name__ == "__main__":
    main()
