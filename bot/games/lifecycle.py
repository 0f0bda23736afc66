"""The one-player game lifecycle: starting, cancelling and finishing a game (and reading a typed code)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime

from bot.chats.settings import Settings
from bot.deps import Deps
from bot.events import GameFinished
from bot.games.guessing import bot_guess
from bot.games.model import Game, Mode, Result
from bot.games.status import Status
from bot.parsing.scores import plain_digits
from bot.refusal import Refusal
from engine.history import Turn
from engine.variant import Code, InvalidCode, Variant


def parsed(variant: Variant, text: str) -> Code | Refusal:
    """The code a user typed (in any digits: '１２３４' is 1234), or why it is not one of the variant's (a Refusal)."""
    try:
        return variant.parse(plain_digits(text))
    except InvalidCode as error:
        return Refusal(f"invalid.{error.key}", dict(error.params))


@dataclass(frozen=True)
class GameRunning:
    """Another game runs in the chat: the player is asked before it is abandoned for the one they asked for (the
    daily's, a ranked one)."""

    game: Game


@dataclass(frozen=True)
class NeedsConfirmation:
    """A game is running: the user must confirm abandoning it before a new one starts."""

    running: Game
    mode: Mode
    variant: Variant | None


@dataclass(frozen=True)
class GameStarted:
    """A new game, the settings it was started with, and the game it replaced, if any."""

    game: Game
    settings: Settings
    replaced: Game | None = None


async def random_secret(deps: Deps, variant: Variant) -> Code:
    """A secret of the variant drawn with the deps' randomness; its code table is built as engine work the first
    time (a 6-digit variant's takes a while), then reading it is a lookup."""
    # drawn once whatever the tries (the size is counted, not built): a seeded game is the same game
    index = deps.engine.remember("secret", lambda: deps.rng.randrange(variant.size))
    if variant.codes_built:
        return variant.code(index)
    return await deps.engine.need("secret", variant.code, index, same=("secret", variant.name))


async def hard_secret(deps: Deps, variant: Variant, turns: tuple[Turn, ...]) -> Code:
    """A secret that fits every answer of a hard-mode game, which fixed none (engine work: it weighs the codes)."""
    from engine.adversary import adversary_secret

    return await deps.engine.need(
        "hard secret", adversary_secret, variant, turns, deps.rng, same=("hard secret", variant.name, turns)
    )


async def start_game(
    deps: Deps,
    chat_id: int,
    user_id: int,
    mode: Mode,
    settings: Settings,
    running: Game | None,
    variant: Variant | None = None,
    replacing: int | None = None,
    like: Game | None = None,
) -> GameStarted | NeedsConfirmation:
    """Start a game in the chat, whose `settings` and `running` game the update read; a running one is abandoned only
    if its id is `replacing`. The variant is `variant`, else the chat's; the attempt limit, coaching and hard mode
    those of the game `like` (the same again), else the chat's settings."""
    if running is not None and running.id != replacing:
        return NeedsConfirmation(running, mode, variant)
    if like is not None:
        settings = replace(settings, attempt_limit=like.attempt_limit, coaching=like.coaching, hard=like.hard)
    chosen = variant or settings.variant
    secret = None
    pending = None
    if mode == Mode.GUESSER:
        pending = await bot_guess(deps, chosen, ())
    elif not settings.hard:
        secret = await random_secret(deps, chosen)
    now = deps.clock()
    draft = Game(
        id=0,
        chat_id=chat_id,
        user_id=user_id,
        mode=mode,
        variant=chosen,
        started_at=now,
        secret=secret,
        attempt_limit=settings.attempt_limit if mode != Mode.GUESSER else None,
        coaching=settings.coaching,
        hard=settings.hard and mode != Mode.GUESSER,
        pending_guess=pending,
    )
    replaced = None
    async with deps.transaction():
        if running is not None:
            replaced = await finish(deps, running, Status.ABANDONED, now)
        game = await deps.store.games.create_game(draft)
    return GameStarted(game, settings, replaced)


async def finish(deps: Deps, game: Game, status: Status, now: datetime, secret: str | None = None) -> Game:
    """Store the game as finished with `status`, record the player's result and award what it earned (inside a
    transaction)."""
    done = game.bumped(status=status, finished_at=now, pending_guess=None, secret=secret or game.secret)
    await deps.store.games.save_game(done)
    await deps.store.games.record_result(
        Result(
            game_id=done.id,
            user_id=done.user_id,
            chat_id=done.chat_id,
            mode=done.mode,
            variant=done.variant.name,
            guesses=len(done.turns),
            status=status,
            hinted=done.hinted,
            started_at=done.started_at,
            finished_at=now,
        )
    )
    await deps.events.publish(deps, GameFinished(done, now))  # rated, awarded... by whoever listens
    return done


@dataclass(frozen=True)
class Cancelled:
    """The game that was cancelled (its secret shown to the player who guessed it)."""

    game: Game


async def cancel(deps: Deps, game: Game | None) -> Cancelled | None:
    """Abandon the chat's running game (as the update read it); None if there was none."""
    if game is None:
        return None
    secret = game.secret
    if game.mode != Mode.GUESSER and secret is None:
        secret = await hard_secret(deps, game.variant, game.turns)
    async with deps.transaction():
        done = await finish(deps, game, Status.ABANDONED, deps.clock(), secret)
    return Cancelled(done)


def at_revision(game: Game | None, game_id: int | None, revision: int | None) -> Game | None:
    """`game` (the chat's running one), if a button names it at its present revision; None: the button is stale."""
    if game is None or (game.id, game.revision) != (game_id, revision):
        return None
    return game
