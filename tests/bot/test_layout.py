"""The layout the README describes, kept true: features (and the Mini App's API) call services only, and the engine
stays pure."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FEATURES = sorted((ROOT / "bot" / "features").glob("*.py"))
MINI_APP = sorted((ROOT / "bot" / "webapp").glob("*.py"))  # the second surface: the same rule as the chat's features
REPOSITORIES = {"settings", "games", "matches", "stats", "ratings", "webapp", "store", "inbox", "outbox"}


def imports(path: Path) -> set[str]:
    """The modules a file imports."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def test_features_and_the_mini_app_read_and_write_through_services_never_a_repository():
    for path in FEATURES + MINI_APP:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Attribute) and node.attr in REPOSITORIES:
                owner = node.value
                named = owner.attr if isinstance(owner, ast.Attribute) else getattr(owner, "id", "")
                assert named != "deps", f"{path.name}:{node.lineno} reads deps.{node.attr}"


def test_features_import_no_storage_no_transport_and_no_other_feature():
    for path in FEATURES:
        for module in imports(path):
            assert not module.startswith(("bot.store", "bot.telegram_io", "bot.page", "aiosqlite", "telegram")), (
                path.name,
                module,
            )
            assert not module.startswith("bot.features"), (path.name, module)


def test_the_inbox_marks_an_update_in_one_place_the_intakes():
    writers = []
    for path in sorted((ROOT / "bot").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Attribute) and node.attr == "finish":
                owner = node.value
                if isinstance(owner, ast.Attribute) and owner.attr == "inbox":
                    writers.append(path.relative_to(ROOT).as_posix())
    assert writers == ["bot/telegram_io/intake.py"]
    intake = (ROOT / "bot" / "telegram_io" / "intake.py").read_text()
    assert intake.count("inbox.finish(") == 1  # in Intake._mark


# What the Mini App may import of the bot: the Core, services and views, and the plain values they speak in (models,
# replies, texts, callback data, the shared flood guard); never storage, Telegram's transport, features or routing.
MINI_APP_REACHES = (
    "bot.core",
    "bot.engine_work",
    "bot.services",
    "bot.views",
    "bot.models",
    "bot.replies",
    "bot.texts",
    "bot.callback_data",
    "bot.flood",
    "bot.page",
)


def modules_of(path: Path) -> set[str]:
    """The modules a file imports, `from bot import x` counted as bot.x."""
    found = imports(path) - {"bot"}
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module == "bot":
            found.update(f"bot.{alias.name}" for alias in node.names)
    return found


def test_the_mini_app_reaches_services_views_and_the_core_only():
    for path in MINI_APP:
        for module in modules_of(path):
            if module.startswith("bot."):
                assert module.startswith(MINI_APP_REACHES), (path.name, module)
            assert not module.startswith(("aiosqlite", "telegram")), (path.name, module)


def test_no_module_of_the_mini_app_reads_rendered_chat_text():
    # what the chat renders (a reply's text and buttons, an outcome's replies) is for the chat alone: the page is
    # drawn from boards, accounts and views' values, never by cutting a message apart
    for path in MINI_APP:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Attribute):
                assert node.attr not in {"replies", "text", "buttons", "splitlines"}, f"{path.name}:{node.lineno}"
