"""Replies for a versus game: one board that shows the whole game so far (both sides' guesses with their scores)
and what it waits for (a guess, an answer with its buttons, a fix), edited in place or sent anew below."""

from __future__ import annotations

from bot import callback_data as cb
from bot import messages, review
from bot import think as think_feature
from bot.boards import chat as chat_board
from bot.boards.model import Choice, Choices, Does, Ending, MatchBoard, Prompt, Row
from bot.games.status import Status
from bot.matches.model import BOT_ID, Match
from bot.matches.service import Ended
from bot.refusal import Refusal
from bot.replies import Account, Did, Outcome, Placement, Reply
from bot.texts import Html, example, rematch_label, score_text, t, variant_text
from bot.versus import service as versus
from engine.consistency import Correction
from engine.history import Turn
from engine.scoring import Score
from engine.variant import Code, Variant


def started(language: str, result: versus.VersusStarted) -> Outcome:
    """The game is on, the user guesses first: the intro, a message of its own (the first board comes with the first
    guess: the intro has no buttons for a newer board to take away, and an edit that changes nothing is refused)."""
    match = result.match
    text = t("vs.started", language, variant=variant_text(match.variant, language))
    return Outcome.say(Reply(text), account=Account(Did.MADE, notice=text))


def reminder(language: str, match: Match) -> Outcome:
    """What the running game waits for."""
    if match.turn_user == BOT_ID and match.pending_guess:
        return Outcome.text(t("vs.answer_first", language, guess=match.pending_guess))
    return Outcome.text(t("vs.guess_first", language, example=example(match.variant)))


def moved(language: str, match: Match, result: versus.VersusState | Refusal) -> Outcome:
    """The reply to a typed guess or answer: the board sent anew below it (the old one loses its buttons)."""
    return progressed(language, result, in_place=False, match=match)


def progressed(
    language: str, result: versus.VersusState | Refusal, in_place: bool, match: Match | None = None
) -> Outcome:
    """The board after a move; a pressed button edits the board in place."""
    if isinstance(result, Refusal):
        return refusal(language, result, match)
    shown = model(language, result)
    placed = chat_board.reply(shown, _board_of(result.match, in_place))
    return Outcome.say(placed, account=Account(Did.MADE, match_board=shown))


def shown(
    language: str,
    position: versus.VersusState,
    *,
    every_fix: bool = False,
    picking: bool = False,
    changing: int | None = None,
) -> Outcome:
    """The board again, edited in place and changed in nothing (see `model`)."""
    looked = model(language, position, every_fix=every_fix, picking=picking, changing=changing)
    placed = chat_board.reply(looked, _board_of(position.match, in_place=True))
    return Outcome.say(placed, account=Account(Did.SHOWN, match_board=looked))


def refusal(language: str, result: Refusal, match: Match | None) -> Outcome:
    """Why the move or answer is not taken: an impossible answer, no code, or not now."""
    if result.key == "match.stale":
        return Outcome.refused(result, t("match.stale", language), toast=True)
    if result.key.startswith("answer."):
        return Outcome.refused(result, think_feature.answer_refused(language, result))
    params = dict(result.params)
    if match is not None and not result.key.startswith("invalid."):
        params.setdefault("example", example(match.variant))
    return Outcome.refused(result, t(result.key, language, **params))


def model(
    language: str,
    position: versus.VersusState,
    *,
    every_fix: bool = False,
    picking: bool = False,
    changing: int | None = None,
) -> MatchBoard:
    """The game so far and what it waits for, with the choices that fit (`every_fix`: all the fixes of a
    contradiction; `picking` an answer to change; `changing` one, by its 0-based index)."""
    match = position.match
    title = t("vs.board.title", language, variant=variant_text(match.variant, language))
    notices: list[Html] = []
    prompt: Prompt | None = None
    ended: Ending | None = None
    choices: Choices = ()
    history = position.bot_turns
    if position.ended is not None:
        said = ending(language, position.ended, history[-1].guess if history else None)
        ended = Ending(position.ended.match.status, position.ended.match.secret, (said,))
        choices = rematch_row(language, match)
        if position.user_turns:  # the player's half, their guesses at my code, can be reviewed
            choices = ((*choices[0], review.match_choice(language, match.id)),)
    elif changing is not None:
        pending = Turn(match.pending_guess or "", position.given or Score(0, 0))  # index len(history): the pending one
        turn = history[changing] if changing < len(history) else pending
        notices.append(think_feature.change_prompt(language, changing, turn))
        choices = (*_change_keyboard(language, position, changing, turn), _back_row(language, position))
    elif picking:
        notices.append(t("change.pick", language))
        choices = (*_change_rows(language, position, len(history)), _back_row(language, position))
    elif position.contradiction is not None:
        notices.extend(_contradiction(language, position, every_fix))
        choices = _contradiction_keyboard(language, position, every_fix)
    elif match.turn_user == BOT_ID and match.pending_guess:
        asked = _ask_text(language, position, match.pending_guess)
        prompt = Prompt(len(history) + 1, match.pending_guess, (asked,))
        choices = (*_answer_rows(language, match, position.answers), *_undo_row(language, position))
    else:
        notices.append(t("vs.your_turn", language))
        choices = _undo_row(language, position)
    return MatchBoard(
        match.id,
        match.revision,
        title,
        _side(language, position.user_turns),
        _side(language, history),
        tuple(_rounds(language, position)),
        prompt,
        tuple(notices),
        ended,
        choices,
        _disputed(language, position),
    )


def _disputed(language: str, position: versus.VersusState) -> Row | None:
    """The answer to the bot's pending guess that ran into the contradiction shown, as given (not stored)."""
    match, given = position.match, position.given
    if given is None or not match.active or match.turn_user != BOT_ID or not match.pending_guess:
        return None
    turn = Turn(match.pending_guess, given)
    return Row(len(position.bot_turns) + 1, turn.guess, given, _move(language, turn), score_text(given, language))


def _side(language: str, turns: tuple[Turn, ...]) -> tuple[Row, ...]:
    """One side's guesses as rows, each line as a round shows it."""
    return tuple(
        Row(n, turn.guess, turn.answer, _move(language, turn), score_text(turn.answer, language))
        for n, turn in enumerate(turns, start=1)
    )


def _move(language: str, turn: Turn) -> Html:
    return t("vs.board.move", language, guess=turn.guess, score=score_text(turn.answer, language))


def _board_of(match: Match, in_place: bool) -> Placement:
    return Placement(match_id=match.id, in_place=in_place)


def _rounds(language: str, position: versus.VersusState) -> list[Html]:
    """A line per round: the user's guess and the bot's, each with its score (the bot's pending one asked)."""
    match, yours = position.match, position.user_turns
    mine = [_move(language, turn) for turn in position.bot_turns]
    if match.active and match.turn_user == BOT_ID and match.pending_guess:
        if position.given is not None:  # the answer that ran into the contradiction, as given (as /think shows it)
            score = score_text(position.given, language)
            mine.append(t("vs.board.given", language, guess=match.pending_guess, score=score))
        else:
            mine.append(t("vs.board.asked", language, guess=match.pending_guess))
    found = []
    for i in range(max(len(yours), len(mine))):
        you = _move(language, yours[i]) if i < len(yours) else t("vs.board.none", language)
        me = mine[i] if i < len(mine) else t("vs.board.none", language)
        found.append(t("vs.board.round", language, n=i + 1, yours=you, mine=me))
    return found


def _ask_text(language: str, position: versus.VersusState, guess: str) -> Html:
    n = len(position.bot_turns) + 1
    user = position.match.seated(1)
    if user is not None and user.solved:
        return t("vs.ask.last", language, n=user.solved_in, m=n, guess=guess)
    return t("vs.ask", language, n=n, guess=guess)


def _answer_rows(language: str, match: Match, answers: tuple[Score, ...]) -> Choices:
    """The same answer buttons as the guesser's board, answering this match's pending guess."""
    return think_feature.answer_rows(
        language, answers, match.variant.length, lambda a: _data(match, cb.MATCH_ANSWER, _s(a))
    )


def _contradiction(language: str, position: versus.VersusState, every_fix: bool) -> list[Html]:
    found = position.contradiction
    assert found is not None
    history = _with_given(position)
    fixes, hidden = think_feature.shown_fixes(_takeable(position), every_fix)
    if not fixes:
        tail = t("vs.no_fix", language)
    else:
        tail = t("vs.fixes.more", language, n=hidden) if hidden else t("vs.fixes", language)
    order = think_feature.order_line(language, fixes)
    return [*think_feature.conflict_lines(language, found, history), tail, *((order,) if order else ())]


def _contradiction_keyboard(language: str, position: versus.VersusState, every_fix: bool) -> Choices:
    match, given = position.match, position.given
    fixes, hidden = think_feature.shown_fixes(_takeable(position), every_fix)
    changeable = len(position.bot_turns) + (1 if given is not None else 0)
    return (
        *think_feature.fix_rows(
            language, fixes, lambda f: _data(match, cb.MATCH_FIX, f.turn, _s(f.answer), *_given(given))
        ),
        *think_feature.more_row(language, hidden, _data(match, cb.MATCH_MORE, *_given(given))),
        *_change_rows(language, position, changeable),
        *_undo_row(language, position, change=False),
    )


def _takeable(position: versus.VersusState) -> tuple[Correction, ...]:
    """The contradiction's fixes that can be taken now: not 'my earlier guess was your code' (the game would have
    ended there)."""
    found = position.contradiction
    assert found is not None
    earlier = len(position.bot_turns)
    length = position.match.variant.length
    return tuple(f for f in found.corrections if not (f.turn < earlier and f.answer.bulls == length))


def _with_given(position: versus.VersusState) -> tuple[Turn, ...]:
    """The bot's answered guesses, with the pending one answered as `given` when the contradiction is about it."""
    match = position.match
    history = position.bot_turns
    if position.given is not None and match.pending_guess:
        return (*history, Turn(match.pending_guess, position.given))
    return history


def _change_rows(language: str, position: versus.VersusState, count: int) -> Choices:
    match, given = position.match, position.given
    return think_feature.change_rows(language, range(count), lambda i: _data(match, cb.MATCH_CHANGE, i, *_given(given)))


def _change_keyboard(language: str, position: versus.VersusState, index: int, turn: Turn) -> Choices:
    """The answers guess #index can be changed to; the pending guess's are plain answers."""
    match, given = position.match, position.given
    length = match.variant.length
    if index == len(position.bot_turns):
        choices = tuple(a for a in position.answers if a != given)
        return _answer_rows(language, match, choices)
    choices = think_feature.other_answers(position.answers, turn, length, last=False)
    fix = _given(given)
    return think_feature.answer_rows(
        language, choices, length, lambda a: _data(match, cb.MATCH_FIX, index, _s(a), *fix), Does.FIX
    )


def _back_row(language: str, position: versus.VersusState) -> tuple[Choice, ...]:
    return (Choice(t("btn.back", language), _data(position.match, cb.MATCH_VIEW, *_given(position.given)), Does.BACK),)


def _undo_row(language: str, position: versus.VersusState, change: bool = True) -> Choices:
    match = position.match
    if not position.bot_turns:
        return ()
    row = [Choice(t("btn.undo", language), _data(match, cb.MATCH_UNDO), Does.UNDO)]
    if change:
        row.append(Choice(t("btn.change_any", language), _data(match, cb.MATCH_CHANGE), Does.CHANGE))
    return (tuple(row),)


def rematch_row(language: str, match: Match) -> Choices:
    """A new game against the same opponent, in the same variant: '🔁 Rematch' after a loss, '🔁 Play again' after a
    win or a draw."""
    label = rematch_label(language, lost=match.status in (Status.LOST, Status.RESIGNED))
    return ((Choice(label, cb.encode(cb.REMATCH, match.id), Does.AGAIN),),)


def _data(match: Match, verb: str, *args: object) -> str:
    return cb.game_button(cb.MATCH, match.id, match.revision, verb, *args)


def _s(answer: Score) -> str:
    return cb.score_arg(answer)


def _given(given: Score | None) -> tuple[str, ...]:
    return () if given is None else (cb.score_arg(given),)


def ending(language: str, ended: Ended, found: Code | None) -> Html:
    """Who won, and the bot's code (the game is over, and this is a private chat); `found` is the bot's last
    guess, which is the user's code when the bot won."""
    match = ended.match
    user, bot = match.seated(1), match.seated(2)
    assert user is not None
    assert bot is not None
    if match.status == Status.WON:
        return t("vs.won", language, secret=match.secret, n=user.solved_in)
    if match.status == Status.DRAW:
        return t("vs.draw", language, n=user.solved_in, secret=match.secret)
    if match.status == Status.LOST:
        return t("vs.lost", language, code=found, n=bot.solved_in, secret=match.secret)
    return t("vs.resigned", language, secret=match.secret)


def confirm_leave(language: str, match: Match, new_mode: str, variant: Variant | None) -> Outcome:
    """Ask before resigning the running game for a one-player game of `new_mode` ('r' /play, 'g' /think), as a
    one-player game asks before it is abandoned: Yes / No."""
    extra = (variant.name,) if variant else ()
    choices = (
        Choice(t("btn.confirm", language), _data(match, cb.MATCH_LEAVE, new_mode, *extra), Does.CONFIRM),
        Choice(t("btn.keep", language), _data(match, cb.MATCH_KEEP), Does.KEEP),
    )
    return messages.asked(t("vs.confirm.leave", language), choices)


def resigned(language: str, ended: versus.VersusState | None) -> Outcome:
    """The reply to /resign: the board, final, sent anew (the old one loses its buttons)."""
    if ended is None:
        return Outcome.text(t("vs.none", language))
    return progressed(language, ended, in_place=False)
