"""The daily tab: today's challenge (to start, under way, or done with its spoiler-free result to share), the daily
streak, the player's record and their achievements, in the words the chat uses."""

from __future__ import annotations

from bot import achievements as achievements_feature
from bot import records
from bot.daily import board as challenge
from bot.daily import service as daily
from bot.days import day_of, until_next
from bot.page import schema
from bot.situation import Situation
from bot.texts import date_text, plain, t, wait_text


async def daily_data(s: Situation) -> schema.DailyTab:
    """Where today's challenge stands for the player, their daily streak and their record in the chat's variant."""
    deps, who, language = s.deps, s.who, s.language
    now = deps.clock()
    found = await daily.today(deps, who.user_id)
    day = found.day if found is not None else day_of(now)
    status: schema.DailyStatus = "none" if found is None else "running" if isinstance(found, daily.Running) else "done"
    share = None
    if isinstance(found, daily.Done):
        share = plain(challenge.share_text(language, found.day, found.game, who.bot_username))
    variant = s.settings.variant.name
    record = await records.player_stats(deps, who.user_id, variant)
    streak = records.daily_streak(language, await daily.streak(deps, who.user_id))
    return schema.DailyTab(
        title=plain(t("app.daily.title", language, day=date_text(day, language))),
        status=status,
        share=share,
        share_query=challenge.SHARE_QUERY,
        next=plain(t("daily.next", language, wait=wait_text(until_next(now), language))),
        streak=plain(streak) if streak else None,
        stats=schema.Stats(
            title=plain(t("app.stats.title", language, variant=records.variant_label(variant, language))),
            lines=[plain(line) for line in records.summary_lines(language, record)] if record.games else [],
        ),
        achievements=shelf_data(language, await achievements_feature.shelf(deps, who.user_id)),
    )


def shelf_data(language: str, shelf: achievements_feature.Shelf) -> schema.Shelf:
    """The player's achievements as the page draws them (the shelf /stats shows): its title, and each one's name,
    whether it is held and its mark for that, what earns it (held or not) and how rare it is, in the order /stats
    lists them."""
    return schema.Shelf(
        title=plain(achievements_feature.shelf_title(language, shelf)),
        items=[
            schema.Award(
                name=plain(achievements_feature.name(language, item)),
                held=item.held,
                mark=achievements_feature.mark(item),
                how=plain(achievements_feature.how(language, item)),
                rarity=plain(achievements_feature.rarity_text(language, item.rarity)),
            )
            for item in achievements_feature.ordered(shelf)
        ],
    )
