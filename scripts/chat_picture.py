"""The README's picture of a chat: a /play game played through the console (the same Core as Telegram), drawn as a
Telegram chat and photographed by Debian's headless chromium.

    PYTHONPATH=. .venv/bin/python scripts/chat_picture.py [--out docs/chat/play-en.png]

The game is the one docs/players/play.md shows (seed 3, as its transcript's marker says): what the picture shows is
what the bot printed, drawn, not written by hand. Each line typed is a bubble on the right, each reply a bubble on the
left; as in Telegram, a board that a newer one follows is cut down to its own last line, and only the newest keeps
its buttons.
"""

from __future__ import annotations

import argparse
import asyncio
import html
import io
import random
import re
import subprocess
import tempfile
from pathlib import Path

from bot.config import Config
from bot.console import Console, console_who
from bot.ports import ManualTimers, NoAdmins
from bot.runtime import open_runtime
from bot.warm import warm_up

TYPED = ("/play", "0123", "1456", "4278", "9247", "8572", "3874")
BUTTONS = re.compile(r"\[\d+\] (.*?)(?=  \[\d+\]|$)")

STYLE = """
body { margin: 0; background: #c8d9a7; font: 15px/1.35 "DejaVu Sans", sans-serif; }
.chat { width: 460px; padding: 14px 12px 8px; display: flex; flex-direction: column; gap: 6px; }
.bubble { max-width: 370px; padding: 7px 11px; border-radius: 14px; white-space: pre-wrap;
          box-shadow: 0 1px 1px #0002; }
.bot { align-self: flex-start; background: #fff; border-bottom-left-radius: 4px; }
.me { align-self: flex-end; background: #e1fec6; border-bottom-right-radius: 4px; }
.keys { align-self: flex-start; width: 392px; display: flex; flex-wrap: wrap; gap: 3px; margin-top: -4px; }
.key { flex: 1 1 45%; background: #0000002e; color: #fff; text-align: center; padding: 6px 4px; border-radius: 8px;
       font-size: 13px; text-shadow: 0 1px 1px #0004; }
"""


async def played() -> list[tuple[str, str]]:
    """What was typed and what the bot answered, in order: ("me", text) and ("bot", text) items."""
    warm_up()  # as `bullscows run` does at start-up, so seed 3 draws the secret the docs show
    with tempfile.TemporaryDirectory() as folder:
        config = Config(database_path=Path(folder) / "picture.sqlite3")
        runtime = await open_runtime(config, random.Random(3), admins=NoAdmins(), timers=ManualTimers())
        try:
            out = io.StringIO()
            console = Console(runtime.core, console_who(), out)
            items: list[tuple[str, str]] = []
            for line in TYPED:
                start = len(out.getvalue())
                await console.handle(line)
                items += [("me", line), ("bot", out.getvalue()[start:].strip("\n"))]
            return items
        finally:
            await runtime.close()


def bubbles(items: list[tuple[str, str]], keep: int) -> str:
    """The chat's HTML: the last `keep` items; the newest reply whole, with its button lines as its inline keyboard,
    each board before it cut down to its last row."""
    parts = []
    shown = items[-keep:]
    for n, (who, text) in enumerate(shown):
        if who == "me":
            parts.append(f'<div class="bubble me">{html.escape(text)}</div>')
            continue
        lines = [line for line in text.split("\n") if line.strip()]
        said = [line for line in lines if not line.startswith("  [")]
        keys = [label for line in lines if line.startswith("  [") for label in BUTTONS.findall(line.strip())]
        if n < len(shown) - 1:  # an older board: its own last row, no buttons
            rows = [line for line in said if line.startswith("#")]
            said, keys = (rows[-1:] or said), []
        parts.append(f'<div class="bubble bot">{html.escape(chr(10).join(said))}</div>')
        if keys:
            parts.append(
                '<div class="keys">' + "".join(f'<div class="key">{html.escape(k)}</div>' for k in keys) + "</div>"
            )
    return f'<!doctype html><meta charset="utf-8"><style>{STYLE}</style><div class="chat">{"".join(parts)}</div>'


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default="docs/chat/play-en.png")
    parser.add_argument("--keep", type=int, default=14, help="how many of the last bubbles to draw")
    args = parser.parse_args()
    page = bubbles(asyncio.run(played()), args.keep)
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "chat.html"
        source.write_text(page, encoding="utf-8")
        out = Path(args.out).resolve()
        out.parent.mkdir(parents=True, exist_ok=True)
        chromium = [
            "chromium",
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            "--window-size=484,866",
        ]
        subprocess.run([*chromium, f"--screenshot={out}", source.as_uri()], check=True, capture_output=True)
    print(out)


if __name__ == "__main__":
    main()
