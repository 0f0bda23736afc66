"""The achievements: a few that reward skill, not grind, and the rule that earns each one. Pure: no I/O.

Each rule is asked at the moment its feat can be known: a game's or a match's end, the close of a day's challenge,
a review computed, a puzzle answered (bot/achievements/service.py asks them there and awards each at most once).
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum

from bot.games.model import Game, Mode
from bot.games.status import Status
from bot.matches.model import BOT_ID, Match, MatchKind
from engine.variant import PRESETS


class Achievement(StrEnum):
    """One achievement (its texts are `ach.<value>` and `ach.<value>.how`); the values are what the database stores,
    and the catalogue's order is the order they are shown in."""

    CLASSIC_IN_FOUR = "classic_in_four"  # a classic game solved in 4 guesses or fewer
    # a game won without a hint, in a variant at least as big as classic, whose review finds no inaccuracy, mistake
    # or blunder
    FLAWLESS = "flawless"
    PUZZLE_WEEK = "puzzle_week"  # the puzzle of the day solved 7 days in a row
    PUZZLE_1800 = "puzzle_1800"  # an established puzzle rating of PUZZLE_RATING (the stored name keeps 1800)
    # the daily challenge solved without a hint in no more guesses than the engine's own play needs for the day's
    # code (the stored name is older: it went to the day's fewest guesses, which one account could deny the rest)
    DAY_BEST = "day_best"
    RACE_OF_SIX = "race_of_six"  # a race won against five or more other players


CLASSIC = "classic"  # 4 distinct digits of 10 (Variant.name: the rules, however the player named them)
FEWEST_GUESSES = 4
# The modes a one-player game earns CLASSIC_IN_FOUR in: the player guesses the bot's code (the daily is one of
# these; hard mode counts, the bot dodging makes it harder; a hint does not).
CLASSIC_GAME_MODES = frozenset({Mode.REFEREE})
# The kinds of match whose players earn it, each by their own guesses at a code nobody else guesses: a duel, versus
# the bot. Not a race: everyone there sees every guess's score, so a race's clues are shared.
CLASSIC_MATCH_KINDS = frozenset({MatchKind.DUEL, MatchKind.VERSUS})
RACE_RIVALS = 5  # other players (each made at least one guess) a race's winner must have beaten
PUZZLE_STREAK_DAYS = 7
# The puzzle rating that earns PUZZLE_1800, once established (its uncertainty low: bot/puzzles says when); the
# achievement's name and description show this number, so a new rating scale changes it here only.
PUZZLE_RATING = 1800
# FLAWLESS counts in variants with at least as many codes as classic (5,040): in a small one a greedy script plays
# every guess well.
FLAWLESS_LEAST_CODES = PRESETS[CLASSIC].size
# The review's labels that are no mistake (engine/review/labels.py: best, excellent, good; an inaccuracy is not).
CLEAN_LABELS = frozenset({"best", "excellent", "good"})


def classic_in_four(variant: str, guesses: int, hinted: bool = False) -> bool:
    """Whether a solve earns CLASSIC_IN_FOUR: the classic variant, in 4 guesses or fewer, without a hint.

    >>> classic_in_four("classic", 4, hinted=False), classic_in_four("classic", 5, hinted=False)
    (True, False)
    >>> classic_in_four("classic", 3, hinted=True), classic_in_four("nozero", 3, hinted=False)
    (False, False)
    """
    return variant == CLASSIC and 0 < guesses <= FEWEST_GUESSES and not hinted


def of_game(game: Game) -> frozenset[Achievement]:
    """What a finished one-player game earned its player at its end (the day's best waits for the day's close)."""
    if game.mode not in CLASSIC_GAME_MODES or game.status != Status.WON:
        return frozenset()
    if classic_in_four(game.variant.name, len(game.turns), game.hinted):
        return frozenset({Achievement.CLASSIC_IN_FOUR})
    return frozenset()


def of_match(match: Match) -> dict[int, frozenset[Achievement]]:
    """What a finished match earned each of its players (the bot earns nothing), by user id; only those who earned
    something are named."""
    earned: dict[int, set[Achievement]] = {}
    for player in match.players:
        if player.user_id == BOT_ID:
            continue
        solved = player.solved_in
        if match.kind in CLASSIC_MATCH_KINDS and solved is not None and classic_in_four(match.variant.name, solved):
            earned.setdefault(player.user_id, set()).add(Achievement.CLASSIC_IN_FOUR)
        if match.kind == MatchKind.RACE and match.status == Status.WON and player.user_id == match.winner_id:
            rivals = sum(1 for other in match.players if other.user_id != player.user_id and other.guesses > 0)
            if race_won_against(rivals):
                earned.setdefault(player.user_id, set()).add(Achievement.RACE_OF_SIX)
    return {user_id: frozenset(found) for user_id, found in earned.items()}


def race_won_against(rivals: int) -> bool:
    """Whether winning a race against `rivals` other players earns RACE_OF_SIX.

    >>> race_won_against(5), race_won_against(4)
    (True, False)
    """
    return rivals >= RACE_RIVALS


def day_best(guesses: int, par: int) -> bool:
    """Whether a clean daily solve in `guesses` earns DAY_BEST: no more guesses than `par`, what the engine's own
    play needs for the day's code. Nobody else's game moves it, so no second account can deny it to anyone.

    >>> day_best(4, 5), day_best(5, 5), day_best(6, 5)
    (True, True, False)
    """
    return 0 < guesses <= par


def flawless(won: bool, hinted: bool, codes: int, labels: Iterable[str], shared: bool = False) -> bool:
    """Whether a reviewed game earns FLAWLESS: won without a hint, in a variant of at least FLAWLESS_LEAST_CODES
    codes, by the player's own clues (not a race's, which every player sees), and every guess labelled best,
    excellent or good.

    >>> flawless(True, False, 5040, ["best", "good", "excellent"]), flawless(True, False, 5040, ["best", "inaccuracy"])
    (True, False)
    >>> flawless(False, False, 5040, ["best"]), flawless(True, False, 5040, [])
    (False, False)
    >>> flawless(True, True, 5040, ["best"]), flawless(True, False, 720, ["best"])
    (False, False)
    >>> flawless(True, False, 30240, ["good"])
    True
    >>> flawless(True, False, 5040, ["best"], shared=True)
    False
    """
    shown = list(labels)
    if not won or hinted or shared or codes < FLAWLESS_LEAST_CODES:
        return False
    return bool(shown) and all(label in CLEAN_LABELS for label in shown)


def of_puzzles(streak_days: int | None, rating: int | None) -> frozenset[Achievement]:
    """What a player's puzzle run earns after an answer: their streak of days solving the puzzle of the day, and their
    shown puzzle rating (None: not known at this answer)."""
    earned = set()
    if streak_days is not None and streak_days >= PUZZLE_STREAK_DAYS:
        earned.add(Achievement.PUZZLE_WEEK)
    if rating is not None and rating >= PUZZLE_RATING:
        earned.add(Achievement.PUZZLE_1800)
    return frozenset(earned)


def share(holders: int, players: int) -> float:
    """The share of players who hold an achievement, 0 to 1 (0 when nobody has played yet).

    >>> share(3, 100), share(0, 0), share(5, 4)
    (0.03, 0.0, 1.0)
    """
    if players <= 0:
        return 0.0
    return min(1.0, holders / players)
