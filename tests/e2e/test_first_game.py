"""A player's first evening, through the emulator, in English and in Russian (issue 21): a /play game whose
newest reply always shows every guess, the coach's count after a hint (recounted here with this file's own
scorer), and the daily challenge asking before a cancel or a hint would end or spoil it."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from itertools import permutations

import pytest

from bot.play.celebrations import CONFETTI
from bot.texts import plain, t, variant_name, variant_text
from engine.history import Turn
from engine.scoring import Score
from engine.variant import PRESETS
from tests.e2e.client import BotMessage, UserClient
from tests.e2e.conftest import UserFactory
from tests.e2e.games import RefereeGame, text_pattern, turn_lines

pytestmark = pytest.mark.e2e

CLASSIC = PRESETS["classic"]
LANGUAGES = ["en", "ru"]


def own_score(secret: str, guess: str) -> Score:
    """Bulls and cows, counted the pencil-and-paper way (not the engine's scorer)."""
    bulls = sum(s == g for s, g in zip(secret, guess, strict=True))
    common = sum(min(secret.count(d), guess.count(d)) for d in set(guess))
    return Score(bulls, common - bulls)


def fitting(turns: list[Turn], pins: dict[int, str]) -> list[str]:
    """Every classic code that gives each score and has the hinted digits in place, listed without the engine."""
    codes = ("".join(p) for p in permutations("0123456789", 4))
    return [
        c
        for c in codes
        if all(own_score(c, turn.guess) == turn.answer for turn in turns) and all(c[p] == d for p, d in pins.items())
    ]


def eventually(check: Callable[[], bool], timeout: float = 15.0) -> bool:
    """Whether `check` holds within `timeout` seconds (an edit made after a send may still be on its way)."""
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def start_play(user: UserClient, language: str) -> RefereeGame:
    user.send_command("/play")
    user.wait_new(plain(t("ref.started", language, variant=variant_text(CLASSIC, language))))
    return RefereeGame(user, CLASSIC)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_newest_reply_of_a_play_game_shows_every_guess_and_old_boards_keep_one_line(
    make_user: UserFactory, language: str
) -> None:
    user = make_user(language_code=language)
    game = start_play(user, language)
    title = plain(t("ref.board.title", language, variant=variant_name(CLASSIC, language)))
    boards: list[BotMessage] = []
    while game.won is None:
        game.guess()
        assert game.last is not None
        board = game.last
        assert board.text.startswith(title)
        shown = [(int(m["n"]), m["guess"], Score(int(m["bulls"]), int(m["cows"]))) for m in turn_lines(board.text)]
        assert shown == [(n, turn.guess, turn.answer) for n, turn in enumerate(game.turns, start=1)]
        boards.append(board)
    assert game.won.effect == CONFETTI  # the first win against the bot, cheered in a private chat
    assert plain(t("celebrate.first_win", language)) in game.won.text
    for n, old in enumerate(boards[:-1], start=1):
        line = boards[-1].text.split("\n")[n]  # the newest board's line for guess n

        def tidied(old: BotMessage = old, line: str = line) -> bool:
            now = user.current(old.message_id)
            return now.text == line and not now.keyboard

        assert eventually(tidied), f"board {n} was not cut down to {line!r}: {user.current(old.message_id).describe()}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_coachs_count_after_a_hint_is_the_number_of_codes_that_fit_it(
    make_user: UserFactory, language: str
) -> None:
    user = make_user(language_code=language)
    game = start_play(user, language)
    game.guess()
    game.guess()
    user.send_command("/hint")
    hint_line = re.compile(text_pattern("ref.board.hint", language, pattern=r"(?P<pattern>[\d_ ]+)"))
    hinted = user.wait_new(lambda m: bool(hint_line.search(m.text)))
    found = hint_line.search(hinted.text)
    assert found is not None
    pins = {p: d for p, d in enumerate(found["pattern"].split()) if d != "_"}
    assert len(pins) == 1
    [(position, digit)] = pins.items()
    # a guess the hint rules out cannot win, so the reply is sure to carry the coach's line
    tried = {turn.guess for turn in game.turns}
    guess = next(c for c in ("5912", "6084", "7320", "3476") if c[position] != digit and c not in tried)
    game.guess(guess)
    assert game.last is not None
    left = re.compile(text_pattern("ref.left", language, remaining=r"(?P<remaining>\d+)"))
    counted = left.search(game.last.text)
    expected = fitting(game.turns, pins)
    if counted is None:
        assert plain(t("ref.left.one", language)) in game.last.text
        assert len(expected) == 1
    else:
        assert int(counted["remaining"]) == len(expected), f"{game.turns} with {pins}: {game.last.text}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_daily_asks_before_a_cancel_or_a_hint(make_user: UserFactory, language: str) -> None:
    user = make_user(language_code=language)
    user.send_command("/daily")
    started = re.compile(text_pattern("daily.started", language))
    user.wait_new(lambda m: bool(started.search(m.text)))
    game = RefereeGame(user, CLASSIC)
    game.guess()

    user.send_command("/cancel")
    stop = re.compile(text_pattern("daily.confirm.cancel", language))
    asked = user.wait_new(lambda m: bool(stop.search(m.text)))
    assert [b.text for b in asked.buttons] == [plain(t("daily.btn.cancel", language)), plain(t("btn.keep", language))]
    answer = user.press(asked, plain(t("btn.keep", language)))
    assert answer is not None
    assert answer.text == plain(t("kept", language))

    user.send_text("подсказка" if language == "ru" else "hint")
    warning = plain(t("daily.confirm.hint", language))
    asked = user.wait_new(warning)
    assert not any(char.isdigit() for char in asked.text.replace(warning, ""))
    user.press(asked, plain(t("daily.btn.hint", language)))
    hint_line = re.compile(text_pattern("ref.board.hint", language, pattern=r"(?P<pattern>[\d_ ]+)"))
    board = user.wait_new(lambda m: bool(hint_line.search(m.text)))
    assert len(turn_lines(board.text)) == 1  # the daily's board: its one guess so far, and the hint

    user.send_command("/cancel")
    asked = user.wait_new(lambda m: bool(stop.search(m.text)))
    user.press(asked, plain(t("daily.btn.cancel", language)))
    ended = user.wait_new(plain(t("daily.secret", language)))
    secret = re.search(r"(\d{4})", ended.text.split("\n")[-2])
    assert secret is not None
    share = user.wait_new(lambda m: any(b.switch_inline_query == "daily" for b in m.buttons))
    assert secret[1] not in share.text
    next_one = re.compile(text_pattern("daily.next", language))
    user.wait_new(lambda m: bool(next_one.search(m.text)))
