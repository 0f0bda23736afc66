"""'➕ N more fixes' shows them all (issue 34, point 23): a contradiction with more fixes than the list showed before
(20 at most) shows every one once more is asked for, and offers no more after that."""

import random

from engine.consistency import check_history
from engine.scoring import Score, score
from tests.bot.members import Member


def label(answer: Score) -> str:
    return f"{answer.bulls}🐂 {answer.cows}🐄"


async def contradiction_with_many_fixes(app, recorded, most: int):
    """A /think game answered for a code in mind with a slip in it, tried for several codes, until the answers
    contradict each other with more than `most` one-answer fixes: the player, the game and the board."""
    rng = random.Random(7)
    games = app.bot_data.runtime.core.deps.store.games
    for attempt in range(60):
        user = 500 + attempt
        chat = Member(app, recorded, user, "Ann", chat_id=user)
        await chat.send("/think")
        secret = "".join(rng.sample("0123456789", 4))
        slip = rng.randrange(0, 3)
        for turn in range(8):
            game = await games.active_game(user)
            truth = score(secret, game.pending_guess)
            if turn == slip:  # one answer wrong: a bull taken for a cow
                truth = Score(truth.bulls - 1, truth.cows + 1) if truth.bulls else Score(truth.bulls, truth.cows + 1)
                if truth.bulls + truth.cows > 4:
                    break
            calls = await chat.send(f"{truth.bulls} {truth.cows}")
            game = await games.active_game(user)
            if game is None:
                break
            if game.pending_guess is None:  # stuck: the answers contradict each other
                found = check_history(game.variant, game.turns)
                if len(found.corrections) > most:
                    [board] = [c for c in calls if c.method in ("editMessageText", "sendMessage") and c.buttons]
                    return chat, found, board
                break
    raise AssertionError("no contradiction with that many fixes")


async def test_more_fixes_shows_every_fix(app, recorded):
    chat, found, board = await contradiction_with_many_fixes(app, recorded, 20)
    shown = [data for _, data in board.buttons if data.startswith("f:")]
    [more] = [(text, data) for text, data in board.buttons if data.startswith("x:")]
    assert more[0] == f"➕ {len(found.corrections) - len(shown)} more fixes"
    [every] = [c for c in await chat.press(more[1]) if c.method == "editMessageText"]
    fixes = [data for _, data in every.buttons if data.startswith("f:")]
    assert len(fixes) == len(found.corrections)  # all of them, not 20
    assert not [data for _, data in every.buttons if data.startswith("x:")]  # and nothing more to ask for
