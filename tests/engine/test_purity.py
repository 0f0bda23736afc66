"""The engine is pure: it imports no Telegram, no database, no asyncio and no I/O helpers."""

import ast
from pathlib import Path

FORBIDDEN = {"telegram", "aiosqlite", "sqlite3", "asyncio", "bot", "requests", "httpx", "socket"}


def test_engine_imports_nothing_impure() -> None:
    root = Path(__file__).resolve().parents[2] / "engine"
    for path in root.rglob("*.py"):
        tree = ast.parse(path.read_text(), filename=str(path))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            for name in names:
                assert name.split(".")[0] not in FORBIDDEN, f"{path.name} imports {name}"
