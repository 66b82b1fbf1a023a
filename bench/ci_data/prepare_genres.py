#!/usr/bin/env python3
"""Harmless sentences of genres the contextual-integrity model has not read (bug reports, tech-support forum
posts, app reviews) as 'none' training rows: OUT/sentences_genres.jsonl.

python3 bench/ci_data/prepare_genres.py \
    --issues <STASER-Lab/InEx-Bug-A-Human-Annotated-Dataset-of-Intrinsic-and-Extrinsic-Bugs-in-the-NPM-Ecosystem git dir> \
    --scn <collab-uniba/emse_best-answer-prediction git dir> \
    --appstore <Leolty/RoseMatcher git dir> \
    --out /work/outside/train

Sources (bare git dirs read at the pinned COMMITS; none of them is used by any other script here):
- npm_issues: GitHub issue threads (title, body, comments) of 428 closed bug issues of npm packages
  (msrv3_closed.jsonl, the InEx-Bug dataset, MIT); doc = the issue.
- sap_scn: questions and answers of the SAP Community Network technical-support forum, mostly 2012-2015
  (dumps/scn/*.json of the best-answer-prediction dataset, MIT repository); doc = the forum thread.
- appstore_reviews: Apple App Store reviews (title and text, 2017-2022) of Gmail, Google Chrome, Google Drive,
  Microsoft Teams, TestFlight and GitHub (dataset/*/*_Reviews_Origin.xlsx of RoseMatcher, no licence stated);
  doc = the review.
Text is cut into blocks (paragraphs, list items, lines), code blocks, quoted replies, HTML and markdown markup
removed; sentences of 6-40 words, English, ASCII after cleaning; no code, logs, URLs or e-mail addresses. A sentence
with any private cue (prepare_heldout_e.BLOCK without its bare 'phone', prepare_heldout_f.REVIEW_EXTRA and
PROFANITY, CUES and OCCUPATION below: the family / AESLC filters' words and more, tightened after reading ~170
kept sentences) is dropped, not labelled. Each source's first CAP sentences in sha1(text) order are kept; the output
is sorted by sha1(text). No randomness.
"""

import argparse
import io
import json
import re
import sys
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from prepare_heldout_e import BLOCK, Git, sentences, sha  # noqa: E402
from prepare_heldout_f import ASCII, PROFANITY, REVIEW_EXTRA  # noqa: E402
from prepare_heldout_h import URL  # noqa: E402

COMMITS = {
    "issues": "3cf1113f7b375a56ae461c4cbe9823f18d57aee0",
    "scn": "cf6bd6444dc3548a02f7947aacf7a78e0dbe03e6",
    "appstore": "2d730cb6dc1617b7d5824f482911bd620c27522f",
}
CAP = 1500
SCN_TOPICS = ("3d", "abap", "analytic", "cross", "frontend", "netweaver", "oltp", "streaming")
APPS = {  # folder -> review file (the snapshot lacks the other apps' files, each over 4 MiB)
    "Github": "GitHub_Reviews_Origin.xlsx",
    "Gmail": "Gmail_Reviews_Origin.xlsx",
    "Google_Chrome": "Google_Chrome_Reviews_Origin.xlsx",
    "Google_Drive": "Google_Drive_Reviews_Origin.xlsx",
    "Microsoft_Teams": "Microsoft_Teams_Reviews_Origin.xlsx",
    "TestFlight": "TestFlight_Reviews_Origin.xlsx",
}

# BLOCK was written for whole messages; its bare "phone" (a number's label) would drop every "on my phone" of the
# app reviews, and phone numbers are still caught by its digit-run pattern
_PHONE = r" | \bphone\b |"
assert _PHONE in BLOCK.pattern
SENT_BLOCK = re.compile(BLOCK.pattern.replace(_PHONE, " |"), BLOCK.flags)

# the family and AESLC filters' cues that BLOCK lacks, and more found by reading the kept sentences
CUES = re.compile(
    r"""(?ix)
 \b(hate[sd]?|angry|upset|crying|cried|lonely|broke\ up|ex-\w+|ex\b|hurt|pain\w*|accident|stress\w*|tired|
   exhaust\w*|sleep\w*|eyes?|eyesight|blind|deaf|hearing\ aid|headache|wheelchair|covid|quarantin\w*|
   lockdown|pandemic|vaccin\w*|died|dying|passed\ away|
   school|schools|teachers?|students?|homework|classmates?|college|university|grades?\b|toddler|teenager|
   money|pay|paid|paying|bills?|refund\w*|charged|overcharg\w*|subscri\w*|bank|financ\w*|tax|taxes|cash|
   job|jobs|boss|coworkers?|co-workers?|colleagues?|hired|hiring|career|internship|intern\b|retire\w*|
   fired|quit|resign\w*|my\ (company|office|workplace|team\ lead|client|clients|customer|customers)|
   address|live[sd]?\ in|living\ in|moved|relocat\w*|hometown|my\ (city|country|area|state|town|region|
   neighbou?rhood|street|car|trip|vacation|holiday|flight|birthday|name)|vacation|holiday|traveling|
   travelling|abroad|trip\b|years?\ old|\bage\b|aged\b|born|elderly|senior\ citizen|
   hack\w*|scam\w*|stole|stolen|ripped\ off|legal|lawsuit|report(ed)?\ (you|them)\ to|privacy|
   private|personal|confidential|secret|spy\w*|tracking\ me|identity|
   ocd|ptsd|bipolar|dyslex\w*|panic\ attack\w*|heart\ attack\w*|insomnia|
   can'?t\ see\ (any\ ?more|anything|well)|my\ (vision|sight)|
   gender|male|female|woman|women|man\b|men\b|girl|boy|guy|lady|husband|wife|pregnan\w*|dating|
   boyfriend|girlfriend|friends?|roommates?|neighbou?rs?|people\ i\ know|
   church|pray\w*|bless\w*|lord|jesus|faith|heaven|allah|christmas|easter|ramadan|
   vote|voting|trump|biden|government|president|
   drink\w*|beer|wine|smok\w*|vap\w*|gambl\w*|casino)\b
"""
)
# the writer's occupation or workplace ("I am a service manager of a company ...", "I have worked from home for
# over a year", "as a team lead"), found by reading the kept sentences; "I'm a huge fan" / "a new user" stay
OCCUPATION = re.compile(
    r"""(?ix)
 \bI(?:'m|\ am|\ work\ as|\ was)\ an?\ (?!(?:huge|big|long[-\ ]?time|avid|heavy|daily|loyal|new|fan|user|
   customer|beginner|newbie|little|bit|lot|total)\b) |
 \bwork(?:ed|ing|s)?\ (?:from|at)\ home\b | \bremote(?:ly)?\ work | \bwork(?:ed|ing)?\ remotely\b |
 \bas\ an?\ (?:\w+\ )?(?:lead|manager|developer|engineer|consultant|designer|photographer|owner|admin\w*|nurse|
   doctor|lawyer|freelancer|contractor|employee|business|technician|architect|analyst|professional|director)\b
"""
)
CODE = re.compile(r"[`{}\[\]<>;=\\|$~^*#@]|::|->|=>|\w\(|\(\)|\b\w+_\w+|\b[a-z]+[A-Z]\w*[A-Z]\w*|\.\w+\(|"
                  r"\w\.\w+\.\w|(^|\s)[./~]?\w+/\w+/|\b0x[0-9a-f]+|\d+:\d+")
LOG = re.compile(r"\b(ERR!?|ERROR|WARN(ING)?|FATAL|DEBUG|INFO|Exception|Traceback|stack ?trace|node_modules|"
                 r"stderr|stdout|exit code|line \d+|col(umn)? \d+)\b")
ADDR = re.compile(r"[\w.+-]+@[\w-]+\.[\w.]+|\b[\w.+-]+ at [\w-]+ dot \w+")
GREETING = re.compile(r"(?i)^(hi|hello|hey|dear|thanks|thank you|regards|best regards|cheers|br|kind regards)\b")
# two sentences or a signature run together by the forum's HTML-to-text conversion ("in mind?Cheers,Michael")
# or a sentence with a hole where a link or code was cut ("like: .", "as it is shown in )")
GLUED = re.compile(r"[a-z][.?!,;:][A-Z][a-z]|^Re:|\s[.,;:)]")
ENGLISH = re.compile(r"(?i)\b(the|a|an|to|is|it|and|of|in|this|for|that|not|i|you|with|on|be|are|was|can|but)\b")
MD_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
HTML = re.compile(r"<!--.*?-->|<[^>]{1,200}>", re.S)
FENCE = re.compile(r"```.*?(```|$)|~~~.*?(~~~|$)", re.S)
BULLET = re.compile(r"^\s*([-*+]|\d+[.)]+|\(?[a-z]\))\s+")


def blocks(text):
    """Paragraphs of text: code fences, HTML and quoted lines removed; a list item, a heading or a table row is a
    block of its own; wrapped lines of a paragraph are joined."""
    text = FENCE.sub("\n\n", text.replace("\r\n", "\n").replace("\r", "\n"))
    text = HTML.sub(" ", MD_LINK.sub(r"\1", text))
    out, cur = [], []
    for line in text.split("\n"):
        s = line.strip()
        if not s or s.startswith((">", "|", "#", "    ", "\t")) or line.startswith(("    ", "\t")) or BULLET.match(line):
            if cur:
                out.append(" ".join(cur))
                cur = []
            if BULLET.match(line):
                out.append(BULLET.sub("", line).strip())
            continue
        if re.match(r"(?i)^(-+ ?original message|on .{0,80} wrote:?$|.{0,60} wrote:$)", s):
            break  # the rest is a quoted reply
        cur.append(s)
    if cur:
        out.append(" ".join(cur))
    return out


def good(s):
    """A plain English sentence with no code, log, address or private cue."""
    if not s.isascii() or not (s[0].isupper() or s[0] in "\"'") or GREETING.match(s) or s.endswith((":", ",")):
        return False
    if GLUED.search(s):
        return False
    if CODE.search(s) or LOG.search(s) or ADDR.search(s) or URL.search(s):
        return False
    words = s.split()
    if len(ENGLISH.findall(s)) < 2 or sum(any(c.isdigit() for c in w) for w in words) > 2:
        return False
    if sum(c.isalpha() or c == " " for c in s) < 0.9 * len(s):
        return False
    cues = (SENT_BLOCK, REVIEW_EXTRA, CUES, OCCUPATION, PROFANITY)
    return not any(c.search(s) for c in cues)


def sentences_of(text):
    for b in blocks(text.translate(ASCII)):
        for s in sentences(b):
            s = s.strip(" -")
            if s and good(s):
                yield s


def issue_docs(gitdir):
    g = Git(gitdir, COMMITS["issues"])
    for line in g.blob("msrv3_closed.jsonl").decode("utf-8").splitlines():
        d = json.loads(line)
        parts = [d.get("title") or "", d.get("body") or ""] + [c.get("body") or "" for c in d.get("comments") or []]
        yield "npm_issues:%s/%s#%d" % (d["owner"], d["repo"], d["number"]), parts


def scn_docs(gitdir):
    g = Git(gitdir, COMMITS["scn"])
    threads = {}
    for topic in SCN_TOPICS:
        for post in json.loads(g.blob("dumps/scn/%s.json" % topic)):
            m = re.search(r"/thread/(\d+)", post.get("url") or "")
            key = "sap_scn:%s:%s" % (topic, m.group(1) if m else post["uid"].split(".")[0])
            threads.setdefault(key, []).extend([post.get("title") or "", post.get("text") or ""])
    yield from sorted(threads.items())


def xlsx_rows(data):
    """Rows of the first sheet of an .xlsx file as lists of cell strings (stdlib only)."""
    ns = {"m": "http://schemas.openxmlformats.org/spreadsheetml/2006/main"}
    z = zipfile.ZipFile(io.BytesIO(data))
    shared = ["".join(t.text or "" for t in si.iter("{%s}t" % ns["m"]))
              for si in ET.fromstring(z.read("xl/sharedStrings.xml")).findall("m:si", ns)]
    for row in ET.fromstring(z.read("xl/worksheets/sheet1.xml")).iter("{%s}row" % ns["m"]):
        cells = {}
        for c in row.findall("m:c", ns):
            v = c.find("m:v", ns)
            val = "" if v is None else v.text or ""
            cells[re.sub(r"\d", "", c.get("r"))] = shared[int(val)] if c.get("t") == "s" and val else val
        yield row.get("r"), [cells.get(k, "") for k in "ABCD"]


def appstore_docs(gitdir):
    g = Git(gitdir, COMMITS["appstore"])
    for app, name in APPS.items():
        for r, (_date, _rating, title, content) in xlsx_rows(g.blob("dataset/%s/%s" % (app, name))):
            if r == "1":
                continue  # header
            yield "appstore_reviews:%s:%s" % (app, r), [title, content]


def collect(source, docs):
    seen, rows = set(), []
    for doc, parts in docs:
        for part in parts:
            for s in sentences_of(part):
                if s.lower() in seen:
                    continue
                seen.add(s.lower())
                rows.append({"text": s, "source": source, "category": "none", "owner": "nobody", "doc": doc})
    rows.sort(key=lambda r: sha(r["text"]))
    return rows[:CAP], len(rows)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    for a in ("issues", "scn", "appstore"):
        ap.add_argument("--" + a, required=True)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    out = []
    for source, docs in (
        ("npm_issues", issue_docs(args.issues)),
        ("sap_scn", scn_docs(args.scn)),
        ("appstore_reviews", appstore_docs(args.appstore)),
    ):
        rows, n = collect(source, docs)
        print("%s: %d sentences after filters, %d kept" % (source, n, len(rows)))
        out += rows
    out.sort(key=lambda r: sha(r["text"]))
    with (args.out / "sentences_genres.jsonl").open("w") as h:
        h.writelines(json.dumps(r) + "\n" for r in out)
    print("sentences_genres.jsonl:", len(out))


if __name__ == "__main__":
    main()
