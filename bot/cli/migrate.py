"""`bullscows migrate`: apply pending database migrations and exit."""

from __future__ import annotations

import argparse


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of `bullscows migrate`."""
    parser.add_argument("--database", help="SQLite file (default: DATABASE_PATH or ./bullscows.sqlite3)")


def main(args: argparse.Namespace) -> int:
    """Apply the pending migrations (a database that has tables is backed up beside itself first) and print
    what was applied."""
    import asyncio
    from pathlib import Path

    from bot.config import load_config
    from bot.ports import utc_now
    from bot.store.backup import before_migrating
    from bot.store.db import open_database
    from bot.store.migrations import migrate

    database = Path(args.database or load_config().database_path)

    async def apply() -> list[str]:
        conn = await open_database(database)
        try:
            return await migrate(conn, before=before_migrating(database, utc_now, print))
        finally:
            await conn.close()

    applied = asyncio.run(apply())
    print(f"{database}: applied {', '.join(applied)}" if applied else f"{database}: up to date")
    return 0
