"""A complete game's review through the emulator, in English and Russian, as the player reads it.

The game is played so that its review is known without the engine's word for it: the engine's own guesses until
one code is left, then a guess that cannot win (any guess but that code loses exactly one guess: it costs 2 where
the code costs 1, so it is a blunder, the best move named is the code, and it is the turning point), then the code
(at one code left it is best). Every count is checked by brute force (the codes that fit every answer so far), the
bits are the log of their ratio, and every first guess of the classic game is best (they are all alike by symmetry).
"""

from __future__ import annotations

import math
import re

import pytest

from bot.review.screens import MARKS
from bot.texts import decimal_text, plain, t
from engine.guesser import next_guess
from engine.history import Turn, candidates
from engine.review import Label, review_game
from engine.variant import PRESETS, Code
from tests.e2e.client import BotMessage, UserClient
from tests.e2e.conftest import UserFactory
from tests.e2e.games import RefereeGame, text_pattern
from tests.e2e.processes import BotProcess

pytestmark = pytest.mark.e2e

CLASSIC = PRESETS["classic"]
MARK = "(?P<label>≈?(?:" + "|".join(re.escape(mark) for mark in MARKS.values()) + "))"


def rows_of(text: str, language: str) -> list[re.Match[str]]:
    """The review's lines, a guess each, in order: numbers, guess, score, counts, bits, label, the best move named."""
    groups = {
        "n": r"(?P<n>\d+)",
        "guess": r"(?P<guess>\d{4})",
        "score": text_pattern("score", language, bulls=r"(?P<bulls>\d)", cows=r"(?P<cows>\d)"),
        "before": r"(?P<before>\d+)",
        "after": r"(?P<after>\d+)",
        "bits": r"(?P<bits>\d+[.,]\d)",
        "label": MARK,
        "best": r"(?: \(⭐ (?P<best>\d{4})\))?",
    }
    found = [
        match
        for key in ("review.row", "review.row.won")
        for match in re.finditer("^" + text_pattern(key, language, **groups) + "$", text, re.MULTILINE)
    ]
    return sorted(found, key=lambda match: match.start())


def play_with_a_blunder(user: UserClient, bot: BotProcess, language: str) -> tuple[list[Turn], int, Code]:
    """A won /play game: the engine's guesses until one code fits, a guess that cannot win, then the code. The
    turns come back, with the blunder's number and the secret."""
    user.send_command("/play")
    started = re.compile(text_pattern("ref.started", language))
    user.wait_new(lambda message: bool(started.search(message.text)))
    secret = bot.scalar("SELECT secret FROM games WHERE user_id = ? ORDER BY id DESC LIMIT 1", user.user_id)
    game = RefereeGame(user, CLASSIC)
    while len(fitting := [CLASSIC.code(int(i)) for i in candidates(CLASSIC, game.turns)]) > 1:
        guess = next_guess(CLASSIC, game.turns)
        if guess == secret:  # not yet: the game must reach the one code left
            guess = next(code for code in fitting if code != secret)
        game.guess(guess)
    assert fitting == [secret]
    tried = {turn.guess for turn in game.turns}
    game.guess(next(CLASSIC.code(i) for i in range(CLASSIC.size) if CLASSIC.code(i) not in tried | {secret}))
    blunder = len(game.turns)
    game.guess(secret)
    assert game.won is not None
    return game.turns, blunder, secret


def check_review(message: BotMessage, language: str, turns: list[Turn], blunder: int, secret: Code) -> None:
    """The review's message says, in the language, what the game's review is known to say."""
    text = message.text
    assert len(text) <= 4096
    rows = rows_of(text, language)
    assert [int(row["n"]) for row in rows] == list(range(1, len(turns) + 1)), message.describe()
    engine = review_game(CLASSIC, turns)
    for row, turn, weighed in zip(rows, turns, engine.guesses, strict=True):
        number = int(row["n"])
        assert row["guess"] == turn.guess
        assert (int(row["bulls"]), int(row["cows"])) == (turn.answer.bulls, turn.answer.cows)
        before = len(candidates(CLASSIC, turns[: number - 1]))
        assert int(row["before"]) == before
        if number < len(turns):
            after = len(candidates(CLASSIC, turns[:number]))
            assert int(row["after"]) == after
            assert row["bits"] == decimal_text(math.log2(before / after), 1, language)
        assert row["label"] == ("" if weighed.exact else "≈") + MARKS[weighed.label]  # an estimate is marked
        named = None if weighed.among_best else weighed.weighed.best[0].guess
        assert row["best"] == named
    first, wasted, last = rows[0], rows[blunder - 1], rows[-1]
    assert int(first["before"]) == CLASSIC.size
    assert first["label"].endswith(MARKS[Label.BEST])
    assert not first["best"]
    assert (int(wasted["before"]), int(wasted["after"]), wasted["bits"]) == (1, 1, decimal_text(0.0, 1, language))
    assert wasted["label"] == MARKS[Label.BLUNDER]
    assert wasted["best"] == secret
    assert (int(last["before"]), last["label"], last["best"]) == (1, MARKS[Label.BEST], None)

    assert engine.turning_point is not None
    assert engine.turning_point.turn == blunder - 1
    assert engine.turning_point.loss == pytest.approx(1.0)
    played, best = (
        t("review.split.miss", language, guess=turns[blunder - 1].guess),
        t("review.split.won", language, guess=secret),
    )
    turning = t(
        "review.turning",
        language,
        turn=blunder,
        compared=f"{played}; {best}",  # one code fitted: the code wins, any other could not
        left=t("review.turning.left", language, guess=turns[blunder - 1].guess, n=1),
        loss=decimal_text(1.0, 2, language),
    )
    assert plain(turning) in text, message.describe()
    lost = sum(max(item.loss, 0.0) for item in engine.guesses)
    accuracy = t(
        "review.accuracy",
        language,
        accuracy=("" if engine.exact else "≈") + decimal_text(engine.start / (engine.start + lost) * 100, 1, language),
        start=decimal_text(engine.start, 2, language),
        lost=decimal_text(lost, 2, language),
    )
    assert plain(accuracy) in text
    assert (plain(t("review.estimate", language)) in text) == (not engine.exact)  # an estimate is never passed off
    for threshold in ("0.05", "0.2", "0.5"):  # the labels' thresholds, in the legend, as the language writes them
        assert threshold.replace(".", decimal_text(0.5, 1, language)[1]) in text
    assert t(f"review.label.{Label.BLUNDER.value}", language) in text


def is_review(message: BotMessage) -> bool:
    """Whether a message is a game's review (its first line a guess's)."""
    return message.text.startswith("📊") and bool(re.search(r"^#1 ", message.text, re.MULTILINE))


def test_a_won_game_is_reviewed_from_its_button_in_english(make_user: UserFactory, bot: BotProcess) -> None:
    user = make_user("Alice", language_code="en")
    turns, blunder, secret = play_with_a_blunder(user, bot, "en")
    won = next(m for m in reversed(user.events) if plain(t("btn.review", "en")) in m.labels)
    answer = user.press(won, plain(t("btn.review", "en")))
    assert answer is not None
    review = user.wait_new(is_review)
    check_review(review, "en", turns, blunder, secret)

    user.send_command("/review")  # asked again: the review kept is shown at once, the same
    assert user.wait_new(is_review).text == review.text
    assert bot.scalar("SELECT COUNT(*) FROM reviews") == 1


def test_a_won_game_is_reviewed_by_the_command_in_russian(make_user: UserFactory, bot: BotProcess) -> None:
    user = make_user("Аня", language_code="ru")
    turns, blunder, secret = play_with_a_blunder(user, bot, "ru")
    user.send_command("/review")
    review = user.wait_new(is_review)
    assert review.text.startswith(plain(t("review.title.game", "ru", variant="")).rstrip())
    check_review(review, "ru", turns, blunder, secret)
    assert "бита" in review.text
    assert "Переломным стал ход" in review.text
