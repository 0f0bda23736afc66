"""`bullscows rerate`: recompute every rating from the stored rated results and print what was replayed."""

from __future__ import annotations

import argparse


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of `bullscows rerate`."""
    parser.add_argument("--database", help="SQLite file (default: DATABASE_PATH or ./bullscows.sqlite3)")


def main(args: argparse.Namespace) -> int:
    """Apply pending migrations, replay the rated history in short steps (the bot may go on serving), and print
    the counts."""
    import asyncio

    from bot.config import load_config
    from bot.records.replay import Replayed, rerate
    from bot.store.db import open_database
    from bot.store.migrations import migrate
    from bot.store.store import Store

    database = args.database or load_config().database_path

    async def replay() -> Replayed:
        conn = await open_database(database)
        store = Store(conn)
        try:
            await migrate(conn)
            return await rerate(store)
        finally:
            await store.close()

    done = asyncio.run(replay())
    print(
        f"{database}: rerated {done.players} players from {done.matches} matches;"
        f" {done.changed} stored results differed from the recomputation"
    )
    return 0
