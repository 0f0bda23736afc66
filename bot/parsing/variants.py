"""A variant as players name it: every name the bot shows for one (on a board, a button, in a message), in any
language and case, the words its catalogue lists for the named games (`words.variant.*`: 'классика', 'без нуля'), a
length in figures or words ('5', 'пять'), and the names the variants are stored under ('classic', '5d10')."""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache

from bot import i18n
from bot.chats.settings import PRESET_CHOICES
from bot.parsing.words import listed, understood
from bot.texts import plain, variant_name, variant_text
from engine.variant import (
    MAX_LENGTH,
    MAX_SYMBOLS,
    MIN_LENGTH,
    MIN_SYMBOLS,
    PRESETS,
    InvalidVariant,
    Variant,
    variant_named,
)

# The named games with words of their own in the catalogues, in the order the error lists them (its first word each)
NAMED = ("classic", "nozero", "mastermind", "mastermind10")
SUGGESTED = NAMED[:3]  # the ones an unknown name's reply suggests
_DROPPED = re.compile(r"[^\w\s×\-]")  # brackets, commas, quotes, emoji: not part of a name as typed


def phrase(text: str) -> str:
    """A name as it is compared: plain text, lower case, 'ё' as 'е', any dash a hyphen, '4x6' as '4×6', without
    punctuation or emoji, single spaces.

    >>> phrase("Mastermind 4x6 (Colours) 🎨"), phrase("4 цифры 0–7, без 0 в начале"), phrase("«Классика»")
    ('mastermind 4×6 colours', '4 цифры 0-7 без 0 в начале', 'классика')
    """
    text = plain(text).lower().replace("ё", "е")
    text = re.sub(r"[‐‑‒–—−]", "-", text)
    text = re.sub(r"(\d)\s*[x×х]\s*(\d)", r"\1×\2", text)  # the Latin x, the sign and the Cyrillic х
    return " ".join(_DROPPED.sub(" ", text).split())


def named(text: str, language: str) -> Variant:
    """The variant `text` names, as a whole; InvalidVariant when it names none."""
    said = phrase(text)
    found = names(language).get(said)
    if found is not None:
        return found
    return variant_named(said.replace(" ", "") if said else "?")


def leading(text: str, language: str) -> Variant | None:
    """The variant named by the first words of `text`, the longest run of them that names one (words after it are
    not read: '/play 5 please'); None for no words; InvalidVariant when no run of first words names one."""
    words = text.split()
    for count in range(len(words), 0, -1):
        try:
            return named(" ".join(words[:count]), language)
        except InvalidVariant:
            continue
    if words:
        raise InvalidVariant(text)
    return None


def suggestions(language: str) -> str:
    """The named games' first words in `language`, for the reply to a name not known: 'classic, nozero, mastermind'."""
    catalogues = i18n.CATALOGUES
    return ", ".join(listed(catalogues.message(f"words.variant.{name}", language, None))[0] for name in SUGGESTED)


def names(language: str) -> Mapping[str, Variant]:
    """Every name a chat in `language` may type for a variant, as `phrase` gives it, name → variant (read once per
    catalogue: do not change what comes back)."""
    catalogues = i18n.CATALOGUES
    return _names(catalogues, catalogues.supported(language))


@lru_cache(maxsize=16)
def _names(catalogues: i18n.Catalogues, language: str) -> dict[str, Variant]:
    found: dict[str, Variant] = {}
    for code in understood(catalogues, language):  # its own language's names first, as for every word typed
        for name in NAMED:
            for word in listed(catalogues.message(f"words.variant.{name}", code, None)):
                found.setdefault(phrase(word), PRESETS[name])
        for name in PRESET_CHOICES:  # the settings panel's buttons
            found.setdefault(phrase(catalogues.message(f"set.preset.{name}", code, None)), PRESETS[name])
        for length in range(MIN_LENGTH, MAX_LENGTH + 1):
            for word in listed(catalogues.message(f"words.number.{length}", code, None)):
                found.setdefault(phrase(word), Variant(length))
        for variant in every_variant():
            found.setdefault(phrase(variant_name(variant, code)), variant)
            found.setdefault(phrase(variant_text(variant, code)), variant)
    return found


@lru_cache(maxsize=1)
def every_variant() -> tuple[Variant, ...]:
    """Every variant the rules allow (a few dozen)."""
    found = []
    for length in range(MIN_LENGTH, MAX_LENGTH + 1):
        for symbols in range(MIN_SYMBOLS, MAX_SYMBOLS + 1):
            for repeats in (False, True):
                for leading_zero in (True, False):
                    try:
                        found.append(Variant(length, symbols, repeats, leading_zero))
                    except InvalidVariant:
                        continue
    return tuple(found)
