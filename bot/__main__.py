"""`python -m bot`: start the bot, like `bullscows run`."""

from __future__ import annotations

import sys

from bot.cli import main

if __name__ == "__main__":
    sys.exit(main(["run", *sys.argv[1:]]))
