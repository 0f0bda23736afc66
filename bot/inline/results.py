"""Results offered in inline mode (@bot in any chat): the daily result or an invitation to it, "race me" and
"duel me" invitations, and a stats card. Every button is a link: the message lands in a chat the bot may not
be in, so only t.me deep links can start anything from it."""

from __future__ import annotations

from bot import daily as daily_feature
from bot import records as records_feature
from bot.games.model import Game
from bot.replies import Article, Button
from bot.texts import Html, lines, plain, t


def bot_link(bot_username: str, payload: str, group: bool = False) -> str:
    """A t.me link that opens the bot with `payload`: in a private chat, or (group) added to a chosen group."""
    return f"https://t.me/{bot_username}?{'startgroup' if group else 'start'}={payload}"


def daily_result(language: str, day: str, game: Game, bot_username: str | None) -> Article:
    """The player's finished daily as its spoiler-free grid, with a button to play the day's challenge."""
    text = daily_feature.share_text(language, day, game, bot_username)
    return Article(
        id=f"daily:{day}",
        title=plain(t("inline.daily.title", language)),
        description=plain(daily_feature.share_head(language, day, game)),
        text=text,
        buttons=_link(t("daily.btn.open", language), daily_feature.deep_link(bot_username)),
    )


def daily_invitation(language: str, day: str, bot_username: str | None) -> Article:
    """An invitation to today's daily, for a player who has not finished it."""
    return Article(
        id=f"invite:{day}",
        title=plain(t("inline.invite.title", language)),
        description=plain(t("inline.invite.description", language)),
        text=t("inline.invite.text", language, day=day),
        buttons=_link(t("daily.btn.open", language), daily_feature.deep_link(bot_username)),
    )


def race_me(language: str, name: str, link: str) -> Article:
    """A race invitation: its button adds the bot to a group, where a race starts at once."""
    return _invitation("race", language, name, link)


def duel_me(language: str, name: str, link: str) -> Article:
    """A duel invitation: its button opens a private chat with the bot and a duel against the inviter."""
    return _invitation("duel", language, name, link)


def _invitation(kind: str, language: str, name: str, link: str) -> Article:
    """A "race me" or "duel me" invitation from `name`, its texts the inline.<kind>.* keys."""
    return Article(
        id=kind,
        title=plain(t(f"inline.{kind}.title", language)),
        description=plain(t(f"inline.{kind}.description", language)),
        text=t(f"inline.{kind}.text", language, name=name),
        buttons=_link(t(f"inline.btn.{kind}", language), link),
    )


def stats_card(
    language: str, record: records_feature.PlayerStats, name: str, link: str, rating: Html | None = None
) -> Article:
    """The /stats summary in a few lines (no bars), with the player's `rating` line (bot/records/rankings.py) when
    they are rated, to show off in any chat."""
    body = records_feature.summary(language, record) if record.games else t("inline.stats.none", language)
    description = t("stats.games", language, games=record.games, wins=record.wins, clean=record.clean)
    return Article(
        id=f"stats:{record.variant}"[:64],
        title=plain(t("inline.stats.title", language)),
        description=plain(description if record.games else body),
        text=lines(records_feature.stats_title(language, record, name), body, rating),
        buttons=_link(t("inline.btn.play", language), link),
    )


def _link(label: Html, url: str | None) -> tuple[tuple[Button, ...], ...]:
    return ((Button(label, url=url),),) if url else ()
