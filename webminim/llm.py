"""A small client for any OpenAI-compatible `/v1/chat/completions` endpoint (vLLM, llama.cpp,
Ollama, a hosted API), for the optional LLM backends: the free-text judge of tool-call egress
and the paper's prompted-LLM scorer baseline.

    endpoint = Endpoint(url="http://127.0.0.1:8000/v1", model="llama-3-8b-instruct")
    client = ChatClient(endpoint)
    answer = client.ask_json(system, user, Answer, timeout_s=5)   # a validated pydantic object

Both backends send page or argument text to the endpoint, so an endpoint off this machine is
refused unless the user says `allow_remote=True` (`--allow-remote-scorer` on the CLI). The
key is read from an environment variable and never logged or cached. Transient failures
(connection errors, 429, 5xx) are retried with backoff inside the caller's time limit; a
malformed answer is an EndpointError, never a partial result. Answers are cached by
(model, prompts) in memory and, with `cache_dir`, on disk, so re-runs are free.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import time
from collections import OrderedDict
from pathlib import Path
from typing import TypeVar
from urllib.parse import urlsplit

import httpx
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from webminim.errors import ConfigError, EndpointError
from webminim.hosts import is_loopback
from webminim.private_files import create_private

T = TypeVar("T", bound=BaseModel)

DEFAULT_KEY_ENV = "WEBMINIM_LLM_API_KEY"
MAX_ANSWER_CHARS = 1_000_000
_FENCE = re.compile(r"^\s*```(?:json)?\s*|\s*```\s*$")


class Endpoint(BaseModel):
    """Where the LLM is; validated on construction (a remote one needs `allow_remote`)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    url: str = Field(description="base URL, e.g. http://127.0.0.1:8000/v1")
    model: str = Field(min_length=1)
    key_env: str = DEFAULT_KEY_ENV
    allow_remote: bool = False
    timeout_s: float = Field(default=60.0, gt=0, le=600)
    retries: int = Field(default=2, ge=0, le=10)
    temperature: float = Field(default=0.0, ge=0, le=2)

    @field_validator("url")
    @classmethod
    def _url(cls, url: str) -> str:
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ValueError(f"not an http(s) URL: {url!r}")
        return url.rstrip("/")

    @model_validator(mode="after")
    def _local_unless_allowed(self) -> Endpoint:
        host = urlsplit(self.url).hostname or ""
        if not self.allow_remote and not is_loopback(host):
            raise ValueError(
                f"{host} is not this machine: the endpoint would receive raw page or argument text; "
                "pass allow_remote (--allow-remote-scorer) to accept that"
            )
        return self

    @classmethod
    def of(cls, **values: object) -> Endpoint:
        """Construct, turning a validation failure into one ConfigError line."""
        try:
            return cls(**values)  # type: ignore[arg-type]
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(p) for p in first["loc"]) or "endpoint"
            raise ConfigError(f"LLM endpoint {where}: {first['msg'].removeprefix('Value error, ')}") from None

    @property
    def completions_url(self) -> str:
        base = self.url if self.url.endswith("/v1") else f"{self.url}/v1"
        return f"{base}/chat/completions"


class ChatClient:
    """Asks an endpoint for JSON answers; retries, a time limit, a cache; one error type."""

    def __init__(
        self,
        endpoint: Endpoint,
        *,
        cache_dir: Path | None = None,
        transport: httpx.BaseTransport | None = None,
        max_cached: int = 4096,
    ) -> None:
        self.endpoint = endpoint
        self.cache_dir = cache_dir
        self.max_cached = max_cached
        self._memory: OrderedDict[str, str] = OrderedDict()
        self._http = httpx.Client(transport=transport, trust_env=False, follow_redirects=False)
        self.requests = 0  # answered by the endpoint (not the cache): for costs and tests
        self.seconds = 0.0
        self.tokens = 0  # the endpoint's `usage.total_tokens`, else about 4 characters a token

    def close(self) -> None:
        self._http.close()

    def ask_json(self, system: str, user: str, answer: type[T], *, timeout_s: float | None = None) -> T:
        """The endpoint's answer to (system, user), parsed and validated as `answer`."""
        key = self._key(system, user)
        text = self._cached(key)
        if text is None:
            text = self._post(system, user, timeout_s if timeout_s is not None else self.endpoint.timeout_s)
            parsed = _parse(text, answer)  # a malformed answer is never cached
            self._store(key, text)
            return parsed
        return _parse(text, answer)

    # -- transport ------------------------------------------------------------------------
    def _post(self, system: str, user: str, timeout_s: float) -> str:
        give_up = time.monotonic() + max(0.0, timeout_s)
        body = {
            "model": self.endpoint.model,
            "temperature": self.endpoint.temperature,
            "messages": [{"role": "system", "content": system}, {"role": "user", "content": user}],
        }
        headers = {"Content-Type": "application/json"}
        key = os.environ.get(self.endpoint.key_env, "")
        if key:
            headers["Authorization"] = f"Bearer {key}"
        last = "no attempt"
        for attempt in range(self.endpoint.retries + 1):
            left = give_up - time.monotonic()
            if left <= 0:
                break
            began = time.monotonic()
            try:
                response = self._http.post(self.endpoint.completions_url, json=body, headers=headers, timeout=left)
            except httpx.TimeoutException:
                last = f"no answer within {timeout_s:g} s"
                break
            except httpx.HTTPError as exc:
                last = f"{type(exc).__name__}"
            else:
                self.seconds += time.monotonic() - began
                if response.status_code == 200:
                    self.requests += 1
                    content = _content(response)
                    self.tokens += _tokens(response, system, user, content)
                    return content
                last = f"HTTP {response.status_code}"
                if response.status_code != 429 and response.status_code < 500:
                    break  # a client error does not get better by asking again
            pause = min(0.25 * 2**attempt, give_up - time.monotonic())
            if attempt < self.endpoint.retries and pause > 0:
                time.sleep(pause)
        raise EndpointError(f"LLM endpoint {self.endpoint.url} failed: {last}")

    # -- cache ----------------------------------------------------------------------------
    def _key(self, system: str, user: str) -> str:
        material = json.dumps([self.endpoint.model, self.endpoint.temperature, system, user])
        return hashlib.sha256(material.encode()).hexdigest()

    def _cached(self, key: str) -> str | None:
        if key in self._memory:
            self._memory.move_to_end(key)
            return self._memory[key]
        if self.cache_dir is not None:
            path = self.cache_dir / f"{key}.json"
            if path.is_file():
                text = path.read_text(encoding="utf-8")
                self._remember(key, text)
                return text
        return None

    def _store(self, key: str, text: str) -> None:
        self._remember(key, text)
        if self.cache_dir is not None:  # answers can echo page text: owner-only, like the audit log
            self.cache_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
            tmp = self.cache_dir / f"{key}.{os.getpid()}.tmp"
            create_private(tmp, text)
            tmp.replace(self.cache_dir / f"{key}.json")

    def _remember(self, key: str, text: str) -> None:
        self._memory[key] = text
        self._memory.move_to_end(key)
        while len(self._memory) > self.max_cached:
            self._memory.popitem(last=False)


def _content(response: httpx.Response) -> str:
    try:
        data = response.json()
        content = data["choices"][0]["message"]["content"]
    except (ValueError, KeyError, IndexError, TypeError):
        raise EndpointError("LLM endpoint answered something that is not a chat completion") from None
    if not isinstance(content, str):
        raise EndpointError("LLM endpoint answered a chat completion without text content")
    if len(content) > MAX_ANSWER_CHARS:
        raise EndpointError(f"LLM endpoint answered more than {MAX_ANSWER_CHARS:,} characters")
    return content


def _tokens(response: httpx.Response, *texts: str) -> int:
    try:
        used = response.json()["usage"]["total_tokens"]
        if isinstance(used, int) and used >= 0:
            return used
    except (ValueError, KeyError, TypeError):
        pass
    return sum(len(t) for t in texts) // 4


def _parse(text: str, answer: type[T]) -> T:
    """The answer's JSON (code fences tolerated), validated; anything else is one error line."""
    try:
        return answer.model_validate_json(_FENCE.sub("", text))
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "answer"
        raise EndpointError(f"LLM endpoint answered malformed JSON ({where}: {first['msg']})") from None
