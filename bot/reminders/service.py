"""Reminders, only when asked: a player switches topics on in /settings; the timer (just after each full hour) and the
events of other features find who is due one; each is decided and queued in one transaction (its reminders_sent row
and its outbox row commit together), in the player's private chat only, two a player a UTC day at most, as a bulk call
of the outbox (sent at the pace, after any reply to a player). A press on the button under a reminder, or Telegram
refusing the chat (403: the player blocked the bot), switches all of the player's reminders off."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta

from bot.chats.languages import spoken_in
from bot.deps import Deps
from bot.events import ChatUnreachable, RankedFinished
from bot.outgoing import tell
from bot.reminders import words
from bot.reminders.kinds import Due, ReminderKind, Topic, mark_beaten
from bot.reminders.store import ReminderStore
from bot.replies import Notice, Outcome

log = logging.getLogger(__name__)

PER_DAY = 2  # reminders a player a UTC day at most (the trigger reminders_at_most_two keeps it so)
CHUNK = 200  # players looked at in one transaction of a run: other updates wait for it (bench/reminders_bench.py)
KEEP_SENT = timedelta(days=8)  # a reminder's row is kept this long: longer than any occasion (a week)


def store(deps: Deps) -> ReminderStore:
    """The reminders' repository on the Store's connection."""
    return deps.store.repository(ReminderStore)


async def topics(deps: Deps, user_id: int) -> set[str]:
    """The topics the player switched on."""
    return await store(deps).topics(user_id)


async def toggle(deps: Deps, user_id: int, topic: Topic) -> set[str]:
    """Switch one topic of the player's on (at the hour it is now) or off; the topics on after it come back."""
    async with deps.transaction():
        on = topic not in await store(deps).topics(user_id)
        await store(deps).switch(user_id, topic, on, deps.clock())
        return await store(deps).topics(user_id)


async def switch_off(deps: Deps, user_id: int) -> int:
    """Switch every reminder of the player's off; how many topics were on comes back."""
    async with deps.transaction():
        return await store(deps).switch_off(user_id)


async def remind(deps: Deps, topic: Topic, due: Due, now: datetime) -> bool:
    """Queue one reminder in the player's private chat, inside the caller's transaction, if the player still wants
    the topic and has not had one of it for this occasion nor two today; whether it was queued."""
    if due.user_id <= 0:  # a group's or a channel's id: never
        return False
    if not await store(deps).record(due.user_id, topic, due.occasion, now):
        return False
    language = await spoken_in(deps, due.user_id)
    reply = words.reminder(language, due.words(language))
    await tell(deps.store, Notice(due.user_id, Outcome.say(reply)), now, bulk=True, stale_at=due.stale_at)
    return True


async def run(deps: Deps, kinds: Sequence[ReminderKind], wake: Callable[[], None], chunk: int = CHUNK) -> int:
    """Find and queue the reminders due now, kind by kind in the register's order (the first kinds get a player's
    two a day first), a chunk of players a transaction, waking the sender after each; how many were queued."""
    now = deps.clock()
    queued = 0
    for kind in kinds:
        if kind.find is None:
            continue
        after = 0
        while True:
            async with deps.transaction():
                wishes = await store(deps).wishes(kind.topic, after, chunk)
                made = [await remind(deps, kind.topic, due, now) for due in await kind.find(deps, now, wishes)]
            if any(made):
                wake()
            queued += sum(made)
            if len(wishes) < chunk:
                break
            after = wishes[-1].user_id
    async with deps.transaction():
        await store(deps).prune(now - KEEP_SENT)
    if queued:
        log.info("reminders: %d queued", queued)
    return queued


async def on_unreachable(deps: Deps, event: ChatUnreachable) -> None:
    """Telegram refused the player's private chat (they blocked the bot): their reminders are switched off."""
    if event.chat_id > 0 and await store(deps).switch_off(event.chat_id):
        log.info("reminders of %s switched off: the chat refuses messages", event.chat_id)


async def on_ranked_finished(deps: Deps, event: RankedFinished) -> None:
    """A ranked secret's two games are over: if the second beat the mark the first set, its setter is told, if they
    asked (in the transaction of the game that beat it)."""
    due = mark_beaten(event)
    if due is not None:
        await remind(deps, Topic.RANKED, due, event.at)
