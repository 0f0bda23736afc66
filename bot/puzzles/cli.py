"""`bullscows puzzles make --variant classic --count 5000`: make puzzles ahead for the ladder, into the database.

Each puzzle comes from an unguessable seed (the system's CSPRNG; the seed is stored, never shown), is checked by the
engine as it is made (one solution, every clue needed), and starts rated where its difficulty estimate puts it. The
puzzles are made in batches, each stored in a short transaction of its own, so the bot can keep serving meanwhile.

`--kind next` makes "Best next guess" puzzles the same way: a seed plays simulated games until one reaches a position
that makes a puzzle (a seed that does not is replaced, up to SEEDS_PER_NEXT seeds a puzzle asked for), and one equal
up to relabelling to a stored puzzle is skipped. One takes 70 ms of CPU on classic, 200 ms on Mastermind.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass

from bot.config import OperatorError

ACTIONS = ("make",)
KINDS = ("inverse", "next")  # --kind: bot.puzzles.store.Question's INVERSE ("Which code is it?") and BEST_NEXT
MAX_COUNT = 1_000_000
BATCH = 250  # puzzles made, then stored in one transaction
SEEDS_PER_NEXT = 20  # seeds drawn at most for each best-next-guess puzzle asked for, before the run gives up


@dataclass(frozen=True)
class MadeAhead:
    """What a run made: how many puzzles, how many were new, how many of the variant are stored now, the wall and
    CPU seconds it took."""

    made: int
    new: int
    stored: int
    seconds: float
    cpu: float


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of `bullscows puzzles`."""
    parser.add_argument("action", nargs="?", default="", help="make: make puzzles ahead into the database")
    parser.add_argument("--variant", default="classic", help="a preset or spec: classic, nozero, mastermind, 5 ...")
    parser.add_argument("--count", default="1000", help="how many puzzles to make (1 to 1,000,000; default 1000)")
    parser.add_argument("--kind", default="inverse", help="inverse: Which code is it? (default); next: Best next guess")
    parser.add_argument("--database", help="SQLite file (default: DATABASE_PATH or ./bullscows.sqlite3)")


def checked(args: argparse.Namespace) -> tuple[str, int]:
    """The variant's name and the count, once every argument is known good; OperatorError (one line) otherwise."""
    from engine.variant import InvalidVariant, variant_named

    if args.action not in ACTIONS:
        raise OperatorError(f"say what to do: {', '.join(ACTIONS)} (e.g. puzzles make --variant classic --count 5000)")
    if args.kind not in KINDS:
        raise OperatorError(f"--kind {args.kind!r}: the kinds made ahead are {', '.join(KINDS)}")
    try:
        variant = variant_named(args.variant)
    except InvalidVariant as error:
        raise OperatorError(f"--variant {args.variant!r}: {error}") from None
    count = args.count.replace("_", "").replace(",", "")
    if not count.isdigit() or not 1 <= int(count) <= MAX_COUNT:
        raise OperatorError(f"--count {args.count!r}: a whole number from 1 to {MAX_COUNT:,}")
    return variant.name, int(count)


def main(args: argparse.Namespace) -> int:
    """Make the puzzles, printing progress to stderr and a one-line summary to stdout."""
    import asyncio

    from bot.config import load_config

    name, count = checked(args)
    database = args.database or load_config().database_path
    done = asyncio.run(make_ahead(database, name, count, args.kind))
    noun = name if args.kind == "inverse" else f"{name} {args.kind}"
    print(
        f"{database}: made {done.made} {noun} puzzles in {done.seconds:.1f} s ({done.made / done.seconds:.0f} a second,"
        f" {1000 * done.cpu / max(done.made, 1):.2f} ms of CPU each); {done.new} new,"
        f" {done.stored} {noun} puzzles stored"
    )
    return 0


async def make_ahead(database: object, variant_name: str, count: int, kind: str = "inverse") -> MadeAhead:
    """Make `count` puzzles of the variant and kind into the database (migrated first), in batches, each in a thread
    and stored in a transaction of its own (fewer best-next-guess ones if SEEDS_PER_NEXT seeds a puzzle do not make
    them)."""
    import asyncio
    from datetime import UTC, datetime

    from bot.puzzles import service as puzzles
    from bot.puzzles.store import Question, SqlitePuzzleRepository
    from bot.store.db import open_database
    from bot.store.migrations import migrate
    from bot.store.store import Store
    from engine.variant import variant_named

    variant, question = variant_named(variant_name), Question(kind)
    conn = await open_database(str(database))
    store = Store(conn)
    started, cpu = time.perf_counter(), time.process_time()
    new = done = seeds = 0
    try:
        await migrate(conn)
        repo = store.repository(SqlitePuzzleRepository)
        known = set(await repo.keys(variant.name, question)) if question == Question.BEST_NEXT else set()
        while done < count and seeds < (count if question == Question.INVERSE else SEEDS_PER_NEXT * count):
            size = min(BATCH, count - done)
            seeds += size
            if question == Question.INVERSE:
                rows = await asyncio.to_thread(puzzles.made, variant, puzzles.new_seeds(size))
            else:
                rows = await asyncio.to_thread(puzzles.made_next, variant, puzzles.new_seeds(size), known)
            async with store.transaction():
                new += await repo.add(rows, datetime.now(UTC))
            done += len(rows)
            elapsed = time.perf_counter() - started
            print(f"made {done}/{count} ({done / elapsed:.0f} a second)", file=sys.stderr, flush=True)
        stored = await repo.count(variant.name, question)
    finally:
        await store.close()
    return MadeAhead(done, new, stored, time.perf_counter() - started, time.process_time() - cpu)
