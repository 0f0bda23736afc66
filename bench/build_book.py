"""Build an opening book for a variant by rollouts, and write it to engine/data/book-<variant>.json.

    PYTHONPATH=. python bench/build_book.py classic --depth 3 --width 12

For each book position, top-down: the `width` best guesses by each of a few measures are each
played out to the end with the runtime strategy (the planner, plus the book built so far) over every
candidate, and the one needing the fewest total guesses (secrets beyond --worst count extra) is kept.
Each level only replaces the planner's move where a rollout shows a better one, so the book never
makes the strategy worse than the planner alone, as measured over every secret.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

from engine.book import book_file
from engine.guesser import TreeStrategy
from engine.history import Turn, candidates
from engine.planner import Planner, estimated_cost
from engine.play import walk_tree
from engine.scoring import Score
from engine.splits import canonical_guesses, fixed_symbols, splitter_for
from engine.strategies import first_guess, history_key, largest_part, neg_entropy, sum_of_squares
from engine.variant import Code, Variant, variant_named

OVER_WORST_PENALTY = 30  # extra guesses charged for each secret that needs more than --worst


def rollout(variant: Variant, book: dict[str, Code], planner: Planner, history: list[Turn], guess: Code,
            bound: float, worst: int) -> tuple[float, int]:
    """(penalised total, worst depth) of playing `guess` here and the book-then-planner after it."""
    moves = dict(book)
    moves[history_key(history)] = guess
    strategy = TreeStrategy(moves, planner)
    total, deepest = 0.0, 0
    for _, turns in walk_tree(variant, strategy, history):
        depth = len(history) + len(turns)
        total += len(turns) + (OVER_WORST_PENALTY if depth > worst else 0)
        deepest = max(deepest, depth)
        if total > bound:
            break
    return total, deepest


def contenders(variant: Variant, history: list[Turn], width: int) -> list[Code]:
    """The best `width` guesses here by each of a few measures, without repeats, best first."""
    alive = candidates(variant, history)
    pool = np.union1d(canonical_guesses(variant, fixed_symbols(variant, history)), alive)
    counts = splitter_for(variant).counts(pool, alive)
    is_candidate = np.isin(pool, alive)
    chosen: list[Code] = []
    for measure in (neg_entropy, estimated_cost, sum_of_squares, largest_part):
        scores = np.round(measure(counts, variant.solved), 9)
        for index in np.lexsort((~is_candidate, scores))[:width]:
            code = variant.code(int(pool[index]))
            if code not in chosen:
                chosen.append(code)
    return chosen


def improve(variant: Variant, book: dict[str, Code], planner: Planner, history: list[Turn],
            width: int, worst: int) -> Code:
    """The best guess for this position by rollouts (the planner's own move wins ties)."""
    default = TreeStrategy(book, planner)(variant, history)
    best, (best_cost, _) = default, rollout(variant, book, planner, history, default, float("inf"), worst)
    for guess in contenders(variant, history, width):
        if guess == default:
            continue
        cost, _ = rollout(variant, book, planner, history, guess, best_cost, worst)
        if cost < best_cost:
            best, best_cost = guess, cost
    return best


def build(variant: Variant, depth: int, width: int, worst: int, min_size: int, log: bool) -> dict[str, Code]:
    """The book, level by level, down to `depth` guesses."""
    planner = Planner()
    book: dict[str, Code] = {}
    frontier: list[list[Turn]] = [[]]
    for level in range(depth):
        started = time.time()
        next_frontier: list[list[Turn]] = []
        for history in frontier:
            alive = candidates(variant, history)
            if len(alive) <= min_size:
                continue
            if level == 0 and len(canonical_guesses(variant, fixed_symbols(variant, []))) == 1:
                guess = first_guess(variant, planner.measure)
            else:
                guess = improve(variant, book, planner, history, width, worst)
            book[history_key(history)] = guess
            row = splitter_for(variant).feedback(np.array([variant.index(guess)]), alive)[0]
            for feedback in np.unique(row).tolist():
                if feedback != variant.solved:
                    next_frontier.append([*history, Turn(guess, Score.from_id(feedback, variant.length))])
        if log:
            print(f"level {level + 1}: {len(frontier)} positions, {time.time() - started:.0f} s", file=sys.stderr)
        frontier = next_frontier
    return book


def main() -> int:
    """Build the book named on the command line; the exit status comes back."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variant")
    parser.add_argument("--depth", type=int, default=3, help="book levels (guesses) to fill")
    parser.add_argument("--width", type=int, default=8, help="contenders per measure at each position")
    parser.add_argument("--worst", type=int, default=7, help="depth beyond which secrets cost extra")
    parser.add_argument("--min-size", type=int, default=30, help="leave positions this small to the planner")
    args = parser.parse_args()
    variant = variant_named(args.variant)
    book = build(variant, args.depth, args.width, args.worst, args.min_size, log=True)
    target = Path(__file__).resolve().parents[1] / "engine" / "data" / book_file(variant)
    data = {
        "variant": variant.name,
        "built_by": f"bench/build_book.py {args.variant} --depth {args.depth} --width {args.width} "
        f"--worst {args.worst} --min-size {args.min_size}",
        "fallback": "planner (max-entropy, exact endgame <= 30 candidates)",
        "moves": dict(sorted(book.items(), key=lambda kv: (kv[0].count(" "), kv[0]))),
    }
    target.write_text(json.dumps(data, indent=0) + "\n", encoding="utf-8")
    print(f"wrote {len(book)} moves to {target}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
