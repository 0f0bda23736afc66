"""The page's JavaScript is type-checked against the server's schema: webcheck/schema.js is what the schema writes
(`python -m bot.page.schema --jsdoc`), every script asks to be checked, TypeScript's tsc finds no error, and the
browser is sent the scripts without their JSDoc."""

import shutil
import subprocess
from pathlib import Path

import pytest

from bot.page import files, jsdoc

ROOT = Path(__file__).resolve().parents[2]
WEBCHECK = ROOT / "webcheck"
STATIC = ROOT / "bot" / "page" / "static"


def test_the_checked_in_jsdoc_is_what_the_schema_writes():
    assert (WEBCHECK / "schema.js").read_text() == jsdoc.typedefs(), (
        "webcheck/schema.js is stale: python -m bot.page.schema --jsdoc > webcheck/schema.js"
    )


def test_every_script_of_the_page_is_type_checked():
    scripts = sorted(path.name for path in STATIC.glob("*.js"))
    checked = (WEBCHECK / "tsconfig.json").read_text()
    for name in scripts:
        assert "// @ts-check" in (STATIC / name).read_text(), name
        assert f'"../bot/page/static/{name}"' in checked, name


def node_tools() -> Path:
    """webcheck's tsc, installed from its lock file if it is not yet (as scripts/test does); skips without npm."""
    if shutil.which("node") is None or shutil.which("npm") is None:
        pytest.skip("type-checking the page's scripts needs Node.js and npm (e.g. apt-get install nodejs npm)")
    tsc = WEBCHECK / "node_modules" / ".bin" / "tsc"
    if not tsc.exists():
        subprocess.run(
            ["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=WEBCHECK, check=True, timeout=300
        )
    return tsc


def test_the_pages_scripts_type_check_against_the_schema():
    tsc = node_tools()
    done = subprocess.run([str(tsc), "--noEmit", "-p", str(WEBCHECK)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_browser_gets_the_scripts_without_their_types_and_they_still_parse(tmp_path):
    node = shutil.which("node")
    for name, file in files.page_files().items():
        if not name.endswith(".js"):
            continue
        assert b"/**" not in file.body, name
        assert b"@type" not in file.body, name
        assert b"@param" not in file.body, name
        if node is not None:
            (tmp_path / name).write_bytes(file.body)
            done = subprocess.run([node, "--check", str(tmp_path / name)], capture_output=True, text=True)
            assert done.returncode == 0, done.stderr
