"""One user flooding the bot is slowed with one polite word, costs few messages, and other chats stay served."""

from __future__ import annotations

from bot.telegram_io.app import INTAKE
from bot.telegram_io.handlers import SENDER
from bot.texts import t
from tests.bot.fakes import UPDATE_IDS, telegram_app
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
    await app.bot_data[INTAKE].record(updates)
    await app.bot_data[INTAKE].process_pending()
    await app.bot_data[SENDER].flush()


async def test_two_hundred_commands_at_once_get_one_polite_reply_and_another_chat_is_answered(tmp_path):
    async with telegram_app(tmp_path / "db.sqlite3") as (app, request):
        ticks = Ticks()
        app.bot_data[INTAKE].guard.monotonic = ticks
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
        app.bot_data[INTAKE].guard.monotonic = ticks
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
        app.bot_data[INTAKE].guard.monotonic = Ticks()
        ann = Member(app, request, 11, "Ann").in_private()
        start = len(request.calls)
        for _ in range(60):
            await ann.press("tp:c:a:classic")
        calls = request.calls[start:]
        assert len([c for c in calls if c.method == "answerCallbackQuery"]) == 60  # no spinning button left
        assert not [c for c in sent(calls) if c.text == str(t("flood"))]
