"""`bullscows console`: play in the terminal against the same database, no token needed."""

from __future__ import annotations

import argparse


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of `bullscows console`."""
    parser.add_argument(
        "--chat", type=_private_chat, default=1, help="private chat (and user) id to play as (default 1, the console's)"
    )
    parser.add_argument("--database", help="SQLite file (default: DATABASE_PATH or ./bullscows.sqlite3)")
    parser.add_argument("--seed", type=int, help="seed the random secrets (for reproducible sessions)")
    parser.add_argument(
        "--language",
        "--lang",
        help="play in this language (en, ru), kept for the chat like /language; default: LANGUAGE or LANG",
    )


def _private_chat(text: str) -> int:
    """A private chat's id: positive, as Telegram's are (0 is the bot in versus games, and the all-chats board)."""
    try:
        chat = int(text)
    except ValueError:
        chat = 0
    if chat < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a private chat id: use a whole number from 1 up")
    return chat


def main(args: argparse.Namespace) -> int:
    """Run the console until EOF or /quit."""
    import asyncio
    import os
    import random
    import sys
    from dataclasses import replace
    from pathlib import Path

    from bot.chats import languages
    from bot.config import load_config
    from bot.console import console_who, run_console
    from bot.i18n import SOURCE_LANGUAGE, environment_language
    from bot.ports import ManualTimers, NoAdmins
    from bot.runtime import open_runtime

    config = load_config()
    if args.database:
        config = replace(config, database_path=Path(args.database))

    async def session() -> int:
        runtime = await open_runtime(config, random.Random(args.seed), admins=NoAdmins(), timers=ManualTimers())
        try:
            if args.language:
                language = languages.supported(args.language)
                if language == SOURCE_LANGUAGE and not args.language.lower().startswith(SOURCE_LANGUAGE):
                    print(f"No catalogue for {args.language!r}: playing in English.", file=sys.stderr)
                await languages.choose(runtime.core.deps, args.chat, language)
            who = console_who(args.chat, environment_language(os.environ))
            return await run_console(runtime.core, who, sys.stdin, sys.stdout)
        finally:
            await runtime.close()

    try:
        return asyncio.run(session())
    except KeyboardInterrupt:
        return 130
