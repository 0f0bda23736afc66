"""The docs hold to the code: the players' pages document every chat command, the operators' every `bullscows`
subcommand and every setting; every link between the README and the pages of docs/ leads to a heading that is there;
the README stays short; and the site builds with `mkdocs build --strict`."""

import os
import re
import subprocess
import sys
from importlib.util import find_spec
from pathlib import Path
from typing import cast

import pytest

from bot.chats.settings import ATTEMPT_LIMITS
from bot.cli import SUBCOMMANDS
from bot.deps import Deps
from bot.register import COMMANDS, GROUP_MENU, PRIVATE_MENU, Features, command_routes

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
PLAYERS_COMMANDS = (ROOT / "docs" / "players" / "commands.md").read_text(encoding="utf-8")
PLAYERS_SETTINGS = (ROOT / "docs" / "players" / "settings.md").read_text(encoding="utf-8")
RUNNING = (ROOT / "docs" / "operators" / "index.md").read_text(encoding="utf-8")
SETTINGS = (ROOT / "docs" / "operators" / "settings.md").read_text(encoding="utf-8")
README_LINES = 200


def section(text: str, heading: str) -> str:
    """The text under a `## heading`, up to the next heading of its level."""
    start = text.index(f"\n## {heading}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end != -1 else len(text)]


OPERATORS_COMMANDS = section(RUNNING, "The operator's commands")


def routed_commands() -> set[str]:
    """Every command a route of the command table names."""
    features = Features(cast(Deps, None))  # the routes only name their handlers: nothing is called here
    return {name for route in command_routes(features) if route.only for name in route.only}


DECLARED = {command.name for command in COMMANDS}  # the features' declarations, which make the menus


def test_every_subcommand_is_in_the_operators_commands() -> None:
    for name in SUBCOMMANDS:
        assert f"| `bullscows {name}` |" in OPERATORS_COMMANDS, name


def test_every_command_a_route_answers_is_declared_by_a_feature() -> None:
    assert routed_commands() <= DECLARED


def test_every_routed_command_is_in_the_players_commands() -> None:
    commands = DECLARED | routed_commands()
    assert {"guess", "streak", *PRIVATE_MENU, *GROUP_MENU} <= commands  # /guess is in no menu
    for name in sorted(commands):
        assert f"| `/{name}` |" in PLAYERS_COMMANDS, name


def test_every_setting_in_env_example_is_in_the_operators_settings() -> None:
    keys = re.findall(r"^([A-Z_]+)=", (ROOT / ".env.example").read_text(), flags=re.MULTILINE)
    assert "BOT_TOKEN" in keys
    table = [line for line in SETTINGS.split("\n") if line.startswith("| `")]
    for key in keys:
        assert any(f"`{key}`" in line.split(" | ")[0] for line in table), key


def test_the_players_settings_list_the_attempt_limits_the_setting_cycles_through() -> None:
    found = re.search(r"an attempt limit \(([^)]*)", PLAYERS_SETTINGS)
    assert found, "docs/players/settings.md does not describe the attempt limit"
    words = re.findall(r"none|\d+", found[1])
    assert words == ["none" if limit is None else str(limit) for limit in ATTEMPT_LIMITS]


def anchors(path: Path) -> set[str]:
    """The anchors GitHub gives the headings of a Markdown file (outside code blocks)."""
    found: set[str] = set()
    fenced = False
    for line in path.read_text(encoding="utf-8").split("\n"):
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
    docs = ROOT / "docs"
    assert anchors(ROOT / "README.md") >= {"quick-start"}
    assert anchors(docs / "players" / "inline.md") >= {"inline-mode-bot-in-any-chat"}
    assert anchors(docs / "players" / "play.md") >= {"you-guess-the-referee-play"}
    assert anchors(docs / "operators" / "service.md") >= {"as-a-service-systemd"}
    assert anchors(docs / "operators" / "index.md") >= {"the-operators-commands"}


def test_the_readme_is_short() -> None:
    lines = README.count("\n") + (not README.endswith("\n"))
    assert lines <= README_LINES, f"the README has {lines} lines: {README_LINES} at most, the rest goes in docs/"


def test_every_page_of_the_site_is_in_its_nav() -> None:
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    for page in sorted((ROOT / "docs").rglob("*.md")):
        assert f" {page.relative_to(ROOT / 'docs').as_posix()}" in nav, page


@pytest.mark.parametrize("doc", DOCS, ids=lambda path: path.relative_to(ROOT).as_posix())
def test_every_link_between_the_docs_leads_somewhere(doc: Path) -> None:
    text = re.sub(r"```.*?```", "", doc.read_text(encoding="utf-8"), flags=re.DOTALL)
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"[a-z]+:", target):
            continue  # a web address
        file, _, anchor = target.partition("#")
        linked = (doc.parent / file).resolve() if file else doc
        assert linked.exists(), target
        if anchor:
            assert anchor in anchors(linked), target


@pytest.mark.skipif(
    find_spec("mkdocs") is None or find_spec("material") is None,
    reason="mkdocs and mkdocs-material are not installed (the dev extra has them: scripts/venv.sh, ensure_venv dev)",
)
def test_the_site_builds_strictly(tmp_path: Path) -> None:
    mkdocs = [sys.executable, "-m", "mkdocs", "build", "--strict", "--config-file", str(ROOT / "mkdocs.yml")]
    built = subprocess.run(
        [*mkdocs, "--site-dir", str(tmp_path / "site")],
        capture_output=True,
        text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        timeout=300,
        check=False,
    )
    assert built.returncode == 0, built.stderr[-4000:]
    assert (tmp_path / "site" / "players" / "commands" / "index.html").exists()
