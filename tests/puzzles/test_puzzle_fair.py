"""Puzzles that are fair (issue 34, points 10–15 and 21), each against the cheat or slip that would buy a verdict:
a puzzle parked to skip it, a provisional rating earning an award, a clock that starts after the clues were seen, a
group answer graded for free or printing the code, "⏭ Next puzzle" leaving the player's variant, a clue's own code
counted as a wrong try, a newcomer given puzzles rated far above them, a replayed answer counted twice; and the
puzzle rating in /stats. Through the whole Application (the chat) and the Mini App's API (the page)."""

from __future__ import annotations

import asyncio
import re
import shutil
from datetime import timedelta
from pathlib import Path

import pytest

from bot import callback_data as cb
from bot.days import day_of
from bot.puzzles import rating as puzzle_rating
from bot.puzzles import screens as puzzle_screens
from bot.puzzles import service as puzzles
from bot.puzzles.store import SqlitePuzzleRepository
from bot.records.rating import Skill
from bot.store.db import open_database
from bot.store.migrations import MIGRATIONS_DIR, migrate
from engine.history import Turn, candidates
from engine.inverse import start_mu
from engine.partition import partition
from engine.review.game import GuessCost, GuessLoss
from engine.review.labels import Label
from engine.review.puzzle import NextGuessGrade, NextGuessPuzzle
from engine.scoring import Score
from tests.bot.fakes import Clock, telegram_app
from tests.bot.members import GROUP, Chat, Member, sent
from tests.webapp.harness import USER, mini_app

CLASSIC = puzzles.DAILY_VARIANT
DAILY, NEXT = (cb.encode(puzzle_screens.ACTION, verb) for verb in (puzzle_screens.DAILY, puzzle_screens.NEXT))


def deps_of(app):
    return app.bot_data.runtime.core.deps


def repo_of(app) -> SqlitePuzzleRepository:
    return deps_of(app).store.repository(SqlitePuzzleRepository)


async def today_solution(app) -> str:
    deps = deps_of(app)
    return (await puzzles.day_puzzle(deps, day_of(deps.clock()))).solution


def wrong_for(solution: str) -> str:
    return "0123" if solution != "0123" else "4567"


async def stocked(app, variant=CLASSIC, count: int = 60) -> None:
    """A shelf made ahead, as the stock makes it."""
    deps = deps_of(app)
    rows = await asyncio.to_thread(puzzles.made, variant, list(range(1000, 1000 + count)))
    async with deps.transaction():
        await repo_of(app).add(rows, deps.clock())


async def open_ladder(app, user_id: int):
    repo = repo_of(app)
    return await repo.puzzle((await repo.current(user_id)).puzzle_id)


# -- 10. parking: a puzzle left unanswered counts as failed when another is asked for


async def test_a_ladder_puzzle_left_for_the_days_counts_as_failed_and_the_ladder_moves_on(chat, app):
    await stocked(app)
    await chat.send("/puzzle")  # the day's first
    await chat.send(await today_solution(app))
    [first] = sent(await chat.send("/puzzle"))
    left = await open_ladder(app, 1001)
    assert "Which code is it?" in first.text
    [again] = sent(await chat.send("/puzzle"))  # asked again: the same puzzle, nothing skipped
    assert (await open_ladder(app, 1001)).id == left.id
    assert "your puzzle rating 1500?" in again.text
    clock = deps_of(app).clock
    clock.advance(12 * 3600)  # the next day: its puzzle asked for, the ladder's left unanswered
    [day] = sent(await chat.send("/puzzle daily"))
    lost = puzzle_rating.attempted(Skill(), left.skill, solved=False).player
    after = puzzle_rating.player_shown(lost)
    assert f"🏳️ The puzzle you left unanswered counts as not solved: your puzzle rating {after}? (−" in day.text
    repo = repo_of(app)
    assert await repo.skill(1001, "digits") == lost
    attempt = await repo.attempt(1001, left.id)
    assert (attempt.rated, attempt.solved_first, attempt.ended, attempt.tries) == (True, False, True, 0)
    [shown] = sent(await chat.press("pz:n"))
    assert (await open_ladder(app, 1001)).id != left.id
    assert "🏳️" not in shown.text  # nothing was left this time


async def test_a_ladder_puzzle_left_for_another_variant_counts_as_failed_in_russian(app, recorded):
    await stocked(app)
    await stocked(app, puzzles.variant_named("mastermind"))
    anya = Member(app, recorded, 11, "Аня", language_code="ru").in_private()
    await anya.send("/puzzle")
    await anya.send(await today_solution(app))
    await anya.send("/puzzle classic")
    left = await open_ladder(app, 11)
    [other] = sent(await anya.send("/puzzle mastermind"))
    assert "🏳️ Головоломка, оставленная без ответа, засчитана как нерешённая: твой рейтинг в головоломках " in other.text
    assert (await open_ladder(app, 11)).variant == "mastermind"
    assert (await repo_of(app).attempt(11, left.id)).solved_first is False


async def test_on_the_page_a_puzzle_cannot_be_parked_to_skip_it(tmp_path):
    async with mini_app(tmp_path) as web:
        await stocked(web.app)
        first = (await web.act("puzzle-next-1", data=NEXT))["screen"]
        assert (await web.act("puzzle-next-2", data=NEXT))["screen"]["key"] == first["key"]  # asked again: the same one
        await web.act("puzzle-daily-1", data=DAILY)  # asked for another
        second = (await web.act("puzzle-next-3", data=NEXT))["screen"]
        assert second["key"] != first["key"]
        repo = web.runtime.core.deps.store.repository(SqlitePuzzleRepository)
        parked = await repo.attempt(USER, int(first["key"]))
        assert (parked.rated, parked.solved_first, parked.ended) == (True, False, True)
        assert (await repo.skill(USER, "digits")).games == 1
        assert second["rating"] < 1500  # the loss shows
        assert second["provisional"] is True


# -- 10. an award for a rating needs an established one


async def set_rating(app, user_id: int, mu: float, sigma: float, games: int) -> None:
    deps = deps_of(app)
    await deps.store.conn.execute(
        "INSERT INTO puzzle_ratings (user_id, family, mu, sigma, games, updated_at)"
        " VALUES (?, 'digits', ?, ?, ?, '2025-01-01T00:00:00+00:00')",
        (user_id, mu, sigma, games),
    )
    await deps.store.conn.commit()


async def test_a_provisional_rating_above_1800_is_shown_with_a_question_mark_and_earns_no_award(chat, app):
    await stocked(app)
    await set_rating(app, 1001, 45.0, 6.0, 3)  # three lucky answers: high, and far from settled
    await chat.send("/puzzle")
    await chat.send(await today_solution(app))
    [board] = sent(await chat.send("/puzzle"))
    assert "your puzzle rating 1900?" in board.text
    said = sent(await chat.send((await open_ladder(app, 1001)).data["solution"]))
    assert not any("Puzzle rating 1800" in m.text for m in said)
    assert "❔ “?” marks a provisional rating" in said[0].text


async def test_an_established_rating_of_1800_earns_the_award(chat, app):
    await stocked(app)
    await set_rating(app, 1001, 40.0, 1.5, 200)
    await chat.send("/puzzle")
    await chat.send(await today_solution(app))
    await chat.send("/puzzle")
    said = sent(await chat.send((await open_ladder(app, 1001)).data["solution"]))
    assert any("<b>Puzzle rating 1800</b>" in m.text for m in said)
    assert "❔" not in said[0].text


# -- 11. the clock starts when the clues are first shown, on any face


async def test_the_days_board_times_from_the_first_showing_on_the_page_in_private_and_in_a_group(tmp_path):
    clock = Clock()
    async with mini_app(tmp_path, clock=clock) as web:
        app = web.app
        solution = await today_solution(app)
        shown = await web.act("puzzle-day-1", data=DAILY)  # the page shows the clues at 0 s
        key = shown["screen"]["key"]
        clock.advance(10)
        honest = Member(app, web.request, 2002, "Bob").in_private()
        await honest.send("/puzzle")  # at 10 s
        group = Member(app, web.request, 3003, "Cy")
        await group.send("/puzzle")  # posted in the group at 10 s: Cy asked for it
        kim = Member(app, web.request, 4004, "Kim")
        clock.advance(20)
        await honest.send(solution)  # 20 s after Bob saw it
        solved = await web.act("puzzle-day-2", command="puzzle", args=solution)
        assert (solved["screen"]["key"], solved["screen"]["solved"]) == (key, True)  # 30 s after the page showed it
        clock.advance(15)
        [kims] = sent(await kim.send(f"/puzzle {solution}"), GROUP)  # 35 s after the group was shown it
        assert kims.text == "🎉 Kim solved it first, in 1 try!"
        [board] = sent(await honest.send("/puzzle top"))
        rows = [line.split(" — ") for line in board.text.split("\n")[1:4]]
        assert [(row[0].split(" ", 1)[1], row[1]) for row in rows] == [
            ("Bob", "1 try · 20s"),
            ("Ann", "1 try · 30s"),  # the page's player (named as the chat names them): clocked from its showing
            ("Kim", "1 try · 35s"),  # clocked from the group's post
        ]
        cy = await web.runtime.core.deps.store.repository(SqlitePuzzleRepository).day_row(day_of(clock()), 3003)
        assert cy is not None
        assert cy.started_at == clock() - timedelta(seconds=35)  # shown when Cy asked for the post


async def test_a_finished_go_keeps_its_time_whatever_the_group_shows_later(tmp_path):
    clock = Clock()
    async with telegram_app(tmp_path / "db.sqlite3", clock=clock) as (app, request):
        await Member(app, request, 3003, "Cy").send("/puzzle")  # posted in the group at 0 s
        clock.advance(10)
        ann = Member(app, request, 1001, "Ann")
        await ann.in_private().send("/puzzle")  # Ann is first shown it at 10 s, in private
        clock.advance(20)
        await ann.in_private().send(await today_solution(app))
        clock.advance(10)
        await ann.send("/puzzle")  # then asks for the group's post
        [over] = sent(await ann.send(f"/puzzle {await today_solution(app)}"), GROUP)
        assert over.text == "Ann: your go at today's puzzle is over already."
        [board] = sent(await ann.in_private().send("/puzzle top"))
        assert board.text.split("\n")[1] == "🥇 Ann — 1 try · 20s"


# -- 12. the group: a member's answer is one of their tries, and no message prints the code


async def test_in_russian_a_group_solve_prints_no_code_and_counts_for_the_streak(app, recorded):
    anya = Member(app, recorded, 11, "Аня", language_code="ru")
    await anya.send("/puzzle")
    solution = await today_solution(app)
    [wrong] = sent(await anya.send(f"/puzzle {wrong_for(solution)}"), GROUP)
    assert wrong.text.startswith("❌ Аня: ")
    [solved] = sent(await anya.send(f"/puzzle {solution}"), GROUP)
    assert solved.text == "🎉 Есть решение! Первым его нашёл игрок Аня, за 2 попытки."
    assert await repo_of(app).solved_days(11) == ["2025-01-01"]
    [private] = sent(await anya.in_private().send("/puzzle daily"))
    assert "Решено за 2 попытки." in private.text  # the same go, in private


async def test_a_channel_posting_in_the_group_is_no_player(app, recorded):
    ann = Member(app, recorded, 1001, "Ann")
    await ann.send("/puzzle")
    channel = {"id": -1001234, "type": "channel", "title": "Chan"}
    [refused] = sent(await ann.send(f"/puzzle {await today_solution(app)}", sender_chat=channel), GROUP)
    assert (
        refused.text
        == "Tries at the puzzle of the day are people's: answer as yourself, not as a channel or the group."
    )
    assert await repo_of(app).day_row("2025-01-01", -1001234) is None


# -- 13. "⏭ Next puzzle" stays in the player's variant; a clue's own code is answered as that


async def test_next_puzzle_after_a_mastermind_puzzle_is_a_mastermind_one(chat, app):
    await stocked(app, puzzles.variant_named("mastermind"))
    await chat.send("/puzzle")
    await chat.send(await today_solution(app))  # the day's: then the ladder
    [first] = sent(await chat.send("/puzzle mastermind"))
    assert "Mastermind" in first.text.split("\n")[0]
    mastermind = await open_ladder(app, 1001)
    [over] = sent(await chat.press(f"pz:g:{mastermind.id}"))
    assert "pz:n:mastermind" in str(over.buttons)
    [second] = sent(await chat.press("pz:n:mastermind"))
    assert "Mastermind" in second.text.split("\n")[0]
    await chat.press(f"pz:g:{(await open_ladder(app, 1001)).id}")
    [third] = sent(await chat.press("pz:n"))  # a button without its variant (the day's): the latest one's
    assert "Mastermind" in third.text.split("\n")[0]
    assert (await open_ladder(app, 1001)).variant == "mastermind"


async def test_a_clues_own_code_is_answered_as_that_and_counts_for_nothing_in_both_languages(app, recorded):
    await stocked(app)
    ann, anya = Chat(app, recorded), Member(app, recorded, 11, "Аня", language_code="ru").in_private()
    for member, user_id in ((ann, 1001), (anya, 11)):
        await member.send("/puzzle")
        await member.send(await today_solution(app))
        await member.send("/puzzle")
        row = await open_ladder(app, user_id)
        clue = row.data["clues"][1][0]
        [said] = sent(await member.send(clue))
        if user_id == 1001:
            assert said.text == (
                f"🔁 {clue} is the guess of clue #2: its score already says it isn't the code. That costs nothing:"
                " try another."
            )
        else:
            assert said.text == (
                f"🔁 {clue} — это ход №2: по его ответу уже видно, что это не загаданный код. Попытка не засчитана,"
                " попробуй другой."
            )
        attempt = await repo_of(app).attempt(user_id, row.id)
        assert (attempt.tries, attempt.rated) == (0, False)
        assert await repo_of(app).skill(user_id, "digits") is None


async def test_a_clue_of_the_days_puzzle_typed_costs_nothing(chat, app):
    await chat.send("/puzzle")
    clue = (await puzzles.day_puzzle(deps_of(app), "2025-01-01")).clues[0].guess
    [said] = sent(await chat.send(clue))
    assert said.text.startswith(f"🔁 {clue} is the guess of clue #1")
    assert (await repo_of(app).day_row("2025-01-01", 1001)).tries == 0


# -- 14. newcomers: puzzles rated near them, from the engine's estimate


async def test_a_newcomer_is_given_a_puzzle_rated_near_their_1500(chat, app):
    await stocked(app, count=200)
    rows = [await repo_of(app).puzzle(i) for i in range(1, 201)]
    assert all(row.skill.mu == pytest.approx(start_mu(row.data["difficulty"]["estimate"])) for row in rows)
    await chat.send("/puzzle")
    await chat.send(await today_solution(app))
    [board] = sent(await chat.send("/puzzle"))
    rated = int(board.text.split("\n")[1].split(" · ")[0].removeprefix("Puzzle rated "))
    assert 1300 <= rated <= 1600  # a puzzle the model gives them about a 0.6 chance at, on their own scale
    assert "your puzzle rating 1500?" in board.text


async def test_migration_0017_starts_unanswered_puzzles_again_from_the_engines_estimate(tmp_path):
    before = tmp_path / "before"
    before.mkdir()
    for path in sorted(MIGRATIONS_DIR.glob("*.sql")):
        if path.name < "0017":
            shutil.copy(path, before / path.name)
    conn = await open_database(tmp_path / "db.sqlite3")
    await migrate(conn, before)
    next_data = '{"estimate": 30.0, "key": "k"}'
    await conn.executemany(
        "INSERT INTO puzzles (kind, variant, version, seed, data, estimate, mu, sigma, attempts, made_at)"
        " VALUES (?, 'classic', 1, ?, ?, ?, ?, 4.1, ?, '2025-01-01')",
        [
            ("inverse", 1, "{}", 15.0, 22.0, 0),
            ("inverse", 2, "{}", 15.0, 19.5, 7),
            ("next", 3, next_data, 21.0, 25.0, 0),
        ],
    )
    await conn.commit()
    assert "0017_fair_puzzles" in await migrate(conn, Path(MIGRATIONS_DIR))
    async with conn.execute("SELECT seed, estimate, mu FROM puzzles ORDER BY seed") as cursor:
        found = [tuple(row) for row in await cursor.fetchall()]
    await conn.close()
    assert found == [
        (1, 15.0, pytest.approx(start_mu(15.0))),  # nobody answered it: it starts again
        (2, 15.0, 19.5),  # rated by people: kept
        (3, 30.0, pytest.approx(start_mu(30.0))),  # a best-next-guess puzzle: by its own estimate
    ]


# -- 15. the puzzle rating in /stats


async def test_stats_shows_the_puzzle_rating_once_there_is_one_in_both_languages(app, recorded):
    await stocked(app)
    ann, anya = Chat(app, recorded), Member(app, recorded, 11, "Аня", language_code="ru").in_private()
    [none] = sent(await ann.send("/stats"))
    assert "🧩 Puzzle rating" not in none.text
    for member, user_id in ((ann, 1001), (anya, 11)):
        await member.send("/puzzle")
        await member.send(await today_solution(app))
        await member.send("/puzzle")
        await member.send((await open_ladder(app, user_id)).data["solution"])
    shown = puzzle_rating.player_shown(await repo_of(app).skill(1001, "digits"))
    [stats] = sent(await ann.send("/stats"))
    assert f"🧩 Puzzle rating: {shown}? · 1 rated puzzle" in stats.text.split("\n")
    [russian] = sent(await anya.send("/stats"))
    assert "🧩 Рейтинг в головоломках: " in russian.text
    assert "? · 1 рейтинговая головоломка" in russian.text


# -- 21. an answer repeated once the puzzle is over changes nothing (a replayed page request)


async def test_a_repeated_answer_to_a_solved_puzzle_changes_nothing(tmp_path):
    async with mini_app(tmp_path) as web:
        await stocked(web.app)

        deps = web.runtime.core.deps
        repo = deps.store.repository(SqlitePuzzleRepository)
        day = (await web.act("puzzle-day-1", data=DAILY))["screen"]["key"]
        solution = await today_solution(web.app)
        for n in range(2):  # sent twice, as two acts (two keys): the second answers a puzzle that is over
            await web.act(f"puzzle-day-answer-{n}", command="puzzle", args=solution)
        assert (await repo.day_row(day, USER)).tries == 1
        assert await repo.solved_days(USER) == [day]
        key = (await web.act("puzzle-next-1", data=NEXT))["screen"]["key"]
        answer = (await repo.puzzle(int(key))).data["solution"]
        solved = await web.act("puzzle-ladder-answer-1", command="puzzle", args=answer)
        rated = await repo.skill(USER, "digits")
        again = await web.act("puzzle-ladder-answer-1", command="puzzle", args=answer)  # the same request again
        assert (again["repeated"], again["screen"]) == (True, solved["screen"])
        replayed = await web.act("puzzle-ladder-answer-2", command="puzzle", args=answer)  # sent anew: as the chat's
        assert (replayed["did"], replayed["screen"]) == ("shown", None)
        assert replayed["notice"] == "You have no puzzle open. /puzzle gives you one."
        assert await repo.skill(USER, "digits") == rated
        assert (await repo.attempt(USER, int(key))).tries == 1
        assert solved["screen"]["tries"] == 1


# -- 9. the best guess: one or more, and what makes it best


def one_best_puzzle() -> NextGuessPuzzle:
    return NextGuessPuzzle.from_data(
        {
            "variant": "classic",
            "turns": [["0135", 0, 0], ["6928", 3, 0]],
            "count": 8,
            "least": 2.25,
            "best": ["0624"],
            "fitting_loss": 0.375,
            "entropy_pick": "0248",
            "entropy_loss": 0.0,
            "key": "k",
        }
    )


def test_one_best_guess_is_named_in_the_singular_with_what_makes_it_best():
    puzzle = one_best_puzzle()
    turns = puzzle.turns
    why = partition(CLASSIC, candidates(CLASSIC, turns), "0624")
    state = puzzles.NextLadder(7, puzzle, CLASSIC, 1500, 1500, 0, gave_up=True, why=why)
    english = puzzle_screens.next_board("en", state).ending[1:]  # after the line that says it was given up
    assert english[0] == "⭐ The best guess here: <code>0624</code>. From here it wins in 2.25 guesses on average."
    assert english[1] == (
        "💡 <code>0624</code> splits the 8 codes that fit by score: 1🐂 1🐄 → 3 · 2🐂 1🐄 → 1 · 1🐂 2🐄 → 1"
        " · 1🐂 0🐄 → 1 · 0🐂 2🐄 → 1 · 0🐂 1🐄 → 1. It leaves at most 3, 1.75 on average."
    )
    russian = puzzle_screens.next_board("ru", state).ending[1:]
    assert russian[0] == "⭐ Лучший ход здесь: <code>0624</code>. С ним отсюда до победы в среднем 2,25 хода."
    assert russian[1].startswith("💡 <code>0624</code> делит 8 подходящих кодов по ответам: 1🐂 1🐄 → 3 · ")


def test_a_guess_that_tells_every_code_apart_says_so():
    turns = (Turn("0123", Score(1, 2)), Turn("4567", Score(0, 1)), Turn("0478", Score(2, 0)))
    alive = candidates(CLASSIC, turns)
    why = partition(CLASSIC, alive, "0241")
    assert (why.codes, why.identifies, why.can_win) == (6, True, False)
    line = puzzle_screens.why_line("en", CLASSIC, why)
    assert (
        line
        == "💡 <code>0241</code> gives each of the 6 codes that fit a score of its own: you know the code next turn."
    )


def test_a_miss_names_no_best_guess_but_says_how_far_it_is():
    puzzle = NextGuessPuzzle.from_data({**one_best_puzzle().to_data(), "best": ["0624", "0648", "0964"]})
    alive = candidates(CLASSIC, puzzle.turns)
    played, why = partition(CLASSIC, alive, "4928"), partition(CLASSIC, alive, "0624")
    weighed = GuessLoss(GuessCost("4928", 2.625, 3, True), 2.25, 0.375, Label.INACCURACY, True, ())
    grade = NextGuessGrade(weighed, False)
    state = puzzles.NextLadder(7, puzzle, CLASSIC, 1500, 1500, 1, grade=grade, played=played, why=why)
    board = puzzle_screens.next_board("en", state)
    assert board.solution is None
    assert board.verdict[1] == (
        "📊 <code>4928</code> can leave up to 3 of the 8 codes, 2.50 on average. The best guesses win from here in"
        " 2.25 guesses on average; one of them leaves at most 3, 1.75 on average."
    )
    text = "\n".join(board.lines)
    assert not any(code in text for code in puzzle.best)


# -- words


async def test_the_puzzle_of_the_days_button_is_told_apart_from_the_daily_challenge(app, recorded):
    anya = Member(app, recorded, 11, "Аня", language_code="ru").in_private()
    await anya.send("/puzzle")
    await anya.send(await today_solution(app))
    await anya.send("/puzzle")
    row = await open_ladder(app, 11)
    [over] = sent(await anya.press(f"pz:g:{row.id}"))
    labels = [text for text, _ in over.buttons]
    assert "🧩 Головоломка дня" in labels
    assert not any(label.startswith("📅") for label in labels)


async def test_after_a_give_up_no_streak_that_never_began_is_mentioned_in_russian(app, recorded):
    anya = Member(app, recorded, 11, "Аня", language_code="ru").in_private()
    await anya.send("/puzzle")
    [board, _] = sent(await anya.press("pz:g:20250101"))
    assert "🔥" not in board.text
    assert "0 дней подряд" not in board.text


async def test_a_streak_broken_shows_its_best_run_alone(tmp_path):
    clock = Clock()
    async with telegram_app(tmp_path / "db.sqlite3", clock=clock) as (app, request):
        chat = Chat(app, request)
        await chat.send("/puzzle")
        await chat.send(await today_solution(app))
        clock.advance(2 * 24 * 3600)
        await chat.send("/puzzle")
        [board, _] = sent(await chat.press(f"pz:g:{day_of(clock()).replace('-', '')}"))
        assert "🔥 Puzzle of the day: best run 1 day in a row" in board.text


# -- issue 33: an answer reads what it needs once and writes once


async def test_an_answer_reads_the_puzzles_tables_once_and_writes_each_table_it_changes_once(chat, app):
    await stocked(app)
    deps = deps_of(app)
    traced: list[str] = []
    conn = deps.store.conn  # aiosqlite's public trace: every statement passes it, whichever thread runs it
    await chat.send("/puzzle")
    day = await today_solution(app)
    await chat.send(wrong_for(day))

    async def counted(text: str) -> tuple[int, list[str]]:
        """The statements on the puzzles' tables an answer runs: how many read them, and what each write writes."""
        traced.clear()
        await conn.set_trace_callback(traced.append)
        try:
            await chat.send(text)
        finally:
            await conn.set_trace_callback(None)
        statements = [" ".join(s.split()).upper() for s in traced]
        reads = sum(s.startswith("SELECT") and re.search(r"(FROM|JOIN) PUZZLE", s) is not None for s in statements)
        writes = [re.match(r"(INSERT|UPDATE|DELETE)( OR IGNORE)?( INTO| FROM)? (\w+)", s) for s in statements]
        return reads, [f"{w[1]} {w[4]}" for w in writes if w is not None and w[4].startswith("PUZZLE")]

    assert await counted(day) == (1, ["INSERT PUZZLE_DAYS", "DELETE PUZZLE_CURRENT"])  # solved: one go, done
    await chat.send("/puzzle")
    row = await open_ladder(app, 1001)
    assert await counted(wrong_for(row.data["solution"])) == (
        1,
        ["UPDATE PUZZLE_ATTEMPTS", "INSERT PUZZLE_RATINGS", "UPDATE PUZZLES"],  # tried and rated, once each
    )
    assert await counted(row.data["solution"]) == (1, ["UPDATE PUZZLE_ATTEMPTS", "DELETE PUZZLE_CURRENT"])
