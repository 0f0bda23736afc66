"""One-player games: the records many features play on (a game, its moves, its result), their lifecycle, and the
codes still possible in one."""
