"""Signed deep links: a `t.me/<bot>?start=PAYLOAD` that names a user or a match carries an HMAC and an expiry.

Anyone can type a link by hand. A link that names someone (a "duel me" link names its owner) or a match (the link
that asks for a duel's secret) must be one the bot made, for that user or match, not long ago: the payload is
`<kind><subject>-<expiry>-<signature>`, numbers in base 36, the signature the first 72 bits of an HMAC-SHA256 under
a key kept in the database, all within Telegram's 64 characters of `A-Z a-z 0-9 _ -`.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from bot.config import Secret

KEY_NAME = "links"  # the stored key's name among the bot's secrets
SIGNATURE_CHARS = 12  # base64 characters of the HMAC kept: 72 bits

# The links the bot makes, by their payload's prefix.
DUEL_SECRET = "duel_"  # t.me/<bot>?start=duel_<match>-...: set your secret for that duel (signed)
DUEL_ME = "duelme_"  # t.me/<bot>?start=duelme_<user>-...: ask that user for a duel, in both private chats (signed)
RACE_ME = "race"  # t.me/<bot>?startgroup=race: the bot, added to a group that way, starts a race there
DUEL_ME_SECONDS = 7 * 24 * 3600  # how long a "duel me" link works (inline mode makes a fresh one each time)
SECRET_LINK_SECONDS = 24 * 3600  # how long a duel's "set my secret" link works (the duel's own timer is shorter)


@dataclass(frozen=True)
class Opened:
    """A link the bot made, still valid: what it names."""

    subject: int


@dataclass(frozen=True)
class LinkProblem:
    """A link that cannot be followed: `key` names why, for the catalogues ('link.invalid', 'link.expired')."""

    key: str


@dataclass(frozen=True)
class LinkSigner:
    """Makes and checks signed payloads with one key."""

    key: Secret = field(repr=False)

    @classmethod
    def random(cls) -> LinkSigner:
        """A signer with a fresh key (links it makes die with it): for tools that open no stored key."""
        return cls(Secret(secrets.token_hex(32)))

    def payload(self, kind: str, subject: int, expires: datetime) -> str:
        """The start payload of a link of `kind` (its prefix, e.g. 'duelme_') naming `subject`, valid until
        `expires`."""
        body = f"{kind}{_base36(subject)}-{_base36(int(expires.timestamp()))}"
        return f"{body}-{self._signature(body)}"

    def open(self, kind: str, payload: str, now: datetime) -> Opened | LinkProblem:
        """What a payload of `kind` names, if the bot made it and it has not expired."""
        if not payload.startswith(kind):
            return LinkProblem("link.invalid")
        body, signature = payload[: -SIGNATURE_CHARS - 1], payload[-SIGNATURE_CHARS:]  # the signature may hold '-'
        if payload[-SIGNATURE_CHARS - 1 : -SIGNATURE_CHARS] != "-":
            return LinkProblem("link.invalid")
        if not hmac.compare_digest(signature.encode(), self._signature(body).encode()):
            return LinkProblem("link.invalid")
        subject_text, _, expiry_text = body[len(kind) :].partition("-")
        subject, expiry = _number(subject_text), _number(expiry_text)
        if subject is None or expiry is None:
            return LinkProblem("link.invalid")
        if now.timestamp() > expiry:
            return LinkProblem("link.expired")
        return Opened(subject)

    def _signature(self, body: str) -> str:
        digest = hmac.new(self.key.reveal().encode(), body.encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest).decode()[:SIGNATURE_CHARS]


def valid_for(now: datetime, seconds: float) -> datetime:
    """The expiry of a link made now that should work for `seconds`."""
    return now + timedelta(seconds=seconds)


_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"


def _base36(number: int) -> str:
    if number < 0:
        raise ValueError("links name positive numbers only")
    out = ""
    while True:
        number, digit = divmod(number, 36)
        out = _DIGITS[digit] + out
        if not number:
            return out


def _number(text: str) -> int | None:
    if not text or len(text) > 13 or any(c not in _DIGITS for c in text):
        return None
    number = int(text, 36)
    return number if number < 2**63 else None  # what SQLite's integers hold
