"""/storm: Puzzle Storm, three minutes of "Which code is it?" puzzles on the server's clock (in private), and Puzzle
Racer, the same run for everyone who joins in a group, with one standings message edited in place there."""

from __future__ import annotations

__all__: list[str] = []
