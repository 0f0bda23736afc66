"""The coach after a hint: its count of the codes that still fit, and its pick, take the revealed digit into account
(issue 21, bug 2). Every count is checked against this file's own scorer and its own list of codes, not the
engine's."""

from dataclasses import replace
from itertools import permutations, product

import pytest

from bot.chats.settings import Settings
from bot.games.lifecycle import GameStarted, start_game
from bot.games.model import Mode
from bot.play import service as referee
from engine.analysis import review_move
from engine.history import Turn
from engine.scoring import Score
from engine.variant import Variant, variant_named
from tests.bot.fakes import USER, runtime_on


async def chat_of(deps):  # type: ignore[no-untyped-def]
    """The private chat's settings and running game, as an update reads them before starting a game."""
    return await deps.store.settings.of_chat(USER), await deps.store.games.active_game(USER)


def own_score(secret: str, guess: str) -> tuple[int, int]:
    """Bulls and cows, counted the pencil-and-paper way."""
    bulls = sum(s == g for s, g in zip(secret, guess, strict=True))
    common = sum(min(secret.count(d), guess.count(d)) for d in set(guess))
    return bulls, common - bulls


def own_codes(variant: Variant) -> list[str]:
    """Every code of the variant, listed here without the engine."""
    digits = "0123456789"[: variant.symbols]
    rows = product(digits, repeat=variant.length) if variant.repeats else permutations(digits, variant.length)
    return ["".join(row) for row in rows if variant.leading_zero or row[0] != "0"]


def still_fit(variant: Variant, turns, pins: dict[int, str]) -> list[str]:
    """The codes that give every score of `turns` and have the hinted digits in their places."""
    return [
        code
        for code in own_codes(variant)
        if all(own_score(code, t.guess) == (t.answer.bulls, t.answer.cows) for t in turns)
        and all(code[p] == d for p, d in pins.items())
    ]


async def started(deps, variant: str, hard: bool = False):
    async with deps.transaction():
        chosen = replace(Settings(), variant=variant_named(variant), hard=hard)
        await deps.store.settings.save(USER, chosen, deps.clock())
    result = await start_game(deps, USER, USER, Mode.REFEREE, *await chat_of(deps))
    assert isinstance(result, GameStarted)
    return result.game


GUESSES = {
    "classic": ("0123", "4567", "8901", "2345", "6789"),
    "mastermind": ("0011", "2233", "4455", "0123", "5432"),
    "5": ("01234", "56789", "13579", "02468", "97531"),
    "4d8z": ("1234", "5670", "2461", "7153", "3605"),
}


@pytest.mark.parametrize(("variant", "hard"), [("classic", False), ("classic", True), ("mastermind", False),
                                               ("5", False), ("4d8z", True)])  # fmt: skip
async def test_after_a_hint_the_coach_counts_only_the_codes_with_the_revealed_digit(tmp_path, variant, hard):
    async with runtime_on(tmp_path / "db.sqlite3", seed=7) as rt:
        deps = rt.core.deps
        game = await started(deps, variant, hard)
        first, second, third, *_ = GUESSES[variant]
        for code in (first, second):
            game = (await referee.guess(deps, game, USER, code)).game
        hint = await referee.hint(deps, game)
        assert hint is not None
        scored = await referee.guess(deps, hint.game, USER, third)
        assert isinstance(scored, referee.Scored)
        assert scored.ending is None
        chosen = scored.game.variant
        pins = {int(p): scored.game.secret[int(p)] for p in scored.game.hints}
        fitting = still_fit(chosen, scored.game.turns, pins)
        assert scored.coaching is not None
        assert scored.coaching.remaining == len(fitting)
        assert scored.game.secret in fitting


async def test_the_coachs_full_review_after_a_hint_counts_with_it(tmp_path):
    async with runtime_on(tmp_path / "db.sqlite3", seed=3) as rt:
        deps = rt.core.deps
        game = await started(deps, "classic")
        game = (await referee.guess(deps, game, USER, "0123")).game
        hint = await referee.hint(deps, game)
        assert hint is not None
        review = await referee.review(deps, hint.game)
        assert review is not None
        fitting = still_fit(hint.game.variant, hint.game.turns, {hint.position: hint.digit})
        assert review.remaining == len(fitting)
        assert review.before == len(still_fit(hint.game.variant, (), {hint.position: hint.digit}))


@pytest.mark.parametrize("variant", ["classic", "mastermind", "4d8z"])
def test_the_engines_pick_with_a_pinned_digit_keeps_it_in_place(variant):
    chosen = variant_named(variant)
    guesses = GUESSES[variant]
    secret = guesses[-1][::-1] if chosen.is_valid(guesses[-1][::-1]) else guesses[-1]
    history = [Turn(code, Score(*own_score(secret, code))) for code in guesses[:2]]
    pins = {1: int(secret[1])}
    review = review_move(chosen, history, pins=pins)
    assert review.after == len(still_fit(chosen, history, {1: secret[1]}))
    assert review.best is not None
    assert review.best.guess[1] == secret[1]
    assert review.outlook is None
