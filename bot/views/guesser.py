"""Replies for the guesser mode: the board with answer buttons, contradictions with fixes, reveals."""

from __future__ import annotations

from collections.abc import Callable

from bot import callbacks as cb
from bot.models.game import GUESSER, Game
from bot.models.refusal import Refusal
from bot.replies import Board, Button, Keyboard, Outcome, Reply
from bot.services.guesser import Asking, Contradicted, Progress, Revealed, Solved
from bot.texts import Html, lines, score_text, t, variant_text
from bot.views.common import mode_buttons
from engine.scoring import Score

MAX_FIXES = 3


def started(language: str, progress: Asking) -> Outcome:
    """'Think of a code', then a fresh board with the first guess."""
    intro = Reply(t("gue.started", language, variant=variant_text(progress.game.variant, language)))
    return Outcome.say(intro, board(language, progress, in_place=False))


def progressed(language: str, progress: Progress, in_place: bool) -> Outcome:
    """The board after an answer, undo or fix; plus a short 'Got it' message when solved."""
    shown = board(language, progress, in_place)
    if isinstance(progress, Solved):
        game = progress.game
        done = Reply(t("gue.solved", language, n=len(game.turns), secret=game.secret or ""), mode_buttons(language))
        return Outcome.say(shown, done)
    return Outcome.say(shown)


def board(language: str, progress: Progress, in_place: bool) -> Reply:
    """The one board message of a guesser game, with the buttons that fit its state."""
    game = progress.game
    parts: list[Html | None] = [t("gue.board.title", language), *_history_lines(language, game)]
    keyboard: Keyboard = ()
    if isinstance(progress, Asking) and game.pending_guess:
        parts.append(t("gue.board.ask", language, n=len(game.turns) + 1, guess=game.pending_guess))
        if progress.remaining is not None and game.turns:
            parts.append(t("gue.board.fits", language, remaining=progress.remaining))
        keyboard = (*answer_keyboard(game, progress.answers, language), *_undo_row(game, language, restart=False))
    elif isinstance(progress, Contradicted):
        parts.extend(_contradiction_lines(language, progress))
        keyboard = (*_fix_rows(game, progress, language), *_undo_row(game, language, restart=True))
    return Reply(Html("\n".join(p for p in parts if p)), keyboard, Board(game.id, game.board_message_id, in_place))


def closed(language: str, game: Game | None) -> tuple[Reply, ...]:
    """The board of a guesser game that was just abandoned, without its buttons; nothing for other games."""
    if game is None or game.mode != GUESSER or game.board_message_id is None:
        return ()
    parts = [t("gue.board.title", language), *_history_lines(language, game), t("gue.board.closed", language)]
    return (Reply(Html("\n".join(parts)), (), Board(game.id, game.board_message_id, in_place=True)),)


def _history_lines(language: str, game: Game) -> list[Html]:
    return [
        t("gue.board.line", language, n=i, guess=turn.guess, score=score_text(turn.answer, language))
        for i, turn in enumerate(game.turns, start=1)
    ]


def answer_keyboard(game: Game, answers: tuple[Score, ...], language: str) -> Keyboard:
    """Exactly the answers possible in the variant, a row per number of bulls (the last rows merged)."""
    return score_rows(
        answers,
        game.variant.length,
        language,
        lambda answer: cb.game_button(cb.ANSWER, game.id, game.revision, cb.score_arg(answer)),
    )


def score_rows(answers: tuple[Score, ...], length: int, language: str, data: Callable[[Score], str]) -> Keyboard:
    """A button per answer with `data` for its callback, a row per number of bulls (the last rows merged);
    the versus game's answer buttons use it too."""
    rows: dict[int, list[Button]] = {}
    for answer in answers:
        rows.setdefault(min(answer.bulls, length - 1), []).append(Button(score_text(answer, language), data(answer)))
    return tuple(tuple(row) for _, row in sorted(rows.items()))


def _undo_row(game: Game, language: str, restart: bool) -> Keyboard:
    row = []
    if game.turns:
        row.append(Button(t("btn.undo", language), cb.game_button(cb.UNDO, game.id, game.revision)))
    if restart:
        row.append(Button(t("btn.restart", language), cb.game_button(cb.RESTART, game.id, game.revision)))
    return (tuple(row),) if row else ()


def _contradiction_lines(language: str, progress: Contradicted) -> list[Html | None]:
    found = progress.contradiction
    turns = ", ".join(f"#{i + 1}" for i in found.conflict)
    return [
        t(f"contra.{found.key}", language, turns=turns),
        t("contra.fixes" if found.corrections else "contra.no_fix", language),
    ]


def _fix_rows(game: Game, progress: Contradicted, language: str) -> Keyboard:
    rows = []
    for fix in progress.contradiction.corrections[:MAX_FIXES]:
        label = t("btn.fix", language, n=fix.turn + 1, score=score_text(fix.answer, language), remaining=fix.remaining)
        data = cb.game_button(cb.FIX, game.id, game.revision, fix.turn, cb.score_arg(fix.answer))
        rows.append((Button(label, data),))
    return tuple(rows)


def refused(language: str, refusal: Refusal, game: Game) -> Outcome:
    """Why an answer cannot be right (nothing changed)."""
    params = dict(refusal.params)
    if "bulls" in params and "cows" in params:
        params["score"] = score_text(Score(int(str(params["bulls"])), int(str(params["cows"]))), language)
    params.setdefault("length", game.variant.length)
    return Outcome.text(t(refusal.key, language, **params))


def revealed(language: str, result: Revealed) -> Outcome:
    """Which answers the real code shows to have been wrong."""
    if not result.wrong:
        return Outcome.text(t("reveal.all_right", language, secret=result.secret), mode_buttons(language))
    wrong = [
        t(
            "reveal.line",
            language,
            n=w.turn + 1,
            guess=w.guess,
            given=score_text(w.given, language),
            actual=score_text(w.actual, language),
        )
        for w in result.wrong
    ]
    return Outcome.text(lines(t("reveal.wrong", language, secret=result.secret), *wrong), mode_buttons(language))
