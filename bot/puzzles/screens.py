"""Puzzles' screens: the services' results as a PuzzleBoard or a DayBoard (bot/puzzles/board.py) and Outcomes whose
account says what the update did, the model in its `screen`. The chat's face of a screen is `reply` (one message
and its buttons); the Mini App's is bot/puzzles/page.py, which the page's server finds through the register."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

from bot import callback_data as cb
from bot import records, review
from bot.boards import chat as chat_board
from bot.boards.model import Choice, Choices, Does
from bot.days import DayStreak
from bot.puzzles.board import Clue, DayBoard, PuzzleBoard, PuzzleTrack
from bot.puzzles.retry import Retry
from bot.puzzles.service import Change, Daily, DaySolvers, GroupDaily, Ladder, NextLadder, PuzzleRating, Solving
from bot.refusal import Refusal
from bot.replies import Account, Button, Did, Outcome, Reply
from bot.texts import (
    Html,
    code_text,
    colourful,
    colours_text,
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
from engine.partition import Partition
from engine.review.game import BEST_SHOWN
from engine.review.labels import GOOD_BELOW, Label
from engine.scoring import Score
from engine.variant import Variant

ACTION = "pz"  # the puzzles' buttons: pz:<verb>[:<field>]
GIVE_UP, NEXT, DAILY, BOARD = "g", "n", "d", "b"  # pz:g:<puzzle id | yyyymmdd>, pz:n[:<variant>], pz:d, pz:b
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


def rating_text(rating: int, provisional: bool) -> str:
    """A player's puzzle rating as shown: '1480', or '1480?' while it is provisional."""
    return f"{rating}?" if provisional else str(rating)


def _ladder_title(
    key: str, language: str, variant: Variant, puzzle_rating: int, rating: int, provisional: bool
) -> tuple[Html, ...]:
    """A ladder puzzle's heading: its kind and variant, then the puzzle's rating and the player's."""
    return (
        t(key, language, variant=variant_name(variant, language)),
        t("puzzle.rated", language, puzzle=puzzle_rating, rating=rating_text(rating, provisional)),
    )


def _ladder_choices(language: str, over: bool, puzzle_id: int, variant: Variant) -> Choices:
    """A ladder puzzle's buttons: give up while it is open; once over, the next puzzle (of the same variant) and the
    day's."""
    if over:
        return (
            (
                _choice("puzzle.btn.next", language, cb.encode(ACTION, NEXT, variant.name), Does.NEW),
                _choice("puzzle.btn.daily", language, cb.encode(ACTION, DAILY), Does.NEW),
            ),
        )
    return ((_choice("puzzle.btn.give_up", language, cb.encode(ACTION, GIVE_UP, puzzle_id), Does.GIVE_UP),),)


def _rated_lines(language: str, change: Change | None, kept: Html | None = None) -> tuple[Html, ...]:
    """What a rated answer ends with: the rating's change, and while it is provisional what the "?" means; an answer
    that rated nothing (the puzzle was rated at an earlier answer) on a puzzle now over: the rating as it stands
    (`kept`), so the line does not vanish when the player gives up or solves it later."""
    if change is None:
        return () if kept is None else (t("puzzle.rating.kept", language, rating=kept),)
    if change.provisional:
        return (_rating_change(language, change), t("puzzle.provisional", language))
    return (_rating_change(language, change),)


def _left_lines(language: str, left: Change | None) -> tuple[Html, ...]:
    """The ladder puzzle the player left unanswered to get this one: counted as not solved, and what it cost."""
    if left is None:
        return ()
    after = rating_text(left.after, left.provisional)
    return (t("puzzle.left", language, after=after, change=_signed(left.after - left.before)),)


def _kept(over: bool, rating: int, provisional: bool) -> Html | None:
    """The player's rating to show under a ladder puzzle that is over (None while it is open)."""
    return Html(rating_text(rating, provisional)) if over else None


def ladder_board(language: str, result: Ladder, *, busy: bool = False) -> PuzzleBoard:
    """A ladder puzzle's screen: its clues and ratings; while open, how to answer (`busy`: a game takes what the
    player types) and the give-up button; once over, the code or the verdict, the rating's change and the next."""
    puzzle = result.puzzle
    variant = puzzle.variant
    title = _ladder_title(
        "puzzle.title.ladder", language, variant, result.puzzle_rating, result.rating, result.provisional
    )
    ending: list[Html] = []
    if result.gave_up:
        ending.append(t("puzzle.gave_up", language, solution=code_text(variant, puzzle.solution)))
    ending.extend(_rated_lines(language, result.change, _kept(result.over, result.rating, result.provisional)))
    prompt = () if result.over else (_prompt(language, variant, busy),)
    return PuzzleBoard(
        PuzzleTrack.LADDER,
        str(result.puzzle_id),
        variant.name,
        title,
        clues(language, puzzle, result.grade),
        prompt=prompt,
        verdict=_verdict(language, puzzle, result.grade, result.tries),
        notices=_left_lines(language, result.left),
        ending=tuple(ending),
        over=result.over,
        solved=result.solved,
        solution=puzzle.solution if result.over else None,
        tries=result.tries,
        rating=result.rating,
        puzzle_rating=result.puzzle_rating,
        provisional=result.provisional,
        choices=_ladder_choices(language, result.over, result.puzzle_id, variant),
    )


def next_board(language: str, result: NextLadder, *, busy: bool = False) -> PuzzleBoard:
    """A best-next-guess ladder puzzle's screen: its clues, how many codes fit them and its ratings; while open, what
    to name and the give-up button; after a guess, its loss and label and how it splits the codes beside how a best
    guess does, never which one that is; once over, the best guesses and what makes one best, the rating's change
    and the next."""
    puzzle, variant = result.puzzle, result.variant
    title = _ladder_title(
        "puzzle.title.next", language, variant, result.puzzle_rating, result.rating, result.provisional
    )
    verdict: tuple[Html, ...] = ()
    if result.grade is not None:
        verdict = _next_verdict(language, result)
    ending: list[Html] = []
    if result.gave_up:  # said first: what follows is the answer, not the player's
        ending.append(t("puzzle.next.gave_up", language))
    if result.over:  # named only now: named after a miss, the best would solve it at the second try
        ending.extend(_best_lines(language, result))
    ending.extend(_rated_lines(language, result.change, _kept(result.over, result.rating, result.provisional)))
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
        PuzzleTrack.LADDER,
        str(result.puzzle_id),
        variant.name,
        title,
        tuple(_clue(language, variant, number, turn.guess, turn.answer) for number, turn in enumerate(puzzle.turns, 1)),
        prompt=prompt,
        verdict=verdict,
        notices=_left_lines(language, result.left),
        ending=tuple(ending),
        over=result.over,
        solved=result.solved,
        solution=puzzle.best[0] if result.over else None,
        tries=result.tries,
        rating=result.rating,
        puzzle_rating=result.puzzle_rating,
        provisional=result.provisional,
        choices=_ladder_choices(language, result.over, result.puzzle_id, variant),
    )


def _best_lines(language: str, result: NextLadder) -> tuple[Html, ...]:
    """The best guesses (one or more) and how many guesses they win in, then what makes one of them best."""
    variant, puzzle = result.variant, result.puzzle
    shown = puzzle.best[:BEST_SHOWN]
    best = t(
        "puzzle.next.best" if len(shown) > 1 else "puzzle.next.best.one",
        language,
        best=Html(", ".join(code_text(variant, code) for code in shown)),
        least=decimal_text(puzzle.least, 2, language),
    )
    if result.why is None:
        return (best,)
    return (best, why_line(language, variant, result.why))


def why_line(language: str, variant: Variant, why: Partition) -> Html:
    """What makes a guess good, in terms a player can check: every code gets its own score (the code is known next
    turn), or the parts its scores split the codes into, and the most and the average it leaves."""
    guess = code_text(variant, why.guess)
    if why.identifies:
        return t("puzzle.next.why.apart", language, guess=guess, n=why.codes)
    return t(
        "puzzle.next.why.parts",
        language,
        guess=guess,
        n=why.codes,
        parts=Html(" · ".join(_part(language, part.score, part.size, part.win) for part in why.parts)),
        worst=why.worst,
        average=decimal_text(why.expected, 2, language),
    )


def _part(language: str, score: Score, size: int, win: bool) -> Html:
    """A part of a guess's split: the score and how many codes give it ('1🐂 1🐄 → 3'; the win: '4🐂 0🐄 → 🏆')."""
    if win:
        return t("puzzle.next.part.win", language, score=score_text(score, language))
    return t("puzzle.next.part", language, score=score_text(score, language), size=size)


def _next_verdict(language: str, result: NextLadder) -> tuple[Html, ...]:
    """What is said of a named guess: among the best, good enough (solved, in how many tries), or its loss and label
    and, beside how it splits the codes, how a best guess does (which one is not said: that would solve it)."""
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
    least = decimal_text(result.puzzle.least, 2, language)
    missed = t("puzzle.next.wrong", language, guess=guess, label=label, loss=loss, good=good, least=least)
    played, why = result.played, result.why
    if played is None or why is None:
        return (missed,)
    compared = t(
        "puzzle.next.compared",
        language,
        guess=guess,
        n=played.codes,
        worst=played.worst,
        average=decimal_text(played.expected, 2, language),
        best_worst=why.worst,
        best_average=decimal_text(why.expected, 2, language),
        least=least,
    )
    return (missed, compared)


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
        ending.extend(streak_lines(language, result.streak))
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
        PuzzleTrack.DAILY,
        result.day,
        variant.name,
        title,
        clues(language, puzzle, result.grade),
        prompt=prompt,
        verdict=_verdict(language, puzzle, result.grade, result.tries),
        notices=_left_lines(language, result.left),
        ending=tuple(ending),
        over=result.over,
        solved=result.solved,
        solution=puzzle.solution if result.over else None,
        tries=result.tries,
        share=share(language, result) if result.over else None,
        choices=choices,
    )


def streak_lines(language: str, streak: DayStreak) -> tuple[Html, ...]:
    """The puzzle of the day's run under its result: the days in a row and the best run while one is alive, the best
    run alone when none is, nothing when none ever began."""
    if streak.current:
        return (t("puzzle.streak", language, n=streak.current, best=streak.best),)
    if streak.best:
        return (t("puzzle.streak.best", language, n=streak.best),)
    return ()


def streak_line(language: str, streak: DayStreak) -> Html:
    """/streak's line for the puzzle of the day: the run and the best, or how to begin one."""
    if streak.best:
        return t("puzzle.streak.days", language, n=streak.current, best=streak.best)
    return t("puzzle.streak.none", language)


def standing_line(language: str, standing: PuzzleRating | None) -> Html | None:
    """/stats' line for the puzzle rating in the family shown: the number ("?" while provisional) and the rated
    puzzles behind it; None before the first."""
    if standing is None:
        return None
    rating = rating_text(standing.rating, standing.provisional)
    return t("puzzle.stats.rating", language, rating=rating, n=standing.puzzles)


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
        PuzzleTrack.GROUP,
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


def _rating_change(language: str, change: Change) -> Html:
    """The line a rated answer ends with: the player's new puzzle rating, by how much it moved, and the puzzle's."""
    return t(
        "puzzle.rating.change",
        language,
        after=rating_text(change.after, change.provisional),
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
    """The screen of a ladder puzzle (of either kind), of the puzzle of the day, or of a retry."""
    if isinstance(result, Ladder):
        return ladder_board(language, result, busy=busy)
    if isinstance(result, NextLadder):
        return next_board(language, result, busy=busy)
    if isinstance(result, Retry):
        return retry_board(language, result, busy=busy)
    return daily_board(language, result, busy=busy)


def retry_shown(language: str, result: Retry | Refusal, *, busy: bool = False) -> Outcome:
    """A retry begun (or why not: another puzzle is open)."""
    if isinstance(result, Refusal):
        return refused(language, result)
    return shown(language, result, busy=busy, made=True)


def retry_board(language: str, result: Retry, *, busy: bool = False) -> PuzzleBoard:
    """A retry's screen: the position of the player's own game (the guesses before it, the digits known) and how many
    codes fit; while open, what to name and the give-up button; after a guess, its label and loss as printed; once
    over, the best guesses, what makes the first best, and the way back to the review."""
    puzzle, variant = result.puzzle, result.variant
    title = (t("puzzle.retry.title", language, n=puzzle.number, variant=variant_name(variant, language)),)
    clues = tuple(
        _clue(language, variant, number, turn.guess, turn.answer) for number, turn in enumerate(puzzle.turns, 1)
    )
    prompt: tuple[Html, ...] = (t("puzzle.retry.fit", language, n=puzzle.count),)
    if puzzle.pins:  # the digits the player's hints had revealed by then
        known = dict(puzzle.pins)
        pattern = " ".join(str(known[place]) if place in known else "_" for place in range(variant.length))
        shown = f"<code>{pattern}</code>"
        if colourful(variant):
            shown += " " + colours_text(pattern.replace(" ", ""))
        prompt = (t("puzzle.retry.known", language, pattern=Html(shown)), *prompt)
    if not result.over:
        asked = t("puzzle.retry.prompt.busy", language, example=example(variant)) if busy else None
        prompt = (*prompt, asked or t("puzzle.retry.prompt", language))
    ending: list[Html] = []
    if result.over:
        least = decimal_text(puzzle.least, 2, language)
        best = Html(", ".join(code_text(variant, code) for code in puzzle.best))
        shown_least = least if puzzle.exact else Html(f"≈{least}")
        key = "puzzle.retry.best.one" if len(puzzle.best) == 1 else "puzzle.retry.best"
        ending.append(t(key, language, best=best, least=shown_least))
        if result.why is not None:
            ending.append(review.why_line(language, variant, result.why))
    if result.over:
        back = Choice(t("puzzle.retry.btn.back", language), puzzle.back, Does.REVIEW)
        choices: Choices = ((back,),)
    else:
        choices = (
            (_choice("puzzle.btn.give_up", language, cb.encode(ACTION, GIVE_UP, result.puzzle_id), Does.GIVE_UP),),
        )
    return PuzzleBoard(
        PuzzleTrack.LADDER,
        str(result.puzzle_id),
        variant.name,
        title,
        clues,
        prompt=prompt,
        verdict=_retry_verdict(language, result),
        ending=tuple(ending),
        over=result.over,
        solved=result.solved,
        solution=puzzle.best[0] if result.over and puzzle.best else None,
        tries=result.tries,
        choices=choices,
    )


def _retry_verdict(language: str, result: Retry) -> tuple[Html, ...]:
    """What is said of a guess named for a retry: among the best, good enough, or its label and loss (the best is
    named only once it is over)."""
    weighed, label = result.weighed, result.label
    if weighed is None or label is None:
        return ()
    guess = code_text(result.variant, weighed.played.guess)
    shown = review.label_text(language, label, weighed.exact)
    loss = decimal_text(review.printed(weighed.loss), 2, language)
    if result.solved and label == Label.BEST:
        return (t("puzzle.retry.solved.best", language, guess=guess, n=result.tries),)
    if result.solved:
        return (t("puzzle.retry.solved", language, guess=guess, label=shown, loss=loss, n=result.tries),)
    return (t("puzzle.retry.wrong", language, guess=guess, label=shown, loss=loss),)


def shown(language: str, result: Solving, *, busy: bool = False, made: bool = False) -> Outcome:
    """A puzzle shown (`made`: begun by this update)."""
    board = board_of(language, result, busy=busy)
    account = Account(Did.MADE if made else Did.SHOWN, notice=None, screen=board)
    return Outcome.say(reply(board), account=account)


def answered(language: str, result: Solving) -> Outcome:
    """The screen after an answer or giving up, then (the puzzle of the day over) its result to forward."""
    board = board_of(language, result)
    replies = [reply(board)]
    if board.share is not None and isinstance(result, Daily) and (result.grade is not None or result.over):
        replies.append(Reply(board.share))
    notice = lines(*board.verdict, *board.ending) or None
    return Outcome.say(*replies, account=Account(Did.MADE, notice=notice, screen=board))


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


def day_board(language: str, board: DaySolvers, *, private: bool = True) -> Outcome:
    """The day's board: its solvers by tries, then time; in a private chat it ends with a way to go on (the ladder's
    next puzzle; in a group, where puzzles are not begun, with none)."""
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
    shown = DayBoard(tuple(rows))
    text = lines(*shown.lines)
    go_on = ((Button(t("puzzle.btn.next", language), cb.encode(ACTION, NEXT)),),) if private else ()
    return Outcome.say(Reply(text, go_on), account=Account(notice=text, screen=shown))


def group_posted(language: str, result: GroupDaily, bot_username: str | None) -> Outcome:
    """The day's puzzle posted in the group."""
    shown = reply(group_board(language, result))
    if bot_username:  # a link to the private chat, where the day's puzzle counts for the streak and the board
        link = Button(t("puzzle.btn.private", language), url=f"https://t.me/{bot_username}?start={DEEP_LINK}")
        shown = replace(shown, buttons=((link,),))
    return Outcome.say(shown, account=Account(Did.SHOWN))


def group_answered(language: str, result: GroupDaily, name: str) -> Outcome:
    """An answer in the group, one of its sender's tries at the day's puzzle: the first solver celebrated, a later one
    told who was first, a wrong one which clue it breaks (the clues are public: nothing is spoiled); no reply prints
    the code while the day lasts."""
    verdict = result.grade
    assert verdict is not None
    puzzle = result.puzzle
    tries = result.player.tries if result.player is not None else 1
    if verdict.solved and result.first:
        text = t("puzzle.group.first", language, name=name, n=tries)
        return Outcome.say(Reply(text), account=Account(Did.MADE, notice=text))
    if verdict.solved:
        text = t("puzzle.group.also", language, name=name, first=result.post.solver_name or "", n=tries)
        return Outcome.say(Reply(text), account=Account(Did.MADE, notice=text))
    first = verdict.broken[0]
    text = t(
        "puzzle.group.wrong",
        language,
        name=name,
        answer=code_text(puzzle.variant, verdict.answer),
        number=first.clue + 1,
        guess=code_text(puzzle.variant, first.guess),
        would=score_text(first.would_score, language),
        shown=score_text(first.shown, language),
    )
    return Outcome.say(Reply(text), account=Account(Did.MADE, notice=text))
