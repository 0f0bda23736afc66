"""The inbox and the outbox on a fresh SQLite file: redeliveries ignored, order kept, old rows forgotten."""

from datetime import timedelta

import pytest

from tests.bot.fakes import EPOCH, Clock, runtime_on


async def test_a_second_delivery_of_an_update_is_not_recorded_again(tmp_path):
    async with runtime_on(tmp_path / "db.sqlite3") as rt:
        inbox = rt.store.inbox
        assert await inbox.record([{"update_id": 7, "message": {}}], EPOCH) == 1
        assert await inbox.record([{"update_id": 7, "message": {}}, {"update_id": 8}], EPOCH) == 1
        assert [r.update_id for r in await inbox.pending()] == [7, 8]
        assert await inbox.next_offset() == 9


async def test_an_update_is_done_once_and_a_second_finish_says_so(tmp_path):
    async with runtime_on(tmp_path / "db.sqlite3") as rt:
        inbox = rt.store.inbox
        await inbox.record([{"update_id": 1}], EPOCH)
        async with rt.store.transaction():
            assert await inbox.finish(1, EPOCH) is True
            assert await inbox.finish(1, EPOCH) is False
        assert await inbox.status(1) == "done"
        assert await inbox.pending() == []


async def test_old_processed_updates_and_sent_replies_are_forgotten_but_the_offset_is_kept(tmp_path):
    clock = Clock()
    async with runtime_on(tmp_path / "db.sqlite3", clock=clock) as rt:
        store = rt.store
        await store.inbox.record([{"update_id": 1}, {"update_id": 2}], EPOCH)
        async with store.transaction():
            await store.inbox.finish(1, EPOCH)
            await store.inbox.finish(2, EPOCH)
            await store.outbox.add(5, {"kind": "answer", "query": "q", "text": None}, EPOCH)
        [row] = await store.outbox.pending(5)
        async with store.transaction():
            await store.outbox.settle([row.id], EPOCH)
        later = EPOCH + timedelta(days=3)
        assert await store.inbox.prune(later) == 1  # update 2 stays: it is what the next offset is made from
        assert await store.outbox.prune(later) == 1
        assert await store.inbox.next_offset() == 3


async def test_a_chats_pending_calls_come_back_in_the_order_they_were_queued(tmp_path):
    async with runtime_on(tmp_path / "db.sqlite3") as rt:
        outbox = rt.store.outbox
        async with rt.store.transaction():
            for n in range(3):
                await outbox.add(-100, {"kind": "message", "text": f"#{n}"}, EPOCH)
            await outbox.add(200, {"kind": "message", "text": "elsewhere"}, EPOCH)
        assert [row.payload["text"] for row in await outbox.pending(-100)] == ["#0", "#1", "#2"]
        assert sorted(await outbox.due_chats(EPOCH)) == [-100, 200]


async def test_an_update_is_applied_once_with_its_mark_and_a_failed_one_stays_pending(tmp_path):
    from bot.telegram_io.outgoing import apply_once

    async with runtime_on(tmp_path / "db.sqlite3") as rt:
        store, runs = rt.store, []

        async def work():
            runs.append(await store.inbox.status(1))

        async def failing():
            raise RuntimeError("boom")

        await store.inbox.record([{"update_id": 1}, {"update_id": 2}], EPOCH)
        assert await apply_once(store, Clock(), 1, work) is True
        assert await apply_once(store, Clock(), 1, work) is False  # a second delivery: no second effect
        assert runs == ["done"]  # the mark is written first, in the same savepoint as the work
        with pytest.raises(RuntimeError):
            await apply_once(store, Clock(), 2, failing)
        assert await store.inbox.status(2) == "pending"  # its mark was undone with its work
        assert await apply_once(store, Clock(), 99, work) is True  # never recorded (the console): applied
