"""Replies for the guesser mode: the board with answer buttons, contradictions with fixes, reveals."""

from __future__ import annotations

from functools import lru_cache

from bot import callback_data as cb
from bot.boards import chat as chat_board
from bot.boards.model import Advice, Board, Choice, Choices, Does, Ending, Prompt, Row
from bot.games.model import Game, Mode
from bot.messages import again_buttons
from bot.refusal import Refusal
from bot.replies import Account, Did, Outcome, Placement, Reply
from bot.texts import Html, lines, score_text, t, variant_text
from bot.think import slips
from bot.think.service import Asking, Contradicted, Progress, Revealed, Solved
from engine.history import Turn
from engine.scoring import Score


def started(language: str, progress: Asking) -> Outcome:
    """'Think of a code', then a fresh board with the first guess."""
    intro = Reply(t("gue.started", language, variant=variant_text(progress.game.variant, language)))
    shown = board(language, progress)
    placed = chat_board.reply(shown, Placement(progress.game.id, in_place=False))
    return Outcome.say(intro, placed, account=Account(Did.MADE, boards=(shown,)))


def progressed(language: str, progress: Progress, in_place: bool) -> Outcome:
    """The board after an answer, undo or fix; plus a short 'Got it' message when solved."""
    game = progress.game
    shown = board(language, progress)
    placed = chat_board.reply(shown, Placement(game.id, in_place=in_place))
    account = Account(Did.MADE, boards=(shown,))
    if isinstance(progress, Solved):
        done = Reply(
            t("gue.solved", language, n=len(game.turns), secret=game.secret or ""), again_buttons(language, game)
        )
        return Outcome.say(placed, done, account=account)
    return Outcome.say(placed, account=account)


def shown(
    language: str,
    progress: Progress,
    *,
    every_fix: bool = False,
    picking: bool = False,
    changing: tuple[int, tuple[Score, ...]] | None = None,
) -> Outcome:
    """The board again, edited in place and changed in nothing: with every fix, picking an answer to change, or
    asking one again (see `board`)."""
    looked = board(language, progress, every_fix=every_fix, picking=picking, changing=changing)
    placed = chat_board.reply(looked, Placement(progress.game.id, in_place=True))
    return Outcome.say(placed, account=Account(Did.SHOWN, boards=(looked,)))


def board(
    language: str,
    progress: Progress,
    *,
    every_fix: bool = False,
    picking: bool = False,
    changing: tuple[int, tuple[Score, ...]] | None = None,
) -> Board:
    """The one board of a guesser game, with the choices that fit its state: the answers to the pending guess, or the
    contradiction with its fixes (`every_fix`: all of them); `picking` an answer to change, or `changing` one (its
    index, and the answers it can take)."""
    game = progress.game
    rows = tuple(_row(language, number, turn) for number, turn in enumerate(game.turns, start=1))
    prompt: Prompt | None = None
    notices: list[Html] = []
    choices: Choices = ()
    advice: Advice | None = None
    if changing is not None:
        index, answers = changing
        notices.append(slips.change_prompt(language, index, game.turns[index]))
        choices = (*_change_choices(language, game, index, answers), _back_row(language, game))
    elif picking:
        notices.append(t("change.pick", language))
        choices = (*_change_rows(language, game), _back_row(language, game))
    elif isinstance(progress, Asking) and game.pending_guess:
        number = len(game.turns) + 1
        asked = [t("gue.board.ask", language, n=number, guess=game.pending_guess)]
        if progress.remaining is not None and game.turns:
            asked.append(t("gue.board.fits", language, remaining=progress.remaining))
        prompt = Prompt(number, game.pending_guess, tuple(asked))
        choices = (*_answer_rows(language, game, progress.answers), *_undo_row(language, game, restart=False))
    elif isinstance(progress, Contradicted):
        found = progress.contradiction
        fixes, hidden = slips.shown_fixes(found.corrections, every_fix)
        notices.extend(slips.conflict_lines(language, found, game.turns))
        advice = _advice(language, bool(fixes), hidden, slips.order_line(language, fixes))
        choices = (
            *slips.fix_rows(
                language,
                fixes,
                lambda f: cb.game_button(cb.FIX, game.id, game.revision, f.turn, cb.score_arg(f.answer)),
            ),
            *slips.more_row(language, hidden, cb.game_button(cb.MORE, game.id, game.revision)),
            *_change_rows(language, game),
            *_undo_row(language, game, restart=True),
        )
    ending = Ending(game.status, game.secret) if isinstance(progress, Solved) else None
    title = t("gue.board.title", language)
    return Board(game.id, game.revision, title, rows, None, prompt, (), tuple(notices), ending, choices, advice)


def finished(language: str, game: Game) -> Board:
    """A finished game's board: its answers, and how it ended."""
    rows = tuple(_row(language, number, turn) for number, turn in enumerate(game.turns, start=1))
    return Board(game.id, game.revision, t("gue.board.title", language), rows, ending=Ending(game.status, game.secret))


@lru_cache(maxsize=4096)
def _row(language: str, number: int, turn: Turn) -> Row:
    """One answered guess, kept: a board shows every earlier one again with each new one."""
    score = score_text(turn.answer, language)
    return Row(
        number, turn.guess, turn.answer, t("gue.board.line", language, n=number, guess=turn.guess, score=score), score
    )


def _advice(language: str, any_fix: bool, hidden: int, order: Html | None) -> Advice:
    """What to do about the contradiction: in the chat /reveal checks the answers; on the page, its own check; then
    why the fixes come in their order, when there are two or more (`order`)."""
    if not any_fix:
        advice = Advice(t("contra.no_fix", language), t("app.contra.no_fix", language))
    elif hidden:
        advice = Advice(t("contra.fixes.more", language, n=hidden), t("app.contra.fixes.more", language, n=hidden))
    else:
        advice = Advice(t("contra.fixes", language), t("app.contra.fixes", language))
    if order is None:
        return advice
    return Advice(Html(f"{advice.chat}\n{order}"), Html(f"{advice.page}\n{order}"))


def _change_rows(language: str, game: Game) -> Choices:
    return slips.change_rows(
        language, range(len(game.turns)), lambda i: cb.game_button(cb.CHANGE, game.id, game.revision, i)
    )


def _change_choices(language: str, game: Game, index: int, answers: tuple[Score, ...]) -> Choices:
    """The answers #index can be changed to, as choices that take the change."""
    last = index == len(game.turns) - 1
    choices = slips.other_answers(answers, game.turns[index], game.variant.length, last)
    return slips.answer_rows(
        language,
        choices,
        game.variant.length,
        lambda answer: cb.game_button(cb.FIX, game.id, game.revision, index, cb.score_arg(answer)),
        Does.FIX,
    )


def _back_row(language: str, game: Game) -> tuple[Choice, ...]:
    return (Choice(t("btn.back", language), cb.game_button(cb.VIEW, game.id, game.revision), Does.BACK),)


def closed(language: str, game: Game | None) -> tuple[Reply, ...]:
    """The board of a guesser game that was just abandoned, without its buttons; nothing for other games."""
    if game is None or game.mode != Mode.GUESSER or game.board_message_id is None:
        return ()
    rows = tuple(_row(language, number, turn) for number, turn in enumerate(game.turns, start=1))
    ending = Ending(game.status, game.secret, (t("gue.board.closed", language),))
    shown = Board(game.id, game.revision, t("gue.board.title", language), rows, ending=ending)
    return (chat_board.reply(shown, Placement(game.id, in_place=True)),)


def _answer_rows(language: str, game: Game, answers: tuple[Score, ...]) -> Choices:
    """Exactly the answers possible in the variant, answering the game's pending guess."""
    return slips.answer_rows(
        language,
        answers,
        game.variant.length,
        lambda answer: cb.game_button(cb.ANSWER, game.id, game.revision, cb.score_arg(answer)),
    )


def _undo_row(language: str, game: Game, restart: bool) -> Choices:
    row = []
    if game.turns:
        row.append(Choice(t("btn.undo", language), cb.game_button(cb.UNDO, game.id, game.revision), Does.UNDO))
    if len(game.turns) > 1 and not restart:  # a slip further back than the last answer: change it directly
        data = cb.game_button(cb.CHANGE, game.id, game.revision)
        row.append(Choice(t("btn.change_any", language), data, Does.CHANGE))
    if restart:
        row.append(Choice(t("btn.restart", language), cb.game_button(cb.RESTART, game.id, game.revision), Does.RESTART))
    return (tuple(row),) if row else ()


def refused(language: str, refusal: Refusal) -> Outcome:
    """Why an answer cannot be right (nothing changed)."""
    return Outcome.refused(refusal, slips.answer_refused(language, refusal))


def reveal_refused(language: str, refusal: Refusal, example: str) -> Outcome:
    """Why the code given to /reveal is no code of the game (an `invalid.*` refusal), in the reveal's own words: how
    to send it again, never a guess's 'it costs nothing'."""
    if refusal.key == "invalid.wrong_length":
        return Outcome.text(t("reveal.wrong_length", language, example=example, **refusal.params))
    return Outcome.text(lines(t(refusal.key, language, **refusal.params), t("reveal.usage", language, example=example)))


def revealed(language: str, result: Revealed) -> Outcome:
    """Which answers the real code shows to have been wrong (a move made, when it ended the running game)."""
    did = Did.MADE if result.ended else Did.SHOWN
    if not result.wrong:
        said = t("reveal.all_right", language, secret=result.secret)
        return Outcome.say(Reply(said, again_buttons(language, result.game)), account=Account(did, notice=said))
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
    said = lines(t("reveal.wrong.one" if len(wrong) == 1 else "reveal.wrong", language, secret=result.secret), *wrong)
    return Outcome.say(Reply(said, again_buttons(language, result.game)), account=Account(did, notice=said))
