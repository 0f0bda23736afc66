"""The guesser: the bot guesses the user's code from their answers, catching contradictions."""

from __future__ import annotations

from dataclasses import dataclass

from bot.deps import Deps
from bot.games.guessing import bot_guess, checked, possible_answers, rechecked, refused
from bot.games.lifecycle import finish, parsed
from bot.games.model import Game
from bot.games.status import Status
from bot.refusal import Refusal
from bot.think.rules import Settled, settled
from engine.consistency import Consistent, Contradiction, InvalidAnswer, validate_answer, wrong_answers
from engine.consistency import WrongAnswer as WrongAnswer
from engine.history import Turn
from engine.scoring import Score
from engine.variant import Code, Variant


@dataclass(frozen=True)
class Asking:
    """The game goes on: the bot's next guess is on the board; `remaining` codes still fit."""

    game: Game
    remaining: int | None
    answers: tuple[Score, ...] = ()  # every answer possible in the variant, for the buttons


async def asking(deps: Deps, game: Game, remaining: int | None) -> Asking:
    """Asking with the variant's possible answers (for the buttons)."""
    return Asking(game, remaining, await possible_answers(deps, game.variant))


@dataclass(frozen=True)
class Contradicted:
    """The answers cannot all be true; the game waits for a fix, an undo or a reveal."""

    game: Game
    contradiction: Contradiction


@dataclass(frozen=True)
class Solved:
    """The bot found the code."""

    game: Game


@dataclass(frozen=True)
class Revealed:
    """The user's real code and the answers it shows were wrong; `ended`: the game was running, and ends here."""

    game: Game
    secret: Code
    wrong: list[WrongAnswer]
    ended: bool = False


Progress = Asking | Contradicted | Solved


async def answer(deps: Deps, game: Game, user_id: int, given: Score) -> Progress | Refusal:
    """Take the user's answer to the pending guess and move on: next guess, solved, or contradiction."""
    if game.pending_guess is None:
        return await progress_of(deps, game)
    turn = Turn(game.pending_guess, given)
    check = await checked(deps, game.variant, game.turns, turn)
    if isinstance(check, Refusal):
        return check
    return await _settle(deps, game, user_id, (*game.turns, turn), check)


async def undo(deps: Deps, game: Game, user_id: int) -> Progress | None:
    """Take back the last answer and ask that guess again; None if there is nothing to undo."""
    if not game.turns:
        return None
    last = game.turns[-1]
    turns = game.turns[:-1]
    remaining = await deps.engine.need("codes left", _remaining, game.variant, turns)
    updated = game.bumped(turns=turns, pending_guess=last.guess)
    async with deps.transaction():
        await deps.store.games.set_turns(updated, user_id, deps.clock())
        await deps.store.games.save_game(updated)
    return await asking(deps, updated, remaining)


async def correct(deps: Deps, game: Game, user_id: int, index: int, fixed: Score) -> Progress | Refusal:
    """Replace answer #index (0-based) with `fixed` and carry on from the corrected history."""
    if not 0 <= index < len(game.turns):
        return Refusal("stale")  # a forged or outdated button: its answer is gone
    try:  # a fix comes from a button, whose data anyone can forge: it must be an answer the guess could get
        validate_answer(game.variant, fixed, game.turns[index].guess)
    except InvalidAnswer as error:
        return refused(error, game.variant)
    turns = list(game.turns)
    turns[index] = Turn(turns[index].guess, fixed)
    check = await rechecked(deps, game.variant, tuple(turns))
    return await _settle(deps, game, user_id, tuple(turns), check)


async def start_over(deps: Deps, game: Game, user_id: int) -> Asking:
    """Forget every answer and ask the first guess again."""
    first = await bot_guess(deps, game.variant, ())
    updated = game.bumped(turns=(), pending_guess=first)
    async with deps.transaction():
        await deps.store.games.set_turns(updated, user_id, deps.clock())
        await deps.store.games.save_game(updated)
    return await asking(deps, updated, game.variant.size)


async def reveal(deps: Deps, game: Game, text: str) -> Revealed | Refusal:
    """Check the answers against the user's real code; a running game ends as 'revealed'. A text that is no code of
    the variant is refused (why, as an `invalid.*` key) and changes nothing."""
    secret = parsed(game.variant, text)
    if isinstance(secret, Refusal):
        return secret
    wrong = wrong_answers(game.variant, game.turns, secret)
    if not game.active:
        return Revealed(game, secret, wrong)
    async with deps.transaction():
        game = await finish(deps, game, Status.REVEALED, deps.clock(), secret)
    return Revealed(game, secret, wrong, ended=True)


async def _settle(
    deps: Deps, game: Game, user_id: int, turns: tuple[Turn, ...], check: Consistent | Contradiction
) -> Progress:
    """Store the new history with what follows from it: solved, the next guess, or a contradiction."""
    decided = settled(game.variant, turns, check)
    pending = None
    if decided is Settled.ASKING:
        pending = await bot_guess(deps, game.variant, turns)
    updated = game.bumped(turns=turns, pending_guess=pending)
    async with deps.transaction():
        await deps.store.games.set_turns(updated, user_id, deps.clock())
        if decided is Settled.SOLVED:
            updated = await finish(deps, updated, Status.SOLVED, deps.clock(), turns[-1].guess)
        else:
            await deps.store.games.save_game(updated)
    if decided is Settled.SOLVED:
        return Solved(updated)
    if isinstance(check, Contradiction):
        return Contradicted(updated, check)
    return await asking(deps, updated, check.remaining)


async def progress_of(deps: Deps, game: Game) -> Contradicted | Asking:
    """Where the stored game stands: its contradiction, or the pending guess with how many codes fit."""
    check = await rechecked(deps, game.variant, game.turns)
    if isinstance(check, Contradiction):
        return Contradicted(game, check)
    return await asking(deps, game, check.remaining)


def _remaining(variant: Variant, turns: tuple[Turn, ...]) -> int:
    from engine.history import candidates

    return len(candidates(variant, turns))
