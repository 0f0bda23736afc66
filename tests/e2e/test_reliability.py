"""The real bot process through what real Telegram does: 429s, 5xx, resets, slow answers, crashes, start-up faults.

Every guess a user sends is stored exactly once, every stored move's reply is delivered, nobody gets "Sorry" for
a move that counted, and the bot stays up.
"""

from __future__ import annotations

import random
import re
import time

import pytest

from bot.texts import plain, t
from engine.variant import PRESETS
from tests.e2e.client import Emulator, UserClient
from tests.e2e.conftest import BotFactory, UserFactory
from tests.e2e.games import RefereeGame
from tests.e2e.processes import BotProcess

pytestmark = pytest.mark.e2e

CLASSIC = PRESETS["classic"]
SORRY = plain(t("error"))
SCORE_LINE = re.compile(r"#(\d+)\D+?(\d{4}) → (\d)🐂 (\d)🐄")
OUTGOING = ("sendMessage", "editMessageText", "answerCallbackQuery")


def no_sorry(*users: UserClient) -> None:
    for user in users:
        assert not [text for text in user.texts() if SORRY in text], f"{user.first_name} was told 'Sorry'"


def stored_guesses(bot: BotProcess, chat_id: int) -> list[str]:
    return [row[0] for row in bot.query(
        "SELECT m.guess FROM moves m JOIN games g ON g.id = m.game_id WHERE g.chat_id = ? ORDER BY g.id, m.seq", chat_id
    )]  # fmt: skip


def play_a_few(users: list[UserClient], guesses: int) -> list[RefereeGame]:
    games = []
    for user in users:
        user.send_command("/play")
        user.wait_new("picked a secret")
        games.append(RefereeGame(user, CLASSIC))
    for _ in range(guesses):
        for game in games:
            if game.won is None:
                game.guess()
    return games


@pytest.mark.parametrize(
    ("kind", "extra"),
    [("429", {"retry_after": 1}), ("500", {}), ("502", {}), ("reset", {})],
)
def test_every_move_is_stored_once_and_answered_through_send_failures(
    bot: BotProcess, emulator: Emulator, make_user: UserFactory, kind: str, extra: dict[str, int]
) -> None:
    users = [make_user(f"P{i}") for i in range(3)]
    for method in OUTGOING:
        emulator.inject(bot.token, method, kind, probability=0.25, seed=7, **extra)
    games = play_a_few(users, 4)  # each guess waits for its score: a lost reply fails here
    for user, game in zip(users, games, strict=True):
        assert stored_guesses(bot, user.chat_id) == [turn.guess for turn in game.turns]
    no_sorry(*users)
    faulted = sum(emulator.call_stats(bot.token, m).faulted for m in OUTGOING)
    assert faulted > 0, "the fault never fired: the test proved nothing"


def test_a_send_answered_after_the_timeout_is_not_lost_and_says_no_sorry(
    bot: BotProcess, emulator: Emulator, user: UserClient
) -> None:
    user.send_command("/play")
    user.wait_new("picked a secret")
    emulator.inject(bot.token, "sendMessage", "slow", count=2, delay=4)  # TELEGRAM_TIMEOUT is 3 s here
    codes = ["0123", "4567", "8901"]
    for n, code in enumerate(codes, start=1):
        user.send_text(code)
        user.wait_for(lambda m, n=n, code=code: bool(re.search(rf"#{n}\D+{code}", m.text)), timeout=30)
    time.sleep(1)  # let a late repeat arrive before counting
    user.poll()
    assert stored_guesses(bot, user.chat_id) == codes
    no_sorry(user)
    # the residue: each try that Telegram applied but answered too late shows once more; never less than once
    # each message's newest score line: a board lists every guess so far, and an old board keeps only its own
    lines = [found[-1][0] for text in user.texts() if (found := list(SCORE_LINE.finditer(text)))]
    for n in (1, 2, 3):
        assert sum(line.startswith(f"#{n}") for line in lines) >= 1, lines
    assert len(lines) <= len(codes) + 2, lines  # two slow answers: at most two repeats


def test_guesses_sent_while_the_bot_is_killed_again_and_again_are_each_stored_once_and_answered(
    bot: BotProcess, user: UserClient
) -> None:
    user.send_command("/play")
    user.wait_new("picked a secret")
    rng = random.Random(5)
    codes = [CLASSIC.code(i) for i in range(0, CLASSIC.size, 97)][:24]  # distinct codes; a win ends the game early
    sent: list[str] = []
    for round_ in range(6):
        for code in codes[round_ * 4 : round_ * 4 + 4]:
            user.send_text(code)
            sent.append(code)
            time.sleep(rng.uniform(0, 0.05))
        time.sleep(rng.uniform(0, 0.2))
        bot.kill()
        bot.start_and_wait()
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        stored = stored_guesses(bot, user.chat_id)
        if len(stored) >= len(sent) or bot.scalar("SELECT COUNT(*) FROM games WHERE status = 'won'"):
            break
        time.sleep(0.2)
    stored = stored_guesses(bot, user.chat_id)
    won = bot.scalar("SELECT COUNT(*) FROM games WHERE status = 'won'")
    expected = sent if not won else sent[: len(stored)]
    assert stored == expected, "a guess was lost or stored twice"
    assert bot.scalar("SELECT COUNT(*) FROM inbox WHERE status = 'pending'") == 0
    # every stored move's reply reached the user: the last one's board lists every guess (a board superseded
    # while unsent is never shown on its own, so the replies cannot be waited for one by one)
    user.wait_for(lambda m: bool(re.search(rf"#{len(stored)}\D", m.text)), timeout=30)
    shown = "\n".join(user.texts())
    assert all(re.search(rf"#{n}\D", shown) for n in range(1, len(stored) + 1)), shown
    no_sorry(user)


def test_transient_failures_at_start_up_are_retried_and_the_bot_serves(
    start_bot: BotFactory, emulator: Emulator, make_user: UserFactory
) -> None:
    bot = start_bot(start=False)
    emulator.inject(bot.token, "getMe", "500", count=2)
    emulator.inject(bot.token, "setMyCommands", "429", count=1, retry_after=1)
    emulator.inject(bot.token, "deleteWebhook", "slow", count=1, delay=4)
    emulator.inject(bot.token, "getUpdates", "502", count=1)
    bot.start_and_wait()
    user = UserClient(emulator, bot.token, 77_001, None, "private", first_name="Sam", username="sam77001")
    user.send_command("/play")
    user.wait_new("picked a secret")
    assert len(bot.warnings()) >= 4
    assert "Traceback" not in bot.log()


def test_a_rejected_token_exits_with_one_line_that_never_shows_the_token(
    start_bot: BotFactory, emulator: Emulator
) -> None:
    bot = start_bot(start=False)
    emulator.inject(bot.token, "getMe", "error", count=1, status=401, description="Unauthorized")
    bot.start()
    assert bot.wait_exit(timeout=10) == 2
    log = bot.log()
    assert bot.token not in log
    assert bot.token.split(":", 1)[1] not in log
    assert "Traceback" not in log
    assert "rejected BOT_TOKEN" in log


def test_webhook_mode_records_before_answering_refuses_a_wrong_secret_and_survives_a_kill(
    start_bot: BotFactory, emulator: Emulator
) -> None:
    bot = start_bot(webhook=True)
    user = UserClient(emulator, bot.token, 77_002, None, "private", first_name="Wes", username="wes77002")
    user.send_command("/play")
    user.wait_new("picked a secret")
    game = RefereeGame(user, CLASSIC)
    game.guess()

    forged = user.message_update("/cancel", update_id=9_000_001)
    assert bot.post_webhook(forged, secret="wrong") == 403
    assert bot.post_webhook(forged, secret=None) == 403
    assert bot.scalar("SELECT COUNT(*) FROM inbox WHERE update_id = 9000001") == 0
    assert bot.scalar("SELECT COUNT(*) FROM games WHERE status = 'active'") == 1

    codes = [CLASSIC.code(i) for i in range(3, CLASSIC.size, 131) if CLASSIC.code(i) != game.turns[0].guess][:5]
    for code in codes:
        user.send_text(code)
    bot.kill()
    bot.start_and_wait()
    deadline = time.monotonic() + 30
    while len(stored_guesses(bot, user.chat_id)) < 1 + len(codes) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert stored_guesses(bot, user.chat_id) == [game.turns[0].guess, *codes]
    no_sorry(user)
