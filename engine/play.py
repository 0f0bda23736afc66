"""Playing games with a strategy: one secret at a time, or every secret at once through the decision tree."""

from __future__ import annotations

import gc
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from engine import kernels, sweep
from engine.guesser import best_strategy
from engine.history import History, Turn, candidates
from engine.scoring import Score, score, scorer_for
from engine.strategies import Strategy, history_key
from engine.sweep import Tree
from engine.variant import Code, Indices, Variant

MAX_TURNS = 40  # a guard against strategies that repeat themselves; no sane strategy comes close


class StrategyStalled(RuntimeError):
    """A strategy repeated itself or ran past MAX_TURNS without solving."""


def play(variant: Variant, secret: Code, strategy: Strategy | None = None, history: History = ()) -> list[Turn]:
    """Every turn of the game against `secret` from `history` on, ending with the all-bulls turn.

    >>> from engine.variant import PRESETS
    >>> play(PRESETS["classic"], "0123")[-1]
    Turn(guess='0123', answer=Score(bulls=4, cows=0))
    """
    chosen = best_strategy(variant) if strategy is None else strategy
    turns = list(history)
    solved = Score(variant.length, 0)
    for _ in range(MAX_TURNS):
        guess = chosen(variant, turns)
        turns.append(Turn(guess, score(secret, guess)))
        if turns[-1].answer == solved:
            return turns[len(history) :]
    raise StrategyStalled(f"no solution for {secret} within {MAX_TURNS} turns")


def solve_counts(variant: Variant, strategy: Strategy | None = None, history: History = ()) -> dict[Code, int]:
    """For every secret that fits `history`, how many more guesses the strategy needs (incl. the last).

    Walks the strategy's decision tree: each node is decided once, with its candidates split by answer.
    """
    return {variant.code(i): len(turns) for i, turns in walk_tree(variant, strategy, history)}


OnDecision = Callable[[History, Code, int, float], None]  # (history, guess, secrets reaching it, seconds)


def walk_tree(
    variant: Variant,
    strategy: Strategy | None = None,
    history: History = (),
    among: Indices | None = None,
    on_decision: OnDecision | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> Iterator[tuple[int, list[Turn]]]:
    """(secret index, every turn from `history` on) for each secret that fits it (or each of `among`
    that does), depth-first. Each node of the strategy's tree is decided once; `on_decision` hears
    how long each decision took and how many of the walked secrets reach it.
    """
    chosen = best_strategy(variant) if strategy is None else strategy
    compiled = getattr(chosen, "compiled_tree", None)
    if compiled is not None:
        alive = candidates(variant, history, among)
        started, ticks = clock(), sweep.cycle_counter()
        tree = compiled(variant, history, alive)
        if tree is not None:
            per_cycle = (clock() - started) / max(1, sweep.cycle_counter() - ticks)
            yield from _walk_compiled(variant, history, tree, on_decision, per_cycle)
            return
    scorer = scorer_for(variant)
    stack: list[tuple[list[Turn], Indices]] = [(list(history), candidates(variant, history, among))]
    while stack:
        turns, alive = stack.pop()
        if len(turns) - len(history) >= MAX_TURNS:
            raise StrategyStalled(f"{len(alive)} secrets unsolved after {MAX_TURNS} turns")
        started = clock()
        guess = chosen(variant, turns)
        if on_decision is not None:
            on_decision(turns, guess, len(alive), clock() - started)
        if any(turn.guess == guess for turn in turns):
            raise StrategyStalled(f"the strategy repeated {guess} after {history_key(turns)}")
        row = scorer.against(guess, alive)
        order, ids, starts = kernels.split_order(row)
        bounds = [*starts.tolist(), len(order)]
        for k in range(len(ids) - 1, -1, -1):
            part = alive[order[bounds[k] : bounds[k + 1]]]
            answer = Score.from_id(int(ids[k]), variant.length)
            if int(ids[k]) == variant.solved:
                yield int(part[0]), [*turns[len(history) :], Turn(guess, answer)]
                continue
            stack.append(([*turns, Turn(guess, answer)], part))


def _walk_compiled(
    variant: Variant, history: History, tree: Tree, on_decision: OnDecision | None, seconds_per_cycle: float
) -> Iterator[tuple[int, list[Turn]]]:
    """walk_tree's output from a tree made in one compiled pass (see engine.sweep)."""
    if len(tree.guess) == 0:
        raise StrategyStalled(f"the strategy repeated itself below {history_key(history)}")
    with collector_paused():
        games = _games_of(variant, history, tree, on_decision, seconds_per_cycle)
    yield from games


def _games_of(
    variant: Variant, history: History, tree: Tree, on_decision: OnDecision | None, seconds_per_cycle: float
) -> list[tuple[int, list[Turn]]]:
    """(secret, turns) of every game of a compiled tree, in the tree's order."""
    codes = code_texts(variant, tree.guess)
    parents, answers = tree.parent.tolist(), tree.answer.tolist()
    scores = {f: Score.from_id(f, variant.length) for f in set(answers)}
    turns: list[tuple[Turn, ...]] = [tuple(history)]
    for k in range(1, len(codes)):
        turns.append((*turns[parents[k]], Turn(codes[parents[k]], scores[answers[k]])))
    if on_decision is not None:
        for k, (reach, cycles) in enumerate(zip(tree.reach.tolist(), tree.cycles.tolist(), strict=True)):
            on_decision(turns[k], codes[k], reach, cycles * seconds_per_cycle)
    solved = Score(variant.length, 0)
    skip = len(history)
    return [
        (secret, [*turns[node][skip:], Turn(codes[node], solved)])
        for secret, node in zip(tree.leaf_secret.tolist(), tree.leaf_node.tolist(), strict=True)
    ]


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector off for a while (as timeit does): the tens of thousands of
    tuples a tree's games are made of hold no cycles, yet would set off a collection every few
    hundred allocations."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def code_texts(variant: Variant, indices: Indices) -> list[Code]:
    """The codes at these positions as strings (variant.code for many at once: one array pass)."""
    length = variant.length
    text = (variant.codes[indices] + ord("0")).tobytes().decode("ascii")
    return [text[k : k + length] for k in range(0, len(text), length)]
