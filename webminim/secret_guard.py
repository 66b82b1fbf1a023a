"""A deterministic safety net under the learned policy: secrets are never sent as text.

Whatever the scorer decides, a node the policy would keep is abstracted when its text —
or a decoded view of it (base64, URL/HTML encoding, homoglyphs, zero-width characters,
leetspeak, spaced digits), or its run together with neighbouring sibling text — holds a
secret: a verification code, an inline password, a card or social-security number, an
API token or a password-like string. The value then goes to the vault like any other
abstraction, so an agent can still type it where it belongs. Text the task itself names
is exempt (the user already disclosed it).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from stdnum import luhn

from extractors.tree import UINode
from webminim.egress.decode import decoded_segments, normalized

_OTP = re.compile(
    r"(?:(?<!zip )(?<!postal )\bcode|otp|verification|passcode|\bpin\b|2fa|one[- ]time)\D{0,40}"
    r"(?<!ending in )(?<![•*] )\b\d{4,8}\b",
    re.I,
)
_INLINE_PASSWORD = re.compile(r"(?:password|passwd|pwd|passphrase)\s*(?:is|:|=)\s*\S{4,}", re.I)
_PASSWORD_LIKE = re.compile(r"(?<!\S)(?=\S*[A-Za-z])(?=\S*\d)(?=\S*[^\w\s•])\S{8,}(?!\S)")
_TOKEN = re.compile(r"\b(?=[A-Za-z0-9_-]*[A-Za-z])(?=[A-Za-z0-9_-]*\d)[A-Za-z0-9_-]{24,}\b")
_CARD = re.compile(r"(?<!\d)(?:\d[ -]?){12,18}\d(?!\d)")
_SSN = re.compile(r"(?<!\d)\d{3}-\d{2}-\d{4}(?!\d)")
_PLACEHOLDER = re.compile(r"\[[A-Z]+_\d+\]")  # already withheld: never a secret itself
_EMAIL = re.compile(r"[^@\s]+@[^@\s]+\.[A-Za-z]{2,}")
_URLISH = re.compile(r"https?://|www\.", re.I)


def _variants(text: str) -> Iterator[tuple[str, bool]]:
    """(view of the text, whether its characters are still the page's own)."""
    yield text, True
    plain = normalized(text)
    if plain is not None:
        yield plain[0], True
    leet = normalized(text, leet=True)
    if leet is not None:
        yield leet[0], False  # "$1,299.00" reads as "sl,2gg.oo": only phrase patterns apply
    for _, _, decoded in decoded_segments(text):
        yield decoded, True


def holds_code(text: str) -> bool:
    """True when `text` holds a verification code ("Your code is 847293", "Código: 4821")."""
    return bool(_OTP.search(text))


def secret_in(text: str) -> bool:
    """True when `text`, or a decoded view of it, holds a secret."""
    for variant, literal in _variants(text):
        if _OTP.search(variant) or _INLINE_PASSWORD.search(variant):
            return True
        if not literal:
            continue
        if _SSN.search(variant):  # shaped like an SSN is enough: fail closed
            return True
        if _TOKEN.search(variant) and not _URLISH.search(variant):
            return True
        if any(
            _PASSWORD_LIKE.fullmatch(token.strip(".,;:!?)("))
            for token in variant.split()
            if not _EMAIL.fullmatch(token.strip(".,;:!?)(")) and not _URLISH.search(token)
        ):
            return True
        for match in _CARD.finditer(variant):
            digits = re.sub(r"\D", "", match.group(0))
            if 13 <= len(digits) <= 19 and luhn.is_valid(digits):
                return True
    return False


def flag_secrets(nodes: tuple[UINode, ...], kept: list[int], task: str, text_of: Callable[[int], str]) -> set[int]:
    """Indices among `kept` whose text (`text_of(i)`: what would be sent), alone or run
    together with kept siblings, holds a secret the task does not name."""
    texts = {i: text_of(i) for i in kept}  # each node's sent text, built once
    flagged = {
        i for i, text in texts.items() if text and secret_in(_PLACEHOLDER.sub(" ", text)) and text.lower() not in task
    }
    by_parent: dict[str | None, list[int]] = {}
    for i in kept:
        by_parent.setdefault(nodes[i].parent, []).append(i)
    for siblings in by_parent.values():
        run_texts = [(i, texts[i]) for i in siblings if texts[i] and i not in flagged]
        for start in range(len(run_texts)):  # a secret split over neighbours: "code is 84" + "7293"
            for end in range(start + 2, min(len(run_texts), start + 4) + 1):
                if _run_secret(run_texts[start:end]) and not (
                    _run_secret(run_texts[start + 1 : end]) or _run_secret(run_texts[start : end - 1])
                ):  # only the shortest run that holds it, not its innocent neighbours
                    flagged.update(i for i, _ in run_texts[start:end])
    return flagged


def _run_secret(run: list[tuple[int, str]]) -> bool:
    if not run:
        return False
    texts = [_PLACEHOLDER.sub(" ", t).strip() for _, t in run]
    if secret_in(" ".join(texts)):
        return True
    # glued only where a number was cut in two ("code is 84" + "7293"): gluing words makes
    # password-looking tokens out of ordinary neighbours ("Webb" + "9:41")
    glued = all(a[-1:].isdigit() and b[:1].isdigit() for a, b in zip(texts, texts[1:], strict=False))
    return glued and secret_in("".join(texts))
