"""`bullscows backup PATH`: copy the live database with SQLite's online backup API, checked, readable by its owner
only; the bot may keep serving meanwhile."""

from __future__ import annotations

import argparse


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of `bullscows backup`."""
    parser.add_argument(
        "path",
        help="the file to write (replaced only once the new copy is whole and checked), or a directory"
        " to write bullscows-<UTC time>.sqlite3 in",
    )
    parser.add_argument("--database", help="SQLite file (default: DATABASE_PATH or ./bullscows.sqlite3)")


def main(args: argparse.Namespace) -> int:
    """Write the copy and print one line about it; a problem is one line too (OperatorError)."""
    from pathlib import Path

    from bot.config import load_config
    from bot.ports import utc_now
    from bot.store.backup import backup

    database = Path(args.database or load_config().database_path)
    print(backup(database, Path(args.path), utc_now()).describe(database))
    return 0
