"""Run once in the image's final stage (the Dockerfile), as root: imports every module of the bot and the engine,
every module their code names in an import (those a function imports when it first runs included), and what the
bot loads only once it serves, so that Python writes the .pyc of each module the bot imports (its own, its
dependencies', the standard library's) beside the sources, where the bot's user could not write them; and compiles
the translations to .mo beside their .po. The image keeps no other .pyc (the build stage installs with
pip --no-compile and the base made by scripts/container-test has none), and a start of the bot compiles nothing:
it polls in less than half the time it takes without them (docs/operators/figures.md).

    python3 scripts/precompile.py

Prints how many modules it imported and which kernels the engine plays with. Fails when a module of the bot or the
engine cannot be imported, or when Babel has no data for a catalogue's language (the build stage keeps only those).
"""

from __future__ import annotations

import ast
import contextlib
import importlib
import pkgutil
import sys
from pathlib import Path

# imported only once the bot serves: the Telegram client's HTTP transport (httpx loads it on its first request),
# and the codec urllib encodes a host name with (`bullscows health`, every 30 s)
SERVING = ("httpcore", "h11", "certifi", "anyio._backends._asyncio", "encodings.idna")


def named_in_imports(source: Path) -> set[str]:
    """The absolute module names the file's import statements name, at any depth (`from a import b` names a and
    a.b, which may be a module); names under TYPE_CHECKING too, which need not import."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(source.read_bytes())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def main() -> int:
    import babel.localedata

    import bot
    import engine

    named: set[str] = set(SERVING)
    for package in (bot, engine):
        for found in pkgutil.walk_packages(package.__path__, f"{package.__name__}."):
            if found.name.endswith(".__main__"):  # a command's entry point: importing it runs the command
                continue
            module = importlib.import_module(found.name)
            if module.__file__ and module.__file__.endswith(".py"):
                named |= named_in_imports(Path(module.__file__))
    for name in sorted(named):
        # ImportError: a name imported from a module, not a module; or a module for the type checker only
        with contextlib.suppress(ImportError):
            importlib.import_module(name)

    from bot.i18n import CATALOGUES
    from bot.texts import date_text, decimal_text
    from bot.warm import warm_up

    kernels = warm_up()  # the engine's tables and trees, numpy.random
    for language in CATALOGUES.languages:
        if not babel.localedata.exists(language):
            print(f"precompile: Babel has no data for the catalogue language {language!r}", file=sys.stderr)
            return 1
        CATALOGUES.translation(language)  # writes the .mo
        date_text("2026-11-25", language)  # Babel's dates
        decimal_text(2.5, 1, language)  # and numbers
    print(f"precompiled the {len(sys.modules)} modules the bot imports; the engine's kernels: {kernels}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
