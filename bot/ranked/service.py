"""Ranked games against the world: pairing a player with a secret someone of similar skill played (or a fresh one,
whose mark they set), the games' ends (the mark opened; both players rated), the two games side by side, and a
player's ranked history. The rules are in bot/ranked/rules.py; a ranked game is a referee game (bot/play/) without
coaching, tied to its secret by a ranked play (the game's `ranked`)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime
from enum import StrEnum

from bot import records, review
from bot.deps import Deps
from bot.events import GameFinished, RankedFinished
from bot.games.lifecycle import GameRunning, finish, random_secret
from bot.games.model import Game, Mode
from bot.games.status import Status
from bot.ranked import rules
from bot.ranked.rules import Attempt, Mark
from bot.ranked.store import Play, RatedPlace, SqliteRankedRepository, StoredSecret, StoredSkill
from bot.refusal import Refusal
from engine.variant import Variant, variant_named

FRESH_DRAWS = 8  # draws of a fresh secret, at most, to find a code the player has not had
HISTORY = 10  # secrets in a player's ranked history


def repository(deps: Deps) -> SqliteRankedRepository:
    """The ranked games' rows on the Store's connection."""
    return deps.store.repository(SqliteRankedRepository)


@dataclass(frozen=True)
class RankedRating:
    """A player's ranked rating in a family, as shown: the number, and whether it is provisional (few games)."""

    family: records.Family
    skill: records.Skill

    @property
    def shown(self) -> int:
        """The friendly number (1500 for a new player)."""
        return records.shown(self.skill.conservative)

    @property
    def provisional(self) -> bool:
        """Whether too few games are behind it for it to mean much ('1512?')."""
        return self.skill.provisional


def _skill(stored: StoredSkill | None) -> records.Skill:
    return records.Skill() if stored is None else records.Skill(stored.mu, stored.sigma, stored.games)


async def standing(deps: Deps, user_id: int, variant: Variant) -> RankedRating:
    """A player's ranked rating in the family of `variant`."""
    family = records.family_of(variant)
    stored = (await repository(deps).skills(family.value, (user_id,))).get(user_id)
    return RankedRating(family, _skill(stored))


@dataclass(frozen=True)
class Opponent:
    """Whose mark a player plays: their name and ranked rating then, and when they played it."""

    user_id: int
    name: str | None
    standing: RankedRating
    played_at: datetime


@dataclass(frozen=True)
class Begun:
    """A ranked game started: the game, its secret's id, and whose mark it plays (None: the player sets it)."""

    game: Game
    secret_id: int
    opponent: Opponent | None
    standing: RankedRating


@dataclass(frozen=True)
class Going:
    """The player's ranked game is already on."""

    game: Game
    seat: int


async def begin(
    deps: Deps, chat_id: int, user_id: int, running: Game | None, variant: Variant
) -> Begun | Going | GameRunning:
    """A ranked game for the player in `variant`: the mark of someone of similar skill, or a fresh secret whose mark
    they set. `running` is the chat's game as the update read it: a ranked one goes on, another is asked about."""
    if running is not None:
        play = await repository(deps).play(running.id) if running.ranked is not None else None
        return Going(running, play.seat) if play is not None else GameRunning(running)
    now = deps.clock()
    mine = await standing(deps, user_id, variant)
    repo = repository(deps)
    async with deps.transaction():
        mark = await pair(deps, user_id, variant, mine.skill.mu, now)
        if mark is not None and await repo.take(mark.secret_id, user_id, now):
            secret_id, code, seat = mark.secret_id, mark.secret, 2
        else:
            code = await fresh_code(deps, user_id, variant)
            secret_id, seat, mark = await repo.new_secret(variant.name, code, user_id, now), 1, None
        draft = Game(
            id=0,
            chat_id=chat_id,
            user_id=user_id,
            mode=Mode.REFEREE,
            variant=variant,
            started_at=now,
            secret=code,
            coaching=False,  # the same bare game for both players
        )
        game = await deps.store.games.create_game(draft)
        await repo.add_play(Play(game.id, secret_id, user_id, seat))
    opponent = None if mark is None else await _opponent(deps, mark, variant)
    return Begun(replace(game, ranked=secret_id), secret_id, opponent, mine)


async def _opponent(deps: Deps, mark: Mark, variant: Variant) -> Opponent:
    stored = await repository(deps).secret(mark.secret_id)
    assert stored is not None
    assert stored.opened_at is not None
    names = await deps.store.players.names((mark.marker,))
    return Opponent(mark.marker, names.get(mark.marker), await standing(deps, mark.marker, variant), stored.opened_at)


async def rating_history(deps: Deps, user_id: int, family: records.Family, last: int) -> tuple[int, ...]:
    """The player's ranked rating in a family as shown (1500 for a new player), right after each of their last
    `last` rated ranked games, oldest first: what the page's Stats tab draws."""
    rows = await repository(deps).history(user_id, family.value, last)
    return tuple(records.shown(records.Skill(mu, sigma).conservative) for mu, sigma in rows)


async def pair(deps: Deps, user_id: int, variant: Variant, mu: float, now: datetime) -> Mark | None:
    """The open mark the player is given (rules.py says which), or None: a fresh secret then."""
    repo = repository(deps)
    found = await repo.open_marks(variant.name, mu, now - rules.MARK_SPAN, user_id, rules.NEAREST)
    for mark in rules.nearest_first(mu, found):
        if await repo.meetings(user_id, mark.marker, now - rules.MEET_SPAN) >= rules.MEETINGS:
            continue
        if await repo.played_together(user_id, mark.marker):
            continue
        if await repo.had_code(user_id, variant.name, mark.secret):
            continue
        return mark
    return None


async def fresh_code(deps: Deps, user_id: int, variant: Variant) -> str:
    """A fresh secret of the variant, one the player has not had as a ranked secret (after a few draws, any)."""
    code = await random_secret(deps, variant)
    for _ in range(FRESH_DRAWS - 1):
        if not await repository(deps).had_code(user_id, variant.name, code):
            break
        code = await random_secret(deps, variant)
    return code


async def seat(deps: Deps, game_id: int) -> int | None:
    """The seat a game plays its ranked secret in (1: it sets the mark; 2: it plays one), or None."""
    play = await repository(deps).play(game_id)
    return None if play is None else play.seat


def attempt(game: Game) -> Attempt:
    """A finished game as the comparison weighs it."""
    end = game.finished_at or game.started_at
    return Attempt(game.status == Status.WON, len(game.turns), len(game.hints), (end - game.started_at).total_seconds())


@dataclass(frozen=True)
class Rated:
    """A secret both players have played, rated: each player's place and ratings (the marker's first)."""

    secret_id: int
    placed: tuple[RatedPlace, ...]


async def on_game_finished(deps: Deps, event: GameFinished) -> Rated | None:
    """A ranked game ended (any way: won, given up, abandoned for another game): the mark's opens its secret to
    others; the second's rates both players, once, in the transaction that ended it."""
    game = event.game
    if game.ranked is None:
        return None
    repo = repository(deps)
    play = await repo.play(game.id)
    secret = await repo.secret(game.ranked)
    if play is None or secret is None:
        return None
    if play.seat == 1:
        mine = await standing(deps, game.user_id, game.variant)
        await repo.open_mark(secret.id, mine.skill.mu, event.at)
        return None
    if secret.closed_at is not None:
        return None
    return await _rate(deps, secret, game, event.at)


async def _rate(deps: Deps, secret: StoredSecret, second: Game, at: datetime) -> Rated | None:
    repo = repository(deps)
    plays = await repo.plays(secret.id)
    first = await deps.store.games.game(plays[0].game_id) if plays and plays[0].seat == 1 else None
    if first is None or first.active:
        return None
    place = dict(zip((first.user_id, second.user_id), rules.places(attempt(first), attempt(second)), strict=True))
    family = records.family_of(variant_named(secret.variant))
    stored = await repo.skills(family.value, (first.user_id, second.user_id))
    before = {user: _skill(stored.get(user)) for user in place}
    after = records.rated(before, place)
    placed = tuple(
        RatedPlace(
            user,
            place[user],
            StoredSkill(before[user].mu, before[user].sigma, before[user].games),
            StoredSkill(after[user].mu, after[user].sigma, after[user].games),
        )
        for user in (first.user_id, second.user_id)
    )
    await repo.rate(secret.id, family.value, placed, at)
    await repo.close(secret.id, at)
    places = tuple((p.user_id, p.place) for p in placed)
    solved = tuple((g.user_id, len(g.turns)) for g in (first, second) if g.status == Status.WON)
    await deps.events.publish(deps, RankedFinished(secret.id, secret.variant, places, at, solved))
    return Rated(secret.id, placed)


class SecretResult(StrEnum):
    """How a closed secret went for one of its players."""

    WON = "won"
    LOST = "lost"
    DRAW = "draw"


@dataclass(frozen=True)
class Side:
    """One player's game of a closed secret: who, the game, each guess's label, their place, and their rating
    before and after."""

    user_id: int
    name: str | None
    game: Game
    labels: review.GameLabels
    place: int
    before: RankedRating
    after: RankedRating


@dataclass(frozen=True)
class Compared:
    """A closed secret, as one of its players sees it: their game and the other's, side by side."""

    secret_id: int
    variant: Variant
    secret: str
    mine: Side
    theirs: Side

    @property
    def outcome(self) -> SecretResult:
        """Won, lost or drawn, for the player who looks."""
        if self.mine.place == self.theirs.place:
            return SecretResult.DRAW
        return SecretResult.WON if self.mine.place < self.theirs.place else SecretResult.LOST


async def compared(deps: Deps, secret_id: int, user_id: int) -> Compared | Refusal:
    """Both games of a secret side by side, for one of its two players once both games are over (never before: the
    other's guesses are theirs until then); a Refusal otherwise."""
    repo = repository(deps)
    secret = await repo.secret(secret_id)
    if secret is None or user_id not in (secret.marker, secret.taker):
        return Refusal("ranked.not_yours")
    if secret.closed_at is None or secret.taker is None:  # on, or a mark that lapsed: no second game to show
        return Refusal("ranked.not_closed")
    plays = {play.user_id: play for play in await repo.plays(secret_id)}
    other = secret.taker if user_id == secret.marker else secret.marker
    games = tuple([await deps.store.games.game(plays[user].game_id) for user in (user_id, other)])
    if any(game is None for game in games):
        return Refusal("ranked.not_yours")
    mine_game, their_game = (game for game in games if game is not None)
    labels = await review.labels_of(deps, (mine_game, their_game))
    results = {rated.user_id: rated for rated in await repo.results(secret_id)}
    names = await deps.store.players.names((user_id, other))
    variant = variant_named(secret.variant)
    family = records.family_of(variant)

    def side(game: Game, found: review.GameLabels) -> Side:
        rated = results[game.user_id]
        before, after = RankedRating(family, _skill(rated.before)), RankedRating(family, _skill(rated.after))
        return Side(game.user_id, names.get(game.user_id), game, found, rated.place, before, after)

    return Compared(secret_id, variant, secret.secret, side(mine_game, labels[0]), side(their_game, labels[1]))


class SecretState(StrEnum):
    """Where one of a player's ranked secrets stands, for them."""

    PLAYING = "playing"  # their game of it is on
    WAITING = "waiting"  # their mark is set: nobody has been given it yet
    TAKEN = "taken"  # someone plays their mark now
    LAPSED = "lapsed"  # their mark was never given to anyone in time: unrated
    WON = "won"
    LOST = "lost"
    DRAW = "draw"


@dataclass(frozen=True)
class HistoryEntry:
    """A line of a player's ranked history: the secret, where it stands, and (once closed) the other player and how
    the rating moved."""

    secret_id: int
    variant: Variant
    state: SecretState
    other: int | None = None
    other_name: str | None = None
    change: int | None = None  # the shown rating's move


async def history(deps: Deps, user_id: int) -> tuple[HistoryEntry, ...]:
    """The player's latest ranked secrets, newest first."""
    repo = repository(deps)
    now = deps.clock()
    secrets = await repo.recent(user_id, HISTORY)
    others = [s.taker if s.marker == user_id else s.marker for s in secrets]
    names = await deps.store.players.names(other for other in others if other is not None)
    found = []
    for secret, other in zip(secrets, others, strict=True):
        variant = variant_named(secret.variant)
        state, change = await _state(deps, secret, user_id, now), None
        if secret.closed_at is not None:
            results = {r.user_id: r for r in await repo.results(secret.id)}
            mine = results.get(user_id)
            theirs = results.get(other or 0)
            if mine is not None and theirs is not None:
                state = _result(mine.place, theirs.place)
                after, before = _skill(mine.after).conservative, _skill(mine.before).conservative
                change = records.shown(after) - records.shown(before)
        name = names.get(other) if other is not None else None
        found.append(HistoryEntry(secret.id, variant, state, other, name, change))
    return tuple(found)


def _result(mine: int, theirs: int) -> SecretState:
    return SecretState.DRAW if mine == theirs else SecretState.WON if mine < theirs else SecretState.LOST


async def _state(deps: Deps, secret: StoredSecret, user_id: int, now: datetime) -> SecretState:
    if secret.opened_at is None or (secret.taker == user_id and secret.closed_at is None):
        return SecretState.PLAYING
    if secret.taker is None:
        lapsed = secret.closed_at is not None or rules.mark_lapses((now - secret.opened_at).total_seconds() / 86400)
        return SecretState.LAPSED if lapsed else SecretState.WAITING
    return SecretState.TAKEN


async def lapse_marks(deps: Deps) -> int:
    """The hourly sweep (a timer's): the marks nobody was given in their week close unrated (the pairing reads only
    the marks still offered), and a mark's second game left unfinished for a week ends, abandoned: a loss, so that
    nobody keeps a mark's player from their rating by never finishing. How many marks closed comes back."""
    now = deps.clock()
    repo = repository(deps)
    async with deps.transaction():
        closed = await repo.lapse(now - rules.MARK_SPAN, now)
        for game_id in await repo.stalled(now - rules.MARK_SPAN):
            game = await deps.store.games.game(game_id)
            if game is not None and game.active:
                await finish(deps, game, Status.ABANDONED, now)  # rated as it ends (on_game_finished)
                closed += 1
        return closed
