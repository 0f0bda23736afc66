"""Every user-facing string by key, from the gettext catalogues in bot/locales; HTML, escaped here once."""

from __future__ import annotations

import html
from datetime import date, timedelta
from functools import lru_cache
from typing import Protocol

from bot.i18n import CATALOGUES, SOURCE_LANGUAGE, SourceTexts, count_param
from engine.scoring import Score
from engine.variant import Variant


class Html(str):
    """Text that is already valid Telegram HTML: t() does not escape it again."""

    __slots__ = ()


# The English templates by key (read from the source catalogue on first use), for code and tests that match texts.
EN = SourceTexts()

# The placeholders that quote what a player typed ('I don't know the game “…”'), by key: clipped here, for every face
# (the chat, the console, the page), so that a reply quotes a few words of a bad argument, never a page of it
ECHOES: dict[str, str] = {
    "variant.invalid": "name",
    "lang.unknown": "name",
    "match.options": "word",
    "duel.options": "word",
    "vs.options": "word",
    "duel.unknown_user": "username",
}
ECHO_LENGTH = 32  # characters of an echo, its "…" included


def clipped(text: str, limit: int = ECHO_LENGTH) -> str:
    r"""`text` on one line, cut to `limit` characters with "…" marking the cut.

    >>> clipped("mastermind"), clipped("x" * 40, 8), clipped("two\nlines")
    ('mastermind', 'xxxxxxx…', 'two lines')
    """
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def t(key: str, language: str = SOURCE_LANGUAGE, /, **params: object) -> Html:
    """The text for `key` in `language` (plural form by its count) with its parameters HTML-escaped and filled in.

    Templates come from the gettext catalogues; a string a language lacks reads in English. Parameters that are
    already Html are not escaped again; one that quotes what a player typed (ECHOES) is clipped first.
    """
    count = params.get(count_param(key))
    template = CATALOGUES.message(key, language, count if isinstance(count, int) else None)
    echoed = ECHOES.get(key)
    if echoed in params:
        params[echoed] = clipped(str(params[echoed]))
    safe = {
        name: value if isinstance(value, Html) else html.escape(str(value), quote=False)
        for name, value in params.items()
    }
    return Html(template.format(**safe))


def rematch_label(language: str, lost: bool) -> Html:
    """The label of the button that plays a finished match again with the same opponent: '🔁 Rematch' for the one who
    lost, '🔁 Play again' for a winner, a draw, or a message both players read."""
    return t("btn.rematch" if lost else "btn.play_again", language)


def lines(*parts: Html | None) -> Html:
    """Html parts joined by newlines, skipping the empty ones."""
    return Html("\n".join(part for part in parts if part))


def score_text(answer: Score, language: str = SOURCE_LANGUAGE) -> Html:
    """A score as '1🐂 2🐄'."""
    return t("score", language, bulls=answer.bulls, cows=answer.cows)


def decimal_text(value: float, places: int, language: str = SOURCE_LANGUAGE) -> Html:
    """A number with `places` decimals as the language writes it: '2.8' in English, '2,8' in Russian."""
    return Html(f"{value:.{places}f}".replace(".", _decimal_symbol(CATALOGUES.supported(language))))


@lru_cache(maxsize=64)
def _decimal_symbol(language: str) -> str:
    """The language's decimal mark (Babel looks it up anew on every call: a coached move asks several times)."""
    from babel.numbers import get_decimal_symbol

    return str(get_decimal_symbol(babel_locale(language)))


@lru_cache(maxsize=64)
def babel_locale(language: str) -> str:
    """The locale Babel formats numbers and dates of `language` in: its own where Babel knows it, else the source
    language's (a catalogue may be named with a code Babel has no data for, and must not break a reply for it)."""
    from babel import localedata

    return language if localedata.exists(language) else SOURCE_LANGUAGE


def duration_text(elapsed: timedelta, language: str = SOURCE_LANGUAGE) -> Html:
    """A duration as '45s', '2m 13s' or '1h 5m'."""
    seconds = max(0, int(elapsed.total_seconds()))
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return t("dur.hours", language, h=hours, m=minutes)
    if minutes:
        return t("dur.minutes", language, m=minutes, s=secs)
    return t("dur.seconds", language, s=secs)


def wait_text(wait: timedelta, language: str = SOURCE_LANGUAGE) -> Html:
    """A wait as '14 h 11 min' or '9 min' (minutes rounded up: never 'in 0 min')."""
    minutes = max(1, -(-int(wait.total_seconds()) // 60))
    hours, minutes = divmod(minutes, 60)
    if hours:
        return t("wait.hours", language, h=hours, m=minutes)
    return t("wait.minutes", language, m=minutes)


def date_text(day: str, language: str = SOURCE_LANGUAGE) -> Html:
    """A day ('2026-11-25') as the language writes it in a sentence: '25 November', '25 ноября'."""
    from babel.dates import format_date

    shown = format_date(date.fromisoformat(day), "d MMMM", locale=babel_locale(CATALOGUES.supported(language)))
    return Html(html.escape(shown, quote=False))


def variant_text(variant: Variant, language: str = SOURCE_LANGUAGE) -> Html:
    """The variant as a message names it ('I've picked a secret: 4 digits, no repeats'): a variant has one name, the
    same in every message as on every board and button (variant_name)."""
    return variant_name(variant, language)


# Mastermind's pegs: the symbol 0 is red, 1 yellow and so on; variants with repeats and at most this many symbols
# are played (and named) as colours. The digits stay what the player types.
PEGS = "🔴🟡🟢🔵🟣🟠🟤⚪"


def colourful(variant: Variant) -> bool:
    """Whether the variant is Mastermind's kind: repeats allowed and few enough symbols to show as colours."""
    return variant.repeats and variant.symbols <= len(PEGS)


def variant_name(variant: Variant, language: str = SOURCE_LANGUAGE) -> Html:
    """The variant's short name for titles, buttons and settings: '4 digits, no repeats', 'Mastermind 4×6
    (colours)'. Never the stored key ('classic', '5d10', '4r6z'), which is for the database and buttons' data."""
    n, top = variant.length, variant.symbols - 1
    if colourful(variant):
        base = t("name.colours", language, length=n, symbols=variant.symbols)
    elif variant.repeats:
        base = t("name.repeats", language, n=n) if top == 9 else t("name.repeats_range", language, n=n, top=top)
    else:
        base = t("name.distinct", language, n=n) if top == 9 else t("name.distinct_range", language, n=n, top=top)
    return base if variant.leading_zero else t("name.nozero", language, base=base)


def colours_text(code: str) -> str:
    """A colour variant's code as pegs: '0123' -> '🔴🟡🟢🔵' (a '_' for an unknown place stays a blank peg)."""
    return "".join(PEGS[int(ch)] if ch.isdigit() else "⬜" for ch in code)


def code_text(variant: Variant, code: str, tag: bool = True) -> Html:
    """A code as shown in a game: '<code>0123</code>' (without the tag inside a bold text), followed by its pegs
    in a colour variant."""
    shown = html.escape(code, quote=False)
    shown = f"<code>{shown}</code>" if tag else shown
    return Html(f"{shown} {colours_text(code)}" if colourful(variant) else shown)


def palette(variant: Variant) -> Html:
    """Which digit is which colour, for a colour variant ('0🔴 1🟡 …'); empty for digits."""
    if not colourful(variant):
        return Html("")
    return Html(" ".join(f"{d}{PEGS[d]}" for d in range(variant.symbols)))


def plain(text: str) -> str:
    """HTML text as plain text for the console: tags dropped, entities decoded."""
    import re

    return html.unescape(re.sub(r"<[^>]+>", "", text))


def example(variant: Variant) -> str:
    """A code of the variant to show in examples ('1234'), without building the variant's code table."""
    return "".join(str((i + 1) % variant.symbols) for i in range(variant.length))


class Named(Protocol):
    """A player: who (by user id) and the name shown."""

    @property
    def user_id(self) -> int: ...
    @property
    def name(self) -> str: ...


def mention(player: Named) -> Html:
    """The player's name as a link that notifies them (the name escaped once, here)."""
    return Html(f'<a href="tg://user?id={player.user_id}">{html.escape(player.name, quote=False)}</a>')
