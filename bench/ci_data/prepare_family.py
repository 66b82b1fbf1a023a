"""Harmless mentions of family and friends (weekends, trips, gifts, homes, hobbies) from the
hobby and travel subreddits of the Reddit scraper, as 'none': a family member named in passing
is no private fact. A sentence with any private cue is dropped, not labelled."""

import gzip
import hashlib
import json
import re
import sys

sys.path.insert(0, "/work/outside")
from prepare import split_sentences

SUBS = [
    "r-CozyPlaces",
    "r-Games",
    "r-GifRecipes",
    "r-MakeupAddiction",
    "r-Perfectfit",
    "r-Survival",
    "r-animefigures",
    "r-books",
    "r-JapanTravel",
    "r-slowcooking",
    "r-podcasts",
    "r-pcmasterrace",
    "r-movies",
    "r-television",
    "r-homestead",
]
FAM = re.compile(
    r"\b(?:my|our) (?:family|parents|mom|mum|mother|dad|father|brother|sister|wife|husband|son|daughter|"
    r"kids|children|friends?|grandparents|grandma|grandpa|partner|girlfriend|boyfriend|cousins?|aunt|uncle|in-laws)\b",
    re.I,
)
PRIVATE = re.compile(
    r"\b(?:sick|ill|illness|hospital|doctor|surgery|pregnan\w*|cancer|therap\w*|depress\w*|anxiety|"
    r"diagnos\w*|medication|disease|disorder|died|death|dead|passed away|funeral|divorce\w*|cheat\w*|affair|abuse\w*|"
    r"fight|fought|argu\w*|hate|angry|upset|crying|cried|lonely|broke up|breakup|ex\b|custody|court|lawyer|police|"
    r"arrest\w*|jail|prison|money|debt|loan|salary|paid|pay|afford|broke|rent|mortgage|bills?|job|fired|laid off|"
    r"unemployed|school|grade|teacher|drunk|drugs?|alcohol|sex\w*|gay|church|religio\w*|pray\w*|god|address|"
    r"live[sd]? in|moved|years? old|age|born|baby|toddler|autis\w*|adhd|allerg\w*|pain|injur\w*|accident)\b",
    re.I,
)
out, seen = [], set()
for sub in SUBS:
    try:
        posts = json.load(gzip.open(f"/work/outside/raw/reddit_scraper/{sub}.json.gz"))
    except FileNotFoundError:
        continue

    def walk(cs):
        for c in cs or []:
            yield c.get("comment") or ""
            yield from walk(c.get("replies"))

    for d in posts:
        for t in [d.get("title") or "", d.get("postText") or "", *walk(d.get("comments"))]:
            t = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", t)
            for s in split_sentences(t):
                s = re.sub(r"\s+", " ", s).strip()
                if not (6 <= len(s.split()) <= 40) or not FAM.search(s) or PRIVATE.search(s) or "http" in s:
                    continue
                if s.lower() in seen:
                    continue
                seen.add(s.lower())
                out.append(
                    {
                        "text": s,
                        "source": "reddit_family",
                        "category": "none",
                        "owner": "none",
                        "doc": f"reddit_family:{sub[2:]}:{d.get('id')}",
                    }
                )
out.sort(key=lambda r: hashlib.sha1(r["text"].encode()).hexdigest())
out = out[:2000]
with open("/work/outside/sentences_family.jsonl", "w") as f:
    for r in out:
        f.write(json.dumps(r) + "\n")
print(len(out))
