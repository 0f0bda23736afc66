"""initData checked as Telegram specifies, with known answers worked out here step by step."""

import hashlib
import hmac
import json
from urllib.parse import quote

import pytest

from bot.page.auth import MAX_AGE, Unauthorized, player, secret_key, signed

TOKEN = "123456:TEST-token"
NOW = 1_700_000_000


def by_hand(fields: dict[str, str], token: str) -> str:
    """initData signed the way Telegram's documentation spells it out, without the module's help."""
    key = hmac.new(b"WebAppData", token.encode(), hashlib.sha256).digest()
    check = "\n".join(f"{k}={fields[k]}" for k in sorted(fields))
    digest = hmac.new(key, check.encode(), hashlib.sha256).hexdigest()
    return "&".join(f"{k}={quote(v, safe='')}" for k, v in {**fields, "hash": digest}.items())


def fields(user_id: int = 42, signed_at: int = NOW, **user: object) -> dict[str, str]:
    person = {"id": user_id, "first_name": "Ann", "last_name": "Lee", "language_code": "ru", **user}
    return {"query_id": "AAHdF6IQ", "user": json.dumps(person), "auth_date": str(signed_at), "signature": "abc"}


def test_initdata_signed_as_telegram_documents_names_its_user():
    found = player(by_hand(fields(), TOKEN), secret_key(TOKEN), NOW + 60)
    assert found.user_id == 42
    assert found.name == "Ann Lee"
    assert found.language_code == "ru"


def test_the_module_signs_what_telegram_signs():
    assert player(signed(fields(), TOKEN), secret_key(TOKEN), NOW) == player(
        by_hand(fields(), TOKEN), secret_key(TOKEN), NOW
    )


def test_a_day_old_signature_is_the_oldest_accepted():
    data = by_hand(fields(), TOKEN)
    assert player(data, secret_key(TOKEN), NOW + MAX_AGE).user_id == 42
    with pytest.raises(Unauthorized, match="ago"):
        player(data, secret_key(TOKEN), NOW + MAX_AGE + 1)


@pytest.mark.parametrize(
    "data",
    [
        pytest.param(by_hand(fields(), "654321:OTHER"), id="another bot's token"),
        pytest.param(by_hand(fields(), TOKEN).replace("42", "43", 1), id="another user put in"),
        pytest.param(by_hand(fields(), TOKEN) + "&extra=1", id="a field added"),
        pytest.param(by_hand(fields(), TOKEN) + "&hash=00", id="a hash repeated"),
        pytest.param(by_hand(fields(signed_at=NOW + 3600), TOKEN), id="signed in the future"),
        pytest.param(by_hand({**fields(), "user": "[1]"}, TOKEN), id="no user object"),
        pytest.param(by_hand({**fields(), "user": '{"id": true}'}, TOKEN), id="a user id that is no number"),
        pytest.param("x" * 9000, id="too long"),
        pytest.param("", id="empty"),
        pytest.param("%%%", id="not a query string"),
    ],
)
def test_anything_else_is_refused(data):
    with pytest.raises(Unauthorized):
        player(data, secret_key(TOKEN), NOW)
