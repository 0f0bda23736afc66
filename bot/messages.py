"""Replies shared by the features: welcome, rules, confirmations, the group note, why a match does not start."""

from __future__ import annotations

from dataclasses import replace

from bot import callback_data as cb
from bot.boards import chat as chat_board
from bot.boards.model import Choice, Choices, Does
from bot.games.model import Game, Mode
from bot.matches.model import Match, MatchKind
from bot.matches.service import AlreadyOn, Crowded
from bot.parsing.variants import suggestions
from bot.refusal import Refusal
from bot.replies import Account, Button, Did, Keyboard, Outcome, Reply
from bot.texts import Html, example, lines, t, variant_text
from engine.variant import Variant


def mode_choices(language: str, variant: Variant | None = None) -> Choices:
    """'I guess' and 'You guess': the choices that start a game (in `variant`, else the chat's)."""
    extra = (variant.name,) if variant else ()
    return (
        (
            Choice(t("btn.play", language), cb.encode(cb.NEW, cb.REFEREE, *extra), Does.NEW),
            Choice(t("btn.think", language), cb.encode(cb.NEW, cb.GUESSER, *extra), Does.NEW),
        ),
    )


def mode_buttons(language: str, variant: Variant | None = None) -> Keyboard:
    """'I guess' and 'You guess' buttons that start a game."""
    return chat_board.keyboard(mode_choices(language, variant))


def again_choices(language: str, game: Game) -> Choices:
    """Under a finished game: '🔁 Same again' (its mode, variant and settings), then both modes in its variant."""
    again = Choice(t("btn.again", language), cb.encode(cb.AGAIN, game.id), Does.AGAIN)
    return ((again,), *mode_choices(language, game.variant))


def again_buttons(language: str, game: Game) -> Keyboard:
    """Under a finished game: '🔁 Same again' (its mode, variant and settings), then both modes in its variant."""
    return chat_board.keyboard(again_choices(language, game))


def welcome(language: str, variant: Variant) -> Outcome:
    """The /start message with buttons for both modes, settings and rules."""
    keyboard = (
        *mode_buttons(language),
        (Button(t("daily.btn.play", language), cb.encode(cb.DAILY, "p")),),  # today's challenge: one a day
        (
            Button(t("btn.settings", language), cb.encode(cb.SETTINGS)),
            Button(t("btn.rules", language), cb.encode(cb.RULES)),
        ),
    )
    return Outcome.text(t("welcome", language, variant=variant_text(variant, language)), keyboard)


def rules(language: str, variant: Variant, private: bool = True) -> Outcome:
    """The rules, short; in a private chat they end with the buttons that start a game in its variant."""
    said = t("rules", language, variant=variant_text(variant, language))
    return Outcome.text(said, mode_buttons(language, variant) if private else ())


def confirm_abandon(language: str, running: Game, mode: Mode, variant: Variant | None) -> Outcome:
    """Ask before abandoning the running game for a new one."""
    return _confirm_abandon(language, running, cb.mode_field(mode), variant)


def confirm_abandon_for_versus(language: str, running: Game, variant: Variant) -> Outcome:
    """Ask before abandoning the running game for a versus game, as before any new game (Yes / No)."""
    return _confirm_abandon(language, running, cb.CONFIRM_VERSUS, variant)


def confirm_abandon_for_daily(language: str, running: Game) -> Outcome:
    """Ask before abandoning the running game for today's challenge, as before any new game (Yes / No)."""
    return _confirm_abandon(language, running, cb.CONFIRM_DAILY, None)


def _confirm_abandon(language: str, running: Game, new_mode: str, variant: Variant | None) -> Outcome:
    """The question before abandoning the running game; its Yes button starts `new_mode` ('r', 'g' or versus)."""
    if running.mode == Mode.GUESSER:  # the guess of mine waiting for an answer
        progress = t("progress.guesser", language, n=len(running.turns) + 1)
    elif running.turns:  # the guesses made, not a guess to come
        progress = t("progress.referee", language, n=len(running.turns))
    else:
        progress = t("progress.referee.none", language)
    extra = (variant.name,) if variant else ()
    data = cb.game_button(cb.CONFIRM, running.id, running.revision, new_mode, *extra)
    choices = (
        Choice(t("btn.confirm", language), data, Does.CONFIRM),
        Choice(t("btn.keep", language), cb.game_button(cb.KEEP, running.id, running.revision), Does.KEEP),
    )
    return asked(t("confirm.abandon", language, progress=progress), choices)


def asked(question: Html, choices: tuple[Choice, ...]) -> Outcome:
    """A question before anything changes, with its choices in one row."""
    account = Account(Did.ASKED, notice=question, choices=choices)
    return Outcome.say(Reply(question, chat_board.keyboard((choices,))), account=account)


def group_note(language: str, bot_username: str | None) -> Outcome:
    """A one-player command sent in a group: what a group plays (races, duels), and a link to a private chat."""
    return Outcome.text(t("group.private_only", language, link=_private_link(language, bot_username)))


def group_help(language: str, bot_username: str | None) -> Outcome:
    """/help in a group: the group's commands, and the way to one-player games in a private chat."""
    return Outcome.text(t("help.group", language, link=_private_link(language, bot_username)))


def _private_link(language: str, bot_username: str | None) -> Html:
    """': https://t.me/<bot>?start=play', to follow a group's note to a private chat (nothing without the name)."""
    return t("group.link", language, url=f"https://t.me/{bot_username}?start=play") if bot_username else Html("")


def cancelled(language: str, game: Game | None) -> Outcome:
    """The reply to /cancel."""
    if game is None:
        return Outcome.text(t("cancel.none", language))
    if game.mode == Mode.REFEREE and game.secret:
        key = "cancel.secret.hard" if game.hard else "cancel.secret"  # hard mode never picked one: it only fits
        said = Outcome.text(t(key, language, secret=game.secret), again_buttons(language, game))
    else:
        said = Outcome.text(t("cancel.done", language), again_buttons(language, game))
    return replace(said, account=Account(Did.MADE, notice=said.account.notice))


def stale(language: str) -> Outcome:
    """A button of an older board: nothing changed, and a toast says so."""
    return Outcome.refused(Refusal("stale"), t("stale", language), toast=True)


def engine_busy(language: str) -> Outcome:
    """The person's earlier requests still keep the engine busy: this one changed nothing, and may come again."""
    return Outcome.refused(Refusal("engine.busy"), t("engine.busy", language))


def message(key: str, language: str, **params: object) -> Outcome:
    """A single short message by key."""
    return Outcome.text(lines(t(key, language, **params)))


def unknown_variant(language: str, name: str) -> Outcome:
    """Words that name no variant: what they said, and the names the chat's language has for the named games."""
    return message("variant.invalid", language, name=name, names=suggestions(language))


def busy(language: str, refused: AlreadyOn | Crowded) -> Outcome:
    """Why no match starts: one is on here (in this topic), or the group runs as many as it may."""
    if isinstance(refused, Crowded):
        return message("match.crowded", language, n=refused.limit)
    match = refused.match
    key = "match.already.race" if match.kind == MatchKind.RACE else "match.already.duel"
    return message(key, language, example=example(match.variant))


def guess_usage(language: str, match: Match) -> Outcome:
    """How to guess in the match running here: '/g 1234'."""
    return message("match.guess_usage", language, example=example(match.variant))
