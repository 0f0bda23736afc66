"""What a player typed is quoted back clipped: a bad argument of 5,000 letters gets a reply of a line, in the chat and
in the console alike (bot.texts clips every placeholder that quotes the player, once, for every face)."""

import pytest

from bot.texts import ECHO_LENGTH, ECHOES, plain, t
from tests.bot.members import Member, sent
from tests.bot.test_catalogues import ENGLISH, LANGUAGES, fields
from tests.bot.test_console import session

LONG = "щ" * 5000


def test_every_echo_is_a_placeholder_of_its_message():
    for key, param in ECHOES.items():
        assert param in fields(ENGLISH[key][-1]), key


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_echo_is_clipped_to_a_few_dozen_characters_with_an_ellipsis(language):
    for key, param in ECHOES.items():
        params = dict.fromkeys(fields(ENGLISH[key][-1]), "x") | {param: "<" + LONG}
        shown = plain(t(key, language, **params))
        quoted = "&lt;" not in shown and "<" + "щ" * (ECHO_LENGTH - 2) + "…"
        assert quoted in shown, (key, shown)
        assert len(shown) < len(plain(t(key, language, **params | {param: ""}))) + ECHO_LENGTH + 1


@pytest.mark.parametrize(
    ("command", "private"),
    [("/play", True), ("/think", True), ("/stats", True), ("/streak", True), ("/versus", True), ("/language", True),
     ("/challenge", False), ("/duel", False), ("/top", False)],
)  # fmt: skip
@pytest.mark.parametrize("language", ["en", "ru"])
async def test_a_reply_quotes_a_long_argument_in_a_line(app, recorded, command, private, language):
    someone = Member(app, recorded, 11, "Аня", chat_id=11 if private else -100555, language_code=language)
    [reply] = sent(await someone.send(f"{command} {LONG}"))
    assert "щ" * (ECHO_LENGTH - 1) + "…" in reply.text
    assert len(plain(reply.text)) < 200


async def test_the_console_quotes_a_long_argument_in_a_line(tmp_path):
    output = await session(tmp_path, [f"/play {LONG}"])
    [reply] = [line for line in output.splitlines() if "щ" in line]
    assert len(reply) < 120
    assert reply.endswith("…”. Try classic, nozero, mastermind or a length 3–6.")
