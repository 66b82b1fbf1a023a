"""A small real OpenAI-compatible server on 127.0.0.1 for tests: it answers
`/v1/chat/completions` from a deterministic rule over the prompt (no model)."""

from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


@dataclass
class Reply:
    content: str = ""  # the assistant message's text
    status: int = 200
    delay_s: float = 0.0
    raw: bytes | None = None  # a body to send instead of a chat completion


Rule = Callable[[str, str], Reply]  # (system, user) -> reply


@dataclass
class FakeLLM:
    rule: Rule
    url: str = ""
    received: list[dict] = field(default_factory=list)  # request bodies, in order
    headers: list[dict[str, str]] = field(default_factory=list)


@contextmanager
def serve(rule: Rule) -> Iterator[FakeLLM]:
    fake = FakeLLM(rule)

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802 - http.server's name
            body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))))
            fake.received.append(body)
            fake.headers.append(dict(self.headers))
            messages = {m["role"]: m["content"] for m in body["messages"]}
            reply = fake.rule(messages.get("system", ""), messages.get("user", ""))
            time.sleep(reply.delay_s)
            payload = reply.raw
            if payload is None:
                completion = {"choices": [{"message": {"role": "assistant", "content": reply.content}}]}
                payload = json.dumps(completion).encode()
            try:
                self.send_response(reply.status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up (a timeout test)

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    fake.url = f"http://127.0.0.1:{server.server_address[1]}/v1"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield fake
    finally:
        server.shutdown()
        server.server_close()


def rubric_rule(system: str, user: str) -> Reply:
    """s: 9 for a long digit run, else 1; n: 10 when a task word is in the node's name, else 0."""
    nodes = json.loads(user.split("Nodes:\n", 1)[1])
    if "SENSITIVITY" in system:
        results = [
            {"nodeId": n["nodeId"], "sensitivity_score": 9 if re.search(r"\d{6}", n["name"]) else 1} for n in nodes
        ]
    else:
        task = set(re.findall(r"[a-z]{3,}", user.split("\n", 1)[0].lower())) - {"task", "the"}
        words = lambda n: set(re.findall(r"[a-z]{3,}", n["name"].lower()))  # noqa: E731
        results = [{"nodeId": n["nodeId"], "necessity_score": 10 if task & words(n) else 0} for n in nodes]
    return Reply(json.dumps({"results": results}))
