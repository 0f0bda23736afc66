"""Transactions on the one connection when the task that holds one is cancelled: at shutdown, or when a client
goes away, a task may be cancelled at any await, and the next transaction must still begin."""

from __future__ import annotations

import asyncio

import pytest

from bot.store.db import Transactions, open_database


@pytest.mark.parametrize("statement", ["BEGIN", "body"])
async def test_a_transaction_cancelled_anywhere_leaves_the_connection_free_for_the_next(tmp_path, statement):
    conn = await open_database(tmp_path / "db.sqlite3")
    try:
        transactions = Transactions(conn)
        await conn.execute("CREATE TABLE t (x)")
        reached = asyncio.Event()

        async def write() -> None:
            async with transactions():
                if statement == "body":
                    reached.set()
                    await asyncio.sleep(3600)
                await conn.execute("INSERT INTO t VALUES (1)")

        task = asyncio.create_task(write())
        if statement == "body":
            await reached.wait()
        else:
            await asyncio.sleep(0)  # the task has handed BEGIN IMMEDIATE to the connection's thread and waits
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        async with transactions():
            await conn.execute("INSERT INTO t VALUES (2)")
        assert not conn.in_transaction
        async with conn.execute("SELECT x FROM t ORDER BY x") as cursor:
            kept = [row[0] async for row in cursor]
        assert kept == [2]
    finally:
        await conn.close()
