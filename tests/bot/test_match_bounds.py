"""Races and duels are bounded: a player has at most MAX_GUESSES guesses, and a move costs the same SQLite work
whatever the length of the match (measured in virtual-machine steps, not in time)."""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Callable

from bot.deps import Deps
from bot.duel import service as duel
from bot.games.rules import MAX_GUESSES
from bot.matches.model import Match
from bot.race import service as race
from bot.store.db import on_loop
from bot.who import Who
from engine.variant import Variant
from tests.bot.members import GROUP, Member, sent
from tests.duel.test_duel import ANN_SECRET, BOB_SECRET, results, set_up
from tests.race.test_race import the_race


def codes(variant: Variant, avoid: set[str], seed: int) -> list[str]:
    """Every code of the variant but `avoid`, shuffled."""
    found = [c for c in (variant.code(i) for i in range(variant.size)) if c not in avoid]
    random.Random(seed).shuffle(found)
    return found


async def guesses_by(deps: Deps, match: Match, user_id: int, count: int, seed: int) -> None:
    """`count` wrong guesses by one player, in one transaction (as the intake batches them)."""
    assert match.secret is not None
    async with deps.transaction():
        with on_loop(deps.store.conn):
            for code in codes(match.variant, {match.secret}, seed)[:count]:
                assert isinstance(await race.guess(deps, match, user_id, f"P{user_id}", code), race.RaceMove)


def steps_of(raw: sqlite3.Connection) -> Callable[[], int]:
    """Start counting the SQLite virtual-machine instructions run on a connection; call the result to stop and
    get the count."""
    count = 0

    def tick() -> int:
        nonlocal count
        count += 1
        return 0  # go on

    raw.set_progress_handler(tick, 1)

    def stop() -> int:
        raw.set_progress_handler(None, 1)
        return count

    return stop


async def test_a_race_player_is_refused_after_the_most_guesses_a_game_allows_and_told_once(app, recorded):
    ann, bob = Member(app, recorded, 11, "Ann"), Member(app, recorded, 22, "Bob")
    await ann.send("/challenge")
    match, core = await the_race(app)
    await guesses_by(core.deps, match, 11, MAX_GUESSES - 1, seed=1)
    made = await tried(core, match, 11)
    last = next(c for c in codes(match.variant, {match.secret}, seed=2) if c not in made)

    [line] = sent(await ann.send(f"/g {last}"))
    assert line.text.startswith(f"Ann #{MAX_GUESSES} <code>{last}</code>")
    assert line.text.endswith(f"That was Ann's last guess: a player may make {MAX_GUESSES} in a race.")
    [refused] = sent(await ann.send(f"/g {match.secret}"))
    assert refused.text == (
        f"You have made your {MAX_GUESSES} guesses in this race, the most a player may make. The others play on."
    )
    assert sent(await ann.send(match.secret)) == []  # a plain code is chat: refused without a word
    [other] = sent(await bob.send(f"/g {last}"))
    assert other.text.startswith("Bob #1 ")
    current = await core.deps.store.matches.match(match.id)
    assert current.active
    assert current.player(11).guesses == MAX_GUESSES


async def tried(core, match: Match, user_id: int) -> set[str]:
    return {turn.guess for turn in await core.deps.store.matches.turns(match.id, user_id)}


async def test_a_duel_where_neither_solves_in_every_guess_allowed_is_an_unrated_draw(app, recorded):
    ann, bob, match_id = await set_up(app, recorded)
    core = app.bot_data.runtime.core
    match = await core.deps.store.matches.match(match_id)
    anns = codes(match.variant, {BOB_SECRET}, seed=3)
    bobs = codes(match.variant, {ANN_SECRET}, seed=4)
    for n in range(MAX_GUESSES - 1):
        for user_id, name, own in ((11, "Ann", anns), (22, "Bob", bobs)):
            current = await core.deps.store.matches.match(match_id)
            assert isinstance(await duel.guess(core.deps, current, user_id, name, own[n]), duel.DuelMove)

    [line] = sent(await ann.send(f"/g {anns[MAX_GUESSES - 1]}"), GROUP)
    assert f"Ann #{MAX_GUESSES} " in line.text
    ending = "\n".join(c.text for c in sent(await bob.send(f"/g {bobs[MAX_GUESSES - 1]}"), GROUP))

    assert f"found the other's secret in {MAX_GUESSES} guesses, the most each may make" in ending
    assert "rating" not in ending.lower()
    final = await core.deps.store.matches.match(match_id)
    assert (final.status, final.winner_id) == ("draw", None)
    assert await results(app) == [(11, MAX_GUESSES, "draw"), (22, MAX_GUESSES, "draw")]
    assert await app.bot_data.runtime.store.conn.execute_fetchall("SELECT * FROM rated_results") == []


async def test_a_guess_and_a_chat_message_cost_the_same_at_any_length_of_race(app, recorded):
    """Twenty players make 2,000 guesses; two more players' guesses, and plain chat, are counted early and late."""
    runtime = app.bot_data.runtime
    store, core = runtime.store, runtime.core
    await Member(app, recorded, 1, "P1").send("/challenge")
    match, _ = await the_race(app)
    early_mover, late_mover = Who(GROUP, 901, private=False, name="E"), Who(GROUP, 902, private=False, name="L")
    players = list(range(1, 21))
    for user_id in [*players, 901, 902]:  # everyone seated: the same players at both measurements
        await guesses_by(core.deps, match, user_id, 1, seed=user_id)

    async def cost(who: Who, command: str, text: str) -> int:
        stop = steps_of(store.conn._connection)
        async with store.transaction():
            with on_loop(store.conn):
                if command:
                    assert (await core.on_command(who, command, text)).replies  # scored
                else:
                    assert (await core.on_text(who, text)).replies == ()  # chat: no reply
        return stop()

    async def five_guesses(who: Who, seed: int) -> list[int]:
        mine = await tried(core, match, who.user_id)
        fresh = [c for c in codes(match.variant, {match.secret}, seed) if c not in mine][:5]
        return [await cost(who, "g", code) for code in fresh]

    early = await five_guesses(early_mover, seed=7)
    early_chat = await cost(early_mover, "", "hello all, 1234 is my lucky number")
    for user_id in players:
        await guesses_by(core.deps, match, user_id, MAX_GUESSES - 1, seed=100 + user_id)
    made = await store.conn.execute_fetchall("SELECT count(*) FROM match_moves WHERE match_id = ?", (match.id,))
    assert next(iter(made))[0] >= 2000
    late = await five_guesses(late_mover, seed=7)
    late_chat = await cost(late_mover, "", "hello all, 1234 is my lucky number")

    # the same work, give or take a deeper B-tree level: every move of the race read would be ~100 times more
    assert max(late) <= 1.1 * max(early) + 20, (early, late)
    assert late_chat <= 1.1 * early_chat + 20, (early_chat, late_chat)
