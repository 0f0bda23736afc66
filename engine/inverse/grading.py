"""Grading a player's answer to a puzzle: right, or which clues it breaks and what it would have scored on them."""

from __future__ import annotations

from dataclasses import dataclass

from engine.inverse.puzzle import Puzzle
from engine.scoring import Score, score
from engine.variant import Code


@dataclass(frozen=True)
class Broken:
    """A clue the answer breaks: its place (0 for the first clue), its guess, the score it shows, and the score the
    answer, were it the code, would have given that guess."""

    clue: int
    guess: Code
    shown: Score
    would_score: Score


@dataclass(frozen=True)
class Grade:
    """The verdict on an answer: the answer as read, whether it is the puzzle's code, and the clues it breaks (none
    when it is right: the puzzle's code is the only one that fits every clue)."""

    answer: Code
    solved: bool
    broken: tuple[Broken, ...]

    @property
    def near(self) -> bool:
        """Whether a wrong answer breaks one clue only: a near miss, worth saying so."""
        return len(self.broken) == 1


def grade(puzzle: Puzzle, text: str) -> Grade:
    """The grade of what a player typed as their answer; InvalidCode (its reason for the player) when it is not a code
    of the puzzle's variant, which costs the player nothing.

    >>> from engine.history import Turn
    >>> from engine.inverse.puzzle import checked
    >>> from engine.variant import Variant
    >>> puzzle = checked(Variant(3, 6), [Turn("105", Score(1, 0)), Turn("412", Score(1, 2))], "142")
    >>> grade(puzzle, "142").solved
    True
    >>> grade(puzzle, "132").broken
    (Broken(clue=1, guess='412', shown=Score(bulls=1, cows=2), would_score=Score(bulls=1, cows=1)),)
    """
    answer = puzzle.variant.parse(text)
    broken = tuple(
        Broken(place, clue.guess, clue.answer, would)
        for place, clue in enumerate(puzzle.clues)
        if (would := score(answer, clue.guess)) != clue.answer
    )
    return Grade(answer, answer == puzzle.solution, broken)
