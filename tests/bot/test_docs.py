"""The README documents every `bullscows` subcommand, every chat command and every setting."""

import re
from pathlib import Path

from bot.cli import SUBCOMMANDS
from bot.routing.table import GROUP_MENU, PRIVATE_MENU

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text()


def test_every_subcommand_is_in_the_readme() -> None:
    for name in SUBCOMMANDS:
        assert f"`bullscows {name}`" in README, name


def test_every_chat_command_is_in_the_readme() -> None:
    for name in {*PRIVATE_MENU, *GROUP_MENU}:
        assert f"`/{name}`" in README, name


def test_every_setting_in_env_example_is_in_the_readme() -> None:
    keys = re.findall(r"^([A-Z_]+)=", (ROOT / ".env.example").read_text(), flags=re.MULTILINE)
    assert "BOT_TOKEN" in keys
    for key in keys:
        assert f"`{key}`" in README, key
