"""The page's Stats tab (GET /api/stats): the player's record in the chat's variant as /stats says it, their guess
distribution (the one /stats draws in text bars: `player_stats`), the accuracy of their last reviewed games (as the
reviews keep it: `review.accuracy_trend`) and their ratings over time (matches, ranked games, puzzles: each
feature's rating history). A read of the page, listed by the register; the page draws it as SVG (stats.js)."""

from __future__ import annotations

from collections.abc import Mapping
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
    """GET /api/stats: the player's progress, theirs only (the initData's user; the query names nobody)."""
    return await core.read(who, stats_data)


async def stats_data(s: Situation) -> schema.StatsTab:
    """The Stats tab as it stands for the player, in the chat's variant."""
    deps, who, language = s.deps, s.who, s.language
    variant = s.settings.variant.name
    record = await player_stats(deps, who.user_id, variant)
    accuracy = await review.accuracy_trend(deps, who.user_id)
    ratings = await _ratings(s, family_of_name(variant))
    spread = record.distribution
    bars = [
        schema.GuessBar(guesses=guesses, count=spread.get(guesses, 0))
        for guesses in (range(min(spread), max(spread) + 1) if spread else ())
    ]
    clean = sum(spread.values())
    nothing = record.games == 0 and not accuracy and not ratings
    return schema.StatsTab(
        title=plain(t("app.progress.title", language, variant=variant_label(variant, language))),
        empty=plain(t("app.progress.empty", language)) if nothing else None,
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
            else t("app.progress.accuracy.none", language)
        ),
        ratings_title=plain(t("app.progress.ratings", language)),
        ratings=ratings,
        ratings_note=plain(t("app.progress.ratings.note" if ratings else "app.progress.ratings.none", language)),
    )


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
