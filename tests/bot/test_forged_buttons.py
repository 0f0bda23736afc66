"""Every callback payload is checked: a forged or mangled button gets a toast, never an error.

Buttons are made by the bot, but their data comes back from whoever presses: a hand-made payload can name any
game, turn, score, setting or board. The Core must answer each with an Outcome whatever the fields say.
"""

from __future__ import annotations

import random
from pathlib import Path

from bot import callback_data as cb
from bot.core import Core, Who
from bot.replies import Outcome
from tests.bot.fakes import runtime_on

ME = Who(5, 5, name="Ann")
GROUP = Who(-100, 5, private=False, name="Ann")
BOB = Who(6, 6, name="Bob")  # plays the bot in versus
DUEL = Who(-200, 6, private=False, name="Bob", reply_to=(5, "Ann"))  # challenges Ann to a duel there
ACTIONS = sorted(
    {
        cb.NEW, cb.CONFIRM, cb.KEEP, cb.ANSWER, cb.UNDO, cb.RESTART, cb.FIX, cb.SETTING, cb.RULES, cb.SETTINGS,
        cb.MATCH, cb.TOP, cb.STATS, cb.RATING, cb.DAILY, cb.LANGUAGE,
    }
)  # fmt: skip


async def live_games(core: Core) -> tuple[list[int], list[str]]:
    """A guesser game in a private chat (with a contradiction), a race and a duel in groups, a versus game: the ids
    and revisions a forger might name, and the data of the buttons the bot showed, for a forger to mangle."""
    outcomes = [
        await core.on_command(ME, "think"),
        await core.on_text(ME, "0 2"),
        await core.on_text(ME, "1 0"),
        await core.on_text(ME, "4 0"),
        await core.on_command(GROUP, "challenge"),
        await core.on_command(GROUP, "settings"),
        await core.on_command(GROUP, "language"),
        await core.on_command(BOB, "versus"),
        await core.on_text(BOB, "0123"),
        await core.on_command(DUEL, "duel"),
        await core.on_command(ME, "top"),
        await core.on_command(ME, "stats"),
        await core.on_command(ME, "settings"),
    ]
    game = await core.deps.store.games.active_game(ME.chat_id)
    matches = [await core.deps.store.matches.active_match(who.chat_id) for who in (GROUP, BOB, DUEL)]
    found = [game, *matches]
    ids = [n for thing in found if thing is not None for n in (thing.id, thing.revision)]
    data = [b.data for o in outcomes for r in o.replies for row in r.buttons for b in row if b.data]
    return ids, data


async def test_the_issues_forged_fix_button_gets_a_toast(tmp_path: Path) -> None:
    async with runtime_on(tmp_path / "db.sqlite3") as runtime:
        (game_id, revision, *_), _ = await live_games(runtime.core)
        for data in (f"f:{game_id}:{revision}:0:99", f"f:{game_id}:{revision}:99:11"):
            outcome = await runtime.core.on_button(ME, data)
            assert outcome.toast is not None, data
        impossible = await runtime.core.on_button(ME, f"a:{game_id}:{revision}:77")
        assert impossible.toast is not None or impossible.replies


def forged(rng: random.Random, known: list[int], real: list[str]) -> str:
    """A payload as a forger might make it: a real action, then fields that are ids the bot uses, numbers near
    and far from them, words of other payloads, or noise."""
    words = ["", "0", "1", "2", "99", "-1", "12", "40", "00", "77", "9" * 25, "a", "g", "r", "x", "v", "l", "z", "c"]
    words += ["h", "t", "d", "y", "n", "f", "u", "classic", "5", "6r6z", "ru", "en", "c", "w", "m", "20260101"]
    if real and rng.random() < 0.6:  # a real button with one or two fields changed, added or dropped
        fields = real[rng.randrange(len(real))].split(":")
        for _ in range(rng.randrange(1, 3)):
            at = rng.randrange(1, len(fields) + 1)
            change = rng.choice((str(rng.choice(known)), rng.choice(words), str(rng.randrange(-2, 100))))
            if rng.random() < 0.2:
                fields.insert(at, change)
            elif at < len(fields) and rng.random() < 0.2:
                del fields[at]
            elif at < len(fields):
                fields[at] = change
        return ":".join(fields)[: cb.MAX_BYTES]
    fields = []
    for _ in range(rng.randrange(7)):
        pick = rng.random()
        if pick < 0.35:
            fields.append(str(rng.choice(known)))
        elif pick < 0.8:
            fields.append(rng.choice(words))
        else:
            fields.append("".join(rng.choice("0123456789abz-_") for _ in range(rng.randrange(1, 6))))
    return ":".join([rng.choice(ACTIONS), *fields])[: cb.MAX_BYTES]


async def test_no_forged_payload_makes_the_core_raise(tmp_path: Path) -> None:
    rng = random.Random(20)
    async with runtime_on(tmp_path / "db.sqlite3") as runtime:
        core = runtime.core
        known, real = await live_games(core)
        for n in range(3000):
            data = forged(rng, known, real)
            who = rng.choice([ME, ME, GROUP, BOB, DUEL, Who(-200, 5, private=False, name="Ann")])
            try:
                outcome = await core.on_button(who, data)
            except Exception as error:
                raise AssertionError(f"press {n}: {data!r} from {'private' if who.private else 'group'}") from error
            assert isinstance(outcome, Outcome)
            if n % 300 == 299:  # keep live games to aim at
                known, real = await live_games(core)
