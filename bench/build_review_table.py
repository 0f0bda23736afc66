"""Build a variant's table of precomputed positions for the game review, and write engine/data/review-<variant>.txt.gz.

    PYTHONPATH=. python bench/build_review_table.py classic --checkpoint /tmp/review-classic.jsonl
    PYTHONPATH=. python bench/build_review_table.py mastermind

Every variant with a shipped optimal tree has its table (classic, nozero, mastermind, 3d10, 4r7, 4r8; their build
times and sizes are in docs/engine.md, "The tables and how to rebuild them").

Every class of positions after two turns is searched by the optimal solver (fewest codes first, one search sharing
its transposition table), then the positions after one turn and the start follow from them (see
engine/review/build.py). --checkpoint FILE appends each position solved to FILE as a JSON line, and a run given the
same FILE resumes from it. The run prints its progress and, at the end, the CPU time, the entries and the file's
size. It checks the result against the variant's shipped optimal tree where there is one (the start's total).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from engine.optimal.tree import shipped_tree, tree_stats
from engine.review.build import TableBuilder
from engine.review.table import Entry, encode, table_file
from engine.variant import variant_named


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("variant")
    parser.add_argument("--checkpoint", type=Path, help="a JSON lines file of the positions solved so far")
    parser.add_argument("--out", type=Path, help="where to write the table (default: engine/data/review-NAME.txt.gz)")
    args = parser.parse_args()
    variant = variant_named(args.variant)
    started = time.process_time()
    builder = TableBuilder(variant)
    leaves = builder.to_solve()
    solved: dict[str, Entry] = {}
    if args.checkpoint is not None and args.checkpoint.exists():
        for line in args.checkpoint.read_text().splitlines():
            item = json.loads(line)
            solved[item["key"]] = Entry(int(item["total"]), tuple(item["best"]))
    print(f"{variant.name}: {len(leaves)} positions after two turns to search, {len(solved)} already", flush=True)
    checkpoint = args.checkpoint.open("a") if args.checkpoint is not None else None
    for done, leaf in enumerate(leaves, start=1):
        if leaf.key in solved:
            continue
        clock = time.process_time()
        entry = builder.solve(leaf)
        solved[leaf.key] = entry
        if checkpoint is not None:
            checkpoint.write(json.dumps({"key": leaf.key, "total": entry.total, "best": list(entry.best)}) + "\n")
            checkpoint.flush()
        seconds = time.process_time() - clock
        if seconds > 5 or done % 500 == 0:
            print(f"  {done}/{len(leaves)}: {len(leaf.secrets)} codes, {seconds:.1f} s of CPU", flush=True)
    table = builder.finish(solved)
    start = table.entries["-"]
    tree = shipped_tree(variant)
    if tree is not None and tree_stats(variant, tree).total != start.total:
        print(f"the start's least total {start.total} is not the shipped tree's", file=sys.stderr)
        return 1
    out = args.out or Path(__file__).resolve().parents[1] / "engine" / "data" / table_file(variant)
    data = encode(variant, table)
    out.write_bytes(data)
    cpu = time.process_time() - started
    print(f"{variant.name}: {len(table.entries)} entries, the start {start.total} ({start.best[0]} first)")
    print(f"wrote {out} ({len(data):,} bytes) in {cpu:.0f} s of CPU (this run)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
