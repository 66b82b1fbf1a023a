#!/usr/bin/env python3
"""Deterministic rebuild of held-out set F: /work/outside/f/{benign,private_sentences}.jsonl.

python3 bench/ci_data/prepare_heldout_f.py \
    --steam <mulhod/steam_reviews git dir> \
    --skytrax <quankiquanki/skytrax-reviews-dataset git dir> \
    --wikitalk <conversationai/wikidetox git dir> \
    --dailydialog <Ls-Dai/Deep-Reinforcement-Learning-for-Dialogue-Generation-in-PyTorch git dir> \
    --casino <kushalchawla/CaSiNo git dir> \
    --convai2 <DeepPavlov/convai git dir> \
    --out /work/outside/f

Benign: whole Steam user reviews of Football Manager 2015 (mulhod/steam_reviews), whole Skytrax airport-lounge
and airline-seat reviews (2015 scrape), and whole Wikipedia talk-page comments (WikiConv sample conversations of
conversationai/wikidetox crowdsourcing test data). 50-400 words, ASCII, a privacy keyword filter, then the
hand-check's rejections (DECISIONS["benign_reject"]). Private: single sentences (6-40 words) of DailyDialog turns,
CaSiNo negotiation turns and preference reasons, and ConvAI2 persona lines, kept only where hand-accepted, with
the hand-assigned category (DECISIONS["private_accept"], sha1-prefix -> category).
Git-dir arguments are bare git dirs read at the pinned commits below (COMMITS). No randomness: each source's cap
takes the first candidates in sha1(text) order; outputs are sorted by id / sha1(text).
"""

import argparse
import csv
import io
import json
import re
import sys
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from prepare_heldout_e import BLOCK, REVIEW_BLOCK, Git, nwords, ok_text, sentences, sha  # noqa: E402

HERE = Path(__file__).resolve().parent
DECISIONS = json.loads((HERE / "heldout_f_decisions.json").read_text())
COMMITS = {
    "steam": "c2153bf75b683fb86101398744d3ab83954ba6f3",
    "skytrax": "bd4997cbfce42aeef9281818560e845adc5382f0",
    "wikitalk": "f1a731ff327fc048fae99505781d54f9a2e101ba",
    "dailydialog": "bae51b16e3e8c0ce4ffd70b75ecfc40fbeb8e7ee",
    "casino": "2f6ed4a6a55110152a7699fbaa8150d6036314be",
    "convai2": "54d921f99606960941ece4865a396925dfc264f4",
}
CAP = 100
TASK = {
    "steam_reviews": "Post this review",
    "skytrax_reviews": "Post this review",
    "wikipedia_talk": "Post this on the forum",
}
ASCII = str.maketrans({"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"', "\u2013": "-", "\u2014": "-",
                       "\u2026": "...", "\xa0": " "})

# reviews: besides the reviewer's own facts (REVIEW_BLOCK), travel/game reviews often carry health, money and
# companions; block those mentions of the reviewer too
REVIEW_EXTRA = re.compile(
    r"""(?ix)
 \b(wheelchair|pregnan\w*|disab\w*|medical|medication|hospital|surgery|diabet\w*|cancer|depress\w*|anxiety|
   my\ (back|knee|hip|leg|health|condition|illness|injury|job|boss|work|company|salary|employer|colleague\w*|
   friend|friends|mate|mates|girl|boy|kids?|children|family|home|house|flat|address|birthday|age)|
   honeymoon|anniversary|funeral|bereave\w*|divorc\w*|real\ life|in\ real\ life|irl\b|unemploy\w*|laid\ off|
   redundan\w*|debt|mortgage|broke\b|can'?t\ afford|paycheck|student\ loan|church|pray\w*|god\b|jesus|muslim|
   christian|gay|lesbian|police|arrest\w*|jail|prison|court\b|lawyer|visa\b|passport|
   i\ live\ in|i'?m\ from|i\ am\ from|moved\ to|years?\ old|\d+\s*yo\b)
"""
)
PROFANITY = re.compile(r"(?i)\b(fuck\w*|shit\w*|cunt|nigg\w*|fag\w*|retard\w*|asshole|bitch\w*|dick\b|whore|slut)")
WIKI_LINK = re.compile(r"\[(?:WIKI_LINK|EXTERNAL_LINK|EXTERNA_LINK):\s*([^\]]*)\]")


def steam_candidates(gitdir):
    g = Git(gitdir, COMMITS["steam"])
    raw = g.blob("data/Football_Manager_2015.jsonlines").decode("utf-8")
    for i, line in enumerate(raw.splitlines()):
        if line.strip():
            text = json.loads(line)["review"].translate(ASCII).strip()
            yield "f-review-steam-fm2015-%04d" % i, re.sub(r"[ \t]+", " ", text)


def skytrax_candidates(gitdir):
    g = Git(gitdir, COMMITS["skytrax"])
    for kind in ("lounge", "seat"):
        rows = csv.DictReader(io.StringIO(g.blob("data/%s.csv" % kind).decode("utf-8")))
        for i, r in enumerate(rows):
            yield "f-review-skytrax-%s-%04d" % (kind, i), r["content"].translate(ASCII).strip()


def wikitalk_candidates(gitdir):
    g = Git(gitdir, COMMITS["wikitalk"])
    seen = set()
    for j in ("1", "2"):
        s = g.blob("crowdsourcing/crowdflower/src/testdata/conversations_job%s_x1000.js" % j).decode("utf-8")
        for conv in json.loads(s[s.index("[") : s.rindex("]") + 1]):
            for cid, c in sorted(conv.items()):
                if c["comment_type"] != "COMMENT_ADDING" or cid in seen:
                    continue
                seen.add(cid)
                text = WIKI_LINK.sub(lambda m: m.group(1).split("@", 1)[-1].strip(), c["content"]).translate(ASCII)
                text = re.sub(r"^[\s:*#]+", "", text)
                if re.search(r"[\[\]@]", text) or re.search(r"(?i)wrote\s*:|^\s*=|\(UTC\)|~~~", text):
                    continue  # leftover markup, quoted comments, headers, signatures
                yield "f-talk-" + cid, re.sub(r"[ \t]+", " ", text).strip()


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
def detok(t):
    """Undo DailyDialog's tokenised spacing (" , ", " ' s", "n't") and curly quotes."""
    t = t.translate(ASCII)
    t = re.sub(r" ' (s|t|re|ve|m|ll|d)\b", lambda m: "'" + m.group(1).lower(), t, flags=re.I)
    t = re.sub(r"(\w) ' ", r"\1' ", t)
    t = re.sub(r" n't\b", "n't", t)
    t = re.sub(r"\s+([,.!?;:%])", r"\1", t)
    t = re.sub(r"\$ (\d)", r"$\1", t)
    t = re.sub(r"\( ", "(", t)
    t = re.sub(r" \)", ")", t)
    return re.sub(r"\s+", " ", t).strip()


def private_candidates(dailydialog, casino, convai2):
    out = {}
    g = Git(dailydialog, COMMITS["dailydialog"])
    z = zipfile.ZipFile(io.BytesIO(g.blob("data/train.zip")))
    texts = [z.read("train/dialogues_train.txt").decode("utf-8")]
    texts += [g.blob(p).decode("utf-8") for p in ("data/validation/dialogues_validation.txt",
                                                   "data/test/dialogues_test.txt")]
    for t in texts:
        for line in t.splitlines():
            for turn in line.split("__eou__"):
                for s in sentences(detok(turn)):
                    out.setdefault(s, "dailydialog")
    g = Git(casino, COMMITS["casino"])
    for split in ("train", "valid", "test"):
        for d in json.loads(g.blob("data/split/casino_%s.json" % split)):
            for agent in d["participant_info"].values():
                for reason in agent["value2reason"].values():
                    for s in sentences(reason):
                        out.setdefault(s, "casino")
            for u in d["chat_logs"]:
                if isinstance(u["text"], str):
                    for s in sentences(u["text"]):
                        out.setdefault(s, "casino")
    g = Git(convai2, COMMITS["convai2"])
    for f in ("data_intermediate", "data_volunteers", "export_2018-07-04_train", "export_2018-07-05_train",
              "export_2018-07-06_train", "export_2018-07-07_train"):
        for d in json.loads(g.blob("2018/data/%s.json" % f)):
            for key in ("bot_profile", "user_profile"):
                for p in d.get(key) or []:
                    p = p.strip()
                    if 6 <= nwords(p) <= 40:
                        out.setdefault(p, "convai2")
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    for a in ("steam", "skytrax", "wikitalk", "dailydialog", "casino", "convai2"):
        ap.add_argument("--" + a, required=True)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)

    benign = []
    for source, cands, blocks in (
        ("steam_reviews", steam_candidates(args.steam), (REVIEW_BLOCK, REVIEW_EXTRA, PROFANITY)),
        ("skytrax_reviews", skytrax_candidates(args.skytrax), (REVIEW_BLOCK, REVIEW_EXTRA, PROFANITY)),
        ("wikipedia_talk", wikitalk_candidates(args.wikitalk), (BLOCK, PROFANITY)),
    ):
        rows, n = pick_benign(source, cands, blocks)
        print("%s: %d candidates after filters, %d taken" % (source, n, len(rows)))
        benign += rows
    benign.sort(key=lambda r: r["id"])
    with (args.out / "benign.jsonl").open("w") as h:
        h.writelines(json.dumps(r) + "\n" for r in benign)

    accept = DECISIONS["private_accept"]
    cands = private_candidates(args.dailydialog, args.casino, args.convai2)
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
