"""The game review's service: which games can be reviewed (and why another cannot), what the player knew at each guess,
and the review itself, made by the engine (`engine.review`) once and kept with its game.

A review is of a player's own guesses: a finished /play game (the digits hints revealed counted from the guess after
each was taken), the daily challenge once the day is over for everyone (before that it would give the code away), the
player's half of a versus game (their guesses at the bot's code), and each player's guesses in a race or a duel, once
it is over. A /think game has no guesses of the player's. Making a review takes up to about a second of CPU: the
Reviewer (bot/review/reviewer.py) makes it in a thread, once however often it is asked for.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from enum import StrEnum
from functools import partial
from typing import Any

from bot import daily
from bot.days import day_of, until_next
from bot.deps import Deps
from bot.events import ReviewShown
from bot.games.model import Game, Mode
from bot.games.status import Status
from bot.matches.model import BOT_ID, Match, MatchKind
from bot.refusal import Refusal
from bot.review import lessons
from bot.review.figures import shown_label
from bot.review.lessons import End, HintTaken, Moment, Split
from bot.review.reviewer import Reviewer
from bot.review.store import SqliteReviewRepository
from bot.situation import Situation
from engine.history import Pins, Turn
from engine.review import GameReview, Label, PositionReview, position_review, review_game
from engine.variant import Variant

# The review's version: a review kept at an older one is made again when next asked for (a better engine, a fix).
# 2: the engine's shipped tables (3 digits, nozero exact), the hints, the moment compared like with like, the end.
VERSION = 2


class Reviewed(StrEnum):
    """What a review is of: a one-player game, or one player's guesses in a match of a kind (the stored words)."""

    GAME = "game"
    RACE = "race"
    DUEL = "duel"
    VERSUS = "versus"


def reviewer(deps: Deps) -> Reviewer:
    """The reviews under way in this process (one Reviewer a process, kept by deps)."""
    return deps.part(Reviewer)


class Hinted(StrEnum):
    """What the review knows of the hints: none taken; taken and noted when (the guesses after each are weighed
    knowing its digit); or taken in a game older than that note (every guess is weighed by the answers alone)."""

    NONE = "none"
    NOTED = "noted"
    UNNOTED = "unnoted"


class HowEnded(StrEnum):
    """How the game ended for the player whose guesses are reviewed: found the code (won, drew, or found it too late
    against a rival), or not, and why not."""

    WON = "won"
    DRAW = "draw"  # found, as the rival did, in as many guesses
    OUTPLAYED = "outplayed"  # found, but the rival found theirs in fewer
    GAVE_UP = "gave_up"
    OUT_OF_ATTEMPTS = "out_of_attempts"
    STOPPED = "stopped"  # cancelled, replaced by a new game, or a match stopped
    RESIGNED = "resigned"
    FORFEIT = "forfeit"  # out of time on their move
    TIME_UP = "time_up"  # a match's (or a day's) time ran out
    LOST = "lost"  # another found the code first (a race), or found the player's (versus, a duel)
    WALKOVER = "walkover"  # won without finding it: the rival resigned or forfeited

    @property
    def found(self) -> bool:
        """Whether the player found the code."""
        return self in (HowEnded.WON, HowEnded.DRAW, HowEnded.OUTPLAYED)


GAME_ENDINGS = {
    Status.WON: HowEnded.WON,
    Status.GAVE_UP: HowEnded.GAVE_UP,
    Status.LOST: HowEnded.OUT_OF_ATTEMPTS,
    Status.EXPIRED: HowEnded.TIME_UP,
}


@dataclass(frozen=True)
class Subject:
    """What a review is of: whose guesses in which game or match, the variant, the turns and, for each guess, the
    digits the player knew in their places, and each hint as (guesses before it, position, digit); how it ended for
    the player (a game's status; a match's, for it), and for a match lost, who won it."""

    of: Reviewed
    owner_id: int  # the game's id, or the match's
    user_id: int
    variant: Variant
    turns: tuple[Turn, ...]
    known: tuple[Pins, ...] | None  # per guess; None: nothing was known but the answers
    hinted: Hinted = Hinted.NONE
    status: Status = Status.ACTIVE
    daily: str | None = None  # the day of the daily challenge the game played
    hints: tuple[tuple[int, int, int], ...] = ()  # (guesses made before it, position, digit), in the order taken
    ended: HowEnded = HowEnded.WON
    rival: str | None = None  # the name of who won a match the player lost (None: the bot, or nobody)
    finished_at: datetime | None = None
    older: bool = False  # /review picked it though a newer game came after (running, or no guesses of theirs)

    @property
    def found(self) -> bool:
        """Whether the player found the code (their last guess was it)."""
        return bool(self.turns) and self.turns[-1].answer.bulls == self.variant.length

    def pins_after(self) -> Pins | None:
        """The digits the player knew in their places once the game was over (every hint taken)."""
        return {position: digit for _, position, digit in self.hints} or None


@dataclass(frozen=True)
class Made:
    """A review as it is kept and shown: the engine's figures for each guess, and what the coach tells from them
    (bot/review/lessons.py): the hints, the moment compared like with like, where a game not won stopped."""

    review: GameReview
    hints: tuple[HintTaken, ...] = ()
    moment: Moment | None = None
    end: End | None = None

    def to_data(self) -> dict[str, Any]:
        """The record as plain data (JSON-ready)."""
        return {
            "review": self.review.to_data(),
            "hints": [hint.to_data() for hint in self.hints],
            "moment": None if self.moment is None else self.moment.to_data(),
            "end": None if self.end is None else self.end.to_data(),
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Made:
        """The record to_data() wrote."""
        moment, ended = data["moment"], data["end"]
        return cls(
            GameReview.from_data(data["review"]),
            tuple(HintTaken.from_data(hint) for hint in data["hints"]),
            None if moment is None else Moment.from_data(moment),
            None if ended is None else End.from_data(ended),
        )


MATCH_KINDS = {MatchKind.RACE: Reviewed.RACE, MatchKind.DUEL: Reviewed.DUEL, MatchKind.VERSUS: Reviewed.VERSUS}


def of_game(game: Game, user_id: int, now: datetime) -> Subject | Refusal:
    """What the review of a one-player game is of, or why there is none: not the player's, a /think game, still on,
    today's daily challenge (until the day is over for everyone), or no guess made."""
    if game.user_id != user_id:
        return Refusal("review.not_yours")
    if game.mode == Mode.GUESSER:
        return Refusal("review.think")
    if game.active:
        return Refusal("review.running")
    if game.daily is not None and day_of(now) <= game.daily:
        return Refusal("review.daily.wait", {"wait": until_next(now)})
    if not game.turns:
        return Refusal("review.empty")
    known, hinted = known_pins(game)
    return Subject(
        Reviewed.GAME,
        game.id,
        user_id,
        game.variant,
        game.turns,
        known,
        hinted,
        game.status,
        game.daily,
        hints=hints_of(game) if hinted == Hinted.NOTED else (),
        ended=GAME_ENDINGS.get(game.status, HowEnded.STOPPED),
        finished_at=game.finished_at,
    )


def of_match(match: Match, turns: tuple[Turn, ...], user_id: int) -> Subject | Refusal:
    """What the review of one player's guesses in a match is of (`turns`: theirs), or why there is none: still on,
    not one of its players, or no guess of theirs."""
    if match.active:  # said to anyone: it tells nothing of the match
        return Refusal("review.running")
    if match.player(user_id) is None or user_id == 0:
        return Refusal("review.not_yours")
    if not turns:
        return Refusal("review.empty")
    ended, rival = match_ending(match, user_id)
    return Subject(
        MATCH_KINDS[match.kind],
        match.id,
        user_id,
        match.variant,
        turns,
        None,
        Hinted.NONE,
        match.status,
        ended=ended,
        rival=rival,
        finished_at=match.finished_at,
    )


def match_ending(match: Match, user_id: int) -> tuple[HowEnded, str | None]:
    """How a finished match ended for one of its players, and the name of who won it when that was another player
    (None for the bot, or where nobody did)."""
    me = match.player(user_id)
    winner = match.winner_id
    rival = None
    if winner is not None and winner not in (user_id, BOT_ID):
        other = match.player(winner)
        rival = other.name if other is not None else None
    if me is not None and me.solved:
        if winner == user_id:
            return HowEnded.WON, None
        return (HowEnded.DRAW, None) if winner is None else (HowEnded.OUTPLAYED, rival)
    if match.status in (Status.RESIGNED, Status.FORFEIT):
        if winner == user_id:
            return HowEnded.WALKOVER, None
        return (HowEnded.RESIGNED if match.status == Status.RESIGNED else HowEnded.FORFEIT), rival
    if match.status == Status.EXPIRED:
        return HowEnded.TIME_UP, None
    if match.status == Status.DRAW:  # neither found it in every guess allowed
        return HowEnded.OUT_OF_ATTEMPTS, None
    if winner is not None and winner != user_id:
        return HowEnded.LOST, rival
    return HowEnded.STOPPED, None


def known_pins(game: Game) -> tuple[tuple[Pins, ...] | None, Hinted]:
    """The digits the player knew in their places at each guess (a hint's digit from the guess after it was taken
    on), and what the review knows of the hints."""
    if not game.hints or game.secret is None:
        return None, Hinted.NONE
    if game.hints_at is None or len(game.hints_at) != len(game.hints):
        return None, Hinted.UNNOTED  # an older game: when its hints came is not known
    secret = game.secret
    known = tuple(
        {int(p): int(secret[int(p)]) for p, at in zip(game.hints, game.hints_at, strict=True) if at <= index}
        for index in range(len(game.turns))
    )
    return known, Hinted.NOTED


def hints_of(game: Game) -> tuple[tuple[int, int, int], ...]:
    """The game's hints as (guesses made before it, position, digit), in the order taken (noted games only)."""
    if game.secret is None or game.hints_at is None:
        return ()
    secret = game.secret
    return tuple((at, int(p), int(secret[int(p)])) for p, at in zip(game.hints, game.hints_at, strict=True))


def make(subject: Subject) -> Made:
    """The review of the subject's guesses, and what the coach tells from it (CPU-bound: run it in a thread)."""
    variant, turns = subject.variant, subject.turns
    known = subject.known if subject.known is None or any(subject.known) else None
    review = review_game(variant, turns, known)
    hints = lessons.hints_taken(variant, turns, subject.hints)
    moment = lessons.moment(variant, review, turns, known)
    stopped = None if subject.found else lessons.end(variant, turns, subject.pins_after())
    return Made(review, hints, moment, stopped)


async def made_here(deps: Deps, subject: Subject) -> Made:
    """The subject's review, made now in a thread and kept, in the caller's task (and transaction): where no
    transport delivers reviews later."""
    review = await reviewer(deps).run(partial(make, subject), subject.user_id)
    await keep(deps, subject, review)
    return review


def making(deps: Deps, subject: Subject) -> asyncio.Task[Made]:
    """The task making the subject's review in the background and keeping it (the one under way, if it is already);
    TooManyReviews (bot.review.reviewer) when its player already has as many under way as one may."""
    return reviewer(deps).start(key(subject), partial(_made_and_kept, deps, subject), subject.user_id)


async def _made_and_kept(deps: Deps, subject: Subject) -> Made:
    review = await reviewer(deps).run(partial(make, subject), subject.user_id)
    await keep(deps, subject, review)  # in a transaction of its own: this task is no update's
    return review


def key(subject: Subject) -> tuple[str, int, int]:
    """What tells one review from another: what it is of, and whose guesses."""
    return subject.of.value, subject.owner_id, subject.user_id


async def kept(deps: Deps, subject: Subject) -> Made | None:
    """The review kept for the subject, if one was made at this version."""
    found = await _repository(deps).review(subject.of, subject.owner_id, subject.user_id)
    if found is None or found[0] != VERSION:
        return None
    try:
        return Made.from_data(found[1])
    except (KeyError, TypeError, ValueError):  # a review kept in a shape this version does not read: made again
        return None


async def keep(deps: Deps, subject: Subject, review: Made) -> None:
    """Keep the subject's review (inside a transaction: the caller's, or one of its own)."""
    async with deps.transaction():
        await _repository(deps).keep(*key(subject), VERSION, review.to_data(), deps.clock())


def may_earn(subject: Subject, review: Made) -> bool:
    """Whether showing this review could earn its player anything: only a won game's review can (so the page opens
    a write for no other)."""
    return subject.ended == HowEnded.WON and subject.found


async def mark_shown(deps: Deps, subject: Subject, review: Made, chat_id: int) -> None:
    """A review was shown to its player, in the caller's transaction: whoever listens (achievements) hears it, with
    the labels as shown (decided by the losses as printed), and what they make of it is announced with the update's
    reply."""
    won = may_earn(subject, review)
    labels = tuple(shown_label(item.loss, item.label).value for item in review.review.guesses)
    hinted = subject.hinted != Hinted.NONE or bool(subject.hints)
    shared = subject.of == Reviewed.RACE  # every player of a race saw every guess's score
    event = ReviewShown(subject.user_id, chat_id, won, hinted, subject.variant.size, labels, deps.clock(), shared)
    await deps.events.publish(deps, event)


async def game_subject(s: Situation, game_id: int) -> Subject | Refusal:
    """The subject of the review of a game by its id (a button's, the page's): one of this chat's player's; a Refusal
    when there is none."""
    game = await s.game_named(game_id)
    if game is None or game.chat_id != s.who.chat_id:
        return Refusal("review.not_yours")
    subject = of_game(game, s.who.user_id, s.deps.clock())
    if isinstance(subject, Subject) and subject.daily is not None and not await daily.reviewable(s.deps, subject.daily):
        return Refusal("review.daily.closing")  # the day is over, but not every game of it has ended yet
    return subject


async def match_subject(s: Situation, match_id: int) -> Subject | Refusal:
    """The subject of the review of the person's guesses in a match by its id (a button's, a link's, the page's); a
    Refusal when there is none."""
    match = await s.match_named(match_id)
    if match is None:
        return Refusal("review.not_yours")
    return of_match(match, await s.deps.store.matches.turns(match.id, s.who.user_id), s.who.user_id)


async def latest(s: Situation, daily: bool = False) -> Subject | Refusal:
    """The subject of /review: the player's last finished game with guesses of their own (`daily`: their last daily
    challenge); why there is none, when there is none (their last games were all /think games: that says so)."""
    deps, who = s.deps, s.who
    repository = _repository(deps)
    if daily:
        today = day_of(deps.clock())
        game_id = await repository.latest_daily(who.user_id, today) or await repository.daily_on(who.user_id, today)
        return Refusal("review.none.daily") if game_id is None else await game_subject(s, game_id)
    recent = await repository.latest(who.user_id)
    for newer, (mode, owner_id) in enumerate(recent):
        found: Subject | Refusal
        if mode in ("referee", "daily"):
            found = await game_subject(s, owner_id)
        elif mode in MATCH_KINDS.values():
            found = await match_subject(s, owner_id)
        else:
            continue
        if isinstance(found, Subject) and (newer or await s.game() is not None or await s.in_match()):
            found = replace(found, older=True)  # not what they played last: the review says which game it is
        return found
    return Refusal("review.think" if recent else "review.none")


def waits(refusal: Refusal) -> timedelta | None:
    """How long until a refused review can be made (today's daily challenge), if that is why it was refused."""
    wait = refusal.params.get("wait")
    return wait if isinstance(wait, timedelta) else None


TREND = 50  # reviewed games the accuracy trend looks back on


async def accuracy_trend(deps: Deps, user_id: int, last: int = TREND, variant: str | None = None) -> tuple[float, ...]:
    """The accuracy of the player's last `last` reviewed games (and matches), as their reviews keep it, oldest
    first; in one `variant` (its stored name) when given, else in all: what the page's Stats tab draws (a variant's)
    and /stats's sparkline shows (all)."""
    return await _repository(deps).accuracies(user_id, last, variant)


def _repository(deps: Deps) -> SqliteReviewRepository:
    return deps.store.repository(SqliteReviewRepository)


def position(subject: Subject, index: int, page: int, page_size: int) -> tuple[PositionReview, tuple[Split, ...]]:
    """The position guess `index` (0 for the first; the number of guesses: where a game not won stopped) was made
    in, a page of its codes, and how each best guess there splits them (CPU-bound: run it in a thread)."""
    turns = subject.turns[:index]
    pins = pins_before(subject, index)
    found = position_review(subject.variant, turns, pins, page, page_size)
    splits = lessons.split_of(subject.variant, turns, pins, [item.guess for item in found.best]) if found.best else ()
    return found, splits


def pins_before(subject: Subject, index: int) -> Pins | None:
    """The digits the player knew in their places at guess `index` (0 for the first), or once the game was over for
    the guess after the last."""
    return pins_at(subject, index) if index < len(subject.turns) else subject.pins_after()


def pins_at(subject: Subject, index: int) -> Mapping[int, int] | None:
    """The digits the player knew in their places at guess `index` (0 for the first), if any."""
    if subject.known is None or not 0 <= index < len(subject.known):
        return None
    return subject.known[index] or None


GameLabels = tuple[tuple[Label, bool], ...]  # each guess's label, and whether its figures are exact


async def labels_of(deps: Deps, games: tuple[Game, ...]) -> tuple[GameLabels, ...]:
    """The labels of each finished game's guesses, as its player's review shows them (none for a game that cannot
    be reviewed): the kept reviews, and those not made yet made now, as engine work (off the write lock) and kept."""
    now = deps.clock()
    subjects = [of_game(game, game.user_id, now) for game in games]
    found: list[Made | None] = [
        None if isinstance(subject, Refusal) else await kept(deps, subject) for subject in subjects
    ]
    missing = tuple(
        subject
        for subject, review in zip(subjects, found, strict=True)
        if review is None and not isinstance(subject, Refusal)
    )
    if missing:
        made = await deps.engine.need(
            "reviews", _made_all, missing, same=("reviews", *(key(subject) for subject in missing))
        )
        for subject, review in zip(missing, made, strict=True):
            await keep(deps, subject, review)
        fresh = iter(made)
        found = [
            next(fresh) if review is None and not isinstance(subject, Refusal) else review
            for subject, review in zip(subjects, found, strict=True)
        ]
    return tuple(
        () if review is None else tuple((shown_label(g.loss, g.label), g.exact) for g in review.review.guesses)
        for review in found
    )


def _made_all(subjects: tuple[Subject, ...]) -> tuple[Made, ...]:
    return tuple(make(subject) for subject in subjects)
