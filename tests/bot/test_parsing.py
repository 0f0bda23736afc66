import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.parsing.commands import split_command
from bot.parsing.scores import looks_like_code, parse_answer
from engine.scoring import Score


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1 2", Score(1, 2)),
        ("1b2c", Score(1, 2)),
        ("12", Score(1, 2)),
        ("1 bull 2 cows", Score(1, 2)),
        ("2 bulls", Score(2, 0)),
        ("0 0", Score(0, 0)),
        ("3 cows", Score(0, 3)),
        ("1,2", Score(1, 2)),
        ("1-2", Score(1, 2)),
        ("1B 2C", Score(1, 2)),
        ("2 cows and 1 bull", Score(1, 2)),
        ("no bulls, 3 cows", Score(0, 3)),
        ("1🐂 2🐄", Score(1, 2)),
        ("4 bulls", Score(4, 0)),
    ],
)
def test_answers_are_read_in_every_common_form(text, expected):
    assert parse_answer(text, "en") == expected


@pytest.mark.parametrize("text", ["", "hello", "1234", "3", "1b 1b", "bulls", "1 2 3", "1b2c!", "b1"])
def test_things_that_are_not_answers_are_not_read_as_answers(text):
    assert parse_answer(text, "en") is None


def test_an_answer_may_be_impossible_and_is_still_read_for_the_service_to_refuse():
    assert parse_answer("3 1", "en") == Score(3, 1)


@pytest.mark.parametrize("text", ["1234", "1 2 3 4", "12-34", "12", "123456789"])
def test_digit_strings_look_like_codes_whatever_their_length(text):
    assert looks_like_code(text)


@pytest.mark.parametrize("text", ["hello", "12a4", "", "1b2c"])
def test_words_do_not_look_like_codes(text):
    assert not looks_like_code(text)


def test_commands_are_split_into_word_and_arguments():
    assert split_command("/play 5") == ("play", "5")
    assert split_command("/Reveal@BullsCowsBot 1234") == ("reveal", "1234")
    assert split_command("/start") == ("start", "")


@pytest.mark.parametrize("text", ["² b", "1 b ² c", "1b ½c", "Ⅻ bulls", "1 bull_2 cows"])
def test_numbers_that_are_not_decimal_digits_are_not_read(text):
    assert parse_answer(text, "en") is None


def test_a_decimal_digit_of_another_script_is_its_number():
    assert parse_answer("٣ b", "en") == Score(3, 0)  # an Arabic-Indic 3, as before the words moved


@settings(deadline=None)
@given(st.text(max_size=40))
def test_any_text_is_an_answer_or_none_and_never_an_error(text):
    for language in ("en", "ru"):
        found = parse_answer(text, language)
        assert found is None or isinstance(found, Score)
