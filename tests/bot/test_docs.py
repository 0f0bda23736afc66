"""The README documents every `bullscows` subcommand, every chat command and every setting."""

import re
from pathlib import Path

from bot.cli import SUBCOMMANDS
from bot.models.settings import ATTEMPT_LIMITS
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


def test_the_readme_lists_the_attempt_limits_the_setting_cycles_through() -> None:
    found = re.search(r"an attempt limit \(([^)]*)", README)
    assert found, "the README does not describe the attempt limit"
    words = re.findall(r"none|\d+", found[1])
    assert words == ["none" if limit is None else str(limit) for limit in ATTEMPT_LIMITS]
