"""Achievements in words: each one's name, what earns it and how rare it is; a player's shelf (in /stats, and on the
Mini App's daily tab); the line that announces a new one."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from bot.achievements.model import Award, Rarity, Shelf, Shelved
from bot.achievements.rules import FLAWLESS_LEAST_CODES, PUZZLE_RATING
from bot.replies import Outcome, Reply
from bot.texts import Html, babel_locale, lines, t

UNDER_ONE = 0.01  # a share shown as "under 1%" rather than rounded to 0%
HELD_MARK = "🏅"  # an achievement held, on the shelf
MISSING_MARK = "🔒"  # one not held yet: plain to see in the dark theme and the light one (a "▫️" was barely there)


def percent(rarity: Rarity) -> int | None:
    """The share of players who hold it, as the whole percent shown: None for none at all, 0 for under 1%, never 100
    while someone does not hold it.

    >>> percent(Rarity(0, 10)), percent(Rarity(1, 400)), percent(Rarity(3, 100)), percent(Rarity(199, 200))
    (None, 0, 3, 99)
    """
    if rarity.holders <= 0:
        return None
    if rarity.share < UNDER_ONE:
        return 0
    shown = round(rarity.share * 100)
    return min(shown, 99) if rarity.holders < rarity.players else shown


def rarity_text(language: str, rarity: Rarity) -> Html:
    """How rare it is, as a phrase: 'held by 3% of players', 'held by under 1% of players', 'held by no one yet'."""
    shown = percent(rarity)
    if shown is None:
        return t("ach.rarity.none", language)
    if shown == 0:
        return t("ach.rarity.under", language)
    return t("ach.rarity", language, percent=shown)


def _figures(language: str) -> dict[str, object]:
    """The rules' figures the names and descriptions quote, as the language writes numbers ('5,040', '5 040'): kept
    in bot/achievements/rules.py only."""
    from babel.numbers import format_decimal

    return {"rating": PUZZLE_RATING, "codes": format_decimal(FLAWLESS_LEAST_CODES, locale=babel_locale(language))}


def name(language: str, item: Shelved | Award) -> Html:
    """The achievement's name."""
    return t(f"ach.{item.achievement}", language, **_figures(language))


def how(language: str, item: Shelved | Award) -> Html:
    """What earns it, as a phrase."""
    return t(f"ach.{item.achievement}.how", language, **_figures(language))


def mark(item: Shelved) -> str:
    """The mark before it on the shelf: held, or not yet."""
    return HELD_MARK if item.held else MISSING_MARK


def shelf_title(language: str, shelf: Shelf) -> Html:
    """'🏅 Achievements: 2 of 6'."""
    return t("ach.title", language, held=shelf.held, total=len(shelf.items))


def shelf_line(language: str, item: Shelved) -> Html:
    """One achievement of a shelf: its mark, its name (bold when held), what earns it and how rare it is."""
    fields = {"mark": mark(item), "name": name(language, item), "how": how(language, item)}
    return t("ach.held" if item.held else "ach.missing", language, rarity=rarity_text(language, item.rarity), **fields)


def ordered(found: Shelf) -> list[Shelved]:
    """The shelf's achievements as they are shown: the ones held first, each part in the catalogue's order."""
    return sorted(found.items, key=lambda item: not item.held)


def shelf(language: str, found: Shelf) -> Html:
    """The shelf as /stats shows it: its title, then a line an achievement (`ordered`)."""
    return lines(shelf_title(language, found), *(shelf_line(language, item) for item in ordered(found)))


def announcement(language: str, earned: Sequence[tuple[Award, Rarity]], names: dict[int, str] | None = None) -> Html:
    """The lines that announce new achievements: to their holder ('New achievement: …'), or, with `names` (a group
    sees it), naming each holder."""
    said = []
    for award, rarity in earned:
        fields = {"name": name(language, award), "how": how(language, award), "rarity": rarity_text(language, rarity)}
        if names is None:
            said.append(t("ach.earned", language, **fields))
        else:
            holder = names.get(award.user_id) or t("top.someone", language, id=award.user_id)
            said.append(t("ach.earned.by", language, player=holder, **fields))
    return lines(*said)


def announced(outcome: Outcome, text: Html, chat_id: int | None = None, here: bool = True) -> Outcome:
    """The outcome with the announcement as a message of its own after its replies: in the update's chat (`here`,
    which the page shows too), or in `chat_id`."""
    reply = Reply(text) if here else Reply(text, chat_id=chat_id)
    said = outcome.then(reply)
    if not here:
        return said
    return replace(said, account=replace(said.account, achieved=(*said.account.achieved, text)))
