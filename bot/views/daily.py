"""Replies for the daily challenge: the start, the shareable result grid, the day's leaderboard, the group link."""

from __future__ import annotations

from datetime import timedelta

from bot import callbacks as cb
from bot.models.game import Game
from bot.replies import Button, Outcome, Reply
from bot.services.daily import DailyLine, grid_row
from bot.texts import Html, duration_text, lines, t, variant_text
from bot.views.stats import MEDALS, display_name


def deep_link(bot_username: str | None) -> str | None:
    """The link that opens the private chat and starts the daily challenge."""
    return f"https://t.me/{bot_username}?start=daily" if bot_username else None


def started(language: str, day: str, game: Game) -> Outcome:
    """Today's challenge is on."""
    return Outcome.text(t("daily.started", language, day=day, variant=variant_text(game.variant, language)))


def running(language: str, game: Game) -> Outcome:
    """The player's challenge of the day is still open."""
    return Outcome.text(t("daily.running", language, n=len(game.turns)))


def busy(language: str) -> Outcome:
    """Another game is running in this chat."""
    return Outcome.text(t("daily.busy", language))


def in_private(language: str, bot_username: str | None) -> Outcome:
    """In a group: a button that opens the private chat with the challenge."""
    link = deep_link(bot_username)
    buttons = ((Button(t("daily.btn.open", language), "", url=link),),) if link else ()
    return Outcome.text(t("daily.private", language), buttons)


def share_text(language: str, day: str, game: Game, bot_username: str | None = None) -> Html:
    """The spoiler-free result: the day, how it went, then one emoji row per guess; no digit of the secret."""
    guesses = len(game.turns)
    elapsed = (game.finished_at or game.started_at) - game.started_at
    if game.status == "won":
        head = t("daily.share.won", language, day=day, n=guesses, duration=duration_text(elapsed, language))
    elif game.status == "gave_up":
        head = t("daily.share.gave_up", language, day=day, n=guesses)
    else:
        head = t("daily.share.unfinished", language, day=day, n=guesses)
    length = game.variant.length
    rows = [grid_row(turn.answer, length) for turn in game.turns]
    link = deep_link(bot_username)
    return lines(
        head,
        t("daily.share.hints", language, hints=len(game.hints)) if game.hinted else None,
        Html("\n".join(rows)),
        t("daily.share.link", language, link=link) if link else None,
    )


def board_button(language: str, day: str) -> Button:
    """The button that shows the day's leaderboard in a new message."""
    return Button(t("daily.btn.top", language), cb.encode(cb.DAILY, "t", day.replace("-", "")))


def result(language: str, day: str, game: Game, bot_username: str | None, again: bool = False) -> Outcome:
    """The player's result of the day, ready to forward, with the leaderboard button."""
    share = Reply(share_text(language, day, game, bot_username), ((board_button(language, day),),))
    if again:
        return Outcome.say(Reply(t("daily.again", language)), share)
    return Outcome.say(share)


def with_result(outcome: Outcome, language: str, day: str, game: Game, bot_username: str | None) -> Outcome:
    """A finished move's replies followed by the shareable result."""
    return Outcome(outcome.replies + result(language, day, game, bot_username).replies, outcome.toast)


def board(language: str, day: str, entries: tuple[DailyLine, ...], edit: bool = False) -> Outcome:
    """The day's leaderboard: clean solvers by guesses, then time; a refresh button edits it in place."""
    body = (
        lines(
            *(
                t(
                    "daily.top.line",
                    language,
                    place=MEDALS.get(e.place, f"{e.place}."),
                    name=display_name(language, e.name, e.entry.user_id),
                    n=e.entry.guesses,
                    duration=duration_text(timedelta(seconds=e.entry.seconds), language),
                )
                for e in entries
            )
        )
        if entries
        else t("daily.top.empty", language)
    )
    refresh = Button(t("daily.btn.refresh", language), cb.encode(cb.DAILY, "r", day.replace("-", "")))
    return Outcome.say(Reply(lines(t("daily.top.title", language, day=day), body), ((refresh,),), edit_origin=edit))
