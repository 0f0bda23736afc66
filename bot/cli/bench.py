"""`bullscows bench`: play every secret (or a sample) of a variant with a strategy and print the figures."""

from __future__ import annotations

import argparse
import csv
import dataclasses
import json
import sys
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from engine.bench import Report


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Register the bench options on the subcommand's parser."""
    parser.add_argument("--variant", default="classic", help="preset or spec: classic, nozero, mastermind, 5, 4r6...")
    parser.add_argument("--length", type=int, help="override the code length")
    parser.add_argument("--symbols", type=int, help="override the number of symbols")
    repeats = parser.add_mutually_exclusive_group()
    repeats.add_argument("--repeats", dest="repeats", action="store_true", default=None, help="allow repeats")
    repeats.add_argument("--distinct", dest="repeats", action="store_false", help="all symbols differ")
    zero = parser.add_mutually_exclusive_group()
    zero.add_argument("--leading-zero", dest="leading_zero", action="store_true", default=None)
    zero.add_argument("--no-leading-zero", dest="leading_zero", action="store_false")
    parser.add_argument(
        "--strategy",
        default="best",
        help="best, heuristic (no optimal tree), planner, entropy, expected-size, minimax, random-candidate…",
    )
    parser.add_argument("--sample", type=int, metavar="N", help="play a reproducible sample of N secrets")
    parser.add_argument("--seed", type=int, default=0, help="seed of the sample (default 0)")
    parser.add_argument("--json", action="store_true", help="print one JSON object on stdout instead of text")
    parser.add_argument("--csv", metavar="FILE", help="write one row per secret: secret, guesses, sequence")


def main(args: argparse.Namespace) -> int:
    """Run the bench; 0 on success, 2 on a bad variant or strategy."""
    from engine.bench import Bench, sample_secrets
    from engine.guesser import strategy_named
    from engine.variant import InvalidVariant, variant_named

    try:
        variant = variant_named(args.variant)
        overrides = {
            key: getattr(args, key)
            for key in ("length", "symbols", "repeats", "leading_zero")
            if getattr(args, key) is not None
        }
        variant = dataclasses.replace(variant, **overrides)
        strategy = strategy_named(args.strategy, variant)
    except (InvalidVariant, ValueError) as error:
        print(f"bullscows bench: {error}", file=sys.stderr)
        return 2
    from engine import warm_up

    warm_up()  # load the kernels first, as the bot does at start-up: not a decision's cost
    secrets = None if args.sample is None else sample_secrets(variant, args.sample, args.seed)
    bench = Bench(variant, strategy, secrets)
    progress = sys.stderr.isatty()
    games = []
    for done, game in enumerate(bench.games(), start=1):
        games.append(game)
        if progress and (done % 50 == 0 or done == bench.total):
            _draw_progress(sys.stderr, done, bench.total)
    if progress:
        sys.stderr.write("\n")
    report = bench.report()
    if args.csv:
        with open(args.csv, "w", newline="", encoding="utf-8") as handle:
            writer = csv.writer(handle)
            writer.writerow(["secret", "guesses", "sequence"])
            for game in sorted(games, key=lambda g: g.secret):
                writer.writerow([game.secret, game.guesses, game.sequence])
    if args.json:
        print(json.dumps(report.as_dict()))
    else:
        print(_as_text(report, variant.description))
    return 0


def _draw_progress(stream: TextIO, done: int, total: int) -> None:
    width = 40
    filled = width * done // max(total, 1)
    stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
    stream.flush()


def _as_text(report: Report, description: str) -> str:
    from engine.bench import TIMING_NOTE

    top = max(report.histogram.values(), default=1)
    bars = "\n".join(
        f"  {guesses:>2} guesses: {count:>6}  {'#' * max(1, round(30 * count / top))}"
        for guesses, count in sorted(report.histogram.items())
    )
    return "\n".join(
        [
            f"variant      {report.variant} ({description})",
            f"strategy     {report.strategy}",
            f"secrets      {report.secrets}",
            f"guesses      {report.total_guesses} total, {report.average:.4f} average, {report.max} worst",
            "histogram",
            bars,
            f"decisions    {report.decisions} positions; per move p50 {report.decision_ms_p50:.2f} ms, "
            f"p95 {report.decision_ms_p95:.2f} ms, max {report.decision_ms_max:.2f} ms",
            f"             ({TIMING_NOTE})",
            f"wall         {report.seconds:.1f} s",
        ]
    )
