"""The layout the developers' docs describe (docs/developers/packages.md), kept true: a package per feature; a kernel
that imports no feature but in the register; features that reach each other through their public names only; an
engine that stays pure; and nothing that reads rendered text back to learn what happened (an action returns what it
did, typed: design.md's habit 12)."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BOT = ROOT / "bot"
FEATURES = frozenset(
    {
        "play",
        "think",
        "versus",
        "duel",
        "race",
        "daily",
        "records",
        "settings",
        "language",
        "inline",
        "guide",
        "puzzles",
        "review",
        "achievements",
        "storm",
        "ranked",
        "league",
        "reminders",
    }
)
# The kernel's packages: what several features share (a package that is neither is a mistake of layout)
KERNEL_PACKAGES = frozenset({"boards", "chats", "cli", "games", "locales", "matches", "page", "parsing", "store"})
KERNEL_PACKAGES |= {"telegram_io"}
REGISTER = "bot.register"  # the one kernel module that names every feature
# Modules that cut text into lines, and what they read: a file or SQL, never what the bot renders
READ_AS_LINES = {
    "bot/cli/solve.py": "a file of games to solve",
    "bot/store/migrations.py": "a migration's SQL",
    "bot/store/db.py": "SQLite's query plan",
}
CUTS = frozenset({"split", "rsplit", "splitlines", "partition", "rpartition"})
RENDERERS = frozenset({"plain", "t", "lines"})  # what makes (or unmakes) the texts a player reads


def module_of(path: Path) -> str:
    """A file's module name: bot/puzzles/page.py is bot.puzzles.page, a package's __init__ the package."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def feature_of(module: str) -> str | None:
    """The feature a module belongs to (bot.<feature>...), or None for the kernel and everything outside bot."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[0] == "bot" and parts[1] in FEATURES else None


def sources(folder: Path) -> Iterator[Path]:
    yield from sorted(path for path in folder.rglob("*.py") if "__pycache__" not in path.parts)


@cache
def tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), str(path))


def imports(path: Path) -> Iterator[tuple[int, str]]:
    """Every module a file imports (TYPE_CHECKING's too), with its line: `from bot import daily` as bot.daily,
    `from bot.page import schema` as bot.page and bot.page.schema."""
    for node in ast.walk(tree(path)):
        if isinstance(node, ast.ImportFrom):
            assert node.level == 0, f"{path}:{node.lineno}: a relative import"
            assert node.module is not None
            yield node.lineno, node.module
            for alias in node.names:
                yield node.lineno, f"{node.module}.{alias.name}"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name


@cache
def public_names(feature: str) -> frozenset[str]:
    """What a feature's __init__ lists in __all__ (none when it lists nothing)."""
    for node in tree(BOT / feature / "__init__.py").body:
        if isinstance(node, ast.Assign) and any(getattr(target, "id", "") == "__all__" for target in node.targets):
            assert isinstance(node.value, ast.List | ast.Tuple)
            return frozenset(ast.literal_eval(item) for item in node.value.elts)
    return frozenset()


def rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def test_every_package_of_the_bot_is_a_feature_or_the_kernels():
    packages = {path.name for path in BOT.iterdir() if path.is_dir() and path.name != "__pycache__"}
    assert packages == FEATURES | KERNEL_PACKAGES
    for feature in FEATURES:
        assert (BOT / feature / "__init__.py").exists(), feature


def test_the_kernel_imports_no_feature_but_in_the_register():
    found = []
    for path in sources(BOT):
        module = module_of(path)
        if feature_of(module) is not None or module == REGISTER:
            continue
        found += [f"{rel(path)}:{line} imports {name}" for line, name in imports(path) if feature_of(name)]
    assert found == []


def test_a_feature_reaches_another_only_by_its_public_names():
    # `from bot import daily` and then daily.streak(...), where streak is in bot/daily/__init__.py's __all__;
    # never `from bot.daily.service import ...`, `import bot.daily`, nor a name daily does not export
    found = []
    for feature in sorted(FEATURES):
        for path in sources(BOT / feature):
            aliases: dict[str, str] = {}
            for node in ast.walk(tree(path)):
                if isinstance(node, ast.ImportFrom) and node.module == "bot":
                    aliases |= {a.asname or a.name: a.name for a in node.names if a.name in FEATURES - {feature}}
                elif isinstance(node, ast.ImportFrom) and node.module is not None:
                    other = feature_of(node.module)
                    if other not in (None, feature):
                        found.append(f"{rel(path)}:{node.lineno} from {node.module} import ...")
                elif isinstance(node, ast.Import):
                    found += [f"{rel(path)}:{node.lineno} import {a.name}" for a in node.names if feature_of(a.name)]
            for node in ast.walk(tree(path)):
                if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in aliases:
                    other = aliases[node.value.id]
                    if node.attr not in public_names(other):
                        found.append(f"{rel(path)}:{node.lineno} {other}.{node.attr} is not in its __all__")
    assert found == []


def test_the_engine_imports_no_bot_no_telegram_no_database():
    found = []
    for path in sources(ROOT / "engine"):
        for line, name in imports(path):
            if name.split(".")[0] in {"bot", "telegram", "aiosqlite", "aiohttp"}:
                found.append(f"{rel(path)}:{line} imports {name}")
    assert found == []


def test_nothing_cuts_rendered_text_apart_to_learn_what_it_says():
    found = []
    for path in sources(BOT):
        for node in ast.walk(tree(path)):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in CUTS):
                continue
            cut = node.func.value
            rendered = isinstance(cut, ast.Call) and getattr(cut.func, "id", getattr(cut.func, "attr", "")) in RENDERERS
            newline = node.func.attr == "splitlines" or (
                node.func.attr in {"split", "rsplit", "partition", "rpartition"}
                and bool(node.args)
                and isinstance(node.args[0], ast.Constant)
                and node.args[0].value == "\n"
            )
            if rendered or (newline and rel(path) not in READ_AS_LINES):
                found.append(f"{rel(path)}:{node.lineno} {ast.unparse(node)}")
    assert found == []


def test_the_pages_server_reads_no_chat_message():
    # what the chat renders (an outcome's replies, a reply's buttons) is for the chat: the page is drawn from the
    # Account's typed values (boards, screens), handed to the outbox whole when the chat is told
    found = []
    for path in sources(BOT / "page"):
        for node in ast.walk(tree(path)):
            if isinstance(node, ast.Attribute) and node.attr in {"replies", "buttons"}:
                found.append(f"{rel(path)}:{node.lineno} .{node.attr}")
    assert found == []


def test_the_inbox_marks_an_update_in_one_place_the_intakes():
    writers = []
    for path in sources(BOT):
        for node in ast.walk(tree(path)):
            if isinstance(node, ast.Attribute) and node.attr == "finish":
                owner = node.value
                if isinstance(owner, ast.Attribute) and owner.attr == "inbox":
                    writers.append(rel(path))
    assert writers == ["bot/telegram_io/intake.py"]
    intake = (BOT / "telegram_io" / "intake.py").read_text()
    assert intake.count("inbox.finish(") == 1  # in Intake._mark
