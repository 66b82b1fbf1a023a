#!/usr/bin/env python3
"""Build sentences_extra.jsonl (more realistic negatives + thin-category positives) and
heldout_benign.jsonl (300 whole everyday e-mails, benign) from fetched public snapshots.

Deterministic: no randomness; sampling takes candidates in sha1(text) order; output sorted.

Usage:
  python3 prepare_extra.py --qmsum <git dir of Yale-LILY/QMSum> \
      --reddit <git dir of GhostOf0days/Reddit-Data-Scraper> \
      --aeslc <git dir of ryanzhumich/AESLC> \
      --amazon <git dir of gregbuaa/aan_model> --out /work/outside
Each argument may be a bare git dir (read at HEAD) or a plain checkout (see prepare.Repo).
"""

import argparse
import collections
import html
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from prepare import CHILD, FIRST, LEX, Repo, norm, rx, sha, split_sentences  # noqa: E402


def read_many(repo, paths):
    """dict path -> bytes using one `git cat-file --batch` (bare) or plain reads"""
    if not repo.bare:
        return {p: repo.read(p) for p in paths}
    ls = subprocess.run(
        ["git", "--git-dir=" + repo.path, "ls-tree", "-r", "HEAD"], check=True, capture_output=True, text=True
    ).stdout.split("\n")
    shas = {}
    want = set(paths)
    for l in ls:
        if not l:
            continue
        meta, p = l.split("\t", 1)
        if p in want:
            shas[p] = meta.split()[2]
    order = [p for p in paths if p in shas]
    raw = subprocess.run(
        ["git", "--git-dir=" + repo.path, "cat-file", "--batch"],
        input=("\n".join(shas[p] for p in order) + "\n").encode(),
        capture_output=True,
        check=True,
    ).stdout
    out, i = {}, 0
    for p in order:
        j = raw.index(b"\n", i)
        hdr = raw[i:j].split()
        if hdr[-1] == b"missing":
            i = j + 1
            continue
        size = int(hdr[2])
        out[p] = raw[j + 1 : j + 1 + size]
        i = j + 1 + size + 1
    return out


# ----------------------------------------------------------------------------- negative filter
# Narrower than prepare.SENSITIVE_CUE on purpose: harmless mentions of family members, colleagues,
# "my job", "my boss" are ALLOWED in negatives (that is the point of this extra set); anything that
# could state a private fact is blocked.
NEG_BLOCK = re.compile(
    "|".join(
        [
            LEX["health"].pattern,
            LEX["beliefs"].pattern,
            LEX["legal"].pattern,
            LEX["finance"].pattern,
            LEX["health_weak"].pattern,
            r"\b(?:fired|laid off|lay-?offs?|let go|demot|disciplin|performance review|written up|write-?up|\bPIP\b|"
            r"resign|quit(?:ting)?\b|unemploy|lost my job|job (?:hunt|search|offer|interview)|interview(?:ing|ed)? (?:for|with|at)|"
            r"new job|raise\b|promot)",
            r"\b(?:divorc|separat|cheat|affair|unfaithful|boyfriend|girlfriend|fianc|\bex\b|ex-|broke up|break ?up|dating|"
            r"date\b|sex|custody|pregnan|married|wedding|engaged|crush|tinder)",
            CHILD.pattern,
            r"\b(?:password|passcode|pin\b|ssn|social security|passport|license|licence|date of birth|birthday|"
            r"account|routing|credit|bank|address|live (?:at|in|near)|lived in|moved to|moving to|my (?:house|home|apartment|"
            r"flat|street|neighbou?rhood|town|city|area|state|country)|hometown|neighbou?r|zip|phone|e-?mail|@|"
            r"doctor|dentist|hospital|clinic|nurse|medical|health|secret|confidential|surprise|private|privacy|nda\b|"
            r"money|paid|pay\b|payment|cost me|\$|£|€|dollars|price|budget|rent\b|insurance|tax|invest|stock|crypto|"
            r"allerg|acne|eczema|rosacea|psoriasis|diabet|asthma|pain|injur|broken|cramp|period\b|covid|flu\b|virus|ill\b|"
            r"surgery|recover|funeral|memorial|in memory|passed|death|dead|die\b|dying|lost my|cancer|kill|suicide|gun|"
            r"weapon|drunk|beer|wine|vodka|whiskey|hangover|high\b|stoned|vape|smok|cigar|religio|church|pray|"
            r"age\b|years? old|\d+ ?(?:yo|y/o|m|f)\b|\(\d+[mf]?\)|[mf]\d\d|old(?:er)? (?:man|woman|lady|guy)|born|"
            r"gender|race|racis|black|white people|asian|latin|hispanic|muslim|jew|immigr|citizen|visa|"
            r"school|college|university|class(?:es)?\b|grade|exam|teacher|student|homework|"
            r"hate|fuck|shit|damn|bitch|ass\b|asshole|dick|pussy|cock|porn|nude|naked|boob|penis|vagina)",
        ]
    ),
    re.I,
)
URL = re.compile(r"https?://\S+|www\.\S+|\[([^\]]*)\]\([^)]*\)")


def clean_reddit(t):
    t = html.unescape(t or "")
    t = URL.sub(lambda m: m.group(1) or "", t)
    t = re.sub(r"[*#>_~`|]+", " ", t)
    t = re.sub(r"[ \t]+", " ", t)
    return t


def ok_sentence(s, lo=6, hi=40):
    w = s.split()
    if not (lo <= len(w) <= hi):
        return False
    if sum(ch.isalpha() for ch in s) < 0.7 * len(s.replace(" ", "")):
        return False
    if re.search(r"\[(?:removed|deleted)\]|\bedit\b|\btl;?dr\b|\bOP\b|\bupvot|\bsubreddit|\breddit|\bmods?\b", s, re.I):
        return False
    return re.match(r"^[\"'(A-Z0-9]", s)


def take(cands, n):
    """deterministic sample: first n by sha1 of text"""
    cands = sorted(cands, key=lambda r: sha(r[0]))
    return cands[:n] if n else cands


# ----------------------------------------------------------------------------- QMSum (meetings)
def clean_meeting(t):
    t = re.sub(r"\{[a-z]+\}", " ", t)  # {vocalsound} {disfmarker} {gap} ...
    t = re.sub(r"\b((?:[A-Z]_)+)", lambda m: m.group(1).replace("_", ""), t)  # L_C_D_ -> LCD
    t = re.sub(r"(?<![\w'-])(?:[b-hj-zB-HJ-Z]|th|wh|sh)(?= )", "", t)  # cut-off word fragments (w, j, th)
    t = re.sub(r"\b(?:um+|uh+|hmm+|mm+-?hmm+|mm+|uh-huh|er+m?|ah+)\b[ ,]*", "", t, flags=re.I)
    t = re.sub(r"\s+([,.?!'])", r"\1", t)
    t = re.sub(r"\b([\w']+) \1\b", r"\1", t, flags=re.I)  # stutters "the the", "it's it's"
    t = re.sub(r"\s*,\s*,+", ",", t)
    t = re.sub(r"\s+", " ", t).strip(" ,")
    return t[:1].upper() + t[1:] if t else t


def qmsum(repo, domain, source, n):
    paths = [p for p in repo.ls() if p.startswith(f"data/{domain}/all/") and p.endswith(".json")]
    blobs = read_many(repo, paths)
    cands = []
    for p in paths:
        if p not in blobs:
            continue
        d = json.loads(blobs[p])
        mid = os.path.basename(p)[:-5]
        for u in d["meeting_transcripts"]:
            for s in split_sentences(clean_meeting(u["content"])):
                s = s.strip(" ,")
                if not ok_sentence(s, 6, 40) or NEG_BLOCK.search(s):
                    continue
                if not re.search(r"[.?!]$", s):
                    s = s + "."
                cands.append((s, source, "none", "none", f"{source}:{mid}"))
    return take(cands, n)


# ----------------------------------------------------------------------------- Reddit scraper
HOBBY = [
    "r-slowcooking",
    "r-podcasts",
    "r-books",
    "r-CozyPlaces",
    "r-pcmasterrace",
    "r-Games",
    "r-animefigures",
    "r-kpophelp",
    "r-movies",
    "r-television",
    "r-GifRecipes",
    "r-MakeupAddiction",
    "r-Survival",
    "r-google",
    "r-homestead",
    "r-Perfectfit",
]
POS_SUBS = [
    "r-legaladvice",
    "r-personalfinance",
    "r-AmItheAsshole",
    "r-offmychest",
    "r-TrueOffMyChest",
    "r-Vent",
    "r-relationship_advice",
    "r-Entrepreneur",
    "r-startups",
    "r-investing",
    "r-NoStupidQuestions",
]


def reddit_posts(repo, subs):
    paths = [
        p for p in repo.ls() if p.startswith("subreddit-data/") and p.split("/")[1] in subs and p.endswith(".json")
    ]
    blobs = read_many(repo, paths)
    out = []
    for p in paths:
        if p not in blobs:
            continue
        try:
            d = json.loads(blobs[p])
        except ValueError:
            continue
        out.append((p.split("/")[1], d))
    return out


def walk_comments(cs):
    for c in cs or []:
        yield c.get("comment") or ""
        yield from walk_comments(c.get("replies"))


def reddit_hobby(posts, n):
    cands = []
    for sub, d in posts:
        texts = [d.get("title") or "", d.get("postText") or ""] + list(walk_comments(d.get("comments")))
        for t in texts:
            for s in split_sentences(clean_reddit(t)):
                if not ok_sentence(s, 6, 40) or not FIRST.search(s) or NEG_BLOCK.search(s):
                    continue
                cands.append((s, "reddit_hobby", "none", "none", "reddit_hobby:{}:{}".format(sub[2:], d.get("id"))))
    return take(cands, n)


# ---- positives (posts only: title + body, never comments, which talk about the poster)
NUM_MONEY = r"(?:\$ ?\d[\d,.]*k?|\d[\d,.]*k\b|\d[\d,]* (?:dollars|usd|a year|per year|an hour|/hr|/yr))"
I_ = r"\b(?:I|I'm|I’m|I've|I’ve|we|we're|we’ve|we've|my wife and I|my husband and I|my partner and I)\b"
FIN_PATS = rx(
    [
        I_ + r"[^.?!]{0,30}\b(?:owe|owed)\b",
        I_ + r"[^.?!]{0,40}\b(?:have|had|has|carry|carrying|with|in)\b[^.?!]{0,40}\b(?:debt|student loans?|car loan|"
        r"personal loan|credit card balance|medical bills?)",
        r"\bmy (?:debt|student loans?|car loan|loan|mortgage|credit score|salary|income|take[- ]home|paycheck|net worth|"
        r"savings|401k|credit card (?:debt|balance)|monthly payments?|rent)\b[^.?!]{0,40}" + NUM_MONEY,
        I_ + r"[^.?!]{0,20}\b(?:make|earn|making|earning|bring home|take home|gross|net)\b[^.?!]{0,20}" + NUM_MONEY,
        I_ + r"[^.?!]{0,30}\b(?:filed for |file for |declared |declaring )?bankrupt",
        I_ + r"[^.?!]{0,30}\b(?:behind on|defaulted|default on|missed (?:two|three|several|\d+|a few)? ?payments|"
        r"in collections|sent to collections|overdrawn|overdraft|repossess|foreclos|can'?t afford|cannot afford|"
        r"living paycheck to paycheck|broke\b(?! (?:up|down|it|out|off|into|my|the|a|in|through))|maxed out)",
        r"\bmy credit score (?:is|was|dropped|went)",
        r"\b(?:my|our) (?:account|credit card|car|house) (?:was|got) (?:sent to collections|repossessed|foreclosed)",
    ]
)
LEG_PATS = rx(
    [
        I_ + r"[^.?!]{0,25}\b(?:was|got|been|am|'m|being|were)\b[^.?!]{0,15}\b(?:arrested|charged with|convicted|"
        r"sentenced|indicted|detained|cited|sued|subpoenaed|summoned|deported|pulled over|charged with)",
        r"\b(?:arrested|sued|suing) (?:me|us)\b",
        r"\b(?:is|are) suing (?:me|us)\b",
        I_ + r"[^.?!]{0,25}\b(?:am |'m |are |were |was )?(?:suing|filed (?:a )?(?:lawsuit|suit|claim|police report|"
        r"restraining order)|plead(?:ed)? (?:guilty|not guilty|no contest)|took a plea|on probation(?! at| for| period)|on parole)",
        r"\bmy (?:dui|dwi|court date|court hearing|custody hearing|trial|arraignment|probation|parole|criminal record|lawyer|"
        r"attorney|public defender|visa|green card|immigration status|citizenship application|asylum|"
        r"felony|misdemeanor|charges|warrant|eviction|restraining order|lawsuit)\b",
        I_
        + r"[^.?!]{0,30}\b(?:got|have|had|received|was given|am facing|'m facing|facing)\b[^.?!]{0,20}\b(?:a dui|a dwi|"
        r"a felony|a misdemeanor|a warrant|a summons|an eviction|a restraining order|a court date|charges|"
        r"a criminal record|a lawsuit|a subpoena)",
        I_
        + r"[^.?!]{0,30}\b(?:undocumented|overstayed|out of status|on an? (?:h-?1b|f-?1|j-?1|l-?1|tourist|student|work) visa|"
        r"green card holder|daca)",
        r"\b(?:my|our) (?:landlord|employer|ex|neighbor|neighbour|hoa|former employer|roommate|contractor)\b[^.?!]{0,30}\b(?:is suing|sued|"
        r"took (?:me|us) to court|filed|evict|is evicting|served)",
    ]
)
EMP_PATS = rx(
    [
        I_
        + r"[^.?!]{0,25}\b(?:was|got|been|am|'m|being|were|just got)\b[^.?!]{0,10}\b(?:fired|let go|laid off|terminated|"
        r"written up|suspended from work|demoted|put on (?:a |an )?(?:pip|performance improvement plan|final warning))",
        r"\b(?:fired|terminated|laid off|demoted) me\b(?! up)",
        r"\bmy (?:boss|manager|supervisor|employer|company|job)\b[^.?!]{0,30}\b(?:fired me|let me go|laid me off|"
        r"terminated me|wrote me up|demoted me|put me on|gave me a (?:bad|poor|negative|terrible|low)|is firing|is letting me go)",
        r"\b(?:bad|poor|negative|terrible|low|failing) performance review\b",
        r"\bperformance improvement plan\b|\bon a pip\b",
        r"\bdisciplinary (?:hearing|action|meeting|investigation|warning)\b",
        r"\b(?:final|written|verbal) warning\b",
        I_ + r"[^.?!]{0,20}\b(?:lost my job|quit my job|got a job offer|have a job offer|am job hunting|'m job hunting|"
        r"am unemployed|'m unemployed|was unemployed|got a raise|was passed over|been passed over|resigned(?! (?:to|that|myself)))",
        r"\b(?:interview\w*|applying|job hunting|job search\w*|looking for (?:a new|another|other) jobs?)\b[^.?!]{0,60}\b(?:haven'?t|have not|didn'?t|did not|without) (?:told?|telling|knowing) (?:my )?(?:boss|manager|employer|work|company)\b",
        r"\bwithout (?:my (?:boss|manager|employer|company)|work) knowing\b",
    ]
)
MIN_PATS = rx(
    [
        r"\b(?:my|our) (?:\d{1,2}[- ]?(?:year|yr|y)[- ]?o(?:ld)?|\(\d{1,2}\)|(?:step)?son|(?:step)?daughter|kids?|"
        r"child(?:ren)?|toddler|teen(?:ager)?|baby|little (?:boy|girl))\b[^.?!]{0,50}\b(?:suspended|expelled|detention|"
        r"failing|failed|flunk|held back|diagnosed|adhd|autis|iep\b|504 plan|speech delay|bullied|bullying|"
        r"in trouble at school|got caught|caught (?:vaping|smoking|stealing|shoplifting)|arrested|cps|therapy|"
        r"hospitali|allerg|asthma|seizure|surgery|depress|anxiety|self[- ]harm|ran away|runaway|pregnant)",
        r"\b(?:custody of|custody (?:battle|case|hearing|arrangement|agreement) (?:for|over|of)|visitation with|"
        r"child support for) (?:my|our) (?:\d+[- ]?(?:year|yr)[- ]?old |)(?:son|daughter|kids?|child(?:ren)?|toddler)",
        r"\bcps (?:came|was called|opened|visited|investigat)",
    ]
)
CONF_PATS = rx(
    [
        I_ + r"[^.?!]{0,40}\b(?:planning|plan|throwing|organi[sz]ing|arranging|preparing)\b[^.?!]{0,30}\bsurprise\b",
        r"\b(?:I|we)\b[^.?!]{0,40}\bsurprise (?:party|proposal|trip|birthday|anniversary|visit)\b[^.?!]{0,40}\b(?:for|to) (?:my|our)\b",
        r"\bI\b[^.?!]{0,30}\b(?:planning to propose|going to propose|am proposing|'m proposing) (?:to (?:her|him|my)|on|at|this|next|soon)|\bI (?:bought|got|picked up) (?:an|the) engagement ring",
        r"\b(?:under (?:an )?nda|not (?:been )?announced yet|hasn'?t been announced|before (?:it'?s|we) announce|"
        r"not public yet|isn'?t public yet|stealth mode|in talks to (?:acquire|be acquired|merge)|(?:got|signed|have) a term sheet|"
        r"acquisition offer|being acquired)",
    ]
)
REL_SUBJ = re.compile(
    r"^(?:[^,]{0,20}, )?(?:my|our) (?:husband|wife|boyfriend|girlfriend|partner|mom|mother|dad|"
    r"father|sister|brother|friend|son|daughter|parents?|fianc\w*|roommate|coworker|co-worker|"
    r"cousin|aunt|uncle|grand\w+|step\w+)\b",
    re.I,
)


def pos_owner(s, cat):
    if cat == "minors":
        return "third"
    if REL_SUBJ.search(s) and not re.search(r"\b(?:and I|me|I|we|us)\b", s.split(",")[0] if "," in s else s[:60]):
        return "third"
    return "self"


POS_ORDER = [
    ("minors", MIN_PATS),
    ("legal", LEG_PATS),
    ("employment", EMP_PATS),
    ("finance", FIN_PATS),
    ("confidential", CONF_PATS),
]
HYPO = re.compile(
    r"\bfired (?:me )?up\b|\bgot (?:a|the|him|her|them|someone|\w+) (?:\w+ )?fired\b|\byou (?:were|got|are) (?:fired|let go|laid off)|"
    r"\bshould (?:just )?quit|\bmy company had|^(?:if|what if|can|could|would|is it|are there|does|do you|should|hypothetically|"
    r"in general|generally|anyone)\b|\b(?:hypothetical|for example|let'?s say|someone|anyone who|"
    r"people who|a friend of a friend|if I|if we|when I get|in the event|in case|unless|"
    r"(?:no|not any|don't have any|do not have any|never had any|zero) (?:debt|loans?|credit)|debt[- ]free)\b",
    re.I,
)


def reddit_positive(posts):
    rows = []
    for sub, d in posts:
        doc = "reddit_{}:{}".format(sub[2:].lower(), d.get("id"))
        texts = [(doc, d.get("title") or ""), (doc, d.get("postText") or "")]  # never its comments
        for tdoc, t in texts:
            for s in split_sentences(clean_reddit(t)):
                if not ok_sentence(s, 5, 60) or HYPO.search(s):
                    continue
                if not (FIRST.search(s) or re.search(r"\b(?:my|our)\b", s, re.I)):
                    continue
                for cat, pat in POS_ORDER:
                    if pat.search(s):
                        rows.append((s, "reddit_" + sub[2:].lower(), cat, pos_owner(s, cat), tdoc))
                        break
    return rows


# ----------------------------------------------------------------------------- Amazon review sample
def amazon(repo):
    b = repo.read("datasets/amazon_text/test.json")
    rows = []
    for i, l in enumerate(b.decode("utf-8").splitlines()):
        if not l.strip():
            continue
        d = json.loads(l)
        for s in split_sentences(html.unescape(d["review"])):
            s = re.sub(r"\s+", " ", s).strip()
            if ok_sentence(s, 6, 40) and not NEG_BLOCK.search(s):
                rows.append((s, "amazon_review_sample", "none", "none", "amazon_review_sample:%03d" % i))
    return rows


# ----------------------------------------------------------------------------- AESLC (held-out whole e-mails)
HELD_BLOCK = re.compile(
    NEG_BLOCK.pattern + r"|\b(?:lawyer|attorney|legal|litigation|bankrupt|layoff|severance|"
    r"resume|interview|fired|baby|wife|husband|kids?|son|daughter|sick|hospital|doctor|"
    r"deal|trade|gas|power|contract|bid|offer|merger|acquisition|ferc|sec\b|enron online|"
    r"california|crisis|dabhol|andersen|stock|shares|\d{3}[-.) ]\d{3,4}|fax|ext\.?\s*\d|"
    r"original message|forwarded|unsubscribe|click here|http|www\.|\.com)",
    re.I,
)


def aeslc(repo, n):
    paths = [
        p
        for p in repo.ls()
        if p.startswith("enron_subject_line/") and p.endswith(".subject") and "_sent" in os.path.basename(p)
    ]
    blobs = read_many(repo, paths)
    cands = []
    seen = set()
    for p in paths:
        if p not in blobs:
            continue
        t = blobs[p].decode("utf-8", "replace")
        body = t.split("@subject")[0].strip()
        lines = [l.strip() for l in body.split("\n") if l.strip()]
        text = " ".join(lines)
        nw = len(text.split())
        if not (50 <= nw <= 400) or HELD_BLOCK.search(text):
            continue
        k = norm(text)
        if k in seen:
            continue
        seen.add(k)
        cands.append((text, os.path.basename(p)[:-8]))
    cands.sort(key=lambda r: sha(r[0]))
    return [
        {"id": f"aeslc:{fid}", "source": "aeslc_enron", "task": "Send this e-mail", "text": text}
        for text, fid in cands[:n]
    ]


# ----------------------------------------------------------------------------- main
def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--qmsum", required=True)
    ap.add_argument("--reddit", required=True)
    ap.add_argument("--aeslc")
    ap.add_argument("--amazon")
    ap.add_argument("--ami-max", type=int, default=3000)
    ap.add_argument("--icsi-max", type=int, default=1500)
    ap.add_argument("--hobby-max", type=int, default=3000)
    ap.add_argument("--heldout", type=int, default=300)
    ap.add_argument("--out", default=os.path.dirname(os.path.abspath(__file__)))
    a = ap.parse_args()

    q = Repo(a.qmsum)
    rows = qmsum(q, "Product", "qmsum_ami", a.ami_max) + qmsum(q, "Academic", "qmsum_icsi", a.icsi_max)
    rd = Repo(a.reddit)
    rows += reddit_hobby(reddit_posts(rd, HOBBY), a.hobby_max)
    rows += reddit_positive(reddit_posts(rd, POS_SUBS))
    if a.amazon:
        rows += amazon(Repo(a.amazon))

    # dedupe by normalised text, also against the base sentences.jsonl; drop conflicting labels
    base = set()
    bp = os.path.join(a.out, "sentences.jsonl")
    if os.path.exists(bp):
        base = {norm(json.loads(l)["text"]) for l in open(bp)}
    by = collections.OrderedDict()
    for s, src, cat, own, doc in rows:
        by.setdefault(norm(s), []).append((s, src, cat, own, doc))
    out, conflicts, inbase = [], 0, 0
    for k, lst in by.items():
        if k in base:
            inbase += 1
            continue
        if len({(c, o) for _, _, c, o, _ in lst}) > 1:
            conflicts += 1
            continue
        s, src, cat, own, doc = min(lst, key=lambda r: (r[1], r[4]))
        out.append({"text": s, "source": src, "category": cat, "owner": own, "doc": doc})
    out.sort(key=lambda r: (r["source"], r["doc"], sha(r["text"])))
    with open(os.path.join(a.out, "sentences_extra.jsonl"), "w") as f:
        for r in out:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    c = collections.Counter((r["source"], r["category"]) for r in out)
    o = collections.Counter((r["category"], r["owner"]) for r in out if r["category"] != "none")
    print("sentences_extra:", len(out), "conflicts dropped:", conflicts, "already in base:", inbase, file=sys.stderr)
    for k in sorted(c):
        print("  %-28s %-14s %5d" % (k[0], k[1], c[k]), file=sys.stderr)
    for k in sorted(o):
        print("  owner %-14s %-6s %5d" % (k[0], k[1], o[k]), file=sys.stderr)

    if a.aeslc:
        held = aeslc(Repo(a.aeslc), a.heldout)
        with open(os.path.join(a.out, "heldout_benign.jsonl"), "w") as f:
            for r in held:
                f.write(json.dumps(r, ensure_ascii=False) + "\n")
        print("heldout_benign:", len(held), file=sys.stderr)


if __name__ == "__main__":
    main()
