"""Counts read naturally: Russian's three plural forms and English's two, from the catalogues' plural rules."""

import pytest

from bot.texts import duration_text, t

RUSSIAN_GUESSES = {0: "ходов", 1: "ход", 2: "хода", 5: "ходов", 11: "ходов", 21: "ход", 22: "хода", 101: "ход"}
RUSSIAN_HINTS = {0: "подсказок", 1: "подсказка", 2: "подсказки", 5: "подсказок", 11: "подсказок", 21: "подсказка"}


@pytest.mark.parametrize(("n", "word"), sorted(RUSSIAN_GUESSES.items()))
def test_russian_counts_of_guesses_take_one_of_three_forms(n, word):
    assert f"Отгадано за {n} {word}," in t("ref.won", "ru", secret="0123", n=n, duration="5 с")
    assert t("rank.tried", "ru", place=1, name="Аня", n=n).endswith(f"{n} {word}")


@pytest.mark.parametrize("n", [0, 1, 2, 5, 11, 21, 22, 101])
def test_english_counts_of_guesses_are_singular_only_for_one(n):
    word = "guess" if n == 1 else "guesses"
    assert f"You got it in {n} {word}," in t("ref.won", "en", secret="0123", n=n, duration="5s")
    assert t("rank.tried", "en", place=1, name="Ann", n=n).endswith(f"{n} {word}")


@pytest.mark.parametrize(("n", "word"), sorted(RUSSIAN_HINTS.items()))
def test_a_count_under_another_name_than_n_picks_the_form_too(n, word):
    assert f"{n} {word}." in t("ref.won.hinted", "ru", hints=n)


def test_russian_agrees_verbs_and_cases_with_the_count():
    assert t("gue.board.fits", "ru", remaining=1) == "(подходит 1 код)"
    assert t("gue.board.fits", "ru", remaining=3) == "(подходят 3 кода)"
    assert t("gue.board.fits", "ru", remaining=11) == "(подходят 11 кодов)"
    assert t("ref.limit", "ru", limit=21) == "У тебя 21 попытка."
    assert t("daily.share.hints", "ru", hints=21) == "💡 с 21 подсказкой"
    assert t("daily.share.hints", "ru", hints=2) == "💡 с 2 подсказками"
    assert "после 1 хода" in t("daily.share.gave_up", "ru", day="2026-11-23", n=1)
    assert "после 5 ходов" in t("daily.share.gave_up", "ru", day="2026-11-23", n=5)


def test_english_plurals_fixed_the_old_parenthesised_forms():
    assert t("ref.won.hinted", "en", hints=1) == "(1 hint taken.)"
    assert t("stats.bot", "en", games=2) == "You also set 2 codes for me to guess."
    assert t("ref.limit", "en", limit=1) == "You have 1 attempt."


def test_durations_are_written_the_russian_way():
    from datetime import timedelta

    assert duration_text(timedelta(seconds=45), "ru") == "45\u00a0с"
    assert duration_text(timedelta(seconds=133), "ru") == "2\u00a0мин 13\u00a0с"
    assert duration_text(timedelta(hours=1, minutes=5), "ru") == "1\u00a0ч 5\u00a0мин"
