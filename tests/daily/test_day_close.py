"""A day's challenge lasts its day (issue 34 §3.20): a daily still under way at 00:00 UTC ends there (lost, its
result recorded, its player told once, in their language), and nobody reads the day's code in a review while any
game of that day is still being played. The cheat this stops: a player starts at 23:59, reads the code in another
player's review at 00:00 and solves in one guess."""

from datetime import timedelta

import pytest

from bot.daily.close import close_days
from bot.texts import t
from tests.bot.fakes import EPOCH, Clock, telegram_app
from tests.bot.members import Member, sent

WRONG = ("0123", "4567", "8901", "2345", "6789")
MIDNIGHT = EPOCH.replace(hour=0) + timedelta(days=1)


def deps_of(app):
    return app.bot_data.runtime.core.deps


async def secret_of(app, member: Member) -> str:
    return (await deps_of(app).store.games.active_game(member.chat_id)).secret


async def guesses(app, member: Member, n: int) -> str:
    """Start today's challenge and make `n` wrong guesses in it; its code comes back."""
    await member.send("/daily")
    secret = await secret_of(app, member)
    for code in [c for c in WRONG if c != secret][:n]:
        await member.send(code)
    return secret


async def result_of(app, user_id: int) -> tuple:
    rows = await deps_of(app).store.conn.execute_fetchall(
        "SELECT outcome, guesses, finished_at FROM game_results WHERE user_id = ? AND mode = 'daily'", (user_id,)
    )
    return tuple(tuple(r) for r in rows)


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_a_daily_left_running_ends_with_its_day_and_only_then_may_the_day_be_reviewed(tmp_path, language):
    clock = Clock(EPOCH)
    async with telegram_app(tmp_path / "db.sqlite3", clock=clock) as (app, request):
        runtime = app.bot_data.runtime
        ann = Member(app, request, 11, "Ann", chat_id=11)
        late = Member(app, request, 22, "Late", chat_id=22, language_code=language)
        secret = await guesses(app, ann, 2)
        await ann.send(secret)
        clock.now = MIDNIGHT - timedelta(minutes=1)  # 23:59: a player starts the day's challenge
        await guesses(app, late, 2)
        clock.now = MIDNIGHT + timedelta(seconds=0.5)  # the day is over, its close not run yet

        [refused] = sent(await ann.send("/review daily"), 11)  # the late player would read the code here
        assert refused.text == t("review.daily.closing")
        assert secret not in refused.text

        woken: list[int] = []
        assert await close_days(runtime.core, runtime.store, lambda: woken.append(1)) == 1
        start = len(request.calls)
        await app.bot_data.sender.flush()
        [told] = sent(request.calls[start:], 22)
        day = "1 January" if language == "en" else "1 января"
        assert told.text == t("daily.expired", language, day=day, n=2, secret=secret)
        if language == "ru":
            said = "⌛ Игра с кодом дня за 1 января закончилась вместе с днём: код не отгадан за 2 хода"
            assert told.text.startswith(said)
        assert [label for label, _ in told.buttons] == [t("btn.review", language)]
        assert await result_of(app, 22) == (("lost", 2, "2025-01-02T00:00:00.000+00:00"),)  # ended where its day did
        assert await deps_of(app).store.games.active_game(22) is None

        assert await close_days(runtime.core, runtime.store, lambda: woken.append(1)) == 0  # told once
        review = [c for c in sent(await ann.send("/review daily"), 11) if c.text.startswith("📊 <b>")]
        assert len(review) == 1  # every game of the day has ended: the review opens
        replies = sent(await late.send(secret), 22)  # too late: no daily runs, nothing is scored
        assert not any("🐂" in r.text for r in replies)
        assert await result_of(app, 22) == (("lost", 2, "2025-01-02T00:00:00.000+00:00"),)


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_a_word_to_a_daily_whose_day_is_over_ends_it_there_instead_of_playing_it(tmp_path, language):
    clock = Clock(EPOCH)
    async with telegram_app(tmp_path / "db.sqlite3", clock=clock) as (app, request):
        runtime = app.bot_data.runtime
        late = Member(app, request, 22, "Late", chat_id=22, language_code=language)
        secret = await guesses(app, late, 1)
        clock.now = MIDNIGHT + timedelta(seconds=0.5)  # before the day's close reached it
        [told] = sent(await late.send(secret), 22)
        day = "1 January" if language == "en" else "1 января"
        assert told.text == t("daily.expired", language, day=day, n=1, secret=secret)
        assert await result_of(app, 22) == (("lost", 1, "2025-01-02T00:00:00.000+00:00"),)  # not won at 00:00
        assert await close_days(runtime.core, runtime.store, lambda: None) == 0  # told once already


async def test_a_daily_begun_without_a_guess_ends_with_its_day_too(tmp_path):
    clock = Clock(EPOCH)
    async with telegram_app(tmp_path / "db.sqlite3", clock=clock) as (app, request):
        runtime = app.bot_data.runtime
        idle = Member(app, request, 33, "Idle", chat_id=33)
        secret = await guesses(app, idle, 0)
        clock.now = MIDNIGHT + timedelta(days=2)  # the bot was down over two midnights: closed at start-up
        assert await close_days(runtime.core, runtime.store, lambda: None) == 1
        await app.bot_data.sender.flush()
        [told] = sent(request.calls, 33)[-1:]
        assert told.text == t("daily.expired.none", day="1 January", secret=secret)
        assert await result_of(app, 33) == (("lost", 0, "2025-01-02T00:00:00.000+00:00"),)


def test_the_days_par_walked_down_the_loaded_tree_is_the_engines_own_play():
    from bot.daily.service import engine_par, walked_par
    from engine.variant import PRESETS

    classic = PRESETS["classic"]
    secrets = [classic.code(i) for i in range(0, classic.size, 97)]
    played = [engine_par(secret) for secret in secrets]  # loads the tree if it was not
    assert [walked_par(secret) for secret in secrets] == played
    assert set(played) <= set(range(1, 8))  # the optimal tree solves every classic code within 7
