"""Types of the optimal solver's compiled core (engine/optimal/core.c)."""

import numpy as np
import numpy.typing as npt

INFINITY: int  # a bound no cost reaches

Indices = npt.NDArray[np.int64]

def answers(codes: npt.NDArray[np.uint8], length: int, symbols: int, fixed: int) -> int:
    """How many answers besides solving one guess can get in the game of these codes."""

class Table:
    """A transposition table (set key -> cost and guess), for one thread at a time."""

    def __init__(self) -> None: ...
    def store(self, key: int, cost: int, guess: int) -> None:
        """Record an exact cost (guess >= 0) or a lower bound (guess < 0); exact entries are final."""
    def __len__(self) -> int: ...

class Game:
    """A game as the solver sees it: codes (guesses = secrets), the static bounds `bounds[parts, k]` and
    the estimate that orders guesses (x64); `packed=False` tallies short codes as long ones are (tests)."""

    size: int
    def __init__(
        self,
        codes: npt.NDArray[np.uint8],
        length: int,
        symbols: int,
        fixed: int,
        bounds: npt.NDArray[np.int64],
        estimate: npt.NDArray[np.int64],
        packed: bool = True,
    ) -> None: ...
    def feedback(self, guess: int, secret: int) -> int: ...
    def feedbacks(self, guess: int, secrets: Indices, out: npt.NDArray[np.uint8]) -> None: ...
    def key(self, secrets: Indices) -> int: ...
    def canonical(self, fixed: int, out: npt.NDArray[np.uint8]) -> None: ...
    def smallest_images(
        self, guesses: Indices, orders: Indices, maps: Indices, fixed: int, out: npt.NDArray[np.uint8]
    ) -> None: ...
    def scan(self, secrets: Indices, guesses: Indices, parts: int, out: Indices) -> int: ...
    def split(self, secrets: Indices, guess: int, buffer: Indices, starts: Indices, ends: Indices) -> int: ...
    def signature(self, secrets: Indices, guess: int) -> int: ...
    def solve(
        self,
        table: Table,
        secrets: Indices,
        fixed: int,
        beta: int,
        parts: int,
        width: int,
        stats: Indices,
        limit: int = 0,
    ) -> tuple[int, int]:
        """(cost, guess) if below `beta`, else (a lower bound >= beta, -1); (-1, -1) once the search has scored
        `limit` more (guess, secret) pairs (stats' scan and bound work) without settling, the table left true."""
    def node_bound(self, table: Table, secrets: Indices, fixed: int, parts: int, stats: Indices) -> int: ...
    def greedy_cost(self, secrets: Indices, fixed: int, parts: int) -> int: ...
