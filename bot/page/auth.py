"""Who is asking: the Mini App's initData, checked as Telegram specifies.

Telegram signs the query string it hands the page (`Telegram.WebApp.initData`): `hash` is the hex HMAC-SHA256 of the
other fields, sorted by name as `key=value` lines joined by `\\n`, under a key that is the HMAC-SHA256 of the bot's
token keyed with "WebAppData". Only the bot (and Telegram) can make it. Every API call carries it; a call whose
signature does not check, or that was signed more than a day ago, is refused.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from dataclasses import dataclass
from urllib.parse import parse_qsl, urlencode

MAX_AGE = 86_400  # seconds: initData signed longer ago than this is refused
CLOCK_SKEW = 300  # seconds an auth_date may lie in the future (clocks differ a little)
MAX_LENGTH = 8_192  # characters: Telegram's initData is well under 2 KB


class Unauthorized(ValueError):
    """initData that does not prove who is asking; str() says why (for the log, never with the data)."""


@dataclass(frozen=True)
class PageUser:
    """The Telegram user the initData names."""

    user_id: int
    name: str
    language_code: str | None
    username: str | None


def secret_key(token: str) -> bytes:
    """The key initData is signed with: HMAC-SHA256 of the bot token under the key "WebAppData"."""
    return hmac.new(b"WebAppData", token.encode(), hashlib.sha256).digest()


def check_string(fields: dict[str, str]) -> str:
    """The data-check-string: every field but `hash`, sorted by name, as key=value lines."""
    return "\n".join(f"{name}={fields[name]}" for name in sorted(fields) if name != "hash")


def signed(fields: dict[str, str], token: str) -> str:
    """initData for these fields, signed with the token's key (what Telegram does; the tests and the bench use it)."""
    digest = hmac.new(secret_key(token), check_string(fields).encode(), hashlib.sha256).hexdigest()
    return urlencode({**fields, "hash": digest})


def player(init_data: str, key: bytes, now: float, max_age: float = MAX_AGE) -> PageUser:
    """The user a page's initData names, if Telegram signed it for this bot (with `key`, see secret_key) within
    `max_age` seconds of `now`; Unauthorized otherwise."""
    if not init_data or len(init_data) > MAX_LENGTH:
        raise Unauthorized("no initData" if not init_data else "initData too long")
    try:
        pairs = parse_qsl(init_data, keep_blank_values=True, strict_parsing=True)
    except ValueError:
        raise Unauthorized("initData is not a query string") from None
    fields = dict(pairs)
    if len(fields) != len(pairs):
        raise Unauthorized("a field of initData is repeated")
    given = fields.get("hash", "")
    expected = hmac.new(key, check_string(fields).encode(), hashlib.sha256).hexdigest()
    if not hmac.compare_digest(given.encode("utf-8", "replace"), expected.encode()):
        raise Unauthorized("the signature does not match")
    try:
        signed_at = int(fields.get("auth_date", ""))
    except ValueError:
        raise Unauthorized("no auth_date") from None
    if now - signed_at > max_age:
        raise Unauthorized(f"signed {int(now - signed_at)} s ago")
    if signed_at - now > CLOCK_SKEW:
        raise Unauthorized("signed in the future")
    return _user(fields.get("user", ""))


def _user(text: str) -> PageUser:
    """The signed `user` field: a JSON object with an integer id."""
    try:
        user = json.loads(text)
    except ValueError:
        raise Unauthorized("no user in initData") from None
    if not isinstance(user, dict) or not isinstance(user.get("id"), int) or isinstance(user.get("id"), bool):
        raise Unauthorized("no user in initData")
    names = [str(user.get(part) or "") for part in ("first_name", "last_name")]
    language, username = user.get("language_code"), user.get("username")
    return PageUser(
        user_id=user["id"],
        name=" ".join(n for n in names if n).strip()[:64] or str(user["id"]),
        language_code=language if isinstance(language, str) else None,
        username=username if isinstance(username, str) else None,
    )
