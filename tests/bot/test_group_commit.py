"""Group commit: updates that arrive together are applied in one transaction, each in its own savepoint.

One fsync serves the whole batch, a failing update is undone alone, a crash-prone one is still counted and set
aside alone, and no reply of a batch can be sent before the batch is committed.
"""

from __future__ import annotations

import asyncio
import threading
from typing import Any

from bot.store.calls import Message
from bot.store.inbox import MAX_ATTEMPTS, Recorded
from bot.store.store import Store
from bot.telegram_io import handlers
from bot.telegram_io.intake import apply_batch, batch_of
from bot.texts import plain, t
from tests.bot.fakes import EPOCH, UPDATE_IDS, runtime_on, telegram_app
from tests.bot.members import Member, sent


def updates_from(*sends: tuple[Member, str]) -> list[dict[str, Any]]:
    """One message update for each (member, text), numbered in order."""
    return [{"update_id": next(UPDATE_IDS), "message": member.message(text)} for member, text in sends]


async def arrive_together(app: Any, payloads: list[dict[str, Any]]) -> None:
    """The updates reach the inbox at once (one getUpdates answer), then the intake and the sender run."""
    await app.bot_data.intake.record(list(payloads))
    await app.bot_data.intake.process_pending()
    await app.bot_data.sender.flush()


async def stored_guesses(app: Any, chat_id: int) -> list[str]:
    rows = await app.bot_data.runtime.store.conn.execute_fetchall(
        "SELECT m.guess FROM moves m JOIN games g ON g.id = m.game_id WHERE g.chat_id = ? ORDER BY m.seq", (chat_id,)
    )
    return [row[0] for row in rows]


async def test_guesses_of_three_chats_that_arrive_together_commit_once_and_are_each_answered(tmp_path):
    async with telegram_app(tmp_path / "db.sqlite3") as (app, request):
        members = [Member(app, request, 11 + i, name).in_private() for i, name in enumerate(["Ann", "Bob", "Cy"])]
        await arrive_together(app, updates_from(*[(m, "/play") for m in members]))
        intake, conn = app.bot_data.intake, app.bot_data.runtime.store.conn
        await intake.record(list(updates_from(*[(m, "0123") for m in members])))
        commits: list[str] = []
        await conn.set_trace_callback(lambda sql: commits.append(sql) if sql.startswith("COMMIT") else None)
        start = len(request.calls)
        await intake.process_pending()
        await conn.set_trace_callback(None)
        await app.bot_data.sender.flush()
        for member in members:
            assert await stored_guesses(app, member.user_id) == ["0123"]
            [reply] = sent(request.calls[start:], member.user_id)
            assert "0123" in reply.text
        # the runs counted (one commit), the three moves with their replies (one commit): no commit per update
        assert len(commits) == 2


async def test_a_guess_whose_replies_cannot_be_queued_is_undone_alone_and_told_sorry(tmp_path, monkeypatch):
    async with telegram_app(tmp_path / "db.sqlite3") as (app, request):
        ann, bob, cy = (Member(app, request, 11 + i, n).in_private() for i, n in enumerate(["Ann", "Bob", "Cy"]))
        await arrive_together(app, updates_from((ann, "/play"), (bob, "/play"), (cy, "/play")))
        real_post = handlers.post

        async def post_failing_for_bob(store, chat_id, outcome, *args, **kwargs):  # type: ignore[no-untyped-def]
            if chat_id == bob.user_id and outcome.replies[0].text != t("error"):  # his move's replies, not the sorry
                raise RuntimeError("the outbox refused this one")  # after Bob's move was written
            await real_post(store, chat_id, outcome, *args, **kwargs)

        monkeypatch.setattr(handlers, "post", post_failing_for_bob)
        start = len(request.calls)
        guesses = updates_from((ann, "0123"), (bob, "0123"), (cy, "0123"))
        await arrive_together(app, guesses)
        assert await stored_guesses(app, ann.user_id) == ["0123"]
        assert await stored_guesses(app, bob.user_id) == []  # his savepoint was rolled back: "Sorry" is true
        assert await stored_guesses(app, cy.user_id) == ["0123"]
        [to_bob] = sent(request.calls[start:], bob.user_id)
        assert to_bob.text == plain(t("error"))
        assert await app.bot_data.runtime.store.inbox.status(guesses[1]["update_id"]) == "failed"
        assert len(sent(request.calls[start:], cy.user_id)) == 1


async def test_an_update_that_breaks_the_intake_is_retried_alone_and_set_aside_while_the_others_are_applied(
    tmp_path,
):
    async with telegram_app(tmp_path / "db.sqlite3") as (app, request):
        ann, bob = Member(app, request, 11, "Ann").in_private(), Member(app, request, 22, "Bob").in_private()
        intake, store = app.bot_data.intake, app.bot_data.runtime.store
        first, poison, last = updates_from((ann, "/play"), (ann, "/think"), (bob, "/play"))
        process = app.process_update

        async def breaks_on_the_poison(update):
            if update.update_id == poison["update_id"]:
                raise RuntimeError("the intake itself fails on this one")
            await process(update)

        app.process_update = breaks_on_the_poison
        await store.inbox.record([first, poison, last], EPOCH)
        failures = 0
        for _ in range(MAX_ATTEMPTS + 2):
            try:
                await intake.process_pending()
                break
            except Exception:  # the intake's loop logs this and tries again a second later
                failures += 1
        await app.bot_data.sender.flush()
        assert failures == MAX_ATTEMPTS  # counted once in the batch, then four times alone
        assert await store.inbox.status(first["update_id"]) == "done"
        assert await store.inbox.status(poison["update_id"]) == "failed"
        assert await store.inbox.status(last["update_id"]) == "done"
        assert sent(request.calls, ann.user_id)
        assert sent(request.calls, bob.user_id)


async def test_an_update_python_telegram_bot_cannot_read_is_set_aside_at_once(tmp_path):
    async with telegram_app(tmp_path / "db.sqlite3") as (app, request):
        ann = Member(app, request, 11, "Ann").in_private()
        intake, store = app.bot_data.intake, app.bot_data.runtime.store
        [after] = updates_from((ann, "/play"))
        unreadable = {"update_id": after["update_id"] - 1, "message": "not a message"}
        await intake.record([unreadable, after])
        await intake.process_pending()  # raises nothing: it cannot be read, so no retry would help
        assert await store.inbox.status(unreadable["update_id"]) == "failed"
        assert await store.inbox.status(after["update_id"]) == "done"


async def test_the_senders_reads_neither_wait_for_an_open_batch_nor_see_what_it_queued(tmp_path):
    async with runtime_on(tmp_path / "db.sqlite3") as rt:
        store, go_on, queued = rt.store, asyncio.Event(), asyncio.Event()
        assert store.reader is not None

        async def batch() -> None:
            async with store.transaction():
                await store.outbox.add(5, Message("hi"), EPOCH)
                queued.set()
                await go_on.wait()

        applying = asyncio.create_task(batch())
        await queued.wait()
        assert store.transaction._lock.locked()  # the batch holds the write lock, and its reply is not committed
        assert await asyncio.wait_for(store.outbox.due_chats(EPOCH), 5) == []
        assert await asyncio.wait_for(store.outbox.pending(5), 5) == []
        assert await asyncio.wait_for(store.outbox.next_due(), 5) is None
        go_on.set()
        await applying
        assert await store.outbox.due_chats(EPOCH) == [5]
        assert [row.payload.text for row in await store.outbox.pending(5)] == ["hi"]


async def test_without_a_reader_the_senders_reads_wait_for_an_open_batch_to_commit(tmp_path):
    async with runtime_on(tmp_path / "db.sqlite3") as rt:
        store, go_on = Store(rt.store.conn), asyncio.Event()  # one connection: uncommitted rows would show on it

        async def batch() -> None:
            async with store.transaction():
                await store.outbox.add(5, Message("hi"), EPOCH)
                await go_on.wait()

        applying = asyncio.create_task(batch())
        await asyncio.sleep(0)
        looking = asyncio.create_task(store.outbox.due_chats(EPOCH))
        for _ in range(20):
            await asyncio.sleep(0)
        assert not looking.done()  # the sender waits for the batch to end
        go_on.set()
        await applying
        assert await looking == [5]


async def test_a_batch_past_its_time_budget_leaves_the_rest_pending_and_uncounted(tmp_path):
    async with runtime_on(tmp_path / "db.sqlite3") as rt:
        store, applied = rt.store, []
        await store.inbox.record([{"update_id": n} for n in (1, 2, 3)], EPOCH)
        ticks = iter(float(n) for n in range(100))  # each look at the clock is one second later

        async def apply(recorded: Recorded) -> None:
            applied.append(recorded.update_id)
            await store.inbox.finish(recorded.update_id, EPOCH)

        pending = await store.inbox.pending()
        assert await apply_batch(store, pending, apply, seconds=1.5, monotonic=lambda: next(ticks)) == 2
        assert applied == [1, 2]
        assert [(r.update_id, r.attempts) for r in await store.inbox.pending()] == [(3, 0)]


async def test_an_update_begun_before_goes_alone_and_a_fresh_run_goes_together(tmp_path):
    fresh = [Recorded(n, {}, 0) for n in (1, 2, 3)]
    assert [r.update_id for r in batch_of(fresh)] == [1, 2, 3]
    assert [r.update_id for r in batch_of(fresh, limit=2)] == [1, 2]
    assert [r.update_id for r in batch_of([Recorded(1, {}, 1), *fresh[1:]])] == [1]
    assert [r.update_id for r in batch_of([fresh[0], Recorded(2, {}, 2), fresh[2]])] == [1]


async def test_a_savepoint_undoes_only_its_own_writes(tmp_path):
    async with runtime_on(tmp_path / "db.sqlite3") as rt:
        store = rt.store
        await store.inbox.record([{"update_id": n} for n in (1, 2)], EPOCH)
        async with store.transaction():
            async with store.transaction.savepoint():
                await store.inbox.finish(1, EPOCH)
            try:
                async with store.transaction.savepoint():
                    await store.inbox.finish(2, EPOCH)
                    raise ValueError("this update failed")
            except ValueError:
                pass
        assert await store.inbox.status(1) == "done"
        assert await store.inbox.status(2) == "pending"


async def test_a_batch_runs_its_statements_on_the_loops_thread_and_commits_and_scans_in_the_worker(tmp_path):
    async with runtime_on(tmp_path / "db.sqlite3") as rt:
        conn, store = rt.store.conn, rt.store
        await conn.create_function("thread", 0, lambda: threading.current_thread().name)
        seen: dict[str, str] = {}

        def where(sql: str) -> None:
            seen.setdefault(sql.split(" ", 1)[0], threading.current_thread().name)

        await conn.set_trace_callback(where)
        async with store.transaction():
            with conn.on_loop():
                [(inside,)] = await conn.execute_fetchall("SELECT thread()")
                with conn.in_worker():
                    [(scanning,)] = await conn.execute_fetchall("SELECT thread()")
        [(outside,)] = await conn.execute_fetchall("SELECT thread()")
        await conn.set_trace_callback(None)
        loop_thread = threading.current_thread().name
        assert inside == loop_thread
        assert scanning != loop_thread
        assert outside != loop_thread
        assert seen["COMMIT"] != loop_thread  # the fsync never holds the event loop
