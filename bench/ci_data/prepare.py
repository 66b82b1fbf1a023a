#!/usr/bin/env python3
"""Rebuild sentences.jsonl and heldout_messages.jsonl from fetched public snapshots.

Deterministic: no randomness; sampling uses sha1 order; output sorted.

Usage:
  python3 prepare.py --confaide <git dir or checkout of skywalker023/confaide> \
      --counselchat <git dir or checkout of nbertagnolli/counsel-chat> \
      --sgd <git dir or checkout of google-research-datasets/dstc8-schema-guided-dialogue> \
      --chatterbot <chatterbot_corpus-1.3.3 wheel (.whl) from PyPI> \
      --out /work/outside

Each repository argument may be a bare git dir (read at HEAD with `git show`) or a
plain working tree.  Files missing from a snapshot (e.g. >4 MiB blobs) are skipped.
"""

import argparse
import collections
import csv
import hashlib
import io
import json
import os
import re
import subprocess
import sys
import zipfile

csv.field_size_limit(10**8)


# ----------------------------------------------------------------------------- io
class Repo:
    def __init__(self, path):
        self.path = path
        self.bare = os.path.isfile(os.path.join(path, "HEAD")) and os.path.isdir(os.path.join(path, "objects"))

    def _git(self, *args):
        return subprocess.run(["git", "--git-dir=" + self.path, *args], check=True, capture_output=True).stdout

    def head(self):
        if self.bare:
            return self._git("rev-parse", "HEAD").decode().strip()
        try:
            return (
                subprocess.run(["git", "-C", self.path, "rev-parse", "HEAD"], check=True, capture_output=True)
                .stdout.decode()
                .strip()
            )
        except Exception:
            return "unknown"

    def ls(self):
        if self.bare:
            return sorted(self._git("ls-tree", "-r", "--name-only", "HEAD").decode().split("\n"))
        out = []
        for root, _, files in os.walk(self.path):
            for f in files:
                out.append(os.path.relpath(os.path.join(root, f), self.path))
        return sorted(out)

    def read(self, rel):
        """bytes or None when the blob is absent from the snapshot"""
        if self.bare:
            try:
                return self._git("show", "HEAD:" + rel)
            except subprocess.CalledProcessError:
                return None
        p = os.path.join(self.path, rel)
        return open(p, "rb").read() if os.path.exists(p) else None


# ----------------------------------------------------------------------------- text utils
ABBR = r"(?:Mr|Mrs|Ms|Dr|St|Jr|Sr|Prof|vs|etc|e\.g|i\.e|a\.m|p\.m|U\.S|No)"


def split_sentences(text):
    """Regex sentence splitter (no external deps). Also splits on line breaks."""
    out = []
    for para in re.split(r"\s*\n+\s*", text):
        para = re.sub(r"\s+", " ", para).strip()
        if not para:
            continue
        # protect abbreviations
        prot = re.sub(r"\b(" + ABBR + r")\.", lambda m: m.group(1).replace(".", "\x00") + "\x00", para)
        parts = []
        start = 0
        for m in re.finditer(r"[.!?]+[\"'\u201d\u2019)]?(\s+)(?=[\"'\u201c\u2018(]?[A-Z0-9])", prot):
            parts.append(prot[start : m.start(1)])
            start = m.end(1)
        parts.append(prot[start:])
        for p in parts:
            p = p.replace("\x00", ".").strip()
            if p:
                out.append(p)
    return out


def norm(s):
    return re.sub(r"\s+", " ", s.lower()).strip()


def sha(s):
    return hashlib.sha1(s.encode("utf-8")).hexdigest()


def rx(words):
    return re.compile(r"\b(?:" + "|".join(words) + r")", re.I)


# ----------------------------------------------------------------------------- lexicons
LEX = {
    "health": rx(
        [
            r"depress",
            r"anxi",
            r"panic",
            r"suicid",
            r"kill(?:ing)? (?:my|him|her)self",
            r"self[- ]harm",
            r"cutting",
            r"cut (?:my|him|her)self",
            r"bipolar",
            r"schizo",
            r"ptsd\b",
            r"ocd\b",
            r"adhd\b",
            r"autis",
            r"eating disorder",
            r"anorexi",
            r"bulimi",
            r"binge",
            r"therap",
            r"psychiatr",
            r"psycholog",
            r"counsel(?:ing|or|ling)",
            r"medicat",
            r"meds\b",
            r"antidepress",
            r"diagnos",
            r"disorder",
            r"hospitali",
            r"insomnia",
            r"sober",
            r"sobriety",
            r"rehab",
            r"addict",
            r"alcohol",
            r"drunk",
            r"drinking",
            r"drugs?\b",
            r"weed\b",
            r"marijuana",
            r"cocaine",
            r"heroin",
            r"relapse",
            r"pregnan",
            r"miscarr",
            r"abortion",
            r"worthless",
            r"hopeless",
            r"trauma",
            r"abuse",
            r"abusive",
            r"rape",
            r"raped",
            r"molest",
            r"sexual(?:ly)? assault",
            r"phobia",
            r"hallucinat",
            r"hearing voices",
            r"mental",
            r"self[- ]esteem",
            r"cancer",
            r"disease",
            r"illness",
            r"syndrome",
            r"chronic",
            r"seizure",
            r"insecur",
            r"lonel",
            r"grief",
            r"grieving",
            r"overweight",
            r"weight",
            r"surgery",
            r"std\b",
            r"hiv\b",
            r"herpes",
            r"disabilit",
            r"disabled",
            r"sick\b",
            r"nightmares?",
            r"paranoi",
            r"obsess",
            r"compulsi",
            r"intrusive",
            r"porn",
            r"masturbat",
            r"erectile",
            r"libido",
            r"panic attack",
            r"stroke\b",
            r"heart attack",
            r"dementia",
            r"alzheimer",
            r"anger (?:issues|problems)",
        ]
    ),
    # weak: emotional states; only used when no other category matched
    "health_weak": rx(
        [
            r"crying",
            r"cry\b",
            r"angry",
            r"anger",
            r"rage\b",
            r"stress",
            r"overwhelm",
            r"numb\b",
            r"empty\b",
            r"sad\b",
            r"sadness",
            r"scared",
            r"afraid",
            r"fear",
            r"terrified",
            r"nervous",
            r"worr",
            r"jealous",
            r"ashamed",
            r"shame",
            r"guilt",
            r"passed away",
            r"died",
            r"moodiness",
            r"mood swings",
        ]
    ),
    "beliefs": rx(
        [
            r"gay\b",
            r"lesbian",
            r"bisexual",
            r"bi-sexual",
            r"transgender",
            r"trans\b",
            r"queer",
            r"sexual orientation",
            r"homosexual",
            r"came out",
            r"coming out",
            r"come out",
            r"closet",
            r"asexual",
            r"pansexual",
            r"gender",
            r"born a (?:girl|boy|man|woman)",
            r"want to be a (?:boy|girl)",
            r"attracted to (?:men|women|guys|girls|the same)",
            r"same[- ]sex",
            r"religio",
            r"christian",
            r"muslim",
            r"islam",
            r"atheis",
            r"catholic",
            r"jewish",
            r"buddhis",
            r"hindu",
            r"church",
            r"mosque",
            r"god\b",
            r"faith",
            r"spiritual",
            r"politic",
            r"democrat",
            r"republican",
        ]
    ),
    "legal": rx(
        [
            r"arrest",
            r"jail",
            r"prison",
            r"police",
            r"court\b",
            r"lawsuit",
            r"sued\b",
            r"sue\b",
            r"probation",
            r"parole",
            r"criminal",
            r"convict",
            r"felony",
            r"misdemeanor",
            r"dui\b",
            r"deport",
            r"immigra",
            r"restraining order",
            r"lawyer",
            r"attorney",
            r"charged with",
        ]
    ),
    "finance": rx(
        [
            r"debt",
            r"bankrupt",
            r"loan",
            r"salary",
            r"can'?t afford",
            r"cannot afford",
            r"unemploy",
            r"(?:I'?m|I am|we'?re|we are) (?:so |completely )?broke\b",
            r"mortgage",
            r"foreclos",
            r"evict",
            r"credit card",
            r"paycheck",
            r"income",
            r"gambl",
        ]
    ),
    "employment": rx(
        [
            r"fired",
            r"my boss",
            r"co-?workers?",
            r"laid off",
            r"lay-?off",
            r"my manager",
            r"my supervisor",
            r"promot",
            r"demot",
            r"disciplin",
            r"performance review",
            r"quit my job",
            r"lost my job",
            r"my job\b",
            r"workplace",
            r"my employer",
        ]
    ),
    "relationships": rx(
        [
            r"divorc",
            r"separat",
            r"cheat",
            r"affair",
            r"unfaithful",
            r"infidel",
            r"boyfriend",
            r"girlfriend",
            r"husband",
            r"wife\b",
            r"fianc",
            r"partner",
            r"ex\b",
            r"ex-",
            r"married",
            r"marriage",
            r"broke up",
            r"break ?up",
            r"dating",
            r"sex\b",
            r"sexual",
            r"custody",
            r"in-laws?",
            r"mother-in-law",
            r"father-in-law",
            r"my (?:mom|mother|dad|father|parents?|"
            r"sister|brother|family|stepmom|stepdad|stepfather|stepmother|grandm\w*|grandp\w*)",
            r"relationship",
            r"love him",
            r"love her",
            r"in love",
            r"crush",
            r"intimac",
        ]
    ),
}
MINOR_HEALTH = rx(
    [
        r"disorder",
        r"adhd",
        r"autis",
        r"depress",
        r"anxi",
        r"bipolar",
        r"suicid",
        r"self[- ]harm",
        r"cutting",
        r"diagnos",
        r"sick\b",
        r"drugs?\b",
        r"alcohol",
        r"drinking",
        r"porn",
        r"sexual",
        r"therap",
        r"medicat",
        r"eating disorder",
        r"anorexi",
        r"weight",
        r"abuse",
        r"molest",
        r"trauma",
    ]
)
CHILD = re.compile(
    r"\b(?:my|our) (?:\d+[- ]?(?:year|yr|month)[- ]?old|(?:step)?sons?|(?:step)?daughters?|"
    r"step ?child(?:ren)?|child(?:ren)?|kids?|toddler|teen(?:ager)?|baby|little (?:boy|girl)|grand(?:son|daughter|child))\b",
    re.I,
)
FIRST = re.compile(r"\b(?:I|I'm|I’m|I've|I’ve|I'd|I’d|I'll|me|my|myself|we|our|us|im)\b", re.I)
SELFSUBJ = re.compile(r"\b(?:I|I'm|I’m|I've|I’ve|I'd|I’d|me|myself|im)\b", re.I)
RELATIVE = re.compile(
    r"\b(?:my|our) (?:husband|wife|boyfriend|girlfriend|partner|mom|mother|dad|father|sister|"
    r"brother|friend|best friend|son|daughter|parents?|fianc\w*|ex|roommate|coworker|co-worker|"
    r"boss|cousin|aunt|uncle|grandm\w*|grandp\w*|stepmom|stepdad|stepfather|stepmother)\b",
    re.I,
)
ADVICE_Q = re.compile(r"^(?:what|how|is|are|should|can|could|do|does|why|where|when|who|any|would|am)\b[^.!]*\?$", re.I)
# any cue that a benign-source sentence might state something private -> skip rather than guess
SENSITIVE_CUE = re.compile(
    "|".join(p.pattern for p in LEX.values())
    + "|"
    + CHILD.pattern
    + r"|\b(?:password|passcode|pin\b|ssn|social security|passport|date of birth|"
    r"birthday|account number|routing|credit|bank|address|live at|live in|doctor|dentist|"
    r"hospital|pregnant|salary|medical|health|divorce|secret|confidential)",
    re.I,
)


def classify_personal(s):
    """category for a first-person help-seeking sentence, or None"""
    if CHILD.search(s) and not re.search(r"pregnan|cheat|affair|divorc", s, re.I):
        if MINOR_HEALTH.search(s) or LEX["legal"].search(s) or LEX["beliefs"].search(s):
            return "minors"
        if re.search(
            r"\b(?:tantrum|bull(?:y|ied|ies)|lying|lies|steal|suspend|expell|grades?|misbehav|"
            r"disrespect|hits?|hitting|sneak|runaway|ran away|won'?t listen|defian|aggress)",
            s,
            re.I,
        ):
            return "minors"
    for cat in ("beliefs", "health", "legal", "finance", "relationships", "employment"):
        if LEX[cat].search(s):
            return cat
    if LEX["health_weak"].search(s):
        return "health"
    return None


ADVICE_PREFIX = re.compile(
    r"^(?:how|what|should|can|could|is there a way|when|why|where)\b[^,.]{0,25}?\b(?:I|we)"
    r"\b(?: (?:help|get|support|deal with|handle|tell|approach|talk to|know if|cope with))?",
    re.I,
)


def owner_of(s, cat):
    if cat == "minors":
        return "third"
    rest = ADVICE_PREFIX.sub("", s)
    if RELATIVE.search(rest) and not SELFSUBJ.search(rest):
        return "third"
    return "self"


# ----------------------------------------------------------------------------- ConfAIde tier 3
T3_CAT = {
    "abortion": "health",
    "belief/ideology": "beliefs",
    "infidelity": "relationships",
    "mental health issues": "health",
    "physical discontent": "health",
    "rare diseases": "health",
    "self-harm": "health",
    "sexual orientation": "beliefs",
    "work/academic cheating": "employment",
}
T3_LEX = {
    "abortion": [r"abort", r"pregnan", r"terminat"],
    "belief/ideology": [
        r"religio",
        r"belief",
        r"believ",
        r"faith",
        r"atheis",
        r"convert",
        r"conversion",
        r"ideolog",
        r"extremis",
        r"radical",
        r"cult\b",
        r"church",
        r"mosque",
        r"muslim",
        r"christian",
        r"islam",
        r"politic",
        r"skeptic",
        r"god\b",
        r"doctrine",
        r"spiritual",
        r"agnostic",
        r"buddhis",
        r"hindu",
        r"jewish",
        r"catholic",
        r"anarch",
        r"communis",
        r"socialis",
        r"fundamental",
    ],
    "infidelity": [
        r"affair",
        r"unfaithful",
        r"cheat",
        r"infidel",
        r"adulter",
        r"betray",
        r"fling",
        r"fidelity",
        r"another (?:woman|man)",
        r"kiss",
        r"one-night",
        r"one night stand",
        r"emotional(?:ly)? involved",
    ],
    "mental health issues": [
        r"depress",
        r"anxi",
        r"mental",
        r"bipolar",
        r"panic",
        r"therap",
        r"psychiatr",
        r"ocd\b",
        r"ptsd\b",
        r"suicid",
        r"disorder",
        r"breakdown",
        r"medicat",
        r"schizo",
        r"counsel",
        r"psycholog",
        r"burnout",
        r"insomnia",
    ],
    "physical discontent": [
        r"appearance",
        r"weight",
        r"\bbody",
        r"surgery",
        r"cosmetic",
        r"eating disorder",
        r"anorexi",
        r"bulimi",
        r"diet",
        r"self-esteem",
        r"insecur",
        r"looks\b",
        r"birthmark",
        r"beautiful",
        r"overweight",
        r"discontent",
        r"unattractive",
        r"rhinoplasty",
        r"nose",
        r"ugly",
        r"liposuction",
        r"dissatisf",
        r"image",
    ],
    "rare diseases": [
        r"disease",
        r"diagnos",
        r"syndrome",
        r"illness",
        r"hospital",
        r"treatment",
        r"disorder",
        r"condition",
        r"chronic",
        r"cancer",
        r"rare",
        r"sclero",
        r"marfan",
        r"gaucher",
        r"lupus",
        r"dystroph",
        r"autoimmune",
        r"genetic",
        r"surgery",
        r"symptom",
    ],
    "self-harm": [
        r"self-harm",
        r"self harm",
        r"harm(?:ing|ed)? (?:him|her|them)self",
        r"cutting",
        r"cut (?:him|her|them)self",
        r"suicid",
        r"scars?\b",
        r"therap",
        r"hurt(?:ing)? (?:him|her)self",
        r"depress",
        r"wound",
    ],
    "sexual orientation": [
        r"gay\b",
        r"lesbian",
        r"bisexual",
        r"sexual orientation",
        r"homosexual",
        r"came out",
        r"coming out",
        r"queer",
        r"same-sex",
        r"transgender",
        r"sexuality",
        r"attracted to",
        r"pansexual",
        r"asexual",
        r"closet",
        r"orientation",
        r"identit",
    ],
    "work/academic cheating": [
        r"cheat",
        r"plagiar",
        r"falsif",
        r"dishonest",
        r"copied",
        r"copying",
        r"fabricat",
        r"credit for",
        r"unethical",
        r"fraud",
        r"tamper",
        r"manipulat",
        r"fudg",
        r"doctor(?:ed)?",
        r"steal",
        r"stole",
        r"misconduct",
        r"embezzl",
        r"fake",
        r"faked",
    ],
}
T3_PERSONAL = re.compile(
    r"\b(?:felt|feels?|feeling|struggl\w*|considering|considered|suffer\w*|diagnosed|"
    r"(?:his|her|their) own|confid\w*|opened up|confess\w*|admitted|distress\w*|sister|brother|"
    r"son|daughter|mother|father|cousin|going through|went through|been through|worried|"
    r"depressed|tempted|pressur\w*|desperate|lost|alone|himself|herself|planning|tasked|"
    r"struggle)\b",
    re.I,
)
T3_GENERIC = re.compile(
    r"\b(?:topic|subject|stereotyp\w*|believes?|believed|belief that|anyone|anybody|nobody|"
    r"no one|people|those who|never|bet|betting|wager\w*|someone who|individuals|person who|"
    r"came up|arose|arises|surfaced)\b",
    re.I,
)
TOPIC_STOP = {
    "change",
    "conversion",
    "issues",
    "mental",
    "health",
    "discontent",
    "physical",
    "sexual",
    "orientation",
    "work",
    "project",
    "cheating",
    "related",
    "beliefs",
    "disease",
    "diseases",
    "through",
    "journey",
    "treatment",
    "success",
    "story",
    "specific",
    "setting",
}


def confaide_tier3(repo):
    txt = repo.read("benchmark/tier_3.txt").decode("utf-8")
    blocks = re.findall(r"<BEGIN><([^>]*)>\n(.*?)<END><[^>]*><([^>]*)>", txt, re.S)
    rows = []
    for bi, (hdr, body, meta) in enumerate(blocks):
        stype = hdr.split(",")[0].strip()
        md = dict(kv.split(": ", 1) for kv in meta.split(",") if ": " in kv)
        about = md.get("About", "").strip()
        topic = md.get("Topic", "")
        words = list(T3_LEX[stype])
        for w in re.findall(r"[A-Za-z]{6,}", topic):
            if w.lower() not in TOPIC_STOP:
                words.append(re.escape(w.lower()[:-1]))  # crude stem
        kw = rx(words)
        doc = "confaide_tier3:%03d" % bi
        paras = [p for p in re.split(r"\n\s*\n", body.strip()) if p.strip()]
        secret_paras, last = paras[:-1], paras[-1]
        subj = re.compile(rf"\b(?:{re.escape(about)}|he|she|his|her|him|they|their)\b", re.I) if about else None
        for pi, p in enumerate(secret_paras):
            for si, s in enumerate(split_sentences(p)):
                if pi == 0 and si == 0 and not kw.search(s):
                    rows.append((s, "confaide_tier3", "none", "none", doc))  # "X, Y and Z are co-workers."
                elif kw.search(s) and subj and subj.search(s):
                    rows.append((s, "confaide_tier3", T3_CAT[stype], "third", doc))
                # other sentences in the secret paragraph: ambiguous (refer to the secret) -> dropped
        for s in split_sentences(last):
            if about and (re.search(rf"\b{re.escape(about)}\b", s) or re.search(r"\bcase\b", s)):
                continue  # may allude to the secret -> dropped
            if s.startswith("What should"):
                rows.append((s, "confaide_tier3", "none", "none", doc))
            elif T3_PERSONAL.search(s):
                continue  # the questioner/other may be disclosing their own situation -> dropped
            elif kw.search(s) or SENSITIVE_CUE.search(s):
                # keep only generic statements/opinions about the topic (hard negatives)
                if T3_GENERIC.search(s):
                    rows.append((s, "confaide_tier3", "none", "none", doc))
            else:
                rows.append((s, "confaide_tier3", "none", "none", doc))
    return rows


# ----------------------------------------------------------------------------- ConfAIde tier 2a / 2b
T2_TYPES = [  # (regex over the vignette, category of a concrete fact, keywords marking the info type)
    (r"friends and what they like|friends' likes|friends and their interests", None, r"friend|interest|likes"),
    (r"purchasing habits", None, r"purchas|shopping|buy|bought|spend"),
    (r"political views", "beliefs", r"politic|candidate|vot|democrat|republican|liberal|conservative|campaign|party"),
    (
        r"religious and spiritual views",
        "beliefs",
        r"religio|spiritual|faith|belief|church|christian|muslim|buddhis|hindu|jewish|catholic|atheist|god\b|devout|"
        r"pray|karma|reincarnation|meditat",
    ),
    (
        r"health and medications|health and the medications|state of your health",
        "health",
        r"health|medic|diagnos|treat|symptom|condition|prescri|diabet|doctor|pill|illness|disease|wellness|wellbeing",
    ),
    (r"social security number", "identity", r"social security|ssn|identif|number"),
    (
        r"physical location over time",
        "location",
        r"location|where|whereabouts|gps|track|movement|route|visited|"
        r"travel|place|map",
    ),
]
T2B_POS = [
    (
        re.compile(
            r"\b(?:a devout,? |devout, |belief within |as an? (?:devout )?)(?:christian|muslim|buddhis\w*|hindu\w*|"
            r"jew\w*|catholic\w*|atheist|protestant|mormon|sikh)\b",
            re.I,
        ),
        "beliefs",
    ),
    (re.compile(r"\b(?:as a diabetic|combating diabetes|was diagnosed with \w+)", re.I), "health"),
    (re.compile(r"\b\d{3}-\d{2}-\d{4}\b"), "identity"),
]


def confaide_tier2(repo):
    rows = []
    ref_lines = repo.read("benchmark/tier_2a.txt").decode("utf-8").splitlines()
    for tier in ("2a", "2b"):
        lines = repo.read(f"benchmark/tier_{tier}.txt").decode("utf-8").splitlines()
        for li, line in enumerate(lines):
            if "\\n" not in line:
                continue
            story = line.split("\\n", 1)[1].strip()
            doc = "confaide_tier%s:%03d" % (tier, li)
            # info type is given by the line order in 2a (same order as 2b); detect from 2a text
            typ = None
            ref = ref_lines[li]
            for pat, cat, kws in T2_TYPES:
                if re.search(pat, ref, re.I):
                    typ = (cat, re.compile(kws, re.I))
                    break
            for s in split_sentences(story):
                if tier == "2a":
                    # "Information about X is collected by Y in order to Z." describes a practice, no fact
                    rows.append((s, "confaide_tier2a", "none", "none", doc))
                    continue
                pos = None
                for prx, pcat in T2B_POS:
                    if prx.search(s):
                        pos = pcat
                        break
                if pos:
                    rows.append((s, "confaide_tier2b", pos, "third", doc))
                elif typ and typ[1].search(s):
                    continue  # mentions the information type without a concrete fact: ambiguous -> dropped
                elif SENSITIVE_CUE.search(s):
                    continue
                else:
                    rows.append((s, "confaide_tier2b", "none", "none", doc))
    return rows


# ----------------------------------------------------------------------------- ConfAIde tier 4 (held-out)
T4_CAT = {
    "surprise birthday": "confidential",
    "move to VISTA": "employment",
    "maternity leave": "health",
    "LME project": "confidential",
    "health concerns": "health",
}


T4_CUES = {
    "surprise birthday": [r"surprise", r"birthday"],
    "move to VISTA": [r"VISTA", r"better offer"],
    "maternity leave": [r"maternity", r"pregnan"],
    "LME project": [r"\bLME\b", r"leaking"],
    "health concerns": [r"health concern", r"doctor"],
}


def confaide_tier4(repo):
    raw = repo.read("benchmark/tier_4.txt").decode("utf-8")
    ev = repo.read("eval.py").decode("utf-8")
    # the repository's own instructions / questions (eval.py), minus the added privacy sentence
    instr = {}
    for qtype in ("meeting-summary", "action-item"):
        m = re.search(rf'question_type.. == "{qtype}":\s*\n\s*instruction = "Instruction: (.*?)\\n', ev)
        text = m.group(1)
        text = re.sub(r"\s*Please preserve privacy.*$", "", text)
        instr[qtype] = text
    q = {
        "meeting-summary": re.search(r"'question': \"(Now generate an appropriate summary[^\\]*)\\n", ev).group(1),
        "action-item": re.search(r"'question': \"(Now generate Kate's personal action items[^\\]*)\\n", ev).group(1),
    }
    recipient = {}
    for qtype in instr:
        m = re.search(r"will be automatically sent to (.*?)(?:, no matter when they joined)?\.", instr[qtype])
        recipient[qtype] = m.group(1)
    recipient["action-item"] = "Kate"  # 'the corresponding attendee' of "Kate's action items"
    recs = []
    for mi, m in enumerate(re.finditer(r"<BEGIN><([^>]*)>\n(.*?)<END><([^>]*)>", raw, re.S)):
        hdr, body, ftr = m.group(1), m.group(2), m.group(3)
        assert hdr == ftr
        priv, pub = [x.strip() for x in hdr.split(",")]
        text = body.replace("\n\n\n", "\n").replace("\n\n", "\n")  # same normalisation as eval.py
        lines = text.split("\n")
        secret_lines = [l for l in lines if l.startswith("Alice: Yeah! This reminds me,")]
        assert len(secret_lines) == 1, hdr
        sl = secret_lines[0]
        sm = re.match(r"Alice: Yeah! This reminds me, (.*?)(?:[.,] [Tt]his stays between us|\. Don't forget)", sl)
        sensitive = sm.group(1)
        pl = [l for l in lines if "it's important to remember" in l]
        assert len(pl) == 1
        pm = re.search(r"it's important to remember (?:that )?(.*?)! Also", pl[0])
        needed = [pm.group(1)]
        assert pub.lower() in needed[0].lower()
        other = [re.search(r"(Bob, do you mind sending the project invoices to accounting\?)", pl[0]).group(1)]
        benign = "\n".join(l for l in lines if l != sl)
        for qtype in ("meeting-summary", "action-item"):
            task = instr[qtype] + " " + q[qtype]
            base = {
                "source": "confaide_tier4",
                "task": task,
                "question_type": qtype,
                "recipient": recipient[qtype],
                "private_info": priv,
                "public_info": pub,
            }
            r1 = dict(
                id="confaide_t4_%02d_%s" % (mi, qtype),
                text=text,
                sensitive=[sensitive],
                needed=needed,
                other_public=other,
                category=T4_CAT[priv],
                owner="third",
                variant="with_secret",
                **base,
            )
            r2 = dict(
                id="confaide_t4_%02d_%s_benign" % (mi, qtype),
                text=benign,
                sensitive=[],
                needed=needed,
                other_public=other,
                category="none",
                owner="none",
                variant="secret_removed",
                **base,
            )
            for r in (r1, r2):
                for s in r["sensitive"] + r["needed"] + r["other_public"]:
                    assert s in r["text"], (r["id"], s)
            for cue in T4_CUES[priv]:
                assert not re.search(cue, benign, re.I), (hdr, cue)
            assert sensitive not in benign
            recs += [r1, r2]
    return recs


# ----------------------------------------------------------------------------- CounselChat
def counselchat(repo):
    qs = {}
    for path, idcol, topcol in (
        ("data/20200325_counsel_chat.csv", "questionID", "topic"),
        ("data/counselchat-data.csv", "questionID", "topics"),
    ):
        b = repo.read(path)
        if b is None:
            continue
        for r in csv.DictReader(io.StringIO(b.decode("utf-8"))):
            body = (r.get("questionText") or "").strip()
            title = (r.get("questionTitle") or "").strip()
            key = norm(body)[:200] or norm(title)
            if not key or key in qs:
                continue
            qs[key] = (r[idcol], title, body, r.get(topcol, ""))
    rows = []
    for key in sorted(qs):
        qid, title, body, topic = qs[key]
        doc = "counselchat:" + qid
        sents = split_sentences(title) + split_sentences(body)
        for s in sents:
            if len(s.split()) < 3:
                continue
            cat = classify_personal(s)
            if cat and FIRST.search(s):
                rows.append((s, "counselchat", cat, owner_of(s, cat), doc))
            elif (
                cat is None
                and ADVICE_Q.match(s)
                and not SENSITIVE_CUE.search(s)
                and len(s.split()) <= 10
                and not re.search(r"\b(?:my|our)\b", s, re.I)
            ):
                rows.append((s, "counselchat", "none", "none", doc))
            # everything else (vague personal statements) is dropped: not clearly private, not clearly benign
    return rows


# ----------------------------------------------------------------------------- SGD (negatives)
SGD_KEEP = {"Alarm", "Events", "Media", "Movies", "Music", "Restaurants", "Weather"}


def sgd(repo, n_max):
    cands = {}
    for f in repo.ls():
        if not re.match(r"(?:train|dev|test)/dialogues_\d+\.json$", f):
            continue
        b = repo.read(f)
        if b is None:
            continue
        for dl in json.loads(b):
            if not all(s.split("_")[0] in SGD_KEEP for s in dl["services"]):
                continue
            doc = "sgd:{}:{}".format(f.split("/")[0], dl["dialogue_id"])
            for t in dl["turns"]:
                if t["speaker"] != "USER":
                    continue
                for s in split_sentences(t["utterance"]):
                    if len(s.split()) < 4 or SENSITIVE_CUE.search(s):
                        continue
                    k = norm(s)
                    if k not in cands or doc < cands[k][1]:
                        cands[k] = (s, doc)
    keys = sorted(cands, key=sha)[:n_max]
    return [(cands[k][0], "sgd", "none", "none", cands[k][1]) for k in keys]


# ----------------------------------------------------------------------------- chatterbot-corpus (negatives)
CB_KEEP = {
    "ai",
    "computers",
    "conversations",
    "food",
    "greetings",
    "history",
    "humor",
    "literature",
    "movies",
    "science",
    "sports",
    "trivia",
    "tech_support",
}  # 'coding' dropped: code lines


def chatterbot(wheel):
    import yaml

    rows = []
    with zipfile.ZipFile(wheel) as z:
        for name in sorted(z.namelist()):
            m = re.match(r"chatterbot_corpus/data/english/(\w+)\.yml$", name)
            if not m or m.group(1) not in CB_KEEP:
                continue
            data = yaml.safe_load(z.read(name).decode("utf-8"))
            for ci, conv in enumerate(data.get("conversations", [])):
                doc = "chatterbot:%s:%03d" % (m.group(1), ci)
                for line in conv:
                    if not isinstance(line, str):
                        continue
                    for s in split_sentences(line):
                        if len(s.split()) < 3 or SENSITIVE_CUE.search(s):
                            continue
                        rows.append((s, "chatterbot", "none", "none", doc))
    return rows


# ----------------------------------------------------------------------------- main
def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--confaide", required=True)
    ap.add_argument("--counselchat")
    ap.add_argument("--sgd")
    ap.add_argument("--chatterbot")
    ap.add_argument("--sgd-max", type=int, default=4000)
    ap.add_argument("--out", default=os.path.dirname(os.path.abspath(__file__)))
    a = ap.parse_args()

    conf = Repo(a.confaide)
    rows = confaide_tier3(conf) + confaide_tier2(conf)
    if a.counselchat:
        rows += counselchat(Repo(a.counselchat))
    if a.sgd:
        rows += sgd(Repo(a.sgd), a.sgd_max)
    if a.chatterbot:
        rows += chatterbot(a.chatterbot)

    # dedupe by normalised text; drop texts seen with conflicting labels
    by = collections.OrderedDict()
    for s, src, cat, own, doc in rows:
        by.setdefault(norm(s), []).append((s, src, cat, own, doc))
    out, conflicts = [], 0
    for k, lst in by.items():
        labels = {(c, o) for _, _, c, o, _ in lst}
        if len(labels) > 1:
            conflicts += 1
            continue
        s, src, cat, own, doc = min(lst, key=lambda r: (r[1], r[4]))
        out.append({"text": s, "source": src, "category": cat, "owner": own, "doc": doc})
    out.sort(key=lambda r: (r["source"], r["doc"], sha(r["text"])))
    with open(os.path.join(a.out, "sentences.jsonl"), "w") as f:
        for r in out:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")

    held = confaide_tier4(conf)
    with open(os.path.join(a.out, "heldout_messages.jsonl"), "w") as f:
        for r in held:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")

    c = collections.Counter((r["source"], r["category"]) for r in out)
    o = collections.Counter((r["source"], r["owner"]) for r in out)
    print("sentences:", len(out), "conflicting texts dropped:", conflicts, file=sys.stderr)
    for k in sorted(c):
        print("  %-16s %-14s %5d" % (k[0], k[1], c[k]), file=sys.stderr)
    for k in sorted(o):
        print("  owner %-16s %-6s %5d" % (k[0], k[1], o[k]), file=sys.stderr)
    print("heldout records:", len(held), file=sys.stderr)


if __name__ == "__main__":
    main()
