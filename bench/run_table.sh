#!/bin/sh
# Reproduce bench/RESULTS.md: one sweep at a time (each is single-threaded).
set -e
cd "$(dirname "$0")/.."
for variant in classic nozero mastermind mastermind10 3 5; do
    python -m bot.cli bench --variant "$variant" --json
done
for strategy in best random-candidate; do
    python -m bot.cli bench --variant 6 --sample 200 --seed 1 --strategy "$strategy" --json
done
