"""What a move costs the database does not grow as features come: a guess in a running game (no coaching, not its
last) runs a bounded number of statements, and a plain message from someone with no puzzle or Storm run open reads
nothing of theirs (bench/core_bench.py reports the mean over thousands of moves)."""

from __future__ import annotations

from bot.situation import Situation
from bot.who import Who
from engine.scoring import score
from tests.bot.fakes import USER
from tests.bot.members import Chat, sent

MOST_STATEMENTS, MOST_READS = 9, 3  # a guess's own (the batch's SAVEPOINT and the inbox's mark aside): 7.41 and 2.19


def wrong_codes(secret: str) -> list[str]:
    return [code for code in ("0123", "4567", "8901", "2345", "6789") if score(secret, code).bulls < 4]


async def test_a_guess_runs_few_statements_and_reads(chat: Chat, app):
    deps = app.bot_data.runtime.core.deps
    await chat.send("/play")
    secret = (await deps.store.games.active_game(USER)).secret
    first, second = wrong_codes(secret)[:2]
    await chat.send(first)
    traced: list[str] = []
    await deps.store.conn.set_trace_callback(traced.append)
    try:
        assert sent(await chat.send(second))
    finally:
        await deps.store.conn.set_trace_callback(None)
    own = [s.lstrip().upper() for s in traced if not s.lstrip().upper().startswith(("SAVEPOINT", "RELEASE"))]
    moved = [s for s in own if "INBOX" not in s and "OUTBOX" not in s and not s.startswith(("BEGIN", "COMMIT"))]
    reads = [s for s in moved if s.startswith(("SELECT", "WITH"))]
    assert len(moved) <= MOST_STATEMENTS, moved
    assert len(reads) <= MOST_READS, reads
    assert not any("STORM_RUNS" in s or "PUZZLE_CURRENT" in s for s in reads), reads


async def test_the_mini_apps_button_reads_the_situation_no_second_time(chat: Chat, app, monkeypatch):
    # the board's "🧮 Board" button and the menu button's label are in the language the update was answered in
    # (the Outcome carries it): the situation is read once an update, with the Mini App on as without it
    deps = app.bot_data.runtime.core.deps
    await chat.send("/play")
    secret = (await deps.store.games.active_game(USER)).secret
    app.bot_data.webapp_url = "https://example.org/app/"
    reads: list[int] = []
    read = Situation.read.__func__  # type: ignore[attr-defined]

    async def counted(cls: type[Situation], deps: object, who: Who) -> Situation:
        reads.append(who.chat_id)
        return await read(cls, deps, who)

    monkeypatch.setattr(Situation, "read", classmethod(counted))
    replies = await chat.send(wrong_codes(secret)[0])
    assert sent(replies)
    assert reads == [chat.chat_id]


# A puzzle answer's statements, by kind (bench/puzzle_answers.py prints them): the Core's two reads, the puzzles' one,
# their writes, and the league's one read and two writes when the answer earns points (four more for the week's
# first, which places the player in a division)
MOST_FOR_ANSWER = {
    "day, wrong": 6,
    "day, solved": 14,
    "ladder, first answer wrong (rated)": 9,
    "ladder, wrong again": 5,
    "ladder, solved after": 6,
    "ladder, first answer right (rated)": 11,
}


async def test_a_puzzle_answer_runs_a_bounded_number_of_statements():
    from bench.puzzle_answers import bench

    found = await bench(players=2)
    for kind, most in MOST_FOR_ANSWER.items():
        assert found[kind]["statements"] <= most, (kind, found[kind])  # type: ignore[index]
    assert found["every answer"]["statements"] <= 8.5, found  # type: ignore[index]
