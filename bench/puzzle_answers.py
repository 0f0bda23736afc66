"""SQL statements per puzzle answer, through the transport-independent core, as `bench/core_bench.py` counts them per
move: each answer runs in its update's transaction as the intake applies it (the Core's work, its replies written
to the outbox), and every statement the connection runs inside it is counted (the transaction's own BEGIN, SAVEPOINT,
RELEASE and COMMIT not counted; a statement's triggers counted with it), with the reads among them.

Each of --players players, in a private chat: /puzzle (the puzzle of the day shown), a wrong answer and the right one;
then /puzzle (a ladder puzzle, from a shelf made ahead), a wrong first answer (rated), a wrong one (not rated) and the
right one; then "⏭ Next puzzle" and a right first answer (rated). Reported: the mean statements (and reads) of each
kind of answer and of every answer, and the load average; --show prints the statements of the first of each kind.
Two of the reads are the Core's (the situation and the game, read for every update); the rest are the puzzles'.

    PYTHONPATH=. .venv/bin/python bench/puzzle_answers.py [--players 50] [--json] [--show]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import statistics
import tempfile
from collections import defaultdict
from collections.abc import Awaitable, Callable
from functools import partial
from pathlib import Path

from bot.config import Config
from bot.days import day_of
from bot.outgoing import post
from bot.ports import ManualTimers, NoAdmins
from bot.puzzles import service as puzzles
from bot.puzzles.store import SqlitePuzzleRepository
from bot.replies import Outcome
from bot.runtime import open_runtime
from bot.who import Who

NOT_COUNTED = ("BEGIN", "SAVEPOINT", "RELEASE", "COMMIT", "ROLLBACK")


def wrong_for(solution: str) -> str:
    """A code of classic that is not `solution`."""
    return "0123" if solution != "0123" else "4567"


async def bench(players: int, show: bool = False) -> dict[str, object]:
    folder = Path(tempfile.mkdtemp())
    runtime = await open_runtime(
        Config(database_path=folder / "bench.sqlite3", puzzle_stock=False),
        random.Random(1),
        admins=NoAdmins(),
        timers=ManualTimers(),
    )
    store, core = runtime.store, runtime.core
    deps = core.deps
    traced: list[str] = []
    # aiosqlite's public trace: every statement passes it, whichever thread runs it
    await deps.store.conn.set_trace_callback(traced.append)
    counted: dict[str, list[tuple[int, int]]] = defaultdict(list)
    repo = deps.store.repository(SqlitePuzzleRepository)
    await puzzles.make_now(deps, puzzles.DAILY_VARIANT, 4 * players)  # a shelf made ahead: nothing on the fly
    day = await puzzles.day_puzzle(deps, day_of(deps.clock()))  # made once, as the bot keeps it

    async def update(who: Who, act: Callable[[], Awaitable[Outcome]], kind: str | None) -> None:
        async with store.transaction():
            traced.clear()
            await post(store, who.chat_id, await act(), deps.clock())
            own = [s.lstrip().upper() for i, s in enumerate(traced) if i == 0 or s != traced[i - 1]]
            own = [s for s in own if not s.startswith(NOT_COUNTED)]
            if show and kind is not None and kind not in counted:  # the first of each kind, statement by statement
                print(kind, *(" ".join(statement.split())[:150] for statement in own), sep="\n    ")
        if kind is not None:
            counted[kind].append((len(own), sum(s.startswith(("SELECT", "WITH")) for s in own)))

    async def solution_of(user_id: int) -> str:
        async with store.transaction.settled():
            current = await repo.current(user_id)
            assert current is not None
            assert current.puzzle_id is not None
            row = await repo.puzzle(current.puzzle_id)
        assert row is not None
        return str(row.data["solution"])

    for number in range(players):
        who = Who(50_000 + number, 50_000 + number, name=f"P{number}")
        await update(who, partial(core.on_command, who, "puzzle"), None)
        await update(who, partial(core.on_text, who, wrong_for(day.solution)), "day, wrong")
        await update(who, partial(core.on_text, who, day.solution), "day, solved")
        await update(who, partial(core.on_command, who, "puzzle"), None)
        solution = await solution_of(who.user_id)
        await update(who, partial(core.on_text, who, wrong_for(solution)), "ladder, first answer wrong (rated)")
        await update(who, partial(core.on_text, who, wrong_for(solution)), "ladder, wrong again")
        await update(who, partial(core.on_text, who, solution), "ladder, solved after")
        await update(who, partial(core.on_button, who, "pz:n"), None)
        solution = await solution_of(who.user_id)
        await update(who, partial(core.on_text, who, solution), "ladder, first answer right (rated)")
    await runtime.close()
    shutil.rmtree(folder, ignore_errors=True)
    every = [pair for pairs in counted.values() for pair in pairs]
    result: dict[str, object] = {
        kind: {
            "statements": round(statistics.fmean(n for n, _ in pairs), 2),
            "reads": round(statistics.fmean(r for _, r in pairs), 2),
        }
        for kind, pairs in counted.items()
    }
    result["every answer"] = {
        "statements": round(statistics.fmean(n for n, _ in every), 2),
        "reads": round(statistics.fmean(r for _, r in every), 2),
    }
    result["load"] = [round(x, 2) for x in os.getloadavg()]
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=50)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--show", action="store_true", help="print the statements of the first answer of each kind")
    args = parser.parse_args()
    result = asyncio.run(bench(args.players, args.show))
    if args.json:
        print(json.dumps(result))
        return
    for key, value in result.items():
        print(f"{key:40} {value}")


if __name__ == "__main__":
    main()
