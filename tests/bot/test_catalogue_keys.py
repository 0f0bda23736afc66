"""Every message of the catalogues is used by the code, every key the code uses is in English and Russian, and the
committed catalogues are what `python -m bot.i18n update` makes of them.

Keys are read from the code's source: its string constants, its calls of t() and the keys it builds from parts
(f"invalid.{error.key}"). A built key is checked against the values its parts can take, from the code that gives
them (DYNAMIC below), so a message nothing can reach is found even under a built prefix."""

from __future__ import annotations

import ast
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.achievements.rules import Achievement
from bot.chats.settings import PRESET_CHOICES
from bot.i18n import LOCALES, po_path, read_catalogue, update_catalogues
from bot.parsing.scores import NUMBERS
from bot.parsing.variants import NAMED
from bot.play.milestones import MilestoneKind
from bot.records.asked import TopWord
from bot.records.rating import Family
from bot.records.stats import Period
from bot.register import GROUP_MENU, PRIVATE_MENU
from bot.review.service import HowEnded
from engine.variant import MAX_LENGTH

ROOT = Path(__file__).resolve().parents[2]
ENGLISH, RUSSIAN = read_catalogue(po_path("en")), read_catalogue(po_path("ru"))
NAMESPACES = {key.split(".")[0] for key in ENGLISH}
KEY_LIKE = re.compile(r"[a-z_]+(\.[a-z_0-9]+)+")
NOT_KEYS = re.compile(r".*\.(css|js|py|po|pot|mo)|bot\.[a-z_]+(\.[a-z_]+)?")  # files, modules


def sources(folder: str) -> Iterator[ast.AST]:
    for path in sorted((ROOT / folder).rglob("*.py")):
        yield ast.parse(path.read_text(encoding="utf-8"), str(path))


def raised_keys(exception: str) -> set[str]:
    """The keys the engine raises `exception` with (its second argument: InvalidCode("...", "repeated"))."""
    return {
        node.args[1].value
        for tree in sources("engine")
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == exception and len(node.args) > 1
        if isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, str)
    }


# Every key the code builds from parts, as its template ({} for a part) with the values the parts can take.
DYNAMIC: dict[str, set[tuple[str, ...]]] = {
    "answer.{}": {(key,) for key in raised_keys("InvalidAnswer")},
    "ach.{}": {(a.value,) for a in Achievement},  # bot/achievements/lines.py: each one's name and what earns it
    "ach.{}.how": {(a.value,) for a in Achievement},
    "app.progress.ratings.{}": {(f.value,) for f in Family},  # bot/records/page.py: the Stats tab's family note
    "invalid.{}": {(key,) for key in raised_keys("InvalidCode")},
    "contra.{}": {("impossible_answer",), ("repeated_guess",), ("conflict",)},  # engine.consistency's kinds
    "celebrate.{}": {(kind.value,) for kind in MilestoneKind},
    "cmd.{}": {(name,) for name in (*PRIVATE_MENU, *GROUP_MENU)},
    "inline.{}.title": {("race",), ("duel",)},  # bot/inline/results.py's invitations
    "inline.{}.description": {("race",), ("duel",)},
    "inline.{}.text": {("race",), ("duel",)},
    "inline.btn.{}": {("race",), ("duel",)},
    "join.{}": {("and",), ("or",), ("nor",)},  # bot/think/slips.py's joined()
    "hint.place.{}": {(str(place),) for place in range(1, MAX_LENGTH + 1)},  # a hint's place in the code
    "rating.family.{}": {(family.value,) for family in Family},
    "set.preset.{}": {(name,) for name in PRESET_CHOICES},
    "top.{}": {(period.value,) for period in Period},
    "top.btn.{}": {(period.value,) for period in Period} | {(family.value,) for family in Family},
    "words.number.{}": {(str(n),) for n in NUMBERS},
    "words.top.{}": {(word.value,) for word in TopWord},
    "words.variant.{}": {(name,) for name in NAMED},
    "{}.help": {("top",), ("stats",), ("rating",)},  # the scoreboard's "?" buttons
    # bot/review/screens.py: how a game not won ended, and whose win it was where another's (by the match's kind)
    "review.ended.{}": {(e.value,) for e in HowEnded if e not in (HowEnded.WON, HowEnded.LOST, HowEnded.OUTPLAYED)},
    "review.ended.{}.{}": {
        (e.value, kind) for e in (HowEnded.LOST, HowEnded.OUTPLAYED) for kind in ("race", "versus", "duel")
    },
}


def built_templates() -> set[str]:
    """The keys the code builds from parts, as templates: f"invalid.{error.key}" → 'invalid.{}'."""
    found = set()
    for tree in sources("bot"):
        for node in ast.walk(tree):
            if isinstance(node, ast.JoinedStr):
                template = "".join(part.value if isinstance(part, ast.Constant) else "{}" for part in node.values)
                key_like = re.fullmatch(r"[a-z_{}]+(\.[a-z_{}]+)+", template) and not NOT_KEYS.fullmatch(template)
                if key_like and (template.split(".")[0] in NAMESPACES or template.startswith("{}")):
                    found.add(template)
    return found


def constants() -> set[str]:
    return {
        node.value
        for tree in sources("bot")
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    }


def asked_of_t() -> set[str]:
    """The keys t() is called with as they are written: t("stale", language)."""
    return {
        node.args[0].value
        for tree in sources("bot")
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", None)) == "t"
        if node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)
    }


def built_keys() -> set[str]:
    return {template.format(*parts) for template, values in DYNAMIC.items() for parts in values}


def test_every_key_the_code_builds_is_listed_here_with_the_values_of_its_parts():
    assert built_templates() == set(DYNAMIC)
    assert all(DYNAMIC.values())


def test_every_message_is_used_by_the_code():
    used = constants() | built_keys()
    assert sorted(set(ENGLISH) - used) == []


@pytest.mark.parametrize(("language", "catalogue"), [("en", ENGLISH), ("ru", RUSSIAN)])
def test_every_key_the_code_uses_is_in_english_and_russian(language, catalogue):
    written = {c for c in constants() if KEY_LIKE.fullmatch(c) and c.split(".")[0] in NAMESPACES}
    wanted = {key for key in written | asked_of_t() | built_keys() if not NOT_KEYS.fullmatch(key)}
    assert sorted(wanted - set(catalogue)) == [], language


def test_the_committed_catalogues_are_what_an_update_makes_of_them(tmp_path):
    copy = tmp_path / "locales"
    shutil.copytree(LOCALES, copy, ignore=shutil.ignore_patterns("*.mo"))
    for path in update_catalogues(copy):
        committed = LOCALES / path.relative_to(copy)
        assert path.read_bytes() == committed.read_bytes(), f"run python -m bot.i18n update: {committed.name}"
