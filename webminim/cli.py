"""The `webminim` command line.

Every failure is one line on stderr and a non-zero exit; output goes to stdout only once it
is complete, so a failure never leaves a partial observation behind.
"""

from __future__ import annotations

import sys
from enum import StrEnum
from importlib.metadata import entry_points
from pathlib import Path
from typing import Annotated
from urllib.parse import urlsplit

import typer

from extractors.errors import ExtractionError, WebminimError, first_line
from extractors.tree import UITree
from webminim.extras import install_hint
from webminim.thresholds import KEEP_FLOOR, Thresholds

MAX_HTML_BYTES = 64 * 1024 * 1024

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    help="webminim: a local privacy broker for Playwright web agents.",
)


@app.callback()
def _root() -> None:
    """webminim: a local privacy broker for Playwright web agents."""


class OutputFormat(StrEnum):
    webarena = "webarena"
    browsergym = "browsergym"
    json = "json"


class Source(StrEnum):
    cdp = "cdp"
    aria = "aria"


BaseUrl = Annotated[
    str | None,
    typer.Option("--base-url", help="With --html: resolve the file's relative links under this URL (else as written)."),
]
RAW_TEXT_NOTE = "holds raw page text: keep it on this machine, do not send it to a model or anyone"

KEEP_FLOOR_HELP = "Share of the page's nodes, most necessary first, whose controls are never removed (0: off)."


def _thresholds(**values: float) -> Thresholds:
    return Thresholds(**values)  # a ConfigError (one line, exit 2) on values out of range


class UsageError(WebminimError):
    """The command line itself is wrong (exit status 2)."""


def read_html(path: Path) -> bytes:
    try:
        if path.stat().st_size > MAX_HTML_BYTES:
            raise ExtractionError(f"{path} is larger than {MAX_HTML_BYTES // (1024 * 1024)} MiB")
        return path.read_bytes()
    except IsADirectoryError:
        raise ExtractionError(f"{path} is a directory, not an HTML file") from None
    except OSError as exc:
        raise ExtractionError(f"cannot read {path}: {exc.strerror or exc}") from exc


def checked_base_url(base_url: str) -> str:
    """An absolute http(s) URL for --base-url: what a file's relative links resolve under."""
    try:
        parts = urlsplit(base_url)
    except ValueError:
        parts = None
    if parts is None or parts.scheme.lower() not in ("http", "https") or not parts.netloc:
        raise UsageError(f"--base-url must be an absolute http(s) URL, not {base_url!r}")
    return base_url


def load_tree(
    url: str | None,
    html: Path | None,
    *,
    source: Source = Source.cdp,
    bbox: bool = False,
    base_url: str | None = None,
) -> UITree:
    """The raw tree of a URL (live Chromium) or of a static HTML file (no browser).

    A file's relative links stay relative, or resolve under `base_url`: never under the file's
    own location, whose path (home directory, user name) would go to the model with the view.
    """
    if (url is None) == (html is None):
        raise UsageError("give exactly one of URL or --html FILE")
    if html is not None:
        from extractors.html import tree_from_html  # loaded here: minimize-call and serve need no parser

        page_url = checked_base_url(base_url) if base_url is not None else ""
        return tree_from_html(read_html(html), url=page_url)
    if base_url is not None:
        raise UsageError("--base-url goes with --html FILE (a live page has its own URL)")
    return _live_tree(str(url), source=source, bbox=bbox)


def _live_tree(url: str, *, source: Source, bbox: bool) -> UITree:
    # Imported here so that --html runs never start Playwright.
    from extractors.aria import extract_aria
    from extractors.live import extract_page
    from webminim.browser import open_page

    with open_page(url) as page:
        return extract_aria(page) if source is Source.aria else extract_page(page, bbox=bbox)


@app.command()
def snapshot(
    url: Annotated[str | None, typer.Argument(help="Page to load in headless Chromium.")] = None,
    html: Annotated[Path | None, typer.Option("--html", help="Static HTML file (parsed without a browser).")] = None,
    fmt: Annotated[OutputFormat, typer.Option("--format", help="Observation format.")] = OutputFormat.webarena,
    source: Annotated[Source, typer.Option("--via", help="Live extraction: CDP tree or aria snapshot.")] = Source.cdp,
    bbox: Annotated[bool, typer.Option("--bbox", help="Fetch bounding boxes (json format).")] = False,
    base_url: BaseUrl = None,
) -> None:
    """Print the raw observation an agent would send without webminim (unsanitized)."""
    tree = load_tree(url, html, source=source, bbox=bbox, base_url=base_url)
    from webminim.renderers import render

    sys.stdout.write(render(tree, fmt.value) + "\n")


LLM_URL_HELP = "An OpenAI-compatible endpoint (e.g. http://127.0.0.1:8000/v1); key from $WEBMINIM_LLM_API_KEY."


def _chat_client(url: str, model: str, allow_remote: bool, cache: Path | None = None):  # noqa: ANN202 - lazy
    from webminim.llm import ChatClient, Endpoint

    if not model:
        raise UsageError("--llm-model is required with --llm-url")
    return ChatClient(Endpoint.of(url=url, model=model, allow_remote=allow_remote), cache_dir=cache)


class ScorerKind(StrEnum):
    gatv2 = "gatv2"
    llm = "llm"


LlmUrl = Annotated[str | None, typer.Option("--llm-url", help=LLM_URL_HELP)]
LlmModel = Annotated[str, typer.Option("--llm-model", help="Model name at --llm-url.")]
ScorerOption = Annotated[
    ScorerKind, typer.Option("--scorer", help="gatv2 (local, default) or llm (the paper's baseline).")
]
AllowRemoteScorer = Annotated[
    bool, typer.Option("--allow-remote-scorer", help="Accept an --llm-url off this machine (it receives the raw page).")
]
LlmCache = Annotated[Path | None, typer.Option("--llm-cache", help="Directory caching the LLM's answers.")]


def _llm_scorer(kind: ScorerKind, url: str | None, model: str, allow_remote: bool, cache: Path | None):  # noqa: ANN202
    """None for the local GATv2 scorer; an LLMScorer for `--scorer llm`."""
    if kind is ScorerKind.gatv2:
        if url:
            raise UsageError("--llm-url needs --scorer llm")
        return None
    if not url:
        raise UsageError("--scorer llm needs --llm-url and --llm-model")
    from webminim.scorer.llm import LLMScorer

    return LLMScorer(_chat_client(url, model, allow_remote, cache))


@app.command()
def sanitize(
    url: Annotated[str | None, typer.Argument(help="Page to load in headless Chromium.")] = None,
    task: Annotated[str, typer.Option("--task", help="What the agent is asked to do.")] = "",
    html: Annotated[Path | None, typer.Option("--html", help="Static HTML file (parsed without a browser).")] = None,
    fmt: Annotated[OutputFormat, typer.Option("--format", help="Observation format.")] = OutputFormat.webarena,
    model: Annotated[Path | None, typer.Option("--model", help="Scorer checkpoint (default: shipped).")] = None,
    tau_nec: Annotated[float, typer.Option("--tau-nec", help="Necessity threshold.")] = 1.0,
    tau_sens: Annotated[float, typer.Option("--tau-sens", help="Sensitivity threshold.")] = 5.0,
    keep_floor: Annotated[float, typer.Option("--keep-floor", help=KEEP_FLOOR_HELP)] = KEEP_FLOOR,
    explain: Annotated[
        bool, typer.Option("--explain", help="json: add raw values and reasons (local debugging only).")
    ] = False,
    scorer: ScorerOption = ScorerKind.gatv2,
    llm_url: LlmUrl = None,
    llm_model: LlmModel = "",
    allow_remote_scorer: AllowRemoteScorer = False,
    llm_cache: LlmCache = None,
    broker: Annotated[
        str | None,
        typer.Option("--broker", envvar="WEBMINIM_BROKER", help="A running `webminim serve` (no model load here)."),
    ] = None,
    base_url: BaseUrl = None,
) -> None:
    """Print the sanitized observation: only what the task needs leaves the device."""
    from webminim.commands import run_sanitize

    if not task.strip():
        raise UsageError("--task is required: sanitizing depends on what the agent is asked to do")
    llm = _llm_scorer(scorer, llm_url, llm_model, allow_remote_scorer, llm_cache)
    if broker and llm is None and model is None:
        from webminim.broker import BrokerScorer

        llm = BrokerScorer(broker)
    tree = load_tree(url, html, base_url=base_url)
    sys.stdout.write(
        run_sanitize(
            tree,
            task,
            fmt=fmt.value,
            model=model,
            thresholds=_thresholds(tau_nec=tau_nec, tau_sens=tau_sens, keep_floor=keep_floor),
            explain=explain,
            scorer=llm,
        )
        + "\n"
    )
    if explain and fmt is OutputFormat.json:  # only json gets the raw values (see run_sanitize)
        sys.stderr.write(f"webminim: note: this --explain output {RAW_TEXT_NOTE}\n")


@app.command()
def inspect(
    url: Annotated[str | None, typer.Argument(help="Page to load in headless Chromium.")] = None,
    task: Annotated[str, typer.Option("--task", help="What the agent is asked to do.")] = "",
    html: Annotated[Path | None, typer.Option("--html", help="Static HTML file (parsed without a browser).")] = None,
    out: Annotated[Path, typer.Option("--out", help="HTML report to write.")] = Path("report.html"),
    model: Annotated[Path | None, typer.Option("--model", help="Scorer checkpoint (default: shipped).")] = None,
    base_url: BaseUrl = None,
) -> None:
    """Write an HTML report: raw and sanitized views side by side, K/A/R colour-coded."""
    from webminim.commands import run_inspect

    if not task.strip():
        raise UsageError("--task is required: sanitizing depends on what the agent is asked to do")
    typer.echo(run_inspect(load_tree(url, html, base_url=base_url), task, out=out, model=model))
    sys.stderr.write(f"webminim: note: {out} {RAW_TEXT_NOTE}\n")


DEMO_TASK = "Reply to Marcus Webb's email about the March invoice"


@app.command()
def demo(
    task: Annotated[str, typer.Option("--task", help="Task for the demo inbox.")] = DEMO_TASK,
    out: Annotated[Path, typer.Option("--out", help="Where to write the side-by-side report.")] = Path(
        "demo-report.html"
    ),
) -> None:
    """The broker on a bundled inbox (a 2FA toast, a private Slack message): raw vs sanitized."""
    from webminim.commands import run_demo

    run_demo(task, out)


class Trust(StrEnum):
    third_party_no_dpa = "third_party_no_dpa"
    third_party_dpa = "third_party_dpa"
    first_party = "first_party"
    local = "local"


class Mode(StrEnum):
    fail_closed = "fail_closed"
    fail_open = "fail_open"
    fail_prompt = "fail_prompt"


@app.command()
def serve(
    host: Annotated[str, typer.Option("--host", help="Address to bind (loopback by default).")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=0, max=65535, help="0: any free port (printed).")] = 8765,
    model: Annotated[Path | None, typer.Option("--model", help="Scorer checkpoint (default: shipped).")] = None,
    allow_remote_clients: Annotated[
        bool, typer.Option("--allow-remote-clients", help="Bind a non-loopback address (other machines' pages).")
    ] = False,
    queue: Annotated[
        int, typer.Option("--queue", min=1, help="Requests in progress at most; more are answered 503.")
    ] = 32,
    deadline: Annotated[
        float, typer.Option("--deadline", min=0.001, help="Seconds a request may take; past it, 504.")
    ] = 30.0,
    max_body: Annotated[int, typer.Option("--max-body", min=1, help="Largest request body, in MiB (413).")] = 64,
    max_bodies: Annotated[
        int, typer.Option("--max-bodies", min=1, help="Bodies in progress together, in MiB; more: 503.")
    ] = 256,
    allow_host: Annotated[
        list[str] | None,
        typer.Option("--allow-host", help="A name other machines reach this server by (repeatable; Host check)."),
    ] = None,
) -> None:
    """Run one local broker: the model loads once, many agents share it (HTTP + JSON, token required)."""
    from webminim.broker import serve as run_server

    run_server(
        host=host,
        port=port,
        model=model,
        allow_remote_clients=allow_remote_clients,
        max_waiting=queue,
        deadline_s=deadline,
        max_body=max_body * 1024 * 1024,
        allow_hosts=tuple(allow_host or ()),
        max_bodies=max_bodies * 1024 * 1024,
    )


@app.command("sanitize-batch")
def sanitize_batch(
    source: Annotated[Path, typer.Argument(help="JSONL: {id, task, tree | html} per line.")],
    out: Annotated[Path, typer.Option("--out", help="JSONL written (appended: ids already there are skipped).")],
    workers: Annotated[int, typer.Option("--workers", min=1, help="Processes (or Ray actors) in parallel.")] = 1,
    model: Annotated[Path | None, typer.Option("--model", help="Scorer checkpoint (default: shipped).")] = None,
    use_ray: Annotated[bool, typer.Option("--ray", help="Run on Ray Data (pip install 'webminim[ray]').")] = False,
    ray_address: Annotated[
        str | None, typer.Option("--ray-address", help="An existing Ray cluster (default: a local one).")
    ] = None,
) -> None:
    """Sanitize recorded observations in bulk: one JSON line out per line in, resumable."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from webminim.batch import sanitize_batch as run_batch

    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, transient=True) as progress:
        job = progress.add_task("sanitizing", total=None)
        counts = run_batch(
            source,
            out,
            workers=workers,
            model=model,
            use_ray=use_ray,
            ray_address=ray_address,
            on_result=lambda done, total: progress.update(job, completed=done, total=total),
        )
    sys.stderr.write(
        f"{counts['sanitized']} sanitized, {counts['errors']} refused (one-line errors in {out}), "
        f"{counts['skipped']} already done\n"
    )


@app.command("minimize-call")
def minimize_call(
    tool: Annotated[str, typer.Option("--tool", help="Tool name.")],
    args: Annotated[str, typer.Option("--args", help="Tool arguments, a JSON object.")],
    schema: Annotated[str, typer.Option("--schema", help="The tool's JSON Schema: a file or inline JSON.")],
    task: Annotated[str, typer.Option("--task", help="The user's task (items it names are kept).")] = "",
    trust: Annotated[Trust, typer.Option("--trust", help="Trust level of the tool.")] = Trust.third_party_no_dpa,
    mode: Annotated[Mode, typer.Option("--mode", help="What to do when a call cannot be minimized.")] = (
        Mode.fail_closed
    ),
    llm_url: Annotated[str | None, typer.Option("--llm-url", help=LLM_URL_HELP + " Backs the free-text layer.")] = None,
    llm_model: Annotated[str, typer.Option("--llm-model", help="Model name at --llm-url.")] = "",
    allow_remote: Annotated[
        bool, typer.Option("--allow-remote-judge", help="Accept an --llm-url off this machine (it sees free text).")
    ] = False,
) -> None:
    """Minimize one tool call: prints {"args", "cost_before", "cost_after", "items", "operations"}."""
    from webminim.egress import ToolMinimizer

    schema_text = schema
    candidate = Path(schema)
    if not schema.lstrip().startswith("{") and candidate.is_file():
        schema_text = candidate.read_text(encoding="utf-8")
    judge = None
    if llm_url:
        from webminim.egress.llm_judge import LLMClauseJudge

        judge = LLMClauseJudge(_chat_client(llm_url, llm_model, allow_remote))
    minimizer = ToolMinimizer(mode=mode.value, clause_judge=judge)
    minimizer.register(tool, schema_text, trust=trust.value)
    result = minimizer.minimize(tool, args, task=task)
    import json

    sys.stdout.write(json.dumps(result.to_json(), ensure_ascii=False) + "\n")


class Split(StrEnum):
    test = "test"
    heldout_theme = "heldout_theme"
    heldout_family = "heldout_family"
    heldout_wording = "heldout_wording"  # held-out families worded by an outside task list (webminim wording-corpus)
    val = "val"


class Encoder(StrEnum):
    minilm = "minilm"  # the sentence model itself
    static = "minilm-static"  # MiniLM distilled to one vector per word piece (Model2Vec)


@app.command()
def train(
    corpus: Annotated[Path, typer.Option("--corpus", help="Corpus directory (webminim corpus).")],
    out: Annotated[Path, typer.Option("--out", help="Checkpoint to write (.safetensors).")],
    epochs: Annotated[int, typer.Option("--epochs", min=1, help="Maximum epochs (early stopping).")] = 12,
    seed: Annotated[int, typer.Option("--seed", min=0)] = 0,
    max_minutes: Annotated[float, typer.Option("--max-minutes", min=1.0, help="Stop after this long.")] = 50.0,
    exclude_family: Annotated[
        list[str] | None, typer.Option("--exclude-family", help="Leave this page family out (repeatable).")
    ] = None,
    encoder: Annotated[
        Encoder | None,
        typer.Option("--encoder", help="Text vectors the network reads (default: the shipped model's encoder)."),
    ] = None,
) -> None:
    """Train the dual-score GATv2 scorer on a corpus (progress bar, fixed seeds)."""
    from webminim.commands import run_train

    run_train(
        corpus,
        out,
        epochs=epochs,
        seed=seed,
        max_minutes=max_minutes,
        exclude_families=tuple(exclude_family or ()),
        encoder=encoder.value if encoder else None,
    )


@app.command("eval")
def evaluate(
    corpus: Annotated[Path, typer.Option("--corpus", help="Corpus directory (webminim corpus).")],
    split: Annotated[Split, typer.Option("--split", help="Held-out split to evaluate.")] = Split.heldout_theme,
    model: Annotated[Path | None, typer.Option("--model", help="Checkpoint (default: shipped).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object instead of tables.")] = False,
    plot: Annotated[Path | None, typer.Option("--plot", help="Where to write the τ_nec sweep PNG.")] = None,
    holdout_family: Annotated[
        str | None,
        typer.Option("--holdout-family", help="Evaluate every tree of this page family (train it out first)."),
    ] = None,
    keep_floor: Annotated[float, typer.Option("--keep-floor", help=KEEP_FLOOR_HELP)] = KEEP_FLOOR,
    scorer: Annotated[
        ScorerKind, typer.Option("--scorer", help="Add a row: llm, the paper's prompted-LLM scorer (Table 2).")
    ] = ScorerKind.gatv2,
    llm_url: LlmUrl = None,
    llm_model: LlmModel = "",
    allow_remote_scorer: AllowRemoteScorer = False,
    llm_cache: LlmCache = None,
    rules: Annotated[
        str,
        typer.Option(
            "--rules",
            help="The safety net's rules for the webminim row: all, none, NAME[,NAME…] or -NAME[,-NAME…] "
            "(an ablation; Table 1 always adds the model alone).",
        ),
    ] = "all",
) -> None:
    """Evaluate the scorer: Tables 1, 3, 4, τ_nec sweep plot, counterfactual, suppression."""
    from webminim.commands import run_eval

    llm = _llm_scorer(scorer, llm_url, llm_model, allow_remote_scorer, llm_cache)

    run_eval(
        corpus,
        split.value,
        model=model,
        as_json=as_json,
        plot=plot,
        holdout_family=holdout_family,
        thresholds=_thresholds(keep_floor=keep_floor),
        scorers={"llm": llm} if llm is not None else None,
        rules=rules,
    )


def load_plugins() -> None:
    """Commands other packages contribute through the `webminim.cli` entry-point group."""
    for entry in entry_points(group="webminim.cli"):
        try:
            entry.load()(app)
        except Exception as exc:  # noqa: BLE001 - a broken plugin must not take the core CLI down
            sys.stderr.write(f"webminim: warning: commands from {entry.value} unavailable: {first_line(exc)}\n")


def main(argv: list[str] | None = None) -> int:
    """Entry point: run the app, turn every failure into one line and an exit status."""
    try:
        load_plugins()
        app(args=argv, prog_name="webminim")  # standalone: usage errors print and exit 2
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    except UsageError as exc:
        sys.stderr.write(f"webminim: error: {exc}\n")
        return 2
    except WebminimError as exc:
        sys.stderr.write(f"webminim: error: {exc}\n")
        return 1
    except KeyboardInterrupt:
        sys.stderr.write("webminim: interrupted\n")
        return 130
    except Exception as exc:  # noqa: BLE001 - fail closed with one line, never a traceback
        hint = install_hint(exc) if isinstance(exc, ModuleNotFoundError) else None
        if hint is not None:  # a base install without an extra: what to install, not an internal error
            sys.stderr.write(f"webminim: error: {hint}\n")
            return 1
        sys.stderr.write(f"webminim: internal error: {type(exc).__name__}: {first_line(exc)}\n")
        return 70
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
