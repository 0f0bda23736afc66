"""The `bullscows` command line: run the bot, play in the terminal, look after its database, benchmark and solve.

One module here per subcommand (bot/cli/run.py, console.py, ...): the operator's subcommands, not the chat's
commands (those are bot/features/)."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from bot.config import OperatorError

# Each subcommand lives in its own module with `add_arguments(parser)` and `main(args) -> int`.
# Those modules import their heavy dependencies inside main(), so `bullscows bench` never loads Telegram.
SUBCOMMANDS: dict[str, tuple[str, str]] = {
    "run": ("bot.cli.run", "start the Telegram bot (long polling, or a webhook if configured)"),
    "console": ("bot.cli.console", "play in the terminal with the same games and texts, no token needed"),
    "migrate": ("bot.cli.migrate", "apply pending database migrations and exit"),
    "backup": ("bot.cli.backup", "copy the database while the bot serves (checked, readable by its owner only)"),
    "health": ("bot.cli.health", "ask the running bot's /healthz (METRICS_PORT); exit 0 when it is healthy"),
    "rerate": ("bot.records.cli", "recompute every player's rating from the stored rated results"),
    "bench": ("bot.cli.bench", "play every secret of a variant with the engine and report the figures"),
    "solve": ("bot.cli.solve", "search a variant's optimal strategy (least total guesses) and write its tree"),
    "puzzles": (
        "bot.puzzles.cli",
        "make puzzles ahead for the /puzzle ladder: puzzles make --variant classic --count 5000",
    ),
}


def installed_version() -> str:
    """The version of the installed distribution (pyproject.toml's), or "unknown" when run from a bare checkout."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("bullscows")
    except PackageNotFoundError:
        return "unknown (not installed)"


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand registered."""
    parser = argparse.ArgumentParser(prog="bullscows", description="Bulls and Cows: a Telegram bot and engine.")
    parser.add_argument("--version", action="version", version=f"bullscows {installed_version()}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (module_name, help_text) in SUBCOMMANDS.items():
        module = importlib.import_module(module_name)
        command = sub.add_parser(name, help=help_text, description=help_text)
        module.add_arguments(command)
        command.set_defaults(handler=module.main)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the command line and run the chosen subcommand; the exit status comes back."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 2
    try:
        return int(args.handler(args))
    except OperatorError as error:  # one line, never a traceback: the operator can fix this
        print(f"bullscows {args.command}: {error}", file=sys.stderr)
        return 2
