"""Inline mode: what typing @bot in any chat offers the user (their daily, invitations, their stats card)."""

from __future__ import annotations

from bot import daily as daily_feature
from bot import links, records
from bot.days import day_of
from bot.inline import results as inline_results
from bot.links import valid_for
from bot.replies import Article, Offers
from bot.routes import Feature
from bot.situation import Situation
from bot.who import Who

# Results change after every game, and Telegram shows them without asking again for this long: keep it short.
CACHE_SECONDS = 30


class Inline(Feature):
    """Builds the results offered to an inline query from the player's daily, stats and user id."""

    async def offers(self, s: Situation, query: str) -> Offers:
        """The results for `who`, those whose title contains the typed words first (all of them when none does)."""
        who, language = s.who, s.language
        bot = who.bot_username
        found = await daily_feature.today(self.deps, who.user_id)
        day = day_of(self.deps.clock())
        played = (
            inline_results.daily_result(language, found.day, found.game, bot)
            if isinstance(found, daily_feature.Done)
            else inline_results.daily_invitation(language, day, bot)
        )
        if not bot:  # no link without the bot's username (Telegram always gives it; the console has none): the daily,
            return Offers((played,), CACHE_SECONDS)  # without its button, is all that needs none
        articles = [
            played,
            inline_results.race_me(language, who.name, inline_results.bot_link(bot, links.RACE_ME, group=True)),
            inline_results.duel_me(language, who.name, inline_results.bot_link(bot, self._duel_me(who))),
            await self._stats_card(who, language, inline_results.bot_link(bot, "play")),
        ]  # fmt: skip
        return Offers(_matching(articles, query), CACHE_SECONDS)

    def _duel_me(self, who: Who) -> str:
        """The payload of the player's signed "duel me" link."""
        expires = valid_for(self.deps.clock(), links.DUEL_ME_SECONDS)
        return self.deps.links.payload(links.DUEL_ME, who.user_id, expires)

    async def _stats_card(self, who: Who, language: str, link: str) -> Article:
        """The player's stats card in their usual variant, with their rating in its family when they have one."""
        record = await records.player_stats(self.deps, who.user_id, await records.usual_variant(self.deps, who.user_id))
        rating = records.stats_line(language, await records.player_rating(self.deps, who.user_id, record.variant))
        return inline_results.stats_card(language, record, who.name, link, rating)


def _matching(articles: list[Article], query: str) -> tuple[Article, ...]:
    """The articles whose title contains the query (or whose kind it names, in any language: 'daily' picks the daily
    result or invitation, as a Share button types it), or all of them when the query picks none out."""
    words = query.casefold().split()
    kinds = {"daily": ("daily:", "invite:")}

    def picked_by(article: Article, word: str) -> bool:
        return word in article.title.casefold() or article.id.startswith(kinds.get(word, (f"{word}:",)))

    picked = [a for a in articles if words and all(picked_by(a, w) for w in words)]
    return tuple(picked or articles)
