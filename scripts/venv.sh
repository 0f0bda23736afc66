# Shared by scripts/run and scripts/test: make .venv and install the project into it once,
# again only when pyproject.toml, setup.py or the solver's C core change.
ensure_venv() {
  local extra="${1:-}" spec="." stamp
  [ -n "$extra" ] && spec=".[$extra]"
  if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
  fi
  # the solver's C core is compiled at install: a change to it (or a lost build) installs again
  stamp=".venv/.installed-$(cat pyproject.toml setup.py engine/optimal/kernel.c | sha1sum | cut -c1-12)-${extra:-base}"
  if [ ! -f "$stamp" ] || ! compgen -G "engine/optimal/kernel*.so" >/dev/null; then
    .venv/bin/python -m pip install --quiet --upgrade pip
    .venv/bin/python -m pip install --quiet -e "$spec"
    touch "$stamp"
  fi
}
