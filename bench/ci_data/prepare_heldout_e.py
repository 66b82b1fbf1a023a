#!/usr/bin/env python3
"""Deterministic rebuild of held-out set E: /work/outside/e/{benign,private_sentences}.jsonl.

python3 bench/ci_data/prepare_heldout_e.py \
    --spam <Choosue/machine-learning git dir> \
    --news <julenminer/mlnn_P65 git dir> \
    --imdb <PVidyadhar/Detection-of-Fraud-apps-using-Sentiment-Analysis git dir> \
    --esconv <thu-coai/Emotional-Support-Conversation git dir> \
    --isear <sinmaniphel/py_isear_dataset git dir> \
    --out /work/outside/e

Benign: whole e-mails of the SpamAssassin public corpus (easy_ham, 2002 mailing-list and personal mail; read at
commit SPAM_COMMIT, the last one of that repo that still holds it), whole Usenet posts of 20 Newsgroups
(20news-bydate-test, non-sensitive groups) and whole IMDb reviews of the Large Movie Review Dataset (aclImdb/test).
Quoted text, signatures and list footers are cut; 50-400 words; a privacy keyword filter; then the hand-check's
rejections (DECISIONS["benign_reject"]). Private: single sentences (6-40 words) of ESConv help-seekers (thu-coai
FailedESConv.json situations and dialogues, and the seeker turns of codes/dataset/{dev,test}WithStrategy_short.tsv)
and of ISEAR situation reports, kept only where hand-accepted, with the hand-assigned category
(DECISIONS["private_accept"], sha1-prefix -> category).
Git-dir arguments are bare git dirs read at HEAD (spam: SPAM_COMMIT). No randomness: each source's cap takes the
first candidates in sha1(text) order; outputs are sorted by id / sha1(text).
"""

import argparse
import csv
import email
import email.policy
import hashlib
import io
import json
import re
import subprocess
from pathlib import Path

HERE = Path(__file__).resolve().parent
DECISIONS = json.loads((HERE / "heldout_e_decisions.json").read_text())
SPAM_COMMIT = "501cfac84047306ccd0dc825cd970a88754b161e"
SPAM_DIR = "machine-learning-ex6/ex6/spamassasin-dataset/easy_ham/"
NEWS_DIR = "data/20news-bydate-test/"
NEWS_GROUPS = (
    "comp.graphics comp.os.ms-windows.misc comp.sys.ibm.pc.hardware comp.sys.mac.hardware comp.windows.x "
    "rec.autos rec.motorcycles rec.sport.baseball rec.sport.hockey sci.electronics sci.space"
).split()
IMDB_DIRS = ("aclImdb/test/pos/", "aclImdb/test/neg/")
CAP = 100
TASK = {
    "spamassassin_easy_ham": "Send this e-mail",
    "20newsgroups": "Post this on the forum",
    "imdb_aclimdb": "Post this review",
}


def sha(t):
    return hashlib.sha1(t.encode("utf-8")).hexdigest()


def nwords(t):
    return len(t.split())


class Git:
    def __init__(self, gitdir, rev="HEAD"):
        self.gitdir, self.rev = gitdir, rev

    def names(self, prefix):
        out = subprocess.run(
            ["git", "--git-dir", self.gitdir, "ls-tree", "-r", "--name-only", self.rev, prefix],
            capture_output=True, text=True, check=True,
        ).stdout
        return sorted(n for n in out.split("\n") if n)

    def blobs(self, paths):
        proc = subprocess.run(
            ["git", "--git-dir", self.gitdir, "cat-file", "--batch"],
            input="".join("%s:%s\n" % (self.rev, p) for p in paths).encode(), capture_output=True, check=True,
        )
        data, pos, out = proc.stdout, 0, {}
        for p in paths:
            nl = data.index(b"\n", pos)
            head = data[pos:nl].split()
            if head[-1] == b"missing":
                pos = nl + 1
                continue
            size = int(head[2])
            out[p] = data[nl + 1 : nl + 1 + size]
            pos = nl + 1 + size + 1
        return out

    def blob(self, path):
        return self.blobs([path])[path]


# ---------------------------------------------------------------- benign filters
BLOCK = re.compile(
    r"""(?ix)
 \b(sick|illness|ill\b|hospital|doctor|nurse|diagnos|cancer|tumou?r|depress|anxiety|anxious|therap|medicat|
   pregnan|surgery|disease|injur|disab|adhd|autis|mental|seizure|epilep|migraine|allerg|symptom|medical|health|
   insomnia|diabet|chemo|stroke|suicid|psych|addict|rehab|alcoholi|drunk|hangover|drugs?\b|weed|vaccin|clinic|
   patient|prescri|pill|sober|blood)|
 \b(debt|loan|afford|bankrupt|salary|income|mortgage|paycheck|credit\ card|bank\ account|broke\b|poverty|rent\b|
   evict|insurance|savings|pension|welfare|owe\b)|
 \b(wife|husband|spouse|son|sons|daughter|kids?|child|children|mom|mum|mother|dad|father|parents?|brother|sister|
   sibling|family|grand(ma|pa|mother|father|son|daughter|child)|boyfriend|girlfriend|fianc|divorc|wedding|married|
   marriage|baby|funeral|died|death|dying|passed\ away|widow|relative|in-law|nephew|niece|aunt|uncle|cousin|
   my\ partner|dating|breakup|sex|sexual|porn|teen|minor\b|underage)|
 \b(lawyer|attorney|court|sue\b|sued|suing|lawsuit|police|cops?\b|arrest|jail|prison|criminal|convict|probation|
   visa\b|immigra|deport|custody|warrant|felony|dui\b|fraud|stolen|theft|illegal|robbed)|
 \b(fired|laid\ off|layoff|lost\ my\ job|quit\ my\ job|resign|unemploy|job\ (hunt|search|interview)|interview|
   my\ boss|my\ employer|my\ manager|performance\ review|promotion|my\ job|my\ coworker)|
 \b(god|church|relig|christian|muslim|islam|jewish|jew\b|hindu|buddhis|atheis|pray|bible|politic|democrat|
   republican|liberal|conservative|clinton|election|vote|gay|lesbian|transgender|queer|racis|ethnic|abortion|
   terroris|gun|weapon)|
 \b(\d+\s*(years?|yrs?)[\s-]*old|my\ age|i\ live\ in|my\ (house|home|address|apartment|flat|town|neighbou?r)|
   moved\ to|birthday|i'?m\ from|i\ am\ from|where\ i\ live)|
 \b(password|passwd|ssn\b|social\ security|passport|driver'?s\ licen|account\ (number|no)|private\ key|credential)|
 [\w.+-]+@[\w-]+\.[\w.]+ | \bphone\b | \bfax\b | \+?\d[\d\s().-]{8,}\d |
 \b\d+\s+\w+\s+(street|st\.|avenue|ave\.?|road|rd\.|boulevard|blvd|lane|drive)\b
"""
)
# reviews: plots mention families, deaths, crimes; block only the reviewer's own facts
REVIEW_BLOCK = re.compile(
    r"""(?ix)
 \b(my|our)\ (wife|husband|spouse|son|daughter|kids?|children|child|mom|mum|mother|dad|father|parents|brother|
   sister|boyfriend|girlfriend|fianc\w*|family|grand\w+|ex\b|partner|baby|therapist|doctor|boss|job|divorce)\b |
 \bI\ (was|am|have\ been|got|'m)\ (diagnosed|pregnant|sick|ill|depressed|in\ (the\ )?(hospital|rehab|jail|prison)|
   fired|laid\ off|unemployed|divorced|arrested|gay|a\ (christian|catholic|muslim|jew|mormon|atheist))\b |
 \b(as\ a|being\ a)\ (christian|catholic|muslim|jew|mormon|atheist|gay\ man|lesbian|mother|father|parent|veteran|
   survivor|teenager|teen|kid|child)\b | \bI'?m\ (gay|lesbian|bisexual|christian|muslim|jewish|atheist)\b |
 \bwhen\ I\ was\ (\d+|a\ (kid|child|teen\w*|boy|girl))\b | \b(my|I)\ (depression|anxiety|cancer|surgery|illness)\b |
 \b\d+\s*(years?|yrs?)[\s-]*old\b | [\w.+-]+@[\w-]+\.[\w.]+ | https?:// | www\.
"""
)
QUOTE_INTRO = re.compile(
    r"(?i)(wrote|writes|said|mentioned|wibbled)\s*:\s*$|^\s*in (article|message|<|a message)|^-+\s*original message|"
    r"\d\d:\d\d:\d\d|^-----(begin|end) pgp|^hash: sha|^(organization|lines|nntp-posting-host|distribution|reply-to|"
    r"summary|keywords|x-[\w-]+|from|subject|date|url)\s*:|^\s*\[img:"
)
QUOTED = re.compile(r"^\s*(>|\||:|--\]|[A-Za-z()]{1,12}>)")
FOOTER = re.compile(r"^(_{10,}|-{10,}|={10,})\s*$")


def clean_body(body):
    """Cut quoted text, quote intros, signature and list footer; collapse blank runs."""
    keep = []
    for line in body.replace("\r\n", "\n").split("\n"):
        if line.rstrip() in ("--", "-- ") or FOOTER.match(line):
            break
        if QUOTED.match(line) or QUOTE_INTRO.search(line):
            continue
        keep.append(line.rstrip())
    text = "\n".join(keep).strip()
    text = re.sub(r"\n{3,}", "\n\n", text)
    return text


def ok_text(t):
    if not 50 <= nwords(t) <= 400:
        return False
    letters = sum(c.isalpha() for c in t)
    if letters < 0.6 * len(t.replace(" ", "").replace("\n", "")):
        return False  # code, tables, uuencode, ascii art
    if re.search(r"[^\x00-\x7f]", t) or re.search(r"\t|^\s{4,}\S", t, re.M):
        return False
    return True


def spam_candidates(gitdir):
    g = Git(gitdir, SPAM_COMMIT)
    paths = [p for p in g.names(SPAM_DIR) if "/processed_email/" not in p and not p.endswith("cmds")]
    for p, raw in sorted(g.blobs(paths).items()):
        msg = email.message_from_bytes(raw, policy=email.policy.compat32)
        if msg.is_multipart():
            parts = [x for x in msg.walk() if x.get_content_type() == "text/plain"]
            if len(parts) != 1:
                continue
            part = parts[0]
        elif msg.get_content_type() == "text/plain":
            part = msg
        else:
            continue
        payload = part.get_payload(decode=True) or b""
        if payload.lstrip().startswith(b"URL: http"):
            continue  # RSS-to-mail feed items, not messages
        text = clean_body(payload.decode("ascii", "replace"))
        yield "e-mail-" + p.rsplit("/", 1)[1].split(".")[0], text


def news_candidates(gitdir):
    g = Git(gitdir)
    for group in NEWS_GROUPS:
        paths = g.names(NEWS_DIR + group + "/")
        for p, raw in sorted(g.blobs(paths).items()):
            body = raw.decode("latin-1").replace("\r\n", "\n").split("\n\n", 1)
            if len(body) < 2:
                continue
            yield "e-news-%s-%s" % (group, p.rsplit("/", 1)[1]), clean_body(body[1])


def imdb_candidates(gitdir):
    g = Git(gitdir)
    for d in IMDB_DIRS:
        paths = g.names(d)
        for p, raw in sorted(g.blobs(paths).items()):
            text = raw.decode("utf-8", "replace").replace("<br /><br />", "\n\n").replace("<br />", "\n").strip()
            yield "e-review-%s-%s" % (d.split("/")[2], p.rsplit("/", 1)[1][:-4]), text


def pick_benign(source, cands, block):
    rejected = tuple(DECISIONS["benign_reject"])
    seen, pool = set(), []
    for mid, text in cands:
        if not ok_text(text) or block.search(text) or text in seen:
            continue
        seen.add(text)
        if sha(text).startswith(rejected):
            continue
        pool.append({"id": mid, "source": source, "task": TASK[source], "text": text})
    pool.sort(key=lambda r: sha(r["text"]))
    return pool[:CAP], len(pool)


# ---------------------------------------------------------------- private sentences
SPLIT = re.compile(r"(?<=[.!?])\s+(?=[A-Z\"])")


def sentences(t):
    for s in SPLIT.split(re.sub(r"\s+", " ", t).strip()):
        s = s.strip()
        if 6 <= nwords(s) <= 40:
            yield s


def private_candidates(esconv, isear):
    out = {}
    g = Git(esconv)
    for d in json.loads(g.blob("FailedESConv.json")):
        for s in sentences(d["situation"]):
            out.setdefault(s, "esconv")
        for u in d["dialog"]:
            if u.get("speaker") == "seeker":
                for s in sentences(u["content"]):
                    out.setdefault(s, "esconv")
    for f in ("codes/dataset/devWithStrategy_short.tsv", "codes/dataset/testWithStrategy_short.tsv"):
        for line in g.blob(f).decode("utf-8").splitlines():
            for seg in line.split(" EOS "):
                m = re.match(r"\s*\d\.\d (\d) \d+ (.*)", seg)
                if m and m.group(1) == "0":  # speaker 0 = help-seeker
                    for s in sentences(m.group(2)):
                        out.setdefault(s, "esconv")
    rows = csv.DictReader(io.StringIO(Git(isear).blob("isear.csv").decode("latin-1")), delimiter="|")
    for r in rows:
        t = re.sub(r"\s+", " ", r["SIT"].replace("\xc3\xa1", "").replace("\xe1", "")).strip()
        for s in sentences(t):
            out.setdefault(s, "isear")
    return out


def write_accepted(accept, cands, out):
    """The hand-accepted candidates (sha1-prefix -> category), sorted by sha1(text), written to
    out/private_sentences.jsonl; every accepted prefix must be found."""
    private = []
    for s, src in cands.items():
        hits = [p for p in accept if sha(s).startswith(p)]
        if hits:
            private.append({"text": s, "category": accept[hits[0]], "source": src})
    private.sort(key=lambda r: sha(r["text"]))
    missing = set(accept) - {p for r in private for p in accept if sha(r["text"]).startswith(p)}
    if missing:
        raise SystemExit("accepted sentences not found: %s" % sorted(missing))
    with (out / "private_sentences.jsonl").open("w") as h:
        h.writelines(json.dumps(r) + "\n" for r in private)
    return private


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    for a in ("spam", "news", "imdb", "esconv", "isear"):
        ap.add_argument("--" + a, required=True)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)

    benign = []
    for source, cands, block in (
        ("spamassassin_easy_ham", spam_candidates(args.spam), BLOCK),
        ("20newsgroups", news_candidates(args.news), BLOCK),
        ("imdb_aclimdb", imdb_candidates(args.imdb), REVIEW_BLOCK),
    ):
        rows, n = pick_benign(source, cands, block)
        print("%s: %d candidates after filters, %d taken" % (source, n, len(rows)))
        benign += rows
    benign.sort(key=lambda r: r["id"])
    with (args.out / "benign.jsonl").open("w") as h:
        h.writelines(json.dumps(r) + "\n" for r in benign)

    private = write_accepted(DECISIONS["private_accept"], private_candidates(args.esconv, args.isear), args.out)
    print("benign", len(benign), "private", len(private))


if __name__ == "__main__":
    main()
