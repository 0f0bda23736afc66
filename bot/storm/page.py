"""Puzzle Storm's page faces: a run's screen and the boards (bot/storm/board.py's models, which the Account of every
Outcome that shows one carries) as the page's JSON, listed in the register (`page_faces`), and the Storm tab's read
(GET /api/storm).

The clock is the server's: a run's end is stored and every answer is judged against it (bot/storm/service.py); the
page is given the end and the whole seconds left when the server answered, and counts down from them for display
only. When its countdown runs out it reads the tab again: the run as the server has it (closed by Storm's timer, or
about to be). The page answers a puzzle by naming its run and place (`sm:a:<run>:<place>:<code>`, Storm's own
button data): an answer to a puzzle no longer on screen is refused and costs nothing. A Racer's run stays the chat's
(its standings are its group's): the page has no face for it."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC
from typing import TYPE_CHECKING

from bot.boards import page as page_board
from bot.days import day_of
from bot.page import schema
from bot.situation import Situation
from bot.storm import rules
from bot.storm import screens as view
from bot.storm import service as storm
from bot.storm.board import BoardLine, BoardsScreen, RunScreen
from bot.texts import plain
from bot.who import Who
from engine.variant import variant_named

if TYPE_CHECKING:
    from bot.core import Core


def alone(screen: RunScreen) -> bool:
    """Whether the page draws this run: a run alone (a Racer's is the chat's)."""
    return screen.racer_id is None


def run(screen: RunScreen) -> schema.StormRunScreen:
    """A run as the page draws it: the verdict, the puzzle's clues, the server's clock, the tally, the ending."""
    return schema.StormRunScreen(
        run=screen.run_id,
        variant=screen.variant,
        length=variant_named(screen.variant).length,
        title=plain(screen.title),
        clock=plain(screen.clock),
        ends_at=screen.ends_at.astimezone(UTC).isoformat(),
        seconds_left=screen.seconds_left,
        place=screen.place,
        total=screen.total,
        solved=screen.solved,
        wrong=screen.wrong,
        streak=screen.streak,
        clues=[
            schema.StormClue(number=clue.number, guess=clue.guess, bulls=clue.score.bulls, cows=clue.score.cows)
            for clue in screen.clues
        ],
        prompt=[plain(line) for line in screen.prompt],
        verdict=[plain(line) for line in screen.verdict],
        ending=[plain(line) for line in screen.ending],
        over=screen.over,
        choices=[page_board.choice_data(choice) for row in screen.choices for choice in row],
    )


def _line(line: BoardLine) -> schema.StormBoardLine:
    return schema.StormBoardLine(
        place=line.place, name=line.name, solved=line.solved, wrong=line.wrong, line=plain(line.line)
    )


def boards(screen: BoardsScreen) -> schema.StormBoardsScreen:
    """Today's board, the all-time board and the player's bests."""
    return schema.StormBoardsScreen(
        day=screen.day,
        today_title=plain(screen.today_title),
        today=[_line(line) for line in screen.today],
        today_note=plain(screen.today_note) if screen.today_note is not None else None,
        all_time_title=plain(screen.all_time_title),
        all_time=[_line(line) for line in screen.all_time],
        all_time_note=plain(screen.all_time_note) if screen.all_time_note is not None else None,
        yours=plain(screen.yours),
        best=screen.best,
        best_today=screen.best_today,
        choices=[page_board.choice_data(choice) for row in screen.choices for choice in row],
    )


async def tab(core: Core, who: Who, query: Mapping[str, str]) -> schema.StormTab:
    """GET /api/storm: the player's open run alone as it stands (or, once over, their latest run's ending), the boards,
    and whether a Racer's run is on. A read: it starts no clock and closes no run (Storm's timer does)."""
    return await core.read(who, _tab)


async def _tab(s: Situation) -> schema.StormTab:
    deps, user, language = s.deps, s.who.user_id, s.language
    shown_boards = boards(view.boards_screen(language, await storm.boards(deps, user)))
    latest = await storm.repository(deps).last_run(user)
    if latest is not None and latest.racer_id is not None:
        return schema.StormTab(run=None, boards=shown_boards, racer=not latest.over)
    if latest is None or (latest.over and latest.day != day_of(deps.clock())):
        return schema.StormTab(run=None, boards=shown_boards, racer=False)
    now = deps.clock()
    if not latest.over:  # open: as it stands (its clock may have run out: the timer closes it within a second)
        puzzle = await storm.puzzle_at(deps, latest) if rules.counts(latest.ends_at, now) else None
        shown = storm.RunShown(latest, puzzle, now)
    else:  # over: its ending, the boards as it left them
        closed_at = latest.closed_at or latest.ends_at
        stopped = closed_at < latest.ends_at and latest.tally.place < len(latest.sequence)
        shown = storm.RunShown(latest, None, now, stopped=stopped, ending=await storm.ending_of(deps, latest))
    return schema.StormTab(run=run(view.run_screen(language, shown)), boards=shown_boards, racer=False)
