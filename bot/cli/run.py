"""`bullscows run`: start the Telegram bot (long polling, or a webhook when WEBHOOK_URL is set)."""

from __future__ import annotations

import argparse
import sys

NO_TOKEN = (
    "BOT_TOKEN is not set: get a token from @BotFather (https://t.me/BotFather) and put it in the environment "
    "or .env — or run `bullscows console` to play in the terminal without one."
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of `bullscows run` (everything else comes from the environment and .env)."""
    parser.add_argument("--env-file", default=".env", help="optional file of KEY=value settings (default .env)")


def main(args: argparse.Namespace) -> int:
    """Start the bot and block until it is stopped; 2 when there is no token."""
    from pathlib import Path

    from bot.config import ConfigError, load_config

    try:
        config = load_config(env_file=Path(args.env_file))
    except ConfigError as error:
        print(f"Configuration error: {error}", file=sys.stderr)
        return 2
    if not config.token:
        print(NO_TOKEN, file=sys.stderr)
        return 2
    env_file = Path(args.env_file)
    if env_file.is_file() and env_file.stat().st_mode & 0o004:
        print(
            f"warning: {env_file} holds the bot token and anyone on this machine can read it: chmod 600 {env_file}",
            file=sys.stderr,
        )
    from bot.telegram_io.app import run

    try:
        run(config)
    except KeyboardInterrupt:
        return 130
    except OSError as error:  # e.g. the webhook's port is taken
        print(f"bullscows run: could not start: {error}", file=sys.stderr)
        return 1
    return 0
