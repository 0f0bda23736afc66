"""Pure rules of the stats: streaks, the distribution, the text bars."""

from bot.records.board import bars, variant_label
from bot.records.model import ResultCount
from bot.records.stats import Streaks, distribution, streaks


def test_a_streak_is_the_run_of_clean_solves_and_the_current_one_is_at_the_end():
    assert streaks("") == Streaks(current=0, best=0)
    assert streaks("111") == Streaks(current=3, best=3)
    assert streaks("1101110") == Streaks(current=0, best=3)
    assert streaks("0111011") == Streaks(current=2, best=3)


def test_the_distribution_counts_only_clean_solves_of_guessing_modes():
    counts = [
        ResultCount("referee", "won", False, 5, 3),
        ResultCount("daily", "won", False, 5, 1),
        ResultCount("race", "won", False, 4, 2),
        ResultCount("referee", "won", True, 3, 7),  # hinted
        ResultCount("referee", "gave_up", False, 9, 1),
        ResultCount("guesser", "solved", False, 2, 4),  # the bot's guesses
    ]
    assert distribution(counts) == {4: 2, 5: 4}


def test_bars_scale_to_the_biggest_count_and_show_gaps_as_zero():
    rows = bars({4: 6, 5: 12, 7: 1}, width=12)
    assert rows == ["4 ▇▇▇▇▇▇ 6", "5 ▇▇▇▇▇▇▇▇▇▇▇▇ 12", "6 0", "7 ▇ 1"]


def test_bars_align_two_digit_guess_counts():
    assert bars({9: 1, 10: 1}, width=2) == [" 9 ▇▇ 1", "10 ▇▇ 1"]


def test_variant_labels_are_names_not_keys():
    assert variant_label("classic") == "4 digits, no repeats"
    assert variant_label("5d10") == "5 digits, no repeats"
    assert variant_label("mastermind") == "Mastermind 4×6 (colours)"
    assert variant_label("4r8z") == "Mastermind 4×8 (colours), no 0 first"
    assert variant_label("nozero", "ru") == "4 цифры без повторов, без 0 в начале"
    assert variant_label("no-such-variant") == "no-such-variant"
