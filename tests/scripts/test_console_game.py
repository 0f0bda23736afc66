"""The wheel and container checks drive an installed bullscows with scripts/console_game.py; the same script runs
here against the checkout, so a change in the console's wording that the script no longer reads fails in the suite,
not only in the slow install checks."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_install_checks_script_plays_both_games_in_the_console(tmp_path: Path) -> None:
    command = [
        sys.executable,
        "-c",
        "import sys; from bot.cli import main; sys.exit(main())",
        "console",
        "--database",
        str(tmp_path / "console.sqlite3"),
    ]
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts/console_game.py"), *command],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert "the bot found 4589" in done.stdout + done.stderr
