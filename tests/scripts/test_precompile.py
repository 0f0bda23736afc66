"""scripts/precompile.py writes the image's .pyc by importing what the bot's code names in its imports; it swallows
the names that are not modules, so a name it should find and does not would only make the container slower to
start. These keep what it reads and what it imports by name honest."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def precompile() -> ModuleType:
    spec = importlib.util.spec_from_file_location("precompile", ROOT / "scripts/precompile.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_imports_named_at_any_depth_are_read_and_relative_ones_left_to_the_walk(tmp_path: Path) -> None:
    source = tmp_path / "sample.py"
    source.write_text(
        "import os.path, json\n"
        "from typing import TYPE_CHECKING\n"
        "from . import sibling\n"
        "if TYPE_CHECKING:\n"
        "    from collections.abc import Iterator\n"
        "def later():\n"
        "    from babel.dates import format_date\n"
        "    import urllib.request\n"
    )
    assert precompile().named_in_imports(source) == {
        "os.path",
        "json",
        "typing",
        "typing.TYPE_CHECKING",
        "collections.abc",
        "collections.abc.Iterator",
        "babel.dates",
        "babel.dates.format_date",
        "urllib.request",
    }


def test_what_the_bot_loads_once_it_serves_is_there_to_import() -> None:
    for name in precompile().SERVING:
        assert importlib.util.find_spec(name) is not None, f"{name} is gone: update SERVING in scripts/precompile.py"


def test_a_function_s_late_imports_are_named_in_the_bot_s_own_code() -> None:
    named = precompile().named_in_imports(ROOT / "bot/texts.py")
    assert {"babel.dates", "babel.numbers"} <= named
