"""Candidates read and labelled by hand, as the prepare scripts of the train-only sources keep them: every
candidate dumped for reading (`dump`), and the decisions file ({"decisions": sha1(text)[:12] -> label,
"owner_third": [the prefixes of facts about someone other than the writer]}) turned into training rows
(`write_labelled`). Candidates are dicts with "sha", "text", "doc" (and "source" where a script reads several).
A training set's private file (`write_private`) keeps every hand-read sentence with its category and owner."""

import argparse
import hashlib
import json
from pathlib import Path


def dump(cands, path):
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        for c in cands:
            f.write(json.dumps(c, ensure_ascii=False) + "\n")


def write_labelled(cands, decisions, out, labels, source=None):
    """Write the candidates labelled one of `labels` to `out` as {"text", "source", "category", "owner", "doc"}
    rows, in the candidates' order (undecided and rejected ones dropped); return the rows. `source`: the rows'
    source, else each candidate's own."""
    with open(decisions, encoding="utf-8") as f:
        d = json.load(f)
    dec, third = d["decisions"], set(d["owner_third"])
    rows = []
    for c in cands:
        h = c["sha"][:12]
        cat = dec.get(h, "reject")
        if cat not in labels:
            continue
        owner = "none" if cat == "none" else ("third" if h in third else "self")
        rows.append(
            {"text": c["text"], "source": source or c["source"], "category": cat, "owner": owner, "doc": c["doc"]}
        )
    with open(out, "w", encoding="utf-8", newline="\n") as f:
        f.writelines(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)
    return rows


def write_private(accept, third, cands, out, id_prefix):
    """The hand-read candidates ({text: source}) whose sha1 starts with a prefix of `accept` (prefix -> category,
    "none" for a hard negative), written to out/private_sentences.jsonl sorted by sha1(text), each with an id and its
    owner ("third" for a fact about someone other than the writer, listed in `third`; "self"; "none"). Every prefix
    must be found. Returns the rows."""
    rows, found = [], set()
    for text, source in cands.items():
        digest = hashlib.sha1(text.encode()).hexdigest()
        hits = [p for p in accept if digest.startswith(p)]
        if hits:
            cat = accept[hits[0]]
            owner = "none" if cat == "none" else ("third" if hits[0] in third else "self")
            rows.append(
                {"id": id_prefix + digest[:12], "source": source, "category": cat, "owner": owner, "text": text}
            )
            found.add(hits[0])
    if set(accept) - found:
        raise SystemExit("hand-read sentences not found: %s" % sorted(set(accept) - found))
    rows.sort(key=lambda r: hashlib.sha1(r["text"].encode()).hexdigest())
    with (out / "private_sentences.jsonl").open("w") as h:
        h.writelines(json.dumps(r) + "\n" for r in rows)
    return rows


def write_accepted_private(decisions, cands, out, id_prefix, benign):
    """A set's closing step: the hand-accepted candidates ({text: source}) of `decisions` (a decisions file's
    "private_accept" and "owner_third") written by `write_private`, and the counts printed. Returns the rows."""
    accept = decisions["private_accept"]
    private = write_private(accept, set(decisions["owner_third"]), cands, out, id_prefix)
    print_counts(benign, private)
    return private


def print_counts(benign, private):
    counts = {}
    for r in private:
        counts[r["category"]] = counts.get(r["category"], 0) + 1
    print("benign", len(benign), "private", len(private), dict(sorted(counts.items())))


def git_dir_arguments(doc, names, dump=False):
    """A prepare script's command line: one required `--NAME` per source (its bare git dir) and `--out`, the folder
    written (created here); with `dump`, an optional `--dump` file for every private candidate. Returns the parsed
    arguments."""
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    for name in names:
        ap.add_argument("--" + name, required=True)
    ap.add_argument("--out", type=Path, required=True)
    if dump:
        ap.add_argument("--dump", type=Path, help="also write every private candidate sentence here (for reading)")
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    return args
