"""Ranked games through the emulator, the real bot process: two players play the same ranked code one after the
other, each sees the other's game only once they have finished, and both ratings move as the rating library says."""

from __future__ import annotations

from datetime import datetime

import pytest
from openskill.models import PlackettLuce

from bot.ranked.rules import Attempt, places
from bot.texts import plain, t
from engine.variant import PRESETS
from tests.e2e.client import UserClient
from tests.e2e.conftest import UserFactory
from tests.e2e.games import RefereeGame
from tests.e2e.processes import BotProcess

pytestmark = pytest.mark.e2e

CLASSIC = PRESETS["classic"]
ANN_OPENS = ("0987", "6543")  # Ann's first guesses: the engine would not open so, so they are hers alone


def attempt(bot: BotProcess, game_id: int) -> Attempt:
    """A finished game as the database holds it, weighed as the ranked rules weigh it."""
    [(status, hints, started, finished)] = bot.query(
        "SELECT status, hints, started_at, finished_at FROM games WHERE id = ?", game_id
    )
    guesses = bot.scalar("SELECT count(*) FROM moves WHERE game_id = ?", game_id)
    seconds = (datetime.fromisoformat(finished) - datetime.fromisoformat(started)).total_seconds()
    return Attempt(status == "won", guesses, len(hints), seconds)


def test_two_players_play_one_code_see_each_other_only_after_finishing_and_are_rated(
    bot: BotProcess, make_user: UserFactory
) -> None:
    ann: UserClient = make_user("Ann")
    bob: UserClient = make_user("Bob")

    ann.send_command("/ranked")
    ann.wait_new("you set the mark")
    marking = RefereeGame(ann, CLASSIC)
    for code in ANN_OPENS:
        marking.guess(code)
    marking.play_to_the_end()
    mark_set = ann.wait_new("Your mark is set")

    bob.send_command("/ranked")
    bob.wait_new("Your opponent: Ann")
    playing = RefereeGame(bob, CLASSIC)
    playing.guess()
    # Bob is on: Ann's list says her mark is being played, and shows none of Bob's game
    ann.press(mark_set, plain(t("ranked.btn.list")))
    history = ann.wait_new("Your ranked games")
    assert "your mark is being played" in history.text
    assert history.buttons == []
    playing.play_to_the_end()
    compared = bob.wait_new("Ranked game #")

    ann_guesses = [turn.guess for turn in marking.turns]
    bob_guesses = {turn.guess for turn in playing.turns}
    seen_before = [m.text for m in bob.events[: next(i for i, m in enumerate(bob.events) if m is compared)]]
    hers_alone = [guess for guess in ann_guesses if guess not in bob_guesses]
    assert hers_alone, "Ann's game had guesses of its own"
    assert not any(guess in text for guess in hers_alone for text in seen_before)  # nothing of hers before the end
    assert all(guess in compared.text for guess in ann_guesses)  # all of it after
    assert f"Ann: solved in {len(ann_guesses)} guesses" in compared.text

    # both rated, as OpenSkill's Plackett-Luce model rates two new players ranked by the rules
    secret_id = bot.scalar("SELECT id FROM ranked_secrets")
    [(ann_game, ann_id), (bob_game, bob_id)] = bot.query(
        "SELECT game_id, user_id FROM ranked_plays WHERE secret_id = ? ORDER BY seat", secret_id
    )
    ranks = places(attempt(bot, ann_game), attempt(bot, bob_game))
    model = PlackettLuce()
    rated = model.rate([[model.rating()], [model.rating()]], ranks=[float(r) for r in ranks])
    stored = dict((user, (mu, sigma)) for user, mu, sigma in bot.query("SELECT user_id, mu, sigma FROM ranked_ratings"))
    assert stored[ann_id] == pytest.approx((rated[0][0].mu, rated[0][0].sigma), rel=1e-9)
    assert stored[bob_id] == pytest.approx((rated[1][0].mu, rated[1][0].sigma), rel=1e-9)
    verdict = {(1, 2): "Ann wins.", (2, 1): "You win!", (1, 1): "A draw."}[ranks]
    assert verdict in compared.text

    # Ann sees both games now, from her list
    ann.press(mark_set, plain(t("ranked.btn.list")))
    listed = ann.wait_new(lambda m: "Your ranked games" in m.text and "vs Bob" in m.text)
    ann.press(listed, f"#{secret_id}")
    hers = ann.wait_new("Ranked game #")
    assert all(turn.guess in hers.text for turn in playing.turns)
    assert "You │ Bob" in hers.text
