"""Answers and command words typed in Russian are read like English ones; anything else is refused."""

import pytest

from bot.parsing.commands import command_word
from bot.parsing.scores import parse_answer
from engine.scoring import Score


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1б 2к", Score(1, 2)),
        ("1б2к", Score(1, 2)),
        ("1Б 2К", Score(1, 2)),
        ("1 бык 2 коровы", Score(1, 2)),
        ("0 быков 1 корова", Score(0, 1)),
        ("2 быка", Score(2, 0)),
        ("нет быков", Score(0, 0)),
        ("нет быков, 3 коровы", Score(0, 3)),
        ("один бык и две коровы", Score(1, 2)),
        ("ни одного быка, 2 коровы", Score(0, 2)),
        ("быков 1, коров 2", Score(1, 2)),
        ("быков нет", Score(0, 0)),
        ("2 коровы 1 бык", Score(1, 2)),
        ("4 быка", Score(4, 0)),
        ("1 2", Score(1, 2)),
    ],
)
def test_russian_answers_are_read(text, expected):
    assert parse_answer(text, "ru") == expected


@pytest.mark.parametrize(
    "text",
    ["привет", "бык", "быки", "2 кота", "1 бык 2 быка", "1б 2к 3", "1к1к", "б1", "и", "1 и 2", "ни быков", "1 бык 2"],
)
def test_russian_nonsense_is_refused(text):
    assert parse_answer(text, "ru") is None


@pytest.mark.parametrize(
    ("text", "command"),
    [("сдаюсь", "giveup"), ("Я сдаюсь!", "giveup"), ("give up", "giveup"), ("подсказка", "hint"), ("Hint", "hint")],
)
def test_give_up_and_hint_words_are_understood_in_both_languages(text, command):
    assert command_word(text, "ru") == command


@pytest.mark.parametrize("text", ["1234", "сдаюсь и подсказка", "не сдаюсь", "", "hints"])
def test_other_words_are_not_commands(text):
    assert command_word(text, "ru") is None
