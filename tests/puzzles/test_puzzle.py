"""/puzzle through the whole Application: the puzzle of the day (the same for everyone, a new one at midnight UTC, its
streak, its spoiler-free share, its board), the ladder (rated as the rating library says, never a puzzle twice) and
the day's puzzle in a group (the first solver celebrated once, a wrong answer's reply, privacy mode)."""

from __future__ import annotations

import re

from bot.days import day_of
from bot.puzzles import rating as puzzle_rating
from bot.puzzles import service as puzzles
from bot.puzzles.store import SqlitePuzzleRepository
from bot.records.rating import Skill
from tests.bot.fakes import Clock, telegram_app
from tests.bot.members import GROUP, Chat, Member, sent


def deps_of(app):
    return app.bot_data.runtime.core.deps


def repo_of(app) -> SqlitePuzzleRepository:
    return deps_of(app).store.repository(SqlitePuzzleRepository)


def clue_lines(text: str) -> list[str]:
    return [line for line in text.split("\n") if line.startswith("#")]


async def today_solution(app) -> str:
    deps = deps_of(app)
    return (await puzzles.day_puzzle(deps, day_of(deps.clock()))).solution


async def shown(member, text: str) -> str:
    [reply] = sent(await member.send(text))
    return reply.text


async def test_the_puzzle_of_the_day_is_the_same_for_two_players_and_changes_at_midnight(tmp_path):
    clock = Clock()
    async with telegram_app(tmp_path / "db.sqlite3", clock=clock) as (app, request):
        ann, bob = Chat(app, request), Member(app, request, 2002, "Bob").in_private()
        first = await shown(ann, "/puzzle")
        assert first.startswith("🧩 <b>Puzzle of the day</b> · 1 January")
        assert clue_lines(first) == clue_lines(await shown(bob, "/puzzle daily"))
        assert len(clue_lines(first)) >= 2
        clock.advance(12 * 3600)  # 00:00 UTC: another day, another puzzle
        second = await shown(ann, "/puzzle daily")
        assert second.startswith("🧩 <b>Puzzle of the day</b> · 2 January")
        assert clue_lines(second) != clue_lines(first)


async def test_the_day_is_answered_told_which_score_a_wrong_code_breaks_then_solved_and_shared_without_digits(
    chat, app
):
    await chat.send("/puzzle")
    solution = await today_solution(app)
    wrong = "0123" if solution != "0123" else "4567"
    said = await shown(chat, wrong)
    assert re.search(rf"❌ <code>{wrong}</code> isn't it: on #\d <code>\d{{4}}</code> it would score", said)
    [refused] = sent(await chat.send("1"))  # not a code of the variant: told why, nothing counted
    assert refused.text == "A code has 4 digits; that one has 1. It costs nothing, try again."
    board, share = sent(await chat.send(solution))
    assert f"✅ <code>{solution}</code> it is! Solved in 2 tries." in board.text
    assert "🔥 Puzzle of the day: 1 day in a row · best 1" in board.text
    assert "⏳ The next puzzle of the day is in 12\u00a0h 0\u00a0min." in board.text
    assert share.text == "🧩 Bulls &amp; Cows puzzle 1 January — solved in 2 tries\n🟥🟩"
    assert not re.search(r"\d{4}", share.text.replace("1 January", ""))
    again = await shown(chat, "/puzzle daily")  # asked again that day: the result, nothing to answer
    assert "Solved in 2 tries" in again
    assert "Type it" not in again


async def test_the_days_streak_counts_days_in_a_row_and_a_missed_day_ends_it(tmp_path):
    clock = Clock()
    async with telegram_app(tmp_path / "db.sqlite3", clock=clock) as (app, request):
        chat = Chat(app, request)
        for day in range(3):
            await chat.send("/puzzle daily")
            [board, _] = sent(await chat.send(await today_solution(app)))
            assert f"🔥 Puzzle of the day: {day + 1} day" in board.text
            clock.advance(24 * 3600)
        clock.advance(24 * 3600)  # a day missed
        await chat.send("/puzzle daily")
        [board, _] = sent(await chat.send(await today_solution(app)))
        assert "🔥 Puzzle of the day: 1 day in a row · best 3" in board.text


async def test_giving_up_the_day_shows_its_code_with_a_request_to_keep_it_quiet(chat, app):
    await chat.send("/puzzle")
    board, share = sent(await chat.press("pz:g:20250101"))
    assert f"🏳️ It was <code>{await today_solution(app)}</code>. 🤫" in board.text
    assert share.text == "🧩 Bulls &amp; Cows puzzle 1 January — gave up after 0 tries\n🏳️"
    assert "🔥" not in board.text  # no word of a streak that never began


async def test_the_days_board_ranks_its_solvers_by_tries(chat, app, recorded):
    bob = Member(app, recorded, 2002, "Bob").in_private()
    await bob.send("/puzzle")
    await bob.send("0123" if await today_solution(app) != "0123" else "4567")
    await bob.send(await today_solution(app))
    await chat.send("/puzzle")
    await chat.send(await today_solution(app))
    text = await shown(chat, "/puzzle top")
    assert text.split("\n") == [
        "🏆 <b>Puzzle of the day</b> · 1 January",
        "🥇 Ann — 1 try · 0s",
        "🥈 Bob — 2 tries · 0s",
    ]


async def test_the_ladder_rates_the_first_answer_as_the_rating_library_does_and_shows_the_change(chat, app):
    await chat.send("/puzzle")
    await chat.send(await today_solution(app))  # the day's first; then the ladder
    ladder = await shown(chat, "/puzzle")
    assert ladder.startswith("🧩 <b>Which code is it?</b> · 4 digits, no repeats")
    assert "Puzzle rated " in ladder
    assert "your puzzle rating 1500?" in ladder  # a newcomer's rating: provisional
    assert "🧰" not in ladder  # its shelf was bare (made on the fly): that is the operator's business, not the player's
    assert "bullscows puzzles make" not in ladder
    repo = repo_of(app)
    current = await repo.current(1001)
    row = await repo.puzzle(current.puzzle_id)
    start = row.skill
    wrong = "0123" if row.data["solution"] != "0123" else "4567"
    said = await shown(chat, wrong)
    expected = puzzle_rating.attempted(Skill(), start, solved=False)
    after = await repo.skill(1001, "digits")
    assert (after.mu, after.sigma, after.games) == (expected.player.mu, expected.player.sigma, 1)
    rated = await repo.puzzle(row.id)
    assert (rated.skill.mu, rated.skill.sigma, rated.skill.games, rated.solved) == (
        expected.puzzle.mu,
        expected.puzzle.sigma,
        1,
        0,
    )
    before, now = puzzle_rating.player_shown(Skill()), puzzle_rating.player_shown(expected.player)
    assert f"📈 Your puzzle rating: {now}? (−{before - now})" in said
    assert "❔ “?” marks a provisional rating" in said
    solved = await shown(chat, row.data["solution"])  # later answers are graded, not rated
    assert "Solved in 2 tries" in solved
    assert [line for line in solved.split("\n") if "📈" in line] == [  # rated no more: the rating as it stands
        f"📈 Your puzzle rating: {now}? (counted at your first answer)"
    ]
    assert await repo.skill(1001, "digits") == after
    assert (await repo.puzzle(row.id)).skill == rated.skill


async def test_a_solved_first_answer_raises_the_rating_and_giving_up_unanswered_is_a_loss(chat, app):
    await chat.press("pz:n")
    repo = repo_of(app)
    first = await repo.puzzle((await repo.current(1001)).puzzle_id)
    won = await shown(chat, first.data["solution"])
    expected = puzzle_rating.attempted(Skill(), first.skill, solved=True)
    assert f"your puzzle rating {puzzle_rating.player_shown(expected.player)}?" in won
    assert await repo.current(1001) is None
    [shown_next] = sent(await chat.press("pz:n"))
    second = await repo.puzzle((await repo.current(1001)).puzzle_id)
    assert second.id != first.id
    assert f"pz:g:{second.id}" in str(shown_next.buttons)
    [gave_up] = sent(await chat.press(f"pz:g:{second.id}"))
    assert f"🏳️ It was <code>{second.data['solution']}</code>." in gave_up.text
    lost = puzzle_rating.attempted(expected.player, second.skill, solved=False)
    assert (await repo.skill(1001, "digits")).mu == lost.player.mu
    stale = await chat.press(f"pz:g:{second.id}")  # pressed again: the puzzle is over, nothing moves
    assert [c.params.get("text") for c in stale if c.method == "answerCallbackQuery"] == [
        "That puzzle is over. /puzzle gives you the next one."
    ]
    assert (await repo.skill(1001, "digits")).mu == lost.player.mu


async def test_a_player_is_never_shown_a_puzzle_twice_and_the_ladder_makes_more_when_none_is_left(chat, app):
    deps, classic = deps_of(app), puzzles.DAILY_VARIANT
    repo = repo_of(app)
    async with deps.transaction():
        await puzzles.make_now(deps, classic, 40)
        seen = []
        for _ in range(40):  # through the service: forty presses in a row would meet the flood guard
            ladder = await puzzles.show_ladder(deps, 1001, classic, classic)
            assert ladder.made_now == 0
            seen.append(ladder.puzzle_id)
            await puzzles.give_up_ladder(deps, 1001, ladder.puzzle_id)
    assert len(set(seen)) == 40
    assert await repo.nearest_unseen(1001, "classic", 25.0, None, None, 50) == []  # the query's edge: none left
    [board] = sent(await chat.press("pz:n"))
    assert "🧰" not in board.text  # made on the fly, without a word to the player
    assert await repo.count("classic") == 40 + puzzles.ON_THE_FLY
    assert (await repo.current(1001)).puzzle_id not in seen
    assert await repo.seen_count(1001) == 41


async def test_a_running_game_keeps_what_is_typed_and_the_puzzle_is_answered_with_its_command(chat, app):
    await chat.send("/play")
    text = await shown(chat, "/puzzle")
    assert "Your game takes what you type, so answer with /puzzle 1234." in text
    solution = await today_solution(app)
    board, _ = sent(await chat.send(f"/puzzle {solution}"))
    assert "it is! Solved in 1 try." in board.text
    game = await deps_of(app).store.games.active_game(1001)
    assert game is not None
    assert game.turns == ()  # the game took no guess


async def test_in_russian(app, recorded):
    anya = Member(app, recorded, 11, "Аня", language_code="ru").in_private()
    text = await shown(anya, "/puzzle")
    assert text.startswith("🧩 <b>Головоломка дня</b> · 1 января")
    assert "Под все эти ответы подходит ровно один код. Какой? Напиши его." in text
    board, share = sent(await anya.send(await today_solution(app)))
    assert "Решено за 1 попытку." in board.text
    assert share.text == "🧩 Быки и коровы, головоломка 1 января — решена за 1 попытку\n🟩"


# -- in a group


async def test_in_a_group_answers_are_the_members_tries_the_first_solver_celebrated_once_and_no_reply_prints_the_code(
    app, recorded
):
    ann, bob = Member(app, recorded, 1001, "Ann"), Member(app, recorded, 2002, "Bob")
    [none] = sent(await ann.send("/puzzle 1234"), GROUP)
    assert none.text == "Today's puzzle isn't posted here yet: /puzzle posts it."
    [post] = sent(await ann.send("/puzzle"), GROUP)
    assert post.text.startswith("🧩 <b>Puzzle of the day</b> · 1 January")
    assert "Answer here with /puzzle 1234" in post.text
    assert "it counts as your try at today's puzzle" in post.text
    solution = await today_solution(app)
    wrong = "0123" if solution != "0123" else "4567"
    [reply] = sent(await bob.send(f"/puzzle {wrong}"), GROUP)
    assert reply.text.startswith(f"❌ Bob: <code>{wrong}</code> isn't it. On #")
    [first] = sent(await ann.send(f"/puzzle {solution}"), GROUP)
    assert first.text == "🎉 Ann solved it first, in 1 try!"
    [also] = sent(await bob.send(f"/puzzle {solution}"), GROUP)
    assert also.text == "✅ Bob: right, in 2 tries! The first to solve it here was Ann."
    [again] = sent(await bob.send("/puzzle"), GROUP)
    assert "🏅 Solved here first by Ann." in again.text
    for said in (reply, first, also, again):
        assert solution not in said.text  # the day lasts: no message prints its code
    repo = repo_of(app)
    ann_day, bob_day = await repo.day_row("2025-01-01", 1001), await repo.day_row("2025-01-01", 2002)
    assert (ann_day.tries, ann_day.solved_at is not None) == (1, True)  # counted as in private
    assert (bob_day.tries, bob_day.solved_at is not None) == (2, True)
    assert await repo.solved_days(2002) == ["2025-01-01"]  # their streak
    [late] = sent(await bob.send(f"/puzzle {wrong}"), GROUP)  # their go is over: nothing more counts
    assert late.text == "Bob: your go at today's puzzle is over already."
    assert (await repo.day_row("2025-01-01", 2002)).tries == 2
    board = await shown(Member(app, recorded, 3003, "Cy").in_private(), "/puzzle top")
    assert board.split("\n")[1:] == ["🥇 Ann — 1 try · 0s", "🥈 Bob — 2 tries · 0s"]


async def test_in_privacy_mode_a_reply_to_the_post_is_an_answer_and_chatter_is_left_alone(app, recorded):
    ann = Member(app, recorded, 1001, "Ann")
    await ann.send("/puzzle")
    solution = await today_solution(app)
    assert sent(await ann.send("nice one, everyone"), GROUP) == []
    [first] = sent(await ann.send(solution), GROUP)  # a reply to the post comes as a plain message
    assert first.text.startswith("🎉 Ann solved it first")


async def test_a_group_without_the_days_post_ignores_codes(app, recorded):
    ann = Member(app, recorded, 1001, "Ann")
    assert sent(await ann.send("1234"), GROUP) == []
