"""A hint through the whole Application: it names the place as an ordinal ("The 2nd digit is 2", «Вторая цифра — 2»),
shows the colour in Mastermind, and the coach's "📉 N codes left" line stays on the board, recounted with the digit
in its place (checked against every code of the variant)."""

import re

import pytest

from bot.texts import PEGS, plain
from engine.history import fits
from engine.scoring import score
from engine.variant import PRESETS, variant_named
from tests.bot.fakes import USER
from tests.bot.members import Member, sent

ORDINALS = {
    "en": ["1st", "2nd", "3rd", "4th", "5th", "6th"],
    "ru": ["Первая", "Вторая", "Третья", "Четвёртая", "Пятая", "Шестая"],
}
SAID = {"en": "The {place} digit is {digit}.", "ru": "{place} цифра — {digit}."}
LEFT = {"en": re.compile(r"📉 (\d+) codes? left"), "ru": re.compile(r"📉 Осталось (\d+) код")}


def player(app, recorded, language: str) -> Member:
    return Member(app, recorded, USER, "Ann", chat_id=USER, language_code=language)


async def running(app):
    return await app.bot_data.runtime.core.deps.store.games.active_game(USER)


def brute_left(variant, turns, hints: dict[int, str]) -> int:
    """Every code of the variant that gives every score and has the hinted digits in their places."""
    return sum(
        1
        for code in (variant.code(i) for i in range(variant.size))
        if fits(code, turns) and all(code[p] == d for p, d in hints.items())
    )


def a_miss(secret: str, variant) -> str:
    """A code of the variant that is not the secret (so the game goes on)."""
    return next(c for c in ("0123", "4567", "1357", "2468") if c != secret and variant.is_valid(c))


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_a_hint_names_the_place_as_an_ordinal_and_keeps_the_codes_left_line(app, recorded, language):
    ann = player(app, recorded, language)
    await ann.send("/play")
    game = await running(app)
    await ann.send(a_miss(game.secret, game.variant))
    [board] = sent(await ann.send("/hint"))
    game = await running(app)
    [place] = [int(p) for p in game.hints]
    text = plain(board.text)
    said = SAID[language].format(place=ORDINALS[language][place], digit=game.secret[place])
    assert said in text.split("\n")
    [left] = LEFT[language].findall(text)
    assert int(left) == brute_left(game.variant, game.turns, {place: game.secret[place]})


async def test_every_place_reads_as_its_ordinal(app, recorded):
    ann = player(app, recorded, "en")
    await ann.send("/play 6")
    game = await running(app)
    seen = set()
    for _ in range(5):  # a 6-digit code: five hints, each a place not shown before
        [board] = sent(await ann.send("/hint"))
        game = await running(app)
        place = int(game.hints[-1])
        assert f"The {ORDINALS['en'][place]} digit is {game.secret[place]}." in plain(board.text)
        seen.add(place)
    assert len(seen) == 5
    assert "Digit " not in plain(board.text)


async def test_a_hint_in_mastermind_shows_the_colour(app, recorded):
    ann = player(app, recorded, "en")
    await ann.send("/play mastermind")
    game = await running(app)
    await ann.send(a_miss(game.secret, game.variant))
    [board] = sent(await ann.send("/hint"))
    game = await running(app)
    place = int(game.hints)
    digit = game.secret[place]
    assert f"The {ORDINALS['en'][place]} digit is {digit} {PEGS[int(digit)]}." in plain(board.text)
    pegs = "".join(PEGS[int(digit)] if p == place else "⬜" for p in range(4))
    assert f"💡 Hint: {' '.join(digit if p == place else '_' for p in range(4))} {pegs}" in plain(board.text)


async def test_the_codes_left_after_a_hint_count_only_codes_with_the_digit_in_place(app, recorded):
    ann = player(app, recorded, "en")
    await ann.send("/play")
    game = await running(app)
    classic = PRESETS["classic"]
    guess = next(c for c in ("0123", "4567", "8901") if score(game.secret, c).bulls < 4)
    [before] = sent(await ann.send(guess))
    [count_before] = LEFT["en"].findall(plain(before.text))
    [board] = sent(await ann.send("/hint"))
    game = await running(app)
    [after] = LEFT["en"].findall(plain(board.text))
    place = int(game.hints)
    assert int(after) == brute_left(classic, game.turns, {place: game.secret[place]})
    assert int(after) < int(count_before)  # the line is recounted, not the one before the hint again
    assert brute_left(variant_named("classic"), game.turns, {}) == int(count_before)


async def test_no_codes_left_line_after_a_hint_before_any_guess_or_without_coaching(app, recorded):
    ann = player(app, recorded, "en")
    await ann.send("/play")
    [board] = sent(await ann.send("/hint"))
    assert not LEFT["en"].search(plain(board.text))
