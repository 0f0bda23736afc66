"""Reading commands and what follows them: the command word, the words that stand for /hint and /giveup while a
player guesses, a variant's name ('/play 5'), a match's options ('/challenge 5 10m') and /top's words ('/top week
global', '/top рейтинг цвета'), in the words of the chat's language (see bot.parsing.words)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.parsing import variants
from bot.parsing.words import meanings
from engine.variant import InvalidVariant, Variant

MAX_LIMIT_SECONDS = 24 * 3600
_DURATION = re.compile(r"(\d{1,5})\s*([^\W\d_]+)")  # '10m', '90s', '2h', or in the chat's words ('10мин')
_TIME_UNITS = (("words.seconds", 1), ("words.minutes", 60), ("words.hours", 3600))


def split_command(text: str) -> tuple[str, str]:
    """The command word without slash or @botname, lower-cased, and the rest: ("play", "5")."""
    head, _, rest = text.strip().partition(" ")
    word = head.lstrip("/").split("@", 1)[0].lower()
    return word, rest.strip()


def command_word(text: str, language: str) -> str | None:
    """The command a typed word or phrase stands for ("сдаюсь" → "giveup", "hint" → "hint"), or None.

    >>> command_word("Сдаюсь!", "ru"), command_word("подсказка", "en"), command_word("1234", "en")
    ('giveup', 'hint', None)
    """
    said = " ".join(re.sub(r"[^\w\s]", " ", text.lower()).split())
    return meanings(language, (("words.hint", "hint"), ("words.giveup", "giveup"))).get(said)


def variant_from_args(args: str, language: str) -> Variant | None:
    """The variant named in '/play 5', '/play mastermind' or '/play без нуля' (any name the bot shows, in the chat's
    words: bot.parsing.variants); None when no name is given (InvalidVariant when the words name no variant)."""
    return variants.leading(args, language)


@dataclass(frozen=True)
class Options:
    """What follows /challenge or /duel: a variant and a time (a race's limit, a duel's time per move)."""

    variant: Variant | None = None
    seconds: int | None = None


class BadOptions(ValueError):
    """Options that name no variant or an impossible time; str() is what was not understood."""


def parse_options(args: str, language: str) -> Options:
    """'5 10m' → length-5 variant and 600 s; 'mastermind' or 'без нуля 2мин' → that variant; '' → nothing chosen.
    The words that are no time name the variant, together."""
    seconds, named = None, []
    units = meanings(language, _TIME_UNITS)
    for word in args.split():
        duration = _DURATION.fullmatch(word)
        if duration and duration[2].lower() in units:
            seconds = int(duration[1]) * units[duration[2].lower()]
            if not 10 <= seconds <= MAX_LIMIT_SECONDS:
                raise BadOptions(word)
            continue
        named.append(word)
    if not named:
        return Options(None, seconds)
    try:
        return Options(variants.named(" ".join(named), language), seconds)
    except InvalidVariant as error:
        raise BadOptions(" ".join(named)) from error
