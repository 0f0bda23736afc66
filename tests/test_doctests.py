"""Every example in a docstring of bot/ and engine/ (the `>>>` lines) runs, and gives what it shows.

The modules are found by their text, so a new example is checked without being listed here; only the modules that
hold one are imported (not the whole tree, whose solver core is optional), each example its own test.
"""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

import bot
import engine

PACKAGES = (bot, engine)
FLAGS = doctest.ELLIPSIS  # as pytest's own --doctest-modules


def modules_with_examples() -> list[str]:
    """The dotted names of the packages' modules whose text holds a `>>>` example."""
    names = []
    for package in PACKAGES:
        root = Path(str(package.__file__)).parent
        for path in sorted(root.rglob("*.py")):
            if ">>>" in path.read_text(encoding="utf-8"):
                parts = path.relative_to(root.parent).with_suffix("").parts
                names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


def examples() -> list[doctest.DocTest]:
    """Each docstring with examples, of every module that has some."""
    finder = doctest.DocTestFinder()
    found = []
    for name in modules_with_examples():
        found += [test for test in finder.find(importlib.import_module(name)) if test.examples]
    return sorted(found, key=lambda test: test.name)


EXAMPLES = examples()


def test_examples_are_found_in_both_packages() -> None:
    names = {test.name for test in EXAMPLES}
    assert "bot.parsing.scores.parse_answer" in names
    assert "engine.scoring.score" in names
    assert len({test.name.split(".")[0] for test in EXAMPLES}) == len(PACKAGES)


@pytest.mark.parametrize("example", EXAMPLES, ids=[test.name for test in EXAMPLES])
def test_example_gives_what_it_shows(example: doctest.DocTest) -> None:
    report: list[str] = []
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    result = runner.run(example, out=report.append, clear_globs=True)
    assert result.attempted == len(example.examples)
    assert result.failed == 0, "".join(report)
