"""`bullscows solve`: search a variant's optimal strategy (least total guesses) and write its tree."""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from engine.optimal.search import OnPart, PartResult, SolveProgress

REPORT_EVERY = 30.0  # seconds between progress lines when stderr is not a terminal
SMALL = 3000  # variants with fewer codes solve faster on one thread, with full symmetry on 2 levels


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Register the solve options on the subcommand's parser."""
    parser.add_argument("--variant", default="classic", help="preset or spec with a full table: classic, 3, 4r6...")
    parser.add_argument(
        "--out", metavar="FILE", help="where to write the tree (default tree-VARIANT.txt.gz; ship it in engine/data/)"
    )
    parser.add_argument(
        "--max-depth", type=int, metavar="N", help="of the optimal trees, prefer one whose games end within N guesses"
    )
    parser.add_argument(
        "--top-depth", type=int, help="levels searched with full symmetry (default 3, or 2 below 3000 codes)"
    )
    parser.add_argument(
        "--width",
        type=int,
        default=0,
        metavar="N",
        help="below the top levels try only the N most promising guesses per node: an upper bound, not a proof",
    )
    parser.add_argument(
        "--workers",
        type=int,
        help="threads searching side by side (default: every core, or 1 below 3000 codes, where threads don't pay)",
    )
    parser.add_argument(
        "--parallel-depth",
        type=int,
        default=1,
        metavar="N",
        help="settle the parts of the guesses at level N side by side, and checkpoint them (default 1: the root's)",
    )
    parser.add_argument(
        "--share-size",
        type=int,
        default=1000,
        metavar="N",
        help="a part of at least N secrets at that level has its guesses shared among the threads (default 1000)",
    )
    parser.add_argument(
        "--checkpoint",
        metavar="FILE",
        help="record each settled part of the root's guesses in FILE (JSON lines) and resume from it if it exists",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object on stdout instead of text")


def main(args: argparse.Namespace) -> int:
    """Run the search and write the tree; 0 on success, 2 on a variant it cannot solve."""
    from engine.optimal.tree import encode, tree_file, tree_stats
    from engine.variant import InvalidVariant, variant_named

    try:
        from engine.optimal.search import MAX_CODES, Solver, instance_for
    except ImportError as error:  # the C core is built at install, when a compiler is there
        print(
            f"bullscows solve: the solver's compiled core is missing ({error}); install a C compiler and the "
            "Python headers (Debian: apt-get install gcc python3-dev), then pip install -e . again",
            file=sys.stderr,
        )
        return 2

    try:
        variant = variant_named(args.variant)
    except InvalidVariant as error:
        print(f"bullscows solve: {error}", file=sys.stderr)
        return 2
    if variant.size > MAX_CODES:
        print(f"bullscows solve: {variant.name} has too many codes ({variant.size}) to solve", file=sys.stderr)
        return 2
    small = variant.size < SMALL
    workers = args.workers or (1 if small else os.cpu_count() or 1)
    top_depth = args.top_depth or (2 if small else 3)
    started = time.perf_counter()
    reporter = _Reporter(sys.stderr, started)
    known, record = _checkpoint(args.checkpoint)
    solver = Solver(
        instance_for(variant),
        top_depth=top_depth,
        width=args.width,
        on_progress=reporter,
        workers=max(1, workers),
        known=known,
        on_part=record,
        parallel_depth=args.parallel_depth,
        share_size=args.share_size,
    )
    if known:
        print(f"resuming from {args.checkpoint}: {len(known)} parts settled", file=sys.stderr)
    total, tree = solver.solve(args.max_depth)
    seconds = time.perf_counter() - started
    reporter.finish()
    stats = tree_stats(variant, tree)
    if stats.total != total:
        print(f"bullscows solve: the tree replays to {stats.total}, not {total}", file=sys.stderr)
        return 1
    out = Path(args.out or tree_file(variant))
    data = encode(variant, tree)
    out.write_bytes(data)
    summary = {
        "variant": variant.name,
        "secrets": stats.secrets,
        "total_guesses": stats.total,
        "average": round(stats.average, 4),
        "max": stats.worst,
        "seconds": round(seconds, 1),
        "nodes": int(solver.stats[0]),
        "file": str(out),
        "bytes": len(data),
        "proven": args.width == 0,
    }
    if args.json:
        print(json.dumps(summary))
    else:
        print(
            f"{variant.name}: {stats.total} guesses over {stats.secrets} secrets ({stats.average:.4f} average, "
            f"worst {stats.worst}); {seconds:.1f} s, {summary['nodes']} nodes; wrote {out} ({len(data)} bytes)"
            + ("" if args.width == 0 else f"; searched {args.width} guesses per node, so not a proof")
        )
    return 0


def _checkpoint(path: str | None) -> tuple[dict[int, PartResult], OnPart | None]:
    """The parts a checkpoint file has settled, and a recorder appending new ones (flushed at once)."""
    from engine.optimal.search import PartResult
    from engine.optimal.tree import node_from_text, node_text

    if path is None:
        return {}, None
    known: dict[int, PartResult] = {}
    file = Path(path)
    if file.exists():
        for line in file.read_text(encoding="utf-8").splitlines():
            if line.strip():
                item = json.loads(line)
                tree = None if item["tree"] is None else node_from_text(item["tree"])
                known[int(item["key"])] = PartResult(int(item["key"]), int(item["cost"]), tree)
    stream = file.open("a", encoding="utf-8")

    def record(result: PartResult) -> None:
        tree = None if result.tree is None else node_text(result.tree)
        stream.write(json.dumps({"key": result.key, "cost": result.cost, "tree": tree}) + "\n")
        stream.flush()

    return known, record


class _Reporter:
    """Progress on stderr: a redrawn line on a terminal, a line every REPORT_EVERY seconds otherwise."""

    def __init__(self, stream: TextIO, started: float) -> None:
        self.stream = stream
        self.started = started
        self.tty = stream.isatty()
        self.last = started

    def __call__(self, progress: SolveProgress) -> None:
        now = time.perf_counter()
        if not self.tty and now - self.last < REPORT_EVERY and progress.depth > 0:
            return
        self.last = now
        path = " > ".join(f"{done}/{of}" for done, of in progress.path)
        best = "-" if progress.best is None else str(progress.best)
        elapsed = now - self.started
        line = f"[{elapsed:7.0f} s] guess {path} (level {progress.depth} best {best}), {progress.nodes} nodes"
        if self.tty:
            self.stream.write("\r\033[K" + line)
        else:
            self.stream.write(line + "\n")
        self.stream.flush()

    def finish(self) -> None:
        if self.tty:
            self.stream.write("\n")
            self.stream.flush()
