"""The player hunting their own slip in /think: /reveal with a typo, every likely fix, changing any answer."""

from bot.texts import t
from tests.bot.fakes import Chat


def sent(calls, method="sendMessage"):
    return [c for c in calls if c.method == method]


async def test_reveal_with_a_mistyped_code_says_what_is_wrong_and_keeps_the_game(chat: Chat):
    await chat.send("/think")
    await chat.press_label("0🐂 2🐄")
    for typed, expected in (
        ("1123", t("invalid.repeated", digit="1")),
        ("12", t("invalid.wrong_length", expected=4, got=2)),
        ("abcd", t("invalid.not_digit", char="a")),
    ):
        [reply] = sent(await chat.send(f"/reveal {typed}"))
        assert reply.text == expected, typed
    [board] = sent(await chat.send("/undo"))
    assert "0🐂 2🐄" not in board.text  # the game is still on: the answer could be taken back
