"""Signed deep links: made by the bot for one subject, refused when changed or expired, within Telegram's rules."""

import re
from datetime import UTC, datetime, timedelta

from bot.config import Secret
from bot.links import LinkProblem, LinkSigner, Opened

NOW = datetime(2026, 11, 25, 12, tzinfo=UTC)
SIGNER = LinkSigner(Secret("k" * 64))
PAYLOAD = re.compile(r"[A-Za-z0-9_-]{1,64}")


def test_a_link_opens_to_its_subject_until_it_expires_for_every_signature_the_key_makes():
    for subject in (1, 7, 10**9 + 7, 2**53, *range(1000, 1400)):  # signatures with '-' and '_' among them
        payload = SIGNER.payload("duelme_", subject, NOW + timedelta(days=7))
        assert PAYLOAD.fullmatch(payload), payload
        assert SIGNER.open("duelme_", payload, NOW) == Opened(subject)
        assert SIGNER.open("duelme_", payload, NOW + timedelta(days=8)) == LinkProblem("link.expired")


def test_a_changed_link_another_kind_or_another_key_is_refused():
    payload = SIGNER.payload("duel_", 42, NOW + timedelta(days=1))
    other = LinkSigner(Secret("o" * 64))
    tampered = [
        payload.replace("duel_16", "duel_17"),
        payload[:-1] + ("x" if payload[-1] != "x" else "y"),
        payload[:-13],
        "duel_16",
        "duel_",
        "",
        "duel_16-" + "A" * 20,
    ]
    for bad in tampered:
        assert SIGNER.open("duel_", bad, NOW) == LinkProblem("link.invalid"), bad
    assert SIGNER.open("duelme_", payload, NOW) == LinkProblem("link.invalid")
    assert other.open("duel_", payload, NOW) == LinkProblem("link.invalid")
