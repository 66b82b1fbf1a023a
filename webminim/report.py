"""`webminim inspect`: raw and sanitized observations side by side, as one HTML file.

Every raw line is coloured by its decision (Keep green, Abstract amber, Remove red) with
the scores and the reason on hover; the top shows counts and token savings. The report
holds raw page text: it is for local inspection and never leaves the machine.
"""

from __future__ import annotations

import re
from html import escape

from extractors.tree import UITree
from webminim.renderers import render
from webminim.session import rough_tokens
from webminim.view import SanitizedView

_LINE_ID = re.compile(r"^\t*\[([^\]]+)\]")
_CLASS = {"K": "keep", "A": "abstract", "R": "remove"}

_STYLE = """
body { font-family: "DejaVu Sans", Arial, sans-serif; margin: 0; background: #f6f7f9; color: #1f2328; }
header { padding: 16px 24px; background: #1f2a44; color: #fff; }
header h1 { margin: 0 0 6px; font-size: 20px; }
.task { font-size: 14px; opacity: .9; }
.stats { display: flex; gap: 18px; padding: 12px 24px; background: #fff; border-bottom: 1px solid #dde;
         font-size: 14px; }
.stat b { font-size: 18px; display: block; }
.legend span { padding: 2px 8px; border-radius: 4px; margin-right: 6px; }
.cols { display: grid; grid-template-columns: 1fr 1fr; gap: 16px; padding: 16px 24px; }
.col h2 { font-size: 15px; margin: 0 0 8px; }
pre { background: #fff; border: 1px solid #dde; border-radius: 6px; padding: 10px; font-size: 12px;
      line-height: 1.45; overflow-x: auto; white-space: pre; tab-size: 2; margin: 0; }
.line { display: block; }
.keep { background: #e7f6ea; }
.abstract { background: #fff3cd; }
.remove { background: #fde8e8; color: #9a6b6b; text-decoration: line-through; }
.plain { color: #777; }
"""


def render_report(raw: UITree, view: SanitizedView, task: str) -> str:
    raw_text = render(raw, "webarena")
    sent_text = view.text("webarena")
    counts = view.counts()
    raw_tokens, sent_tokens = rough_tokens(raw_text), rough_tokens(sent_text)
    saving = 1 - sent_tokens / raw_tokens if raw_tokens else 0.0
    lines = []
    for line in raw_text.splitlines():
        match = _LINE_ID.match(line)
        decision = view.decisions.get(match.group(1)) if match else None
        if decision is None:
            lines.append(f'<span class="line plain">{escape(line)}</span>')
            continue
        tip = f"{decision.action} · ŝ {decision.s:.1f} · n̂ {decision.n:.1f} · {decision.reason}"
        lines.append(
            f'<span class="line {_CLASS[decision.action]}" title="{escape(tip)}" data-action="{decision.action}">'
            f"{escape(line)}</span>"
        )
    stats = [
        ("nodes", f"{len(raw):,}"),
        ("kept", f"{counts['K']:,}"),
        ("abstracted", f"{counts['A']:,}"),
        ("removed", f"{counts['R']:,}"),
        ("tokens raw → sent", f"{raw_tokens:,} → {sent_tokens:,}"),
        ("token saving", f"{saving:.1%}"),
    ]
    stat_html = "".join(f'<div class="stat"><b>{escape(v)}</b>{escape(k)}</div>' for k, v in stats)
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>webminim inspect — {escape(raw.title)}</title>
<style>{_STYLE}</style></head>
<body>
<header><h1>webminim inspect: {escape(raw.title or raw.url)}</h1>
<div class="task">Task: {escape(task)}</div></header>
<section class="stats">{stat_html}
<div class="legend"><span class="keep">Keep</span><span class="abstract">Abstract</span>
<span class="remove">Remove</span></div>
</section>
<main class="cols">
<div class="col"><h2>Raw observation (local only)</h2><pre id="raw">{"".join(lines)}</pre></div>
<div class="col"><h2>Sanitized observation (what is sent)</h2><pre id="sent">{escape(sent_text)}</pre></div>
</main>
</body></html>
"""
