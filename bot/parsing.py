"""Reading what users type: answers such as "1 2" or "1 bull 2 cows", codes, and command words."""

from __future__ import annotations

import re

from engine.scoring import Score

_CODE_LIKE = re.compile(r"[\d\s,.\-_/|]*\d[\d\s,.\-_/|]*")
_NUMBER_WORDS = {"no": 0, "zero": 0, "none": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
_BULL_WORDS = {"b", "bull", "bulls", "🐂"}
_COW_WORDS = {"c", "cow", "cows", "🐄"}
_TOKEN = re.compile(r"\d+|[a-z]+|🐂|🐄")
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

    Accepts "1 2", "1,2", "12", "1b2c", "1 bull 2 cows", "2 bulls", "no bulls, 3 cows", "1🐂 2🐄".

    >>> parse_answer("1b2c"), parse_answer("12"), parse_answer("2 bulls")
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
    """Numbers each followed by a unit: bulls (b, bull, 🐂) or cows (c, cow, 🐄), in any order."""
    tokens = _TOKEN.findall(text)
    if re.sub(r"[\s,;:.&+]|and|\d+|[a-z]+|🐂|🐄", "", text):
        return None  # stray symbols: not an answer
    found: dict[str, int] = {}
    number: int | None = None
    for token in tokens:
        if token.isdigit():
            if number is not None:
                return None
            number = int(token)
        elif token in _NUMBER_WORDS and number is None:
            number = _NUMBER_WORDS[token]
        elif token in _BULL_WORDS or token in _COW_WORDS:
            unit = "bulls" if token in _BULL_WORDS else "cows"
            if number is None or unit in found:
                return None
            found[unit] = number
            number = None
        elif token != "and":
            return None
    if number is not None or not found:
        return None
    return Score(found.get("bulls", 0), found.get("cows", 0))


def split_command(text: str) -> tuple[str, str]:
    """The command word without slash or @botname, lower-cased, and the rest: ("play", "5")."""
    head, _, rest = text.strip().partition(" ")
    word = head.lstrip("/").split("@", 1)[0].lower()
    return word, rest.strip()
