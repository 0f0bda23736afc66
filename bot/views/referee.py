"""Replies for the referee mode: scored guesses, coaching, hints and the end-of-game summary."""

from __future__ import annotations

from bot.models.game import Game
from bot.models.refusal import Refusal
from bot.models.settings import Settings
from bot.replies import Outcome
from bot.services.referee import Ending, Hint, Scored, hint_pattern
from bot.texts import Html, decimal_text, duration_text, lines, score_text, t, variant_text
from bot.views.common import mode_buttons


def started(language: str, game: Game, settings: Settings) -> Outcome:
    """The game is on: what the secret looks like, the attempt limit, hard mode."""
    return Outcome.text(
        lines(
            t("ref.started", language, variant=variant_text(game.variant, language)),
            t("ref.limit", language, limit=game.attempt_limit) if game.attempt_limit else None,
            t("ref.hard", language) if game.hard else None,
        )
    )


def rejected(language: str, rejection: Refusal) -> Outcome:
    """Why a guess is not a code of this game (it cost nothing)."""
    return Outcome.text(t(rejection.key, language, **rejection.params))


def scored(language: str, result: Scored) -> Outcome:
    """The guess, its bulls and cows, the attempt number; coaching; the summary if it ended."""
    game, turn = result.game, result.turn
    number = len(game.turns)
    if game.attempt_limit:
        head = t(
            "ref.turn.limit",
            language,
            n=number,
            limit=game.attempt_limit,
            guess=turn.guess,
            score=score_text(turn.answer, language),
        )
    else:
        head = t("ref.turn", language, n=number, guess=turn.guess, score=score_text(turn.answer, language))
    coach = None
    if (coaching := result.coaching) and result.ending is None:
        key = "ref.coach.one" if coaching.remaining == 1 else "ref.coach"
        coach = t(key, language, remaining=coaching.remaining, bits=decimal_text(coaching.bits, 1, language))
        if coaching.engine_pick:
            more = decimal_text(coaching.bits_short, 1, language)
            coach = lines(coach, t("ref.coach.pick", language, pick=coaching.engine_pick, more=more))
        if coaching.outlook is not None:
            average = decimal_text(coaching.outlook, 1, language)
            coach = lines(coach, t("ref.coach.outlook", language, average=average))
    if result.ending is None:
        return Outcome.text(lines(head, coach))
    return Outcome.text(lines(head, ending_text(language, result.ending)), mode_buttons(language))


def ending_text(language: str, ending: Ending) -> Html:
    """The summary of a finished game: won, out of attempts, or given up."""
    game = ending.game
    duration = duration_text(ending.elapsed, language)
    if game.status == "won":
        return lines(
            t("ref.won", language, secret=ending.secret, n=ending.guesses, duration=duration),
            t("ref.won.hinted", language, hints=len(game.hints)) if game.hinted else None,
            t("ref.engine", language, first=game.turns[0].guess, engine=ending.engine_guesses)
            if ending.engine_guesses is not None
            else None,
        )
    if game.status == "lost":
        return t("ref.lost", language, secret=ending.secret)
    return t("ref.gave_up", language, secret=ending.secret, n=ending.guesses, duration=duration)


def gave_up(language: str, ending: Ending) -> Outcome:
    """The secret revealed after /giveup."""
    return Outcome.text(ending_text(language, ending), mode_buttons(language))


def hinted(language: str, hint: Hint | None) -> Outcome:
    """One digit revealed in place, or why not."""
    if hint is None:
        return Outcome.text(t("ref.hint.none", language))
    return Outcome.text(
        lines(
            t("ref.hint", language, position=hint.position + 1, digit=hint.digit, pattern=hint_pattern(hint.game)),
            t("ref.hint.pinned", language) if hint.pinned else None,
        )
    )
