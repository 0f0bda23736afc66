"""The page's Stats tab (GET /api/stats[?variant=<name>]): the player's record in a variant as /stats says it, their
guess distribution (the one /stats draws in text bars: `player_stats`), the accuracy of their last reviewed games of
the variant (as the reviews keep it: `review.accuracy_trend`) and their ratings over time in the variant's family
(matches, ranked games, puzzles: each feature's rating history; a rating is a family's, not a variant's). The variant
is the chat's, or one the player picks among those they have played (as /stats's buttons offer them); any other name
is refused (schema.BadBody: 400). A read of the page, listed by the register; the page draws it as SVG (stats.js)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from bot import puzzles, ranked, review
from bot.page import schema
from bot.records.board import summary_lines, variant_label
from bot.records.rating import Family, family_of_name
from bot.records.stats import player_stats, rating_history
from bot.situation import Situation
from bot.texts import decimal_text, plain, t
from bot.who import Who

if TYPE_CHECKING:
    from bot.core import Core

HISTORY = 50  # rated games a rating's line looks back on


async def tab(core: Core, who: Who, query: Mapping[str, str]) -> schema.StatsTab:
    """GET /api/stats: the player's progress, theirs only (the initData's user; the query names nobody), in the
    variant the query names (`schema.StatsQuery`), else the chat's. BadBody when the query is not one."""
    asked = schema.query(query, schema.StatsQuery).variant
    return await core.read(who, lambda s: stats_data(s, asked))


async def stats_data(s: Situation, asked: str | None = None) -> schema.StatsTab:
    """The Stats tab as it stands for the player, in the variant `asked` (a stored name), else the chat's; BadBody
    when `asked` is not one the tab offers (`offered`)."""
    deps, who, language = s.deps, s.who, s.language
    current = s.settings.variant.name
    variant = asked or current
    record = await player_stats(deps, who.user_id, variant)  # the asker's own rows: refused below if not offered
    variants = offered(record.variants, current)
    if variant not in variants:
        raise schema.BadBody("a variant the Stats tab does not offer the player")
    accuracy = await review.accuracy_trend(deps, who.user_id, variant=variant)
    family = family_of_name(variant)
    ratings = await _ratings(s, family)
    spread = record.distribution
    bars = [
        schema.GuessBar(guesses=guesses, count=spread.get(guesses, 0))
        for guesses in (range(min(spread), max(spread) + 1) if spread else ())
    ]
    clean = sum(spread.values())
    choice = len(variants) > 1
    nothing = record.games == 0 and not accuracy and not ratings and not choice
    return schema.StatsTab(
        title=plain(t("app.progress.title", language, variant=variant_label(variant, language))),
        empty=plain(t("app.progress.empty", language)) if nothing else None,
        variant=variant,
        variant_title=plain(t("app.progress.variant", language)),
        variants=[schema.VariantChoice(name=name, label=plain(variant_label(name, language))) for name in variants],
        record=schema.Stats(
            title=plain(t("app.stats.title", language, variant=variant_label(variant, language))),
            lines=[plain(line) for line in summary_lines(language, record)] if record.games else [],
        ),
        distribution_title=plain(t("app.progress.distribution", language)),
        distribution=bars,
        distribution_note=plain(
            t("app.progress.distribution.note", language, n=clean)
            if clean
            else t("app.progress.distribution.none", language)
        ),
        accuracy_title=plain(t("app.progress.accuracy", language)),
        accuracy=[round(value, 1) for value in accuracy],
        accuracy_note=plain(
            t(
                "app.progress.accuracy.note",
                language,
                n=len(accuracy),
                average=decimal_text(sum(accuracy) / len(accuracy), 1, language),
            )
            if accuracy
            else t("app.progress.accuracy.variant.none" if choice else "app.progress.accuracy.none", language)
        ),
        ratings_title=plain(t("app.progress.ratings", language)),
        ratings=ratings,
        ratings_note=plain(t("app.progress.ratings.note" if ratings else "app.progress.ratings.none", language)),
        ratings_family=plain(t(f"app.progress.ratings.{family.value}", language)) if choice else None,
    )


def offered(played: Sequence[str], current: str) -> tuple[str, ...]:
    """The variants the tab offers: those the player has played (most played first, as /stats's buttons), and the
    chat's `current` first when they have not played it."""
    return tuple(played) if current in played else (current, *played)


async def _ratings(s: Situation, family: Family) -> list[schema.RatingSeries]:
    """Each rating the player has in the family, over their last rated games: matches, ranked games, puzzles."""
    deps, user_id, language = s.deps, s.who.user_id, s.language
    found = (
        ("app.progress.rating.matches", await rating_history(deps, user_id, family, HISTORY)),
        ("app.progress.rating.ranked", await ranked.rating_history(deps, user_id, family, HISTORY)),
        ("app.progress.rating.puzzles", await puzzles.rating_history(deps, user_id, family, HISTORY)),
    )
    return [
        schema.RatingSeries(
            name=plain(t(key, language)),
            values=list(values),
            latest=plain(t("app.progress.rating.latest", language, name=t(key, language), rating=values[-1])),
        )
        for key, values in found
        if values
    ]
