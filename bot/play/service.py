"""The referee: the user guesses the bot's secret (fixed, or adversarial in hard mode)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import timedelta

from bot import review as review_feature
from bot.deps import Deps
from bot.games.lifecycle import finish, hard_secret, parsed
from bot.games.model import Game
from bot.games.rules import tried_before
from bot.games.status import Status
from bot.play.rules import judged
from bot.refusal import Refusal
from engine.adversary import adversary_answer
from engine.analysis import quick_review, review_move, tree_guesses
from engine.history import History, Turn, candidates, pinned
from engine.play import play
from engine.review import Label, guess_loss
from engine.scoring import Score, score
from engine.variant import Code, Variant

# The engine's replay at the end is skipped for variants whose solving takes too long to wait for.
ENGINE_REPLAY_MAX_CODES = 10_000
ENGINE_REPLAY_TIMEOUT = 5.0


@dataclass(frozen=True)
class Measured:
    """The latest guess as the game's review weighs it, where its figures are exact: its label and loss (as
    printed), the best guess there and what makes it best (None: the guess was one of the best)."""

    label: Label
    loss: float
    best: Code | None
    why: review_feature.Split | None


@dataclass(frozen=True)
class Coaching:
    """How much a guess narrowed things down, and what the engine would have played instead."""

    remaining: int
    bits: float
    engine_pick: Code | None = None  # set when the engine's guess was expected to learn clearly more
    bits_short: float = 0.0
    outlook: float | None = None  # the engine's average guesses still needed from here
    before: int = 0  # the codes that fitted before the guess
    guess: Code = ""  # the guess reviewed
    compared: bool = False  # whether the engine's own guess was weighed against it (small enough a position)
    measured: Measured | None = None  # the review's exact measure of it, where there is one (the full review only)


# A guess counts as clearly worse than the engine's when it is expected to learn this many bits less.
NOTABLE_BITS_SHORT = 0.3


@dataclass(frozen=True)
class Finished:
    """How a finished game went, for the summary."""

    game: Game
    secret: Code
    guesses: int
    elapsed: timedelta
    engine_guesses: int | None = None  # what the engine needs from the player's first guess


@dataclass(frozen=True)
class Scored:
    """A guess and its score; `ending` is set when it won or used the last attempt."""

    game: Game
    turn: Turn
    coaching: Coaching | None
    ending: Finished | None


@dataclass(frozen=True)
class Hint:
    """A digit revealed in its place, and (with coaching, after a guess) how many codes still fit with it there."""

    game: Game
    position: int
    digit: str
    pinned: bool  # the hint fixed the secret of a hard-mode game
    remaining: int | None = None


async def guess(deps: Deps, game: Game, user_id: int, text: str) -> Scored | Refusal:
    """Score the user's guess against the game (as the update read it), store it, and say how it went."""
    code = parsed(game.variant, text)
    if isinstance(code, Refusal):
        return code
    if (again := tried_before(game.turns, code)) is not None:
        return again
    if game.secret is None:  # hard mode: the adversary weighs its candidates, in a thread
        answer, coaching = await deps.engine.need(
            "hard answer", _judge, game, code, deps, same=("hard answer", game.id, game.revision, code)
        )
    else:
        answer = score(game.secret, code)
        coaching = await _coach(deps, game, Turn(code, answer)) if game.coaching else None
    turn = Turn(code, answer)
    now = deps.clock()
    decided = judged(game, turn)
    turns, secret = decided.turns, decided.secret
    if decided.ending is not None and secret is None:  # a hard-mode loss: pick a secret that fits
        secret = await hard_secret(deps, game.variant, turns)
    async with deps.transaction():
        updated = game.bumped(turns=turns)
        # `game` was read in the update's transaction: its turns are the stored moves, not read back
        await deps.store.games.set_turns(updated, user_id, now, game.turns)
        if decided.ending is not None:
            updated = await finish(deps, updated, decided.ending, now, secret)
        else:
            await deps.store.games.save_game(updated)
    ending = None
    if decided.ending is not None:
        assert secret is not None
        engine = await engine_guesses(deps, game.variant, secret, turns[0]) if decided.ending == Status.WON else None
        ending = Finished(updated, secret, len(turns), now - game.started_at, engine)
    return Scored(updated, turn, coaching, ending)


def _judge(game: Game, code: Code, deps: Deps) -> tuple[Score, Coaching | None]:
    """A hard-mode game's answer to a guess (the adversary's: no secret is fixed yet) and, with coaching, what it
    taught; run in a thread."""
    answer = adversary_answer(game.variant, game.turns, code, deps.rng)
    history = (*game.turns, Turn(code, answer))
    return answer, _review(game.variant, history, pins(game)) if game.coaching else None


def pins(game: Game) -> dict[int, int]:
    """The digits the player knows in their places: those the game's hints revealed."""
    if game.secret is None:
        return {}
    return {int(position): int(game.secret[int(position)]) for position in game.hints}


def pins_at(game: Game, index: int) -> dict[int, int]:
    """The digits the player knew in their places when guess `index` (0 for the first) was made: the hints taken
    before it (every hint, in a game older than the note of when they came)."""
    if game.secret is None or game.hints_at is None or len(game.hints_at) != len(game.hints):
        return pins(game)
    secret = game.secret
    return {int(p): int(secret[int(p)]) for p, at in zip(game.hints, game.hints_at, strict=True) if at <= index}


async def _coach(deps: Deps, game: Game, turn: Turn) -> Coaching:
    """What the turn taught: reviewed right here when the engine knows that is quick (a lookup in its tree,
    a handful of candidates), else as engine work, so neither the event loop nor the write lock is held by a review
    that searches. After a hint the engine's tree no longer applies: engine work."""
    history = (*game.turns, turn)
    known = pins(game)
    if not known and quick_review(game.variant, history):
        return _review(game.variant, history)  # a lookup: no thread hop, that costs more than such a review
    return await deps.engine.need(
        "coach", _review, game.variant, history, known, same=("coach", game.variant.name, history, tuple(known.items()))
    )


def _review(variant: Variant, history: History, known: dict[int, int] | None = None) -> Coaching:
    """The coach's review of the last turn of `history`, knowing the digits `known` (hints) in their places."""
    review = review_move(variant, history, pins=known)
    short = review.bits_short or 0.0
    pick = review.best.guess if review.best is not None and short >= NOTABLE_BITS_SHORT else None
    average = review.outlook.average if review.outlook is not None else None
    compared = review.best is not None
    return Coaching(review.after, review.bits, pick, short, average, review.before, history[-1].guess, compared)


async def review(deps: Deps, game: Game) -> Coaching | None:
    """The coach's full review of the game's latest guess, knowing its hints (None before the first guess): with the
    review's measure of it where that is exact, so that the coach and the game's review name one best move."""
    if not game.turns:
        return None
    before, last = game.turns[:-1], game.turns[-1]
    coaching = await _coach(deps, replace(game, turns=before), last)
    known = pins_at(game, len(before))  # what the player knew when they made it, as the game's review weighs it
    same = ("coach measure", game.variant.name, game.turns, tuple(known.items()))
    measured = await deps.engine.need("coach measure", measure, game.variant, before, known, last.guess, same=same)
    return replace(coaching, measured=measured)


def measure(variant: Variant, before: History, known: dict[int, int], guess: Code) -> Measured | None:
    """The guess as the game's review weighs it at the position after `before` with `known` digits in their places,
    where the figures are exact (None where they are an estimate: the coach's pick is then a quick one)."""
    weighed = guess_loss(variant, before, known or None, guess)
    if not weighed.exact or not weighed.best:
        return None
    label = review_feature.shown_label(weighed.loss, weighed.label)
    if label is Label.BEST:
        return Measured(label, weighed.loss, None, None)
    best = weighed.best[0].guess
    return Measured(label, weighed.loss, best, review_feature.split_of(variant, before, known or None, (best,))[0])


async def engine_guesses(deps: Deps, variant: Variant, secret: Code, first: Turn) -> int | None:
    """How many guesses the engine needs for `secret` starting from the player's first guess."""
    if variant.size > ENGINE_REPLAY_MAX_CODES:
        return None
    if first.answer.bulls == variant.length:
        return 1
    if (walked := tree_guesses(variant, secret, (first,))) is not None:
        return walked  # the engine's optimal tree from the first guess on: a few lookups, no thread needed
    # not done in time: the game ends without the figure (the work finishes on its thread, unawaited)
    return await deps.engine.need_within(ENGINE_REPLAY_TIMEOUT, "replay", _replay, variant, secret, (first,))


def _replay(variant: Variant, secret: Code, history: History) -> int:
    return len(history) + len(play(variant, secret, history=history))


async def hint(deps: Deps, game: Game) -> Hint | None:
    """Reveal one hidden digit in its place (None when only one is left hidden)."""
    hidden = [i for i in range(game.variant.length) if str(i) not in game.hints]
    if len(hidden) <= 1:
        return None
    secret = game.secret
    pinned = secret is None
    if secret is None:
        secret = await hard_secret(deps, game.variant, game.turns)
    position = deps.engine.remember("hint", lambda: deps.rng.choice(hidden))
    noted = None if game.hints_at is None else (*game.hints_at, len(game.turns))  # what the review weighs by
    updated = game.bumped(secret=secret, hard=False, hints=game.hints + str(position), hints_at=noted)
    async with deps.transaction():
        await deps.store.games.save_game(updated)
    # the coach's line stays on the board, recounted with the digit in place (a 6-digit game's codes: in a thread)
    remaining = None
    if updated.coaching and updated.turns:
        remaining = await deps.engine.need("codes left", left, updated, same=("codes left", updated.id, updated.hints))
    return Hint(updated, position, secret[position], pinned, remaining)


def left(game: Game) -> int:
    """How many codes fit every score of the game with the hinted digits in their places."""
    return len(pinned(game.variant, candidates(game.variant, game.turns), pins(game)))


def hint_pattern(game: Game) -> str:
    """The secret with only the hinted digits shown: '_ 3 _ _'."""
    assert game.secret is not None
    return " ".join(d if str(i) in game.hints else "_" for i, d in enumerate(game.secret))


async def give_up(deps: Deps, game: Game) -> Finished:
    """End the game and reveal the secret (a hard-mode game picks one that fits)."""
    return await _end(deps, game, Status.GAVE_UP)


async def stop(deps: Deps, game: Game) -> Finished:
    """Abandon the game unfinished (a confirmed /cancel) and reveal the secret, as giving up does."""
    return await _end(deps, game, Status.ABANDONED)


async def _end(deps: Deps, game: Game, status: Status) -> Finished:
    secret = game.secret
    if secret is None:
        secret = await hard_secret(deps, game.variant, game.turns)
    now = deps.clock()
    async with deps.transaction():
        done = await finish(deps, game, status, now, secret)
    return Finished(done, secret, len(game.turns), now - game.started_at)
