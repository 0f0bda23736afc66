"""Plays two whole games through `bullscows console`, as a player at a terminal would: the bot guesses a code
(answered truthfully until it finds it), then the player guesses and gives up. Used by scripts/wheel-test and
scripts/container-test to check an installed bullscows, so it needs nothing but the standard library.

    python3 scripts/console_game.py COMMAND...    e.g. python3 scripts/console_game.py /tmp/v/bin/bullscows console

Exit status 0 when both games ended as they should, 1 (with the transcript on stderr) otherwise.
"""

from __future__ import annotations

import os
import queue
import re
import subprocess
import sys
import threading
import time

SECRET = "4589"  # the code the player thinks of; the bot must find it
WAIT = 120.0  # seconds for one reply at most: generous, for a slow, shared machine
GUESS = re.compile(r"^(?:My guess )?#(\d+): (\d{4}) — bulls and cows\?")


def score(secret: str, guess: str) -> tuple[int, int]:
    """Bulls and cows of a guess against a secret of distinct digits."""
    bulls = sum(s == g for s, g in zip(secret, guess, strict=True))
    return bulls, len(set(secret) & set(guess)) - bulls


class Player:
    """Types lines into the console and reads what it prints, line by line."""

    def __init__(self, command: list[str]) -> None:
        env = dict(os.environ, LANGUAGE="en", LANG="C.UTF-8", PYTHONIOENCODING="utf-8")
        self.process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, encoding="utf-8", env=env
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.transcript: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def say(self, text: str) -> None:
        assert self.process.stdin is not None
        self.transcript.append(f"> {text}")
        self.process.stdin.write(text + "\n")
        self.process.stdin.flush()

    def until(self, pattern: re.Pattern[str]) -> re.Match[str]:
        """The first line printed from now on that matches `pattern`."""
        deadline = time.monotonic() + WAIT
        while (left := deadline - time.monotonic()) > 0:
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                break
            if line is None:
                raise AssertionError(f"the console ended while waiting for {pattern.pattern!r}")
            self.transcript.append(line)
            if found := pattern.search(line):
                return found
        raise AssertionError(f"nothing matched {pattern.pattern!r} within {WAIT:.0f} s")

    def finish(self) -> int:
        assert self.process.stdin is not None
        self.process.stdin.close()
        return self.process.wait(timeout=WAIT)


def play(command: list[str]) -> None:
    """Both games; an AssertionError says what went wrong."""
    player = Player(command)
    try:
        player.say("/think")
        found = re.compile(rf"Got it in (\d+) guesses! Your code is {SECRET}|{GUESS.pattern}")
        for _ in range(10):
            line = player.until(found)
            if line[1]:
                break
            bulls, cows = score(SECRET, line[3])
            player.say(f"{bulls} {cows}")
        else:
            raise AssertionError(f"the bot did not find {SECRET} in 10 guesses")
        player.say("/play")
        player.until(re.compile(r"I've picked a secret"))
        player.say("0123")
        player.until(re.compile(r"^#1 0123 → \d🐂 \d🐄"))
        player.say("/giveup")
        player.until(re.compile(r"The secret was \d{4}"))
        if (status := player.finish()) != 0:
            raise AssertionError(f"the console exited with status {status}")
    except AssertionError:
        print("\n".join(player.transcript), file=sys.stderr)
        player.process.kill()
        raise


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__, file=sys.stderr)
        return 2
    started = time.monotonic()
    try:
        play(argv)
    except AssertionError as error:
        print(f"console game: {error}", file=sys.stderr)
        return 1
    print(f"console game: the bot found {SECRET}, and a referee game was given up ({time.monotonic() - started:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
