"""Starting a game during a private duel asks Yes / No as during any other game: /play, /think, /daily and /versus ask
whether to resign the duel (call it off, before play) for that game; Yes resigns it as /resign does and starts the
game asked for, in the variant asked for; No keeps the duel; a bad variant name is answered as the command answers it;
a press after the duel has ended (or moved on) is stale."""

from __future__ import annotations

import pytest

from bot.texts import t
from tests.bot.members import sent, toasts
from tests.duel.test_private_duel import (
    ANN,
    ANN_SECRET,
    BOB,
    BOB_SECRET,
    asked,
    duel_of,
    opened,
    playing,
    results,
    texts,
)


async def running_game(app, user_id):
    return await app.bot_data.runtime.core.deps.store.games.active_game(user_id)


async def versus_of(app, user_id):
    return await app.bot_data.runtime.core.deps.store.matches.active_match(user_id)


def question_of(calls, chat_id):
    [question] = sent(calls, chat_id)
    return question


def yes(question) -> str:
    return str(question.buttons[0][1])


def no(question) -> str:
    return str(question.buttons[1][1])


@pytest.mark.parametrize(
    ("command", "opening"),
    [
        ("/play 5", "picked a secret"),
        ("/think mastermind", "Think of"),
        ("/daily", "Daily challenge"),
        ("/versus mastermind", "You vs me"),
    ],
)
async def test_a_new_game_during_a_duel_asks_and_yes_resigns_it_as_resign_does(app, recorded, command, opening):
    _, bob = await playing(app, recorded)
    question = question_of(await bob.send(command), BOB)
    assert question.text == "You're in a duel with Ann. Resign it and start a new game?"
    assert [label for label, _ in question.buttons] == [t("btn.confirm", "en"), t("btn.keep", "en")]
    for data in (yes(question), no(question)):
        assert len(data.encode()) <= 64
        assert ANN_SECRET not in data
        assert BOB_SECRET not in data
    assert toasts(await bob.press(no(question))) == [t("kept", "en")]
    assert await duel_of(app, BOB) is not None

    calls = await bob.press(yes(question))
    to_ann, bob_secret = texts(calls, ANN)
    to_bob, ann_secret, *new_game = texts(calls, BOB)
    assert to_bob.startswith('🏳️ Bob resigns. <a href="tg://user?id=11">Ann</a> wins.')
    assert to_ann.startswith('🏳️ Bob сдаётся. Побеждает <a href="tg://user?id=11">Ann</a>.')
    assert (BOB_SECRET in bob_secret, ANN_SECRET in ann_secret) == (True, True)
    endings = [c for c in sent(calls) if c.text in (to_ann, to_bob)]
    assert all(any("🔁" in label for label, _ in c.buttons) for c in endings)  # the ending's buttons, as /resign's
    assert await results(app) == [(ANN, BOB, 0, "walkover"), (BOB, BOB, 0, "resigned")]
    assert any(opening in text for text in new_game)
    assert await duel_of(app, BOB) is None

    game, versus = await running_game(app, BOB), await versus_of(app, BOB)
    if command.startswith("/versus"):
        assert game is None
        assert versus.variant.name == "mastermind"
    else:
        assert versus is None
        assert game is not None
        assert game.daily is not None if command == "/daily" else game.daily is None
        expected = {"/play 5": "5", "/think mastermind": "mastermind"}.get(command)
        assert expected is None or expected in (str(game.variant.length), game.variant.name)

    assert toasts(await bob.press(yes(question))) == [t("match.stale", "en")]


async def test_a_bad_variant_name_is_answered_as_the_command_answers_it(app, recorded):
    _, bob = await playing(app, recorded)
    [by_play] = sent(await bob.send("/play nonsense"), BOB)
    assert "nonsense" in by_play.text
    assert not by_play.buttons
    [by_versus] = sent(await bob.send("/versus nonsense"), BOB)
    assert by_versus.text == t("vs.options", "en", word="nonsense")
    assert not by_versus.buttons
    assert await duel_of(app, BOB) is not None


async def test_a_duel_being_set_up_is_called_off_for_the_new_game(app, recorded):
    ann, _, _ = await opened(app, recorded)
    await ann.send(ANN_SECRET)  # Bob's secret not set yet
    question = question_of(await ann.send("/think"), ANN)
    assert question.text == "Дуэль с соперником Bob ещё не началась. Отменить её и начать новую игру?"
    calls = await ann.press(yes(question))
    assert texts(calls, BOB)  # Bob told the duel is off
    assert await duel_of(app, BOB) is None
    assert await results(app) == []  # nothing played, nothing rated
    game = await running_game(app, ANN)
    assert game is not None


async def test_an_invitation_waited_for_is_taken_back_for_the_new_game(app, recorded):
    _, bob, _ = await asked(app, recorded)
    question = question_of(await bob.send("/play"), BOB)
    assert question.text == "Your duel with Ann hasn't begun yet. Call it off and start a new game?"
    await bob.press(yes(question))
    assert await duel_of(app, BOB) is None
    assert await running_game(app, BOB) is not None


async def test_yes_after_the_duel_has_ended_is_stale_and_starts_nothing(app, recorded):
    ann, bob = await playing(app, recorded)
    question = question_of(await bob.send("/play"), BOB)
    await ann.send("/resign")
    assert toasts(await bob.press(yes(question))) == [t("match.stale", "en")]
    assert toasts(await bob.press(no(question))) == [t("match.stale", "en")]
    assert await running_game(app, BOB) is None
