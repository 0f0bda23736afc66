"""The one compiled extension: the optimal solver's core (engine/optimal/kernel.c). Everything else
about the package is in pyproject.toml; this needs a C compiler and the Python headers."""

from setuptools import Extension, setup

# -march=native: the extension is built on the machine that runs it (pip install -e .), and the
# solver's tally vectorises with that CPU's popcount; -O3 for the loops over guesses
setup(
    ext_modules=[
        Extension(
            "engine.optimal.kernel",
            sources=["engine/optimal/kernel.c"],
            extra_compile_args=["-O3", "-march=native", "-std=c11"],
            optional=True,  # without a compiler the bot still installs and plays; only `bullscows solve` needs it
        )
    ]
)
