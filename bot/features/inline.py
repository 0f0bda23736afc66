"""Inline mode: what typing @bot in any chat offers the user (their daily, invitations, their stats card)."""

from __future__ import annotations

from bot.features import matches
from bot.models.who import Who
from bot.replies import Article, Offers
from bot.services import daily, ratings, stats
from bot.services.deps import Deps
from bot.services.links import valid_for
from bot.views import inline as inline_view
from bot.views import rating as rating_view

# Results change after every game, and Telegram shows them without asking again for this long: keep it short.
CACHE_SECONDS = 30


class Inline:
    """Builds the results offered to an inline query from the player's daily, stats and user id."""

    def __init__(self, deps: Deps) -> None:
        self.deps = deps

    async def offers(self, who: Who, lang: str, query: str) -> Offers:
        """The results for `who`, those whose title contains the typed words first (all of them when none does)."""
        bot = who.bot_username
        if not bot:  # no link can be made without the bot's username (Telegram always gives it)
            return Offers((), CACHE_SECONDS)
        found = await daily.today(self.deps, who.user_id)
        day = daily.day_of(self.deps.clock())
        articles = [
            inline_view.daily_result(lang, found.day, found.game, bot)
            if isinstance(found, daily.Done)
            else inline_view.daily_invitation(lang, day, bot),
            inline_view.race_me(lang, who.name, inline_view.bot_link(bot, matches.RACE_PAYLOAD, group=True)),
            inline_view.duel_me(lang, who.name, inline_view.bot_link(bot, self._duel_me(who))),
            await self._stats_card(who, lang, inline_view.bot_link(bot, "play")),
        ]  # fmt: skip
        return Offers(_matching(articles, query), CACHE_SECONDS)

    def _duel_me(self, who: Who) -> str:
        """The payload of the player's signed "duel me" link."""
        expires = valid_for(self.deps.clock(), matches.DUEL_ME_SECONDS)
        return self.deps.links.payload(matches.DUEL_ME_PAYLOAD, who.user_id, expires)

    async def _stats_card(self, who: Who, lang: str, link: str) -> Article:
        """The player's stats card in their usual variant, with their rating in its family when they have one."""
        record = await stats.player_stats(self.deps, who.user_id, await stats.usual_variant(self.deps, who.user_id))
        rating = rating_view.stats_line(lang, await ratings.player_rating(self.deps, who.user_id, record.variant))
        return inline_view.stats_card(lang, record, who.name, link, rating)


def _matching(articles: list[Article], query: str) -> tuple[Article, ...]:
    """The articles whose title contains the query (or whose kind it names, in any language: 'daily' picks the daily
    result or invitation, as a Share button types it), or all of them when the query picks none out."""
    words = query.casefold().split()
    kinds = {"daily": ("daily:", "invite:")}

    def picked_by(article: Article, word: str) -> bool:
        return word in article.title.casefold() or article.id.startswith(kinds.get(word, (f"{word}:",)))

    picked = [a for a in articles if words and all(picked_by(a, w) for w in words)]
    return tuple(picked or articles)
