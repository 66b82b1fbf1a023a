"""One table for the whole broker: extraction, scoring, policy, egress, overhead, memory.

    python bench/run_all.py [--sizes 300 1000 3000] [--repeat 3]

Observation side, on synthetic pages in real headless Chromium: CDP extraction, scoring
(text vectors + GATv2, warm embedding cache as in an agent loop, where most of a page
repeats between steps, and cold, as on a page's first visit), the policy and view (K/A/R,
placeholders, leak-path closing) and rendering; the sanitization overhead, warm and on a
first visit, is reported as a ratio to the extraction time measured in the same run.
Action side: ToolMinimize latency p50/p99 over the egress scenario set, and Presidio next
to webminim on the same calls. Peak RSS of the process.

Deployment rows: each CLI command as a user runs it (wall time and peak RSS of the process,
median of three), `webminim serve` throughput and latency with 1 / 4 / 16 concurrent
agents (and the server's RSS), and `sanitize-batch` pages/s with 1 and 2 workers, on local
processes and on a local Ray (model loading included: that is what a user waits for).
`--only` picks sections (observation, loop, egress, cli, serve, batch).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright
from rich.console import Console
from rich.table import Table

from extractors.live import extract_page
from webminim import text_memo
from webminim.browser import launch_options
from webminim.embedder import Embedder
from webminim.onnx_files import onnx_dir
from webminim.policy import PolicyContext, Thresholds, decide
from webminim.renderers import render
from webminim.scorer import RUNTIMES, load_scorer
from webminim.synthetic import large_page
from webminim.vault import Vault
from webminim.view import build_view

sys.path.insert(0, str(Path(__file__).parent))
from egress import Presidio, Webminim, no_mitigation, percentile, score  # noqa: E402
from scenarios import scenarios  # noqa: E402

TASK = "Add the product 7 to my cart"
SECTIONS = ["observation", "loop", "egress", "cli", "serve", "batch"]
RUNTIME = ["onnx"]  # the scorer runtime of the in-process rows (--runtime)


def timed_ms(fn: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    """Median milliseconds over `repeat` runs, and the last result."""
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), result


def forget_every_text(scorer: Any) -> None:
    """A first visit, the first page of a session: no text embedded or remembered yet."""
    scorer.embedder.forget()
    text_memo.forget_all()


def observation_rows(sizes: list[int], repeat: int) -> list[tuple[str, ...]]:
    scorer = load_scorer(embedder=Embedder(cache=False, runtime=RUNTIME[0]))
    thresholds = Thresholds()
    scorer.embedder.embed(["warm up: load the text encoder before timing"])
    rows = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(**launch_options())
        page = browser.new_page()
        for target in sizes:
            page.set_content(large_page(max(7, target // 2)), wait_until="load")
            extract, tree = timed_ms(lambda: extract_page(page), repeat)
            # a fresh extraction per step, as an agent has: nothing remembered per tree object helps
            fresh = [extract_page(page) for _ in range(repeat)]

            def policy(tree, scores):  # noqa: ANN001, ANN202
                actions = decide(scores.s, scores.n, thresholds, PolicyContext.of(tree, TASK))
                return build_view(
                    tree, actions, scores.s, scores.n, Vault(), tau_nec=thresholds.tau_nec, tau_sens=thresholds.tau_sens
                )

            def first_visit(steps=iter(fresh)):  # noqa: ANN001, ANN202, B008 - every text and memo new
                forget_every_text(scorer)
                tree = next(steps)
                return policy(tree, scorer.score(tree, TASK)).text("webarena")

            def cold_scoring(steps=iter(fresh)):  # noqa: ANN001, ANN202, B008
                forget_every_text(scorer)
                return scorer.score(next(steps), TASK)

            first, _ = timed_ms(first_visit, repeat)
            cold, _ = timed_ms(cold_scoring, repeat)
            steps = iter(fresh)
            warm, scores = timed_ms(lambda: scorer.score(next(steps), TASK), repeat)  # noqa: B023
            trees = iter(fresh)
            policy_ms, view = timed_ms(lambda: policy(next(trees), scores), repeat)  # noqa: B023
            render_ms, _ = timed_ms(lambda: view.text("webarena"), repeat)  # noqa: B023
            raw_render, _ = timed_ms(lambda: render(tree, "webarena"), repeat)  # noqa: B023
            overhead = warm + policy_ms + render_ms
            rows.append(
                (
                    f"{len(tree):,}",
                    f"{extract:.0f}",
                    f"{cold:.0f}",
                    f"{warm:.0f}",
                    f"{policy_ms:.0f}",
                    f"{render_ms:.0f} ({raw_render:.0f})",
                    f"{overhead / extract:.2f}",
                    f"{first / extract:.2f}",
                )
            )
        browser.close()
    return rows


def observe_rows(repeat: int) -> list[tuple[str, ...]]:
    """MinimPage.observe() on the local sites: extraction + scoring + policy + render."""
    from webarena_env.server import running_sites
    from webminim.agent import MinimPage
    from webminim.minim import Minim

    scorer = load_scorer(embedder=Embedder(cache=False, runtime=RUNTIME[0]))
    scorer.embedder.embed(["warm up: load the text encoder before timing"])
    rows = []
    with running_sites() as sites, sync_playwright() as pw:
        browser = pw.chromium.launch(**launch_options())
        page = browser.new_page()
        for path, task in (
            ("/a/shop/product?seed=90001&inject=otp.toast,slack.sidebar", "Add this product to my cart"),
            ("/b/forum/post?seed=90001&inject=tabs.banner", "Upvote the first comment"),
            ("/a/mail/inbox?seed=90001&inject=password.modal,slack.toast", "Open the newest email"),
        ):
            page.goto(sites.url + path, wait_until="load")
            agent = MinimPage(page, task, minim=Minim(scorer), guard_requests=False)
            extract, tree = timed_ms(lambda: extract_page(page), repeat)  # noqa: B023

            def first_visit(agent=agent):  # noqa: ANN001, ANN202 - every text and memo new
                forget_every_text(scorer)
                return agent.observe()

            first, _ = timed_ms(first_visit, repeat)
            warm, _ = timed_ms(agent.observe, repeat)
            rows.append((path.split("?")[0], f"{len(tree):,}", f"{extract:.0f}", f"{first:.0f}", f"{warm:.0f}"))
        browser.close()
    return rows


def egress_rows(repeat: int) -> tuple[list[tuple[str, ...]], int]:
    cases = [s for s in scenarios() if not s.benign]
    base = score(no_mitigation, cases)["pcs"]
    rows = []
    for name, method in (("Presidio detect+anonymize", Presidio()), ("webminim ToolMinimize", Webminim())):
        method(cases[0])  # warm up (lexicon automata, analyzers)
        times = []
        for s in cases:
            for _ in range(repeat):
                start = time.perf_counter()
                method(s)
                times.append((time.perf_counter() - start) * 1000)
        m = score(method, cases)
        rows.append(
            (
                name,
                f"{percentile(times, 0.5):.2f}",
                f"{percentile(times, 0.99):.2f}",
                f"{1 - m['pcs'] / base:.1%}",
                f"{m['tcr']:.1%}",
            )
        )
    return rows, len(cases)


ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures"


_MEASURED = (
    "import atexit, runpy, sys\n"
    "out = sys.argv.pop(1)\n"
    "def hwm():\n"
    "    for line in open('/proc/self/status'):\n"
    "        if line.startswith('VmHWM:'):\n"
    "            open(out, 'w').write(line.split()[1])\n"
    "atexit.register(hwm)\n"
    "sys.argv = ['webminim', *sys.argv[1:]]\n"
    "runpy.run_module('webminim', run_name='__main__')\n"
)


def _run_measured(args: list[str], runtime: str | None = None) -> tuple[float, float, int]:
    """Wall seconds, peak RSS (MiB, the process's own VmHWM) and exit code of `webminim ARGS`,
    with an empty embedding cache (every node text is embedded, as on a page seen first) and
    the exported ONNX graphs where set-up put them."""
    with tempfile.NamedTemporaryFile("r", suffix=".hwm") as hwm, tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "WEBMINIM_CACHE": cache, "WEBMINIM_ONNX_DIR": str(onnx_dir())}
        if runtime:
            env["WEBMINIM_RUNTIME"] = runtime
        start = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-c", _MEASURED, hwm.name, *args],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            cwd=ROOT,
            check=False,
            env=env,
        )
        wall = time.perf_counter() - start
        text = Path(hwm.name).read_text().strip()
    return wall, int(text) / 1024 if text else float("nan"), done.returncode


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _start_server() -> tuple[subprocess.Popen, str]:
    import httpx

    port = _free_port()
    cache = tempfile.mkdtemp(prefix="webminim-serve-")  # an empty embedding cache: MiniLM runs
    process = subprocess.Popen(
        [sys.executable, "-m", "webminim", "serve", "--port", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "WEBMINIM_CACHE": cache, "WEBMINIM_ONNX_DIR": str(onnx_dir())},
    )
    url = f"http://127.0.0.1:{port}"
    for _ in range(600):
        try:
            if httpx.get(f"{url}/health", timeout=1).status_code == 200:
                return process, url
        except httpx.HTTPError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit("webminim serve did not start")


def _vm_hwm_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def agent_peak_mib(runtime: str) -> float:
    """Peak RSS of one agent process (bench/agent_rss.py), the sites served by another, with
    an empty embedding cache (MiniLM embeds every text, as on a first visit)."""
    port = _free_port()
    sites = subprocess.Popen(
        [sys.executable, "-m", "webminim", "sites", "--port", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        url = f"http://127.0.0.1:{port}"
        for _ in range(300):
            with contextlib.suppress(OSError):
                urllib.request.urlopen(url + "/a/shop/product?seed=1", timeout=1).close()
                break
            time.sleep(0.1)
        agent = [sys.executable, str(Path(__file__).parent / "agent_rss.py"), "--sites", url]
        with tempfile.TemporaryDirectory() as cache:
            env = {
                **os.environ,
                "WEBMINIM_CACHE": cache,
                "WEBMINIM_ONNX_DIR": str(onnx_dir()),
                "WEBMINIM_RUNTIME": runtime,
            }
            out = subprocess.run(agent, capture_output=True, text=True, check=True, timeout=600, env=env)
        return float(out.stdout.strip().splitlines()[-1])
    finally:
        sites.terminate()
        sites.wait(timeout=30)


def cli_rows(repeat: int) -> list[tuple[str, ...]]:
    page = str(FIXTURES / "forms.html")
    schema = json.dumps({"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"]})
    commands = {
        "webminim --help": ["--help"],
        "snapshot --html (small page)": ["snapshot", "--html", page],
        "minimize-call": [
            "minimize-call",
            "--tool",
            "search",
            "--args",
            '{"q": "weather in Paris"}',
            "--schema",
            schema,
        ],
        "sanitize --html (small page)": ["sanitize", "--html", page, "--task", "Sign in with my email"],
    }
    commands["sanitize --html (small page), torch runtime"] = commands["sanitize --html (small page)"]
    rows = []
    for name, args in commands.items():
        runs = [_run_measured(args, "torch" if "torch" in name else None) for _ in range(repeat)]
        assert all(r[2] == 0 for r in runs), f"webminim {' '.join(args)} failed"
        rows.append((name, f"{statistics.median(r[0] for r in runs):.2f}", f"{max(r[1] for r in runs):.0f}"))
    server, url = _start_server()
    try:
        args = ["sanitize", "--html", page, "--task", "Sign in with my email", "--broker", url]
        runs = [_run_measured(args) for _ in range(repeat)]
        rows.append(
            (
                "sanitize --broker (serve running)",
                f"{statistics.median(r[0] for r in runs):.2f}",
                f"{max(r[1] for r in runs):.0f}",
            )
        )
    finally:
        server.terminate()
        server.wait(timeout=30)
    return rows


def serve_rows(requests_per_client: int = 8) -> tuple[list[tuple[str, ...]], float]:
    from extractors.html import tree_from_html
    from webminim.broker import BrokerScorer
    from webminim.synthetic import large_page

    tree = tree_from_html(large_page(250))
    server, url = _start_server()
    rows = []
    try:
        BrokerScorer(url).score(tree, "warm up")
        for clients in (1, 4, 16):
            latencies: list[float] = []
            lock = threading.Lock()

            def agent(k: int, latencies: list[float] = latencies, lock: threading.Lock = lock) -> None:
                broker = BrokerScorer(url, timeout_s=300)
                for i in range(requests_per_client):
                    start = time.perf_counter()
                    broker.score(tree, f"Add the product {k * 100 + i} to my cart")  # a new task each time
                    with lock:
                        latencies.append((time.perf_counter() - start) * 1000)

            began = time.perf_counter()
            threads = [threading.Thread(target=agent, args=(k,)) for k in range(clients)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            wall = time.perf_counter() - began
            rows.append(
                (
                    str(clients),
                    f"{len(tree):,}",
                    f"{len(latencies) / wall:.1f}",
                    f"{percentile(latencies, 0.5):.0f}",
                    f"{percentile(latencies, 0.99):.0f}",
                )
            )
        rss = _vm_hwm_mib(server.pid)
    finally:
        server.terminate()
        server.wait(timeout=30)
    return rows, rss


def batch_rows(records: int = 48) -> list[tuple[str, ...]]:
    from extractors.html import tree_from_html
    from webminim.batch import sanitize_batch
    from webminim.synthetic import large_page

    pages = [(FIXTURES / "forms.html").read_text(), (FIXTURES / "toast_2fa.html").read_text(), large_page(120)]
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "in.jsonl"
        with source.open("w") as handle:
            for i in range(records):
                tree = tree_from_html(pages[i % len(pages)])
                handle.write(json.dumps({"id": str(i), "task": f"Open item {i}", "tree": tree.to_dict()}) + "\n")
        for label, use_ray, workers in (("local", False, 1), ("local", False, 2), ("Ray", True, 1), ("Ray", True, 2)):
            out = Path(tmp) / f"out-{label}-{workers}.jsonl"
            began = time.perf_counter()
            counts = sanitize_batch(source, out, workers=workers, use_ray=use_ray)
            wall = time.perf_counter() - began
            rows.append(
                (label, str(workers), str(counts["sanitized"]), f"{wall:.1f}", f"{counts['sanitized'] / wall:.2f}")
            )
        try:
            import ray

            ray.shutdown()
        except ImportError:
            pass
    return rows


def _table(title: str, columns: tuple[str, ...], rows: list[tuple[str, ...]]) -> Table:
    table = Table(title=title)
    for column in columns:
        table.add_column(column, justify="right")
    for row in rows:
        table.add_row(*row)
    return table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[300, 1_000, 3_000], help="target AX nodes")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--only", nargs="+", default=SECTIONS, choices=SECTIONS, help="sections to run")
    parser.add_argument("--runtime", default="onnx", choices=RUNTIMES, help="scorer runtime (torch: the reference)")
    args = parser.parse_args()
    RUNTIME[0] = args.runtime
    console = Console(width=150)
    show = lambda title, columns, rows: console.print(_table(title, columns, rows))  # noqa: E731
    if "cli" in args.only:
        title = "Each command as a user runs it (a new process; seconds, median of 3; peak RSS MiB)"
        show(title, ("command", "wall s", "peak RSS MiB"), cli_rows(args.repeat))
    if "serve" in args.only:
        rows, rss = serve_rows()
        title = f"webminim serve: /score from concurrent agents (server peak RSS {rss:.0f} MiB)"
        show(title, ("agents", "AX nodes", "requests/s", "p50 ms", "p99 ms"), rows)
    if "batch" in args.only:
        show(
            "sanitize-batch (model loading included)",
            ("backend", "workers", "pages", "wall s", "pages/s"),
            batch_rows(),
        )
    if "observation" in args.only:
        columns = (
            "AX nodes",
            "CDP extract",
            "score cold",
            "score warm",
            "policy+view",
            "render (raw)",
            "overhead / extract",
            "first visit / extract",
        )
        title = f"Observation side on {args.runtime} (ms, median; warm = embedding cache hit, as between agent steps)"
        show(title, columns, observation_rows(args.sizes, args.repeat))
    if "loop" in args.only:
        columns = ("page", "AX nodes", "CDP extract only", "observe, first", "observe, next steps")
        show(f"MinimPage.observe() on the local sites, {args.runtime} (ms, median)", columns, observe_rows(args.repeat))
        console.print(
            f"peak RSS of one agent process (these pages, sites served apart): {agent_peak_mib(args.runtime):.0f} MiB"
        )
    if "egress" in args.only:
        rows, n = egress_rows(args.repeat)
        title = f"Action side: {n} over-sharing tool calls, same run"
        show(title, ("method", "p50 ms", "p99 ms", "PCS reduction", "TCR"), rows)
    console.print(f"peak RSS: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB")


if __name__ == "__main__":
    main()
