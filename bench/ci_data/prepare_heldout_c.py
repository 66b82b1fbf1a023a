#!/usr/bin/env python3
"""Deterministic rebuild of /work/outside/c/{benign,private_sentences}.jsonl.

python3 prepare.py --issues raw/c/datasets-issues.jsonl \
    --reviews <madan1718/Dataset_mobapp_review git dir> \
    --mail <riceissa/everything-list-1998-2009 git dir> \
    --meqsum raw/c/MeQSum.xlsx --liveqa raw/c/LiveQA-Test.xml --out c

Git-dir arguments are bare git dirs read at HEAD (git cat-file). No randomness: every cap takes the first N
candidates in sha1(text) order; outputs are sorted by id.
"""

import argparse
import csv
import hashlib
import html
import io
import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
import zipfile

TASK = {
    "email": "Send this e-mail",
    "comment": "Post this comment",
    "review": "Post this review",
    "post": "Post this on the forum",
    "support": "Send this to support",
}
PER_SOURCE = 100  # benign messages per source (3 sources -> 300)
PRIV_CAP = 400  # max private sentences kept (sha1 order)


def sha(t):
    return hashlib.sha1(t.encode("utf-8")).hexdigest()


def nwords(t):
    return len(re.findall(r"\S+", t))


def git_files(gitdir, pred):
    """Yield (path, text) for files at HEAD whose path satisfies pred, via one cat-file --batch process."""
    names = subprocess.run(
        ["git", "--git-dir", gitdir, "ls-tree", "-r", "--name-only", "HEAD"], capture_output=True, text=True, check=True
    ).stdout.split("\n")
    names = sorted(n for n in names if n and pred(n))
    p = subprocess.Popen(
        ["git", "--git-dir", gitdir, "cat-file", "--batch"], stdin=subprocess.PIPE, stdout=subprocess.PIPE
    )
    for n in names:
        p.stdin.write(("HEAD:" + n + "\n").encode())
        p.stdin.flush()
        head = p.stdout.readline().decode().split()
        if len(head) < 3 or head[1] == "missing":
            continue
        data = p.stdout.read(int(head[2]))
        p.stdout.read(1)
        enc = "latin-1" if b'charset="ISO-8859-1"' in data[:3000] or b"charset=ISO-8859-1" in data[:3000] else "utf-8"
        yield n, data.decode(enc, "replace")
    p.stdin.close()
    p.wait()


# ---------------------------------------------------------------- benign: privacy keyword filter
BLOCK = re.compile(r"""(?ix)
 # health
 \b(sick|illness|ill\b|hospital|doctor|dr\.|nurse|diagnos|cancer|tumou?r|depress|anxiety|anxious|therap|medicat|
   medicine|pregnan|surgery|disease|pain|injur|disab|covid|corona|adhd|autis|mental|seizure|epilep|migraine|allerg|
   symptom|medical|health|heart|blind|deaf|insomnia|diabet|chemo|stroke|suicid|self-harm|psych|eating\ disorder|
   addict|rehab|alcohol|drunk|drugs?\b|weed|smok|vaccin|virus\ infect|infection|clinic|patient|prescri|pill)|
 # money troubles / finances
 \b(debt|loan|afford|bankrupt|salary|income|mortgage|paycheck|pay\ ?check|bills\b|credit\ card|bank\ account|
   broke\b|poor\b|poverty|rent\b|evict|tax(es)?\b|insurance|savings|pension|welfare|food\ stamps|fees?\ I\ owe|owe\b)|
 # family / relationships
 \b(wife|husband|spouse|son|sons|daughter|kids?|child|children|mom|mum|mother|dad|father|parents?|brother|sister|
   sibling|family|grand(ma|pa|mother|father|son|daughter|child)|boyfriend|girlfriend|fianc|divorc|wedding|married|
   marriage|baby|toddler|infant|funeral|died|death|dead\b|dying|passed\ away|widow|relative|in-law|nephew|niece|
   aunt|uncle|cousin|my\ partner|dating|breakup|broke\ up|sex|sexual|porn)|
 # legal
 \b(lawyer|attorney|court|sue\b|sued|suing|lawsuit|police|cops?\b|arrest|jail|prison|crime|criminal|convict|
   probation|visa\b|immigra|deport|custody|warrant|felony|dui\b|fraud|scam|stolen|steal|theft|hack(ed|er)\b)|
 # employment trouble
 \b(fired|laid\ off|layoff|lost\ my\ job|quit\ my\ job|resign|unemploy|job\ (hunt|search|interview)|interview|
   my\ boss|my\ employer|my\ manager|performance\ review|hr\ department|promotion)|
 # beliefs / identity
 \b(god|church|relig|christian|muslim|islam|jewish|jew\b|hindu|buddhis|atheis|pray|bible|politic|democrat|
   republican|liberal|conservative|trump|obama|biden|election|vote|gay|lesbian|transgender|queer|racis|race\b|
   ethnic|nationality|war\b|cannabis|marijuana|abortion|constitution|provider|my\ records|pandemic|lockdown)|
 # school / age / location
 \b(\d+\s*(years?|yrs?)[\s-]*old|my\ age|school|grade\ \d|exam|homework|i\ live\ in|my\ (house|home|address|apartment|
   town|city|neighbou?r)|moved\ to|birthday)|
 # credentials / identifiers
 \b(password|passcode|passwd|pin\ ?code|ssn\b|social\ security|passport|driver'?s\ licen|account\ (number|no)|
   routing\ number|iban|api[_\ ]?key|secret|token|private\ key|credential)|
 # contact details
 [\w.+-]+@[\w-]+\.[\w.]+ | domain\.name\.hidden | -AT_SYMBOL- | \bphone\b | \+?\d[\d\s().-]{8,}\d |
 \b\d+\s+\w+\s+(street|st\.|avenue|ave\.?|road|rd\.|boulevard|blvd|lane|drive)\b |
 /home/\w | /Users/\w | C:\\\\Users | \\Users\\
""")


def blocked(t):
    return BLOCK.search(t) is not None


def strip_quotes_and_sigs(t):
    """Remove quoted lines, attribution lines and signature blocks; keep own line breaks."""
    lines = t.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    out, _skip = [], False
    i = 0
    while i < len(lines):
        l = lines[i]
        s = l.strip()
        if s.startswith(">"):
            i += 1
            continue
        if (
            re.match(r"^On .{0,160}wrote:\s*$", s)
            or re.match(r"^.{0,160}\b(wrote|writes|said):\s*$", s)
            or re.match(r"^Quoting .{0,120}:\s*$", s)
            or re.match(r"^Le .{0,120}a (é|e)crit\s*:\s*$", s)
        ):
            i += 1
            continue
        if re.match(r"^On .{0,160}$", s) and i + 1 < len(lines) and re.search(r"(wrote|writes):\s*$", lines[i + 1]):
            i += 2
            continue
        if s in ("--", "-- ", "---") and i > 0 and len(lines) - i <= 12:  # signature delimiter near the end
            break
        if re.match(r"^-{2,}\s*Original Message", s, re.I) or re.match(r"^_{5,}$", s):
            break
        out.append(l.rstrip())
        i += 1
    # drop trailing lines with phone numbers / e-mail addresses (signature lines)
    while out and (
        not out[-1].strip()
        or re.fullmatch(r"\s*(https?://\S+|[~=*_-]{4,})\s*", out[-1])
        or re.search(r"[\w.+-]+@[\w-]+\.\w|\+?\d[\d\s().-]{8,}\d|domain\.name\.hidden", out[-1])
    ):
        out.pop()
    txt = "\n".join(out)
    txt = re.sub(r"\n{3,}", "\n\n", txt).strip()
    return txt


# ---------------------------------------------------------------- benign sources
def load_issues(path):
    """huggingface/datasets issue and PR bodies (GitHub API dump). kind=comment."""
    for line in open(path, encoding="utf-8"):
        r = json.loads(line)
        body = r.get("body") or ""
        if (r.get("user") or {}).get("type") == "Bot" or "[bot]" in (r.get("user") or {}).get("login", ""):
            continue
        body = re.sub(r"<!--.*?-->", "", body, flags=re.S)  # template comments
        text = strip_quotes_and_sigs(body)
        if "<details" in text or "<img" in text or "![" in text:
            continue
        # prose outside code blocks must carry the message
        prose = re.sub(r"```.*?```", " ", text, flags=re.S)
        if "```" in prose:  # unbalanced fence
            continue
        code_lines = sum(len(m.split("\n")) for m in re.findall(r"```.*?```", text, flags=re.S))
        if nwords(prose) < 40 or code_lines > 25:
            continue
        if re.search(r"Traceback|Environment info|`datasets` version|Platform:", text):
            continue
        kind = "comment"
        yield {
            "id": "hf_datasets_issue:%d" % r["number"],
            "source": "github_hf_datasets_issues",
            "kind": kind,
            "text": text,
        }


# Dropped on inspection: unicorn_calculator_reviews (file mixes in reviews of a patient-portal app), copper (teen
# banking), Endalpha/newsmatic/abcmouse/fb_kids/khan (parents describing their children), piggly (home store/location),
# webmd/financial_calculator (health/money by topic).
REVIEW_APPS = ["todoist", "coursera", "NYT", "scientific_calculator", "lego", "disney", "jurasic", "beatswiper"]


def load_reviews(gitdir):
    """Google Play reviews (Dataset_mobapp_review); only general/adult-audience apps present in the snapshot."""
    want = {f"Reviews/{a}.csv" for a in REVIEW_APPS}
    for path, data in git_files(gitdir, lambda n: n in want):
        app = path.split("/")[1][:-4]
        rd = csv.reader(io.StringIO(data))
        next(rd, None)
        for k, row in enumerate(rd):
            if not row:
                continue
            text = row[0].strip()
            yield {
                "id": "playreview:%s:%d" % (app, k),
                "source": "google_play_reviews_mobapp",
                "kind": "review",
                "text": text,
            }


def hypermail_body(doc):
    m = re.search(r'<!-- body="start" -->(.*?)<!-- body="end" -->', doc, re.S)
    if not m:
        return None
    b = m.group(1)
    b = re.sub(r"<address class=\"headers\">.*?</address>", "", b, flags=re.S)
    b = re.sub(r'<em class="quotelev\d">.*?</em>', "", b, flags=re.S)  # quoted lines
    b = b.replace("\n", "")
    b = re.sub(r"<br\s*/?>", "\n", b)
    b = re.sub(r"</?p>|</div>|<div[^>]*>", "\n", b)
    b = re.sub(r"<[^>]+>", "", b)
    b = html.unescape(b)
    return b


def load_mail(gitdir):
    """everything-list mailing list (1998-2009), hypermail HTML. kind=email."""
    for path, doc in git_files(gitdir, lambda n: re.fullmatch(r"(.*/)?\d{4}\.html", n) is not None):
        b = hypermail_body(doc)
        if b is None:
            continue
        text = strip_quotes_and_sigs(b)
        yield {"id": f"everything_list:{path[:-5]}", "source": "everything_list_mail", "kind": "email", "text": text}


def build_benign(args):
    pools = {}
    for gen in (load_issues(args.issues), load_reviews(args.reviews), load_mail(args.mail)):
        for r in gen:
            t = r["text"]
            if not (40 <= nwords(t) <= 400) or blocked(t):
                continue
            if re.search(r"(?i)\[?(removed|deleted)\]?$|unsubscribe|end quote|\bquote:|^\s*<\s", t, re.M):
                continue
            pools.setdefault(r["source"], {})
            key = re.sub(r"\s+", " ", t.lower())
            if key not in pools[r["source"]]:
                pools[r["source"]][key] = r
    out, stats = [], {}
    for src, d in sorted(pools.items()):
        cands = sorted(d.values(), key=lambda r: sha(r["text"]))
        stats[src] = len(cands)
        for r in cands[:PER_SOURCE]:
            out.append(
                {"id": r["id"], "source": r["source"], "kind": r["kind"], "task": TASK[r["kind"]], "text": r["text"]}
            )
    out.sort(key=lambda r: r["id"])
    return out, stats


# ---------------------------------------------------------------- private sentences (consumer health questions)
def load_meqsum(path):
    ns = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
    z = zipfile.ZipFile(path)
    ss = [
        "".join(t.text or "" for t in si.iter(ns + "t"))
        for si in ET.fromstring(z.read("xl/sharedStrings.xml")).findall(ns + "si")
    ]
    rows = []
    for r in ET.fromstring(z.read("xl/worksheets/sheet1.xml")).iter(ns + "row"):
        row = {}
        for c in r.findall(ns + "c"):
            v = c.find(ns + "v")
            if v is None:
                continue
            col = re.match(r"[A-Z]+", c.get("r")).group()
            row[col] = ss[int(v.text)] if c.get("t") == "s" else v.text
        rows.append(row)
    for k, row in enumerate(rows[1:]):
        q = row.get("B") or ""
        yield {"doc": "meqsum:%s" % (row.get("A") or k), "source": "meqsum", "question": q, "topic": row.get("C") or ""}


def load_liveqa(path):
    root = ET.parse(path).getroot()
    for nq in root.iter("NLM-QUESTION"):
        qid = nq.get("qid") or nq.get("questionid") or ""
        oq = nq.find("Original-Question")
        subj = (oq.findtext("SUBJECT") or "") if oq is not None else ""
        msg = (oq.findtext("MESSAGE") or "") if oq is not None else ""
        ann = nq.find("ANNOTATIONS")
        topic = " ".join(f.text or "" for f in (ann.iter("FOCUS") if ann is not None else []))
        topic += " " + (nq.findtext("NIST-PARAPHRASE") or "")
        yield {
            "doc": f"liveqa_test:{qid}",
            "source": "liveqa_trec2017_test",
            "question": subj + "\n" + msg,
            "topic": topic,
        }


def split_sentences(t):
    t = re.sub(r"(?im)^\s*(SUBJECT|MESSAGE)\s*:\s*", "\n", t)
    t = re.sub(r"\[NAME\]|\(NAME\)", "NAME", t)
    parts = []
    for para in re.split(r"\n+", t):
        para = para.strip()
        if not para:
            continue
        parts += re.split(r"(?<=[.!?])\s+(?=[A-Za-z(\"'])", para)
    return [re.sub(r"\s+", " ", p).strip() for p in parts if p.strip()]


HEALTH_LEX = re.compile(r"""(?ix)\b(diagnos\w*|disease|syndrome|disorder|cancer|tumou?r|mass|cyst|infection|
  diabet\w*|pressure|cholesterol|thyroid|asthma|copd|arthritis|pain\w*|ache\w*|surgery|operation|transplant|
  chemo\w*|radiation|medication|medicine|drug|pills?|mg\b|dose|prescri\w*|taking|pregnan\w*|miscarr\w*|
  hiv|aids|hepatitis|std|herpes|lupus|ms\b|sclerosis|parkinson\w*|alzheimer\w*|dementia|autis\w*|adhd|
  depress\w*|anxiety|bipolar|schizo\w*|seizures?|epilep\w*|stroke|heart|kidney|liver|lung|bladder|bowel|colon|
  prostate|breast|uterus|ovar\w*|cervi\w*|vagina\w*|penis|testic\w*|rash|itch\w*|swell\w*|swollen|bleed\w*|
  fever|nause\w*|vomit\w*|diarr\w*|constipat\w*|fatigue|tired|dizz\w*|numb\w*|symptom\w*|allerg\w*|virus|
  bacteria\w*|fracture|broken|injur\w*|blind\w*|deaf\w*|hearing|vision|eye|skin|blood|sugar|insulin|
  vaccin\w*|shots?|hospital\w*|doctor|dr|neurolog\w*|biopsy|scan|mri|x-ray|test(ed|s)?|positive|condition|
  disab\w*|palsy|dystrophy|deficien\w*|anemi\w*|hernia|ulcer|migraine\w*|insomnia|obes\w*|weight|smok\w*|
  alcohol\w*|addict\w*|suffer\w*|sick|ill|illness|treat\w*|therap\w*|rehab\w*|stent|pacemaker|implant\w*)\b""")

REL = (
    r"(mother|mom|mum|father|dad|husband|wife|spouse|partner|sister|brother|grandmother|grandma|grandfather|"
    r"grandpa|aunt|uncle|friend|niece|nephew|boyfriend|girlfriend|fianc[eé]+|cousin|mother-in-law|"
    r"father-in-law|sister-in-law|brother-in-law|neighbou?r|parents?|relative)"
)
CHILD = (
    r"(son|daughter|baby|child|kid|grandson|granddaughter|toddler|infant|newborn|boy|girl|twins|children|"
    r"kids|sons|daughters|grandchild)"
)

SELF_DISC = re.compile(r"""(?ix)^(.*?\b)?(i\ have|i've|i\ had|i\ was|i\ am|i'm|im\b|i\ suffer|i\ take|i\ took|
  i\ get|i\ got|i\ developed|i\ tested|i\ underwent|i\ use|i\ started|i\ recently|i\ currently|i\ still|
  i\ also|i\ just|i\ keep|i\ cannot|i\ can't|i\ cant|my\ (doctor|dr|neurologist|surgeon|oncologist|
  blood|test|biopsy|mri|scan|diagnosis|condition|symptoms?|left|right|knee|back|leg|arm|eye|skin|heart|
  liver|kidney|thyroid|sugar|pressure|period|pregnancy|surgery|husband|wife))\b""")
THIRD_DISC = re.compile(rf"(?i)\b(my|our)\s+(\d+\s*(year|yr|month|week)s?[\s-]*old\s+)?({REL}|{CHILD})\b")
CHILD_RE = re.compile(
    rf"(?i)\b(my|our)\s+(\d+\s*(year|yr|month|week)s?[\s-]*old\s+)?{CHILD}\b|\b\d+\s*(month|week)s?[\s-]"
    r"*old\b|\b([1-9]|1[0-7])\s*(year|yr)s?[\s-]*old\s+(son|daughter|boy|girl|child|kid)"
)
FIN_RE = re.compile(
    r"(?i)\b(can'?t afford|cannot afford|could not afford|couldn'?t afford|no (health )?insurance|"
    r"don'?t have (health )?insurance|do not have (health )?insurance|uninsured|no money|"
    r"medicaid|medicare|on disability|fixed income|low income)\b"
)
EMP_RE = re.compile(
    r"(?i)\b(lost my job|my job|at work|i work(ed)? (as|at|in)|unemployed|my employer|my boss|"
    r"off work|disability leave)\b"
)
QUESTION_START = re.compile(
    r"(?i)^(what|how|why|when|where|which|who|can|could|should|would|will|is|are|am|do|"
    r"does|did|has|have|any|if|please|pls|thank|hello|hi|dear|i want to know|"
    r"i would like|i'd like|i need to know|i am looking|i'm looking|i wonder|i was wondering|"
    r"is there|are there)\b"
)
PII = re.compile(r"[\w.+-]+@[\w-]+\.\w|\+?\d[\d\s().-]{8,}\d|\bphone\b|\baddress\b|https?://|www\.", re.I)
STOP = set(
    [
        "what",
        "which",
        "who",
        "whom",
        "how",
        "why",
        "when",
        "where",
        "does",
        "do",
        "is",
        "are",
        "can",
        "could",
        "should",
        "would",
        "will",
        "the",
        "a",
        "an",
        "of",
        "for",
        "to",
        "in",
        "on",
        "and",
        "or",
        "with",
        "about",
        "from",
        "my",
        "me",
        "i",
        "it",
        "its",
        "this",
        "that",
        "be",
        "been",
        "causes",
        "cause",
        "treatment",
        "treatments",
        "effects",
        "effect",
        "information",
        "info",
        "help",
        "need",
        "know",
        "there",
        "any",
    ]
)


def topic_terms(topic):
    return {w for w in re.findall(r"[a-z][a-z-]{3,}", topic.lower()) if w not in STOP}


def classify(sent, topic):
    """Return (category, owner) or None."""
    s = sent.strip()
    w = nwords(s)
    if not (6 <= w <= 40) or s.endswith("?") or QUESTION_START.match(s) or PII.search(s):
        return None
    if re.search(
        r"(?i)\bif (i|my|you)\b|\bin case\b|\bsomeone\b|\bpeople who\b|\banyone\b|\bwould like\b|"
        r"\bi want\b|\bwant to know\b|\bplease\b|\bsend me\b|\bwhere can\b|\bis it\b|\bcan i\b|"
        r"\bi need (information|info|to know)\b|\bi read\b|\bi heard\b|\bi saw\b|\blooking for\b|"
        r"\bi (don'?t|do not) have\b(?!.*insurance)|\bi (have|had|'ve) (read|never|done|looked|searched|"
        r"tried to find|been reading|been looking|heard|found|seen|signed|been searching|come across)\b|"
        r"\bi(\s+a|')m (happy|glad|interested|writing|trying to find|a (student|researcher|nurse|physician))\b|"
        r"\byour\b|\bthank|\bwonder|\bconcerned about\b|\binterested\b|\bquestion\b|\bresearch|\bproject\b|"
        r"\bsearching\b|\blooking\b",
        s,
    ):
        return None
    low = s.lower()
    words = set(re.findall(r"[a-z][a-z-]{3,}", low))
    health = HEALTH_LEX.search(s) is not None or bool(words & topic_terms(topic))
    if not health and not FIN_RE.search(s):
        return None
    third = THIRD_DISC.search(s)
    self_ = SELF_DISC.search(s)
    ages = [int(a) for a in re.findall(r"(?i)\b(\d{1,2})\s*-?\s*(?:years?|yrs?)[\s-]*old", s)]
    adult_child = any(a >= 18 for a in ages) or re.search(
        r"(?i)\baged? (1[89]|[2-9]\d)\b|\badult (son|daughter|child)", s
    )
    young = re.search(
        r"(?i)\b(baby|babies|toddler|infant|newborn|child|kid|kids|children|grandchild|months? old|"
        r"weeks? old|little (boy|girl))\b",
        s,
    ) or any(a < 18 for a in ages)
    parent_of = re.search(r"(?i)\b(mother|mom|father|dad|parent) of (a|an|my)\b", s)
    if (
        (CHILD_RE.search(s) or parent_of)
        and young
        and not adult_child
        and (third or parent_of or re.search(r"(?i)\b(he|she|her|his)\b", s))
    ):
        return ("minors", "third")
    if FIN_RE.search(s) and (self_ or re.search(r"(?i)\b(i|my|we)\b", s)):
        return ("finance", "self")
    if EMP_RE.search(s) and self_ and health:
        return ("employment", "self")
    lead3 = re.match(rf"(?i)^\W*((my|our)\s+(\d+\s*(year|yr|month|week)s?[\s-]*old\s+)?({REL}|{CHILD})|he|she)\b", s)
    if lead3 or (third and not re.search(r"(?i)\b(i|i'm|i've|me)\b", s)):
        return ("health", "third")
    if self_:
        return ("health", "self")
    if third:
        return ("health", "third")
    return None


def build_private(args):
    seen, cands = set(), []
    for gen in (load_meqsum(args.meqsum), load_liveqa(args.liveqa)):
        for d in gen:
            for k, s in enumerate(split_sentences(d["question"])):
                lab = classify(s, d["topic"])
                if lab is None:
                    continue
                key = re.sub(r"\s+", " ", s.lower())
                if key in seen:
                    continue
                seen.add(key)
                cands.append(
                    {
                        "id": "%s:s%d" % (d["doc"], k),
                        "source": d["source"],
                        "category": lab[0],
                        "owner": lab[1],
                        "text": s,
                    }
                )
    cands.sort(key=lambda r: sha(r["text"]))
    out = sorted(cands[:PRIV_CAP], key=lambda r: r["id"])
    return out, len(cands)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--issues", required=True)
    ap.add_argument("--reviews", required=True)
    ap.add_argument("--mail", required=True)
    ap.add_argument("--meqsum", required=True)
    ap.add_argument("--liveqa", required=True)
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    benign, bstats = build_benign(a)
    priv, npriv = build_private(a)
    with open(a.out + "/benign.jsonl", "w", encoding="utf-8") as f:
        for r in benign:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(a.out + "/private_sentences.jsonl", "w", encoding="utf-8") as f:
        for r in priv:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print("benign candidates per source:", bstats, "kept", len(benign), file=sys.stderr)
    print("private candidates:", npriv, "kept", len(priv), file=sys.stderr)


if __name__ == "__main__":
    main()
