#!/usr/bin/env python3
"""Build sentences_health.jsonl: physical-health disclosures written by patients.

Usage (from /work/outside):
  python3 health/prepare.py --covid raw/health/COVID-Dialogue-Dataset-English.txt \
      --genmed raw/health/chatdoctor5k.json --out health
Deterministic: no randomness; caps take the first N candidates in sha1(text) order; output sorted by sha1.
"""

import argparse
import hashlib
import json
import re
from collections import defaultdict

# ---- keyword lexicon (physical health only) --------------------------------------------
BODY = r"(head|neck|throat|chest|lungs?|heart|back|spine|shoulders?|arms?|elbows?|wrists?|hands?|fingers?|hips?|knees?|legs?|ankles?|feet|foot|toes?|stomach|abdomen|belly|bowels?|kidneys?|liver|bladder|prostate|uterus|womb|ovar(y|ies)|breasts?|testes|testicles?|eyes?|ears?|nose|sinus(es)?|teeth|tooth|gums?|jaw|skin|bones?|joints?|muscles?|veins?|blood|thyroid|pancreas|colon|gall ?bladder|tonsils?)"
COND = r"(diabet\w*|asthma\w*|hypertension|blood pressure|bp|cholesterol|cancer|tumou?r|chemo\w*|arthritis|copd|bronchitis|pneumonia|tb|tuberculosis|hiv|hepatitis|thyroid\w*|hypothyroid\w*|hyperthyroid\w*|anemi\w*|anaemi\w*|allerg\w*|sinusitis|migraines?|epilep\w*|seizures?|stroke|heart attack|angina|infection|infected|fever|cough\w*|cold|flu|sore throat|phlegm|mucus|wheez\w*|breathless\w*|shortness of breath|pain\w*|ache\w*|aching|headaches?|swollen|swelling|rash\w*|itch\w*|bleed\w*|vomit\w*|nausea|diarrh\w*|constipat\w*|fractur\w*|broke|broken|sprain\w*|injur\w*|wound|burns?|cyst|lump|ulcers?|hernia|gout|psoriasis|eczema|acne|sclerosis|parkinson\w*|palsy|disabilit\w*|disabled|paraly\w*|deaf\w*|blind\w*|obes\w*|overweight|pregnan\w*|miscarr\w*|period|periods|menstrua\w*|menopaus\w*|covid(-19)?|corona\w*|positive|symptoms?|kidney stones?|stones?|polyps?|dizz\w*|vertigo|fatigue|tired|weakness|numb\w*|tingl\w*|cramps?|insomnia|snor\w*|apnea|smoker|smoking)"
PROC = r"(surgery|surgeries|operation|operated|op|transplant|bypass|stent|biopsy|scan|ct|mri|x-?ray|ultrasound|ecg|ekg|endoscopy|colonoscopy|dialysis|radiation|radiotherapy|physiotherapy|therapy|treatment|treated|hospitali[sz]\w*|hospital|admitted|icu|ventilator|oxygen|inhaler|nebuli[sz]\w*|injection|injections|vaccin\w*|test(ed|s)?|diagnos\w*|c-?section|delivery|delivered|caesarean|hysterectomy|appendectomy|amputat\w*|cast|stitches|pacemaker|prescribed|prescription)"
MED = r"(medicines?|medication|meds|tablets?|pills?|drugs?|antibiotics?|painkillers?|paracetamol|acetaminophen|ibuprofen|aspirin|tylenol|advil|benadryl|insulin|metformin|steroids?|prednisone|inhaler|syrup|antihistamine\w*|levothyroxine|thyroxine|amlodipine|losartan|statins?|atorvastatin|warfarin|azithromycin|amoxicillin|augmentin|doxycycline|cetirizine|montelukast|vitamins?|\w+ \d+ ?mg|mg)"
MENTAL_ONLY = r"(anxi\w*|depress\w*|panic|stress\w*|worr\w*|scared|afraid|fear\w*|nervous|paranoi\w*|mental)"
HEALTH = re.compile(r"\b(" + "|".join([BODY, COND, PROC, MED]) + r")\b", re.I)

FAMILY = r"(mother|mom|mum|mommy|mummy|father|dad|daddy|wife|husband|son|daughter|brother|sister|grand(mother|father|ma|pa|son|daughter)|granny|baby|child|kid|kids|children|uncle|aunt|aunty|cousin|niece|nephew|boyfriend|girlfriend|fianc\w*|partner|friend|roommate|neighbou?r|colleague|in-law|mother-in-law|father-in-law|parents?|family|relative|maid|landlord|boss)"
THIRD = re.compile(r"\b(my|our)\s+(\w+\s+)?(\d+[- ]?(year|yr|month)s?[- ]old\s+)?" + FAMILY + r"s?\b", re.I)
THIRD_PRON = re.compile(r"^(he|she|his|her|they|their)\b", re.I)
FIRST = re.compile(r"\b(i|i'm|im|i've|ive|i'd|i'll|me|my|myself|mine)\b", re.I)

QUESTION_START = re.compile(
    r"^(what|why|how|when|where|which|who|whom|whose|is|are|am|was|were|do|does|did|can|could|should|would|will|shall|may|might|must|have|has|had|any|please|kindly|pls|plz|suggest\w*|advi[sc]e\w*|advice|help|tell|guide|let me know|i want to know|i would like to know|i wanted to know|i need to know|i need your|i need advice|i am (worried|scared|afraid|concerned)|i'm (worried|scared|afraid|concerned)|thank|thanks|hello|hi|hey|dear|good (morning|evening|afternoon)|ok|okay|yes|no)\b",
    re.I,
)
REQUEST = re.compile(
    r"\b(please|kindly|suggest\w*|advi[sc]e\w*|could you|can you|would you|let me know|what should|what to do|what do i|is it (possible|safe|normal|ok|necessary)|do i need|should i|wondering|want to know|is this|is there|are there|help me)\b",
    re.I,
)
NEG_HEAD = re.compile(r"^(no|not|nor|none|nothing|never|without)\b", re.I)
HYPO = re.compile(
    r"\b(if|whether|might|maybe|may be|possibility|chance|afraid (that|of)|scared (that|of)|fear|suspect|think i (have|might|may)|i think i|could (be|have)|symptoms? of covid|covid symptoms?)\b",
    re.I,
)
COVID_ONLY = re.compile(r"\b(covid(-19)?|corona\w*|positive|symptoms?|tested|tests?|test)\b", re.I)

GREET_PREFIX = re.compile(
    r"^\s*(((hello|hi|hey|dear)( there)?,?\s*)?((doctor|doc|dr|sir|madam|ma'am)\b\.?)?\s*[,.!:]*\s*)", re.I
)

ABBR = re.compile(r"\b(Dr|Mr|Mrs|Ms|St|vs|approx|e\.g|i\.e|etc)\.", re.I)


def split_sentences(text):
    text = ABBR.sub(lambda m: m.group(0).replace(".", "<DOT>"), text)
    parts = []
    for line in re.split(r"\n+", text):
        for s in re.split(r"(?<=[.!?])\s+(?=[A-Z0-9\"'(])", line):
            s = s.replace("<DOT>", ".").strip()
            if s:
                parts.append(s)
    return parts


def norm(s):
    return re.sub(r"\s+", " ", s.lower()).strip()


def sha1(s):
    return hashlib.sha1(s.encode("utf-8")).hexdigest()


def health_hits(s):
    return [m.group(0).lower() for m in HEALTH.finditer(s)]


def classify(s):
    """Return owner ('self'/'third') if s states a physical health fact, else None."""
    s = GREET_PREFIX.sub("", s).strip()
    if not s:
        return None, s
    s = s[0].upper() + s[1:]
    n = len(s.split())
    if n < 6 or n > 40:
        return None, s
    if s.rstrip().endswith("?") or "?" in s:
        return None, s
    if QUESTION_START.match(s) or REQUEST.search(s) or NEG_HEAD.match(s) or HYPO.search(s):
        return None, s
    if re.search(r"https?://|www\.|@", s):
        return None, s
    hits = health_hits(s)
    if not hits:
        return None, s
    # covid/test/symptom words alone are too generic (mostly worries, not facts)
    if all(COVID_ONLY.fullmatch(h) for h in hits):
        return None, s
    # purely mental-health sentences are out of scope (physical only)
    if re.search(MENTAL_ONLY, s, re.I) and len(hits) <= 1:
        return None, s
    # negated single fact ("no fever", "not a smoker") -> drop
    if len(hits) == 1 and re.search(
        r"\b(no|not|nor|never|without|don't|didn't|haven't|hasn't|doesn't|isn't)\b\W+(\w+\W+){0,2}"
        + re.escape(hits[0]),
        s,
        re.I,
    ):
        return None, s
    if THIRD_PRON.match(s) and FIRST.search(s) and not THIRD.search(s):
        return None, s  # "She gave me antibiotics": she may be the doctor -> ambiguous owner
    if re.search(r"\b(work|works|working|job)\b", s, re.I) and not re.search(COND, s, re.I):
        return None, s  # workplace mentions of hospitals/tests are not health facts
    if THIRD.search(s) or THIRD_PRON.match(s):
        return "third", s
    if re.search(r"\b(he|she)\b", s, re.I):
        return None, s  # he/she with no named relative: owner unclear (often the doctor)
    if FIRST.search(s):
        return "self", s
    return None, s


def read_covid(path):
    """COVID-Dialogue-Dataset-English.txt: records start with id=N; keep Patient: turns."""
    docs = []
    cur_id, in_pat, buf, turns = None, False, [], []

    def flush_turn():
        nonlocal buf
        if in_pat and buf:
            turns.append("\n".join(buf))
        buf = []

    for line in open(path, encoding="utf-8", errors="replace"):
        line = line.rstrip("\n")
        m = re.match(r"^id=(\d+)\s*$", line)
        if m:
            flush_turn()
            if cur_id is not None:
                docs.append((cur_id, turns))
            cur_id, in_pat, turns = m.group(1), False, []
            continue
        if line.strip() in ("Patient:", "Patient"):
            flush_turn()
            in_pat = True
            continue
        if line.strip() in ("Doctor:", "Doctor", "Description", "Dialogue"):
            flush_turn()
            in_pat = False
            continue
        if in_pat:
            buf.append(line)
    flush_turn()
    if cur_id is not None:
        docs.append((cur_id, turns))
    return [("covid_dialogue_en", "covid-dialogue-en:%s" % i, "\n".join(t)) for i, t in docs]


def read_genmed(path):
    data = json.load(open(path, encoding="utf-8"))
    return [("chatdoctor_genmedgpt5k", "genmedgpt-5k:%d" % i, d.get("input", "")) for i, d in enumerate(data)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--covid", required=True)
    ap.add_argument("--genmed", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--per-doc", type=int, default=4)
    ap.add_argument("--genmed-cap", type=int, default=600)
    a = ap.parse_args()

    stats = defaultdict(int)
    seen = set()
    out = []
    for docs, cap in ((read_covid(a.covid), None), (read_genmed(a.genmed), a.genmed_cap)):
        cands = []
        for src, doc, text in docs:
            stats[src + "_docs"] += 1
            per = []
            for s in split_sentences(text):
                owner, clean = classify(s)
                stats[src + "_sentences"] += 1
                if owner is None:
                    continue
                k = norm(clean)
                if k in seen:
                    continue
                seen.add(k)
                per.append({"text": clean, "source": src, "category": "health", "owner": owner, "doc": doc})
            per.sort(key=lambda r: sha1(r["text"]))
            cands.extend(per[: a.per_doc])
        cands.sort(key=lambda r: sha1(r["text"]))
        if cap is not None:
            cands = cands[:cap]
        for r in cands:
            stats[r["source"] + "_kept"] += 1
            stats[r["source"] + "_" + r["owner"]] += 1
        out.extend(cands)
    out.sort(key=lambda r: sha1(r["text"]))
    with open(a.out.rstrip("/") + "/sentences_health.jsonl", "w", encoding="utf-8") as f:
        for r in out:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    for k in sorted(stats):
        print(k, stats[k])
    print("total", len(out))


if __name__ == "__main__":
    main()
