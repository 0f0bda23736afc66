"""`bullscows console`: play in the terminal against the same database, no token needed."""

from __future__ import annotations

import argparse


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of `bullscows console`."""
    parser.add_argument("--chat", type=int, default=0, help="chat id to play as (default 0, the console's own)")
    parser.add_argument("--database", help="SQLite file (default: DATABASE_PATH or ./bullscows.sqlite3)")
    parser.add_argument("--seed", type=int, help="seed the random secrets (for reproducible sessions)")


def main(args: argparse.Namespace) -> int:
    """Run the console until EOF or /quit."""
    import asyncio
    import random
    import sys
    from dataclasses import replace
    from pathlib import Path

    from bot.config import load_config
    from bot.console import run_console
    from bot.core import Who
    from bot.runtime import open_runtime
    from bot.services.ports import ManualTimers, NoAdmins

    config = load_config()
    if args.database:
        config = replace(config, database_path=Path(args.database))

    async def session() -> int:
        runtime = await open_runtime(config, random.Random(args.seed), admins=NoAdmins(), timers=ManualTimers())
        try:
            return await run_console(runtime.core, Who(args.chat, args.chat), sys.stdin, sys.stdout)
        finally:
            await runtime.close()

    try:
        return asyncio.run(session())
    except KeyboardInterrupt:
        return 130
