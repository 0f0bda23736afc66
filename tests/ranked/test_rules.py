"""The ranked games' rules, pure: how two games of one secret compare, and which open marks are near enough."""

from hypothesis import given
from hypothesis import strategies as st

from bot.ranked.rules import WINDOW, Attempt, Mark, nearest_first, places, ranked_variant
from engine.variant import PRESETS, variant_named


def solved(guesses: int, hints: int = 0, seconds: float = 60.0) -> Attempt:
    return Attempt(True, guesses, hints, seconds)


def test_a_solved_game_beats_one_not_solved_however_many_guesses_each_took():
    assert places(solved(30), Attempt(False, 2, 0, 5.0)) == (1, 2)
    assert places(Attempt(False, 1, 0, 5.0), solved(12, 3)) == (2, 1)


def test_fewer_guesses_win_and_a_hint_counts_as_a_guess():
    assert places(solved(5), solved(6)) == (1, 2)
    assert places(solved(4, hints=2), solved(5)) == (2, 1)  # 4 guesses and 2 hints are 6: a hint is not free


def test_equal_guesses_and_hints_the_fewer_hints_win_then_the_less_time():
    assert places(solved(5, hints=0, seconds=300), solved(4, hints=1, seconds=10)) == (1, 2)
    assert places(solved(5, seconds=70), solved(5, seconds=69)) == (2, 1)


def test_two_games_not_solved_draw_and_so_do_two_equal_in_everything():
    assert places(Attempt(False, 1, 0, 1.0), Attempt(False, 40, 3, 900.0)) == (1, 1)
    assert places(solved(5, 1, 60.0), solved(5, 1, 60.0)) == (1, 1)


@given(
    st.builds(Attempt, st.booleans(), st.integers(0, 40), st.integers(0, 5), st.floats(0, 10_000)),
    st.builds(Attempt, st.booleans(), st.integers(0, 40), st.integers(0, 5), st.floats(0, 10_000)),
)
def test_the_places_of_two_games_mirror_when_they_swap(first, second):
    assert places(first, second) == tuple(reversed(places(second, first)))
    assert sorted(places(first, second)) in ([1, 1], [1, 2])


def test_only_marks_within_the_window_count_nearest_first_then_the_oldest():
    marks = [Mark(1, 7, 25.0 + WINDOW + 0.01, "0123"), Mark(2, 8, 24.0, "1234"), Mark(3, 9, 26.0, "2345")]
    marks.append(Mark(4, 10, 24.0, "3456"))
    assert [m.secret_id for m in nearest_first(25.0, marks)] == [2, 3, 4]


def test_ranked_games_are_played_in_the_four_named_games_only():
    assert all(ranked_variant(PRESETS[name]) for name in ("classic", "nozero", "mastermind", "mastermind10"))
    assert not ranked_variant(variant_named("5"))
    assert not ranked_variant(variant_named("6r6z"))


def test_the_longest_games_side_by_side_fit_one_message_in_every_language():
    from datetime import UTC, datetime, timedelta

    from bot import records
    from bot.games.model import Game, Mode
    from bot.games.status import Status
    from bot.ranked.screens import ROWS, comparison, comparison_text
    from bot.ranked.service import Compared, RankedRating, Side
    from bot.texts import plain
    from engine.history import Turn
    from engine.review import Label
    from engine.scoring import score

    variant = PRESETS["mastermind"]  # the longest codes on a row: digits and their colour pegs
    secret = "0123"
    guesses = [variant.code(n) for n in range(1, 101)] + [secret]
    turns = tuple(Turn(g, score(secret, g)) for g in guesses)
    start = datetime(2026, 11, 25, tzinfo=UTC)
    ended = start + timedelta(hours=3)
    game = Game(1, 1, 1, Mode.REFEREE, variant, start, secret, status=Status.WON, finished_at=ended)
    game = game.bumped(turns=turns, hints="01")
    standing = RankedRating(records.Family.COLOURS, records.Skill())
    labels = tuple((Label.BLUNDER, False) for _ in turns)
    side = Side(1, "A" * 64, game, labels, 1, standing, standing)
    other = Side(2, "Б" * 64, game, labels, 1, standing, standing)
    for language in ("en", "ru"):
        text = comparison_text(language, comparison(language, Compared(1, variant, secret, side, other)))
        assert len(plain(text)) <= 4096, (language, len(plain(text)))
        assert text.count("│") == ROWS + 1  # the heading and ROWS rows; the rest counted
