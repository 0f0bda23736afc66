"""The README documents every `bullscows` subcommand, every chat command and every setting, and every link between
the README and docs/ leads to a heading that is there."""

import re
from pathlib import Path
from typing import cast

import pytest

from bot.chats.settings import ATTEMPT_LIMITS
from bot.cli import SUBCOMMANDS
from bot.deps import Deps
from bot.register import COMMANDS, GROUP_MENU, PRIVATE_MENU, Features, command_routes

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text()
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def section(text: str, heading: str) -> str:
    """The text under a `## heading`, up to the next heading of its level."""
    start = text.index(f"\n## {heading}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end != -1 else len(text)]


COMMANDS_SECTION = section(README, "Commands")


def routed_commands() -> set[str]:
    """Every command a route of the command table names."""
    features = Features(cast(Deps, None))  # the routes only name their handlers: nothing is called here
    return {name for route in command_routes(features) if route.only for name in route.only}


DECLARED = {command.name for command in COMMANDS}  # the features' declarations, which make the menus


def test_every_subcommand_is_in_the_readmes_commands() -> None:
    for name in SUBCOMMANDS:
        assert f"`bullscows {name}`" in COMMANDS_SECTION, name


def test_every_command_a_route_answers_is_declared_by_a_feature() -> None:
    assert routed_commands() <= DECLARED


def test_every_routed_command_is_in_the_readmes_commands() -> None:
    commands = DECLARED | routed_commands()
    assert {"guess", "streak", *PRIVATE_MENU, *GROUP_MENU} <= commands  # /guess is in no menu
    for name in sorted(commands):
        assert f"| `/{name}` |" in COMMANDS_SECTION, name


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


def anchors(path: Path) -> set[str]:
    """The anchors GitHub gives the headings of a Markdown file (outside code blocks)."""
    found: set[str] = set()
    fenced = False
    for line in path.read_text().split("\n"):
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and (heading := re.match(r"#{1,6} (.+)", line)):
            slug = re.sub(r"[^\w\- ]", "", heading[1].strip().lower()).replace(" ", "-")
            anchor, n = slug, 0
            while anchor in found:
                n += 1
                anchor = f"{slug}-{n}"
            found.add(anchor)
    return found


def test_the_slug_of_a_heading_is_githubs() -> None:
    assert anchors(ROOT / "README.md") >= {
        "quick-start",
        "inline-mode-bot-in-any-chat",
        "you-guess-the-referee-play",
        "as-a-service-systemd",
    }


@pytest.mark.parametrize("doc", DOCS, ids=lambda path: path.name)
def test_every_link_between_the_docs_leads_somewhere(doc: Path) -> None:
    text = re.sub(r"```.*?```", "", doc.read_text(), flags=re.DOTALL)
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"[a-z]+:", target):
            continue  # a web address
        file, _, anchor = target.partition("#")
        linked = (doc.parent / file).resolve() if file else doc
        assert linked.exists(), target
        if anchor:
            assert anchor in anchors(linked), target
