"""What a player sees of ranked games, built once as typed values (the screens below, in each Outcome's Account, for
the Mini App) and drawn for the chat here: the start, the board (the referee's, titled as ranked), the question
before giving up, the mark set, the two games side by side, and the player's ranked history."""

from __future__ import annotations

from dataclasses import dataclass, replace

from bot import callback_data as cb
from bot import play, records, review
from bot.boards import chat as chat_board
from bot.boards.model import Board, Choice, Choices, Does
from bot.games.model import Game
from bot.games.status import Status
from bot.messages import asked, mode_choices
from bot.ranked.rules import RANKED_PRESETS
from bot.ranked.service import Begun, Compared, HistoryEntry, RankedRating, SecretState, Side
from bot.refusal import Refusal
from bot.replies import Account, Button, Did, Outcome, Placement, Reply, Screen
from bot.texts import Html, code_text, duration_text, lines, score_text, t, variant_name
from engine.review import Label
from engine.scoring import Score
from engine.variant import PRESETS, Variant

ACTION = "rk"  # the ranked games' own buttons, below
NEW, YES, GIVE_UP, LIST, SHOW = "n", "y", "g", "l", "s"  # rk:n[:<variant>], rk:y:<game>:<rev>[:<variant>],
# rk:g:<game>:<rev>, rk:l, rk:s:<secret>
ROWS = 24  # guesses of each game shown side by side in one message; the rest are counted
SHOWN_BUTTONS = 5  # closed secrets of the history with a button to see both games


def rating_text(standing: RankedRating) -> str:
    """'1512', or '1512?' while provisional."""
    return records.points(standing.skill.conservative, not standing.provisional)


def title(language: str, variant: Variant) -> Html:
    """The ranked board's title: '⚔️ Ranked · 4 digits, no repeats'."""
    return t("ranked.title", language, variant=variant_name(variant, language))


def _running_choices(language: str, game: Game) -> Choices:
    row = []
    if sum(str(i) not in game.hints for i in range(game.variant.length)) > 1:
        row.append(Choice(t("btn.hint", language), cb.game_button(cb.HINT, game.id, game.revision), Does.HINT))
    row.append(Choice(t("btn.giveup", language), cb.game_button(cb.GIVE_UP, game.id, game.revision), Does.GIVE_UP))
    return (tuple(row),)


def _finished_choices(language: str, game: Game) -> Choices:
    again = Choice(t("ranked.btn.again", language), cb.encode(ACTION, NEW, game.variant.name), Does.NEW)
    first = (review.game_choice(language, game.id), again) if game.turns else (again,)
    return (first, *mode_choices(language, game.variant))


def board(
    language: str, game: Game, *, notices: tuple[Html | None, ...] = (), finished: play.Finished | None = None
) -> Board:
    """A ranked game's board: the referee's, titled as ranked, with its own buttons (another ranked game after it)."""
    ending = play.ending(language, finished) if finished is not None else None
    choices = _finished_choices(language, game) if finished is not None else _running_choices(language, game)
    return play.referee_board(
        language, game, title=title(language, game.variant), notices=notices, ending=ending, choices=choices
    )


# --- starting ----------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RankedStart(Screen):
    """A ranked game begun: its secret, whether the player sets the mark or plays someone's (their name and rating),
    the player's rating, and the lines that say so."""

    secret_id: int
    variant: str
    sets_mark: bool
    opponent: Html | None
    opponent_rating: str | None
    rating: str
    lines: tuple[Html, ...]


def started(language: str, begun: Begun) -> Outcome:
    """The ranked game is on: whose code it is (or that the player sets the mark), the rules, the rating; the board."""
    game, opponent = begun.game, begun.opponent
    variant = variant_name(game.variant, language)
    rating = rating_text(begun.standing)
    family = t(f"rating.family.{begun.standing.family.value}", language)
    if opponent is None:
        head = t("ranked.start.mark", language, variant=variant)
        name, their = None, None
    else:
        name = records.display_name(language, opponent.name, opponent.user_id)
        their = rating_text(opponent.standing)
        head = t("ranked.start.take", language, variant=variant, name=name, rating=their)
    said = (head, t("ranked.rules", language), t("ranked.rating", language, family=family, rating=rating))
    text = lines(*said)
    shown = board(language, game)
    screen = RankedStart(begun.secret_id, game.variant.name, opponent is None, name, their, rating, said)
    account = Account(Did.MADE, notice=text, boards=(shown,), screen=screen)
    started_reply = Reply(text, shows_screen=True)  # the page draws it; the board goes to the chat from either face
    return Outcome.say(started_reply, chat_board.reply(shown, Placement(game.id, in_place=False)), account=account)


def going(language: str, game: Game) -> Outcome:
    """The player's ranked game is on already: its board again, anew."""
    said = t("ranked.running", language)
    shown = board(language, game, notices=(said,))
    placed = Placement(game.id, in_place=False, tidy=play.tidy(language, game))
    return Outcome.say(chat_board.reply(shown, placed), account=Account(Did.SHOWN, notice=said, boards=(shown,)))


def busy(language: str, running: Game, variant: Variant) -> Outcome:
    """Another game is on: abandon it for a ranked game (a daily challenge ends for the day), or keep it."""
    question = t("ranked.busy.daily" if running.daily is not None else "ranked.busy", language)
    yes = Choice(
        t("ranked.btn.leave", language),
        cb.encode(ACTION, YES, running.id, running.revision, variant.name),
        Does.CONFIRM,
    )
    keep = Choice(t("btn.keep", language), cb.game_button(cb.KEEP, running.id, running.revision), Does.KEEP)
    return asked(question, (yes, keep))


def not_ranked(language: str) -> Outcome:
    """The variant asked for has no ranked games: the ones that do."""
    names = ", ".join(variant_name(variant, language) for variant in _ranked_variants())
    return Outcome.refused(Refusal("ranked.variant"), t("ranked.variant", language, names=Html(names)))


def _ranked_variants() -> tuple[Variant, ...]:
    return tuple(PRESETS[name] for name in RANKED_PRESETS)


def in_match(language: str) -> Outcome:
    """A versus game or a private duel is on: it is finished (or resigned) first."""
    return Outcome.refused(Refusal("ranked.in_match"), t("ranked.in_match", language))


def not_a_person(language: str) -> Outcome:
    """Ranked games are a person's own, in their private chat."""
    return Outcome.refused(Refusal("ranked.private"), t("ranked.private", language))


# --- playing -----------------------------------------------------------------------------------------------------


def scored(language: str, result: play.Scored) -> Outcome:
    """The board after a guess, sent anew below it (the previous one cut down to its last line)."""
    game = result.game
    previous = replace(game, turns=game.turns[:-1])
    shown = board(language, game, finished=result.ending)
    placed = Placement(game.id, in_place=False, tidy=play.tidy(language, previous))
    return Outcome.say(chat_board.reply(shown, placed), account=Account(Did.MADE, boards=(shown,)))


def hinted(language: str, hint: play.Hint | None, in_place: bool = False) -> Outcome:
    """The board with one more digit shown (a hint counts as a guess: the start said so)."""
    return play.hinted(language, hint, in_place=in_place, title=title(language, hint.game.variant) if hint else None)


def confirm_give_up(language: str, game: Game, stopping: bool = False) -> Outcome:
    """Before a ranked game is given up (or stopped with /cancel): it counts as a loss."""
    question = t("ranked.confirm.cancel" if stopping else "ranked.confirm.giveup", language)
    yes = Choice(t("ranked.btn.giveup", language), cb.encode(ACTION, GIVE_UP, game.id, game.revision), Does.GIVE_UP)
    keep = Choice(t("btn.keep", language), cb.game_button(cb.KEEP, game.id, game.revision), Does.KEEP)
    return asked(question, (yes, keep))


def gave_up(language: str, finished: play.Finished, pressed: bool) -> Outcome:
    """The board with the code shown after giving up: the question's message loses its buttons first."""
    game = finished.game
    shown = board(language, game, finished=finished)
    placed = Placement(game.id, in_place=False, tidy=play.tidy(language, game))
    answered = (Reply(t("ranked.confirm.giveup", language), (), edit_origin=True),) if pressed else ()
    reply = chat_board.reply(shown, placed)
    return Outcome.say(*answered, reply, account=Account(Did.MADE, boards=(shown,)))


# --- after a game ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class MarkSet(Screen):
    """The player set a mark: the secret, and what happens next."""

    secret_id: int
    lines: tuple[Html, ...]


def mark_set(outcome: Outcome, language: str, secret_id: int) -> Outcome:
    """A mark's game is over: what happens to it next, after the board."""
    said = t("ranked.mark.set", language)
    buttons = ((Button(t("ranked.btn.list", language), cb.encode(ACTION, LIST)),),)
    screen = MarkSet(secret_id, (said,))
    told = Reply(said, buttons, shows_screen=True)
    return replace(outcome.then(told), account=replace(outcome.account, screen=screen))


@dataclass(frozen=True)
class ComparedRow:
    """One guess of one game in the comparison: its number, the code and its score, and the review's label."""

    number: int
    guess: str
    score: Score
    label: Label | None
    exact: bool
    line: Html
    label_text: Html | None = None  # the label as the review tab writes it ('⭐ best')


@dataclass(frozen=True)
class ComparedSide:
    """One player's game in the comparison: whose, every guess, how it ended, and their rating before and after."""

    user_id: int
    name: Html
    rows: tuple[ComparedRow, ...]
    solved: bool
    guesses: int
    hints: int
    seconds: float
    rating_before: str
    rating_after: str
    change: str
    summary: Html


@dataclass(frozen=True)
class SideBySide(Screen):
    """Both games of a ranked secret side by side, for one of its players: theirs first, and the verdict."""

    secret_id: int
    variant: str
    secret: str
    outcome: str  # bot.ranked.service.SecretResult's value, for the player looking
    mine: ComparedSide
    theirs: ComparedSide
    title: Html
    verdict: Html
    choices: Choices = ()  # what the page offers under it (another ranked game); the chat's buttons add the review


def _side(language: str, variant: Variant, side: Side, you: bool) -> ComparedSide:
    game = side.game
    name = t("ranked.you", language) if you else records.display_name(language, side.name, side.user_id)
    rows = []
    for number, turn in enumerate(game.turns, start=1):
        label, exact = side.labels[number - 1] if number <= len(side.labels) else (None, True)
        mark = Html(" " + review.mark(label, exact)) if label is not None else Html("")
        guess, score = code_text(variant, turn.guess), score_text(turn.answer, language)
        shown = t("ranked.vs.move", language, guess=guess, score=score, mark=mark)
        named = review.label_text(language, label, exact) if label is not None else None
        rows.append(ComparedRow(number, turn.guess, turn.answer, label, exact, shown, named))
    seconds = ((game.finished_at or game.started_at) - game.started_at).total_seconds()
    solved = game.status == Status.WON
    guesses, hints = len(game.turns), len(game.hints)
    summary = _summary(language, name, solved, guesses, hints, game)
    before, after = rating_text(side.before), rating_text(side.after)
    change = records.signed(side.after.shown - side.before.shown)
    return ComparedSide(
        side.user_id, name, tuple(rows), solved, guesses, hints, seconds, before, after, change, summary
    )


def _summary(language: str, name: Html, solved: bool, guesses: int, hints: int, game: Game) -> Html:
    elapsed = (game.finished_at or game.started_at) - game.started_at
    if not solved:
        return t("ranked.vs.unsolved", language, who=name, n=guesses)
    head = t("ranked.vs.solved", language, who=name, n=guesses, duration=duration_text(elapsed, language))
    return Html(f"{head} · {t('ranked.vs.hints', language, n=hints)}") if hints else head


def comparison(language: str, found: Compared) -> SideBySide:
    """The comparison's typed screen."""
    variant = found.variant
    mine = _side(language, variant, found.mine, you=True)
    theirs = _side(language, variant, found.theirs, you=False)
    heading = t(
        "ranked.vs.title",
        language,
        id=found.secret_id,
        variant=variant_name(variant, language),
        secret=code_text(variant, found.secret),
    )
    verdict = {
        "won": t("ranked.vs.won", language),
        "lost": t("ranked.vs.lost", language, name=theirs.name),
        "draw": t("ranked.vs.draw", language),
    }[found.outcome.value]
    return SideBySide(found.secret_id, variant.name, found.secret, found.outcome.value, mine, theirs, heading, verdict)


def comparison_text(language: str, screen: SideBySide) -> Html:
    """The comparison as one message: a row a guess number, both games' guesses in it, then how each ended, the
    verdict and both ratings."""
    mine, theirs = screen.mine, screen.theirs
    none = t("ranked.vs.none", language)
    depth = max(len(mine.rows), len(theirs.rows))
    rows = [
        t(
            "ranked.vs.row",
            language,
            n=number,
            mine=mine.rows[number - 1].line if number <= len(mine.rows) else none,
            theirs=theirs.rows[number - 1].line if number <= len(theirs.rows) else none,
        )
        for number in range(1, min(depth, ROWS) + 1)
    ]
    more = t("ranked.vs.more", language, n=depth - ROWS) if depth > ROWS else None
    ratings = (
        t("ranked.vs.rating", language, before=mine.rating_before, after=mine.rating_after, change=mine.change),
        t(
            "ranked.vs.rating.other",
            language,
            name=theirs.name,
            before=theirs.rating_before,
            after=theirs.rating_after,
            change=theirs.change,
        ),
    )
    heading = t("ranked.vs.heading", language, name=theirs.name)
    return lines(screen.title, heading, *rows, more, mine.summary, theirs.summary, screen.verdict, *ratings)


def compared_reply(language: str, found: Compared) -> tuple[Reply, SideBySide]:
    """The comparison's message (with the buttons to the player's review and another ranked game), and its screen."""
    again = Choice(t("ranked.btn.again", language), cb.encode(ACTION, NEW, found.variant.name), Does.NEW)
    screen = replace(comparison(language, found), choices=((again,),))
    game = found.mine.game
    row = [Button(t("btn.review", language), review.game_choice(language, game.id).data)] if game.turns else []
    row.append(Button(again.label, again.data))
    return Reply(comparison_text(language, screen), (tuple(row),), shows_screen=True), screen


def with_comparison(outcome: Outcome, language: str, found: Compared) -> Outcome:
    """A finished game's replies, then both games side by side (the page's screen)."""
    reply, screen = compared_reply(language, found)
    return replace(outcome.then(reply), account=replace(outcome.account, screen=screen))


def shown_comparison(language: str, found: Compared) -> Outcome:
    """Both games of a closed secret, asked for from the history (nothing changed)."""
    reply, screen = compared_reply(language, found)
    return Outcome.say(reply, account=Account(Did.SHOWN, notice=reply.text, screen=screen))


def refused(language: str, refusal: Refusal, pressed: bool = False) -> Outcome:
    """Why a ranked screen is not shown (a toast for a button)."""
    return Outcome.refused(refusal, t(refusal.key, language), toast=pressed)


# --- the history -------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class HistoryLine:
    """A line of the ranked history: the secret, where it stands, the line, and whether both games can be seen."""

    secret_id: int
    state: str  # bot.ranked.service.SecretState's value
    line: Html
    closed: bool


@dataclass(frozen=True)
class History(Screen):
    """A player's latest ranked secrets, newest first."""

    title: Html
    lines: tuple[HistoryLine, ...]


_STATE_KEYS = {
    SecretState.PLAYING: "ranked.list.playing",
    SecretState.WAITING: "ranked.list.waiting",
    SecretState.TAKEN: "ranked.list.taken",
    SecretState.LAPSED: "ranked.list.lapsed",
    SecretState.WON: "ranked.list.won",
    SecretState.LOST: "ranked.list.lost",
    SecretState.DRAW: "ranked.list.draw",
}
_CLOSED = frozenset({SecretState.WON, SecretState.LOST, SecretState.DRAW})


def history(language: str, entries: tuple[HistoryEntry, ...]) -> Outcome:
    """The player's ranked history, with a button to see both games of each closed secret (the newest few)."""
    heading = t("ranked.list.title", language)
    found = []
    for entry in entries:
        name = records.display_name(language, entry.other_name, entry.other or 0)
        change = records.signed(entry.change) if entry.change is not None else ""
        line = t(
            _STATE_KEYS[entry.state],
            language,
            id=entry.secret_id,
            variant=variant_name(entry.variant, language),
            name=name,
            change=change,
        )
        found.append(HistoryLine(entry.secret_id, entry.state.value, line, entry.state in _CLOSED))
    body = [line.line for line in found] or [t("ranked.list.empty", language)]
    closed = [line.secret_id for line in found if line.closed][:SHOWN_BUTTONS]
    buttons = (tuple(Button(f"#{secret}", cb.encode(ACTION, SHOW, secret)) for secret in closed),) if closed else ()
    text = lines(heading, *body)
    screen = History(heading, tuple(found))
    return Outcome.say(Reply(text, buttons), account=Account(Did.SHOWN, notice=text, screen=screen))
