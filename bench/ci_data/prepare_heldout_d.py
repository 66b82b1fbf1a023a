#!/usr/bin/env python3
"""Deterministic rebuild of held-out set D: /work/outside/d/{benign,private_sentences}.jsonl.

(/work/outside/d/prepare.py = bench/ci_data/prepare_heldout_d.py; run from /work/outside.)

python3 d/prepare.py --coffee <Yoav-Shafir/Elasticsearch-Coffee-Search-Engine-JS git dir> \
    --beer <kevswanberg/beer_tentrr git dir> \
    --travel <blueprints-for-text-analytics-python/blueprints-text git dir> \
    --rmhd raw/d/ct/construct_tracker/data/datasets/reddit_27_subreddits/rmhd_27subreddits_260posts_test.csv \
    --out d

Benign: whole posts of two Stack Exchange sites (coffee, beer; Posts.xml dumps) and of a travel forum
(travel_threads.csv.gz). Private: single sentences of Reddit posts (Low et al. 2020 Reddit Mental Health Dataset,
27 subreddits x 260 posts, as bundled in the construct-tracker wheel), labelled by rules.
Git-dir arguments are bare git dirs read at HEAD. No randomness: every cap takes the first N candidates in
sha1(text) order (private sentences: sha1("set-d|" + text)); outputs are sorted by id.
"""

import argparse
import csv
import gzip
import hashlib
import html
import io
import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

TASK = {
    "email": "Send this e-mail",
    "comment": "Post this comment",
    "review": "Post this review",
    "post": "Post this on the forum",
    "answer": "Post this answer",
}
BENIGN_CAP = {"stackexchange_coffee": 100, "stackexchange_beer": 100, "travel_forum_nyc": 100}
PRIV_CAP = {
    "health": 90,
    "finance": 70,
    "relationships": 70,
    "legal": 60,
    "employment": 50,
    "minors": 40,
    "beliefs": 40,
}


def sha(t):
    return hashlib.sha1(t.encode("utf-8")).hexdigest()


def nwords(t):
    return len(re.findall(r"\S+", t))


def git_blob(gitdir, path):
    return subprocess.run(["git", "--git-dir", gitdir, "show", "HEAD:" + path], capture_output=True, check=True).stdout


def git_find(gitdir, name):
    names = subprocess.run(
        ["git", "--git-dir", gitdir, "ls-tree", "-r", "--name-only", "HEAD"], capture_output=True, text=True, check=True
    ).stdout.split("\n")
    hits = sorted(n for n in names if n == name or n.endswith("/" + name))
    if not hits:
        raise SystemExit("%s not in %s" % (name, gitdir))
    return hits[0]


# ---------------------------------------------------------------- benign: privacy keyword filter (set C's, extended)
BLOCK = re.compile(
    r"""(?ix)
 # health
 \b(sick|illness|ill\b|hospital|doctor|dr\.|nurse|diagnos|cancer|tumou?r|depress|anxiety|anxious|therap|medicat|
   medicine|pregnan|surgery|disease|pain|injur|disab|covid|corona|adhd|autis|mental|seizure|epilep|migraine|allerg|
   symptom|medical|health|heart|blind|deaf|insomnia|diabet|chemo|stroke|suicid|self-harm|psych|eating\ disorder|
   addict|rehab|alcoholi|drunk|hangover|drugs?\b|weed|smok|vaccin|virus\ infect|infection|clinic|patient|prescri|pill|
   gluten|celiac|coeliac|intoleran|sober|sobriety|caffeine\ (sensitiv|withdraw)|stomach|acid\ reflux|blood|weight|
   poop|laxative|toilet|diarrh|sinus|hang\ ?overs?|digest|bowel|pee\b|urin)|
 # money troubles / finances
 \b(debt|loan|afford|bankrupt|salary|income|mortgage|paycheck|pay\ ?check|bills\b|credit\ card|bank\ account|
   broke\b|poor\b|poverty|rent\b|evict|tax(es)?\b|insurance|savings|pension|welfare|food\ stamps|fees?\ I\ owe|owe\b|
   budget)|
 # family / relationships
 \b(wife|husband|spouse|son|sons|daughter|kids?|child|children|mom|mum|mother|dad|father|parents?|brother|sister|
   sibling|family|grand(ma|pa|mother|father|son|daughter|child)|boyfriend|girlfriend|fianc|divorc|wedding|married|
   marriage|baby|toddler|infant|funeral|died|death|dead\b|dying|passed\ away|widow|relative|in-law|nephew|niece|
   aunt|uncle|cousin|my\ partner|dating|breakup|broke\ up|sex|sexual|porn|honeymoon|anniversary|teen|minor\b|underage)|
 # legal
 \b(lawyer|attorney|court|sue\b|sued|suing|lawsuit|police|cops?\b|arrest|jail|prison|crime|criminal|convict|
   probation|visa\b|immigra|deport|custody|warrant|felony|dui\b|fraud|scam|stolen|steal|theft|hack(ed|er)\b|illegal|
   mugg|pickpocket|robbed|robbery)|
 # employment trouble
 \b(fired|laid\ off|layoff|lost\ my\ job|quit\ my\ job|resign|unemploy|job\ (hunt|search|interview)|interview|
   my\ boss|my\ employer|my\ manager|performance\ review|hr\ department|promotion|my\ job|my\ work\b|my\ coworker)|
 # beliefs / identity
 \b(god|church|relig|christian|muslim|islam|jewish|jew\b|hindu|buddhis|atheis|pray|bible|politic|democrat|
   republican|liberal|conservative|trump|obama|biden|bush|election|vote|gay|lesbian|transgender|queer|racis|race\b|
   ethnic|nationality|war\b|cannabis|marijuana|abortion|constitution|provider|my\ records|pandemic|lockdown|9/11|
   terroris|kosher|halal|ramadan|passover|christmas|easter)|
 # school / age / location
 \b(\d+\s*(years?|yrs?)[\s-]*old|my\ age|school|grade\ \d|exam|homework|i\ live\ in|i\ live\ (near|on|off|just)|
   my\ (house|home|address|apartment|flat|town|city|neighbou?r|hometown)|moved\ to|birthday|i'?m\ from|i\ am\ from|
   we\ live|we\ are\ from|we'?re\ from|where\ i\ live|near\ me\b|my\ area|here\ in\ [a-z]+)|
 # credentials / identifiers
 \b(password|passcode|passwd|pin\ ?code|ssn\b|social\ security|passport|driver'?s\ licen|account\ (number|no)|
   routing\ number|iban|api[_\ ]?key|secret|token|private\ key|credential)|
 # contact details
 [\w.+-]+@[\w-]+\.[\w.]+ | domain\.name\.hidden | -AT_SYMBOL- | \bphone\b | \+?\d[\d\s().-]{8,}\d |
 \b\d+\s+\w+\s+(street|st\.|avenue|ave\.?|road|rd\.|boulevard|blvd|lane|drive)\b |
 /home/\w | /Users/\w | C:\\\\Users | \\Users\\
"""
)

# travel posts: drop the ones that state the writer's own trip (dates, arrival, where they stay)
TRIP = re.compile(
    r"""(?ix)\b((we|i)('re|'m|\ are|\ am|\ will\ be|'ll\ be|\ plan\ to|\ are\ planning\ to|\ have\ booked|\ booked|
  \ arrive|\ land|\ fly|\ leave|\ get\ in)\b(?!\ not)[^.]{0,40}\b(go|going|arriv|stay|visit|travel|fly|flying|com|head|in\ town|
  in\ nyc|in\ new\ york|land|leav|book|hotel|night|days?)|our\ (trip|stay|visit|flight|hotel|plans?|itinerary|vacation|holiday|
  first\ time)|my\ (trip|stay|visit|flight|hotel|plans?|itinerary|vacation|holiday|husband|wife)|staying\ at|
  (january|february|march|april|may|june|july|august|september|october|november|december)\s+\d|
  \d+(st|nd|rd|th)?\s+(of\ )?(january|february|march|april|june|july|august|september|october|november|december)|
  next\ (week|month|year)|this\ (summer|winter|spring|fall|autumn)|thanksgiving|new\ year|staying\b|
  (in|during|early|late|mid|end\ of)\ (january|february|march|april|may|june|july|august|september|october|november|
  december)\b|working\ in|we('ll|\ will|\ may|\ might|\ are\ going\ to)\ (go|stay|book|be)|booked|booking|
  (first|second|third|\d+(st|nd|rd|th))\ (time|visit|trip)\ (to|in))"""
)


def blocked(t):
    return BLOCK.search(t) is not None


def html_to_text(b):
    """Stack Exchange post HTML -> plain text with paragraph breaks; inline code kept in backticks."""
    b = re.sub(r"<code>(.*?)</code>", r"`\1`", b, flags=re.S)
    b = re.sub(r"<li>", "\n- ", b)
    b = re.sub(r"</?(p|ul|ol|h\d)[^>]*>", "\n", b)
    b = re.sub(r"<br\s*/?>", "\n", b)
    b = re.sub(r"<[^>]+>", "", b)
    b = html.unescape(b)
    b = re.sub(r"[ \t]+\n", "\n", b)
    return re.sub(r"\n{3,}", "\n\n", b).strip()


def load_se(gitdir, site):
    """Questions and answers of a Stack Exchange site dump (Posts.xml). Skips posts with quotes, images, code blocks."""
    data = git_blob(gitdir, git_find(gitdir, "Posts.xml"))
    root = ET.fromstring(data.decode("utf-8-sig"))
    for row in root.iter("row"):
        kind = {"1": "post", "2": "answer"}.get(row.get("PostTypeId"))
        body = row.get("Body") or ""
        if kind is None or re.search(r"<(blockquote|img|pre|table|hr)\b", body):
            continue
        text = html_to_text(body)
        if re.search(r"https?://|www\.", text):  # bare links after tag removal
            text = re.sub(r"\(?https?://\S+\)?", "", text)
        yield {"id": "se_%s:%s" % (site, row.get("Id")), "source": "stackexchange_" + site, "kind": kind, "text": text}


def load_travel(gitdir):
    """TripAdvisor New York forum thread posts (blueprints-text travel_threads.csv.gz, '|' separated)."""
    data = gzip.decompress(git_blob(gitdir, "data/travel-forum-threads/travel_threads.csv.gz")).decode("utf-8")
    rd = csv.DictReader(io.StringIO(data), delimiter="|")
    for row in rd:
        text = html.unescape(html.unescape(row.get("text") or "")).replace("\xa0", " ")
        text = re.sub(r"\s*\S*…", "", text)  # truncated links such as "continental.com/web/…"
        text = re.sub(r"[ \t]{2,}", "\n\n", text).strip()
        yield {
            "id": "travel_forum:%s:%s" % (row["ThreadID"], row["postNum"]),
            "source": "travel_forum_nyc",
            "kind": "post",
            "text": text,
            "title": row.get("Title") or "",
        }


def build_benign(args):
    pools = {}
    gens = (load_se(args.coffee, "coffee"), load_se(args.beer, "beer"), load_travel(args.travel))
    for gen in gens:
        for r in gen:
            t = r["text"]
            if not (40 <= nwords(t) <= 400) or blocked(t):
                continue
            if r["source"] == "travel_forum_nyc" and (
                TRIP.search(t) or blocked(r["title"]) or re.search(r"(?m)^[A-Z ]{3,}:", t)
            ):
                continue
            if re.search(
                r"(?i)\[?(removed|deleted)\]?$|\bquote:|^\s*>|\bedit\s*:|\bupdate\s*:|https?://|www\.", t, re.M
            ):
                continue
            key = re.sub(r"\s+", " ", t.lower())
            pools.setdefault(r["source"], {}).setdefault(key, r)
    out, stats = [], {}
    for src, d in sorted(pools.items()):
        cands = sorted(d.values(), key=lambda r: sha(r["text"]))
        stats[src] = len(cands)
        for r in cands[: BENIGN_CAP[src]]:
            out.append(
                {"id": r["id"], "source": r["source"], "kind": r["kind"], "task": TASK[r["kind"]], "text": r["text"]}
            )
    out.sort(key=lambda r: r["id"])
    return out, stats


# ---------------------------------------------------------------- private sentences (Reddit Mental Health Dataset)
def load_rmhd(path):
    csv.field_size_limit(10**9)
    for row in csv.DictReader(open(path, encoding="utf-8")):
        yield {"doc": "rmhd:%s:%s" % (row["subreddit"], row[""]), "sub": row["subreddit"], "text": row["post"]}


def split_sentences(t):
    t = t.replace("’", "'").replace("‘", "'").replace("“", '"').replace("”", '"')
    parts = []
    for para in re.split(r"\n+", t):
        para = para.strip()
        if not para:
            continue
        parts += re.split(r"(?<=[a-z0-9)\"'][.!?])\s+(?=[A-Z\"'(])", para)
    return [re.sub(r"\s+", " ", p).strip() for p in parts if p.strip()]


REL = (
    r"(mother|mom|mum|father|dad|husband|wife|spouse|partner|sister|brother|grandmother|grandma|grandfather|grandpa|"
    r"aunt|uncle|friend|best friend|niece|nephew|boyfriend|girlfriend|bf|gf|fianc[eé]+|cousin|ex|ex-wife|ex-husband|"
    r"ex-girlfriend|ex-boyfriend|stepdad|stepmom|step-dad|step-mom|mother-in-law|father-in-law|parents?|roommate|"
    r"landlord|boss|manager|coworker|co-worker)"
)
CHILD = (
    r"(son|daughter|baby|child|kid|kids|children|sons|daughters|stepson|stepdaughter|toddler|grandson|granddaughter)"
)

CAT = {
    "minors": re.compile(
        r"""(?ix)\b(my|our)\s+((\d+\s*(year|yr|month)s?[\s-]*old\s+|little\s+|teenage\s+|eldest\s+|youngest\s+|oldest\s+)?"""
        + CHILD
        + r"""\b|(\d+\s*(month|week)s?|([1-9]|1[0-7])\s*(year|yr)s?)[\s-]*old\b).*\b(school|diagnos|autis|adhd|bullied|suspended|expelled|therap|hospital|custody|cps|tantrum|
  anxiety|depress|meltdown|grades?|iep|counsel|behaviou?r|speech|delay|sick|cancer|surgery|suicid|self[- ]harm|
  police|arrested|caught|stole|vap|drugs?|pregnan|visitation|child\ support|won't\ talk|hasn't\ spoken|failing)""",
    ),
    "legal": re.compile(
        r"""(?ix)\b(i\ (was|got|am\ being|'m\ being|have\ been|'ve\ been)\ (arrested|charged|sued|convicted|cited|
  ticketed|pulled\ over|summoned|served|evicted|detained|fined|booked)|arrested|charged\ with|convicted|
  (sued|suing|sue)\b|lawsuit|small\ claims|my\ (lawyer|attorney|solicitor|court\ date|probation|parole|
  court\ hearing|criminal\ record)|court\ (date|hearing|order)|probation|(a|arrest)\ warrant\b|warrant\ (for|out)|felon(y|ies)|misdemeanou?r|\bdui\b|\bdwi\b|restraining\ order|
  visa|green\ card|immigration|deport|undocumented|citizenship|eviction\ notice|police\ report|filed\ a\ (police\ )?report|
  criminal\ record|plead\ guilty|pleaded|tribunal|cease\ and\ desist|settlement|custody\ (battle|hearing|case))""",
    ),
    "employment": re.compile(
        r"""(?ix)\b((got|was|been|getting|being)\ (fired|let\ go|laid\ off|written\ up|demoted|suspended\ from\ work|
  terminated|put\ on\ (a\ )?pip)|fired\ me|lost\ my\ job|quit\ my\ job|left\ my\ job|unemployed|out\ of\ work|
  jobless|disciplinary\ (hearing|meeting|against\ me)|(got|received|facing|given)\ (a\ )?disciplinary|final\ warning|bad\ performance\ review|job\ offer|job\ interview|
  interviewing\ (for|at|with)|applying\ for\ (jobs|a\ new\ job)|job\ hunting|looking\ for\ a\ new\ job|
  my\ (boss|manager|employer|supervisor)\ (yelled|fired|threatened|warned|reported|complained|hates|found\ out|
  told\ me|called\ me|wrote\ me\ up|put\ me)|hr\ (department|meeting|called)|resigned|resign\ from|handed\ in\ my\ notice|
  redundan|on\ sick\ leave|sick\ note|called\ in\ sick|missed\ (work|shifts)|late\ (to|for)\ work|
  went\ to\ work\ (high|drunk|hungover)|fake\ it\ at\ work|pay\ cut|hours\ (got\ )?cut|employment\ tribunal)""",
    ),
    "finance": re.compile(
        r"""(?ix)\b(debt|in\ the\ red|owe\b|owed|loans?\b|credit\ card|credit\ score|overdraft|overdrawn|mortgage|
  bankrupt|in\ collections|sent\ to\ collections|repossess|foreclos|behind\ on|arrears|late\ payments?|can'?t\ afford|cannot\ afford|
  couldn'?t\ afford|paycheck\ to\ paycheck|living\ pay|savings|my\ (salary|income|wage|pay\b|rent|bills|budget|
  pension|401k|isa|account|finances|net\ worth)|i\ (make|earn|made|earned|take\ home|bring\ in)\s+(about\s+|around\s+)?
  [$£€]?\d|\d[\d,.]*\s?(k|grand|dollars|quid)\b|(on|claim|claiming|claimed)\ benefits|universal\ credit|
  food\ stamps|broke\b(?!\ up|\ down|\ off|\ out|\ into|\ in\b|\ my|\ his|\ her|\ it|\ the)|no\ money|money\ problems|financial(ly)?|tax\ (bill|return)|inheritance|student\ finance)|[$£€]\s?\d""",
    ),
    "beliefs": re.compile(
        r"""(?ix)\b(?:(i'?m|i\ am|i\ was\ raised|raised|i\ became|i\ identify\ as|i\ came\ out\ as|came\ out)\s+(a\ |an\ )?
  (devout\ |practicing\ |practising\ |lifelong\ |former\ |ex-?)?(christian|catholic|muslim|jewish|jew|hindu|buddhist|
  atheist|agnostic|mormon|pagan|wiccan|religious|gay|lesbian|bisexual|bi\b|pansexual|asexual|trans\b|transgender|
  non-?binary|queer|conservative|liberal|socialist|communist|libertarian|labour\ (voter|member|supporter)|tory|
  brexiteer|remainer|leaver|republican|democrat|vegan)|i\ (voted|vote|will\ vote|am\ voting|'m\ voting)\ (for\ )?
  (leave|remain|labour|tory|tories|conservative|lib\ dem|brexit|ukip|snp|green|trump|clinton|corbyn|may\b|johnson)|
  i\ (believe\ in|go\ to\ church|go\ to\ mosque|lost\ my\ faith|don't\ believe\ in\ god)|my\ (faith|religion|
  church|boyfriend|girlfriend)\b.*\b(gay|same-sex)|i\ support\ (labour|the\ tories|brexit|trump|corbyn)|
  (member\ of|joined)\ the\ (labour|conservative|green|brexit)\ party)""",
    ),
    "relationships": re.compile(
        r"""(?ix)\b(divorc(e|ed|es|ing)\b(?!\ from)|separated|separating|split\ up|broke\ up|break\ up|breakup|cheat(ed|ing)?\ on|cheater|cheated|affairs?\b|unfaithful|ex-?(wife|husband|
  girlfriend|boyfriend|partner)|my\ ex\b|custody|married|marriage|engaged|widow|estranged|disowned|abusive|abused\ me|was\ abused|
  kicked\ me\ out|(he|she|wife|husband|girlfriend|boyfriend|partner|fianc\w*)\ left\ me|left\ me\ for|dumped|single\ for|never\ (had|been\ in)\ a\ (relationship|girlfriend|boyfriend)|
  (been|am|'m)\ single|virgin|no\ friends|don't\ have\ (any\ )?friends|(my|our)\s+"""
        + REL
        + r"""\b.*\b(fight|argu|yell|scream|hates?|blames?|won't\ speak|stopped\ talking|kicked|hit|abus|manipulat|
  controlling|cheat|leav|left|divorc|drink|lies|lied|toxic|disown))""",
    ),
    "health": re.compile(
        r"""(?ix)\b(depress\w*|anxiety|anxious|panic\ attacks?|bipolar|bpd|borderline|schizo\w*|psychos\w*|psychotic|
  ptsd|trauma\w*|ocd|adhd|autis\w*|asperger\w*|aspie|eating\ disorder|anorexi\w*|bulimi\w*|binge\w*|purg\w*|
  restrict\w*|relaps\w*|sober|sobriety|clean\ for|addict\w*|alcoholi\w*|drinking\ (problem|again|heavily|every)|binge\ drink\w*|withdrawals|in\ withdrawal|detox|rehab|
  heroin|opiates?|meth\b|cocaine|coke\b|xanax|suicid\w*|self[- ]harm\w*|cutting|cut\ myself|overdos\w*|therap\w*|psychiatr\w*|
  counsel(l)?or|meds|medication|antidepressants?|ssris?|zoloft|lexapro|prozac|sertraline|fluoxetine|citalopram|
  seroquel|lithium|lamictal|abilify|adderall|ritalin|vyvanse|diagnos\w*|hospital\w*|psych\ ward|inpatient|
  hallucinat\w*|voices|mania|manic|dissociat\w*|insomnia|cancer|tumou?r|disease|syndrome|disorder|chronic|pain|
  surgery|diabet\w*|pregnan\w*|miscarr\w*|ibs|crohn\w*|migraines?|seizures?|epilep\w*|heart|lumps?|std|hiv|
  symptoms?|illness|sick|health\ anxiety|hypochondri\w*|weight|calories|lbs|bmi)\b""",
    ),
}
ORDER = ["minors", "legal", "employment", "finance", "beliefs", "relationships", "health"]

SELF = re.compile(r"""(?ix)^(.*?\b)?(i|i'm|im|i've|ive|i'd|i'll|me|my|myself)\b""")
THIRD_LEAD = re.compile(
    r"(?i)^\W*(((my|our)\s+(\d+\s*(year|yr|month)s?[\s-]*old\s+|little\s+|ex-?)?(%s|%s))|he|she|they)\b" % (REL, CHILD)
)
THIRD_ANY = re.compile(r"(?i)\b(my|our)\s+(%s|%s)\b" % (REL, CHILD))
DROP = re.compile(
    r"""(?ix)^(what|how|why|when|where|which|who|can|could|should|would|will|is|are|am|do|does|did|has|have|any|
  if|please|pls|thank|thanks|hello|hi|hey|dear|so\ my\ question|tl;?dr|edit|update|ps\b|p\.s|throwaway|sorry|
  anyone|does\ anyone|has\ anyone|is\ it|is\ there|are\ there)\b
  |\bif\ (i|you|he|she|we|they|my)\b|\bwhat\ if\b|\bin\ case\b|\bwould\ (i|it|you|be)\b|\bshould\ i\b|\bcould\ i\b|
  \bi\ (want|wish|hope|need)\ to\ know\b|\bany\ (advice|help|tips|suggestions|ideas|thoughts)\b|\badvice\b|\bi\ wonder|
  \bwondering\b|\bplease\b|\bthank|\breddit\b|\bsubreddit|\br/\w|\bthis\ sub\b|\bthread\b|\bposted\b|\bupvote|
  \bmods?\b|\byou\b|\byour\b|\bsomeone\b|\bpeople\ (who|with|that)\b|\banyone\b|\beveryone\b|\bgenerally\b|
  \bi\ (just\ )?(want|wanna|would\ like|wish)\b|"|\bimagine\b|\bpretend\b|\bsuppose\b|\bhypothetical|\bguys\b|\bthanks\b|https?://|www\.|\*\*|\[|\]|\#"""
)
PII = re.compile(r"[\w.+-]+@[\w-]+\.\w|\+?\d[\d\s().-]{8,}\d|\bphone\b|\baddress\b", re.I)
# sentence must state a fact about the writer or a relative: a first-person / my-relative statement verb
FACT = re.compile(
    r"""(?ix)\b(i|i'm|im|i've|ive|i'd|we|we're|we've|my|our|he|she|he's|she's)\b\s*(\w+\s+){0,3}?
  (am|'m|was|were|have|had|'ve|has|is|are|got|get|lost|owe|owed|make|made|earn|earned|took|take|taking|started|
  quit|left|been|went|go|found|filed|received|spent|spend|cheated|divorced|married|moved|live|lived|work|worked|
  suffer|suffered|struggle|struggled|tried|attempted|relapsed|drink|drank|used|cut|hit|told|said|split|broke|lost|
  can't|cannot|couldn't|haven't|hasn't|didn't|don't|never|still|just|recently|currently|only|always|keep|kept|
  diagnosed|prescribed|hospitalized|hospitalised|arrested|charged|fired|sued|voted|believe|identify|came)\b"""
)


def classify(sent, sub):
    """Return (category, owner) or None."""
    s = sent.strip()
    w = nwords(s)
    if not (6 <= w <= 40) or s.endswith("?") or "?" in s or DROP.search(s) or PII.search(s):
        return None
    if not (SELF.search(s) or THIRD_ANY.search(s) or THIRD_LEAD.search(s)) or not FACT.search(s):
        return None
    cat = next((c for c in ORDER if CAT[c].search(s)), None)
    if cat is None:
        return None
    if cat == "health" and re.search(r"(?i)\b(pain in the|heart of|heart is|my heart goes|at heart)\b", s):
        return None
    if cat == "minors":
        return ("minors", "third")
    third_lead = THIRD_LEAD.search(s) and not re.match(r"(?i)^\W*(my|our)\s+[\w-]+\s+and\s+i\b", s)
    has_i = re.search(r"(?i)\b(i|i'm|im|i've|me|myself)\b", s)
    if third_lead or (THIRD_ANY.search(s) and not has_i):
        return (cat, "third")
    if not has_i and not re.search(r"(?i)\bmy\b", s):
        return None
    return (cat, "self")


def build_private(args):
    seen, cands = set(), []
    for d in load_rmhd(args.rmhd):
        for k, s in enumerate(split_sentences(d["text"])):
            lab = classify(s, d["sub"])
            if lab is None:
                continue
            key = re.sub(r"\s+", " ", s.lower())
            if key in seen:
                continue
            seen.add(key)
            cands.append(
                {
                    "id": "%s:s%d" % (d["doc"], k),
                    "doc": d["doc"],
                    "source": "rmhd_reddit_" + d["sub"],
                    "category": lab[0],
                    "owner": lab[1],
                    "text": s,
                }
            )
    # salted key: make_heldout.py orders sentences by sha1(text); capping by the same key would put the capped
    # (largest) category's kept sentences first there and fill the inserted half with one category
    cands.sort(key=lambda r: sha("set-d|" + r["text"]))
    out, used_docs, per_cat, avail = [], set(), {}, {}
    for r in cands:
        avail[r["category"]] = avail.get(r["category"], 0) + 1
        if r["doc"] in used_docs or per_cat.get(r["category"], 0) >= PRIV_CAP[r["category"]]:
            continue  # at most one sentence per post
        used_docs.add(r["doc"])
        per_cat[r["category"]] = per_cat.get(r["category"], 0) + 1
        out.append({k: r[k] for k in ("id", "source", "category", "owner", "text")})
    out.sort(key=lambda r: r["id"])
    return out, avail


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--coffee", required=True)
    ap.add_argument("--beer", required=True)
    ap.add_argument("--travel", required=True)
    ap.add_argument("--rmhd", required=True)
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    benign, bstats = build_benign(a)
    priv, avail = build_private(a)
    with open(a.out + "/benign.jsonl", "w", encoding="utf-8") as f:
        for r in benign:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(a.out + "/private_sentences.jsonl", "w", encoding="utf-8") as f:
        for r in priv:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print("benign candidates per source:", bstats, "kept", len(benign), file=sys.stderr)
    print("private candidates per category:", avail, "kept", len(priv), file=sys.stderr)


if __name__ == "__main__":
    main()
