"""What a schema library costs the bot at rest: msgspec against pydantic, for the Mini App's JSON (issue 33).

    .venv/bin/python bench/schema_bench.py [--runs 9] [--msgspec DIR] [--pydantic DIR]

Each run is a fresh process that imports the library (from DIR when given, e.g. a `pip install --target DIR`), defines
a schema the size and shape of the page's (bot/page/schema.py: 30 structs, nested, optional and list fields, enums
as literals), then encodes one state and decodes one move, as the first request would. It reports how long the
import, the definitions and the first use took (in the process, perf_counter) and what the process holds after
them (VmRSS) and at most (VmHWM), less a process that did the same without the library (the baseline). Two
settings: a bare interpreter, and one that has imported the bot first (its features, aiohttp and python-telegram-bot
loaded, as in the bot; not the page's server, which imports msgspec itself). The runs are interleaved (baseline,
msgspec, pydantic, again), the medians printed side by side with the machine's load average before and after.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

# The page's JSON, library-neutral: (struct, [(field, type)]) with types as Python source, leaves first.
# fmt: off
SHAPES: list[tuple[str, list[tuple[str, str]]]] = [
    ("Variant", [("name", "str"), ("length", "int"), ("symbols", "int"), ("repeats", "bool"),
                 ("leading_zero", "bool"), ("text", "str")]),
    ("Turn", [("guess", "str"), ("bulls", "int"), ("cows", "int")]),
    ("Choice", [("label", "str"), ("data", "str")]),
    ("Asking", [("pending", "Optional[str]"), ("lines", "List[str]"), ("buttons", "List[List[Choice]]"),
                ("reveal", "bool")]),
    ("Ending", [("text", "str"), ("secret", "Optional[str]")]),
    ("Game", [("id", "int"), ("revision", "int"), ("mode", "Literal['referee', 'guesser']"), ("status", "str"),
              ("active", "bool"), ("daily", "bool"), ("variant", "Variant"), ("hard", "bool"),
              ("limit", "Optional[int]"), ("turns", "List[Turn]"), ("scores", "List[str]"), ("hints", "Optional[str]"),
              ("possible", "bool"),
              ("notes", "Optional[str]"), ("ending", "Optional[Ending]"), ("board", "Optional[Asking]")]),
    ("SideRow", [("guess", "str"), ("bulls", "int"), ("cows", "int"), ("score", "str")]),
    ("VersusBoard", [("match", "int"), ("revision", "int"), ("title", "str"), ("yours", "List[SideRow]"),
                     ("mine", "List[SideRow]"), ("pending", "Optional[str]"), ("lines", "List[str]"),
                     ("ending", "Optional[List[str]]"), ("buttons", "List[List[Choice]]")]),
    ("Match", [("id", "int"), ("revision", "int"), ("active", "bool"), ("status", "str"), ("variant", "Variant"),
               ("guessing", "bool"), ("title", "str"), ("yours", "List[SideRow]"), ("mine", "List[SideRow]"),
               ("pending", "Optional[str]"), ("lines", "List[str]"), ("ending", "Optional[List[str]]"),
               ("buttons", "List[List[Choice]]")]),
    ("State", [("key", "str"), ("game", "Optional[Game]"), ("match", "Optional[Match]"), ("busy", "Optional[str]")]),
    ("Session", [("language", "str"), ("texts", "Dict[str, str]"), ("pass_", "str"), ("key", "str"),
                 ("game", "Optional[Game]"), ("match", "Optional[Match]"), ("busy", "Optional[str]")]),
    ("MoveAnswer", [("changed", "bool"), ("notice", "Optional[str]"), ("choices", "List[Choice]"),
                    ("board", "Optional[Asking]"), ("match_board", "Optional[VersusBoard]"), ("repeated", "bool"),
                    ("key", "str"), ("game", "Optional[Game]"), ("match", "Optional[Match]"),
                    ("busy", "Optional[str]")]),
    ("CoachMove", [("n", "int"), ("guess", "str"), ("bits", "float"), ("lines", "List[str]")]),
    ("Coach", [("title", "str"), ("moves", "List[CoachMove]"), ("needed", "Optional[str]")]),
    ("WeighedCode", [("code", "str"), ("bits", "float")]),
    ("Possibilities", [("hidden", "bool"), ("coach", "Optional[Coach]"), ("revision", "int"), ("count", "int"),
                       ("count_text", "str"), ("bits", "float"), ("bits_text", "str"), ("page", "int"),
                       ("pages", "int"), ("page_text", "str"), ("codes", "List[WeighedCode]")]),
    ("Stats", [("title", "str"), ("lines", "List[str]")]),
    ("Award", [("name", "str"), ("held", "bool"), ("how", "str"), ("rarity", "str")]),
    ("Shelf", [("title", "str"), ("items", "List[Award]")]),
    ("Daily", [("title", "str"), ("status", "Literal['none', 'running', 'done']"), ("share", "Optional[str]"),
               ("share_query", "str"), ("next", "str"), ("streak", "Optional[str]"), ("stats", "Stats"),
               ("achievements", "Shelf")]),
    ("ReviewRow", [("number", "int"), ("guess", "str"), ("bulls", "int"), ("cows", "int"), ("before", "int"),
                   ("after", "int"), ("bits", "Optional[float]"), ("label", "str"), ("label_text", "str"),
                   ("loss", "float"), ("exact", "bool"), ("best", "Optional[str]"), ("turning", "bool")]),
    ("ReviewVariant", [("length", "int"), ("symbols", "int"), ("repeats", "bool")]),
    ("Review", [("status", "str"), ("title", "str"), ("variant", "ReviewVariant"), ("rows", "List[ReviewRow]"),
                ("accuracy", "float"), ("exact", "bool"), ("coach", "List[str]"), ("legend", "str"),
                ("texts", "Dict[str, str]"), ("achieved", "List[str]")]),
    ("BestGuess", [("guess", "str"), ("worst", "int"), ("text", "str")]),
    ("Position", [("status", "str"), ("number", "int"), ("title", "str"), ("count", "int"), ("codes", "List[str]"),
                  ("page", "int"), ("pages", "int"), ("page_text", "str"), ("least", "float"),
                  ("least_text", "str"), ("exact", "bool"), ("best", "List[BestGuess]")]),
    ("Clue", [("number", "int"), ("guess", "str"), ("bulls", "int"), ("cows", "int"), ("broken", "bool"),
              ("would", "Optional[List[int]]")]),
    ("PuzzleScreen", [("kind", "Literal['daily', 'ladder']"), ("key", "str"), ("variant", "str"),
                      ("title", "List[str]"), ("clues", "List[Clue]"), ("prompt", "List[str]"),
                      ("verdict", "List[str]"), ("notices", "List[str]"), ("ending", "List[str]"), ("over", "bool"),
                      ("solved", "bool"), ("solution", "Optional[str]"), ("tries", "int"),
                      ("rating", "Optional[int]"), ("puzzle_rating", "Optional[int]"), ("share", "Optional[str]")]),
    ("PuzzleTab", [("board", "Optional[PuzzleScreen]"), ("refused", "Optional[str]"), ("texts", "Dict[str, str]"),
                   ("achieved", "List[str]")]),
    ("MoveRequest", [("key", "str"), ("kind", "Literal['guess', 'hint', 'giveup', 'press', 'new']"),
                     ("game", "Optional[int]"), ("revision", "Optional[int]"), ("match", "Optional[int]"),
                     ("code", "str"), ("data", "str"), ("mode", "str")]),
    ("PuzzleRequest", [("do", "Literal['show', 'daily', 'next', 'answer', 'give_up', 'board']"),
                       ("kind", "Optional[str]"), ("key", "Optional[str]"), ("code", "Optional[str]")]),
]
# fmt: on

# What each library's process runs: import, define SHAPES, then one encode and one decode (the first request's work).
DEFINE = {
    "msgspec": """
import msgspec
def make(name, fields):
    return msgspec.defstruct(name, [(f, eval(t, space), None) for f, t in fields], rename="camel", kw_only=True)
def first_use(types):
    state = types["State"](key="g1.1-m-", game=None, match=None, busy=None)
    msgspec.json.encode(state)
    msgspec.json.decode(b'{"key": "key-123456", "kind": "guess", "game": 1}', type=types["MoveRequest"])
""",
    "pydantic": """
import pydantic
from pydantic.alias_generators import to_camel
def make(name, fields):
    config = pydantic.ConfigDict(alias_generator=to_camel, populate_by_name=True)
    return pydantic.create_model(name, __config__=config, **{f: (eval(t, space), None) for f, t in fields})
def first_use(types):
    state = types["State"](key="g1.1-m-", game=None, match=None, busy=None)
    state.model_dump_json(by_alias=True)
    types["MoveRequest"].model_validate_json(b'{"key": "key-123456", "kind": "guess", "game": 1}')
""",
    "baseline": """
def make(name, fields):
    return None
def first_use(types):
    pass
""",
}

RUN = """
import json, sys, time
{before}
t0 = time.perf_counter()
{define}
t1 = time.perf_counter()
from typing import Dict, List, Literal, Optional
space = {{"Dict": Dict, "List": List, "Literal": Literal, "Optional": Optional}}
types = {{}}
for name, fields in json.loads(sys.argv[1]):
    types[name] = space[name] = make(name, fields)
t2 = time.perf_counter()
first_use(types)
t3 = time.perf_counter()
assert "{library}" == "baseline" or "{other}" not in sys.modules, "the setting loaded the other library"
memory = {{}}
for line in open("/proc/self/status"):
    key, _, value = line.partition(":")
    if key in ("VmRSS", "VmHWM"):
        memory[key] = int(value.split()[0]) / 1024
print(json.dumps({{"import_ms": (t1 - t0) * 1000, "define_ms": (t2 - t1) * 1000, "first_ms": (t3 - t2) * 1000,
                  **memory}}))
"""
# the bot's own modules and dependencies, its features among them, short of the page's server (which loads msgspec)
BEFORE = {"bare": "", "bot": "import aiohttp.web, bot.register"}
FIGURES = ("import_ms", "define_ms", "first_ms", "VmRSS", "VmHWM")


def one_run(library: str, setting: str, paths: dict[str, str]) -> dict[str, float]:
    """One fresh process: its timings (ms) and memory (MB)."""
    other = "pydantic" if library == "msgspec" else "msgspec"
    code = RUN.format(before=BEFORE[setting], define=DEFINE[library], library=library, other=other)
    env = dict(os.environ)
    extra = [paths[library]] if paths.get(library) else []
    env["PYTHONPATH"] = os.pathsep.join([*extra, str(Path(__file__).resolve().parent.parent)])
    done = subprocess.run(
        [sys.executable, "-c", code, json.dumps(SHAPES)], env=env, capture_output=True, text=True, check=True
    )
    return dict(json.loads(done.stdout))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--msgspec", default="", help="a folder msgspec is installed in (pip install --target)")
    parser.add_argument("--pydantic", default="", help="a folder pydantic is installed in (pip install --target)")
    args = parser.parse_args()
    paths = {"msgspec": args.msgspec, "pydantic": args.pydantic}
    libraries = ("baseline", "msgspec", "pydantic")
    print(f"load average before: {os.getloadavg()[0]:.2f}; {args.runs} runs each, interleaved; {len(SHAPES)} structs")
    for setting in BEFORE:
        runs: dict[str, list[dict[str, float]]] = {library: [] for library in libraries}
        for _ in range(args.runs):
            for library in libraries:
                runs[library].append(one_run(library, setting, paths))
        medians = {lib: {f: statistics.median(r[f] for r in runs[lib]) for f in FIGURES} for lib in libraries}
        base = medians["baseline"]
        held = f"{base['VmRSS']:.1f} MB VmRSS, {base['VmHWM']:.1f} HWM"
        print(f"\n{setting}: medians (memory less the baseline's {held})")
        print(f"{'library':<10}{'import ms':>11}{'define ms':>11}{'first ms':>10}{'total ms':>10}{'+RSS MB':>9}"
              f"{'+HWM MB':>9}")  # fmt: skip
        for library in ("msgspec", "pydantic"):
            m = medians[library]
            total = m["import_ms"] + m["define_ms"] + m["first_ms"]
            rss, hwm = m["VmRSS"] - base["VmRSS"], m["VmHWM"] - base["VmHWM"]
            print(f"{library:<10}{m['import_ms']:>11.1f}{m['define_ms']:>11.1f}{m['first_ms']:>10.1f}{total:>10.1f}"
                  f"{rss:>9.1f}{hwm:>9.1f}")  # fmt: skip
    print(f"\nload average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
