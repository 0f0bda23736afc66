# Shared by scripts/run and scripts/test: make .venv and install the project into it once, again only when
# pyproject.toml, setup.py, the lock files or the C code (the engine's kernels, the solver's core) change. Every
# dependency comes from a lock file in requirements/ (exact versions and their hashes), so two machines get the
# same packages.
ensure_venv() {
  local extra="${1:-}" lock="requirements/runtime.txt" stamp
  [ -n "$extra" ] && lock="requirements/$extra.txt"
  if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
  fi
  # the C kernels and the solver's C core are compiled at install: a change to either installs again
  stamp=".venv/.installed-$(cat pyproject.toml setup.py engine/kernels/native.c engine/optimal/core.c "$lock" | sha1sum | cut -c1-12)-${extra:-base}"
  if [ ! -f "$stamp" ]; then
    .venv/bin/python -m pip install --quiet --upgrade pip
    .venv/bin/python -m pip install --quiet --require-hashes -r "$lock"
    # setuptools warns about every editable install ("be careful with folders..."): not the operator's concern
    PYTHONWARNINGS="ignore::UserWarning" .venv/bin/python -m pip install --quiet --no-deps -e .
    # both C parts are optional at install (the bot plays without them): say so when one did not build
    if ! .venv/bin/python -c "import engine.kernels.native" 2>/dev/null ||
      [ -n "$(find engine/kernels -name 'native*.so' ! -newer engine/kernels/native.c)" ]; then
      echo "warning: the engine's C kernels did not build (needs gcc and the Python headers); numpy plays instead, more slowly" >&2
    fi
    # the solver's C core is optional at install (the bot plays without it): say so when it did not build
    if ! .venv/bin/python -c "import engine.optimal.core" 2>/dev/null ||
      [ -n "$(find engine/optimal -name 'core*.so' ! -newer engine/optimal/core.c)" ]; then
      echo "warning: the optimal solver's C core did not build (needs gcc and the Python headers); only 'bullscows solve' needs it" >&2
    fi
    rm -f .venv/.installed-*
    touch "$stamp"
  fi
}
