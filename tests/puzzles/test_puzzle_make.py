"""`bullscows puzzles make`: it makes the puzzles asked for into the database, each one the engine reads back checked,
and refuses bad arguments with one line and status 2."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from bot.cli import main
from bot.puzzles import rating as puzzle_rating
from engine.inverse import Puzzle
from engine.review.labels import GOOD_BELOW
from engine.review.puzzle import NextGuessPuzzle, grade_next_guess, puzzle_at
from engine.variant import PRESETS


def rows(database: Path) -> list[sqlite3.Row]:
    with sqlite3.connect(database) as conn:
        conn.row_factory = sqlite3.Row
        return conn.execute("SELECT * FROM puzzles ORDER BY id").fetchall()


def test_it_makes_the_puzzles_asked_for_each_checked_and_rated_from_its_estimate(tmp_path, capsys):
    database = tmp_path / "db.sqlite3"
    assert main(["puzzles", "make", "--variant", "mastermind", "--count", "30", "--database", str(database)]) == 0
    out, err = capsys.readouterr()
    assert out.startswith(f"{database}: made 30 mastermind puzzles in ")
    assert out.rstrip().endswith("30 new, 30 mastermind puzzles stored")
    assert "made 30/30" in err
    made = rows(database)
    assert len(made) == 30
    assert len({row["seed"] for row in made}) == 30
    for row in made:
        puzzle = Puzzle.from_dict(json.loads(row["data"]))  # counted again: one solution, every clue needed
        assert puzzle.seed == row["seed"]
        assert row["variant"] == "mastermind"
        start = puzzle_rating.puzzle_start(puzzle.difficulty.estimate)
        assert (row["mu"], row["sigma"], row["attempts"]) == (pytest.approx(start.mu), start.sigma, 0)
    assert main(["puzzles", "make", "--variant", "mastermind", "--count", "5", "--database", str(database)]) == 0
    assert capsys.readouterr().out.rstrip().endswith("5 new, 35 mastermind puzzles stored")


def test_kind_next_makes_best_next_guess_puzzles_each_a_real_one_and_none_twice(tmp_path, capsys):
    database = tmp_path / "db.sqlite3"
    args = ["puzzles", "make", "--kind", "next", "--variant", "mastermind", "--database", str(database)]
    assert main([*args, "--count", "3"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith(f"{database}: made 3 mastermind next puzzles in ")
    assert out.rstrip().endswith("3 new, 3 mastermind next puzzles stored")
    assert "made 3/3" in err
    made = rows(database)
    assert [row["kind"] for row in made] == ["next"] * 3
    assert len({row["seed"] for row in made}) == 3
    mastermind = PRESETS["mastermind"]
    for row in made:
        puzzle = NextGuessPuzzle.from_data(json.loads(row["data"]))
        assert puzzle_at(mastermind, puzzle.turns) == puzzle  # the engine finds the same puzzle at that position
        assert grade_next_guess(mastermind, puzzle, puzzle.best[0]).solved
        assert puzzle.fitting_loss >= GOOD_BELOW  # no code that fits solves it
        start = puzzle_rating.puzzle_start(puzzle.estimate)  # rated by its own estimate, as the other kind
        assert (row["mu"], row["sigma"], row["attempts"]) == (pytest.approx(start.mu), start.sigma, 0)
        assert row["estimate"] == puzzle.estimate
    assert main([*args, "--count", "2"]) == 0
    assert capsys.readouterr().out.rstrip().endswith("2 new, 5 mastermind next puzzles stored")
    keys = [json.loads(row["data"])["key"] for row in rows(database)]
    assert len(set(keys)) == 5  # none equal to another up to relabelling
    assert [row["kind"] for row in rows(database)].count("inverse") == 0


@pytest.mark.parametrize(
    ("args", "said"),
    [
        ([], "say what to do: make"),
        (["bake"], "say what to do: make"),
        (["make", "--variant", "klassic"], "--variant 'klassic': unknown variant"),
        (["make", "--count", "0"], "--count '0': a whole number from 1 to 1,000,000"),
        (["make", "--count", "ten"], "--count 'ten'"),
        (["make", "--count", "-5"], "--count '-5'"),
        (["make", "--kind", "best"], "--kind 'best'"),
    ],
)
def test_bad_arguments_get_one_line_and_status_2_and_touch_nothing(tmp_path, capsys, args, said):
    database = tmp_path / "db.sqlite3"
    assert main(["puzzles", *args, "--database", str(database)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1
    assert err.startswith("bullscows puzzles: ")
    assert said in err
    assert not database.exists()
