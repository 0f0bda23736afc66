"""Replies for the guesser mode: the board with answer buttons, contradictions with fixes, reveals."""

from __future__ import annotations

from bot import callback_data as cb
from bot.models.game import Game, Mode
from bot.models.refusal import Refusal
from bot.replies import Board, Button, Keyboard, Outcome, Reply
from bot.services.guesser import Asking, Contradicted, Progress, Revealed, Solved
from bot.texts import Html, lines, score_text, t, variant_text
from bot.views import slips
from bot.views.common import again_buttons
from engine.scoring import Score


def started(language: str, progress: Asking) -> Outcome:
    """'Think of a code', then a fresh board with the first guess."""
    intro = Reply(t("gue.started", language, variant=variant_text(progress.game.variant, language)))
    return Outcome.say(intro, board(language, progress, in_place=False))


def progressed(language: str, progress: Progress, in_place: bool) -> Outcome:
    """The board after an answer, undo or fix; plus a short 'Got it' message when solved."""
    shown = board(language, progress, in_place)
    if isinstance(progress, Solved):
        game = progress.game
        done = Reply(
            t("gue.solved", language, n=len(game.turns), secret=game.secret or ""), again_buttons(language, game)
        )
        return Outcome.say(shown, done)
    return Outcome.say(shown)


def board(
    language: str,
    progress: Progress,
    in_place: bool,
    *,
    every_fix: bool = False,
    picking: bool = False,
    changing: tuple[int, tuple[Score, ...]] | None = None,
) -> Reply:
    """The one board message of a guesser game, with the buttons that fit its state: the answers to the pending
    guess, or the contradiction with its fixes (`every_fix`: all of them); `picking` an answer to change, or
    `changing` one (its index, and the answers it can take)."""
    game = progress.game
    parts: list[Html | None] = [t("gue.board.title", language), *_history_lines(language, game)]
    keyboard: Keyboard = ()
    if changing is not None:
        index, answers = changing
        parts.append(slips.change_prompt(language, index, game.turns[index]))
        keyboard = (*_change_keyboard(language, game, index, answers), _back_row(language, game))
    elif picking:
        parts.append(t("change.pick", language))
        keyboard = (*_change_rows(language, game), _back_row(language, game))
    elif isinstance(progress, Asking) and game.pending_guess:
        parts.append(t("gue.board.ask", language, n=len(game.turns) + 1, guess=game.pending_guess))
        if progress.remaining is not None and game.turns:
            parts.append(t("gue.board.fits", language, remaining=progress.remaining))
        keyboard = (*_answer_rows(language, game, progress.answers), *_undo_row(language, game, restart=False))
    elif isinstance(progress, Contradicted):
        found = progress.contradiction
        fixes, hidden = slips.shown_fixes(found.corrections, every_fix)
        parts.extend(slips.conflict_lines(language, found, game.turns))
        parts.append(_fixes_text(language, bool(fixes), hidden))
        keyboard = (
            *slips.fix_rows(
                language,
                fixes,
                lambda f: cb.game_button(cb.FIX, game.id, game.revision, f.turn, cb.score_arg(f.answer)),
            ),
            *slips.more_row(language, hidden, cb.game_button(cb.MORE, game.id, game.revision)),
            *_change_rows(language, game),
            *_undo_row(language, game, restart=True),
        )
    return Reply(Html("\n".join(p for p in parts if p)), keyboard, Board(game.id, game.board_message_id, in_place))


def _fixes_text(language: str, any_fix: bool, hidden: int) -> Html:
    if not any_fix:
        return t("contra.no_fix", language)
    return t("contra.fixes.more", language, n=hidden) if hidden else t("contra.fixes", language)


def _change_rows(language: str, game: Game) -> Keyboard:
    return slips.change_rows(
        language, range(len(game.turns)), lambda i: cb.game_button(cb.CHANGE, game.id, game.revision, i)
    )


def _change_keyboard(language: str, game: Game, index: int, answers: tuple[Score, ...]) -> Keyboard:
    """The answers #index can be changed to, as buttons that take the change."""
    last = index == len(game.turns) - 1
    choices = slips.other_answers(answers, game.turns[index], game.variant.length, last)
    return slips.answer_rows(
        language,
        choices,
        game.variant.length,
        lambda answer: cb.game_button(cb.FIX, game.id, game.revision, index, cb.score_arg(answer)),
    )


def _back_row(language: str, game: Game) -> tuple[Button, ...]:
    return (Button(t("btn.back", language), cb.game_button(cb.VIEW, game.id, game.revision)),)


def closed(language: str, game: Game | None) -> tuple[Reply, ...]:
    """The board of a guesser game that was just abandoned, without its buttons; nothing for other games."""
    if game is None or game.mode != Mode.GUESSER or game.board_message_id is None:
        return ()
    parts = [t("gue.board.title", language), *_history_lines(language, game), t("gue.board.closed", language)]
    return (Reply(Html("\n".join(parts)), (), Board(game.id, game.board_message_id, in_place=True)),)


def _history_lines(language: str, game: Game) -> list[Html]:
    return [
        t("gue.board.line", language, n=i, guess=turn.guess, score=score_text(turn.answer, language))
        for i, turn in enumerate(game.turns, start=1)
    ]


def _answer_rows(language: str, game: Game, answers: tuple[Score, ...]) -> Keyboard:
    """Exactly the answers possible in the variant, answering the game's pending guess."""
    return slips.answer_rows(
        language,
        answers,
        game.variant.length,
        lambda answer: cb.game_button(cb.ANSWER, game.id, game.revision, cb.score_arg(answer)),
    )


def _undo_row(language: str, game: Game, restart: bool) -> Keyboard:
    row = []
    if game.turns:
        row.append(Button(t("btn.undo", language), cb.game_button(cb.UNDO, game.id, game.revision)))
    if len(game.turns) > 1 and not restart:  # a slip further back than the last answer: change it directly
        row.append(Button(t("btn.change_any", language), cb.game_button(cb.CHANGE, game.id, game.revision)))
    if restart:
        row.append(Button(t("btn.restart", language), cb.game_button(cb.RESTART, game.id, game.revision)))
    return (tuple(row),) if row else ()


def refused(language: str, refusal: Refusal) -> Outcome:
    """Why an answer cannot be right (nothing changed)."""
    return Outcome.text(slips.answer_refused(language, refusal))


def reveal_refused(language: str, refusal: Refusal, example: str) -> Outcome:
    """Why the code given to /reveal is no code of the game (an `invalid.*` refusal), in the reveal's own words: how
    to send it again, never a guess's 'it costs nothing'."""
    if refusal.key == "invalid.wrong_length":
        return Outcome.text(t("reveal.wrong_length", language, example=example, **refusal.params))
    return Outcome.text(lines(t(refusal.key, language, **refusal.params), t("reveal.usage", language, example=example)))


def revealed(language: str, result: Revealed) -> Outcome:
    """Which answers the real code shows to have been wrong."""
    if not result.wrong:
        return Outcome.text(t("reveal.all_right", language, secret=result.secret), again_buttons(language, result.game))
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
    return Outcome.text(
        lines(t("reveal.wrong.one" if len(wrong) == 1 else "reveal.wrong", language, secret=result.secret), *wrong),
        again_buttons(language, result.game),
    )
