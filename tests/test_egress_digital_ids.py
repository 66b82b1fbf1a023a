"""Wallet and hardware addresses: found by their checksums and shapes, their look-alikes not."""

from __future__ import annotations

import pytest

from webminim.egress.classifier import PSDClassifier
from webminim.egress.text import TextMinimizer


@pytest.fixture(scope="module")
def classifier() -> PSDClassifier:
    return PSDClassifier()


def _kinds(classifier: PSDClassifier, text: str) -> dict[str, str]:
    return {f.text: f.kind for f in classifier.classify_text(text)}


@pytest.mark.parametrize(
    ("before", "value", "kind"),
    [
        ("send it to ", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa", "crypto_address"),  # Base58Check, version 0
        ("pay-to-script ", "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy", "crypto_address"),  # version 5
        ("my wallet: ", "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", "crypto_address"),  # Bech32
        ("taproot ", "bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297", "crypto_address"),  # Bech32m
        ("ETH to ", "0x52908400098527886E0F7030069857D2E4169EE7", "crypto_address"),
        ("the router's MAC is ", "3c:22:fb:1a:0e:7d", "mac_address"),
        ("adapter ", "3C-22-FB-1A-0E-7D", "mac_address"),
        ("switch port ", "3c22.fb1a.0e7d", "mac_address"),
    ],
)
def test_wallet_and_hardware_addresses_are_found(classifier, before, value, kind):
    assert _kinds(classifier, before + value + ".").get(value) == kind


@pytest.mark.parametrize(
    "text",
    [
        "send it to 1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb",  # one letter off: its checksum fails
        "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdr",  # likewise
        "BC1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",  # mixed case is no Bech32
        "1ABCDEFGHJKLMNPQRSTUVWXYZabcdefgh",  # a Base58 run of the right length
        "at 10:30:45 on 2024-01-02",
        "ff:ff:ff:ff:ff:ff and 00:00:00:00:00:00",  # broadcast and nothing: no device
        "version 1234.5678.9012",
        "3c:22:fb:1a:0e",  # five bytes
        "fe80::3c22:fbff:fe1a:e7d",  # an IPv6 address is read as one elsewhere
    ],
)
def test_their_look_alikes_are_not_found(classifier, text):
    assert not {"crypto_address", "mac_address"} & set(_kinds(classifier, text).values())


def test_a_message_keeps_a_wallet_only_when_the_instruction_asks_for_payment():
    wallet = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq"
    text = f"Thanks for the help with the router. My wallet is {wallet} if you want a tip."
    minimizer = TextMinimizer()
    assert "bc1q" not in minimizer.minimize(text, task="Post this on the forum").text
    assert "bc1q" in minimizer.minimize(text, task="Send them my bitcoin wallet so they can pay me").text


@pytest.mark.parametrize(
    ("key", "description", "value"),
    [
        ("wallet_address", "the recipient's bitcoin wallet", "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq"),
        ("mac", "the device to allow on the network", "3c:22:fb:1a:0e:7d"),
        ("ip", "the server to check", "192.168.1.20"),
    ],
)
def test_a_field_named_for_the_value_keeps_it_and_free_text_does_not(key, description, value):
    """A tool asks for a wallet, a device or a server by a field of that name: the value is the
    call's purpose. The same value in a comment is tagged."""
    from webminim.egress import ToolMinimizer

    schema = {"type": "object", "properties": {key: {"type": "string", "description": description}}, "required": [key]}
    assert ToolMinimizer({"act": schema}).minimize("act", {key: value}, task="Do it").to_json()["args"] == {key: value}
    comment = {"type": "object", "properties": {"comment": {"type": "string"}}, "required": ["comment"]}
    out = ToolMinimizer({"post": comment}).minimize("post", {"comment": f"It was {value} all along."}, task="Post it")
    assert value not in out.to_json()["args"]["comment"]
