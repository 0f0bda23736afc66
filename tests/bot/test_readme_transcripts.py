"""The transcripts of the README and of the players' pages (docs/) stay true: each is played through the console (the
same Core as Telegram), on a fresh database, with the seed, language, clock and daily key its marker names, and what
the console prints is compared with what the page shows.

A transcript is a code block right after a marker, `<!-- transcript: seed 3, language ru, at 2026-11-25 11:25, daily
key K -->` (every part optional). In it, `> TEXT` is what the player types; a comment after it, two spaces on, is
ignored, except `(then A, B: …)` (`(затем A, B)`), more lines typed after it whose replies are not shown. The lines
under an input are what the console prints for it (for the last of its `then`s), blank lines aside; `…` alone on a
line stands for any lines, and a buttons line that starts with `...` for the buttons before the ones it shows.
"""

from __future__ import annotations

import io
import re
import textwrap
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.chats import languages
from bot.console import CONSOLE_CHAT, Console, console_who
from bot.warm import warm_up
from tests.bot.fakes import Clock, runtime_on

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]  # the README and every page of the site
MARKER = re.compile(r"<!-- transcript:(?P<options>[^>]*)-->\n(?P<indent> *)```\n(?P<body>.*?)\n(?P=indent)```", re.S)
BLOCK = re.compile(r"^(?P<indent> *)```[a-z]*\n(?P<body>.*?)\n(?P=indent)```", re.S | re.M)
THEN = re.compile(r"\((?:then|затем) (?P<more>[^:)]*)")
ANY = "…"


@dataclass
class Step:
    """What the player types (one line, and the `then`s after it) and the lines its page shows for it."""

    typed: list[str]
    shown: list[str] = field(default_factory=list)


@dataclass
class Transcript:
    """A transcript of a page: how to replay it, and its steps."""

    line: int  # where it starts in its page, for the failure's message
    page: str = "README.md"  # the page, from the top of the checkout
    seed: int = 1
    language: str | None = None
    at: datetime = datetime(2026, 11, 25, 11, 25, tzinfo=UTC)
    daily_key: str | None = None
    steps: list[Step] = field(default_factory=list)


def transcripts(text: str, page: str = "README.md") -> list[Transcript]:
    """Every marked transcript of a page, parsed."""
    found = []
    for marked in MARKER.finditer(text):
        transcript = Transcript(text[: marked.start()].count("\n") + 1, page)
        for option in filter(None, (part.strip() for part in marked["options"].split(","))):
            name, _, value = option.rpartition(" ")
            if option.startswith("at "):  # a date and a time: two words
                transcript.at = datetime.fromisoformat(option.removeprefix("at ")).replace(tzinfo=UTC)
            elif name == "seed":
                transcript.seed = int(value)
            elif name == "language":
                transcript.language = value
            elif name == "daily key":
                transcript.daily_key = value
            else:
                raise AssertionError(f"{page} line {transcript.line}: unknown transcript option {option!r}")
        transcript.steps = steps(textwrap.dedent(marked["body"]).split("\n"), transcript.line, page)
        found.append(transcript)
    return found


def steps(lines: list[str], start: int, page: str = "README.md") -> list[Step]:
    """A transcript's lines as steps: each input with the lines shown under it."""
    found: list[Step] = []
    for number, line in enumerate(lines, start=start + 1):
        if line.startswith("> "):
            body = line[2:]
            comment = re.search(r" {2,}(\(.*)$", body)
            typed = body[: comment.start()] if comment else body
            then = THEN.match(comment[1]) if comment else None
            more = [part.strip() for part in then["more"].split(",")] if then else []
            found.append(Step([typed.strip(), *more]))
        elif not found:
            assert not line.strip(), f"{page} line {number}: a transcript begins with what the player types"
        elif line.strip():
            found[-1].shown.append(line.rstrip())
    return found


def matches(shown: list[str], printed: list[str]) -> bool:
    """Whether the console's lines are what the page shows (`…` any lines, `  ... [n] x` the last buttons)."""
    if not shown:
        return not printed
    head, rest = shown[0], shown[1:]
    if head.strip() == ANY:
        return any(matches(rest, printed[i:]) for i in range(len(printed) + 1))
    if not printed:
        return False
    if head.lstrip().startswith("... "):  # the buttons before these, on this line and the lines above
        end = head.lstrip()[4:]
        for i, line in enumerate(printed):
            if not line.startswith("  ["):
                return False
            if line.endswith(end) and matches(rest, printed[i + 1 :]):
                return True
        return False
    return printed[0] == head and matches(rest, printed[1:])


async def replayed(transcript: Transcript, database: Path) -> list[tuple[Step, list[str]]]:
    """Each step of the transcript with the lines the console printed for it (blank lines left out)."""
    # Warmed up as `bullscows run` is at start-up: on a cold process the first game's secret is drawn twice (its code
    # table is built as engine work, the update runs again and draws again), so a seed would name another secret for
    # whichever transcript a worker happened to replay first.
    warm_up()
    out = io.StringIO()
    played = []
    async with runtime_on(database, transcript.seed, Clock(transcript.at), transcript.daily_key) as runtime:
        if transcript.language:  # as `bullscows console --language ru` does
            await languages.choose(runtime.core.deps, CONSOLE_CHAT, transcript.language)
        who = console_who()
        console = Console(runtime.core, who, out)
        console.show(await runtime.core.on_command(who, "start"))  # the console's first screen
        for step in transcript.steps:
            for typed in step.typed:
                start = len(out.getvalue())
                await console.handle(typed)
            # a no-break space (a number kept with its unit) reads as a space on the page
            said = out.getvalue()[start:].replace("\u00a0", " ")
            printed = [line.rstrip() for line in said.split("\n") if line.strip()]
            played.append((step, printed))
    return played


def page_name(page: Path) -> str:
    return page.relative_to(ROOT).as_posix()


TRANSCRIPTS = [found for page in PAGES for found in transcripts(page.read_text(encoding="utf-8"), page_name(page))]


@pytest.mark.parametrize("page", PAGES, ids=page_name)
def test_every_transcript_of_a_page_is_marked_to_be_checked(page):
    text = page.read_text(encoding="utf-8")
    marked = {m.start("indent") for m in MARKER.finditer(text)}
    for block in BLOCK.finditer(text):
        if any(line.lstrip().startswith("> ") for line in block["body"].split("\n")):
            where = f"{page_name(page)} line {text[: block.start()].count(chr(10)) + 1}"
            assert block.start() in marked, f"{where}: no marker"


def test_the_players_pages_show_the_transcripts():
    players = [t for t in TRANSCRIPTS if t.page.startswith("docs/players/")]
    assert len(players) >= 8
    assert {"docs/players/play.md", "docs/players/think.md", "docs/players/languages.md"} <= {t.page for t in players}


@pytest.mark.parametrize("transcript", TRANSCRIPTS, ids=lambda t: f"{t.page}:{t.line}")
async def test_a_transcript_is_what_the_console_prints(transcript, tmp_path):
    for step, printed in await replayed(transcript, tmp_path / "db.sqlite3"):
        assert matches(step.shown, printed), (
            f"{transcript.page} line {transcript.line}, after {step.typed}:\n--- the page shows\n"
            + "\n".join(step.shown)
            + "\n--- the console prints\n"
            + "\n".join(printed)
        )


def test_the_matcher_knows_its_elisions():
    printed = ["a", "b", "  [1] x  [2] y", "  [3] z"]
    assert matches(["a", ANY, "  ... [3] z"], printed)
    assert matches(["a", "b", "  ... [3] z"], printed)
    assert matches(["a", "b", "  ... [2] y", "  [3] z"], printed)
    assert matches([ANY], printed)
    assert not matches(["a", "  ... [3] z"], printed)
    assert not matches(["a", "b", "  ... [1] x"], printed)
    assert not matches(["a", "b", "  [1] x  [2] y"], printed)
