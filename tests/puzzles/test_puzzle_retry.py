"""A retry of a reviewed game's position (bot/puzzles/retry.py) on the puzzles' fair service: it is no ladder puzzle,
so the parking rule never fails or rates it, it never holds up the ladder or the day's puzzle, and it counts for
nothing on the ladder (the turn of kinds, the latest variant, the stock's variants); it can park none (refused while
a ladder puzzle or today's is open); a code the game had guessed there costs nothing; an answer reads the puzzles'
tables once and writes once, as a ladder puzzle's does; a second retry of the same position begins afresh."""

from __future__ import annotations

import re

from bot.puzzles import retry
from bot.puzzles import service as puzzles
from bot.puzzles.store import Question
from bot.refusal import Refusal
from bot.review.figures import shown_label
from bot.texts import plain, t
from engine.history import Turn
from engine.review import guess_loss
from engine.scoring import score
from engine.variant import variant_named
from tests.bot.members import Member, sent
from tests.puzzles.test_puzzle_fair import CLASSIC, deps_of, open_ladder, repo_of, stocked, today_solution

USER = 1001  # the chat fixture's player
SECRET = "5274"
TURNS = [Turn("0123", score(SECRET, "0123")), Turn("4567", score(SECRET, "4567"))]  # the game's guesses before it


def retry_of(number: int = 3, back: str = "rv:g:1") -> retry.RetryPuzzle:
    return retry.retry_puzzle(CLASSIC, TURNS, None, number, back)


def solving(code: str) -> bool:
    weighed = guess_loss(CLASSIC, TURNS, None, code)
    return shown_label(weighed.loss, weighed.label) in retry.SOLVES


def poor() -> str:
    """A code that does not solve the retry (nor is one of its clues)."""
    return next(
        code
        for code in map(CLASSIC.code, range(0, CLASSIC.size, 97))
        if code not in {turn.guess for turn in TURNS} and not solving(code)
    )


async def opened(app, user_id: int = USER, puzzle: retry.RetryPuzzle | None = None) -> retry.Retry | Refusal:
    deps = deps_of(app)
    async with deps.transaction():
        return await puzzles.open_retry(deps, user_id, puzzle or retry_of())


async def retry_id(app, user_id: int = USER) -> int:
    current = await repo_of(app).current(user_id)
    assert current is not None
    assert current.puzzle_id is not None
    assert (await repo_of(app).puzzle(current.puzzle_id)).question == Question.RETRY
    return current.puzzle_id


async def test_a_retry_left_for_the_days_puzzle_or_the_ladder_is_neither_failed_nor_rated(chat, app):
    await stocked(app)
    begun = await opened(app)
    assert isinstance(begun, retry.Retry)
    [day] = sent(await chat.send("/puzzle daily"))  # the retry left: the parking rule must not rate it
    assert "🏳️" not in day.text
    attempt = await repo_of(app).attempt(USER, begun.puzzle_id)
    assert (attempt.rated, attempt.ended, attempt.gave_up) == (False, False, False)  # open, for later
    await chat.send(await today_solution(app))
    assert isinstance(await opened(app), retry.Retry)  # the day's is over: a retry may be begun again
    [shown] = sent(await chat.send("/puzzle"))  # /puzzle alone: the one being solved, the retry
    assert shown.text.startswith("🔁")
    [ladder] = sent(await chat.send("/puzzle classic"))  # the ladder asked for: the retry left open again
    assert "🏳️" not in ladder.text
    assert "Which code is it?" in ladder.text
    assert (await open_ladder(app, USER)).question != Question.RETRY
    conn = deps_of(app).store.conn
    assert await conn.execute_fetchall("SELECT * FROM puzzle_ratings") == []
    assert await repo_of(app).seen_count(USER) == 1  # the ladder's one: a retry is none


async def test_a_retry_parks_nothing_it_is_refused_while_a_ladder_or_todays_puzzle_is_open(chat, app):
    await stocked(app)
    await chat.send("/puzzle daily")
    assert await opened(app) == Refusal("puzzle.retry.busy")
    await chat.send(await today_solution(app))
    await chat.send("/puzzle")
    ladder = await open_ladder(app, USER)
    assert await opened(app) == Refusal("puzzle.retry.busy")
    assert (await repo_of(app).current(USER)).puzzle_id == ladder.id  # still the ladder's
    assert (await repo_of(app).attempt(USER, ladder.id)).rated is False
    await chat.press(f"pz:g:{ladder.id}")  # given up: nothing is open now
    assert isinstance(await opened(app), retry.Retry)


async def test_a_retry_counts_for_nothing_on_the_ladder_its_kinds_its_variant_or_the_stock(chat, app):
    mastermind = variant_named("mastermind")
    await stocked(app)
    await stocked(app, mastermind)
    await chat.send("/puzzle mastermind")
    await chat.press(f"pz:g:{(await open_ladder(app, USER)).id}")  # the latest ladder puzzle: mastermind's
    assert isinstance(await opened(app), retry.Retry)  # a classic game's position
    repo = repo_of(app)
    loaded = await repo.load(USER, ladder=True, latest=True)
    assert (loaded.seen, loaded.last_variant) == (1, "mastermind")
    assert await repo.variants() == ["classic", "mastermind"]
    await chat.press("pz:n")  # ⏭ Next, no variant named: the ladder's latest, not the retry's
    assert (await open_ladder(app, USER)).variant == "mastermind"


async def test_a_retry_answer_reads_once_and_writes_once_and_a_clue_code_costs_nothing(chat, app):
    deps = deps_of(app)
    await opened(app)
    puzzle_id = await retry_id(app)
    conn = deps.store.conn  # aiosqlite's public trace: every statement passes it, whichever thread runs it
    traced: list[str] = []

    async def counted(text: str) -> tuple[int, list[str], list]:
        """The statements of the try that counted (a try that asked for the engine's grade was rolled back): how
        many read the puzzles' tables, and what each write writes; and what was said."""
        traced.clear()
        await conn.set_trace_callback(traced.append)
        try:
            said = sent(await chat.send(text))
        finally:
            await conn.set_trace_callback(None)
        statements = [" ".join(s.split()).upper() for s in traced]
        rolled = [i for i, s in enumerate(statements) if s.startswith("ROLLBACK")]
        statements = statements[rolled[-1] + 1 :] if rolled else statements
        reads = sum(s.startswith("SELECT") and re.search(r"(FROM|JOIN) PUZZLE", s) is not None for s in statements)
        writes = [re.match(r"(INSERT|UPDATE|DELETE)( OR IGNORE)?( INTO| FROM)? (\w+)", s) for s in statements]
        return reads, [f"{w[1]} {w[4]}" for w in writes if w is not None and w[4].startswith("PUZZLE")], said

    clue = TURNS[0].guess
    reads, writes, [refused] = await counted(clue)  # the game's own guess there: it tells nothing, costs nothing
    assert (reads, writes) == (1, [])
    assert refused.text == t("puzzle.next.clue_code", "en", code=clue, number=1)
    reads, writes, [missed] = await counted(poor())
    assert (reads, writes) == (1, ["UPDATE PUZZLE_ATTEMPTS"])  # one more try: never rated
    assert "❌" in missed.text
    best = retry_of().best[0]
    reads, writes, [solved] = await counted(best)
    assert (reads, writes) == (1, ["UPDATE PUZZLE_ATTEMPTS", "DELETE PUZZLE_CURRENT"])  # solved: done
    assert plain(t("puzzle.retry.solved.best", "en", guess=best, n=2)) in plain(solved.text)
    attempt = await repo_of(app).attempt(USER, puzzle_id)
    assert (attempt.tries, attempt.ended, attempt.gave_up, attempt.rated) == (2, True, False, False)


async def test_a_second_retry_of_the_same_position_begins_afresh_in_the_same_row(chat, app, recorded):
    first = await opened(app)
    assert isinstance(first, retry.Retry)
    await chat.press(f"pz:g:{first.puzzle_id}")  # given up: the best shown, never rated
    again = await opened(app)
    assert isinstance(again, retry.Retry)
    assert again.puzzle_id == first.puzzle_id
    attempt = await repo_of(app).attempt(USER, first.puzzle_id)
    assert (attempt.tries, attempt.ended, attempt.gave_up) == (0, False, False)
    other = await opened(app, 1002)  # another player's retry of "the same" button is a row of their own
    assert isinstance(other, retry.Retry)
    assert other.puzzle_id != first.puzzle_id
    stranger = Member(app, recorded, 1003, "Eve").in_private()  # a hand-made give-up of another's retry
    await stranger.press(f"pz:g:{first.puzzle_id}")
    assert (await repo_of(app).attempt(USER, first.puzzle_id)).ended is False
    conn = deps_of(app).store.conn
    assert await conn.execute_fetchall("SELECT * FROM puzzle_ratings") == []
    assert [tuple(r) for r in await conn.execute_fetchall("SELECT count(*) FROM puzzles WHERE kind = 'retry'")] == [
        (2,)
    ]
