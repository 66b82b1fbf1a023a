"""Digital identifiers: cryptocurrency wallet addresses and hardware (MAC) addresses.

A wallet address names its owner's funds and every payment to them on a public ledger; a MAC
address names one device for its life. Bitcoin's forms carry checksums (Base58Check, Bech32 /
Bech32m: BIP-173, BIP-350) that are checked here with `hashlib`, so a random run of letters and
digits is not one; an Ethereum address is "0x" and exactly forty hex digits (its mixed-case
checksum needs Keccak, which the standard library lacks, so the shape alone decides).
"""

from __future__ import annotations

import hashlib
import re

from webminim.egress.detectors.base import Finding, _finding
from webminim.egress.taxonomy import Category

_BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
_BASE58_VALUE = {c: i for i, c in enumerate(_BASE58)}
_BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"
_BECH32_VALUE = {c: i for i, c in enumerate(_BECH32)}
_BECH32_CONSTANTS = (1, 0x2BC830A3)  # Bech32 (segwit v0), Bech32m (v1 and later: taproot)


def _base58check(text: str) -> bool:
    """A Bitcoin address in Base58Check: 25 bytes, version 0 or 5 ("1...", "3..."), and the
    first four bytes of its payload's double SHA-256 as its last four."""
    number = 0
    for char in text:
        number = number * 58 + _BASE58_VALUE[char]
    zeros = len(text) - len(text.lstrip("1"))
    try:
        raw = b"\0" * zeros + number.to_bytes((number.bit_length() + 7) // 8, "big")
    except OverflowError:  # pragma: no cover - a non-negative int always fits its own length
        return False
    if len(raw) != 25 or raw[0] not in (0, 5):
        return False
    return hashlib.sha256(hashlib.sha256(raw[:21]).digest()).digest()[:4] == raw[21:]


def _bech32(text: str) -> bool:
    """A segwit address ("bc1..."): one case, and BIP-173's checksum over "bc" and its data."""
    if text != text.lower() and text != text.upper():
        return False
    lowered = text.lower()
    data = [_BECH32_VALUE[c] for c in lowered[3:]]
    checked = 1
    for value in [ord(c) >> 5 for c in "bc"] + [0] + [ord(c) & 31 for c in "bc"] + data:
        top = checked >> 25
        checked = (checked & 0x1FFFFFF) << 5 ^ value
        for i, generator in enumerate((0x3B6A57B2, 0x26508E6D, 0x1EA119FA, 0x3D4233DD, 0x2A1462B3)):
            if (top >> i) & 1:
                checked ^= generator
    return checked in _BECH32_CONSTANTS


class CryptoAddressDetector:
    name = "crypto_address"
    kinds = frozenset({"crypto_address"})
    # no trigger: one pattern of the three forms is tried at every character (~14 µs a message);
    # `detect` looks for each form's first character instead (~2 µs)
    trigger = None
    _legacy = (re.compile(r"1[1-9A-HJ-NP-Za-km-z]{25}"), re.compile(r"3[1-9A-HJ-NP-Za-km-z]{25}"))
    _base58 = re.compile(r"(?<![0-9A-Za-z])[13][1-9A-HJ-NP-Za-km-z]{25,34}(?![0-9A-Za-z])")
    _segwit = re.compile(r"(?<![0-9A-Za-z])(?:bc1[02-9ac-hj-np-z]{11,71}|BC1[02-9AC-HJ-NP-Z]{11,71})(?![0-9A-Za-z])")
    _ethereum = re.compile(r"(?<![0-9A-Za-z])0x[0-9a-fA-F]{40}(?![0-9A-Za-z])")

    def detect(self, text: str, field: str = "") -> list[Finding]:
        found: list[re.Match[str]] = []
        if any(rx.search(text) for rx in self._legacy):
            found += [m for m in self._base58.finditer(text) if _base58check(m.group(0))]
        if "bc1" in text or "BC1" in text:
            found += [m for m in self._segwit.finditer(text) if _bech32(m.group(0))]
        if "0x" in text:
            found += self._ethereum.finditer(text)
        return [_finding(Category.F, "crypto_address", m, self.name) for m in found]


class MACAddressDetector:
    """Six bytes in hex, apart by one colon or hyphen throughout ("3c:22:fb:1a:0e:7d"), or
    Cisco's three dotted groups ("3c22.fb1a.0e7d"); never all zeros or the broadcast address,
    which name no device."""

    name = "mac_address"
    kinds = frozenset({"mac_address"})
    trigger = None  # as above: each form's separator first (`_separated`), not a pattern at every character
    _separated = (re.compile(r":[0-9A-Fa-f]{2}:"), re.compile(r"-[0-9A-Fa-f]{2}-"), re.compile(r"\.[0-9A-Fa-f]{4}\."))
    _rx = re.compile(
        r"(?<![0-9A-Za-z:.-])(?:[0-9A-Fa-f]{2}([:-])(?:[0-9A-Fa-f]{2}\1){4}[0-9A-Fa-f]{2}"
        r"|[0-9A-Fa-f]{4}\.[0-9A-Fa-f]{4}\.[0-9A-Fa-f]{4})(?![0-9A-Za-z]|[:.-][0-9A-Fa-f])"
    )

    def detect(self, text: str, field: str = "") -> list[Finding]:
        found: list[Finding] = []
        if not any(rx.search(text) for rx in self._separated):
            return found
        for m in self._rx.finditer(text):
            digits = re.sub(r"[:.-]", "", m.group(0)).lower()
            if m.group(1) is None and digits.isdigit():
                continue  # dotted and decimal digits only ("1234.5678.9012"): figures, not a device
            if digits not in ("000000000000", "ffffffffffff"):
                found.append(_finding(Category.DI, "mac_address", m, self.name))
        return found
