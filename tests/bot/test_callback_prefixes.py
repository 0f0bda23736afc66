"""Every button's first field (its prefix) means one thing: the kernel's (bot/callback_data.py's PREFIXES) and each
feature's own (declared by its button routes in bot/register.py) are distinct and short, and a letter in a later
field is spelled through one named constant of that field, so 'g' is the settings at the front, the guesser in a
mode field, everyone in a scoreboard's scope, a one-player game in a review's, and a give-up among a puzzle's or a
ranked game's verbs: each a name of its own, none a second literal. The spellings are those of buttons already in
chats, unchanged: an old button still does what it said."""

from __future__ import annotations

from collections import defaultdict

import pytest

from bot import callback_data as cb
from bot.chats.settings import Setting
from bot.games.model import Mode
from bot.league import screens as league_screens
from bot.puzzles import screens as puzzle_screens
from bot.ranked import screens as ranked_screens
from bot.register import button_routes
from bot.reminders import words as reminder_words
from bot.review import screens as review_screens
from bot.storm import screens as storm_screens
from tests.bot.fakes import runtime_on

SHORT = 2  # bytes a prefix takes at most: the rest of the 64 bytes are the button's fields


def test_the_kernels_prefixes_are_distinct_short_and_every_one_named():
    spelled = list(cb.PREFIXES.values())
    assert len(spelled) == len(set(spelled)), {p: [n for n, v in cb.PREFIXES.items() if v == p] for p in spelled}
    assert set(spelled) == cb.NAMED_ACTIONS
    assert all(0 < len(p.encode()) <= SHORT and p.isascii() and p.isalpha() for p in spelled)


async def test_each_features_own_prefix_is_its_alone_and_no_kernel_one(tmp_path):
    async with runtime_on(tmp_path / "bot.sqlite3") as runtime:
        claimed: dict[str, set[str]] = defaultdict(set)
        for route in button_routes(runtime.core.features):
            owner = type(route.handler.__self__).__name__  # type: ignore[attr-defined]
            for prefix in route.only or ():
                claimed[prefix].add(owner)
    own = {prefix: owners for prefix, owners in claimed.items() if prefix not in cb.NAMED_ACTIONS}
    assert own, "the features declare prefixes of their own (pz, rk, sm...)"
    assert {prefix for prefix, owners in own.items() if len(owners) > 1} == set()
    assert all(0 < len(prefix.encode()) <= SHORT and prefix.isascii() for prefix in own)
    named = {
        puzzle_screens.ACTION,
        ranked_screens.ACTION,
        storm_screens.ACTION,
        league_screens.ACTION,
        review_screens.REVIEW,
        *reminder_words.ACTIONS,
    }
    assert named == set(own)  # every one declared by a constant of its feature, and these are all there are


@pytest.mark.parametrize(
    ("field", "codes"),
    [
        ("a one-player game's mode", [*cb.MODES.values(), cb.CONFIRM_VERSUS, cb.CONFIRM_DAILY]),
        ("a scoreboard's scope", [cb.THIS_CHAT, cb.EVERY_CHAT]),
        ("a review's first field", [review_screens.OF_GAME, review_screens.OF_MATCH, review_screens.RETRY]),
        (
            "a puzzle's verb",
            [puzzle_screens.GIVE_UP, puzzle_screens.NEXT, puzzle_screens.DAILY, puzzle_screens.BOARD],
        ),
        (
            "a ranked screen's verb",
            [
                ranked_screens.NEW,
                ranked_screens.YES,
                ranked_screens.GIVE_UP,
                ranked_screens.LIST,
                ranked_screens.SHOW,
            ],
        ),
        (
            "a Storm verb",
            [
                storm_screens.STOP,
                storm_screens.AGAIN,
                storm_screens.BOARDS,
                storm_screens.JOIN,
                storm_screens.START,
                storm_screens.ANOTHER,
            ],
        ),
        ("a setting", [setting.value for setting in Setting]),
    ],
)
def test_within_a_field_each_code_means_one_thing(field, codes):
    assert len(codes) == len(set(codes)), field


def test_a_mode_field_reads_back_as_the_mode_it_spells():
    assert {mode: cb.mode_of(cb.mode_field(mode)) for mode in Mode} == {mode: mode for mode in Mode}
    assert cb.mode_of("") == Mode.REFEREE  # a NEW without a mode, as /start's older buttons were: /play


@pytest.mark.parametrize(
    ("data", "action", "args"),
    [
        ("g", cb.SETTINGS, ()),  # ⚙️ Settings under /start, as every /start since the first sent it
        ("n:g", cb.NEW, (cb.GUESSER,)),
        ("tp:g:a:classic", cb.TOP, (cb.EVERY_CHAT, "a", "classic")),
        ("rt:c:classic", cb.RATING, (cb.THIS_CHAT, "classic")),
    ],
)
def test_buttons_already_in_chats_decode_as_they_meant(data, action, args):
    pressed = cb.decode(data)
    assert (pressed.action, pressed.args) == (action, args)


def test_a_reviews_and_a_puzzles_g_keep_their_meaning_on_old_buttons():
    assert review_screens.game_data(42) == "rv:g:42"
    assert cb.encode(puzzle_screens.ACTION, puzzle_screens.GIVE_UP, 7) == "pz:g:7"
    assert cb.encode(ranked_screens.ACTION, ranked_screens.GIVE_UP, 3, 1) == "rk:g:3:1"
