"""`bullscows solve`: writes a tree that replays to the total it reports, with progress on stderr."""

import argparse
import io
import json
from pathlib import Path

import pytest

from bot.cli import solve
from engine.optimal.tree import decode, tree_stats
from engine.variant import variant_named
from tests.machine import needs_solver_core


def run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser()
    solve.add_arguments(parser)
    return solve.main(parser.parse_args(argv))


@needs_solver_core
def test_the_tree_written_replays_to_the_reported_total(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "tree.txt.gz"
    assert run(["--variant", "3d6", "--out", str(out), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    variant = variant_named("3d6")
    stats = tree_stats(variant, decode(variant, out.read_bytes()))
    assert (report["total_guesses"], report["max"], report["secrets"]) == (stats.total, stats.worst, 120)
    assert report["total_guesses"] == 436
    assert report["bytes"] == out.stat().st_size


@needs_solver_core
def test_a_variant_too_big_for_a_table_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["--variant", "5"]) == 2
    assert "too many codes" in capsys.readouterr().err


def test_without_the_compiled_core_one_line_says_how_to_build_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    import sys

    import engine.optimal

    monkeypatch.chdir(tmp_path)
    monkeypatch.delitem(sys.modules, "engine.optimal.search", raising=False)
    monkeypatch.delattr(engine.optimal, "search", raising=False)
    monkeypatch.delattr(engine.optimal, "core", raising=False)
    monkeypatch.setitem(sys.modules, "engine.optimal.core", None)  # as if it had not been built
    assert run(["--variant", "3d6"]) == 2
    err = capsys.readouterr().err
    assert "compiled core is missing" in err
    assert "C compiler" in err
    assert len(err.strip().splitlines()) == 1


@needs_solver_core
def test_progress_off_a_terminal_is_a_line_per_report_at_the_root() -> None:
    from engine.optimal.search import SolveProgress

    stream = io.StringIO()
    reporter = solve._Reporter(stream, started=0.0)
    reporter(SolveProgress(path=((1, 2),), depth=0, nodes=10, best=99))
    reporter(SolveProgress(path=((1, 2), (3, 4)), depth=1, nodes=11, best=None))  # within 30 s: skipped
    lines = stream.getvalue().splitlines()
    assert len(lines) == 1
    assert "guess 1/2 (level 0 best 99), 10 nodes" in lines[0]
