"""Callback data: short colon-separated strings, '<action>:<field>:...', at most 64 bytes.

Game buttons carry the game id and its revision ('a:42:7:12' = answer 1 bull 2 cows to game 42
at revision 7) so a button from an old board is recognised as stale. Secrets never go in here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.chats.settings import Setting
from bot.games.model import Mode
from engine.scoring import Score

MAX_BYTES = 64
_ID = re.compile(r"[0-9]{1,18}")  # ASCII digits only, and few enough to fit SQLite's 64-bit integers

# actions: the first field, each one meaning (PREFIXES below names them all; a feature's own, e.g. pz, rk, sm,
# are declared by its routes; tests/bot/test_callback_prefixes.py keeps every one distinct). The fields after it
# are read in the action's own terms: a letter there names what the action's field says (GUESSER below, a puzzle's
# pz:g...), always through a named constant, never a second literal.
NEW = "n"  # n:<mode>[:<variant>]            start a game (asks first if one is running)
CONFIRM = "y"  # y:<game>:<rev>:<mode>[:<variant>]  abandon that game, start a new one
KEEP = "k"  # k:<game>:<rev>                  keep playing
ANSWER = "a"  # a:<game>:<rev>:<bulls><cows>
UNDO = "u"  # u:<game>:<rev>
RESTART = "o"  # o:<game>:<rev>                guesser: start over
FIX = "f"  # f:<game>:<rev>:<turn>:<bulls><cows>   guesser: answer #turn (0-based) is that instead
CHANGE = "c"  # c:<game>:<rev>[:<turn>]       guesser: pick an answer to change; or ask answer #turn again
MORE = "x"  # x:<game>:<rev>                  guesser: the contradiction with every fix
VIEW = "v"  # v:<game>:<rev>                  guesser: the board again (back from changing an answer)
SETTING = "s"  # s:<field>[:<value>]
RULES = "r"  # r
SETTINGS = "g"  # g                             open settings
MATCH = "m"  # m:<match>:<rev>:<verb>[:<arg>]   race, duel, versus (bot/features/): verbs below
MATCH_ANSWER = "a"  # m:<match>:<rev>:a:<bulls><cows>  versus: answer the bot's guess
DUEL_ACCEPT = "y"  # m:<match>:<rev>:y          take up a duel
DUEL_DECLINE = "n"  # m:<match>:<rev>:n         decline (or withdraw) a duel
MATCH_FIX = "f"  # m:<match>:<rev>:f:<turn>:<fixed bc>[:<given bc>]  versus: answer #turn is that instead (and the
#                 pending guess's answer `given`, which ran into a contradiction, is taken with it if it fits now)
MATCH_UNDO = "u"  # m:<match>:<rev>:u            versus: take back the last answer to the bot's guesses
MATCH_CHANGE = "c"  # m:<match>:<rev>:c[:<turn>[:<given bc>]]  versus: pick an answer to change; ask #turn again
MATCH_MORE = "x"  # m:<match>:<rev>:x[:<given bc>]  versus: the contradiction with every fix
MATCH_LEAVE = "l"  # m:<match>:<rev>:l:<r|g|d|v>[:<variant>]  versus, a private duel: resign it for a new game
MATCH_KEEP = "k"  # m:<match>:<rev>:k            versus, a private duel: keep playing it (the question's No)
MATCH_VIEW = "v"  # m:<match>:<rev>:v[:<given bc>]  versus: the board again (back from changing an answer)
REMATCH = "rm"  # rm:<match>                     a finished versus game or duel: the same again, same opponent
AGAIN = "ag"  # ag:<game>                        a finished one-player game: the same again (variant, settings)
TOP = "tp"  # tp:<c|g>:<d|w|m|a>:<variant>    leaderboard: this chat or global; today, this week, this month, all time
STATS = "st"  # st:<user>:<variant>             a player's stats (only that player may switch them)
RATING = "rt"  # rt:<c|g>:<variant>               rating board: this chat or global, the variant's family
DAILY = "dy"  # dy:<t|r>:<yyyymmdd>, dy:p        the day's daily leaderboard: t new message, r refresh in place; p play
LANGUAGE = "lg"  # lg:<language>:<user>            choose the chat's language (the user who asked, or an admin)
NOTE = "hp"  # hp:<top|stats>                  what a board counts and ranks (its "?" button)
SCOREBOARD_ACTIONS = {TOP, STATS, DAILY, RATING, NOTE}  # work in groups too; no game, no revision
THIS_CHAT, EVERY_CHAT = "c", "g"  # TOP's and RATING's scope: this chat's players, or everyone's (global)
# the referee's board (bot/play/routes.py), and the daily's warnings before it is spoiled or ended
COACH = "cv"  # cv:<game>:<rev>                 the coach's full review of the latest guess
HINT = "hn"  # hn:<game>:<rev>                  reveal a digit (in a daily: after its warning)
GIVE_UP = "gu"  # gu:<game>:<rev>               give up and see the code (asked first: a daily's warning, or /play's)
GIVE_UP_SURE = "gs"  # gs:<game>:<rev>          /play: give up, confirmed
STOP_DAILY = "dx"  # dx:<game>:<rev>            stop today's challenge (/cancel, after its warning)
REFEREE_ACTIONS = {COACH, HINT, GIVE_UP, GIVE_UP_SURE, STOP_DAILY}

GAME_ACTIONS = {CONFIRM, KEEP, ANSWER, UNDO, RESTART, FIX, CHANGE, MORE, VIEW, MATCH, *REFEREE_ACTIONS}
# every action named here; a feature may declare its own beside them (decode's `declared`)
NAMED_ACTIONS = frozenset({*GAME_ACTIONS, REMATCH, AGAIN, NEW, SETTING, RULES, SETTINGS, LANGUAGE, *SCOREBOARD_ACTIONS})
PREFIXES = {  # every action named here, by its constant (a dict: the test counts the constants, which a set hides)
    "NEW": NEW,
    "CONFIRM": CONFIRM,
    "KEEP": KEEP,
    "ANSWER": ANSWER,
    "UNDO": UNDO,
    "RESTART": RESTART,
    "FIX": FIX,
    "CHANGE": CHANGE,
    "MORE": MORE,
    "VIEW": VIEW,
    "SETTING": SETTING,
    "RULES": RULES,
    "SETTINGS": SETTINGS,
    "MATCH": MATCH,
    "REMATCH": REMATCH,
    "AGAIN": AGAIN,
    "TOP": TOP,
    "STATS": STATS,
    "RATING": RATING,
    "DAILY": DAILY,
    "LANGUAGE": LANGUAGE,
    "NOTE": NOTE,
    "COACH": COACH,
    "HINT": HINT,
    "GIVE_UP": GIVE_UP,
    "GIVE_UP_SURE": GIVE_UP_SURE,
    "STOP_DAILY": STOP_DAILY,
}


class BadCallback(ValueError):
    """Callback data this bot did not produce."""


@dataclass(frozen=True)
class Callback:
    """Decoded callback data: a one-player game's button carries the game's id, a race's, duel's or versus game's
    the match's (and either its revision, to tell a stale button)."""

    action: str
    game_id: int | None = None
    revision: int | None = None
    args: tuple[str, ...] = ()
    match_id: int | None = None


def encode(action: str, *fields: object) -> str:
    """Callback data for an action and its fields."""
    data = ":".join([action, *map(str, fields)])
    if len(data.encode()) > MAX_BYTES or not data:
        raise ValueError(f"callback data too long: {len(data.encode())} bytes")
    return data


# the <mode> of NEW, CONFIRM and MATCH_LEAVE: r a game of /play, g of /think, v a versus game, d today's challenge
REFEREE, GUESSER = "r", "g"  # a one-player game's Mode, as a button spells it (MODES)
CONFIRM_VERSUS = "v"
CONFIRM_DAILY = "d"
MODES = {Mode.REFEREE: REFEREE, Mode.GUESSER: GUESSER}


def mode_field(mode: Mode) -> str:
    """A one-player game's mode as a button's field spells it: 'r' (/play) or 'g' (/think)."""
    return MODES[mode]


def mode_of(field: str) -> Mode:
    """The one-player game's mode a button's field names: the guesser's for 'g', else the referee's (as before)."""
    return Mode.GUESSER if field == GUESSER else Mode.REFEREE


def game_button(action: str, game_id: int, revision: int, *args: object) -> str:
    """Callback data for a button tied to one game at one revision."""
    return encode(action, game_id, revision, *args)


def decode(data: str, declared: frozenset[str] = frozenset()) -> Callback:
    """The Callback in a button's data, or BadCallback. `declared`: the actions features declare beside the ones
    named here (a command's own buttons), whose fields come as they are (its feature reads them: `decode_id`...)."""
    action, *fields = data.split(":")
    if action == MATCH:
        if len(fields) < 2:
            raise BadCallback(data)
        return Callback(action, revision=decode_id(fields[1]), args=tuple(fields[2:]), match_id=decode_id(fields[0]))
    if action in GAME_ACTIONS:
        if len(fields) < 2:
            raise BadCallback(data)
        return Callback(action, decode_id(fields[0]), decode_id(fields[1]), tuple(fields[2:]))
    if action == REMATCH:
        if len(fields) != 1:
            raise BadCallback(data)
        return Callback(action, match_id=decode_id(fields[0]))
    if action == AGAIN:
        if len(fields) != 1:
            raise BadCallback(data)
        return Callback(action, decode_id(fields[0]))
    if action in {NEW, SETTING, RULES, SETTINGS, LANGUAGE} | SCOREBOARD_ACTIONS or action in declared:
        return Callback(action, args=tuple(fields))
    raise BadCallback(data)


def score_arg(answer: Score) -> str:
    """A score as two digits, '12' (lengths go up to 6, so one digit each)."""
    return f"{answer.bulls}{answer.cows}"


def id_field(text: str) -> int | None:
    """The id (of a game, a match, a turn, a user) in a button's field, or None if it is not one we could have made.

    >>> id_field("42"), id_field("99999999999999999999"), id_field("²")
    (42, None, None)
    """
    return int(text) if _ID.fullmatch(text) else None


def decode_id(text: str) -> int:
    """The id or number in a field (small enough for the database), or BadCallback."""
    number = id_field(text)
    if number is None:
        raise BadCallback(text)
    return number


def decode_score(text: str) -> Score:
    """The score in a '12' field, or BadCallback."""
    if len(text) != 2 or id_field(text) is None:
        raise BadCallback(text)
    return Score(int(text[0]), int(text[1]))


def decode_setting(fields: tuple[str, ...]) -> Setting | None:
    """The setting a settings panel's button names (its first field), or None for a letter no panel shows.

    >>> decode_setting(("a",)), decode_setting(("v", "classic")), decode_setting(("q",)), decode_setting(())
    (<Setting.ATTEMPTS: 'a'>, <Setting.PRESET: 'v'>, None, None)
    """
    try:
        return Setting(fields[0]) if fields else None
    except ValueError:
        return None
