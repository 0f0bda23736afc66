"""Puzzle Storm's screens: the services' results as typed screens (bot/storm/board.py), and the chat's Outcomes whose
account carries them (what the update did, and the screen, for the Mini App to draw)."""

from __future__ import annotations

import math
from datetime import datetime, timedelta

from bot import callback_data as cb
from bot import records
from bot.boards import chat as chat_board
from bot.boards.model import Choice, Choices, Does
from bot.refusal import Refusal
from bot.replies import Account, Button, Did, Outcome, Placement, Reply
from bot.storm.board import BoardLine, BoardsScreen, RacerLine, RacerScreen, RunScreen, StormClue
from bot.storm.racer import Standings
from bot.storm.service import Boards, RunShown
from bot.storm.store import Best, RacerPhase
from bot.texts import Html, code_text, date_text, duration_text, lines, score_text, t

ACTION = "sm"  # Storm's buttons: sm:<verb>[:<id>]
STOP, AGAIN, BOARDS = "x", "n", "b"  # sm:x:<run>: stop that run; sm:n: a new run; sm:b: the boards
ANSWER = "a"  # sm:a:<run>:<place>:<code>: the page's answer to the puzzle at that place of that run (none else)
JOIN, START, ANOTHER = "j", "s", "r"  # sm:j:<racer>, sm:s:<racer>: join, start (in the group); sm:r: another Racer
DEEP_LINK = "storm"  # t.me/<bot>?start=storm: /storm in the private chat
MAX_LISTED = 15  # players a Racer's standings list by name; the rest are counted


def clock_text(left: timedelta) -> str:
    """Time on a run's clock as a countdown shows it, whole seconds rounded up: '2:32', '0:07'.

    >>> clock_text(timedelta(seconds=151.6)), clock_text(timedelta(seconds=7)), clock_text(timedelta(0))
    ('2:32', '0:07', '0:00')
    """
    minutes, seconds = divmod(whole_seconds(left), 60)
    return f"{minutes}:{seconds:02d}"


def whole_seconds(left: timedelta) -> int:
    """Seconds left, rounded up (a clock shows 3:00 until a whole second has gone); never below zero."""
    return max(0, math.ceil(round(left.total_seconds(), 3)))


def _choice(key: str, language: str, data: str, does: Does) -> Choice:
    return Choice(t(key, language), data, does)


# -- a run


def run_screen(language: str, shown: RunShown) -> RunScreen:
    """A run's screen after an update: the verdict on the answer just given, then the puzzle now, or the ending."""
    run = shown.run
    racing = run.racer_id is not None
    tally = run.tally
    puzzle = shown.puzzle
    title = t("storm.title.racer" if racing else "storm.title", language, n=tally.place + 1, total=len(run.sequence))
    clock = t(
        "storm.clock",
        language,
        left=clock_text(shown.left),
        solved=tally.solved,
        wrong=tally.wrong,
        streak=tally.streak,
    )
    clues: tuple[StormClue, ...] = ()
    if puzzle is not None and not shown.over:
        clues = tuple(
            StormClue(
                number,
                turn.guess,
                turn.answer,
                t(
                    "storm.clue",
                    language,
                    number=number,
                    guess=code_text(puzzle.variant, turn.guess),
                    score=score_text(turn.answer, language),
                ),
            )
            for number, turn in enumerate(puzzle.clues, start=1)
        )
    return RunScreen(
        run.id,
        run.racer_id,
        run.variant,
        title,
        clock,
        run.ends_at,
        whole_seconds(shown.left),
        tally.place,
        len(run.sequence),
        tally.solved,
        tally.wrong,
        tally.streak,
        clues=clues,
        prompt=() if shown.over else (t("storm.prompt", language),),
        verdict=_verdict(language, shown),
        ending=_ending(language, shown) if shown.over else (),
        over=shown.over,
        choices=_run_choices(language, shown),
    )


def _verdict(language: str, shown: RunShown) -> tuple[Html, ...]:
    """What is said of the answer just given: right (and the time a streak gave back), or wrong (the first clue it
    breaks, the code when alone: in a Racer others may be at that puzzle still, and the time it cost)."""
    graded, puzzle = shown.graded, shown.answered
    if graded is None or puzzle is None:
        return ()
    answer = code_text(puzzle.variant, graded.answer)
    if graded.solved:
        if shown.change > 0:
            return (t("storm.right.bonus", language, answer=answer, n=shown.run.tally.streak, s=shown.change),)
        return (t("storm.right", language, answer=answer),)
    first = graded.broken[0]
    params: dict[str, object] = {
        "answer": answer,
        "number": first.clue + 1,
        "would": score_text(first.would_score, language),
        "shown": score_text(first.shown, language),
        "s": -shown.change,
    }
    if shown.run.racer_id is not None:
        return (t("storm.wrong.racer", language, **params),)
    return (t("storm.wrong", language, **params, solution=code_text(puzzle.variant, puzzle.solution)),)


def _ending(language: str, shown: RunShown) -> tuple[Html, ...]:
    """How a run ended and its result; alone, the player's bests and today's leader; in a Racer, where the
    standings are."""
    run = shown.run
    if shown.late:
        how = t("storm.over.late", language)
    elif shown.stopped:
        how = t("storm.over.stopped", language)
    elif run.tally.place >= len(run.sequence):
        how = t("storm.over.all", language)
    else:
        how = t("storm.over.time", language)
    tally = run.tally
    if run.racer_id is not None:
        return (how, t("storm.racer.over.you", language, solved=tally.solved))
    said = [how, t("storm.result", language, solved=tally.solved, wrong=tally.wrong, streak=tally.best_streak)]
    ending = shown.ending
    if ending is not None:
        if ending.new_best:
            said.append(t("storm.best.new", language))
        if ending.best is not None:
            today = ending.today.solved if ending.today is not None else 0
            said.append(t("storm.best", language, best=ending.best.solved, today=today))
        leader = ending.leader
        if leader is not None and leader.user_id == run.user_id:
            said.append(t("storm.leader.you", language, n=leader.solved))
        elif leader is not None:
            said.append(t("storm.leader", language, n=leader.solved, name=leader.name))
    return tuple(said)


def _run_choices(language: str, shown: RunShown) -> Choices:
    """While a run goes on, ⏹ Stop; once a run alone is over, another and the boards."""
    if not shown.over:
        return ((_choice("storm.btn.stop", language, cb.encode(ACTION, STOP, shown.run.id), Does.STOP),),)
    if shown.run.racer_id is not None:
        return ()
    return (
        (
            _choice("storm.btn.again", language, cb.encode(ACTION, AGAIN), Does.AGAIN),
            _choice("storm.btn.boards", language, cb.encode(ACTION, BOARDS), Does.BOARD),
        ),
    )


def run_reply(screen: RunScreen, chat_id: int | None = None) -> Reply:
    """The message that shows a run's screen (in the player's private chat: `chat_id` when the update came from
    elsewhere)."""
    return Reply(lines(*screen.lines), chat_board.keyboard(screen.choices), chat_id=chat_id)


def run_outcome(language: str, shown: RunShown, *also: Reply, made: bool = True) -> Outcome:
    """A run shown after an update (`made`: the update changed it), with other messages after it (the Racer's
    standings in its group)."""
    screen = run_screen(language, shown)
    notice = lines(*screen.verdict, *screen.ending) or None
    return Outcome.say(
        run_reply(screen), *also, account=Account(Did.MADE if made else Did.SHOWN, notice=notice, screen=screen)
    )


def refused(language: str, refusal: Refusal, *, toast: bool = False) -> Outcome:
    """Nothing changed, and why."""
    return Outcome.refused(refusal, t(refusal.key, language, **refusal.params), toast=toast)


def lobby_wait(language: str, starts_at: datetime, now: datetime) -> Outcome:
    """/storm in private while the player waits in a Racer's lobby: when it starts."""
    wait = duration_text(max(timedelta(0), starts_at - now), language)
    return Outcome.text(t("storm.lobby", language, wait=wait))


# -- the boards


def _board_line(language: str, place: int, best: Best) -> BoardLine:
    name = records.display_name(language, best.name, best.user_id)
    line = t("storm.boards.line", language, place=records.MEDALS.get(place, f"{place}."), name=name, n=best.solved)
    return BoardLine(place, best.user_id, best.name, best.solved, best.wrong, line)


def boards_screen(language: str, boards: Boards) -> BoardsScreen:
    """Today's board and the all-time board, and the player's bests."""
    today = tuple(_board_line(language, place, best) for place, best in enumerate(boards.today, start=1))
    all_time = tuple(_board_line(language, place, best) for place, best in enumerate(boards.all_time, start=1))
    best = boards.best.solved if boards.best is not None else None
    best_today = boards.best_today.solved if boards.best_today is not None else None
    yours = (
        t("storm.boards.yours", language, best=best, today=best_today or 0)
        if best is not None
        else t("storm.boards.none_yours", language)
    )
    return BoardsScreen(
        boards.day,
        t("storm.boards.today", language, day=date_text(boards.day, language)),
        today,
        t("storm.boards.all", language),
        all_time,
        yours,
        best,
        best_today,
        today_note=_board_note(language, len(today), boards.today_players),
        all_time_note=_board_note(language, len(all_time), boards.all_time_players),
        choices=((_choice("storm.btn.run", language, cb.encode(ACTION, AGAIN), Does.NEW),),),
    )


def _board_note(language: str, listed: int, players: int) -> Html | None:
    if not listed:
        return t("storm.boards.empty", language)
    return t("storm.boards.count", language, n=players) if players > listed else None


def boards_outcome(language: str, boards: Boards, *, private: bool = True) -> Outcome:
    """The boards shown (in a group, without the button that starts a run: runs are private)."""
    screen = boards_screen(language, boards)
    buttons = chat_board.keyboard(screen.choices) if private else ()
    return Outcome.say(Reply(lines(*screen.lines), buttons), account=Account(Did.SHOWN, screen=screen))


# -- a Racer's standings


def racer_screen(language: str, standings: Standings, now: datetime) -> RacerScreen:
    """A Racer's standings: in its lobby who has joined and when it starts; under way and over, each player's
    puzzles solved, best first, and at the end its winner."""
    racer = standings.racer
    ranked = standings.ranked
    rows = []
    for place, result in enumerate(ranked[:MAX_LISTED], start=1):
        run = standings.run_of(result.user_id)
        done = run is not None and run.over and racer.phase != RacerPhase.OVER
        line = t(
            "storm.racer.line",
            language,
            place=records.MEDALS.get(place, f"{place}.") if racer.phase == RacerPhase.OVER else f"{place}.",
            name=result.name,
            solved=result.solved,
            wrong=result.wrong,
            done=" 🏁" if done else "",
        )
        rows.append(
            RacerLine(place, result.user_id, result.name, result.solved, result.wrong, bool(run and run.over), line)
        )
    notices: list[Html] = []
    if len(ranked) > MAX_LISTED:
        notices.append(t("storm.racer.more", language, n=len(ranked) - MAX_LISTED))
    if racer.phase == RacerPhase.LOBBY:
        title = lines(t("storm.racer.title.lobby", language), t("storm.racer.rules", language))
        names = ", ".join(p.name for p in standings.players[:MAX_LISTED])
        rows = []  # in the lobby, the players are one line
        joined = t("storm.racer.players", language, n=len(standings.players), names=names)
        wait = duration_text(max(timedelta(0), racer.starts_at - now), language)
        notices = [joined if standings.players else t("storm.racer.nobody", language)]
        if len(standings.players) > MAX_LISTED:
            notices.append(t("storm.racer.more", language, n=len(standings.players) - MAX_LISTED))
        notices.append(t("storm.racer.starts", language, wait=wait))
    elif racer.phase == RacerPhase.OVER:
        title = t("storm.racer.title.over", language)
        winner = next((r for r in ranked if r.user_id == racer.winner_id), None)
        if not standings.players:
            notices.append(t("storm.racer.empty", language))
        elif not standings.runs:  # players, but no puzzle was ready when it was to start
            notices.append(t("storm.racer.no_puzzles", language))
        elif winner is not None:
            notices.append(t("storm.racer.winner", language, name=winner.name, n=winner.solved))
        else:
            notices.append(t("storm.racer.no_winner", language))
    else:
        title = t("storm.racer.title.running", language, n=len(standings.players))
    return RacerScreen(
        racer.id,
        racer.phase,
        title,
        tuple(rows),
        tuple(notices),
        starts_at=racer.starts_at if racer.phase == RacerPhase.LOBBY else None,
        winner_id=racer.winner_id,
        choices=_racer_choices(language, standings),
    )


def _racer_choices(language: str, standings: Standings) -> Choices:
    racer = standings.racer
    if racer.phase == RacerPhase.LOBBY:
        return (
            (
                _choice("storm.btn.join", language, cb.encode(ACTION, JOIN, racer.id), Does.JOIN),
                _choice("storm.btn.start", language, cb.encode(ACTION, START, racer.id), Does.START),
            ),
        )
    if racer.phase == RacerPhase.OVER:
        return ((_choice("storm.btn.racer_again", language, cb.encode(ACTION, ANOTHER), Does.AGAIN),),)
    return ()


def racer_reply(
    language: str, standings: Standings, now: datetime, *, fresh: bool = False
) -> tuple[Reply, RacerScreen]:
    """The standings message in the Racer's group, over the one that shows them now (`fresh`: sent anew below it),
    with a link to the private chat where the puzzles come while it is not over; and its screen."""
    screen = racer_screen(language, standings, now)
    racer = standings.racer
    buttons = chat_board.keyboard(screen.choices)
    if racer.phase != RacerPhase.OVER and racer.bot_username:
        link = Button(t("storm.btn.open", language), url=f"https://t.me/{racer.bot_username}?start={DEEP_LINK}")
        buttons = (*buttons, (link,))
    placement = Placement(racer_id=racer.id, in_place=not fresh)
    reply = Reply(lines(*screen.lines), buttons, placement, chat_id=racer.chat_id, topic=racer.topic)
    return reply, screen


def racer_outcome(
    language: str, standings: Standings, now: datetime, *, fresh: bool = False, made: bool = True
) -> Outcome:
    """The standings shown in the group (`made`: the update changed them)."""
    reply, screen = racer_reply(language, standings, now, fresh=fresh)
    return Outcome.say(reply, account=Account(Did.MADE if made else Did.SHOWN, screen=screen))


def welcome(language: str, standings: Standings, now: datetime, user_id: int) -> Reply:
    """The private message a player gets on joining a Racer: when it starts, where the puzzles come."""
    wait = duration_text(max(timedelta(0), standings.racer.starts_at - now), language)
    return Reply(t("storm.racer.welcome", language, wait=wait), chat_id=user_id)
