"""Candidates read and labelled by hand, as the prepare scripts of the train-only sources keep them: every
candidate dumped for reading (`dump`), and the decisions file ({"decisions": sha1(text)[:12] -> label,
"owner_third": [the prefixes of facts about someone other than the writer]}) turned into training rows
(`write_labelled`). Candidates are dicts with "sha", "text", "doc" (and "source" where a script reads several)."""

import json


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
