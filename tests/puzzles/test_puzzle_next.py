"""The ladder's second kind, "Best next guess", through the whole Application: a puzzle made from a seed and stored,
reached in turn after a "Which code is it?" one, shown with its clues and how many codes fit; a weak guess graded
with its loss and label and how it splits the codes beside how a best guess does, never naming the best (the second
try would then solve it), rated as the first answer; a best guess then solves it, rated no more, and the best are
named with what makes one best; giving up names them too; a clue's own code costs nothing; and in Russian."""

from __future__ import annotations

import asyncio
from collections import Counter

from bot.puzzles import rating as puzzle_rating
from bot.puzzles import screens as puzzle_board
from bot.puzzles import service as puzzles
from bot.puzzles.store import Question, SqlitePuzzleRepository, StoredPuzzle
from engine.partition import Partition
from engine.review.game import GuessCost, GuessLoss
from engine.review.labels import GOOD_BELOW, Label
from engine.review.measure import position_at
from engine.review.puzzle import NextGuessGrade, NextGuessPuzzle, grade_next_guess
from engine.scoring import score
from tests.bot.fakes import telegram_app
from tests.bot.members import Chat, Member, sent

CLASSIC = puzzles.DAILY_VARIANT
SEED = 0  # its simulated games reach a position of 8 codes where no code that fits is a good guess


def deps_of(app):
    return app.bot_data.runtime.core.deps


def repo_of(app) -> SqlitePuzzleRepository:
    return deps_of(app).store.repository(SqlitePuzzleRepository)


async def stock(app) -> None:
    """A best-next-guess puzzle made from SEED and stored, as `bullscows puzzles make --kind next` stores them."""
    deps = deps_of(app)
    rows = await asyncio.to_thread(puzzles.made_next, CLASSIC, [SEED], set())
    assert [row.question for row in rows] == [Question.BEST_NEXT]
    async with deps.transaction():
        assert await repo_of(app).add(rows, deps.clock()) == 1


async def reach_next(app, member, user_id: int) -> tuple[StoredPuzzle, NextGuessPuzzle, str]:
    """The ladder's first puzzle ("Which code is it?", made on the fly) given up, then the next: the stored
    best-next-guess one, its kind's turn though "Which code is it?" ones are left."""
    repo = repo_of(app)
    await member.press("pz:n")
    first = await repo.puzzle((await repo.current(user_id)).puzzle_id)
    assert first.question == "inverse"
    await member.press(f"pz:g:{first.id}")
    await stock(app)
    [board] = sent(await member.press("pz:n"))
    row = await repo.puzzle((await repo.current(user_id)).puzzle_id)
    assert row.question == Question.BEST_NEXT
    return row, NextGuessPuzzle.from_data(row.data), board.text


def split_of(puzzle: NextGuessPuzzle, guess: str) -> Partition:
    """How a guess splits the codes that fit the puzzle's clues, counted one pair at a time (no kernels)."""
    every = (CLASSIC.code(i) for i in range(CLASSIC.size))
    fit = [code for code in every if all(score(code, t.guess) == t.answer for t in puzzle.turns)]
    sizes = Counter(score(code, guess) for code in fit)
    return Partition(
        guess,
        len(fit),
        (),
        guess in fit,
        max(sizes.values()),
        sum(n * n for n in sizes.values()) / len(fit),
        max(sizes.values()) == 1,
        False,
        0.0,
    )


def a_weak_guess(puzzle: NextGuessPuzzle) -> tuple[str, float]:
    """A code that fits the clues (the obvious move: none is good enough here) and its loss."""
    position = position_at(CLASSIC, puzzle.turns)
    code = CLASSIC.code(int(position.alive[0]))
    return code, grade_next_guess(CLASSIC, puzzle, code).weighed.loss


async def test_a_next_guess_puzzle_is_shown_graded_with_its_loss_and_the_best_then_solved_and_rated_once(chat, app):
    row, puzzle, text = await reach_next(app, chat, 1001)
    lines = text.split("\n")
    assert lines[0] == "🧠 <b>Best next guess</b> · 4 digits, no repeats"
    clues = [line for line in lines if line.startswith("#")]
    assert len(clues) == len(puzzle.turns)
    assert clues[0].startswith(f"#1 <code>{puzzle.turns[0].guess}</code> → ")
    assert f"{puzzle.count} codes still fit these clues." in lines
    assert "Name your next guess: the best one wins in the fewest guesses on average." in text
    repo = repo_of(app)
    before = await repo.skill(1001, "digits")
    weak, loss = a_weak_guess(puzzle)
    assert loss >= GOOD_BELOW
    [reply] = sent(await chat.send(weak))
    said = reply.text
    assert f"❌ <code>{weak}</code>: " in said
    assert f", {loss:.2f} guesses more than the best on average. A guess within 0.2 of the best solves it" in said
    assert "⭐" not in said  # the best are not named after a miss: the second try would copy them
    assert not any(code in said for code in puzzle.best)
    mine, best = split_of(puzzle, weak), split_of(puzzle, puzzle.best[0])
    assert (
        f"📊 <code>{weak}</code> can leave up to {mine.worst} of the {puzzle.count} codes, {mine.expected:.2f} on"
        f" average. The best guesses win from here in {puzzle.least:.2f} guesses on average; one of them leaves at"
        f" most {best.worst}, {best.expected:.2f} on average."
    ) in said
    expected = puzzle_rating.attempted(before, row.skill, solved=False)
    after = await repo.skill(1001, "digits")
    assert (after.mu, after.sigma, after.games) == (expected.player.mu, expected.player.sigma, 2)
    rated = await repo.puzzle(row.id)
    assert (rated.skill.mu, rated.skill.sigma, rated.skill.games, rated.solved) == (
        expected.puzzle.mu,
        expected.puzzle.sigma,
        1,
        0,
    )
    now = puzzle_rating.player_shown(expected.player)
    assert f"📈 Your puzzle rating: {now}? (−{puzzle_rating.player_shown(before) - now})" in said
    [again] = sent(await chat.send(puzzle.best[0]))  # tried again: graded, solved, not rated
    solved = again.text
    assert f"✅ <code>{puzzle.best[0]}</code> is one of the best! Solved in 2 tries." in solved
    named = ", ".join(f"<code>{code}</code>" for code in puzzle.best[:3])
    assert f"⭐ The best guesses here: {named}. From here they win in {puzzle.least:.2f} guesses on average." in solved
    assert f"💡 <code>{puzzle.best[0]}</code> splits the {puzzle.count} codes that fit by score: " in solved
    assert [line for line in solved.split("\n") if "📈" in line] == [  # rated no more: the rating as it stands
        f"📈 Your puzzle rating: {now}? (counted at your first answer)"
    ]
    assert await repo.skill(1001, "digits") == after
    assert (await repo.puzzle(row.id)).skill == rated.skill
    assert await repo.current(1001) is None
    assert (await repo.attempt(1001, row.id)).solved_first is False


async def test_a_best_first_answer_solves_and_raises_the_rating_and_giving_up_names_the_best(tmp_path):
    async with telegram_app(tmp_path / "db.sqlite3") as (app, request):
        chat = Chat(app, request)
        row, puzzle, _ = await reach_next(app, chat, 1001)
        before = await repo_of(app).skill(1001, "digits")
        [won] = sent(await chat.send(puzzle.best[-1]))
        expected = puzzle_rating.attempted(before, row.skill, solved=True)
        assert "is one of the best! Solved in 1 try." in won.text
        assert f"📈 Your puzzle rating: {puzzle_rating.player_shown(expected.player)}? (+" in won.text
        assert f"💡 <code>{puzzle.best[-1]}</code> " in won.text  # what makes the guess played best
        assert (await repo_of(app).puzzle(row.id)).solved == 1

    async with telegram_app(tmp_path / "other.sqlite3") as (app, request):
        chat = Chat(app, request)
        row, puzzle, _ = await reach_next(app, chat, 1001)
        [gave_up] = sent(await chat.press(f"pz:g:{row.id}"))
        assert f"⭐ The best guesses here: <code>{puzzle.best[0]}</code>" in gave_up.text
        assert f"💡 <code>{puzzle.best[0]}</code> " in gave_up.text
        lost = await repo_of(app).skill(1001, "digits")
        assert lost is not None
        assert lost.games == 2  # the inverse one given up, then this one
        assert (await repo_of(app).attempt(1001, row.id)).gave_up


async def test_a_guess_that_is_no_code_costs_nothing(chat, app):
    row, _, _ = await reach_next(app, chat, 1001)
    [refused] = sent(await chat.send("12"))
    assert refused.text == "A code has 4 digits; that one has 2. It costs nothing, try again."
    attempt = await repo_of(app).attempt(1001, row.id)
    assert (attempt.tries, attempt.rated) == (0, False)


async def test_in_russian(app, recorded):
    anya = Member(app, recorded, 11, "Аня", language_code="ru").in_private()
    await anya.send("/puzzle")  # the day's first
    _, puzzle, text = await reach_next(app, anya, 11)
    assert text.startswith("🧠 <b>Лучший следующий ход</b> · ")
    assert f"Этим ответам всё ещё подходят {puzzle.count} кодов." in text
    assert "Какой ход сделать следующим? Лучший в среднем быстрее всех приводит к победе." in text
    weak, loss = a_weak_guess(puzzle)
    [said] = sent(await anya.send(weak))
    assert f"в среднем на {loss:.2f} хода больше, чем с лучшим".replace(".", ",") in said.text
    assert "⭐" not in said.text
    mine = split_of(puzzle, weak)
    assert (
        f"📊 После <code>{weak}</code> из {puzzle.count} подходящих кодов может остаться до {mine.worst}" in said.text
    )
    [solved] = sent(await anya.send(puzzle.best[0]))
    assert "⭐ Лучшие ходы здесь: " in solved.text
    assert f"💡 <code>{puzzle.best[0]}</code> делит {puzzle.count} подходящих кодов по ответам: " in solved.text


def test_the_kinds_alternate_inverse_first():
    assert [puzzles.questions_in_turn(seen)[0] for seen in range(4)] == ["inverse", "next", "inverse", "next"]


def test_a_good_guess_that_is_not_the_best_is_told_its_loss_and_solves_it_in_both_languages():
    puzzle = NextGuessPuzzle.from_data(
        {
            "variant": "classic",
            "turns": [["0135", 0, 0], ["6928", 3, 0]],
            "count": 8,
            "least": 2.25,
            "best": ["0624", "0648", "0964"],
            "fitting_loss": 0.375,
            "entropy_pick": "0248",
            "entropy_loss": 0.0,
            "key": "k",
        }
    )
    weighed = GuessLoss(GuessCost("0248", 2.375, 2, True), 2.25, 0.125, Label.GOOD, True, ())
    state = puzzles.NextLadder(7, puzzle, CLASSIC, 1500, 1900, 1, solved=True, grade=NextGuessGrade(weighed, True))
    english = puzzle_board.next_board("en", state)
    assert english.verdict[0] == (
        "✅ <code>0248</code>: 👍 good, only 0.12 guesses more than the best on average. Solved in 1 try."
    )
    assert english.solution == "0624"
    assert english.prompt == ("8 codes still fit these clues.",)  # over: nothing more to name
    russian = puzzle_board.next_board("ru", state)
    assert russian.verdict[0] == (
        "✅ <code>0248</code>: 👍 хороший, в среднем лишь на 0,12 хода больше, чем с лучшим. Решено за 1 попытку."
    )
