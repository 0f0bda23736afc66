"""The `bullscows` command line itself: its version, and one line for an operator's mistake."""

import pytest

from bot.cli import installed_version, main


def test_version_prints_the_installed_distributions_version(capsys: pytest.CaptureFixture[str]) -> None:
    from importlib.metadata import version

    with pytest.raises(SystemExit) as stopped:
        main(["--version"])
    assert stopped.value.code == 0
    assert capsys.readouterr().out.strip() == f"bullscows {version('bullscows')}"
    assert installed_version() == version("bullscows")
