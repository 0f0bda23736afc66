"""The rules as pure functions: no database, no threads."""

from datetime import UTC, datetime

from bot.duel import rules as duel
from bot.games.model import Game, Mode
from bot.matches.model import Match, MatchKind, Phase, Player
from bot.play.rules import judged
from bot.refusal import Refusal
from bot.think.rules import Settled, settled
from engine.consistency import check_history
from engine.history import Turn
from engine.scoring import Score
from engine.variant import PRESETS

CLASSIC = PRESETS["classic"]
START = datetime(2025, 1, 1, tzinfo=UTC)


def a_game(secret: str | None = "1234", limit: int | None = None) -> Game:
    return Game(1, 5, 5, Mode.REFEREE, CLASSIC, START, secret, attempt_limit=limit)


def test_a_guess_with_all_bulls_wins_and_shows_the_guess_as_the_secret():
    verdict = judged(a_game(secret=None), Turn("1234", Score(4, 0)))
    assert (verdict.ending, verdict.secret, len(verdict.turns)) == ("won", "1234", 1)


def test_the_last_attempt_loses_and_a_hard_game_still_has_to_pick_its_secret():
    assert judged(a_game(limit=1), Turn("5678", Score(0, 0))).ending == "lost"
    assert judged(a_game(secret=None, limit=1), Turn("5678", Score(0, 0))).secret is None


def test_a_guess_before_the_limit_goes_on():
    assert judged(a_game(limit=2), Turn("5678", Score(0, 0))).ending is None


def test_the_guesser_is_solved_by_all_bulls_asks_otherwise_and_sees_contradictions():
    solved = (Turn("0123", Score(4, 0)),)
    asking = (Turn("0123", Score(1, 1)),)
    contradictory = (Turn("0123", Score(4, 0)), Turn("0124", Score(4, 0)))
    assert settled(CLASSIC, solved, check_history(CLASSIC, solved)) is Settled.SOLVED
    assert settled(CLASSIC, asking, check_history(CLASSIC, asking)) is Settled.ASKING
    assert settled(CLASSIC, contradictory, check_history(CLASSIC, contradictory)) is Settled.CONTRADICTED


def a_duel(phase: Phase = Phase.PLAYING, ann: Player | None = None, bob: Player | None = None, **more) -> Match:
    players = (ann or Player(1, 1, "Ann", secret="1234"), bob or Player(2, 2, "Bob", secret="5678"))
    return Match(9, -100, MatchKind.DUEL, CLASSIC, 1, START, phase=phase, turn_user=1, players=players, **more)


def test_only_the_player_to_move_may_guess():
    assert duel.may_guess(a_duel(), 1) is None
    assert duel.may_guess(a_duel(), 2) == Refusal("duel.not_your_turn", {"name": "Ann"})
    assert duel.may_guess(a_duel(), 3) == Refusal("duel.not_player")
    assert duel.may_guess(a_duel(Phase.SECRETS), 1) == Refusal("duel.not_started")


def test_an_invitation_is_for_the_one_invited_and_never_for_the_challenger():
    invited = a_duel(Phase.INVITED, invited_id=2)
    assert duel.may_accept(invited, 2) is None
    assert duel.may_accept(invited, 1) == Refusal("duel.own")
    assert duel.may_accept(invited, 3) == Refusal("duel.not_you", {"name": "Bob"})
    assert duel.may_accept(a_duel(Phase.SECRETS), 2) == Refusal("match.stale")


def test_play_begins_when_both_secrets_are_set():
    assert duel.begins(a_duel(Phase.SECRETS))
    assert not duel.begins(a_duel(Phase.SECRETS, bob=Player(2, 2, "Bob")))


def test_the_second_player_gets_an_equal_turn_after_the_first_solves():
    ann_solved = Player(1, 1, "Ann", 3, 3, "1234")
    step = duel.after_move(a_duel(ann=ann_solved, bob=Player(2, 2, "Bob", 2, None, "5678")))
    assert isinstance(step, duel.NextTurn)
    assert step.player.user_id == 2
    done = duel.after_move(a_duel(ann=ann_solved, bob=Player(2, 2, "Bob", 3, None, "5678")))
    assert done == duel.Decided("won", 1, {1: "won", 2: "lost"})


def test_a_player_who_runs_out_of_time_forfeits_and_an_unplayed_duel_lapses():
    decided, loser = duel.timed_out(a_duel())
    assert decided == duel.Decided("forfeit", 2, {1: "forfeit", 2: "walkover"})
    assert loser is not None
    assert loser.user_id == 1
    assert duel.timed_out(a_duel(Phase.INVITED)) == (duel.Decided("expired"), None)


def test_resigning_hands_the_other_the_win_once_play_has_begun():
    assert duel.resigned(a_duel(), 1) == duel.Decided("resigned", 2, {1: "resigned", 2: "walkover"})
    assert duel.resigned(a_duel(Phase.SECRETS), 1) == duel.Decided("stopped")
