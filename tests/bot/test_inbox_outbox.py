"""The inbox and the outbox on a fresh SQLite file: redeliveries ignored, order kept, old rows forgotten."""

import json
import logging
import shutil
from dataclasses import replace
from datetime import timedelta

import pytest

from bot.replies import BoardOf
from bot.store.calls import Acknowledgement, InlineResult, InlineResults, Message, as_json, from_json
from bot.store.db import open_database
from bot.store.migrations import MIGRATIONS_DIR, migrate
from bot.store.outbox import DROP_OLDEST, MAX_PENDING
from bot.telegram_io.sender import STALE_IN_GROUP
from tests.bot.fakes import EPOCH, Clock, runtime_on, telegram_app


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
            await store.outbox.add(5, Acknowledgement("q"), EPOCH)
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
                await outbox.add(-100, Message(f"#{n}"), EPOCH)
            await outbox.add(200, Message("elsewhere"), EPOCH)
        assert [row.payload.text for row in await outbox.pending(-100)] == ["#0", "#1", "#2"]
        assert sorted(await outbox.due_chats(EPOCH)) == [-100, 200]


def board(game_id: int, text: str, fresh: bool = False, edit: int | None = None) -> Message:
    """A message payload that shows a game's board."""
    return Message(text, board=game_id, fresh=fresh, edit=edit)


def line(text: str, edit: int | None = None) -> Message:
    """A plain message payload (or one that replaces message `edit`)."""
    return Message(text, edit=edit)


async def given_up(store) -> list[tuple[str, str]]:
    rows = await store.conn.execute_fetchall("SELECT payload, error FROM outbox WHERE status = 'failed' ORDER BY id")
    return [(json.loads(r["payload"])["text"], r["error"]) for r in rows]


async def test_a_newer_board_or_edit_replaces_an_older_one_still_unsent_in_its_place(tmp_path):
    async with runtime_on(tmp_path / "db.sqlite3") as rt:
        store = rt.store
        async with store.transaction():
            await store.outbox.add(5, board(7, "board 1", fresh=True), EPOCH)  # sent anew below the chat
            await store.outbox.add(5, line("a line"), EPOCH)
            await store.outbox.add(5, board(8, "another game's board"), EPOCH)
            await store.outbox.add(5, line("panel 1", edit=40), EPOCH)
            await store.outbox.add(5, board(7, "board 2"), EPOCH)  # a press on the old board: in place
            await store.outbox.add(5, line("panel 2", edit=40), EPOCH)
            await store.outbox.add(5, board(9, "over a pressed message", fresh=True, edit=41), EPOCH)
            await store.outbox.add(5, board(9, "board 9"), EPOCH)
            await store.outbox.add(6, board(7, "another chat"), EPOCH)
        pending = await store.outbox.pending(5)
        shown = [(row.payload.text, row.payload.fresh) for row in pending]
        assert shown == [
            ("a line", False),
            ("another game's board", False),
            ("board 2", True),  # takes the place of the one it replaces: still sent anew
            ("panel 2", False),
            ("over a pressed message", True),  # the pressed message must still be replaced: never superseded
            ("board 9", False),
        ]
        assert await given_up(store) == [("board 1", "superseded"), ("panel 1", "superseded")]
        assert [row.payload.text for row in await store.outbox.pending(6)] == ["another chat"]


async def test_a_fresh_board_that_supersedes_an_unsent_one_cuts_the_shown_board_down_as_that_one_said(tmp_path):
    async with runtime_on(tmp_path / "db.sqlite3") as rt:
        store = rt.store
        async with store.transaction():  # two guesses answered before the sender's turn: boards #2 and #3
            await store.outbox.add(5, replace(board(7, "#1 #2", fresh=True), tidy="#1"), EPOCH)
            await store.outbox.add(5, replace(board(7, "#1 #2 #3", fresh=True), tidy="#2"), EPOCH)
        [pending] = await store.outbox.pending(5)
        assert pending.payload.text == "#1 #2 #3"
        assert pending.payload.tidy == "#1"  # the board on screen shows #1 last: "#2" never reached it


async def test_a_full_chat_gives_up_its_oldest_quarter_at_once_with_one_log_line(tmp_path, caplog):
    async with runtime_on(tmp_path / "db.sqlite3") as rt:
        store = rt.store
        async with store.transaction():
            for n in range(MAX_PENDING):
                await store.outbox.add(-100, line(f"#{n}"), EPOCH)
            await store.outbox.add(200, line("elsewhere"), EPOCH)
        assert len(await store.outbox.pending(-100, limit=1000)) == MAX_PENDING
        assert not caplog.records

        caplog.set_level(logging.WARNING)
        async with store.transaction():
            await store.outbox.add(-100, line("newest"), EPOCH)
        pending = [row.payload.text for row in await store.outbox.pending(-100, limit=1000)]
        assert pending == [*(f"#{n}" for n in range(DROP_OLDEST, MAX_PENDING)), "newest"]
        assert [text for text, _ in await given_up(store)] == [f"#{n}" for n in range(DROP_OLDEST)]
        [logged] = caplog.records
        assert logged.getMessage() == (
            f"chat -100 had {MAX_PENDING + 1} replies waiting to be sent; dropped the oldest {DROP_OLDEST}"
        )
        assert [row.payload.text for row in await store.outbox.pending(200)] == ["elsewhere"]


async def test_the_due_chats_follow_each_chats_oldest_call_through_postponing_sending_and_moving(tmp_path):
    async with runtime_on(tmp_path / "db.sqlite3") as rt:
        outbox, later = rt.store.outbox, EPOCH + timedelta(seconds=30)
        async with rt.store.transaction():
            for chat_id in (-100, -100, 200):
                await outbox.add(chat_id, line(f"to {chat_id}"), EPOCH)
        assert sorted(await outbox.due_chats(EPOCH)) == [-100, 200]
        head, second = await outbox.pending(-100)
        await outbox.postpone(head.id, later, "429")
        assert await outbox.due_chats(EPOCH) == [200]
        assert await outbox.next_due() == EPOCH  # chat 200 may go now
        assert sorted(await outbox.due_chats(later)) == [-100, 200]
        async with rt.store.transaction():
            await outbox.settle([head.id], later)
        assert sorted(await outbox.due_chats(EPOCH)) == [-100, 200]  # the next call is due at once
        async with rt.store.transaction():
            await rt.store.move_chat(-100, -200)  # the group became a supergroup
        assert sorted(await outbox.due_chats(EPOCH)) == [-200, 200]
        async with rt.store.transaction():
            await outbox.settle([second.id, *(row.id for row in await outbox.pending(200))], later)
        assert await outbox.due_chats(later) == []
        assert await outbox.next_due() is None


async def test_calls_queued_before_the_upgrade_are_due_after_it(tmp_path):
    folder = tmp_path / "migrations"
    folder.mkdir()
    for migration in sorted(MIGRATIONS_DIR.glob("*.sql")):
        if migration.name < "0009":  # the database as it was before the upgrade that brought outbox_chats
            shutil.copy(migration, folder)
    conn = await open_database(tmp_path / "db.sqlite3")
    await migrate(conn, folder)
    queued = [(-100, "{}", "2025-01-01T12:00:00.000+00:00", "2025-01-01T12:00:00.000+00:00")] * 2
    queued.append((300, "{}", "2025-01-01T13:00:00.000+00:00", "2025-01-01T12:00:00.000+00:00"))
    await conn.executemany("INSERT INTO outbox (chat_id, payload, not_before, created_at) VALUES (?, ?, ?, ?)", queued)
    await conn.close()
    async with runtime_on(tmp_path / "db.sqlite3") as rt:
        assert await rt.store.outbox.due_chats(EPOCH) == [-100]
        assert await rt.store.outbox.next_due() == EPOCH
        assert sorted(await rt.store.outbox.due_chats(EPOCH + timedelta(hours=1))) == [-100, 300]


async def test_a_groups_replies_queued_minutes_ago_are_dropped_unsent_and_a_private_chats_are_sent(tmp_path, caplog):
    clock = Clock()
    async with telegram_app(tmp_path / "db.sqlite3", clock=clock) as (app, recorded):
        store, sender = app.bot_data.runtime.store, app.bot_data.sender
        async with store.transaction():
            await store.outbox.add(-100, line("Ann #1 0123 → 0🐂 2🐄"), clock())
            await store.outbox.add(300, line("#1 0123 → 0🐂 2🐄"), clock())
        clock.advance(STALE_IN_GROUP.total_seconds() - 1)
        async with store.transaction():
            await store.outbox.add(-100, line("Bob #1 4567 → 1🐂 0🐄"), clock())
        clock.advance(2)  # the first line is now older than STALE_IN_GROUP, the second is not
        caplog.set_level(logging.WARNING)
        await sender.flush()

        messages = [(c.params["chat_id"], c.text) for c in recorded.calls if c.method == "sendMessage"]
        assert sorted(messages) == [(-100, "Bob #1 4567 → 1🐂 0🐄"), (300, "#1 0123 → 0🐂 2🐄")]
        assert await given_up(store) == [("Ann #1 0123 → 0🐂 2🐄", "stale")]
        assert [r.getMessage() for r in caplog.records] == ["group -100: dropped unsent calls older than 0:05:00: 1"]


async def test_a_buttons_answer_without_a_toast_behind_a_groups_waiting_lines_ends_the_merge_and_both_go_out(tmp_path):
    async with telegram_app(tmp_path / "db.sqlite3") as (app, recorded):
        store, sender = app.bot_data.runtime.store, app.bot_data.sender
        sender.group_spacing = 0.2  # short, but the second message must wait for the group's turn and then merge
        async with store.transaction():
            await store.outbox.add(-100, line("Ann #1 0123 → 0🐂 2🐄"), EPOCH)
        await sender.flush()
        async with store.transaction():
            await store.outbox.add(-100, line("Bob #1 4567 → 1🐂 0🐄"), EPOCH)
            await store.outbox.add(-100, Acknowledgement("q1"), EPOCH)  # a press, no toast
            await store.outbox.add(-100, line("Cat #1 8901 → 0🐂 0🐄"), EPOCH)
        await sender.flush()

        made = [(c.method, c.text) for c in recorded.calls if c.method in ("sendMessage", "answerCallbackQuery")]
        assert made == [
            ("sendMessage", "Ann #1 0123 → 0🐂 2🐄"),
            ("sendMessage", "Bob #1 4567 → 1🐂 0🐄"),
            ("answerCallbackQuery", ""),
            ("sendMessage", "Cat #1 8901 → 0🐂 0🐄"),
        ]


def test_every_call_reads_back_as_it_was_queued_and_an_older_row_takes_the_defaults():
    link = [[["▶️", "", "https://t.me/b"]]]
    calls = [
        Message(
            "<b>board</b>", [[["1🐂 2🐄", "a:7:3:12", None]]], topic=4, board=7, board_of=BoardOf.MATCH, fresh=True
        ),
        Message("plain", edit=12, effect="5046509860389126442"),
        Acknowledgement("q", "toast"),
        InlineResults("iq", (InlineResult("daily:1", "Daily", "today's", "<b>x</b>", link),), 30),
    ]
    for call in calls:
        assert from_json(json.loads(json.dumps(as_json(call)))) == call
    older = {"kind": "message", "text": "#1", "buttons": [], "board": 9, "fresh": False, "edit": None}
    assert from_json(older) == Message("#1", board=9)  # before topics, match boards and effects
    with pytest.raises(ValueError, match="no known kind"):
        from_json({"kind": "sticker"})
