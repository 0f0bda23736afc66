"""Versus shows the answer that ran into a contradiction as it was given ("me 4567 → 0🐂 0🐄 (you said)"), as /think
does, in English and Russian; the board's model carries it typed (not stored until it fits)."""

import pytest

from bot.matches.model import BOT_ID
from bot.texts import plain
from bot.versus import board as versus_board
from bot.versus import service as versus
from engine.scoring import Score
from tests.bot.members import Member, sent

SAID = {"en": "(you said)", "ru": "(твой ответ)"}
ROUND = {"en": "2. you {yours} · me {guess} → 0🐂 0🐄 {said}", "ru": "2. ты {yours} · я {guess} → 0🐂 0🐄 {said}"}


def wrong_codes(secret):
    return iter([c for c in ("0123", "4567", "8901", "2345", "6789") if c != secret])


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_the_disputed_answer_shows_as_given_in_a_contradiction(app, recorded, language):
    ann = Member(app, recorded, 11, "Ann", chat_id=11, language_code=language)
    await ann.send("/versus")
    deps = app.bot_data.runtime.core.deps
    match = await deps.store.matches.active_match(11)
    wrong = wrong_codes(match.secret)
    await ann.send(next(wrong))
    await ann.send("0 4")  # the bot's 0123: all four digits, none in place
    second = next(wrong)
    await ann.send(second)
    match = await deps.store.matches.active_match(11)
    pending = match.pending_guess
    [board] = sent(await ann.send("0 0"))  # its next guess shares all four digits: no code fits
    text = plain(board.text)
    assert "→ ?" not in text
    yours = next(line for line in text.split("\n") if line.startswith("2. ")).split(" · ")[0].split(" ", 2)[2]
    assert ROUND[language].format(yours=yours, guess=pending, said=SAID[language]) in text.split("\n")
    assert len(await deps.store.matches.turns(match.id, BOT_ID)) == 1  # the disputed answer is not stored
    position = await versus.position(deps, match, given=Score(0, 0))
    disputed = versus_board.model(language, position).disputed
    assert (disputed.number, disputed.guess, disputed.score) == (2, pending, (0, 0))


async def test_no_disputed_answer_while_the_bot_simply_waits_for_one(app, recorded):
    ann = Member(app, recorded, 11, "Ann", chat_id=11)
    await ann.send("/versus")
    deps = app.bot_data.runtime.core.deps
    match = await deps.store.matches.active_match(11)
    [board] = sent(await ann.send(next(wrong_codes(match.secret))))
    assert "→ ?" in plain(board.text)
    assert SAID["en"] not in plain(board.text)
    match = await deps.store.matches.active_match(11)
    assert versus_board.model("en", await versus.position(deps, match)).disputed is None
