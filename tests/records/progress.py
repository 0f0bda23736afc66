"""Known progress for the Stats tab and /stats's sparkline: results, reviews and rating histories written as the bot
keeps them (foreign keys aside: the matches, secrets and puzzles they point at are not what is read)."""

from __future__ import annotations

import json
from datetime import timedelta

from bot.deps import Deps
from bot.store.rows import iso
from tests.bot.fakes import EPOCH

# (guesses, outcome, hinted) of the player's classic games: clean wins in 3, 4 ×3, 5 ×2 and 7; a hinted win and a
# give-up that count as games but make no bar
GAMES = [
    (4, "won", False),
    (3, "won", False),
    (5, "won", False),
    (4, "won", False),
    (7, "won", False),
    (4, "won", False),
    (5, "won", False),
    (4, "won", True),
    (9, "gave_up", False),
]
DISTRIBUTION = {3: 1, 4: 3, 5: 2, 6: 0, 7: 1}
ACCURACY = [60.0, 75.5, 90.0, 82.25]  # the reviews' accuracy, oldest first
MATCHES = [(25.0, 25 / 3), (27.0, 8.0), (28.0, 7.5)]  # (μ, σ) after each rated match: shown 1500, 1560, 1610
MATCHES_SHOWN = [1500, 1560, 1610]
RANKED = [(26.0, 8.0)]  # shown 1540
RANKED_SHOWN = [1540]
PUZZLES = [(1480, "classic"), (1400, "mastermind"), (1530, "classic")]  # the colours' one is another family's
PUZZLES_SHOWN = [1480, 1530]


GROUP = -100  # the chat the seeded games were played in

# A second variant's games for the same player (the Stats tab's choice): colours, clean wins in 5, 6 ×2 and 8, a give-up
MASTERMIND_GAMES = [
    (6, "won", False),
    (5, "won", False),
    (8, "won", False),
    (6, "won", False),
    (10, "gave_up", False),
]
MASTERMIND_DISTRIBUTION = {5: 1, 6: 2, 7: 0, 8: 1}
MASTERMIND_ACCURACY = [40.0, 55.0]
MASTERMIND_PUZZLES_SHOWN = [1400]  # the colours' family: no matches or ranked games in it, one puzzle


async def seed(deps: Deps, user_id: int, *, accuracy: list[float] = ACCURACY, offset: int = 0) -> None:
    """The player's known results, reviews and ratings (`offset` keeps two players' ids apart)."""
    await seed_variant(deps, user_id, "classic", GAMES, accuracy, offset=offset)
    conn = deps.store.conn
    await conn.execute("PRAGMA foreign_keys=OFF")
    try:
        async with deps.transaction():
            for i, (mu, sigma) in enumerate(MATCHES):
                await conn.execute(
                    "INSERT INTO rated_results (match_id, family, user_id, chat_id, rank, rated_at, mu, sigma)"
                    " VALUES (?, 'digits', ?, -100, 1, ?, ?, ?)",
                    (offset + i + 1, user_id, iso(EPOCH + timedelta(hours=i)), mu, sigma),
                )
            for i, (mu, sigma) in enumerate(RANKED):
                await conn.execute(
                    "INSERT INTO ranked_results (secret_id, user_id, family, place, mu_before, sigma_before,"
                    " games_before, mu, sigma, rated_at) VALUES (?, ?, 'digits', 1, 25, 8.3, 0, ?, ?, ?)",
                    (offset + i + 1, user_id, mu, sigma, iso(EPOCH + timedelta(hours=i))),
                )
            for i, (shown, variant) in enumerate(PUZZLES):
                puzzle = offset + i + 1
                await conn.execute(
                    "INSERT OR IGNORE INTO puzzles (id, variant, version, seed, data, estimate, mu, sigma, made_at)"
                    " VALUES (?, ?, 1, ?, '{}', 0, 25, 8, ?)",
                    (puzzle, variant, puzzle, iso(EPOCH)),
                )
                await conn.execute(
                    "INSERT INTO puzzle_attempts (user_id, puzzle_id, shown_at, rated_at, solved_first, rating_after)"
                    " VALUES (?, ?, ?, ?, 1, ?)",
                    (user_id, puzzle, iso(EPOCH), iso(EPOCH + timedelta(hours=i)), shown),
                )
    finally:
        await conn.execute("PRAGMA foreign_keys=ON")


async def seed_variant(
    deps: Deps,
    user_id: int,
    variant: str,
    games: list[tuple[int, str, bool]],
    accuracy: list[float],
    *,
    offset: int = 0,
    hours: int = 0,
) -> None:
    """The player's results in one variant, and the reviews of as many of its games as `accuracy` has values (each
    game's row, which says the variant a review is of: in a group's chat, so that the page's game tab, which shows the
    player's own chat's game, never finds them); ids from `offset` + 1, the reviews made `hours` on."""
    conn = deps.store.conn
    await conn.execute("PRAGMA foreign_keys=OFF")
    try:
        async with deps.transaction():
            for i, (guesses, outcome, hinted) in enumerate(games):
                at = EPOCH + timedelta(minutes=i)
                await conn.execute(
                    "INSERT INTO game_results (game_id, user_id, chat_id, mode, variant, guesses, outcome, hinted,"
                    " started_at, finished_at) VALUES (?, ?, ?, 'referee', ?, ?, ?, ?, ?, ?)",
                    (offset + i + 1, user_id, user_id, variant, guesses, outcome, int(hinted), iso(at), iso(at)),
                )
            for i in range(max(len(games), len(accuracy))):
                await conn.execute(
                    "INSERT INTO games (id, chat_id, user_id, mode, variant, status, started_at, finished_at)"
                    " VALUES (?, ?, ?, 'referee', ?, 'won', ?, ?)",
                    (offset + i + 1, GROUP, user_id, variant, iso(EPOCH), iso(EPOCH)),
                )
            for i, value in enumerate(accuracy):
                review = {"review": {"accuracy": value}, "hints": [], "moment": None, "end": None}
                await conn.execute(
                    "INSERT INTO reviews (kind, owner_id, user_id, version, review, made_at) VALUES ('game', ?, ?, 1,"
                    " ?, ?)",
                    (offset + i + 1, user_id, json.dumps(review), iso(EPOCH + timedelta(hours=hours + i))),
                )
    finally:
        await conn.execute("PRAGMA foreign_keys=ON")


async def seed_two_variants(deps: Deps, user_id: int, *, offset: int = 0) -> None:
    """Known data in classic (`seed`) and in mastermind (its own games, reviewed later): the Stats tab's choice."""
    await seed(deps, user_id, offset=offset)
    await seed_variant(
        deps, user_id, "mastermind", MASTERMIND_GAMES, MASTERMIND_ACCURACY, offset=offset + 500, hours=10
    )
