"""Engine work is done off the write lock: an update that needs it waits (parked, changing nothing) while every other
chat goes on, runs again once it is done, and is applied once; one owner's flood waits behind itself."""

from __future__ import annotations

import asyncio
import threading

import pytest

from bot.engine_work import PER_OWNER, EngineBusy, EngineWork, WorkPending
from bot.puzzles import service as puzzles
from bot.puzzles.store import SqlitePuzzleRepository
from tests.bot.fakes import telegram_app
from tests.bot.members import Chat, Member, sent

# -- the queue itself


def never_in_transaction() -> bool:
    return False


def always_in_transaction() -> bool:
    return True


async def test_work_asked_for_outside_a_transaction_is_waited_for():
    engine = EngineWork(never_in_transaction)
    try:
        assert await engine.need("double", lambda x: 2 * x, 21) == 42
    finally:
        engine.close()


async def test_inside_a_transaction_the_first_try_waits_and_the_next_finds_its_result():
    engine = EngineWork(always_in_transaction)
    calls: list[int] = []

    def work(x: int) -> int:
        calls.append(x)
        return x + 1

    try:
        with engine.scope("update 1", owner=7) as scope:
            with pytest.raises(WorkPending) as pending:
                await engine.need("add", work, 1)
            await pending.value.wait()
            with engine.retry(scope):
                assert await engine.need("add", work, 1) == 2
        assert calls == [1]  # made once, whatever the tries
    finally:
        engine.close()


async def test_a_try_that_asks_for_other_work_gets_it_made_afresh():
    engine = EngineWork(always_in_transaction)
    try:
        with engine.scope("update 2", owner=7) as scope:
            with pytest.raises(WorkPending) as first:
                await engine.need("add", lambda x: x + 1, 1)
            await first.value.wait()
            with engine.retry(scope), pytest.raises(WorkPending) as second:  # the state moved: other arguments
                await engine.need("add", lambda x: x + 1, 5)
            await second.value.wait()
            with engine.retry(scope):
                assert await engine.need("add", lambda x: x + 1, 5) == 6
    finally:
        engine.close()


async def test_a_random_choice_remembered_is_the_same_on_every_try():
    engine = EngineWork(always_in_transaction)
    draws = iter(range(100))
    try:
        with engine.scope("update 3", owner=7) as scope:
            first = engine.remember("pick", lambda: next(draws))
            with engine.retry(scope):
                again = engine.remember("pick", lambda: next(draws))
        assert first == again == 0
    finally:
        engine.close()


async def test_work_the_update_can_do_without_is_given_up_at_its_deadline():
    engine = EngineWork(never_in_transaction)
    release = threading.Event()
    try:
        assert await engine.need_within(0.05, "slow", release.wait, 5) is None
    finally:
        release.set()
        engine.close()


async def test_owners_take_turns_so_a_flood_from_one_waits_behind_the_others():
    engine = EngineWork(never_in_transaction)
    order: list[str] = []
    gate = threading.Event()

    def job(name: str) -> None:
        gate.wait(5)
        order.append(name)

    try:
        flood = [asyncio.create_task(engine.need(f"a{i}", job, f"a{i}")) for i in range(4)]
        await asyncio.sleep(0.01)  # a0 is running: a1..a3 wait in their owner's queue
        with engine.scope("b", owner=2):
            other = asyncio.create_task(engine.need("b", job, "b"))
        await asyncio.sleep(0)
        gate.set()
        await asyncio.gather(*flood, other)
        assert order.index("b") <= 1  # right after the job that was running, not after the whole flood
    finally:
        gate.set()
        engine.close()


async def test_an_owner_with_too_much_waiting_is_refused_and_others_are_not():
    engine = EngineWork(never_in_transaction)
    gate = threading.Event()
    try:
        with engine.scope("flood", owner=1):
            waiting = [asyncio.create_task(engine.need(f"j{i}", gate.wait, 5)) for i in range(PER_OWNER + 1)]
            await asyncio.sleep(0.01)
            with pytest.raises(EngineBusy):
                await engine.need("one more", gate.wait, 5)
        with engine.scope("other", owner=2):
            task = asyncio.create_task(engine.need("theirs", lambda: "done"))
        gate.set()
        await asyncio.gather(*waiting)
        assert await task == "done"
    finally:
        gate.set()
        engine.close()


# -- through the whole Application


async def test_one_players_puzzles_made_on_the_fly_never_hold_another_chats_move(tmp_path, monkeypatch):
    making = threading.Event()
    release = threading.Event()
    real = puzzles.made

    def slow(variant, seeds):  # the engine's making, held until the other chat has had its answer
        making.set()
        release.wait(10)
        return real(variant, seeds)

    monkeypatch.setattr(puzzles, "made", slow)
    async with telegram_app(tmp_path / "db.sqlite3") as (app, request):
        intake, sender = app.bot_data.intake, app.bot_data.sender
        ann = Chat(app, request)
        bob = Member(app, request, 2002, "Bob").in_private()
        await bob.send("/play")
        await intake.record([{"update_id": 900_001, "message": ann.message("/puzzle 6r10")}])
        await intake.process_pending()  # Ann's update waits for its puzzles, parked: it changed nothing yet
        assert await asyncio.to_thread(making.wait, 5)
        start = len(request.calls)
        await intake.record([{"update_id": 900_002, "message": bob.message("0123")}])
        await intake.process_pending()  # Bob's guess, while Ann's puzzles are being made
        await sender.flush()
        assert not release.is_set()
        assert any("0123" in call.text for call in sent(request.calls[start:])), "Bob's guess waited for Ann's puzzles"
        assert not any(int(call.params.get("chat_id", 0)) == ann.chat_id for call in request.calls[start:])
        release.set()
        await intake.drain()
        await sender.flush()
        [reply] = [call for call in sent(request.calls[start:]) if int(call.params["chat_id"]) == ann.chat_id]
        assert "🧩" in reply.text
        repo = app.bot_data.runtime.core.deps.store.repository(SqlitePuzzleRepository)
        assert await repo.count("6r10") == puzzles.ON_THE_FLY_BIG  # made once, stored once, whatever the tries
