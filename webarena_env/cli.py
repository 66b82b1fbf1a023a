"""`webminim corpus`, `webminim wording-corpus` and `webminim sites`, plugged into the webminim CLI by entry point.

webminim's core never imports this package (data flows the other way); it discovers these
commands through the `webminim.cli` entry-point group.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

if TYPE_CHECKING:  # the corpus module loads with the command, not with every `webminim` call
    from webminim.corpus import CorpusCard


def print_card(card: CorpusCard, console: Console) -> None:
    table = Table(title=f"Corpus card (built in {card.build_seconds:.0f} s)")
    table.add_column("metric")
    table.add_column("value", justify="right")
    table.add_row("unique trees", f"{card.trees:,}")
    for family, count in (card.families or card.sites).items():
        table.add_row(f"  {family} trees", f"{count:,}")
    table.add_row("task types", str(card.task_types))
    table.add_row("(tree, task) variants", f"{card.variants:,}")
    for name, split in card.splits.items():
        table.add_row(f"  {name}", f"{split.trees:,} trees / {split.variants:,} variants")
    t7 = card.table7
    table.add_row("labelled node instances", f"{t7.nodes:,}")
    table.add_row("irrelevant (n <= 1)", f"{t7.irrelevant:.1%}")
    table.add_row("high sensitivity (s >= 5)", f"{t7.high_sensitivity:.1%}")
    table.add_row("risk (irrelevant and s >= 5)", f"{t7.risk:.1%}")
    console.print(table)


def _build_and_print(build: Callable[[Callable[[int, int], None]], CorpusCard]) -> None:
    """Run a corpus build under a progress bar on stderr, then print its card."""
    columns = (TextColumn("building trees"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as progress:
        job = progress.add_task("trees", total=None)
        card = build(lambda done, total: progress.update(job, completed=done, total=total))
    print_card(card, Console())


def register(app: typer.Typer) -> None:
    @app.command()
    def corpus(
        out: Annotated[Path, typer.Option("--out", help="Directory to write the corpus to.")],
        trees: Annotated[int, typer.Option("--trees", min=3, help="Number of unique trees.")] = 240,
        seed: Annotated[int, typer.Option("--seed", min=0, help="Seed for content, tasks and splits.")] = 0,
        per_type: Annotated[int, typer.Option("--per-type", min=1, help="Task instances per type and site tree.")] = 3,
        families: Annotated[
            bool, typer.Option("--families/--no-families", help="Add the vendored real-world page families.")
        ] = True,
        family_pages: Annotated[
            int | None, typer.Option("--family-pages", min=1, help="At most this many pages per family (quick runs).")
        ] = None,
    ) -> None:
        """Generate the labelled corpus from the local sites and page families in real Chromium."""
        from webarena_env.corpus import build_corpus

        _build_and_print(
            lambda on_tree: build_corpus(
                out,
                trees=trees,
                seed=seed,
                per_type=per_type,
                families=families,
                family_pages=family_pages,
                on_tree=on_tree,
            )
        )

    @app.command("wording-corpus")
    def wording_corpus(
        out: Annotated[Path, typer.Option("--out", help="Directory to write the evaluation corpus to.")],
        source: Annotated[
            str | None, typer.Option("--source", help="Outside task wording (default: the held-out one).")
        ] = None,
        seed: Annotated[int, typer.Option("--seed", min=0, help="The seed the full corpus was built with.")] = 0,
        per_type: Annotated[int, typer.Option("--per-type", min=1, help="Task instances per type and tree.")] = 3,
        family_pages: Annotated[
            int | None, typer.Option("--family-pages", min=1, help="At most this many pages per family (quick runs).")
        ] = None,
    ) -> None:
        """Build a corpus whose tasks an outside task list words: the held-out families with the held-out
        wording (the clean split), or the other families with a training wording."""
        from webarena_env.corpus import build_wording_split
        from webarena_env.wording import HELDOUT_WORDING, WORDING_SOURCES

        source = source or HELDOUT_WORDING
        if source not in WORDING_SOURCES:
            raise typer.BadParameter(f"choose from {', '.join(WORDING_SOURCES)}", param_hint="--source")
        _build_and_print(
            lambda on_tree: build_wording_split(
                out, source=source, seed=seed, per_type=per_type, pages_per_family=family_pages, on_tree=on_tree
            )
        )

    @app.command()
    def sites(
        port: Annotated[int, typer.Option("--port", help="Port on 127.0.0.1.")] = 8000,
        screenshots: Annotated[
            Path | None,
            typer.Option("--screenshots", help="Write a screenshot of each site and theme here, then exit."),
        ] = None,
    ) -> None:
        """Serve the local shop, forum and mail sites until interrupted."""
        from webarena_env.server import SiteServer

        if screenshots is not None:
            from webarena_env.screenshots import take_screenshots

            for path in take_screenshots(screenshots):
                typer.echo(path)
            return
        server = SiteServer(port).start()
        typer.echo(f"local sites on {server.url}/  (Ctrl-C to stop)")
        try:
            while True:
                time.sleep(3600)
        except KeyboardInterrupt:
            pass
        finally:
            server.stop()
