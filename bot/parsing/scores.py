"""Reading a player's answer to the bot's guess ("1 2", "1 bull 2 cows", "1б2к", "нет быков, 3 коровы") and telling
a typed code from chat, in the words of the chat's language (see bot.parsing.words)."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache

from bot.parsing.words import meanings
from engine.scoring import Score

_CODE_LIKE = re.compile(r"[\d\s,.\-_/|]*\d[\d\s,.\-_/|]*")
# A number, a word in any alphabet, or a score's symbol: a new language's words need no change here.
_TOKEN = re.compile(r"\d+|[^\W\d_]+|🐂|🐄")
_BARE = re.compile(r"(\d)\s*[\s,;:/\-]?\s*(\d)")
NUMBERS = range(7)  # the numbers an answer may spell out: a code is at most six long


class Unit(StrEnum):
    """What a number in an answer counts."""

    BULLS = "bulls"
    COWS = "cows"


_SYMBOLS = {"🐂": Unit.BULLS, "🐄": Unit.COWS}  # the symbols a score is shown with, in every language


def plain_digits(text: str) -> str:
    """`text` with its full-width forms made plain and every decimal digit an ASCII one: what another keyboard types
    is read as the digits it shows.

    >>> plain_digits("１２３４"), plain_digits("٢٠٤٧"), plain_digits("１ｂ　２ｃ"), plain_digits("² ½ бык")
    ('1234', '2047', '1b 2c', '² ½ бык')
    """
    return text.translate(_PLAIN) if not text.isascii() else text


class _Plain(dict[int, str]):
    """The translation plain_digits makes, worked out per character: a full-width form (U+FF01–U+FF5E, and the
    ideographic space) as its ASCII one, a decimal digit of any script as its ASCII digit; a superscript or a
    fraction is no decimal digit, and stays. Bounded: it keeps the characters it changes, a few hundred."""

    def __missing__(self, code: int) -> str:
        char = chr(code)
        if 0xFF01 <= code <= 0xFF5E:
            plain = chr(code - 0xFEE0)
        elif code == 0x3000:
            plain = " "
        elif char.isdecimal() and not char.isascii():
            plain = str(unicodedata.decimal(char))
        else:
            return char  # not kept: only the few hundred characters that change are (any text may come in)
        self[code] = plain
        return plain


_PLAIN = _Plain()


def looks_like_code(text: str) -> bool:
    """Whether a message is meant as a code: digits, perhaps with separators ("1234", "1 2 3 4", "１２３４")."""
    return bool(_CODE_LIKE.fullmatch(plain_digits(text).strip()))


def parse_answer(text: str, language: str) -> Score | None:
    """The bulls and cows a user typed, or None if the text is not an answer.

    Accepts "1 2", "1,2", "12", "1b2c", "1 bull 2 cows", "2 bulls", "no bulls, 3 cows", "1🐂 2🐄", and the same
    in the words of the chat's language (Russian: "1б 2к", "1 бык 2 коровы", "нет быков, 3 коровы", "быков 1").

    >>> parse_answer("1b2c", "en"), parse_answer("12", "en"), parse_answer("2 быка", "ru")
    (Score(bulls=1, cows=2), Score(bulls=1, cows=2), Score(bulls=2, cows=0))
    """
    cleaned = plain_digits(text).strip().lower()
    if not cleaned:
        return None
    bare = _BARE.fullmatch(cleaned)
    if bare:
        return Score(int(bare[1]), int(bare[2]))
    return _parse_labelled(cleaned, _words(language))


@dataclass(frozen=True)
class _Words:
    """A language's answer words: numbers (some of them phrases, "ни одного"), units, and the words between."""

    numbers: dict[str, int]
    units: dict[str, Unit]
    joiners: frozenset[str]
    phrases: re.Pattern[str] | None  # the numbers written in more than one word


def _parse_labelled(text: str, words: _Words) -> Score | None:
    """Numbers with their units: "1 bull 2 cows", "2к 1б", or each unit first, as Russian often says it
    ("быков 1, коров 2", "быков нет")."""
    if _TOKEN.sub("", re.sub(r"[\s,;:.&+]", "", text)):
        return None  # stray symbols: not an answer
    if words.phrases is not None:
        text = words.phrases.sub(lambda phrase: str(words.numbers[" ".join(phrase[0].split())]), text)
    tokens = [token for token in _TOKEN.findall(text) if token not in words.joiners]
    if not tokens or len(tokens) % 2:
        return None
    unit_first = _unit(tokens[0], words) is not None and len(tokens[0]) > 2  # "быков 1", never "b1" (a code's typo)
    found: dict[Unit, int] = {}
    for first, second in zip(tokens[0::2], tokens[1::2], strict=True):
        number, unit = (second, first) if unit_first else (first, second)
        count, counted = _number(number, words), _unit(unit, words)
        if count is None or counted is None or counted in found:
            return None
        found[counted] = count
    return Score(found.get(Unit.BULLS, 0), found.get(Unit.COWS, 0))


def _number(token: str, words: _Words) -> int | None:
    # isdecimal, not isdigit: "²" is a digit to isdigit() (and a word to the token pattern), and int() refuses it
    return int(token) if token.isdecimal() else words.numbers.get(token)


def _unit(token: str, words: _Words) -> Unit | None:
    return _SYMBOLS.get(token) or words.units.get(token)


def _words(language: str) -> _Words:
    numbers = dict(meanings(language, tuple((f"words.number.{n}", n) for n in NUMBERS)))
    units = meanings(language, (("words.bulls", Unit.BULLS), ("words.cows", Unit.COWS)))
    joiners = meanings(language, (("words.and", True),))
    return _compiled(tuple(numbers.items()), tuple(units.items()), frozenset(joiners))


@lru_cache(maxsize=64)
def _compiled(
    numbers: tuple[tuple[str, int], ...], units: tuple[tuple[str, Unit], ...], joiners: frozenset[str]
) -> _Words:
    phrases = [r"\s+".join(map(re.escape, word.split())) for word, _ in numbers if " " in word]
    pattern = re.compile(rf"(?<!\w)(?:{'|'.join(phrases)})(?!\w)") if phrases else None
    return _Words(dict(numbers), dict(units), joiners, pattern)
