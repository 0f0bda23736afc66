"""Build an opening book for a variant by rollouts, and write it to engine/data/book-<variant>.json.

    PYTHONPATH=. python bench/build_book.py classic --depth 3 --width 12
    PYTHONPATH=. python bench/build_book.py 5 --rollout greedy --depth 3 --width 10 --min-size 200

For each book position, top-down: the `width` best guesses by each of a few measures are each
played out to the end with the runtime strategy (the planner, plus the book built so far) over every
candidate, and the one needing the fewest total guesses (secrets beyond --worst count extra) is kept.
Each level only replaces the planner's move where a rollout shows a better one, so the book never
makes the strategy worse than the planner alone, as measured over every secret.

Variants without a full table (5 and 6 digits) are too big for rollouts of the planner; there
`--rollout greedy` plays each contender out with the compiled max-entropy tree (`engine.sweep`, every
guess up to symmetry, no sampling, no exact endgame) below it, over every candidate of the position or
over `--sample` of them, and keeps the contender with the fewest total guesses (no default move: the
planner samples, so its own move is no cheaper to find than the contenders'). The book is then
checked by a full bench of the variant, not by construction. `--rollout none` plays the max-entropy
guess over every guess up to symmetry against every candidate: the planner's move without its sampling.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

from engine import kernels
from engine.bench import sample_secrets
from engine.book import book_file
from engine.guesser import TreeStrategy, fallback_planner
from engine.history import Turn, candidates
from engine.planner import Planner, estimated_cost
from engine.play import play, walk_tree
from engine.scoring import Score
from engine.splits import canonical_guesses, fixed_symbols, splitter_for
from engine.strategies import first_guess, history_key, largest_part, neg_entropy, rng_for, sum_of_squares
from engine.variant import Code, Variant, variant_named

OVER_WORST_PENALTY = 30  # extra guesses charged for each secret that needs more than --worst


def fallback_description(planner: Planner) -> str:
    """What plays below the book, in the book file's words."""
    looks = f", two guesses deep <= {planner.lookahead_to} candidates" if planner.lookahead_to else ""
    return f"planner (max-entropy{looks}, exact endgame <= {planner.exact_limit} candidates)"


def rollout(
    variant: Variant,
    book: dict[str, Code],
    planner: Planner,
    history: list[Turn],
    guess: Code,
    bound: float,
    worst: int,
) -> tuple[float, int]:
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


def contenders(variant: Variant, history: list[Turn], width: int, among: np.ndarray | None = None) -> list[Code]:
    """The best `width` guesses here by each of a few measures (splitting the candidates, or those
    of `among`), without repeats, best first."""
    alive = candidates(variant, history) if among is None else among
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


def improve(
    variant: Variant, book: dict[str, Code], planner: Planner, history: list[Turn], width: int, worst: int
) -> Code:
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


def greedy_rollout(variant: Variant, history: list[Turn], alive: np.ndarray, guess: Code) -> float:
    """Total guesses (this one included) for the secrets `alive` when `guess` is played here and the
    compiled max-entropy tree after it; infinity if the guess splits nothing."""
    tree = splitter_for(variant).tree(alive, fixed_symbols(variant, history), variant.index(guess), kernels.ENTROPY)
    if len(tree.guess) == 0:
        return float("inf")
    return float((tree.depth[tree.leaf_node] + 1).sum())


def improve_greedy(variant: Variant, history: list[Turn], width: int, sample: int, log: bool = False) -> Code:
    """The contender with the fewest total guesses by greedy rollouts over the position's candidates
    (or a reproducible sample of `sample` of them); ties go to the earlier contender."""
    alive = candidates(variant, history)
    secrets = alive
    if 0 < sample < len(alive):
        secrets = np.sort(rng_for(variant, history, salt=1).choice(alive, sample, replace=False))
    best, best_cost, first_cost = None, float("inf"), None
    for guess in contenders(variant, history, width, secrets):
        cost = greedy_rollout(variant, history, secrets, guess)
        first_cost = cost if first_cost is None else first_cost
        if cost < best_cost:
            best, best_cost = guess, cost
    if log:
        print(
            f"  {history_key(history)} ({len(secrets)}): {best} {best_cost:.0f}, max-entropy's {first_cost:.0f}",
            file=sys.stderr,
            flush=True,
        )
    if best is None:
        raise RuntimeError(f"no contender splits the candidates after {history_key(history)}")
    return best


def build(
    variant: Variant,
    depth: int,
    width: int,
    worst: int,
    min_size: int,
    log: bool,
    rollout: str = "planner",
    sample: int = 0,
    known: dict[str, Code] | None = None,
    save: Callable[[dict[str, Code]], None] | None = None,
) -> dict[str, Code]:
    """The book, level by level, down to `depth` guesses; moves in `known` (a book built before with
    the same options, cut short) are taken as they are, and `save` hears the book after each level."""
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
            key = history_key(history)
            if known is not None and key in known:
                guess = known[key]
            elif level == 0 and len(canonical_guesses(variant, fixed_symbols(variant, []))) == 1:
                guess = first_guess(variant, planner.measure)
            elif rollout == "none":  # the planner's own measure, without its sampling
                guess = contenders(variant, history, 1)[0]
            elif rollout == "greedy":
                guess = improve_greedy(variant, history, width, sample, log)
            else:
                guess = improve(variant, book, planner, history, width, worst)
            book[key] = guess
            row = splitter_for(variant).feedback(np.array([variant.index(guess)]), alive)[0]
            for feedback in np.unique(row).tolist():
                if feedback != variant.solved:
                    next_frontier.append([*history, Turn(guess, Score.from_id(feedback, variant.length))])
        if log:
            print(f"level {level + 1}: {len(frontier)} positions, {time.time() - started:.0f} s", file=sys.stderr)
        if save is not None:
            save(book)
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
    parser.add_argument(
        "--rollout",
        choices=("planner", "greedy", "none"),
        default="planner",
        help="play contenders out with the planner, or with the compiled max-entropy tree, "
        "or play the max-entropy guess over every guess and candidate (no rollout)",
    )
    parser.add_argument(
        "--sample", type=int, default=0, help="greedy rollouts over at most this many candidates per position (0: all)"
    )
    parser.add_argument(
        "--checks",
        type=int,
        default=0,
        help="record the guesses the guesser takes on this many sampled secrets, for the tests",
    )
    parser.add_argument("--out", type=Path, help="write the book here instead of engine/data")
    parser.add_argument(
        "--resume",
        action="store_true",
        help="keep the moves of the book file already there (built with the same options)",
    )
    args = parser.parse_args()
    variant = variant_named(args.variant)
    kernels.warm_up()
    target = args.out or Path(__file__).resolve().parents[1] / "engine" / "data" / book_file(variant)
    known = None
    if args.resume and target.is_file():
        known = {str(k): str(v) for k, v in json.loads(target.read_text(encoding="utf-8"))["moves"].items()}
    built_by = (
        f"bench/build_book.py {args.variant} --depth {args.depth} --width {args.width} "
        f"--worst {args.worst} --min-size {args.min_size}"
        + (f" --rollout greedy --sample {args.sample}" if args.rollout == "greedy" else "")
        + (" --rollout none" if args.rollout == "none" else "")
        + (f" --checks {args.checks}" if args.checks else "")
    )

    def save(book: dict[str, Code]) -> None:
        data = {
            "variant": variant.name,
            "built_by": built_by,
            "fallback": fallback_description(fallback_planner(variant)),
            "moves": dict(sorted(book.items(), key=lambda kv: (kv[0].count(" "), kv[0]))),
        }
        target.write_text(json.dumps(data, indent=0) + "\n", encoding="utf-8")
        print(f"wrote {len(book)} moves to {target}", file=sys.stderr, flush=True)

    build(
        variant,
        args.depth,
        args.width,
        args.worst,
        args.min_size,
        log=True,
        rollout=args.rollout,
        sample=args.sample,
        known=known,
        save=save,
    )
    if args.checks:
        record_checks(variant, target, args.checks)
    return 0


def record_checks(variant: Variant, target: Path, count: int) -> None:
    """Add to the book file how many guesses the guesser (this book, then the planner the guesser
    falls back to) takes on `count` sampled secrets, for tests/engine/test_books.py to replay."""
    data = json.loads(target.read_text(encoding="utf-8"))
    strategy = TreeStrategy({str(k): str(v) for k, v in data["moves"].items()}, fallback_planner(variant))
    checks = {secret: len(play(variant, secret, strategy)) for secret in sample_secrets(variant, count, seed=0)}
    data["checks"] = checks
    target.write_text(json.dumps(data, indent=0) + "\n", encoding="utf-8")
    print(f"recorded {checks}", file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
