"""The achievements' rules, pure: each at its edge and not below it, and the rarity shown."""

from datetime import UTC, datetime

from hypothesis import given
from hypothesis import strategies as st

from bot.achievements import rules
from bot.achievements.lines import percent
from bot.achievements.model import Rarity
from bot.achievements.rules import Achievement
from bot.games.model import Game, Mode
from bot.games.status import Status
from bot.matches.model import BOT_ID, Match, MatchKind, Player
from engine.history import Turn
from engine.scoring import Score
from engine.variant import PRESETS, variant_named

WHEN = datetime(2025, 1, 1, tzinfo=UTC)
CLASSIC = PRESETS["classic"]


def game(guesses: int, *, hints: str = "", hard: bool = False, variant=CLASSIC, status=Status.WON, mode=Mode.REFEREE):
    turns = (*(Turn("0123", Score(0, 0)) for _ in range(guesses - 1)), Turn("4567", Score(4, 0)))
    return Game(1, 11, 11, mode, variant, WHEN, "4567", hard=hard, hints=hints, status=status, turns=turns)


def test_a_won_classic_game_in_four_earns_it_and_in_five_does_not():
    assert rules.of_game(game(4)) == {Achievement.CLASSIC_IN_FOUR}
    assert rules.of_game(game(1)) == {Achievement.CLASSIC_IN_FOUR}
    assert rules.of_game(game(5)) == frozenset()


def test_hard_mode_counts_a_hint_does_not_nor_another_variant_mode_or_end():
    assert rules.of_game(game(3, hard=True)) == {Achievement.CLASSIC_IN_FOUR}
    assert rules.of_game(game(3, hints="1")) == frozenset()
    assert rules.of_game(game(3, variant=PRESETS["nozero"])) == frozenset()
    assert rules.of_game(game(3, variant=variant_named("4d10"))) == {Achievement.CLASSIC_IN_FOUR}  # classic's rules
    assert rules.of_game(game(3, status=Status.GAVE_UP)) == frozenset()
    assert rules.of_game(game(3, mode=Mode.GUESSER, status=Status.SOLVED)) == frozenset()


def race(rivals: int, variant=CLASSIC) -> Match:
    players = (Player(1, 1, "winner", 1, 1), *(Player(10 + i, 2 + i, f"p{i}", 3) for i in range(rivals)))
    return Match(1, -5, MatchKind.RACE, variant, 1, WHEN, "4567", status=Status.WON, winner_id=1, players=players)


def test_a_race_won_against_five_earns_race_of_six_and_against_four_does_not():
    assert rules.of_match(race(5)) == {1: {Achievement.RACE_OF_SIX}}  # a race's solve in 1 is no classic in four
    assert rules.of_match(race(4)) == {}


def test_a_race_that_expired_earns_nothing_whoever_played():
    expired = Match(1, -5, MatchKind.RACE, CLASSIC, 1, WHEN, status=Status.EXPIRED, players=race(6).players)
    assert rules.of_match(expired) == {}


def test_each_duel_or_versus_player_who_solved_a_classic_in_four_earns_it_not_the_bot():
    pair = (Player(1, 1, "a", 4, 4), Player(2, 2, "b", 5, 5))
    duel = Match(1, -5, MatchKind.DUEL, CLASSIC, 1, WHEN, status=Status.DRAW, players=pair)
    assert rules.of_match(duel) == {1: {Achievement.CLASSIC_IN_FOUR}}
    against = (Player(9, 1, "a", 3, 3), Player(BOT_ID, 2, "bot", 2, 2))
    versus = Match(1, 9, MatchKind.VERSUS, CLASSIC, 9, WHEN, status=Status.LOST, players=against)
    assert rules.of_match(versus) == {9: {Achievement.CLASSIC_IN_FOUR}}


def test_the_days_best_is_a_solve_within_the_engines_par_whoever_else_played():
    assert rules.day_best(5, 5)
    assert rules.day_best(1, 5)
    assert not rules.day_best(6, 5)
    assert not rules.day_best(0, 5)  # no guess: nothing solved


CLASSIC_CODES = CLASSIC.size


def test_flawless_is_a_won_game_labelled_good_or_better_throughout():
    assert rules.flawless(True, False, CLASSIC_CODES, ("best", "excellent", "good"))
    for worse in ("inaccuracy", "mistake", "blunder"):
        assert not rules.flawless(True, False, CLASSIC_CODES, ("best", worse, "best"))
    assert not rules.flawless(False, False, CLASSIC_CODES, ("best",))


def test_flawless_needs_no_hint_a_variant_at_least_as_big_as_classic_and_clues_of_ones_own():
    assert rules.FLAWLESS_LEAST_CODES == 5040
    assert not rules.flawless(True, True, CLASSIC_CODES, ("best", "best"))  # a hint helped
    for small in ("mastermind", "3d10"):  # 1,296 and 720 codes: a greedy script plays them well
        assert not rules.flawless(True, False, variant_named(small).size, ("best", "good"))
    for big in ("classic", "nozero", "5d10"):
        size = variant_named(big).size
        assert (size >= 5040) == rules.flawless(True, False, size, ("best", "good")), big
    assert not rules.flawless(True, False, CLASSIC_CODES, ("best",), shared=True)  # a race: everyone's clues


def test_a_puzzle_rating_earns_at_its_one_threshold():
    assert rules.PUZZLE_RATING == 1800
    assert rules.of_puzzles(None, rules.PUZZLE_RATING) == {Achievement.PUZZLE_1800}
    assert rules.of_puzzles(None, rules.PUZZLE_RATING - 1) == frozenset()


def test_puzzles_earn_at_seven_days_and_1800_not_below():
    assert rules.of_puzzles(7, 1800) == {Achievement.PUZZLE_WEEK, Achievement.PUZZLE_1800}
    assert rules.of_puzzles(6, 1799) == frozenset()
    assert rules.of_puzzles(None, None) == frozenset()


@given(st.integers(0, 10_000), st.integers(0, 10_000))
def test_the_percent_shown_is_none_only_for_nobody_and_100_only_for_everybody(holders, players):
    holders = min(holders, players)
    shown = percent(Rarity(holders, players))
    if holders == 0:
        assert shown is None
    else:
        assert shown is not None
        assert 0 <= shown <= 100
        assert (shown == 100) == (holders == players)
        assert shown == 0 or abs(shown - 100 * holders / players) <= 1


def test_the_percent_shown_at_its_edges():
    assert percent(Rarity(1, 101)) == 0  # under 1%
    assert percent(Rarity(1, 100)) == 1
    assert percent(Rarity(3, 100)) == 3
    assert percent(Rarity(999, 1000)) == 99  # not everyone holds it
