"""One user flooding the bot is slowed with one polite word, costs few messages, and other chats stay served."""

from __future__ import annotations

import json

from bot.flood import FloodGuard
from bot.players import SEEN_KEPT, SEEN_REFRESH
from bot.texts import t
from tests.bot.fakes import EPOCH, UPDATE_IDS, telegram_app
from tests.bot.members import Member, sent


class Ticks:
    """A monotonic clock for the flood guard that moves only when told to."""

    def __init__(self) -> None:
        self.now = 1_000.0

    def __call__(self) -> float:
        return self.now


async def flood(member: Member, count: int) -> None:
    """`count` messages from one user, arrived at once (all in the inbox before the first is processed)."""
    app = member.app
    texts = ["/play" if i % 2 else "1234" for i in range(count)]
    updates = [{"update_id": next(UPDATE_IDS), "message": member.message(text)} for text in texts]
    await app.bot_data.intake.record(updates)
    await app.bot_data.intake.process_pending()
    await app.bot_data.sender.flush()


async def test_two_hundred_commands_at_once_get_one_polite_reply_and_another_chat_is_answered(tmp_path):
    async with telegram_app(tmp_path / "db.sqlite3") as (app, request):
        ticks = Ticks()
        app.bot_data.intake.guard.monotonic = ticks
        ann, bob = Member(app, request, 11, "Ann").in_private(), Member(app, request, 22, "Bob").in_private()
        await bob.send("/play")

        start = len(request.calls)
        await flood(ann, 200)
        to_ann = sent(request.calls[start:], ann.chat_id)
        polite = [c for c in to_ann if c.text == str(t("flood"))]
        assert 1 <= len(polite) <= 2
        assert len(to_ann) <= 40, len(to_ann)

        [answer] = sent(await bob.send("1234"), bob.chat_id)  # right after, in the same second
        assert "🐂" in answer.text
        assert answer.text != str(t("flood"))


async def test_a_flooder_is_served_again_after_a_pause_and_warned_once_per_flood(tmp_path):
    async with telegram_app(tmp_path / "db.sqlite3") as (app, request):
        ticks = Ticks()
        app.bot_data.intake.guard.monotonic = ticks
        ann = Member(app, request, 11, "Ann").in_private()
        start = len(request.calls)
        await flood(ann, 100)
        ticks.now += 60  # a minute later the bucket is full again
        [game] = sent(await ann.send("/play"), ann.chat_id)
        assert game.text != str(t("flood"))
        await flood(ann, 100)
        polite = [c for c in sent(request.calls[start:], ann.chat_id) if c.text == str(t("flood"))]
        assert len(polite) == 2


async def test_a_flood_of_button_presses_is_always_answered_and_never_with_a_message(tmp_path):
    async with telegram_app(tmp_path / "db.sqlite3") as (app, request):
        app.bot_data.intake.guard.monotonic = Ticks()
        ann = Member(app, request, 11, "Ann").in_private()
        start = len(request.calls)
        for _ in range(60):
            await ann.press("tp:c:a:classic")
        calls = request.calls[start:]
        assert len([c for c in calls if c.method == "answerCallbackQuery"]) == 60  # no spinning button left
        assert not [c for c in sent(calls) if c.text == str(t("flood"))]


async def test_what_the_guard_refuses_is_kept_as_its_update_id_only(tmp_path):
    async with telegram_app(tmp_path / "db.sqlite3") as (app, request):
        app.bot_data.intake.guard.monotonic = Ticks()
        ann = Member(app, request, 11, "Ann").in_private()
        await flood(ann, 100)
        store = app.bot_data.runtime.store
        rows = await store.conn.execute_fetchall("SELECT update_id, payload, status FROM inbox ORDER BY update_id")
        kept = [json.loads(r["payload"]) for r in rows]
        assert {r["status"] for r in rows} == {"done"}
        assert all(payload["update_id"] == r["update_id"] for payload, r in zip(kept[:30], rows, strict=False))
        assert kept[30:] == [{}] * 70  # the burst of 30 was served; the warned one and the dropped ones are ids only
        again = {"update_id": rows[-1]["update_id"], "message": ann.message("1234")}
        before = len(request.calls)
        await app.bot_data.intake.record([again])  # a redelivery of a dropped update is still recognised
        await app.bot_data.intake.process_pending()
        await app.bot_data.sender.flush()
        assert len(request.calls) == before


def test_the_guard_forgets_calm_senders_and_remembers_at_most_its_limit():
    ticks = Ticks()
    guard = FloodGuard(monotonic=ticks, limit=1000)
    for key in range(5000):  # five thousand senders in the same instant
        assert guard.check(key) == "ok"
    assert guard.remembered == 1000
    for _ in range(31):
        verdict = guard.check(-1)
    assert verdict == "warn"  # a flooder among them is still held back
    ticks.now += guard.burst / guard.rate  # long enough for any bucket to fill again
    assert guard.check(7) == "ok"
    assert guard.remembered == 1  # the calm ones and the flooder, now calm, are forgotten
    assert guard.check(-1) == "ok"


async def test_the_names_stored_lately_are_remembered_for_an_hour_and_for_a_bounded_number_of_players(tmp_path):
    async with telegram_app(tmp_path / "db.sqlite3") as (app, _):
        stats = app.bot_data.runtime.store.players
        async with app.bot_data.runtime.store.transaction():
            for user_id in range(SEEN_KEPT + 100):
                await stats.see_player(user_id, "P", EPOCH)
            assert not stats.seen_recently(SEEN_KEPT + 99, "P", EPOCH)  # remembered once committed, not before
        assert stats.seen_recently(SEEN_KEPT + 99, "P", EPOCH)
        assert not stats.seen_recently(0, "P", EPOCH)  # forgotten: it is stored again, once
        assert len(stats._written) == SEEN_KEPT
        async with app.bot_data.runtime.store.transaction():
            await stats.see_player(1, "P", EPOCH + SEEN_REFRESH)
        assert len(stats._written) == 1  # the others are an hour old: stored again when next seen anyway
