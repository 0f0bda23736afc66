# Shared by scripts/run and scripts/test: make .venv and install the project into it once,
# again only when pyproject.toml changes.
ensure_venv() {
  local extra="${1:-}" spec="." stamp
  [ -n "$extra" ] && spec=".[$extra]"
  if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
  fi
  stamp=".venv/.installed-$(sha1sum pyproject.toml | cut -c1-12)-${extra:-base}"
  if [ ! -f "$stamp" ]; then
    .venv/bin/python -m pip install --quiet --upgrade pip
    .venv/bin/python -m pip install --quiet -e "$spec"
    touch "$stamp"
  fi
}
