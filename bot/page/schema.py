"""The Mini App's JSON, typed once: every body the API takes and every answer it gives, as msgspec structs.

The page's faces (bot/boards/page.py, the features' page.py) build these structs, the server encodes them with one
encoder (`encode`), and every body that comes in is decoded through them (`decode`): the types, sizes and ranges
checked here, and the few checks that look at two fields at once in `__post_init__`; anything else is `BadBody`,
which the server answers with 400 and one log line. Field names are snake_case here and camelCase on the wire
(`puzzle_rating` is "puzzleRating"). The page's JavaScript is type-checked against the same types: `python -m
bot.page.schema --jsdoc` writes them as JSDoc typedefs (webcheck/schema.js, see bot/page/jsdoc.py).

msgspec rather than pydantic: for this bot it costs less memory at rest and less start-up time
(bench/schema_bench.py; the figures are in docs/developers/page-schema.md).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Mapping
from typing import Annotated, Any, Literal, TypeVar

import msgspec

from bot import callback_data as cb
from bot.games.model import Mode
from bot.games.status import Status
from engine.review.labels import Label
from engine.variant import MAX_LENGTH, MAX_SYMBOLS

T = TypeVar("T")

Id = Annotated[int, msgspec.Meta(ge=0, lt=2**53)]  # a game's, a match's or a revision: what JavaScript counts exactly
# The commands the page sends, as the chat would (without the slash): a new game, today's, a hint, giving up, a
# /think game's check, resigning versus, a puzzle's answer, a ranked game, the league's table, a Puzzle Storm run.
# No others: the page is no second, faster command line.
PageCommand = Literal[
    "play", "think", "versus", "daily", "hint", "giveup", "reveal", "resign", "puzzle", "ranked", "league", "storm"
]
MAX_TEXT = 64  # characters of what the page types (a code, an answer with spaces): the page sends no more
DidName = Literal["made", "refused", "asked", "shown"]  # bot.replies.Did's values
DailyStatus = Literal["none", "running", "done"]  # today's challenge: not begun, under way, done
PuzzleTrackName = Literal["ladder", "daily", "group"]  # bot.puzzles.board.PuzzleTrack's values
MAX_NOTES = MAX_LENGTH * MAX_SYMBOLS  # a notepad's marks: a mark a position and symbol
VARIANT_NAME = "^[a-z0-9]{1,16}$"  # a variant's stored name ('classic', 'mastermind', '5d10z'), as a query gives it


class BadBody(ValueError):
    """A body no page sends (not JSON, the wrong shape, out of range); str() says why, for the log, in a line."""


class Shape(msgspec.Struct, kw_only=True, rename="camel"):
    """What every struct of the page's JSON shares: camelCase on the wire, and keyword fields (each subclass says
    kw_only again: msgspec applies it to a class's own fields only)."""


# --- what the page sends -----------------------------------------------------------------------------------------


class ActRequest(Shape, kw_only=True):
    """POST /api/act: what the chat would send (one of the page's commands with its arguments, a typed text, or a
    button's callback data), under the page's idempotency key; and the game or the match the page shows it about, at the
    revision it shows (an act on a game that has moved since is stale), if it is about one."""

    key: Annotated[str, msgspec.Meta(pattern="^[A-Za-z0-9_-]{8,64}$")]
    command: PageCommand | None = None
    args: Annotated[str, msgspec.Meta(max_length=MAX_TEXT)] = ""  # the command's arguments
    text: Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_TEXT)] | None = None
    data: Annotated[str, msgspec.Meta(min_length=1, max_length=cb.MAX_BYTES)] | None = None
    game_id: Id | None = msgspec.field(default=None, name="game")
    match_id: Id | None = msgspec.field(default=None, name="match")
    revision: Id | None = None  # the game's or the match's, as the page shows it

    def __post_init__(self) -> None:
        if [self.command, self.text, self.data].count(None) != 2:
            raise ValueError("not one of a command, a text and a button's data")
        if self.args and self.command is None:
            raise ValueError("arguments without a command")
        if self.game_id is not None and self.match_id is not None:
            raise ValueError("both a game and a match")
        if (self.game_id is None and self.match_id is None) != (self.revision is None):
            raise ValueError("a game or a match without its revision, or a revision of nothing")


class NotesRequest(Shape, kw_only=True):
    """PUT /api/notes: a game's digit notepad, a mark a position and symbol ('.' unknown, 'x' out, 'o' certain)."""

    game: Id
    marks: Annotated[str, msgspec.Meta(max_length=MAX_NOTES, pattern="^[.xo]*$")]


class StatsQuery(Shape, kw_only=True):
    """GET /api/stats?variant=<name>: the variant the Stats tab shows, by its stored name (one of `StatsTab.variants`:
    the tab refuses any other with 400); the chat's when not given."""

    variant: Annotated[str, msgspec.Meta(pattern=VARIANT_NAME)] | None = None


# --- what the page is shown: a game ------------------------------------------------------------------------------


class Variant(Shape, kw_only=True):
    """A variant as the keypad and the header need it."""

    name: str
    length: int
    symbols: int
    repeats: bool
    leading_zero: bool
    text: str


class Turn(Shape, kw_only=True):
    """A guess and its score."""

    guess: str
    bulls: int
    cows: int


class Choice(Shape, kw_only=True):
    """A button the page may press as the chat's: its label and callback data."""

    label: str
    data: str


class Rows(Shape, kw_only=True):
    """A board's moves: each guess with its score, the scores as the chat writes them, the hints' pattern."""

    turns: list[Turn]
    scores: list[str]
    hints: str | None


class Asking(Shape, kw_only=True):
    """What a /think board asks past its moves: the guess waiting for an answer, the lines, the buttons, and whether
    the page offers to check the answers against the player's code."""

    pending: str | None
    lines: list[str]
    buttons: list[list[Choice]]
    reveal: bool


class Ending(Shape, kw_only=True):
    """How a game ended, and its code."""

    text: str
    secret: str | None


class Game(Rows, kw_only=True):
    """A one-player game as the page draws it (its board: a running /think game's)."""

    id: int
    revision: int
    mode: Mode
    status: Status
    active: bool
    daily: bool
    variant: Variant
    hard: bool
    limit: int | None
    possible: bool  # the possibilities tab may list the codes that fit
    notes: str | None
    ending: Ending | None
    board: Asking | None


class SideRow(Turn, kw_only=True):
    """A row of one side of a versus board, with the score as the chat writes it."""

    score: str


class VersusBoard(Shape, kw_only=True):
    """A versus game's board: both sides' moves, what it asks, its ending and its buttons."""

    match: int
    revision: int
    title: str
    yours: list[SideRow]
    mine: list[SideRow]
    pending: str | None
    lines: list[str]
    ending: list[str] | None
    buttons: list[list[Choice]]


class Match(VersusBoard, kw_only=True):
    """A versus game as the page draws it: its board, and whether the player may guess now (the keypad)."""

    id: int
    active: bool
    status: Status
    variant: Variant
    guessing: bool


class State(Shape, kw_only=True):
    """GET /api/state: what the page shows, named by its key (its one-player game, its versus game, and the match
    that holds the chat, said)."""

    key: str
    game: Game | None
    match: Match | None
    busy: str | None


class Same(Shape, kw_only=True):
    """GET /api/state when the page's key is still the one: nothing new."""

    same: Literal[True] = True


class Session(State, kw_only=True):
    """GET /api/session: the state, with the player's language, the page's texts and the push stream's pass."""

    language: str
    texts: dict[str, str]
    pass_: str = msgspec.field(name="pass")


class ActRecord(Shape, kw_only=True):
    """What an act came to, as its Account says (kept under its key, given again to a repeated request): what it did,
    what the player is told (a refusal, a question, the chat's words), what it earned, a question's choices, and
    what the page draws of it: a board shown another way (a /think one, a versus one) or a screen of its own."""

    did: DidName
    notice: str | None
    achieved: list[str] = []
    choices: list[Choice] = []
    board: Asking | None = None
    match_board: VersusBoard | None = None
    screen: FeatureScreen | None = None


class ActAnswer(State, kw_only=True):
    """POST /api/act: what the act came to (its ActRecord), whether it was a repeat, and the state after it."""

    did: DidName
    notice: str | None
    achieved: list[str]
    choices: list[Choice]
    board: Asking | None
    match_board: VersusBoard | None
    screen: FeatureScreen | None
    repeated: bool


# --- the tabs ----------------------------------------------------------------------------------------------------


class CoachMove(Shape, kw_only=True):
    """One guess reviewed by the coach."""

    n: int
    guess: str
    bits: float
    lines: list[str]


class Coach(Shape, kw_only=True):
    """The coach's view of a referee game: each guess reviewed, and the engine's count after a win."""

    title: str
    moves: list[CoachMove]
    needed: str | None


class WeighedCode(Shape, kw_only=True):
    """A code that fits, and what playing it next would be expected to tell (bits)."""

    code: str
    bits: float


class PossibleHidden(Shape, kw_only=True):
    """GET /api/possibilities while the codes are not shown (the day's challenge)."""

    hidden: Literal[True] = True
    coach: Coach | None


class PossibleCodes(Shape, kw_only=True):
    """GET /api/possibilities: how many codes fit, the uncertainty left, and a page of the codes."""

    hidden: Literal[False] = False
    coach: Coach | None
    revision: int
    count: int
    count_text: str
    bits: float
    bits_text: str
    page: int  # 0-based
    pages: int
    page_text: str
    codes: list[WeighedCode]


Possibilities = PossibleHidden | PossibleCodes


class Stats(Shape, kw_only=True):
    """The player's record in the chat's variant."""

    title: str
    lines: list[str]


class Award(Shape, kw_only=True):
    """An achievement on the shelf: held or not, the mark drawn before its name for that (🏅 held, 🔒 not yet), what
    earns it (shown held or not), how rare it is."""

    name: str
    held: bool
    mark: str
    how: str
    rarity: str


class Shelf(Shape, kw_only=True):
    """The player's achievements, in /stats's order."""

    title: str
    items: list[Award]


class DailyTab(Shape, kw_only=True):
    """GET /api/daily: today's challenge, the daily streak, the record and the achievements."""

    title: str
    status: DailyStatus
    share: str | None
    share_query: str
    next: str
    streak: str | None
    stats: Stats
    achievements: Shelf


class GuessBar(Shape, kw_only=True):
    """A bar of the guess distribution: how many wins without hints took this many guesses."""

    guesses: int
    count: int


class RatingSeries(Shape, kw_only=True):
    """One rating over time (matches, ranked games, puzzles): its name, the rating as shown after each rated game,
    oldest first, and the latest as a line ("Ranked: 1523")."""

    name: str
    values: list[int]
    latest: str


class VariantChoice(Shape, kw_only=True):
    """A variant the Stats tab offers: its stored name (what GET /api/stats?variant= takes) and its name as shown."""

    name: str
    label: str


class StatsTab(Shape, kw_only=True):
    """GET /api/stats: the player's progress in one variant (the chat's, or the one asked for): the record as /stats
    says it, the guess distribution (a bar per number of guesses, every count from the fewest to the most, zeros too),
    the accuracy of the last reviewed games of the variant (oldest first, 0 to 100) and the ratings over time (of the
    variant's family: a rating is kept per family, `ratings_family` says so when there is a choice). Each part has
    its title and a note (what it shows, or why it is empty); `empty` is said instead of them all for a player with
    nothing yet. `variants` are the ones the tab offers (those the player has played, and the chat's), `variant` the
    one shown; with fewer than two there is no choice to show."""

    title: str
    empty: str | None
    variant: str
    variant_title: str
    variants: list[VariantChoice]
    record: Stats
    distribution_title: str
    distribution: list[GuessBar]
    distribution_note: str
    accuracy_title: str
    accuracy: list[float]
    accuracy_note: str
    ratings_title: str
    ratings: list[RatingSeries]
    ratings_note: str
    ratings_family: str | None


class ReviewOf(Shape, omit_defaults=True, kw_only=True):
    """What a review is of, as the page names it again: a game or a match."""

    game: int | None = None
    match: int | None = None


class ReviewVariant(Shape, kw_only=True):
    """A reviewed game's variant, as its table needs it."""

    length: int
    symbols: int
    repeats: bool


class ReviewRow(Shape, kw_only=True):
    """One guess reviewed: its score, the codes before and after, the bits it told, its label, the best guess."""

    number: int
    guess: str
    bulls: int
    cows: int
    before: int
    after: int
    bits: float | None
    label: Label
    label_text: str
    loss: float
    exact: bool
    best: str | None
    turning: bool


class ReviewHint(Shape, kw_only=True):
    """A hint where it was taken: after how many guesses (0: before the first), and what it revealed and left."""

    after: int
    text: str


class ReviewReady(Shape, tag_field="status", tag="ready", kw_only=True):
    """GET /api/review: a finished game's review, the chat's rows (and hints), how a game not won ended, which game it
    is when not the player's last, the coach's words and what it earned."""

    of: ReviewOf = msgspec.field(default_factory=ReviewOf)  # the tab fills it in
    title: str
    variant: ReviewVariant
    rows: list[ReviewRow]
    accuracy: float
    exact: bool
    coach: list[str]
    legend: str
    texts: dict[str, str]
    achieved: list[str] = []
    hints: list[ReviewHint] = []
    ending: str | None = None
    which: str | None = None


class BestGuess(Shape, kw_only=True):
    """One of the best guesses at a position, with the most codes an answer could leave (and how many on average)."""

    guess: str
    worst: int
    text: str
    average: float | None = None


class PositionReady(Shape, tag_field="status", tag="ready", kw_only=True):
    """GET /api/review/position: the position at one guess, a page of its codes, and the best guesses there."""

    of: ReviewOf = msgspec.field(default_factory=ReviewOf)  # the tab fills it in
    number: int
    title: str
    count: int
    codes: list[str]
    page: int
    pages: int
    page_text: str
    least: float
    least_text: str
    exact: bool
    best: list[BestGuess]
    best_heading: str = ""
    why: str | None = None
    codes_heading: str = ""


class NoReview(Shape, tag_field="status", tag="none", kw_only=True):
    """GET /api/review or /api/review/position when there is nothing to show: why."""

    text: str


ReviewAnswer = ReviewReady | NoReview
PositionAnswer = PositionReady | NoReview


class Clue(Shape, kw_only=True):
    """A puzzle's clue: a guess and its score (and the score that would fit, on a broken clue)."""

    number: int
    guess: str
    bulls: int
    cows: int
    broken: bool
    would: tuple[int, int] | None


class PuzzleScreen(Shape, tag_field="screen", tag="puzzle", kw_only=True):
    """A puzzle's screen as the chat has it, every text plain, and its buttons (the chat's, pressed as the chat's)."""

    track: PuzzleTrackName
    key: str
    variant: str
    title: list[str]
    clues: list[Clue]
    prompt: list[str]
    verdict: list[str]
    notices: list[str]
    ending: list[str]
    over: bool
    solved: bool
    solution: str | None
    tries: int
    rating: int | None
    puzzle_rating: int | None
    share: str | None
    choices: list[Choice]
    provisional: bool = False  # the player's rating is provisional (the title shows it with "?")


class LinesScreen(Shape, tag_field="screen", tag="lines", kw_only=True):
    """A screen of lines, in order (the puzzle of the day's board)."""

    lines: list[str]


class RankedStartScreen(Shape, tag_field="screen", tag="ranked_start", kw_only=True):
    """A ranked game begun (bot/ranked/page.py): its secret's number, whether the player sets the mark or plays
    someone's (their name and rating), the player's rating, and the lines that say so."""

    secret: int
    variant: str
    sets_mark: bool
    opponent: str | None
    opponent_rating: str | None
    rating: str
    lines: list[str]


class RankedMarkScreen(Shape, tag_field="screen", tag="ranked_mark", kw_only=True):
    """A ranked game that set a mark is over: what happens to the mark next."""

    secret: int
    lines: list[str]


class RankedMove(Shape, kw_only=True):
    """One guess of one side of a ranked comparison: its number, the code and its score, the review's label (None:
    not reviewed) as the review tab writes it."""

    number: int
    guess: str
    bulls: int
    cows: int
    label: Label | None
    mark: str | None  # the label's mark, as the chat's message shows it ('⭐', '≈👍')
    label_text: str | None
    line: str


class RankedSide(Shape, kw_only=True):
    """One player's game of a ranked secret: whose, every guess, how it ended, and their rating before and after."""

    name: str
    moves: list[RankedMove]
    solved: bool
    guesses: int
    hints: int
    seconds: float
    rating_before: str
    rating_after: str
    change: str
    summary: str


class RankedVsScreen(Shape, tag_field="screen", tag="ranked_vs", kw_only=True):
    """Both games of a closed ranked secret side by side, for one of its players (theirs first): shown only once both
    are over (bot/ranked/service.py's `compared`)."""

    secret: int
    variant: str
    code: str
    outcome: Literal["won", "lost", "draw"]
    title: str
    verdict: str
    mine: RankedSide
    theirs: RankedSide
    choices: list[Choice]


class RankedLine(Shape, kw_only=True):
    """A line of the ranked history: the secret, where it stands (bot.ranked.service.State's value), the line, and
    the button that shows both games once it is closed."""

    secret: int
    state: str
    line: str
    show: Choice | None


class RankedHistoryScreen(Shape, tag_field="screen", tag="ranked_history", kw_only=True):
    """The player's latest ranked secrets, newest first."""

    title: str
    lines: list[RankedLine]


class LeagueRow(Shape, kw_only=True):
    """A line of a division's table: place, who, points, whether it is the player's, where it would move now."""

    place: int
    name: str
    points: int
    mine: bool
    moves: Literal["up", "down", ""]
    line: str


class LeagueScreen(Shape, tag_field="screen", tag="league", kw_only=True):
    """The player's division this week (bot/league/page.py), or (no rows, no division) their tier before they play in
    it; the notes say when the week ends and how many move up and down."""

    week: str
    tier: int
    tier_name: str
    division: int | None
    title: str
    rows: list[LeagueRow]
    notes: list[str]


class StormClue(Shape, kw_only=True):
    """A clue of a Puzzle Storm puzzle: a guess and its score."""

    number: int
    guess: str
    bulls: int
    cows: int


class StormRunScreen(Shape, tag_field="screen", tag="storm_run", kw_only=True):
    """A Puzzle Storm run (bot/storm/page.py) as the chat has it after an update: the verdict on the last answer, the
    puzzle now (its place, from 0, which the page's answer names), the clock as the server keeps it (its end, and
    the whole seconds left when the server answered: the page counts down from them for display only), the tally;
    once over, the ending (the result, the bests) instead of a puzzle."""

    run: int
    variant: str
    length: int
    title: str
    clock: str
    ends_at: str  # ISO 8601, UTC
    seconds_left: int
    place: int
    total: int
    solved: int
    wrong: int
    streak: int
    clues: list[StormClue]
    prompt: list[str]
    verdict: list[str]
    ending: list[str]
    over: bool
    choices: list[Choice]


class StormBoardLine(Shape, kw_only=True):
    """A line of a Storm board: place, who, the puzzles solved and the wrong answers of their best run."""

    place: int
    name: str
    solved: int
    wrong: int
    line: str


class StormBoardsScreen(Shape, tag_field="screen", tag="storm_boards", kw_only=True):
    """Storm's boards: today's and all-time, best first (each with a note when empty or longer than listed), and the
    player's own bests."""

    day: str
    today_title: str
    today: list[StormBoardLine]
    today_note: str | None
    all_time_title: str
    all_time: list[StormBoardLine]
    all_time_note: str | None
    yours: str
    best: int | None
    best_today: int | None
    choices: list[Choice]


# What a feature's screen is on the page: an act's Account carries it (bot/replies.py), the page draws it by its tag.
FeatureScreen = (
    PuzzleScreen
    | LinesScreen
    | RankedStartScreen
    | RankedMarkScreen
    | RankedVsScreen
    | RankedHistoryScreen
    | LeagueScreen
    | StormRunScreen
    | StormBoardsScreen
)


class RankedTab(Shape, kw_only=True):
    """GET /api/ranked: the player's ranked history, and whether a ranked game of theirs is on (played on the game
    tab). Reading shows nobody's guesses: both games of a secret come only as an act's screen once both are over."""

    history: RankedHistoryScreen
    playing: bool


class StormTab(Shape, kw_only=True):
    """GET /api/storm: the player's run alone as the server has it now (the open one, or the latest one's ending),
    the boards, and whether a Racer's run is on (a Racer is played in the chat). Looking starts no clock."""

    run: StormRunScreen | None
    boards: StormBoardsScreen
    racer: bool


class PuzzleTab(Shape, kw_only=True):
    """GET /api/puzzle: the puzzle the tab shows (the one being solved, or the day's once it is over), or none: then
    the chat's buttons that begin one (its clock starts when its clues are shown)."""

    screen: PuzzleScreen | None
    choices: list[Choice]


class Saved(Shape, kw_only=True):
    """PUT /api/notes: the notepad is kept."""

    saved: Literal[True] = True


class Refused(Shape, kw_only=True):
    """Any refused call: its HTTP status."""

    error: int


class Bye(Shape, kw_only=True):
    """The push stream's last event: why it ends ('replaced', 'closing', 'renew')."""

    why: str


class Ping(Shape, kw_only=True):
    """The push stream's heartbeat."""


# Every struct and union of the page's JSON, in the order the JSDoc lists them (bot/page/jsdoc.py).
REQUESTS = (ActRequest, NotesRequest, StatsQuery)
UNIONS: dict[str, Any] = {
    "Possibilities": Possibilities,
    "ReviewAnswer": ReviewAnswer,
    "PositionAnswer": PositionAnswer,
    "FeatureScreen": FeatureScreen,
}

_encoder = msgspec.json.Encoder()
_decoders: dict[type[Any], msgspec.json.Decoder[Any]] = {}
_TOO_LONG = re.compile(r"`[^`]{40,}`|'[^']{40,}'")  # a long value quoted in msgspec's message: not logged whole


def encode(shape: Shape) -> bytes:
    """A struct as the page's JSON (UTF-8)."""
    return _encoder.encode(shape)


def decode(body: bytes, shape: type[T]) -> T:
    """The body as `shape`, checked; BadBody (saying why, without the body) when it is not one."""
    decoder = _decoders.get(shape)
    if decoder is None:
        decoder = _decoders[shape] = msgspec.json.Decoder(shape)
    try:
        return decoder.decode(body)
    except msgspec.DecodeError as error:
        raise BadBody(_TOO_LONG.sub("…", str(error))[:160]) from None
    except RecursionError:  # an object nested deeper than Python's stack, under the size cap
        raise BadBody("nested too deep") from None


def convert(data: Any, shape: type[T]) -> T:
    """Plain data (read back from JSON kept in the database) as `shape`; BadBody when it is not one."""
    try:
        return msgspec.convert(data, shape)
    except msgspec.ValidationError as error:
        raise BadBody(_TOO_LONG.sub("…", str(error))[:160]) from None


def query(params: Mapping[str, str], shape: type[T]) -> T:
    """A GET's query as `shape` (a name given twice counts once, as first given; names the shape has not are left
    alone); BadBody (saying why, without the values) when it is not one."""
    return convert({name: params[name] for name in params}, shape)


def builtins(shape: Shape) -> Any:
    """A struct as plain data (dicts, lists), keyed as on the wire."""
    return msgspec.to_builtins(shape)


if __name__ == "__main__":
    from bot.page.jsdoc import main

    sys.exit(main(sys.argv[1:]))
