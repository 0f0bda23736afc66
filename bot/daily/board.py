"""Replies for the daily challenge: the start, its board, the warnings before it is spoiled or ended, the
shareable result grid with the time to the next one, the day's leaderboard, the group link."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

from bot import callback_data as cb
from bot import play, records
from bot import review as review_feature
from bot.boards import chat as chat_board
from bot.boards.model import Choice, Does
from bot.daily.service import Challenge, DailyLine, DailyStarted, Done, Expired, Running, grid_row
from bot.games.model import Game, Mode
from bot.games.status import Status
from bot.messages import asked, confirm_abandon_for_daily, mode_choices
from bot.replies import Account, Button, Did, Outcome, Placement, Reply
from bot.texts import Html, date_text, duration_text, lines, t, variant_text, wait_text
from engine.variant import Variant

SHARE_QUERY = "daily"  # what a Share button types after '@bot' in the chat picked: it offers the daily result


def deep_link(bot_username: str | None) -> str | None:
    """The link that opens the private chat and starts the daily challenge."""
    return f"https://t.me/{bot_username}?start=daily" if bot_username else None


def title(language: str, day: str) -> Html:
    """The daily's board title: '📅 Daily challenge · 25 November'."""
    return t("daily.board.title", language, day=date_text(day, language))


def started(language: str, day: str, game: Game) -> Outcome:
    """Today's challenge is on."""
    variant = variant_text(game.variant, language)
    text = t("daily.started", language, day=date_text(day, language), variant=variant)
    shown = play.referee_board(language, game, title=title(language, day))
    return Outcome.say(Reply(text), account=Account(Did.MADE, notice=text, boards=(shown,)))


def running(language: str, day: str, game: Game) -> Outcome:
    """The player's challenge of the day is still open: its board again, anew, with every guess so far."""
    said = t("daily.running", language)
    shown = play.referee_board(language, game, title=title(language, day), notices=(said,))
    placed = Placement(game.id, in_place=False, tidy=play.tidy(language, game))
    return Outcome.say(chat_board.reply(shown, placed), account=Account(Did.SHOWN, notice=said, boards=(shown,)))


def scored(language: str, day: str, result: play.Scored) -> Outcome:
    """The daily's board after a guess: every guess so far, no coaching."""
    return play.scored(language, result, title=title(language, day), daily=True)


def hinted(language: str, day: str, hint: play.Hint | None, asked: Html) -> Outcome:
    """The warning answered (its buttons gone), then the board with the digit revealed."""
    shown = play.hinted(language, hint, daily=True, title=title(language, day))
    return replace(shown, replies=(_answered(asked), *shown.replies))


def ended(language: str, day: str, today: str, ending: play.Finished, asked: Html, bot_username: str | None) -> Outcome:
    """The warning answered, then the board with the code shown to the player who gave up or stopped: today's code
    comes with a request to keep it to themselves (everyone plays it until 00:00 UTC); then the result to share."""
    game = ending.game
    note = t("daily.secret", language) if day == today else None
    finished = play.ending(language, ending, note)
    review = ((review_feature.game_choice(language, game.id),),) if game.turns else ()
    choices = (*review, *mode_choices(language))
    shown = play.referee_board(language, game, title=title(language, day), ending=finished, choices=choices)
    placed = Placement(game.id, in_place=False, tidy=play.tidy(language, game))
    return Outcome.say(_answered(asked), chat_board.reply(shown, placed), account=Account(Did.MADE, boards=(shown,)))


def expired(language: str, ended: Expired) -> Outcome:
    """A daily challenge left running past its day, ended with it: how it ended and its code (the day is over for
    everyone), with its review, which is open now."""
    game = ended.game
    day = date_text(ended.day, language)
    if not game.turns:
        text = t("daily.expired.none", language, day=day, secret=game.secret or "")
        return Outcome.say(Reply(text), account=Account(Did.MADE, notice=text))
    text = t("daily.expired", language, day=day, n=len(game.turns), secret=game.secret or "")
    review = Button(t("btn.review", language), review_feature.game_choice(language, game.id).data)
    return Outcome.say(Reply(text, ((review,),)), account=Account(Did.MADE, notice=text))


def _answered(asked: Html) -> Reply:
    """A warning as it reads once answered: the question, without its buttons."""
    return Reply(asked, (), edit_origin=True)


def answered(language: str, found: Challenge, bot_username: str | None, wait: timedelta) -> Outcome:
    """/daily's answer: today's challenge begun, still on, or played (its result); with another game running, the
    question before abandoning it, as before any new game."""
    match found:
        case DailyStarted(day, game):
            return started(language, day, game)
        case Running(day, game):
            return running(language, day, game)
        case Done(day, game):
            return result(language, day, game, bot_username, wait, again=True)
    return confirm_abandon_for_daily(language, found.game)


def in_private(language: str, bot_username: str | None) -> Outcome:
    """In a group: a button that opens the private chat with the challenge."""
    link = deep_link(bot_username)
    buttons = ((Button(t("daily.btn.open", language), "", url=link),),) if link else ()
    return Outcome.text(t("daily.private", language), buttons)


# --- the warnings ------------------------------------------------------------------------------------------------


def hint_warning(language: str) -> Html:
    """What a hint costs in the daily."""
    return t("daily.confirm.hint", language)


def give_up_warning(language: str, wait: timedelta) -> Html:
    """What giving up the daily costs."""
    return t("daily.confirm.giveup", language, wait=wait_text(wait, language))


def stop_warning(language: str, wait: timedelta) -> Html:
    """What stopping the daily (/cancel) costs."""
    return t("daily.confirm.cancel", language, wait=wait_text(wait, language))


def leave_warning(language: str, game: Game) -> Html:
    """What leaving the daily for a new game costs."""
    moves = t("daily.progress", language, n=len(game.turns)) if game.turns else t("daily.progress.none", language)
    return t("daily.confirm.leave", language, progress=moves)


def confirm(language: str, question: Html, game: Game, action: str, label: str) -> Outcome:
    """A warning with 'yes' (the game button `action`) and 'no, keep playing'."""
    yes = Choice(t(label, language), cb.game_button(action, game.id, game.revision), _DOES[action])
    return asked(question, (yes, _keep(language, game)))


def confirm_leave(language: str, game: Game, mode: Mode, variant: Variant | None) -> Outcome:
    """The warning before a new game abandons today's challenge; 'yes' starts it as the abandon prompt's does."""
    extra = (variant.name,) if variant else ()
    data = cb.game_button(cb.CONFIRM, game.id, game.revision, cb.mode_field(mode), *extra)
    yes = Choice(t("daily.btn.leave", language), data, Does.CONFIRM)
    return asked(leave_warning(language, game), (yes, _keep(language, game)))


def confirm_leave_for_versus(language: str, game: Game, variant: Variant) -> Outcome:
    """The warning before a versus game abandons today's challenge; 'yes' starts it as /versus's question does."""
    data = cb.game_button(cb.CONFIRM, game.id, game.revision, cb.CONFIRM_VERSUS, variant.name)
    yes = Choice(t("daily.btn.leave", language), data, Does.CONFIRM)
    return asked(leave_warning(language, game), (yes, _keep(language, game)))


_DOES = {cb.HINT: Does.HINT, cb.GIVE_UP: Does.GIVE_UP, cb.STOP_DAILY: Does.STOP}


def _keep(language: str, game: Game) -> Choice:
    return Choice(t("btn.keep", language), cb.game_button(cb.KEEP, game.id, game.revision), Does.KEEP)


# --- the result -------------------------------------------------------------------------------------------------


def share_text(language: str, day: str, game: Game, bot_username: str | None = None) -> Html:
    """The spoiler-free result: the day, how it went, then one emoji row per guess; no digit of the secret."""
    length = game.variant.length
    rows = [grid_row(turn.answer, length) for turn in game.turns]
    link = deep_link(bot_username)
    return lines(
        share_head(language, day, game),
        t("daily.share.hints", language, hints=len(game.hints)) if game.hinted else None,
        Html("\n".join(rows)),
        t("daily.share.link", language, link=link) if link else None,
    )


def share_head(language: str, day: str, game: Game) -> Html:
    """The result's first line: the day and how it went (in how many guesses, how long)."""
    guesses = len(game.turns)
    elapsed = (game.finished_at or game.started_at) - game.started_at
    shown = date_text(day, language)
    if game.status == Status.WON:
        return t("daily.share.won", language, day=shown, n=guesses, duration=duration_text(elapsed, language))
    if game.status == Status.GAVE_UP:
        return t("daily.share.gave_up", language, day=shown, n=guesses)
    return t("daily.share.unfinished", language, day=shown, n=guesses)


def leaderboard_button(language: str, day: str) -> Button:
    """The button that shows the day's leaderboard in a new message."""
    return Button(t("daily.btn.top", language), cb.encode(cb.DAILY, "t", day.replace("-", "")))


def share_button(language: str) -> Button:
    """The button that picks any chat and offers the daily result there (inline mode)."""
    return Button(t("daily.btn.share", language), share=SHARE_QUERY)


def result(
    language: str, day: str, game: Game, bot_username: str | None, wait: timedelta, again: bool = False
) -> Outcome:
    """The player's result of the day, ready to forward, with the time to the next one, the leaderboard and
    Share buttons."""
    buttons = ((leaderboard_button(language, day), share_button(language)),)
    shared = share_text(language, day, game, bot_username)
    share = Reply(shared, buttons)
    if again:  # asked for again: nothing changed, and the notice says so with the result
        said = t("daily.again", language, wait=wait_text(wait, language))
        return Outcome.say(Reply(said), share, account=Account(notice=lines(said, shared)))
    return Outcome.say(share, Reply(t("daily.next", language, wait=wait_text(wait, language))))


def with_result(
    outcome: Outcome, language: str, day: str, game: Game, bot_username: str | None, wait: timedelta
) -> Outcome:
    """A finished move's replies followed by the shareable result."""
    return outcome.then(*result(language, day, game, bot_username, wait).replies)


def leaderboard(language: str, day: str, entries: tuple[DailyLine, ...], edit: bool = False) -> Outcome:
    """The day's leaderboard: clean solvers by guesses, then time; a refresh button edits it in place."""
    body = (
        lines(
            *(
                t(
                    "daily.top.line",
                    language,
                    place=records.MEDALS.get(e.place, f"{e.place}."),
                    name=records.display_name(language, e.name, e.entry.user_id),
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
    heading = t("daily.top.title", language, day=date_text(day, language))
    return Outcome.say(Reply(lines(heading, body), ((refresh,),), edit_origin=edit))
