#!/usr/bin/env python3
"""Build sentences_more.jsonl: more training sentences for the contextual-integrity model.

Positives (health, finance, employment, relationships, legal) and hard negatives (none) from
public corpora, labelled by rules (a disclosure anchor plus a category cue). See SOURCES.md.

Usage (from /work/outside):
  python3 more/prepare.py --raw raw/more \
      --phee /work/.mirror/ZhaoyueSun+PHEE/repo --medquad /work/.mirror/abachaa+MedQuAD/repo \
      --exclude train_all4.jsonl c/private_sentences.jsonl d/private_sentences.jsonl --out more
Deterministic: no randomness; every cap takes the first N candidates in sha1(text) order; the output
is sorted by (source, category, sha1(text)).
"""

import argparse
import csv
import hashlib
import html
import json
import re
import subprocess
from collections import Counter, defaultdict

csv.field_size_limit(10**9)

FAMILY = (
    r"(mother|mom|mum|father|dad|wife|husband|son|daughter|brother|sister|grand(mother|father|ma|pa|son|daughter|parent)"
    r"|baby|child|kid|kids|children|uncle|aunt|cousin|niece|nephew|boyfriend|girlfriend|fianc\w*|partner|friend"
    r"|step(mother|father|mom|dad|son|daughter)|coworker|co-worker|colleague|boss|neighbou?r|girl|guy"
    r"|best friend|roommate|parents?|family|in-laws?|spouse|ex)"
)
FAM = re.compile(r"\b(my|our)\s+(\w+\s+)?(\d+[- ]?(year|yr)s?[- ]old\s+)?" + FAMILY + r"s?\b", re.I)
FIRST = re.compile(r"\b(i|i'm|im|i've|ive|i'd|i'll|me|my|myself|we|our|us)\b", re.I)
QUESTION = re.compile(r"\?\s*$")
HYPO = re.compile(
    r"\b(if|whether|might|maybe|perhaps|hope|hoping|wish|would|could be|in case|afraid (that|of)"
    r"|worried (that|about)|scared (that|of)|suppose|imagine)\b",
    re.I,
)
REQUEST = re.compile(
    r"^(please|kindly|i (am )?(request|requesting|ask|asking|demand|want|would like|need you)|can you|could you"
    r"|i'm (requesting|asking))\b",
    re.I,
)

# ---- category cues (ED situations, CFPB narratives, drug reviews) ---------------------------------
EMPLOY = re.compile(
    r"\b(fired|laid off|lay ?offs?|let go|lost (my|his|her|their|our) jobs?|lost (my|his|her) position"
    r"|unemploy\w*|jobless|out of work|demot\w*|written up|pay cut|cut my hours|hours (were|got) cut"
    r"|furlough\w*|resign\w*|quit (my|his|her) job|job interview|interview for a (new )?job"
    r"|got (the|a|my) (new )?job|new job|got hired|hired me|promot\w*|got a raise|my boss|my manager"
    r"|my supervisor|my coworkers?|my co-workers?|at work|my job)\b",
    re.I,
)
EMPLOY_STRONG = re.compile(
    r"\b(fired|laid off|let go|lost (my|his|her|their|our) jobs?|unemploy\w*|jobless|(am|is|are|was|were|been) out of work|demot\w*"
    r"|written up|pay cut|furlough\w*|resign\w*|quit (my|his|her) job|job interview|interview for a (new )?job"
    r"|got (the|a|my) (new )?job|new job|got hired|hired me|promoted|(a|my|the) promotion|got a raise)\b",
    re.I,
)
FINANCE = re.compile(
    r"\b((am|was|is|are|were|been|so|flat|'m|'re) broke|debts?|in debt|(pay|paying|paid|afford|behind on|cover) (the |my |our )?bills|rent|can't afford|cannot afford|couldn't afford|could not afford"
    r"|mortgage|loans?|bankrupt\w*|paycheck|savings|overdra\w*|evict\w*|foreclos\w*|owe|owed|taxes"
    r"|credit cards?|credit (report|score|history)|in collections|sent to collections|collection agenc\w*|debt collect\w*|collector|won (the|a) lottery|inherit\w*|behind on"
    r"|late (payment|fees?)|past due|money|payments?|balance|bank account|checking account|interest rate"
    r"|\$\s?\d[\d,]*(\.\d\d)?|dollars|student loans?|salary|income|budget)\b",
    re.I,
)
LEGAL = re.compile(
    r"\b(arrest\w*|jail|prison|court|sued|sue|suing|lawsuit|lawyers?|attorneys?|dui|dwi|probation|parole"
    r"|custody|charged with|convicted|conviction|trial|speeding ticket|pulled me over|police report"
    r"|identity theft|garnish\w*|judgment against|judgement against|subpoena|restraining order|legal action|small claims"
    r"|(got|was|were|been) pulled over|police (came|arrested|showed up|took|questioned|stopped)|cops? (came|pulled|stopped)"
    r"|(got|received|gave me) a (speeding|parking|traffic) (ticket|citation)|ticket for (speeding|driving|running|parking)"
    r"|(i|we) (was|were|got|have been|had been) (robbed|mugged|assaulted|burglarized)"
    r"|broke into (my|our)|(car|house|home|wallet|bike|purse|phone|truck|identity) (was|got) stolen"
    r"|stole (my|our) (car|wallet|purse|identity|bike|phone|truck|laptop|money|credit card|dog|jewelry)"
    r"|filed a (police )?report|testif\w*|witness\w* in)\b",
    re.I,
)
EMPLOY_LOSS = re.compile(
    r"\b(fired|laid off|lost (my|his|her|their|our) jobs?|unemploy\w*|jobless|out of work|furlough\w*"
    r"|reduc\w* (work )?hours|pay cut|job loss|loss of (my )?(job|employment|income))\b",
    re.I,
)
REL = re.compile(
    r"\b(divorc\w*|broke up|break up|breakup|broken up|cheat\w* on (me|him|her|my)|affair|separated|separation|my ex\b|dumped"
    r"|proposed to|got engaged|engagement|got married|anniversary|marriage|married|wedding"
    r"|((had a|got into a|in a|big) fight with|fought with|argued with|argument with|arguing with|not speaking to"
    r"|stopped talking to|estranged|disowned|kicked (me|us) out|lied to me|betray\w*))\b",
    re.I,
)
REL_STRONG = re.compile(
    r"\b(divorc\w*|broke up|break up|breakup|broken up|cheat\w* on (me|him|her|my)|affair|separated|separation|my ex\b|dumped"
    r"|proposed to|got engaged|got married|estranged|disowned"
    r"|(wife|husband|girlfriend|boyfriend|partner|fianc\w*|spouse) (left|dumped|divorced) me(?! alone))\b",
    re.I,
)
HEALTH = re.compile(
    r"\b(diagnos\w*|cancer|tumou?r|surgery|surgeries|operation|hospital\w*|illness|disease|pregnan\w*"
    r"|miscarr\w*|broke (my|his|her) (arm|leg|wrist|ankle|foot|hand|back|nose)|injur\w*|doctor|depress\w*"
    r"|(got|been|am|was|is|are|were|fell|very|so|really) sick"
    r"|anxiety|therapy|therapist|chemo\w*|stroke|heart attack|diabet\w*|seizure\w*|flu|fever|infection"
    r"|medication|meds|pills?|prescri\w*|er\b|emergency room|icu|disab\w*|autis\w*|adhd|bipolar|asthma"
    r"|allerg\w*|migraine\w*|alzheimer\w*|dementia|rehab|addict\w*|overdos\w*|panic attacks?)\b",
    re.I,
)
DEATH = re.compile(
    r"\b(died|passed away|passed on|funeral|death|dead|killed|lost (my|our) (\w+ )?(mom|dad|mother|father|wife|husband|son|daughter|brother|sister|grand\w+|dog|cat))\b",
    re.I,
)
BELIEF = re.compile(
    r"\b(church|god|gospel|bible|faith|spiritual\w*|pray\w*|religio\w*|muslim|christian|jewish|atheis\w*|vote[ds]?|election|politic\w*|democrat\w*|republican\w*|hillary|clinton|trump|obama|president)\b",
    re.I,
)
SCHOOL = re.compile(
    r"\b(school|exam|test|grades?|class|college|university|teacher|homework|kid|kids|child|children|son|daughter|baby|pet|dog|cat)\b",
    re.I,
)

# a sentence with none of these may be a hard negative from a personal-story corpus
ANY_PRIVATE = re.compile(
    "|".join(p.pattern for p in (EMPLOY, FINANCE, LEGAL, REL, HEALTH, DEATH, BELIEF, FAM))
    + r"|\b(work|job|boss|pay|paid|cost|bought|buy|sell|sold|price|date|dating|love|crush|girlfriend|boyfriend"
    r"|wife|husband|pregnant|weight|diet|drunk|drink|beer|wine|stole|stolen|robbed|police|cop|ticket|fine"
    r"|born|age|years old|birthday|home|house|apartment|moved|address|live|lives|lived|neighbou?r"
    r"|kid|kids|child|children|son|daughter|baby|teen|school|grade|gay|lesbian|trans\w*|position|interview|call back"
    r"|hired|applied|raised|sick|hurt|cried|crying|lonely|alone|drugs?|dentist|tooth|teeth|weed|marijuana|fights?"
    r"|healthier|gym|shot|needle|won|bet|gambl\w*)\b",
    re.I,
)

ABBR = re.compile(r"\b(Dr|Mr|Mrs|Ms|St|vs|approx|e\.g|i\.e|etc|No|Fig|al)\.", re.I)


def split_sentences(text):
    text = ABBR.sub(lambda m: m.group(0).replace(".", "<DOT>"), text)
    out = []
    for line in re.split(r"\n+", text):
        for s in re.split(r"(?<=[.!?])\s+(?=[A-Z0-9\"'(])", line):
            s = s.replace("<DOT>", ".").strip()
            if s:
                out.append(s)
    return out


def words(s):
    return len(s.split())


def ok_len(s):
    return 6 <= words(s) <= 40


def sha(s):
    return hashlib.sha1(s.encode("utf-8")).hexdigest()


def norm(s):
    return re.sub(r"\s+", " ", s.lower()).strip()


def owner_of(sent, cue_match):
    """third if a family member / friend is named before the cue and no 'I' stands between."""
    fam = FAM.search(sent)
    if fam and cue_match and fam.start() <= cue_match.start():
        between = sent[fam.end() : cue_match.start()]
        if not re.search(r"\b(i|i'm|i've|me|my)\b", between, re.I):
            return "third"
    if re.match(r"^(he|she|they|his|her|their)\b", sent, re.I):
        return "third"
    return "self"


def sentence_case(s):
    s = re.sub(r"\bi\b", "I", s)
    s = re.sub(r"\bi(?='(m|ve|d|ll)\b)", "I", s)
    s = re.sub(r"(^|[.!?]\s+)([a-z])", lambda m: m.group(1) + m.group(2).upper(), s)
    return s


# ---- EmpatheticDialogues situations (HypEmo copy) ------------------------------------------------
def ed_sentences(paths):
    seen = set()
    for path in paths:
        split = path.rsplit("_", 1)[-1].split(".")[0]
        with open(path, encoding="utf-8", errors="replace") as f:
            for i, row in enumerate(csv.DictReader(f)):
                text = (row.get("text") or "").strip()
                key = norm(text)
                if not text or key in seen:
                    continue
                seen.add(key)
                text = re.sub(r"_comma_", ",", text)
                text = re.sub(r",(?=\S)", ", ", text)
                text = re.sub(r"\.(?=[a-z])", ". ", text)
                text = sentence_case(text)
                doc = f"ed:{split}:{i}"
                for s in split_sentences(text):
                    yield doc, s


def label_story(s):
    """category, owner for a first-person story sentence; None = drop; ('none','none') = negative."""
    if QUESTION.search(s) or HYPO.search(s):
        return None
    if not FIRST.search(s) and not FAM.search(s):
        return None
    hits = {}
    m = LEGAL.search(s)
    if m:
        hits["legal"] = m
    m = EMPLOY_STRONG.search(s)
    if m:
        hits["employment"] = m
    m = REL_STRONG.search(s)
    if m and (FAM.search(s) or re.search(r"\b(me|my|i|we)\b", s, re.I)):
        hits["relationships"] = m
    elif (
        REL.search(s)
        and FAM.search(s)
        and REL.search(s).group(0).lower() not in ("wedding", "anniversary", "married", "marriage")
    ):
        hits["relationships"] = REL.search(s)
    m = HEALTH.search(s)
    if m:
        hits["health"] = m
    m = FINANCE.search(s)
    if (
        m
        and m.group(0).lower()
        not in (
            "money",
            "payments",
            "payment",
            "balance",
            "budget",
            "income",
            "salary",
            "dollars",
        )
        or m
        and re.search(
            r"\b(lost|owe|need|short|no|not enough|ran out|save|saving|struggl\w*|broke|borrow\w*|lend|lent|won)\b",
            s,
            re.I,
        )
    ):
        hits["finance"] = m
    if not hits:
        if ANY_PRIVATE.search(s) or SCHOOL.search(s):
            return None
        return ("none", "none")
    if len(hits) > 1:
        # a sentence with two kinds of private fact: keep only the clear pairs
        keys = set(hits)
        if keys == {"employment", "finance"}:
            hits = {"employment": hits["employment"]}
        elif keys == {"legal", "finance"}:
            hits = {"legal": hits["legal"]}
        else:
            return None
    cat, m = next(iter(hits.items()))
    if BELIEF.search(s):
        return None
    if cat == "relationships" and re.search(r"\b(exam|test|quiz|game|homework|diet)\b", s, re.I):
        return None
    if re.search(r"\b(dog|cat|pet|puppy|kitten|bird|fish|hamster|horse)\b", s, re.I) and cat in ("health", "legal"):
        return None
    return (cat, owner_of(s, m))


# ---- CFPB consumer complaint narratives ----------------------------------------------------------
CFPB_BOILER = re.compile(
    r"\b(u\.?s\.?c|section \d|fcra|fdcpa|15 usc|\u00a7|act of|federal law|consumer reporting agenc)", re.I
)


def cfpb_sentences(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        for row in csv.DictReader(f):
            text = (row.get("Consumer complaint narrative") or "").strip()
            if not text:
                continue
            text = re.sub(r"\{\$([\d,]+\.\d\d)\}", r"$\1", text)
            doc = "cfpb:" + (row.get("Complaint ID") or sha(text)[:10])
            for s in split_sentences(text):
                yield doc, s


def label_cfpb(s):
    if re.search(r"X{2,}", s) or QUESTION.search(s) or REQUEST.search(s):
        return None
    if not FIRST.search(s):
        if CFPB_BOILER.search(s) and not re.search(r"\b(you|your)\b", s, re.I):
            return ("none", "none")
        return None
    if HYPO.search(s) or CFPB_BOILER.search(s):
        return None
    m = EMPLOY_LOSS.search(s)
    if m:
        return ("employment", owner_of(s, m))
    m = LEGAL.search(s)
    if m and m.group(0).lower() not in ("court",) or (m and re.search(r"\b(took me to|in) court\b", s, re.I)):
        return ("legal", owner_of(s, m))
    m = REL_STRONG.search(s) or (DEATH.search(s) and FAM.search(s))
    if m:
        return None  # family events inside money complaints: too few, too mixed
    m = HEALTH.search(s)
    if m:
        return (
            ("health", owner_of(s, m))
            if re.search(r"\b(diagnos\w*|cancer|surgery|hospital\w*|disab\w*|illness|sick)\b", s, re.I)
            else None
        )
    m = FINANCE.search(s)
    if m and re.search(r"\b(i|my|we|our|me)\b", s, re.I):
        return ("finance", "self")
    return None


# ---- Drugs.com reviews (UCI) -------------------------------------------------------------------
MED_CUE = re.compile(
    r"\b(taking|take|took|started|start|on (it|this|the)|prescribed|dose|dosage|mg|pills?|tablets?|shots?|injection"
    r"|diagnosed|suffer\w*|struggl\w*|side effects?|symptoms?|my doctor|my dr|period|periods|cycle|depress\w*"
    r"|anxiety|panic|pain|acne|insomnia|migraine\w*|weight|pounds|lbs|bipolar|adhd|medication|meds|birth control"
    r"|iud|implant|patch|ring)\b",
    re.I,
)


def drug_sentences(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        for row in csv.DictReader(f):
            text = html.unescape((row.get("review") or "").strip().strip('"'))
            doc = "drugscom:" + (row.get("uniqueID") or sha(text)[:10])
            for s in split_sentences(text):
                yield doc, s, row.get("drugName") or "", (row.get("condition") or "").strip()


def label_drug(s, drug):
    if QUESTION.search(s) or HYPO.search(s) or REQUEST.search(s):
        return None
    m = REL_STRONG.search(s)
    if m and FIRST.search(s) and not MED_CUE.search(s) and not re.search(r"\b(you|your)\b", s, re.I):
        return ("relationships", owner_of(s, m))
    if re.search(r"\b(you|your|anyone|everyone|people|ladies|guys)\b", s, re.I):
        return None
    if not FIRST.search(s) and not re.match(r"^(he|she)\b", s, re.I):
        return None
    drug_re = re.escape(drug.split()[0]) if drug else r"$^"
    m = re.search(r"\b" + drug_re, s, re.I) or MED_CUE.search(s)
    if not m:
        return None
    fam = FAM.search(s)
    if fam and re.search(r"\b(he|she|his|her|him)\b", s, re.I):
        return ("health", "third")
    if re.match(r"^(he|she)\b", s, re.I):
        return ("health", "third")
    return ("health", "self")


# ---- MTSamples transcriptions -------------------------------------------------------------------
KEEP_SECTIONS = re.compile(
    r"(HISTORY|SUBJECTIVE|CHIEF COMPLAINT|REASON|DIAGNOS|IMPRESSION|ASSESSMENT|INDICATION|MEDICATION|ALLERG"
    r"|SOCIAL|FAMILY|PLAN|HPI|PROBLEM)",
)
PATIENT = re.compile(
    r"\b(the patient|patient|pt|he|she|his|her|this (\d+|[a-z]+)[- ]year[- ]old|(a|an) (\d+|[a-z]+)[- ]year[- ]old"
    r"|mr\.|mrs\.|ms\.|mother|father|sister|brother|grand\w+)\b",
    re.I,
)
CLIN = re.compile(
    r"\b(history of|diagnos\w*|presents?|presented|complain\w*|taking|takes|medications?|on \w+ \d+ ?mg|mg"
    r"|underwent|status post|s/p|admitted|treated|suffer\w*|known|positive for|found to have|has (a|an)? ?\w+"
    r"|had (a|an)? ?\w+|developed|referred|allergic|smok\w*|drinks|alcohol|cancer|diabet\w*|hypertension)\b",
    re.I,
)
NEGATED = re.compile(
    r"\b(denies|denied|negative|noncontributory|non-contributory|unremarkable|no known|none|normal|within normal)\b",
    re.I,
)
SOC_EMP = re.compile(
    r"\b(unemployed|disability|disabled|laid off|lost (his|her) job|unable to work|out of work|off work|workers' comp\w*|retired due)\b",
    re.I,
)
SOC_REL = re.compile(
    r"\b(divorced|widowed|widow|widower|separated|lives with (his|her) (wife|husband|boyfriend|girlfriend|partner|daughter|son|mother|father)|married|single mother|single father)\b",
    re.I,
)
SOC_LEG = re.compile(
    r"\b(incarcerat\w*|prison|jail|probation|parole|dui|arrest\w*|court-ordered|legal problems)\b", re.I
)


def mts_sentences(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        for i, row in enumerate(csv.DictReader(f)):
            text = row.get("transcription") or ""
            doc = f"mtsamples:{row.get('') or i}"
            parts = re.split(r"[.,]*\s*([A-Z][A-Z /&()-]{2,60}):\s*,", text)
            section = "START"
            for j, part in enumerate(parts):
                if j % 2 == 1:
                    section = part.strip()
                    continue
                part = re.sub(r"\.,(\d+\.)?", ". ", part)
                part = re.sub(r",\d+\.\s", ". ", part)
                part = re.sub(r"\s+", " ", part).strip(" ,")
                for s in split_sentences(part):
                    yield doc, section, s.strip(" ,")


def label_mts(section, s):
    if QUESTION.search(s) or not re.search(r"[a-z]", s):
        return None
    if re.search(r"\b(I|we|you)\b", s):
        return None
    if "SOCIAL" in section:
        if SOC_LEG.search(s):
            return ("legal", "third")
        if SOC_EMP.search(s):
            return ("employment", "third")
        if SOC_REL.search(s) and PATIENT.search(s):
            return ("relationships", "third")
        if re.search(
            r"\b(smok\w*|alcohol|drinks|tobacco|cocaine|marijuana|heroin|iv drug)\b", s, re.I
        ) and not NEGATED.search(s):
            return ("health", "third")
        return None
    if not KEEP_SECTIONS.search(section) and section != "START":
        return None
    if NEGATED.search(s) or not PATIENT.search(s) or not CLIN.search(s):
        return None
    return ("health", "third")


# ---- PHEE case reports (git dir) ----------------------------------------------------------------
CASE = re.compile(
    r"\b((a|an|this|our|the) (\d+|[a-z]+)[- ](year|month|week|day)[- ]old|(a|an|this|our) (patient|man|woman|boy|girl"
    r"|child|infant|neonate|male|female|gentleman|lady)|we (report|describe|present)|(a|the) case of)\b",
    re.I,
)
GENERIC = re.compile(
    r"\b(patients|may|should|risk|recommend\w*|incidence|studies|study|literature|physicians|clinicians|cases)\b", re.I
)


def git_texts(gitdir, prefix, suffix):
    names = subprocess.run(
        ["git", "-C", gitdir, "ls-tree", "-r", "--name-only", "HEAD", prefix],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split("\n")
    names = sorted(n for n in names if n.endswith(suffix))
    req = "".join(f"HEAD:{n}\n" for n in names).encode()
    out = subprocess.run(
        ["git", "-C", gitdir, "cat-file", "--batch"], input=req, capture_output=True, check=True
    ).stdout
    pos = 0
    for n in names:
        header_end = out.index(b"\n", pos)
        size = int(out[pos:header_end].split()[2])
        body = out[header_end + 1 : header_end + 1 + size]
        pos = header_end + 1 + size + 1
        yield n, body.decode("utf-8", errors="replace")


def label_phee(s):
    s2 = re.sub(r"^[A-Z ]{4,}:\s*", "", s)
    if QUESTION.search(s2):
        return None, s2
    if CASE.search(s2) and not re.search(r"\b(patients|cases)\b", s2, re.I):
        return ("health", "third"), s2
    if (
        GENERIC.search(s2)
        and not CASE.search(s2)
        and not re.search(r"\b(we|our|this patient|the patient|his|her)\b", s2, re.I)
    ):
        return ("none", "none"), s2
    return None, s2


# ---- MedQuAD answers (git dir) ------------------------------------------------------------------
def medquad_sentences(gitdir):
    for name, xml in git_texts(gitdir, ".", ".xml"):
        folder = name.split("/")[0]
        if folder.startswith(("10_", "11_", "12_")):
            continue  # answers removed upstream
        for ans in re.findall(r"<Answer>(.*?)</Answer>", xml, re.S):
            ans = html.unescape(ans)
            for s in split_sentences(ans):
                yield "medquad:" + name.rsplit("/", 1)[-1].replace(".xml", ""), s


def label_medquad(s):
    if QUESTION.search(s) or re.search(r"\b(I|my|me|we|our)\b", s):
        return None
    if re.search(r"\s-\s|\(HPO\)|Human Phenotype|MedlinePlus|GARD|click|http|www\.|table below", s):
        return None
    if not re.search(r"\b(is|are|was|were|can|may|causes?|include\w*|affects?|occurs?|results?)\b", s):
        return None
    return ("none", "none")


# ---- assembly ----------------------------------------------------------------------------------
CAPS = {
    # (source, category): cap
    ("drugscom_reviews", "health"): 900,
    ("drugscom_reviews", "relationships"): 200,
    ("mtsamples", "health"): 500,
    ("mtsamples", "employment"): 200,
    ("mtsamples", "relationships"): 200,
    ("mtsamples", "legal"): 100,
    ("phee_case_reports", "health"): 500,
    ("phee_case_reports", "none"): 600,
    ("empathetic_dialogues", "employment"): 700,
    ("empathetic_dialogues", "finance"): 700,
    ("empathetic_dialogues", "relationships"): 700,
    ("empathetic_dialogues", "legal"): 500,
    ("empathetic_dialogues", "health"): 400,
    ("empathetic_dialogues", "none"): 1600,
    ("cfpb_narratives", "finance"): 600,
    ("cfpb_narratives", "legal"): 200,
    ("cfpb_narratives", "employment"): 100,
    ("cfpb_narratives", "health"): 50,
    ("cfpb_narratives", "none"): 150,
    ("medquad_answers", "none"): 1800,
}
PER_DOC = {"drugscom_reviews": 3, "mtsamples": 8, "cfpb_narratives": 4, "medquad_answers": 3}
BIRTH_CONTROL_CAP = 200


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--raw", required=True)
    ap.add_argument("--phee", required=True)
    ap.add_argument("--medquad", required=True)
    ap.add_argument("--exclude", nargs="*", default=[])
    ap.add_argument("--out", required=True)
    a = ap.parse_args()

    cands = defaultdict(list)  # (source, category) -> [(sha, rec)]

    def add(source, doc, text, lab, extra=None):
        if not lab:
            return
        text = re.sub(r"\s+", " ", text).strip()
        if not ok_len(text):
            return
        cat, owner = lab
        rec = {"text": text, "source": source, "category": cat, "owner": owner, "doc": doc}
        if extra:
            rec["_extra"] = extra
        cands[(source, cat)].append(rec)

    r = a.raw.rstrip("/")
    for doc, s in ed_sentences([f"{r}/ed_hypemo_train.csv", f"{r}/ed_hypemo_valid.csv", f"{r}/ed_hypemo_test.csv"]):
        add("empathetic_dialogues", doc, s, label_story(s))
    for doc, s in cfpb_sentences(f"{r}/cfpb_complaints.csv"):
        add("cfpb_narratives", doc, s, label_cfpb(s))
    for doc, s, drug, cond in drug_sentences(f"{r}/drugs_train.csv"):
        add("drugscom_reviews", doc, s, label_drug(s, drug), extra=cond)
    for doc, section, s in mts_sentences(f"{r}/mtsamples.csv"):
        add("mtsamples", doc, s, label_mts(section, s))
    for name, text in git_texts(a.phee, "data/clean", ".txt"):
        doc = "phee:" + name.rsplit("/", 1)[-1].split("_")[0]
        for s in split_sentences(text.strip()):
            lab, s2 = label_phee(s)
            add("phee_case_reports", doc, s2, lab)
    for doc, s in medquad_sentences(a.medquad):
        add("medquad_answers", doc, s, label_medquad(s))

    excluded = set()
    for path in a.exclude:
        with open(path, encoding="utf-8") as f:
            for line in f:
                line = line.strip()
                if line:
                    excluded.add(norm(json.loads(line)["text"]))

    seen = set(excluded)
    out = []
    stats = Counter()
    for key in sorted(cands):
        source, cat = key
        recs = sorted(cands[key], key=lambda x: sha(x["text"]))
        per_doc = Counter()
        cond_n = Counter()
        kept = 0
        cap = CAPS.get(key, 0)
        for rec in recs:
            if kept >= cap:
                break
            k = norm(rec["text"])
            if k in seen:
                continue
            if per_doc[rec["doc"]] >= PER_DOC.get(source, 10**6):
                continue
            cond = rec.pop("_extra", None)
            if cond is not None and cond == "Birth Control":
                if cond_n[cond] >= BIRTH_CONTROL_CAP:
                    continue
                cond_n[cond] += 1
            seen.add(k)
            per_doc[rec["doc"]] += 1
            out.append(rec)
            kept += 1
        stats[key] = (kept, len(recs))
    out.sort(key=lambda x: (x["source"], x["category"], sha(x["text"])))
    with open(f"{a.out}/sentences_more.jsonl", "w", encoding="utf-8") as f:
        for rec in out:
            rec.pop("_extra", None)
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")
    for key in sorted(stats):
        print(f"{key[0]:22s} {key[1]:14s} kept {stats[key][0]:5d} of {stats[key][1]:6d}")
    cats = Counter(x["category"] for x in out)
    print("total", len(out), dict(sorted(cats.items())))


if __name__ == "__main__":
    main()
