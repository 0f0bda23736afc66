"""Reading what /top and /stats are asked: a period, every chat's board, the ratings, a rating family, a variant."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from bot.parsing.words import meanings
from bot.records.stats import Period


class TopWord(StrEnum):
    """What a word after /top (or /stats) asks for: every chat's board, a period, the ratings, a rating family."""

    EVERYWHERE = "global"
    TODAY = "today"
    WEEK = "week"
    MONTH = "month"
    RATING = "rating"
    DIGITS = "digits"
    COLOURS = "colours"


_PERIODS = {TopWord.TODAY: Period.TODAY, TopWord.WEEK: Period.WEEK, TopWord.MONTH: Period.MONTH}


_FAMILIES = {TopWord.DIGITS: "classic", TopWord.COLOURS: "mastermind"}  # a rating family by a variant of it


@dataclass(frozen=True)
class TopAsked:
    """What /top's words ask for: the rating board or the results' (for a period), this chat's or every chat's,
    and the variant (`variant` the words that name it, None for the chat's; `named` the words to echo when they
    name none)."""

    rating: bool
    everywhere: bool
    period: Period
    variant: str | None
    named: str


def top_asked(args: str, language: str) -> TopAsked:
    """/top week, /top global 5, /top rating colours, /top неделя: what the words ask for (all time, this chat and
    the chat's variant when they do not say)."""
    words = args.lower().split()
    meant = _top_words(language)
    said = {meant[word] for word in words if word in meant}
    rating = TopWord.RATING in said
    if rating:
        words = [word for word in words if meant.get(word) != TopWord.RATING]
    period = next((_PERIODS[meant[word]] for word in words if meant.get(word) in _PERIODS), Period.ALL)
    everywhere = TopWord.EVERYWHERE in said
    variant = _variant_words(words, language)
    if rating and variant is not None and variant in meant:  # a rating family by a variant: colours is mastermind's
        variant = _FAMILIES.get(meant[variant], variant)
    return TopAsked(rating, everywhere, period, variant, " ".join(words))


def stats_variant(args: str, language: str) -> str | None:
    """The words that name the variant of /stats (the chat's when None): those that are not /top's 'global' or a
    period."""
    return _variant_words(args.lower().split(), language)


def _variant_words(words: list[str], language: str) -> str | None:
    meant = _top_words(language)
    skipped = (TopWord.EVERYWHERE, *_PERIODS)
    return " ".join(word for word in words if meant.get(word) not in skipped) or None


def _top_words(language: str) -> Mapping[str, TopWord]:
    return meanings(language, tuple((f"words.top.{word.value}", word) for word in TopWord))
