"""`bullscows bench`: options, JSON on stdout, CSV rows anyone can re-score."""

import argparse
import csv
import json
from pathlib import Path

import pytest

from bot.cli import bench
from engine.scoring import score


def run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser()
    bench.add_arguments(parser)
    return bench.main(parser.parse_args(argv))


def test_json_output_has_the_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["--variant", "3d6", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["variant"] == "3d6"
    assert report["secrets"] == 120
    assert report["total_guesses"] == sum(int(k) * v for k, v in report["histogram"].items())
    for key in ("average", "max", "decision_ms_p50", "decision_ms_p95", "seconds"):
        assert key in report


def test_csv_rows_can_be_rescored(tmp_path: Path) -> None:
    target = tmp_path / "games.csv"
    assert run(["--variant", "3d6", "--csv", str(target), "--json"]) == 0
    rows = list(csv.DictReader(target.open()))
    assert len(rows) == 120
    for row in rows:
        steps = [item.split(":") for item in row["sequence"].split()]
        assert len(steps) == int(row["guesses"])
        assert all(str(score(row["secret"], guess)) == answer for guess, answer in steps)
        assert steps[-1][0] == row["secret"]


def test_variant_flags_override_the_preset(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["--variant", "3d6", "--repeats", "--sample", "30", "--seed", "1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["variant"] == "3r6"
    assert report["secrets"] == 30


def test_text_output_names_the_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["--variant", "3d6", "--strategy", "minimax"]) == 0
    text = capsys.readouterr().out
    for word in ("secrets", "average", "worst", "histogram", "p50", "p95", "wall"):
        assert word in text


def test_a_bad_strategy_is_reported_not_raised(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["--variant", "3d6", "--strategy", "telepathy"]) == 2
    assert "telepathy" in capsys.readouterr().err
