"""One identity per sender: a message posted as a chat (a channel, an anonymous admin) acts as that chat, is
flood-limited like a user, and cannot act on another sender's games, though Telegram names a shared service
account as its `from`."""

from __future__ import annotations

import itertools
from typing import Any

from bot.texts import t
from tests.bot.fakes import UPDATE_IDS, telegram_app
from tests.bot.members import GROUP, Member, sent

CHANNEL_BOT = 136817688  # @Channel_Bot: the `from` of every message posted as a channel
ANONYMOUS = 1087968824  # @GroupAnonymousBot: the `from` of an anonymous admin's messages


class Ticks:
    def __init__(self) -> None:
        self.now = 1_000.0

    def __call__(self) -> float:
        return self.now


class PostedAs(Member):
    """Messages in the group posted as a chat: Telegram's service account in `from`, the chat in `sender_chat`."""

    def __init__(self, app: Any, request: Any, service: int, chat: dict[str, Any]) -> None:
        super().__init__(app, request, service, "Channel" if service == CHANNEL_BOT else "Group")
        self.posted_as = chat

    @property
    def user(self) -> dict[str, Any]:
        name = "Channel" if self.user_id == CHANNEL_BOT else "Group"
        return {"id": self.user_id, "is_bot": True, "first_name": name, "username": f"{name}_Bot"}

    def message(self, text: str, **extra: Any) -> dict[str, Any]:
        return super().message(text, sender_chat=self.posted_as, **extra)


def channel(app: Any, request: Any, channel_id: int, title: str) -> PostedAs:
    return PostedAs(app, request, CHANNEL_BOT, {"id": channel_id, "type": "channel", "title": title})


async def test_a_channel_may_start_and_stop_a_race_but_plays_in_none(tmp_path):
    async with telegram_app(tmp_path / "db.sqlite3") as (app, request):
        news, memes = channel(app, request, -1001, "News"), channel(app, request, -1002, "Memes")
        await news.send("/challenge")
        match = await app.bot_data.runtime.core.deps.store.matches.active_match(GROUP)
        assert match.started_by == -1001
        [refused] = sent(await memes.send("/g 0123"))
        assert refused.text == t("match.not_person")
        assert sent(await memes.send("0123")) == []  # a plain code posted as a chat: quiet
        [refused] = sent(await memes.send("/stop"))
        assert refused.text == t("race.stop_refused")
        [stopped] = sent(await news.send("/stop"))  # its starter may
        assert "Race stopped" in stopped.text


async def test_an_anonymous_admin_acts_as_the_group_and_may_stop_any_race(tmp_path):
    async with telegram_app(tmp_path / "db.sqlite3") as (app, request):
        ann = Member(app, request, 11, "Ann")
        admin = PostedAs(app, request, ANONYMOUS, {"id": GROUP, "type": "supergroup", "title": "Group"})
        await ann.send("/challenge")
        [stopped] = sent(await admin.send("/stop"))
        assert "Race stopped" in stopped.text


async def test_a_channel_flooding_a_race_is_limited_like_a_user_and_another_channel_is_not(tmp_path):
    async with telegram_app(tmp_path / "db.sqlite3") as (app, request):
        app.bot_data.intake.guard.monotonic = Ticks()
        ann = Member(app, request, 11, "Ann")
        flooder, other = channel(app, request, -1001, "Spam"), channel(app, request, -1002, "Calm")
        await ann.send("/challenge 5")
        codes = ["".join(p) for p in itertools.islice(itertools.permutations("1234567890", 5), 0, 8000, 100)]
        updates = [{"update_id": next(UPDATE_IDS), "message": flooder.message(f"/g {code}")} for code in codes]
        start = len(request.calls)
        await app.bot_data.intake.record(updates)
        await app.bot_data.intake.process_pending()
        await app.bot_data.sender.flush()
        answered = [c for c in sent(request.calls[start:]) if c.text == t("match.not_person")]
        assert len(answered) == 30  # its burst, not 80 of 80
        [line] = sent(await other.send("/g 13579"))
        assert line.text == t("match.not_person")  # answered: the other channel is not held back
