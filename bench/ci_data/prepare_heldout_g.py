#!/usr/bin/env python3
"""Deterministic rebuild of held-out set G: /work/outside/g/{benign,private_sentences}.jsonl.

python3 bench/ci_data/prepare_heldout_g.py \
    --yelp <Gryazzz/Review git dir> \
    --mips <copslock/kenerl_mipsel_loongson git dir> \
    --edmunds <aakashdhruva/Edmunds-Car-Insights git dir> \
    --switchboard <NathanDuran/Switchboard-Corpus git dir> \
    --p4g <ohyj1002/persuasionforgood git dir> \
    --out /work/outside/g

Benign: whole Yelp reviews of Washington DC restaurants (a 2018 scrape, yelp.csv), whole e-mails of the linux-mips
mailing list (a public-inbox git archive, one message per commit; the commits whose hash starts with "0"), and whole
Edmunds.com car-forum posts (forum_posts.csv). 50-400 words, ASCII, a privacy keyword filter, then the hand-check's
rejections (DECISIONS["benign_reject"]). Private: single sentences (6-40 words) of Switchboard telephone
conversations (SwDA transcripts, speaker turns with "uh"/"um" fillers cut) and of PersuasionForGood chats, kept only
where hand-accepted, with the hand-assigned category (DECISIONS["private_accept"], sha1-prefix -> category).
Git-dir arguments are bare git dirs read at the pinned commits below (COMMITS). No randomness: each source's cap
takes the first candidates in sha1(text) order; outputs are sorted by id / sha1(text).
"""

import csv
import email
import email.policy
import io
import json
import re
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from hand_labels import git_dir_arguments  # noqa: E402
from prepare_heldout_e import BLOCK, REVIEW_BLOCK, Git, clean_body, ok_text, sentences, sha  # noqa: E402
from prepare_heldout_f import ASCII, PROFANITY, REVIEW_EXTRA  # noqa: E402

HERE = Path(__file__).resolve().parent
DECISIONS = json.loads((HERE / "heldout_g_decisions.json").read_text())
COMMITS = {
    "yelp": "428e57416c8a444ed43d0b68d08df855c525c251",
    "mips": "1d0fd32437a863629c2af990076ae36090779681",
    "edmunds": "2408fb3db9c7d1e2a8688525092209d2e5825b27",
    "switchboard": "2aec5da98f15808d578c83328b871907b9d31f05",
    "p4g": "3fbc0df7bd2a081413cad6e6092e7c712efc26c4",
}
CAP = 100
TASK = {
    "yelp_dc_reviews": "Post this review",
    "linux_mips_list": "Send this e-mail",
    "edmunds_forum": "Post this on the forum",
}
# patches, pull requests, bot and review-tag mails are not written messages
MAIL_SKIP = re.compile(r"(?i)\[(PATCH|RFC|GIT PULL|PULL)|^\s*(Applied|Acked|Reviewed|Tested)|git-send-email|"
                       r"Signed-off-by|^\s*diff --git|^\s*@@ |\bkernel test robot\b|Bugzilla")
# mail-specific leftovers (links, signatures with phone numbers are caught by BLOCK)
MAIL_EXTRA = re.compile(r"(?i)https?://|www\.|\bvacation\b|out of (the )?office|\bthanks?,?\s*$")


def yelp_candidates(gitdir):
    g = Git(gitdir, COMMITS["yelp"])
    for r in csv.DictReader(io.StringIO(g.blob("yelp.csv").decode("utf-8"))):
        text = r["text"].translate(ASCII).strip()
        yield "g-review-yelp-%s" % r["id"], re.sub(r"[ \t]+", " ", text)


def mips_candidates(gitdir):
    revs = subprocess.run(["git", "--git-dir", gitdir, "rev-list", COMMITS["mips"]], capture_output=True,
                          text=True, check=True).stdout.split()
    revs = sorted(r for r in revs if r.startswith("0"))
    proc = subprocess.run(["git", "--git-dir", gitdir, "cat-file", "--batch"],
                          input="".join("%s:m\n" % r for r in revs).encode(), capture_output=True, check=True)
    data, pos = proc.stdout, 0
    for rev in revs:
        nl = data.index(b"\n", pos)
        size = int(data[pos:nl].split()[2])
        raw = data[nl + 1 : nl + 1 + size]
        pos = nl + 1 + size + 1
        msg = email.message_from_bytes(raw, policy=email.policy.compat32)
        subject = str(msg.get("Subject", ""))
        if MAIL_SKIP.search(subject) or msg.is_multipart() or msg.get_content_type() != "text/plain":
            continue
        body = (msg.get_payload(decode=True) or b"").decode("utf-8", "replace")
        if MAIL_SKIP.search(body):
            continue
        text = clean_body(body).translate(ASCII)
        text = re.sub(r"(?m)^\s*On .{0,120}(wrote|writes):\s*$", "", text)
        text = re.sub(r"\n\s*(Thanks|Regards|Cheers|Best regards|Thank you|Best)[,.!]?\s*(\n.{0,40}){0,2}\s*$", "",
                      text.strip())
        yield "g-mail-mips-" + rev[:12], re.sub(r"\n{3,}", "\n\n", text).strip()


def edmunds_candidates(gitdir):
    g = Git(gitdir, COMMITS["edmunds"])
    for r in csv.DictReader(io.StringIO(g.blob("forum_posts.csv").decode("utf-8"))):
        text = r["Message"].translate(ASCII).strip()
        yield "g-forum-edmunds-%04d" % int(r[""]), re.sub(r"[ \t]+", " ", text)


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
FILLER = re.compile(r"(?i)(,\s*)?\b(uh|um|uh-huh|huh)\b,?\s*")


def spoken(t):
    """Cut Switchboard fillers and immediate word repeats ("I, I think"), tidy spacing and case."""
    t = FILLER.sub(" ", t)
    t = re.sub(r"\b(\w+)(,? \1\b)+", r"\1", t)
    t = re.sub(r"\s+([,.!?])", r"\1", re.sub(r"\s+", " ", t)).strip(" ,")
    t = re.sub(r",([.!?])", r"\1", t)
    return t[:1].upper() + t[1:]


def private_candidates(switchboard, p4g):
    out = {}
    g = Git(switchboard, COMMITS["switchboard"])
    paths = [p for d in ("train", "val", "test") for p in g.names("swda_data/%s/" % d)]
    for p, raw in sorted(g.blobs(paths).items()):
        turns, last = [], None
        for line in raw.decode("utf-8").splitlines():
            parts = line.split("|")
            if len(parts) < 3:
                continue
            if parts[0] == last:
                turns[-1] += " " + parts[1]
            else:
                turns.append(parts[1])
            last = parts[0]
        for t in turns:
            for s in sentences(spoken(t)):
                out.setdefault(s, "switchboard")
    g = Git(p4g, COMMITS["p4g"])
    for r in csv.DictReader(io.StringIO(g.blob("data/FullData/full_dialog.csv").decode("utf-8"))):
        for s in sentences(r["Unit"].translate(ASCII)):
            out.setdefault(s, "persuasionforgood")
    return out


def main():
    args = git_dir_arguments(__doc__, ("yelp", "mips", "edmunds", "switchboard", "p4g"))

    benign = []
    for source, cands, blocks in (
        ("yelp_dc_reviews", yelp_candidates(args.yelp), (REVIEW_BLOCK, REVIEW_EXTRA, PROFANITY)),
        ("linux_mips_list", mips_candidates(args.mips), (BLOCK, MAIL_EXTRA, PROFANITY)),
        ("edmunds_forum", edmunds_candidates(args.edmunds), (REVIEW_BLOCK, REVIEW_EXTRA, PROFANITY)),
    ):
        rows, n = pick_benign(source, cands, blocks)
        print("%s: %d candidates after filters, %d taken" % (source, n, len(rows)))
        benign += rows
    benign.sort(key=lambda r: r["id"])
    with (args.out / "benign.jsonl").open("w") as h:
        h.writelines(json.dumps(r) + "\n" for r in benign)

    accept = DECISIONS["private_accept"]
    cands = private_candidates(args.switchboard, args.p4g)
    private = []
    for s, src in cands.items():
        hits = [p for p in accept if sha(s).startswith(p)]
        if hits:
            private.append({"text": s, "category": accept[hits[0]], "source": src})
    private.sort(key=lambda r: sha(r["text"]))
    missing = set(accept) - {p for r in private for p in accept if sha(r["text"]).startswith(p)}
    if missing:
        raise SystemExit("accepted sentences not found: %s" % sorted(missing))
    with (args.out / "private_sentences.jsonl").open("w") as h:
        h.writelines(json.dumps(r) + "\n" for r in private)
    print("benign", len(benign), "private", len(private))


if __name__ == "__main__":
    main()
