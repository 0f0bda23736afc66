"""The words a player reads, through the whole Application: each says exactly what happened, in English and Russian
(the coach on a guess that cut nothing, the prompt before abandoning a game, /reveal, hard mode, the numbering)."""

import pytest

from bot.texts import plain
from tests.bot.fakes import USER
from tests.bot.members import Member, sent


def player(app, recorded, language: str) -> Member:
    """A player in their private chat, their Telegram in `language`."""
    return Member(app, recorded, USER, "Ann", chat_id=USER, language_code=language)


async def secret_of(app) -> str:
    return (await app.bot_data.runtime.core.deps.games.active_game(USER)).secret


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "🔍 {guess} cut nothing: the same 360 codes fit as before, so it told you nothing new (0 bits)."),
        ("ru", "🔍 Ход {guess} ничего не отсеял: как подходили 360 кодов, так и подходят (0 бит информации)."),
    ],
)
async def test_the_coach_says_a_guess_that_cut_nothing_cut_nothing(app, recorded, language, said):
    ann = player(app, recorded, language)
    await ann.send("/play")
    away = [d for d in "0123456789" if d not in await secret_of(app)][:4]  # digits the secret has none of
    first, second = "".join(away), "".join(reversed(away))
    await ann.send(first)  # 0🐂 0🐄: 360 codes left
    [board] = sent(await ann.send(second))  # the same digits again: still 0🐂 0🐄, still 360
    [label] = [label for label, _ in board.buttons if label.startswith("🔍")]
    [review] = [c for c in await ann.press_label(label) if c.method == "editMessageText"]
    assert said.format(guess=second) in plain(review.text).split("\n")
    assert "360 to 360" not in review.text
    assert "с 360 до 360" not in review.text


@pytest.mark.parametrize(
    ("language", "none", "one", "two"),
    [
        ("en", "(no guesses yet)", "(1 guess so far)", "(2 guesses so far)"),
        ("ru", "(ходов пока нет)", "(сделан 1 ход)", "(сделано 2 хода)"),
    ],
)
async def test_the_game_in_progress_prompt_counts_the_guesses_made(app, recorded, language, none, one, two):
    ann = player(app, recorded, language)
    await ann.send("/play")
    [asked] = sent(await ann.send("/play"))
    assert none in asked.text
    assert "#1" not in asked.text
    assert "№1" not in asked.text
    secret = await secret_of(app)
    for code in ("0123", "4567", "8901", "2345"):
        if code != secret:
            await ann.send(code)
            break
    [asked] = sent(await ann.send("/think"))
    assert one in asked.text
    assert "попытк" not in asked.text  # a guess is a «ход»; «попытки» are only the limit
    for code in ("6789", "1357"):
        if code != secret:
            await ann.send(code)
            break
    [asked] = sent(await ann.send("/play"))
    assert two in asked.text
