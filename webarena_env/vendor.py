"""Vendor a page family: upstream HTML made self-contained and inert, for `webarena_env.families`.

    python -m webarena_env.vendor --name semantic-ui --upstream REPO_GIT_DIR --commit SHA \\
        --pages examples/login.html ... --css dist/components/form.min.css ... --licence LICENSE.md

Reads the files from a git object store (`git show SHA:PATH`: the snapshot, not a work tree),
and writes `webarena_env/data/families/<name>/` with `pages/`, `assets/<name>.min.css`,
`LICENSE` and `SOURCE.md` (upstream, commit, file map, the modifications below). The pages
are stripped of everything that could run or reach out: scripts, frames, objects, event
handlers, `javascript:` URLs, remote stylesheets, fonts and images (their alt text stays),
comments; the stylesheets lose `@font-face`, `@import` and every non-`data:` `url()`.
"""

from __future__ import annotations

import argparse
import re
import subprocess
from pathlib import Path

from bs4 import BeautifulSoup, Comment

from webarena_env.families import FAMILIES_DIR

_DROP_TAGS = ("script", "noscript", "base", "iframe", "object", "embed", "frame", "frameset")
_MEDIA = ("img", "source", "video", "audio", "track", "picture")
_URL = re.compile(r"url\(\s*(?![\"']?data:)[^)]*\)", re.I)
_FONT_FACE = re.compile(r"@font-face\s*\{[^}]*\}", re.I)
_IMPORT = re.compile(r"@import[^;]*;", re.I)
_LICENCE_COMMENT = re.compile(r"licen[cs]e|copyright|\(c\)", re.I)

MODIFICATIONS = "\n".join(
    (
        "- Removed every `<script>` (inline and external), `<noscript>`, `<base>`, frames, `<object>`/`<embed>`,"
        " inline `on*=` event-handler attributes and `javascript:` URLs (→ `#`).",
        "- Removed every `<link>` (stylesheets, icons, fonts, manifests) and `<style>` `@import`; pages link the"
        " one vendored stylesheet instead.",
        "- Dropped `src`/`srcset`/`poster` of every image and media element (no binary images are vendored;"
        " `alt` text kept).",
        "- Removed HTML comments except licence/copyright notices.",
        "- Stylesheets concatenated into `assets/{name}.min.css`, with `@font-face`, `@import` and every"
        " non-`data:` `url()` removed (icon fonts render empty).",
    )
)


def _git_show(repo: Path, commit: str, path: str) -> str:
    out = subprocess.run(
        ["git", "--git-dir", str(repo), "show", f"{commit}:{path}"], capture_output=True, check=True
    ).stdout
    return out.decode("utf-8", errors="replace")


def clean_css(css: str) -> str:
    css = _FONT_FACE.sub("", css)
    css = _IMPORT.sub("", css)
    return _URL.sub("none", css)


def clean_page(html: str, stylesheet: str) -> str:
    soup = BeautifulSoup(html, "html.parser")
    for tag in soup.find_all(_DROP_TAGS):
        tag.decompose()
    for tag in soup.find_all("link"):
        tag.decompose()
    for comment in soup.find_all(string=lambda s: isinstance(s, Comment)):
        if not _LICENCE_COMMENT.search(comment):
            comment.extract()
    for tag in soup.find_all(True):
        for attr in list(tag.attrs):
            value = tag.attrs[attr]
            text = " ".join(value) if isinstance(value, list) else str(value)
            if attr.lower().startswith("on"):
                del tag.attrs[attr]
            elif text.strip().lower().startswith("javascript:"):
                tag.attrs[attr] = "#"
        if tag.name in _MEDIA:
            for attr in ("src", "srcset", "poster"):
                tag.attrs.pop(attr, None)
    for style in soup.find_all("style"):
        style.string = clean_css(style.get_text())
    for tag in soup.find_all(style=True):
        tag["style"] = _URL.sub("none", tag["style"])
    head = soup.head or soup
    link = soup.new_tag("link", rel="stylesheet", href=f"../assets/{stylesheet}")
    head.insert(0, link)
    return str(soup)


def vendor(name: str, repo: Path, commit: str, pages: list[str], css: list[str], licence: str, upstream: str) -> Path:
    out = FAMILIES_DIR / name
    (out / "pages").mkdir(parents=True, exist_ok=True)
    (out / "assets").mkdir(parents=True, exist_ok=True)
    stylesheet = f"{name}.min.css"
    (out / "assets" / stylesheet).write_text(
        "\n".join(clean_css(_git_show(repo, commit, p)) for p in css), encoding="utf-8"
    )
    mapping = []
    for path in pages:
        target = path.replace("/", "-").removeprefix("examples-")
        (out / "pages" / target).write_text(clean_page(_git_show(repo, commit, path), stylesheet), encoding="utf-8")
        mapping.append(f"- `{path}` → `pages/{target}`")
    (out / "LICENSE").write_text(_git_show(repo, commit, licence), encoding="utf-8")
    files = "\n".join(mapping + [f"- stylesheets: {', '.join(f'`{c}`' for c in css)} → `assets/{stylesheet}`"])
    (out / "SOURCE.md").write_text(
        f"# {name}\n\n- Upstream: {upstream}\n- Commit: `{commit}`\n- Licence: see `LICENSE` (upstream `{licence}`)\n\n"
        f"## Files (upstream path → ours)\n\n{files}\n\n## Modifications\n\n{MODIFICATIONS.format(name=name)}\n",
        encoding="utf-8",
    )
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--name", required=True)
    parser.add_argument("--upstream", required=True, help="the upstream's URL, for SOURCE.md")
    parser.add_argument("--repo", required=True, type=Path, help="the upstream's git directory")
    parser.add_argument("--commit", required=True)
    parser.add_argument("--pages", nargs="+", required=True)
    parser.add_argument("--css", nargs="+", required=True)
    parser.add_argument("--licence", required=True)
    args = parser.parse_args()
    out = vendor(args.name, args.repo, args.commit, args.pages, args.css, args.licence, args.upstream)
    print(f"vendored {len(args.pages)} pages into {out}")


if __name__ == "__main__":
    main()
