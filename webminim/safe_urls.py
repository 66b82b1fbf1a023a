"""URLs as a sanitized view may show them: the origin, the path with tokens and withheld values
hidden, no query, no credentials, no scheme that runs code."""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Callable
from urllib.parse import quote, unquote, urlsplit, urlunsplit

from webminim.secret_text import secret_in
from webminim.vault import Vault, kind_of

INVALID_URL = "[invalid URL]"
MIN_LEAK = 3  # shorter withheld strings ("OK", "$1") are not worth redacting from names


_SCHEME = re.compile(r"^\s*([A-Za-z][A-Za-z0-9+.-]*):")
_AUTHORITY = re.compile(r"^\s*([A-Za-z][A-Za-z0-9+.-]*):(//[^/?#]*)?")
_USERINFO = re.compile(r"^(\s*[A-Za-z][A-Za-z0-9+.-]*://)[^/?#@]*@")
# Their payload is the content itself (a whole page, a script): never shown, only named.
_HIDDEN_SCHEMES = {
    "data": "[data URL]",
    "javascript": "[javascript URL]",
    "vbscript": "[javascript URL]",
    "blob": "[blob URL]",
    "filesystem": "[blob URL]",
}
# Opaque schemes whose whole target is a personal address.
_ADDRESS_SCHEMES = {"mailto": "EMAIL", "tel": "PHONE", "sms": "PHONE", "callto": "PHONE"}
_URL_NOISE = re.compile(r"[\t\r\n]")
_C0_OR_SPACE = "".join(map(chr, range(0x21)))
DIGIT_RUN = re.compile(r"\d{4,}")
_CHUNK = re.compile(r"[^-_.~+]+")
_PARAM_NAME = re.compile(r"[A-Za-z][A-Za-z_-]{0,23}")
_SECRET_CUE = re.compile(r"pass|pwd|pin|otp|code|token|secret|key|auth|sess|sid|ssn", re.I)


def origin_of(url: str) -> str:
    """`scheme://host[:port]` of a URL, the scheme alone for opaque ones, "" for "".

    Never raises: an unparsable URL falls back to its literal scheme and authority (or
    `[invalid URL]`), so that vault entries made from it never match a real origin.
    """
    try:
        parts = urlsplit(url)
    except ValueError:
        match = _AUTHORITY.match(url)
        return f"{match[1].lower()}:{match[2] or ''}" if match else INVALID_URL
    return f"{parts.scheme}://{parts.netloc}" if parts.scheme and parts.netloc else parts.scheme or ""


def strip_query(url: str) -> str:
    """The URL without userinfo, query string and fragment (never raises)."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return _USERINFO.sub(r"\1", url.split("?", 1)[0].split("#", 1)[0])
    if not parts.scheme:
        return url.split("?", 1)[0].split("#", 1)[0]
    netloc = parts.netloc.rpartition("@")[2]
    return urlunsplit((parts.scheme, netloc, parts.path, "", ""))


def looks_like_token(segment: str) -> bool:
    """True when a (decoded) URL path segment or host label looks like a code, id or token.

    Digits-heavy: a run of 4+ digits, or 4+ digits making up half the segment
    (`414922`, `code-4-1-4-9`); random-looking: 16+ characters mixing letters and digits
    without word structure (`aB3dE5fG7hJ9kL1m`, a UUID, a JWT part); an e-mail address;
    or anything the secret guard calls a secret (`password=hunter2`).
    """
    text = segment.strip()
    if not text:
        return False
    alnum = [c for c in text if c.isalnum()]
    digits = sum(c.isdigit() for c in alnum)
    if DIGIT_RUN.search(text) or (digits >= 4 and 2 * digits >= len(alnum)):
        return True
    if "@" in text:
        return True
    letters = len(alnum) - digits
    if len(text) >= 16 and digits and letters:
        chunks = _CHUNK.findall(text)
        mixed_chunk = any(len(c) >= 12 and any(ch.isdigit() for ch in c) for c in chunks)
        if len(chunks) == 1 or mixed_chunk or 4 * digits >= len(alnum):
            return True
    # the full guard is costly and digits or randomness were checked above: only a cue word
    # ("password-is-sunflower") leaves something for it to find
    return bool(_SECRET_CUE.search(text)) and secret_in(re.sub(r"[-_+]", " ", text))


def safe_url(
    url: str,
    *,
    vault: Vault | None = None,
    origin: str = "",
    node_id: str = "",
    task: str = "",
) -> str:
    """A URL as it may be shown to the remote model (never raises).

    Userinfo, query and fragment go; a path segment, path parameter or host label that
    looks like a code, token or id becomes a placeholder (a vault one when `vault` is
    given, so the agent can still type it where it came from); `mailto:`/`tel:` targets are
    abstracted; a `file:` URL's folders become one placeholder (its file name stays);
    `data:`/`javascript:`/`blob:` URLs become a short note; a URL that does not
    parse becomes `[invalid URL]`. Pieces the (normalized, lower-case) `task` names stay.
    """
    # as browsers (and urlsplit) read it: no tabs or newlines anywhere, no controls at the ends,
    # so that "java\nscript:" is seen for what it is
    text = _URL_NOISE.sub("", url).strip(_C0_OR_SPACE)
    if not text:
        return ""

    def hide(value: str, kind: str) -> str:
        if task and len(value) >= MIN_LEAK and value.lower() in task:
            return value  # the user named it
        if vault is None:
            return f"[{kind}]"
        return vault.placeholder(value, kind=kind, origin=origin, node_id=node_id)

    scheme_match = _SCHEME.match(text)
    scheme = scheme_match[1].lower() if scheme_match else ""
    if scheme in _HIDDEN_SCHEMES:  # before parsing: the payload must not be looked at twice
        return _HIDDEN_SCHEMES[scheme]
    try:
        parts = urlsplit(text)
        port = parts.port  # a port that is not a number raises only here
        host = parts.hostname or ""
    except ValueError:
        return INVALID_URL
    scheme = parts.scheme.lower() or scheme
    if scheme in _HIDDEN_SCHEMES:
        return _HIDDEN_SCHEMES[scheme]
    if scheme in _ADDRESS_SCHEMES:
        address = unquote(parts.path).strip()
        return f"{scheme}:{hide(address, _ADDRESS_SCHEMES[scheme])}" if address else f"{scheme}:"
    if scheme == "file":
        # a local page's folders name this machine's user and layout: one placeholder for them
        # (the agent can still go back through it), the file's own name as it is
        folder, _, name = (parts.netloc + unquote(parts.path)).rpartition("/")
        shown = f"{hide(folder, 'PATH')}/" if folder.strip("/") else ""
        return f"file:///{shown}{_safe_segment(quote(name), hide)}"
    netloc = ""
    if parts.netloc:
        netloc = _safe_host(host, hide)
        if port is not None:
            netloc += f":{port}"
    path = "/".join(_safe_segment(segment, hide) for segment in parts.path.split("/"))
    return urlunsplit((parts.scheme, netloc, path, "", ""))


def _safe_host(host: str, hide: Callable[[str, str], str]) -> str:
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        # a DNS name: a label can carry a code (`414922.evil.example`)
        return ".".join(hide(label, "ID") if looks_like_token(label) else label for label in host.split("."))
    return f"[{address}]" if address.version == 6 else str(address)


def _safe_segment(segment: str, hide: Callable[[str, str], str]) -> str:
    core, *params = segment.split(";")
    decoded = unquote(core)
    shown = hide(decoded, "EMAIL" if kind_of(decoded) == "EMAIL" else "ID") if looks_like_token(decoded) else core
    for param in params:  # `;jsessionid=...`: a session id is a credential
        name, sep, value = param.partition("=")
        if sep and _PARAM_NAME.fullmatch(name):
            shown += f";{name}={hide(unquote(value), 'ID')}" if value else f";{name}="
        elif param:
            shown += f";{hide(unquote(param), 'ID')}"
    return shown


# -- properties -------------------------------------------------------------------------------
# An allow-list: states and small enums are shown verbatim (they carry no page text); free text
# goes through the guard; everything else (unknown names, values outside an enum) is dropped.
