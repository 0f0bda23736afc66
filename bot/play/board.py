"""Replies for the referee mode: one board with every guess so far, the quiet coach's line under it, hints, the
coach's full review behind a button, and the end of the game. Each is a board (bot/boards/model.py) drawn by the
chat's renderer (bot/boards/chat.py); the Mini App draws the same boards.

A guess typed into the chat is answered with a fresh board below it; the board it replaces is cut down to its
last line (`tidy`), so the chat reads as a log and only the newest message shows the whole game. A button on the
board edits it in place.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from bot import callback_data as cb
from bot import messages
from bot import review as review_feature
from bot.boards import chat as chat_board
from bot.boards.model import Board, Choice, Choices, Does, Ending, Hints, Row
from bot.chats.settings import Settings
from bot.games.model import Game, Mode
from bot.games.status import Status
from bot.messages import again_choices
from bot.play.service import Coaching, Finished, Hint, Scored, hint_pattern
from bot.refusal import Refusal
from bot.replies import Account, Did, Outcome, Placement, Reply
from bot.texts import (
    Html,
    code_text,
    colourful,
    colours_text,
    decimal_text,
    duration_text,
    example,
    lines,
    palette,
    score_text,
    t,
    variant_name,
    variant_text,
)
from engine.history import Turn
from engine.variant import Variant


def started(language: str, game: Game, settings: Settings) -> Outcome:
    """The game is on: what the code looks like (its colours, in Mastermind), the attempt limit, hard mode."""
    variant = game.variant
    colours = palette(variant)
    text = lines(
        t("ref.started.hard" if game.hard else "ref.started", language, variant=variant_text(variant, language)),
        t("ref.colours", language, palette=colours, example=example(variant)) if colours else None,
        t("ref.limit", language, limit=game.attempt_limit) if game.attempt_limit else None,
    )
    return Outcome.say(Reply(text), account=Account(Did.MADE, notice=text, boards=(board(language, game),)))


def rejected(language: str, rejection: Refusal) -> Outcome:
    """Why a guess is not a code of this game (it cost nothing)."""
    return Outcome.refused(rejection, t(rejection.key, language, **rejection.params))


def turn_line(language: str, game: Game, number: int, turn: Turn) -> Html:
    """One guess on the board: '#3 1278 → 1🐂 1🐄' ('#3/10 …' with an attempt limit)."""
    return _turn_line(language, game.variant, game.attempt_limit, number, turn)


@lru_cache(maxsize=8192)
def _turn_line(language: str, variant: Variant, limit: int | None, number: int, turn: Turn) -> Html:
    """turn_line, kept: a board shows every earlier guess again with each new one, and their lines never change."""
    guess, score = code_text(variant, turn.guess), score_text(turn.answer, language)
    if limit:
        return t("ref.turn.limit", language, n=number, limit=limit, guess=guess, score=score)
    return t("ref.turn", language, n=number, guess=guess, score=score)


def coach_line(language: str, coaching: Coaching) -> Html:
    """The quiet coach during the game: how many codes still fit, nothing more."""
    return _left(language, coaching.remaining)


@lru_cache(maxsize=4096)
def _left(language: str, remaining: int) -> Html:
    return t("ref.left.one", language) if remaining == 1 else t("ref.left", language, remaining=remaining)


def review_parts(language: str, game: Game, coaching: Coaching) -> tuple[Html, ...]:
    """The coach's full review of the latest guess, in plain words, a line each: how far it narrowed the codes down,
    what the engine would have played, how many more guesses the engine would need from here."""
    bits = decimal_text(coaching.bits, 1, language)
    guess = code_text(game.variant, coaching.guess)
    if coaching.remaining == coaching.before:  # "from 33 to 33" reads as a slip: say that it cut nothing
        parts = [t("ref.review.nothing", language, guess=guess, n=coaching.remaining)]
    else:
        after = coaching.remaining
        parts = [t("ref.review.move", language, guess=guess, before=coaching.before, after=after, bits=bits)]
    measured = coaching.measured
    if measured is not None:  # the review's exact measure: the one best move the game's review names too
        if measured.best is None:
            parts.append(t("ref.review.best", language, guess=guess))
        else:
            label = review_feature.label_text(language, measured.label)
            loss = decimal_text(review_feature.printed(measured.loss), 2, language)
            best = code_text(game.variant, measured.best)
            parts.append(t("ref.review.measured", language, best=best, guess=guess, loss=loss, label=label))
        if measured.why is not None and measured.why.codes > 1:
            parts.append(review_feature.why_line(language, game.variant, measured.why))
    elif coaching.engine_pick:
        more = decimal_text(coaching.bits_short, 1, language)
        parts.append(t("ref.review.pick", language, pick=code_text(game.variant, coaching.engine_pick), more=more))
    elif coaching.compared:
        parts.append(t("ref.review.good", language))
    else:  # no pick at all: too many codes to weigh one now (the game's review estimates it, marked ≈)
        parts.append(t("ref.review.unweighed", language))
    if coaching.outlook is not None and coaching.remaining > 1:  # one code left: the line above says it wins next
        parts.append(t("ref.review.outlook", language, average=decimal_text(coaching.outlook, 1, language)))
    if game.hinted:
        parts.append(t("ref.review.hinted", language))
    return tuple(parts)


def review_lines(language: str, game: Game, coaching: Coaching) -> Html:
    """The coach's full review of the latest guess (review_parts), as one text."""
    return lines(*review_parts(language, game, coaching))


def board(
    language: str,
    game: Game,
    *,
    title: Html | None = None,
    coach: tuple[Html, ...] = (),
    notices: tuple[Html | None, ...] = (),
    ending: Ending | None = None,
    choices: Choices = (),
) -> Board:
    """The game's board: its title, every guess with its score, the hints so far, then what the move adds."""
    return Board(
        game.id,
        game.revision,
        title or _title(language, game.variant),
        tuple(_row(language, game, number, turn) for number, turn in enumerate(game.turns, start=1)),
        _hints(language, game),
        coach=coach,
        notices=tuple(notice for notice in notices if notice),
        ending=ending,
        choices=choices,
    )


def _row(language: str, game: Game, number: int, turn: Turn) -> Row:
    return _kept_row(language, game.variant, game.attempt_limit, number, turn)


@lru_cache(maxsize=8192)
def _kept_row(language: str, variant: Variant, limit: int | None, number: int, turn: Turn) -> Row:
    """A board's row, kept: a board shows every earlier guess again with each new one, and its rows never change."""
    line = _turn_line(language, variant, limit, number, turn)
    return Row(number, turn.guess, turn.answer, line, score_text(turn.answer, language), limit)


@lru_cache(maxsize=256)
def _title(language: str, variant: Variant) -> Html:
    return t("ref.board.title", language, variant=variant_name(variant, language))


def tidy(language: str, game: Game) -> Html | None:
    """What a board showing `game` is cut down to once a newer one is sent: its last guess and the hint so far."""
    last = (_row(language, game, len(game.turns), game.turns[-1]),) if game.turns else ()
    return chat_board.tidy(Board(game.id, game.revision, Html(""), last, _hints(language, game)))


def _hints(language: str, game: Game) -> Hints | None:
    if not game.hinted or game.secret is None:
        return None
    pattern = hint_pattern(game)
    shown = f"<code>{pattern}</code>"
    if colourful(game.variant):  # the colours revealed, in their places: '1 _ _ _ 🟡⬜⬜⬜'
        shown += " " + colours_text(pattern.replace(" ", ""))
    return Hints(pattern, t("ref.board.hint", language, pattern=Html(shown)))


def board_choices(language: str, game: Game, daily: bool = False) -> Choices:
    """A running game's board buttons: the coach's full review (with coaching on), a hint, giving up. A daily's
    board has none: its hint and give-up ask first, when typed."""
    if daily or not game.active:
        return ()
    coach, hint, give_up = _labels(language)
    helps = []
    if game.coaching and game.turns:
        helps.append(Choice(coach, cb.game_button(cb.COACH, game.id, game.revision), Does.COACH))
    if sum(str(i) not in game.hints for i in range(game.variant.length)) > 1:
        helps.append(Choice(hint, cb.game_button(cb.HINT, game.id, game.revision), Does.HINT))
    # Give up on a row of its own, last: the helps above come and go, and it never lands where one of them was
    ending = (Choice(give_up, cb.game_button(cb.GIVE_UP, game.id, game.revision), Does.GIVE_UP),)
    return (tuple(helps), ending) if helps else (ending,)


def give_up_asked(language: str, game: Game) -> Outcome:
    """The question before the board's Give up ends the game: yes, or keep playing (a tap meant for a hint costs
    nothing)."""
    sure = Choice(
        t("ref.btn.giveup_sure", language), cb.game_button(cb.GIVE_UP_SURE, game.id, game.revision), Does.GIVE_UP
    )
    keep = Choice(t("btn.keep", language), cb.game_button(cb.KEEP, game.id, game.revision), Does.KEEP)
    return messages.asked(t("ref.giveup.ask", language), (sure, keep))


@lru_cache(maxsize=16)
def _labels(language: str) -> tuple[Html, Html, Html]:
    """The board's button labels in a language (asked for on every move)."""
    return t("btn.coach", language), t("btn.hint", language), t("btn.giveup", language)


def made(shown: Board, placement: Placement, *more: Reply) -> Outcome:
    """A move made: its board where `placement` says (then `more`), and the board for every other face."""
    return Outcome.say(chat_board.reply(shown, placement), *more, account=Account(Did.MADE, boards=(shown,)))


def scored(
    language: str, result: Scored, title: Html | None = None, before: Game | None = None, daily: bool = False
) -> Outcome:
    """The board after a typed guess, sent anew below it; the summary and new-game buttons if it ended.
    `before`: the game as its previous board showed it (what that board is cut down to)."""
    game = result.game
    previous = before if before is not None else _without_last(game)
    if result.ending is not None:
        shown = board(language, game, title=title, ending=ending(language, result.ending))
        shown = replace(shown, choices=finished_choices(language, game))
    else:
        coach = (coach_line(language, result.coaching),) if result.coaching else ()
        shown = board(language, game, title=title, coach=coach, choices=board_choices(language, game, daily))
    return made(shown, Placement(game.id, in_place=False, tidy=tidy(language, previous)))


def finished_choices(language: str, game: Game) -> Choices:
    """Under a finished game: '🔁 Same again' and, where guesses were made, '📊 Review'; then both modes."""
    again, *modes = again_choices(language, game)
    if not game.turns:
        return (again, *modes)
    return ((*again, review_feature.game_choice(language, game.id)), *modes)


def _without_last(game: Game) -> Game:
    return replace(game, turns=game.turns[:-1])


def ending(language: str, finished: Finished, *more: Html | None) -> Ending:
    """How a finished game ended, with its summary (and `more` lines after it)."""
    summary = (*ending_lines(language, finished), *(line for line in more if line))
    return Ending(finished.game.status, finished.secret, summary)


def ending_lines(language: str, ending: Finished) -> tuple[Html, ...]:
    """The summary of a finished game: won, out of attempts, or given up."""
    game = ending.game
    duration = duration_text(ending.elapsed, language)
    secret = code_text(game.variant, ending.secret, tag=False)
    if game.status == Status.WON:
        engine = (
            t(
                "ref.engine",
                language,
                first=code_text(game.variant, game.turns[0].guess, tag=False),
                engine=ending.engine_guesses,
            )
            if ending.engine_guesses is not None
            else None
        )
        hinted = t("ref.won.hinted", language, hints=len(game.hints)) if game.hinted else None
        won = t("ref.won", language, secret=secret, n=ending.guesses, duration=duration)
        return tuple(line for line in (won, hinted, engine) if line)
    if game.hard:  # hard mode never picked a code (a hint would have pinned one): the one shown only fits the answers
        if game.status == Status.LOST:
            return (t("ref.lost.hard", language, secret=secret),)
        if game.status == Status.ABANDONED:
            return (t("cancel.secret.hard", language, secret=secret),)
        return (t("ref.gave_up.hard", language, secret=secret, n=ending.guesses, duration=duration),)
    if game.status == Status.LOST:
        return (t("ref.lost", language, secret=secret),)
    if game.status == Status.ABANDONED:
        return (t("cancel.secret", language, secret=secret),)
    return (t("ref.gave_up", language, secret=secret, n=ending.guesses, duration=duration),)


def gave_up(language: str, ending_: Finished, in_place: bool = False, daily: bool = False) -> Outcome:
    """The board with the code revealed after giving up (or cancelling)."""
    game = ending_.game
    choices = () if daily else finished_choices(language, game)
    shown = board(language, game, ending=ending(language, ending_), choices=choices)
    return made(shown, Placement(game.id, in_place=in_place, tidy=tidy(language, game)))


def hinted(
    language: str, hint: Hint | None, in_place: bool = False, daily: bool = False, title: Html | None = None
) -> Outcome:
    """The board with one more digit revealed in its place, or why there is none to reveal."""
    if hint is None:
        return Outcome.refused(Refusal("ref.hint.none"), t("ref.hint.none", language))
    game = hint.game
    said = hint_line(language, game.variant, hint.position, hint.digit)
    pinned = t("ref.hint.pinned", language) if hint.pinned else None
    coach = (_left(language, hint.remaining),) if hint.remaining is not None else ()  # recounted with the digit
    choices = board_choices(language, game, daily)
    shown = board(language, game, title=title, coach=coach, notices=(said, pinned), choices=choices)
    placed = Placement(game.id, in_place=in_place, tidy=None if in_place else tidy(language, _unhinted(hint)))
    return made(shown, placed)


def hint_line(language: str, variant: Variant, position: int, digit: str) -> Html:
    """'The 2nd digit is 2.' (its colour too, in a colour variant): the place said as an ordinal, never a bare
    number that could be read as the digit."""
    place = t(f"hint.place.{position + 1}", language)
    return t("ref.hint", language, place=place, digit=code_text(variant, digit, tag=False))


def _unhinted(hint: Hint) -> Game:
    """The game as the board before this hint showed it."""
    return replace(hint.game, hints=hint.game.hints.replace(str(hint.position), ""))


def reviewed(language: str, game: Game, coaching: Coaching) -> Outcome:
    """The board edited in place to show the coach's full review of the latest guess (nothing changed)."""
    choices = tuple(
        tuple(choice for choice in row if choice.does != Does.COACH) for row in board_choices(language, game)
    )
    coach = (coach_line(language, coaching), *review_parts(language, game, coaching))
    shown = board(language, game, coach=coach, choices=choices)
    reply = chat_board.reply(shown, Placement(game.id, in_place=True))
    return Outcome.say(reply, account=Account(Did.SHOWN, boards=(shown,)))


def closed(language: str, game: Game | None) -> tuple[Reply, ...]:
    """The board of a referee game that was just cancelled, without its buttons; nothing for other games."""
    if game is None or game.mode != Mode.REFEREE or game.board_message_id is None:
        return ()
    shown = board(language, game, ending=Ending(game.status, game.secret, (t("gue.board.closed", language),)))
    return (chat_board.reply(shown, Placement(game.id, in_place=True)),)
