"""One behaviour for starting a game during a game: /versus and /daily during a game ask Yes / No as /play and /think
do (/versus during today's challenge warns as they do), and /play, /think and /daily during versus ask the same way
(Yes resigns it); /hint while the bot guesses says what the player can do there, without sending them to /giveup,
which is for their own games."""

from __future__ import annotations

import pytest

from bot.texts import plain, t
from tests.bot.members import Member, sent, toasts

USER = 1001


def player(app, recorded, language: str = "en") -> Member:
    return Member(app, recorded, USER, "Ann", chat_id=USER, language_code=language)


def yes(question) -> str:
    """The data of a question's first button: Yes."""
    return str(question.buttons[0][1])


def no(question) -> str:
    """The data of a question's second button: No, keep playing."""
    return str(question.buttons[1][1])


async def running(app):
    deps = app.bot_data.runtime.core.deps
    return await deps.store.games.active_game(USER), await deps.store.matches.active_match(USER)


@pytest.mark.parametrize("first", ["/play", "/think"])
async def test_versus_during_a_game_asks_as_play_does_and_no_keeps_the_game(app, recorded, first):
    ann = player(app, recorded)
    await ann.send(first)
    [question] = sent(await ann.send("/versus"))
    [asked_by_play] = sent(await ann.send("/play"))
    assert question.text == asked_by_play.text
    assert "Abandon it" in question.text
    assert [label for label, _ in question.buttons] == [label for label, _ in asked_by_play.buttons]
    assert toasts(await ann.press(no(question))) == [t("kept", "en")]
    game, match = await running(app)
    assert game is not None
    assert match is None


async def test_yes_abandons_the_game_and_starts_versus_in_the_variant_asked_for(app, recorded):
    ann = player(app, recorded)
    await ann.send("/think")
    [question] = sent(await ann.send("/versus mastermind"))
    calls = await ann.press(yes(question))
    assert any("You vs me" in c.text for c in sent(calls))
    game, match = await running(app)
    assert game is None
    assert match is not None
    assert match.variant.name == "mastermind"
    stale = await ann.press(yes(question))
    assert toasts(stale) == [plain(t("stale", "en"))]


async def test_versus_during_todays_challenge_warns_as_play_does(app, recorded):
    ann = player(app, recorded)
    await ann.send("/daily")
    [warning] = sent(await ann.send("/versus"))
    [by_play] = sent(await ann.send("/play"))
    assert warning.text == by_play.text
    await ann.press(yes(warning))
    game, match = await running(app)
    assert game is None
    assert match is not None


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_hint_while_the_bot_guesses_does_not_mention_giveup(app, recorded, language):
    ann = player(app, recorded, language)
    await ann.send("/think")
    [reply] = sent(await ann.send("/hint"))
    assert "/giveup" not in reply.text
    assert "/cancel" in reply.text
    assert reply.text == plain(t("gue.no_hint", language))
    [gave_up] = sent(await ann.send("/giveup"))
    assert gave_up.text == plain(t("ref.not_referee", language))


@pytest.mark.parametrize(("command", "opening"), [("/play", "picked a secret"), ("/think", "Think of a code")])
async def test_a_new_game_during_versus_asks_yes_or_no_and_yes_resigns_for_it(app, recorded, command, opening):
    ann = player(app, recorded)
    await ann.send("/versus")
    [question] = sent(await ann.send(f"{command} 5"))
    assert question.text == t("vs.confirm.leave", "en")
    assert [label for label, _ in question.buttons] == [t("btn.confirm", "en"), t("btn.keep", "en")]
    assert toasts(await ann.press(no(question))) == [t("kept", "en")]
    game, match = await running(app)
    assert game is None
    assert match is not None
    texts = [c.text for c in sent(await ann.press(yes(question)))]
    resigned = next(i for i, text in enumerate(texts) if "You resign" in text)
    assert any(opening in text for text in texts[resigned + 1 :])  # the final board first, then the new game
    game, match = await running(app)
    assert match is None
    assert game is not None
    assert game.variant.length == 5
    assert toasts(await ann.press(yes(question))) == [t("match.stale", "en")]


async def test_a_bad_variant_during_versus_says_so_and_asks_nothing(app, recorded):
    ann = player(app, recorded)
    await ann.send("/versus")
    [reply] = sent(await ann.send("/play nonsense"))
    assert "nonsense" in reply.text
    assert not reply.buttons


@pytest.mark.parametrize("first", ["/play", "/think"])
async def test_daily_during_a_game_asks_as_play_does_and_yes_starts_todays_challenge(app, recorded, first):
    ann = player(app, recorded)
    await ann.send(first)
    [question] = sent(await ann.send("/daily"))
    [asked_by_play] = sent(await ann.send("/play"))
    assert question.text == asked_by_play.text
    assert [label for label, _ in question.buttons] == [label for label, _ in asked_by_play.buttons]
    assert toasts(await ann.press(no(question))) == [t("kept", "en")]
    calls = await ann.press(yes(question))
    assert any("Daily challenge" in c.text for c in sent(calls))
    game, _ = await running(app)
    assert game is not None
    assert game.daily is not None


async def test_daily_during_versus_asks_and_yes_resigns_for_todays_challenge(app, recorded):
    ann = player(app, recorded)
    await ann.send("/versus")
    [question] = sent(await ann.send("/daily"))
    assert question.text == t("vs.confirm.leave", "en")
    texts = [c.text for c in sent(await ann.press(yes(question)))]
    assert any("You resign" in text for text in texts)
    game, match = await running(app)
    assert match is None
    assert game is not None
    assert game.daily is not None
