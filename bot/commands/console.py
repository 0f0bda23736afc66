"""`bullscows console`: play in the terminal against the same database, no token needed."""

from __future__ import annotations

import argparse


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of `bullscows console`."""
    parser.add_argument("--chat", type=int, default=0, help="chat id to play as (default 0, the console's own)")
    parser.add_argument("--database", help="SQLite file (default: DATABASE_PATH or ./bullscows.sqlite3)")
    parser.add_argument("--seed", type=int, help="seed the random secrets (for reproducible sessions)")
    parser.add_argument(
        "--lang", help="play in this language (en, ru), kept for the chat like /language; default: LANGUAGE or LANG"
    )


def main(args: argparse.Namespace) -> int:
    """Run the console until EOF or /quit."""
    import asyncio
    import os
    import random
    import sys
    from dataclasses import replace
    from pathlib import Path

    from bot.config import load_config
    from bot.console import run_console
    from bot.core import Who
    from bot.i18n import environment_language
    from bot.runtime import open_runtime
    from bot.services import languages
    from bot.services.ports import ManualTimers, NoAdmins

    config = load_config()
    if args.database:
        config = replace(config, database_path=Path(args.database))

    async def session() -> int:
        runtime = await open_runtime(config, random.Random(args.seed), admins=NoAdmins(), timers=ManualTimers())
        try:
            if args.lang:
                language = languages.supported(args.lang)
                if language == "en" and not args.lang.lower().startswith("en"):
                    print(f"No catalogue for {args.lang!r}: playing in English.", file=sys.stderr)
                await languages.choose(runtime.core.deps, args.chat, language)
            who = Who(args.chat, args.chat, language_code=environment_language(os.environ))
            return await run_console(runtime.core, who, sys.stdin, sys.stdout)
        finally:
            await runtime.close()

    try:
        return asyncio.run(session())
    except KeyboardInterrupt:
        return 130
