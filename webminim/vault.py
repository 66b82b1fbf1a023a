"""The local vault: abstracted values stay here, the remote model sees typed placeholders.

Placeholders are typed, indexed and stable for a session: the same value of the same
type always maps to the same placeholder (`[OTP_1]`, `[EMAIL_2]`, `[PASSWORD_1]`,
`[TEXT_3]`). Each entry remembers where the value came from (origin and node), which is
what rehydration checks before it types a value back into a page.
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass

from webminim.secret_text import secret_kind

PLACEHOLDER = re.compile(r"\[([A-Z]+)_(\d+)\]")

# a reference of capitals and 3+ digits in groups ("TRK-8842-XQ", "INV-2024/0012"; not "COVID-19"): an ID, not a
# password, unless the text calls it one (an agent reads the kind; the action guard checks it)
_PASSWORD_CUE = re.compile(r"password|passcode|passwd|^[•*]{3,}$", re.I)
_ID = re.compile(r"(?<![\w-])(?=(?:[A-Z./-]*\d){3})(?=[A-Z0-9./-]*[A-Z])[A-Z0-9]{2,}(?:[-/.][A-Z0-9]+)+(?![\w-])")
_CODE_CUE = re.compile(r"code|otp|verification|one-time|2fa|\bpin\b", re.I)

_KINDS: tuple[tuple[str, re.Pattern[str]], ...] = (
    # a password the secret finder does not read as one: masked, or a token of letters, digits and
    # symbols (after its word, "Password: …", the finder reads it; a text that only speaks of one,
    # "Save password for example.org?", is TEXT)
    ("PASSWORD", re.compile(r"^[•*]{3,}$|(?=\S*[A-Za-z])(?=\S*\d)(?=\S*[^\w\s•])\S{8,}")),
    # a 4-8 digit code in a code context; "ending in 1234" is an account tail, not a code
    (
        "OTP",
        re.compile(
            r"(?:code|otp|verification|one-time|2fa|pin)\D{0,40}(?<!ending in )(?<![•*] )\b\d{4,8}\b|^\s*\d{4,8}\s*$",
            re.I,
        ),
    ),
    ("EMAIL", re.compile(r"[\w.+-]+@[\w-]+\.[\w.]+")),
    ("CARD", re.compile(r"\b(?:\d[ -]?){13,19}\b|(?:card|visa|mastercard|amex)\D{0,16}\d{4}\b", re.I)),
    ("PHONE", re.compile(r"\(?\b\d{3}\)?[\s.-]\d{3}[\s.-]\d{4}\b")),
    (
        "ADDRESS",
        re.compile(
            r"\b\d{1,6}\s+[A-Z][a-z]+(?:\s[A-Z][a-z]+)*\s(?:St|Street|Ave|Avenue|Rd|Road|Blvd|Lane|Ln|Dr|Drive|Way|Court|Ct|Pl|Place)\b"
        ),
    ),
    ("URL", re.compile(r"^[a-z]+://", re.I)),
)


# the secret finder's kinds a placeholder takes its type from; its others (cards, identifiers)
# keep the patterns above, which type an address or a phone as such
_SECRET_KINDS = {"otp": "OTP", "code": "OTP", "password": "PASSWORD"}


def kind_of(text: str) -> str:
    """The placeholder type of a value: a code or password as the secret finder reads it (a
    code before its cue, "One-time passcode 086027", is a code), else the first matching
    pattern, else TEXT."""
    if not _PASSWORD_CUE.search(text) and not _CODE_CUE.search(text) and _ID.search(text):
        return "ID"
    found = _SECRET_KINDS.get(secret_kind(text) or "")
    if found is not None:
        return found
    for kind, pattern in _KINDS:
        if pattern.search(text):
            return kind
    return "TEXT"


@dataclass(frozen=True, slots=True)
class VaultEntry:
    placeholder: str
    value: str
    kind: str
    origin: str  # scheme://host:port of the page the value came from
    node_id: str


class Vault:
    """Placeholder <-> value map for one agent session (thread-safe, never persisted)."""

    def __init__(self) -> None:
        self._by_placeholder: dict[str, VaultEntry] = {}
        self._by_value: dict[tuple[str, str], str] = {}
        self._counts: dict[str, int] = {}
        self._typed: dict[str, str] = {}  # a value typed into a page -> the placeholder it came from
        self._codes: set[str] = set()  # codes seen on a page, wherever they stood (`seen_codes`)
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._by_placeholder)

    def __contains__(self, placeholder: object) -> bool:
        return placeholder in self._by_placeholder

    def placeholder(self, value: str, *, kind: str | None = None, origin: str = "", node_id: str = "") -> str:
        kind = kind or kind_of(value)
        with self._lock:
            existing = self._by_value.get((kind, value))
            if existing is not None:
                return existing
            self._counts[kind] = self._counts.get(kind, 0) + 1
            token = f"[{kind}_{self._counts[kind]}]"
            self._by_value[(kind, value)] = token
            self._by_placeholder[token] = VaultEntry(token, value, kind, origin, node_id)
            return token

    def note_typed(self, placeholder: str, value: str) -> None:
        """`value` (what `placeholder` stands for, as typed) is now in a field of the page: a later
        view shows the field with the placeholder, never the value the model was not given."""
        if len(value.strip()) >= 3:  # a field holding "1" or "ok" is not taken for a vaulted value
            with self._lock:
                self._typed[value.strip()] = placeholder

    def typed_placeholder(self, text: str) -> str | None:
        """The placeholder whose value was typed as exactly `text` (surrounding space aside), if any."""
        return self._typed.get(text.strip()) if self._typed else None

    def see_codes(self, codes: list[str]) -> None:
        """Codes a view showed (in any node, whatever was decided for it): a later view withholds
        them wherever they turn up (`webminim.seen_codes`)."""
        if codes:
            with self._lock:
                self._codes.update(codes)

    def seen_codes(self) -> frozenset[str]:
        return frozenset(self._codes)

    def get(self, placeholder: str) -> VaultEntry | None:
        return self._by_placeholder.get(placeholder)

    def entries(self) -> list[VaultEntry]:
        return list(self._by_placeholder.values())
