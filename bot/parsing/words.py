"""The words players type, read from the message catalogues: each `words.*` message lists the words one meaning
is typed with, so a new language's answers, command words and /top words are lines of its catalogue, not code.

A `words.*` message is a comma-separated list (a phrase may have spaces where its key allows one); case does not
matter. A chat understands the words of its own language first, then English, then those of every other catalogue
(where two languages give a word different meanings, the earlier one wins): a player whose Telegram is in English
may still answer in Russian, as they always could."""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from functools import lru_cache
from typing import TypeVar

from bot import i18n

SEPARATOR = ","
Meaning = TypeVar("Meaning", bound=Hashable)


def listed(message: str) -> tuple[str, ...]:
    """The words of one `words.*` message, lower-cased, spaces inside a phrase made single: 'Give  up' → 'give up'.

    >>> listed("b, bull,bulls ,, Give  Up")
    ('b', 'bull', 'bulls', 'give up')
    """
    return tuple(" ".join(word.lower().split()) for word in message.split(SEPARATOR) if word.strip())


def meanings(language: str, keys: tuple[tuple[str, Meaning], ...]) -> Mapping[str, Meaning]:
    """Every word a chat in `language` may type for one of the meanings, word → meaning; `keys` pairs each
    `words.*` key with what its words mean (read once per catalogue and language: do not change what comes back)."""
    catalogues = i18n.CATALOGUES
    return _meanings(catalogues, catalogues.supported(language), keys)  # a few catalogues, however many codes


@lru_cache(maxsize=256)
def _meanings(catalogues: i18n.Catalogues, language: str, keys: tuple[tuple[str, Meaning], ...]) -> dict[str, Meaning]:
    found: dict[str, Meaning] = {}
    for code in understood(catalogues, language):
        for key, meaning in keys:
            for word in listed(catalogues.message(key, code, None)):
                found.setdefault(word, meaning)
    return found


def understood(catalogues: i18n.Catalogues, language: str) -> tuple[str, ...]:
    """The languages whose words a chat in `language` understands, the first winning: its own, English, the rest."""
    own = catalogues.supported(language)
    first = (own, i18n.SOURCE_LANGUAGE) if own != i18n.SOURCE_LANGUAGE else (own,)
    return (*first, *(code for code in catalogues.languages if code not in first))
