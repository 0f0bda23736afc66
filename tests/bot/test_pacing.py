"""The bot's pace: at most `rate` posting calls reach Telegram in any `period`, whatever the network takes; a reply to a
player goes before any reminder waiting, and reminders leave room for replies; the sender marks each reminder's call
as bulk and sends reminders a few chats at a time, behind the replies."""

import asyncio
import itertools
import random
import time
from typing import Any

import pytest

from bot.outgoing import tell
from bot.replies import Notice, Outcome, Reply
from bot.telegram_io import pacing
from bot.telegram_io.pacing import ChatPacing, Pace, bulk_calls
from bot.texts import Html
from tests.bot.fakes import EPOCH, RecordingRequest, telegram_app

RATE, PERIOD = 5, 0.04


class Tally:
    """What a stand-in for Telegram saw: each call's admission order, start and end."""

    def __init__(self) -> None:
        self.order = itertools.count()
        self.calls: list[tuple[int, float, float, bool]] = []  # (admitted as, start, end, bulk)

    async def call(self, pace: Pace, bulk: bool, latency: float) -> None:
        async with pace.place(bulk):
            admitted, start = next(self.order), time.monotonic()
            await asyncio.sleep(latency)
            end = time.monotonic()
        self.calls.append((admitted, start, end, bulk))


def crowding(calls: list[tuple[int, float, float, bool]], period: float) -> int:
    """The most calls any one call found in flight or answered within `period` before it was made, itself included:
    more than the rate, and that many could have reached Telegram within one period (each arrived between its start
    and its end)."""
    most = 0
    for admitted, start, _, _ in calls:
        before = [c for c in calls if c[0] < admitted and c[2] > start - period]
        most = max(most, len(before) + 1)
    return most


@pytest.mark.parametrize("seed", range(3))
async def test_no_more_calls_than_the_rate_can_reach_telegram_within_any_period(seed):
    rng = random.Random(seed)
    pace, tally = Pace(RATE, PERIOD, reserve=2), Tally()
    await asyncio.gather(
        *(tally.call(pace, rng.random() < 0.7, rng.choice((0.0, 0.001, 0.01, 0.03))) for _ in range(60))
    )
    assert len(tally.calls) == 60
    assert crowding(tally.calls, PERIOD) <= RATE
    assert crowding([c for c in tally.calls if c[3]], PERIOD) <= RATE  # bulk ones among them too


async def test_reminders_leave_room_for_replies_which_then_never_wait():
    pace, tally = Pace(RATE, PERIOD, reserve=2), Tally()
    reminders = [asyncio.create_task(tally.call(pace, True, 0.002)) for _ in range(40)]
    await asyncio.sleep(PERIOD / 2)  # the reminders fill the pace, up to its reserve
    assert pace.bulk_waits > 0
    await asyncio.gather(*(tally.call(pace, False, 0.002) for _ in range(2)))
    assert pace.reply_waits == 0
    await asyncio.gather(*reminders)


async def test_replies_more_than_the_reserve_go_before_every_reminder_waiting():
    pace, tally = Pace(RATE, PERIOD, reserve=2), Tally()
    reminders = [asyncio.create_task(tally.call(pace, True, 0.002)) for _ in range(40)]
    await asyncio.sleep(PERIOD / 2)
    await asyncio.gather(*(tally.call(pace, False, 0.002) for _ in range(RATE * 2)))
    assert pace.reply_waits > 0  # some had to wait for the pace...
    await asyncio.gather(*reminders)
    replies = sorted(admitted for admitted, _, _, bulk in tally.calls if not bulk)
    between = [a for a, _, _, bulk in tally.calls if bulk and replies[0] < a < replies[-1]]
    assert between == []  # ...and no reminder went while any did


async def test_chat_pacing_holds_a_place_for_each_try_of_a_chats_call_as_the_task_says():
    pace = Pace(RATE, PERIOD, reserve=2)
    limiter = ChatPacing(pace, group_max_rate=0, max_retries=0)
    seen = []

    async def call(**_: Any) -> bool:
        seen.append((pace._flying, pacing._BULK.get()))
        return True

    await limiter.process_request(call, (), {}, "sendMessage", {"chat_id": 7}, None)
    with bulk_calls():
        await limiter.process_request(call, (), {}, "sendMessage", {"chat_id": 8}, None)
    await limiter.process_request(call, (), {}, "answerCallbackQuery", {"callback_query_id": "1"}, None)
    await limiter.process_request(call, (), {}, "getChatAdministrators", {"chat_id": -5}, None)
    assert seen == [(1, False), (1, True), (0, False), (0, False)]  # a place for the chats' messages only


class Watching(RecordingRequest):
    """Records whether each call was made as a bulk call, and how many bulk calls were under way at once."""

    def __init__(self) -> None:
        super().__init__()
        self.bulk: dict[int, bool] = {}
        self.flying = self.most = 0
        self.all_sent = asyncio.Event()
        self.expected = 0  # messages to send before all_sent is set
        self.done = 0

    async def do_request(self, url: str, method: str, request_data: Any = None, **kwargs: Any) -> tuple[int, bytes]:
        bulk = pacing._BULK.get()
        if url.endswith("sendMessage") and request_data is not None:
            self.bulk[int(request_data.parameters["chat_id"])] = bulk
        self.flying += bulk
        self.most = max(self.most, self.flying)
        try:
            await asyncio.sleep(0.005 if bulk else 0)
            return await super().do_request(url, method, request_data, **kwargs)
        finally:
            self.flying -= bulk
            self.done += url.endswith("sendMessage")
            if self.expected and self.done >= self.expected:
                self.all_sent.set()


async def test_the_sender_sends_reminders_as_bulk_calls_a_few_chats_at_a_time_after_the_replies(tmp_path, monkeypatch):
    monkeypatch.setattr("tests.bot.fakes.RecordingRequest", Watching)
    async with telegram_app(tmp_path / "db.sqlite3") as (app, recorded):
        assert isinstance(recorded, Watching)
        store, sender = app.bot_data.runtime.store, app.bot_data.sender
        sender.bulk_lanes = 3
        async with store.transaction():
            for chat in range(2000, 2030):
                await tell(store, Notice(chat, Outcome.say(Reply(Html("reminder")))), EPOCH, bulk=True)
            await tell(store, Notice(3000, Outcome.say(Reply(Html("your move")))), EPOCH)
        recorded.expected = 31
        sender.start()
        sender.wake()
        await asyncio.wait_for(recorded.all_sent.wait(), 30)
        order = [int(c.params["chat_id"]) for c in recorded.calls if c.method == "sendMessage"]
    assert sorted(order) == [*range(2000, 2030), 3000]
    assert order.index(3000) < 3  # the reply went first (or beside the first reminders)
    assert recorded.bulk == {**dict.fromkeys(range(2000, 2030), True), 3000: False}
    assert recorded.most <= 3
