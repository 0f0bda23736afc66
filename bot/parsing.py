"""Reading what users type: answers such as "1 2" or "1 bull 2 cows", codes, and command words."""

from __future__ import annotations

import re

from bot.models.settings import Setting
from engine.scoring import Score

_CODE_LIKE = re.compile(r"[\d\s,.\-_/|]*\d[\d\s,.\-_/|]*")
# Words for the numbers and units of an answer, English and Russian ("1 bull 2 cows", "1 бык 2 коровы", "1б2к").
_NUMBER_WORDS = {
    **{"no": 0, "zero": 0, "none": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6},
    **{"нет": 0, "ноль": 0, "один": 1, "одна": 1, "два": 2, "две": 2, "три": 3, "четыре": 4},
    **{"пять": 5, "шесть": 6},
}
_BULL_WORDS = {"b", "bull", "bulls", "🐂", "б", "бык", "быка", "быки", "быков"}
_COW_WORDS = {"c", "cow", "cows", "🐄", "к", "корова", "коровы", "коров"}
_AND_WORDS = {"and", "и"}
_TOKEN = re.compile(r"\d+|[a-zа-яё]+|🐂|🐄")
_NONE_OF = re.compile(r"\bни\s+(?:одного|одной)\b")  # "ни одного быка": no bulls
_ID = re.compile(r"[0-9]{1,18}")  # ASCII digits only, and few enough to fit SQLite's 64-bit integers


def parse_id(text: str) -> int | None:
    """The id (of a game, a match, a turn) in a deep link or button field, or None if it is not one we could have made.

    >>> parse_id("42"), parse_id("99999999999999999999"), parse_id("²")
    (42, None, None)
    """
    return int(text) if _ID.fullmatch(text) else None


def looks_like_code(text: str) -> bool:
    """Whether a message is meant as a code: digits, perhaps with separators ("1234", "1 2 3 4")."""
    return bool(_CODE_LIKE.fullmatch(text.strip()))


def parse_answer(text: str) -> Score | None:
    """The bulls and cows a user typed, or None if the text is not an answer.

    Accepts "1 2", "1,2", "12", "1b2c", "1 bull 2 cows", "2 bulls", "no bulls, 3 cows", "1🐂 2🐄", and in Russian
    "1б 2к", "1б2к", "1 бык 2 коровы", "0 быков 1 корова", "2 быка", "нет быков, 3 коровы".

    >>> parse_answer("1b2c"), parse_answer("12"), parse_answer("2 быка")
    (Score(bulls=1, cows=2), Score(bulls=1, cows=2), Score(bulls=2, cows=0))
    """
    cleaned = text.strip().lower()
    if not cleaned:
        return None
    bare = re.fullmatch(r"(\d)\s*[\s,;:/\-]?\s*(\d)", cleaned)
    if bare:
        return Score(int(bare[1]), int(bare[2]))
    return _parse_labelled(cleaned)


def _parse_labelled(text: str) -> Score | None:
    """Numbers with their units, bulls (b, bull, бык, 🐂) and cows (c, cow, корова, 🐄): "1 bull 2 cows", "2к 1б",
    or each unit first, as Russian often says it ("быков 1, коров 2", "быков нет")."""
    if _TOKEN.sub("", re.sub(r"[\s,;:.&+]", "", text)):
        return None  # stray symbols: not an answer
    words = [word for word in _TOKEN.findall(_NONE_OF.sub("0", text)) if word not in _AND_WORDS]
    if not words or len(words) % 2:
        return None
    unit_first = _unit(words[0]) is not None and len(words[0]) > 2  # "быков 1", but never "b1" (a code's typo)
    found: dict[str, int] = {}
    for first, second in zip(words[0::2], words[1::2], strict=True):
        number, unit = (_number(second), _unit(first)) if unit_first else (_number(first), _unit(second))
        if number is None or unit is None or unit in found:
            return None
        found[unit] = number
    return Score(found.get("bulls", 0), found.get("cows", 0))


def _number(word: str) -> int | None:
    return int(word) if word.isdigit() else _NUMBER_WORDS.get(word)


def _unit(word: str) -> str | None:
    return "bulls" if word in _BULL_WORDS else "cows" if word in _COW_WORDS else None


# What a player may type instead of /hint or /giveup while guessing the bot's code, in English and Russian.
_COMMAND_WORDS = {
    "hint": "hint",
    "a hint": "hint",
    "подсказка": "hint",
    "подскажи": "hint",
    "подсказку": "hint",
    "give up": "giveup",
    "i give up": "giveup",
    "giveup": "giveup",
    "сдаюсь": "giveup",
    "я сдаюсь": "giveup",
    "сдаться": "giveup",
}


def command_word(text: str) -> str | None:
    """The command a typed word stands for ("сдаюсь" → "giveup", "hint" → "hint"), or None.

    >>> command_word("Сдаюсь!"), command_word("подсказка"), command_word("1234")
    ('giveup', 'hint', None)
    """
    words = " ".join(re.sub(r"[^\w\s]", " ", text.lower()).split())
    return _COMMAND_WORDS.get(words)


def split_command(text: str) -> tuple[str, str]:
    """The command word without slash or @botname, lower-cased, and the rest: ("play", "5")."""
    head, _, rest = text.strip().partition(" ")
    word = head.lstrip("/").split("@", 1)[0].lower()
    return word, rest.strip()


def setting_of(fields: tuple[str, ...]) -> Setting | None:
    """The setting a settings panel's button names (its first field), or None for a letter no panel shows.

    >>> setting_of(("a",)), setting_of(("v", "classic")), setting_of(("q",)), setting_of(())
    (<Setting.ATTEMPTS: 'a'>, <Setting.PRESET: 'v'>, None, None)
    """
    try:
        return Setting(fields[0]) if fields else None
    except ValueError:
        return None
