"""Puzzles' screens: the services' results as a PuzzleBoard (bot/puzzles/board.py) and Outcomes whose account
says what the update did. The chat's face of a screen is `reply` (one message and its buttons); the Mini App's is
bot/puzzles/page.py, carried in the Account (`screen`) of each Outcome that shows one."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

from bot import callback_data as cb
from bot import records, review
from bot.boards import chat as chat_board
from bot.boards.model import Choice, Choices, Does
from bot.puzzles import page
from bot.puzzles.board import Clue, PuzzleBoard, PuzzleKind
from bot.puzzles.service import Board, Change, Daily, GroupDaily, Ladder, NextLadder, Solving
from bot.refusal import Refusal
from bot.replies import Account, Button, Did, Outcome, Reply
from bot.texts import (
    Html,
    code_text,
    date_text,
    decimal_text,
    duration_text,
    example,
    lines,
    score_text,
    t,
    variant_name,
    wait_text,
)
from engine.inverse import Grade, Puzzle
from engine.review.game import BEST_SHOWN
from engine.review.labels import GOOD_BELOW, Label
from engine.scoring import Score
from engine.variant import Variant

ACTION = "pz"  # the puzzles' buttons: pz:<verb>[:<field>]
GIVE_UP, NEXT, DAILY, BOARD = "g", "n", "d", "b"  # pz:g:<puzzle id | yyyymmdd>, pz:n, pz:d, pz:b
DEEP_LINK = "puzzle"  # t.me/<bot>?start=puzzle: /puzzle in the private chat


def clues(language: str, puzzle: Puzzle, verdict: Grade | None = None) -> tuple[Clue, ...]:
    """The puzzle's clues as the screen lists them, each marked if the latest answer breaks it."""
    broken = {b.clue: b.would_score for b in verdict.broken} if verdict is not None else {}
    return tuple(
        _clue(language, puzzle.variant, number, clue.guess, clue.answer, broken.get(number - 1))
        for number, clue in enumerate(puzzle.clues, start=1)
    )


def _clue(language: str, variant: Variant, number: int, guess: str, answer: Score, would: Score | None = None) -> Clue:
    """Clue `number` (from 1): a guess and its score, as the screen lists it; `would`: the score the latest answer
    would have been given, where it breaks the clue."""
    said = t(
        "puzzle.clue",
        language,
        number=number,
        guess=code_text(variant, guess),
        score=score_text(answer, language),
    )
    return Clue(number, guess, answer, said, would)


def _verdict(language: str, puzzle: Puzzle, verdict: Grade | None, tries: int) -> tuple[Html, ...]:
    """What is said of the latest answer: right (in how many tries), or the first clue it breaks and how."""
    if verdict is None:
        return ()
    answer = code_text(puzzle.variant, verdict.answer)
    if verdict.solved:
        return (t("puzzle.solved", language, answer=answer, n=tries),)
    first = verdict.broken[0]
    said = t(
        "puzzle.wrong",
        language,
        answer=answer,
        number=first.clue + 1,
        guess=code_text(puzzle.variant, first.guess),
        would=score_text(first.would_score, language),
        shown=score_text(first.shown, language),
    )
    more = t("puzzle.wrong.near", language) if verdict.near else t("puzzle.wrong.many", language, n=len(verdict.broken))
    return (said, more)


def _choice(label_key: str, language: str, data: str, does: Does) -> Choice:
    return Choice(t(label_key, language), data, does)


def _ladder_title(key: str, language: str, variant: Variant, puzzle_rating: int, rating: int) -> tuple[Html, ...]:
    """A ladder puzzle's heading: its kind and variant, then the puzzle's rating and the player's."""
    return (
        t(key, language, variant=variant_name(variant, language)),
        t("puzzle.rated", language, puzzle=puzzle_rating, rating=rating),
    )


def _ladder_choices(language: str, over: bool, puzzle_id: int) -> Choices:
    """A ladder puzzle's buttons: give up while it is open; once over, the next puzzle and the day's."""
    if over:
        return (
            (
                _choice("puzzle.btn.next", language, cb.encode(ACTION, NEXT), Does.NEW),
                _choice("puzzle.btn.daily", language, cb.encode(ACTION, DAILY), Does.NEW),
            ),
        )
    return ((_choice("puzzle.btn.give_up", language, cb.encode(ACTION, GIVE_UP, puzzle_id), Does.GIVE_UP),),)


def ladder_board(language: str, result: Ladder, *, busy: bool = False) -> PuzzleBoard:
    """A ladder puzzle's screen: its clues and ratings; while open, how to answer (`busy`: a game takes what the
    player types) and the give-up button; once over, the code or the verdict, the rating's change and the next."""
    puzzle = result.puzzle
    variant = puzzle.variant
    title = _ladder_title("puzzle.title.ladder", language, variant, result.puzzle_rating, result.rating)
    ending: list[Html] = []
    if result.gave_up:
        ending.append(t("puzzle.gave_up", language, solution=code_text(variant, puzzle.solution)))
    if result.change is not None:
        ending.append(_rating_change(language, result.change))
    notices = (_made(language, variant, result.made_now),) if result.made_now else ()
    prompt = () if result.over else (_prompt(language, variant, busy),)
    return PuzzleBoard(
        PuzzleKind.LADDER,
        str(result.puzzle_id),
        variant.name,
        title,
        clues(language, puzzle, result.grade),
        prompt=prompt,
        verdict=_verdict(language, puzzle, result.grade, result.tries),
        notices=notices,
        ending=tuple(ending),
        over=result.over,
        solved=result.solved,
        solution=puzzle.solution if result.over else None,
        tries=result.tries,
        rating=result.rating,
        puzzle_rating=result.puzzle_rating,
        choices=_ladder_choices(language, result.over, result.puzzle_id),
    )


def next_board(language: str, result: NextLadder, *, busy: bool = False) -> PuzzleBoard:
    """A best-next-guess ladder puzzle's screen: its clues, how many codes fit them and its ratings; while open, what
    to name and the give-up button; after a guess, its loss and label and the best guesses; once over, the rating's
    change and the next."""
    puzzle, variant = result.puzzle, result.variant
    title = _ladder_title("puzzle.title.next", language, variant, result.puzzle_rating, result.rating)
    best = t(
        "puzzle.next.best",
        language,
        best=Html(", ".join(code_text(variant, code) for code in puzzle.best[:BEST_SHOWN])),
        least=decimal_text(puzzle.least, 2, language),
    )
    verdict: tuple[Html, ...] = ()
    if result.grade is not None:
        verdict = (*_next_verdict(language, result), best)
    ending: list[Html] = []
    if result.gave_up:
        ending.append(best)
    if result.change is not None:
        ending.append(_rating_change(language, result.change))
    fit = t("puzzle.next.fit", language, n=puzzle.count)
    prompt: tuple[Html, ...] = (fit,)
    if not result.over:
        asked = (
            t("puzzle.next.prompt.busy", language, example=example(variant))
            if busy
            else t("puzzle.next.prompt", language)
        )
        prompt = (fit, asked)
    return PuzzleBoard(
        PuzzleKind.LADDER,
        str(result.puzzle_id),
        variant.name,
        title,
        tuple(_clue(language, variant, number, turn.guess, turn.answer) for number, turn in enumerate(puzzle.turns, 1)),
        prompt=prompt,
        verdict=verdict,
        ending=tuple(ending),
        over=result.over,
        solved=result.solved,
        solution=puzzle.best[0] if result.over else None,
        tries=result.tries,
        rating=result.rating,
        puzzle_rating=result.puzzle_rating,
        choices=_ladder_choices(language, result.over, result.puzzle_id),
    )


def _next_verdict(language: str, result: NextLadder) -> tuple[Html, ...]:
    """What is said of a named guess: among the best, good enough (solved, in how many tries), or its loss and label
    and what solves the puzzle."""
    assert result.grade is not None
    weighed = result.grade.weighed
    guess = code_text(result.variant, weighed.played.guess)
    label = review.label_text(language, weighed.label, weighed.exact)
    loss = decimal_text(max(weighed.loss, 0.0), 2, language)
    if result.grade.solved and weighed.label == Label.BEST:
        return (t("puzzle.next.solved.best", language, guess=guess, n=result.tries),)
    if result.grade.solved:
        return (t("puzzle.next.solved", language, guess=guess, label=label, loss=loss, n=result.tries),)
    good = decimal_text(GOOD_BELOW, 1, language)
    return (t("puzzle.next.wrong", language, guess=guess, label=label, loss=loss, good=good),)


def daily_board(language: str, result: Daily, *, busy: bool = False) -> PuzzleBoard:
    """The puzzle of the day's screen: its clues; while open, how to answer and the give-up button; once over, the
    code (given up: with the request to keep it quiet), the streak, the next one's time and the result to share."""
    puzzle = result.puzzle
    variant = puzzle.variant
    title = (t("puzzle.title.daily", language, day=date_text(result.day, language)),)
    ending: list[Html] = []
    if result.gave_up:
        ending.append(t("puzzle.gave_up.daily", language, solution=code_text(variant, puzzle.solution)))
    elif result.solved and result.grade is None:  # shown again after it was solved
        ending.append(t("puzzle.solved", language, answer=code_text(variant, puzzle.solution), n=result.tries))
    if result.over:
        streak = result.streak
        ending.append(t("puzzle.streak", language, n=streak.current, best=streak.best))
        ending.append(t("puzzle.next_day", language, wait=wait_text(result.next_in, language)))
        choices: Choices = (
            (
                _choice("puzzle.btn.board", language, cb.encode(ACTION, BOARD), Does.MORE),
                _choice("puzzle.btn.next", language, cb.encode(ACTION, NEXT), Does.NEW),
            ),
        )
        prompt: tuple[Html, ...] = ()
    else:
        day = result.day.replace("-", "")
        choices = ((_choice("puzzle.btn.give_up", language, cb.encode(ACTION, GIVE_UP, day), Does.GIVE_UP),),)
        prompt = (_prompt(language, variant, busy),)
    return PuzzleBoard(
        PuzzleKind.DAILY,
        result.day,
        variant.name,
        title,
        clues(language, puzzle, result.grade),
        prompt=prompt,
        verdict=_verdict(language, puzzle, result.grade, result.tries),
        ending=tuple(ending),
        over=result.over,
        solved=result.solved,
        solution=puzzle.solution if result.over else None,
        tries=result.tries,
        share=share(language, result) if result.over else None,
        choices=choices,
    )


def share(language: str, result: Daily) -> Html:
    """The day's result to forward: how it went, a square a try, and no digit of the puzzle or its code."""
    day = date_text(result.day, language)
    if result.solved:
        grid = "🟥" * (result.tries - 1) + "🟩"
        return lines(t("puzzle.share.solved", language, day=day, n=result.tries), Html(grid))
    return lines(t("puzzle.share.gave_up", language, day=day, n=result.tries), Html("🟥" * result.tries + "🏳️"))


def group_board(language: str, result: GroupDaily) -> PuzzleBoard:
    """The puzzle of the day as posted in a group: its clues, how to answer there, who solved it first."""
    puzzle = result.puzzle
    variant = puzzle.variant
    title = (t("puzzle.title.daily", language, day=date_text(result.day, language)),)
    post = result.post
    notices = (t("puzzle.group.solved_by", language, name=post.solver_name),) if post.solver_name else ()
    return PuzzleBoard(
        PuzzleKind.GROUP,
        result.day,
        variant.name,
        title,
        clues(language, puzzle),
        prompt=(t("puzzle.prompt.group", language, example=example(variant)),),
        notices=notices,
    )


def _prompt(language: str, variant: Variant, busy: bool) -> Html:
    if busy:
        return t("puzzle.prompt.busy", language, example=example(variant))
    return t("puzzle.prompt", language)


def _made(language: str, variant: Variant, count: int) -> Html:
    return t("puzzle.made", language, variant=variant_name(variant, language), name=variant.name, count=count)


def _rating_change(language: str, change: Change) -> Html:
    """The line a rated answer ends with: the player's new puzzle rating, by how much it moved, and the puzzle's."""
    return t(
        "puzzle.rating.change",
        language,
        after=change.after,
        change=_signed(change.after - change.before),
        puzzle=change.puzzle,
    )


def _signed(change: int) -> str:
    return f"+{change}" if change > 0 else f"−{-change}" if change < 0 else "±0"


# -- the chat's face and the outcomes


def reply(board: PuzzleBoard) -> Reply:
    """The message that shows a puzzle's screen, its choices as buttons."""
    return Reply(lines(*board.lines), chat_board.keyboard(board.choices))


def board_of(language: str, result: Solving, *, busy: bool = False) -> PuzzleBoard:
    """The screen of a ladder puzzle (of either kind) or of the puzzle of the day."""
    if isinstance(result, Ladder):
        return ladder_board(language, result, busy=busy)
    if isinstance(result, NextLadder):
        return next_board(language, result, busy=busy)
    return daily_board(language, result, busy=busy)


def shown(language: str, result: Solving, *, busy: bool = False, made: bool = False) -> Outcome:
    """A puzzle shown (`made`: begun by this update)."""
    board = board_of(language, result, busy=busy)
    account = Account(Did.MADE if made else Did.SHOWN, notice=None, screen=page.screen(board))
    return Outcome.say(reply(board), account=account)


def answered(language: str, result: Solving) -> Outcome:
    """The screen after an answer or giving up, then (the puzzle of the day over) its result to forward."""
    board = board_of(language, result)
    replies = [reply(board)]
    if board.share is not None and (result.grade is not None or result.over):
        replies.append(Reply(board.share))
    notice = lines(*board.verdict, *board.ending) or None
    return Outcome.say(*replies, account=Account(Did.MADE, notice=notice, screen=page.screen(board)))


def start_choices(language: str) -> Choices:
    """The buttons that begin a puzzle (the day's, the ladder's next), for a screen that shows none yet."""
    return (
        (
            _choice("puzzle.btn.daily", language, cb.encode(ACTION, DAILY), Does.NEW),
            _choice("puzzle.btn.next", language, cb.encode(ACTION, NEXT), Does.NEW),
        ),
    )


def refused(language: str, refusal: Refusal) -> Outcome:
    """Nothing changed, and why: a code that is no code of the puzzle's variant, a puzzle that is over."""
    return Outcome.refused(refusal, t(refusal.key, language, **refusal.params))


def refused_button(language: str, refusal: Refusal) -> Outcome:
    """A stale button: said as its toast."""
    return Outcome.refused(refusal, t(refusal.key, language, **refusal.params), toast=True)


def day_board(language: str, board: Board) -> Outcome:
    """The day's board: its solvers by tries, then time."""
    day = date_text(board.day, language)
    rows = [t("puzzle.board.title", language, day=day)]
    if not board.lines:
        rows.append(t("puzzle.board.empty", language))
    for place, (solver, name) in enumerate(board.lines, start=1):
        rows.append(
            t(
                "puzzle.board.line",
                language,
                place=records.MEDALS.get(place, f"{place}."),
                name=records.display_name(language, name, solver.user_id),
                n=solver.tries,
                time=duration_text(timedelta(seconds=solver.seconds), language),
            )
        )
    if board.solvers > len(board.lines):
        rows.append(t("puzzle.board.count", language, n=board.solvers))
    text = lines(*rows)
    return Outcome.say(Reply(text), account=Account(notice=text, screen=page.lines(rows)))


def group_posted(language: str, result: GroupDaily, bot_username: str | None) -> Outcome:
    """The day's puzzle posted in the group."""
    shown = reply(group_board(language, result))
    if bot_username:  # a link to the private chat, where the day's puzzle counts for the streak and the board
        link = Button(t("puzzle.btn.private", language), url=f"https://t.me/{bot_username}?start={DEEP_LINK}")
        shown = replace(shown, buttons=((link,),))
    return Outcome.say(shown, account=Account(Did.SHOWN))


def group_answered(language: str, result: GroupDaily, name: str) -> Outcome:
    """An answer in the group: the first solver celebrated, a later one told who was first, a wrong one which clue
    it breaks (the clues are public: nothing is spoiled)."""
    verdict = result.grade
    assert verdict is not None
    puzzle = result.puzzle
    answer = code_text(puzzle.variant, verdict.answer)
    if verdict.solved and result.first:
        text = t("puzzle.group.first", language, name=name, answer=answer)
        return Outcome.say(Reply(text), account=Account(Did.MADE, notice=text))
    if verdict.solved:
        text = t("puzzle.group.also", language, name=name, first=result.post.solver_name or "")
        return Outcome.say(Reply(text), account=Account(Did.MADE, notice=text))
    first = verdict.broken[0]
    text = t(
        "puzzle.group.wrong",
        language,
        name=name,
        answer=answer,
        number=first.clue + 1,
        guess=code_text(puzzle.variant, first.guess),
        would=score_text(first.would_score, language),
        shown=score_text(first.shown, language),
    )
    return Outcome.say(Reply(text), account=Account(Did.MADE, notice=text))
