"""The package's files and its compiled extensions: the engine's play-time kernels (engine/kernels/native.c) and the
optimal solver's core (engine/optimal/core.c); the rest of the metadata is in pyproject.toml. The extensions need
a C compiler and the Python headers, and both are optional: without them the kernels run in numpy, game reviews
estimate what their tables do not reach, and `bullscows solve` is missing."""

import os
import platform

from setuptools import Extension, find_packages, setup


def march() -> list[str]:
    """The CPU the extensions are tuned for: this machine's by default (an editable install runs where it is built);
    BULLSCOWS_MARCH=portable for a wheel or an image that runs elsewhere (x86-64-v2 keeps POPCNT and SSE4.2, which
    the tallies lean on; other architectures get their baseline), or any value gcc's -march takes."""
    wanted = os.environ.get("BULLSCOWS_MARCH", "native")
    if wanted != "portable":
        return [f"-march={wanted}"]
    return ["-march=x86-64-v2"] if platform.machine() in ("x86_64", "AMD64") else []


setup(
    # migrations/ stays at the top of the checkout, and ships inside the package as bot.migrations: the code finds
    # it through importlib.resources in a wheel, an sdist's build and an editable install alike
    packages=[*find_packages(include=["engine*", "bot*"]), "bot.migrations"],
    package_dir={"bot.migrations": "migrations"},
    package_data={
        "engine": ["data/*"],
        "bot": ["locales/*.pot", "locales/*/LC_MESSAGES/*.po"],
        "bot.page": ["static/*.html", "static/*.js", "static/*.css"],
        "bot.migrations": ["*.sql"],
    },
    ext_modules=[
        Extension(
            "engine.kernels.native",
            sources=["engine/kernels/native.c"],
            # as the solver's core; -ffp-contract=off: no fused multiply-adds, so the split measures round exactly as
            # numpy's (the kernels promise the same bits); -funroll-loops: the histogram loops overlap their loads
            extra_compile_args=["-O3", *march(), "-std=c11", "-ffp-contract=off", "-funroll-loops"],
            optional=True,  # without a compiler the same kernels run in numpy (engine/kernels/fallback.py)
        ),
        Extension(
            "engine.optimal.core",
            sources=["engine/optimal/core.c"],
            # the solver's tally vectorises with the CPU's popcount (see march()); -O3 for the loops over guesses
            extra_compile_args=["-O3", *march(), "-std=c11"],
            optional=True,  # without a compiler the bot still installs and plays; only `bullscows solve` needs it
        ),
    ],
)
