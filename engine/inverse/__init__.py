"""The inverse problem, "Which code is it?": puzzles of a few clues (guess → score) that exactly one code fits.

- `make_puzzle(variant, rng)` / `puzzle_for_seed(variant, seed)`: a new puzzle (maker.py);
- `grade(puzzle, text)`: right, or the clues the answer breaks (grading.py);
- `Puzzle`, its data (`as_dict`, `from_dict`, checked) and `checked(variant, clues, solution)` (puzzle.py);
- `Difficulty`, the measures of a puzzle's clues and the estimate made of them, and `start_mu(estimate)`, where a new
  puzzle's rating starts (difficulty.py);
- Puzzle Storm's stock: `storm_ready`, `storm_tiers` and `storm_sequence` (storm.py).
"""

from engine.inverse.difficulty import Difficulty, start_mu
from engine.inverse.grading import Broken, Grade, grade
from engine.inverse.maker import make_puzzle, puzzle_for_seed
from engine.inverse.puzzle import GENERATOR_VERSION, InvalidPuzzle, Puzzle, checked, solutions
from engine.inverse.storm import storm_ready, storm_sequence, storm_tiers

__all__ = [
    "GENERATOR_VERSION",
    "Broken",
    "Difficulty",
    "Grade",
    "InvalidPuzzle",
    "Puzzle",
    "checked",
    "grade",
    "make_puzzle",
    "puzzle_for_seed",
    "solutions",
    "start_mu",
    "storm_ready",
    "storm_sequence",
    "storm_tiers",
]
