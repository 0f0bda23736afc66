"""Telegram's side of playing together: match timers on the JobQueue, and a chat that refuses the bot's messages."""

from __future__ import annotations

import logging
from typing import Any

from telegram.ext import CallbackContext

from bot.matches.model import Match
from bot.outgoing import tell
from bot.ports import Clock
from bot.runtime import Runtime
from bot.telegram_io.state import App

log = logging.getLogger(__name__)


def _job_name(match_id: int) -> str:
    return f"match-{match_id}"


class JobQueueTimers:
    """One JobQueue job per running match with a deadline; arming again replaces the old job."""

    def __init__(self, app: App, clock: Clock) -> None:
        self.app = app
        self.clock = clock

    def arm(self, match: Match) -> None:
        """Call back when the match's deadline passes (at once if it already has)."""
        queue = self.app.job_queue
        if queue is None or match.deadline is None:
            return
        self.disarm(match.id)
        delay = max(0.0, (match.deadline - self.clock()).total_seconds())
        # no misfire grace: a timer re-armed at start-up may run seconds late (the JobQueue starts after
        # post_init and the setup calls), and APScheduler would otherwise drop it, leaving the match running
        queue.run_once(
            self._fired,
            when=delay,
            data=match.id,
            name=_job_name(match.id),
            job_kwargs={"misfire_grace_time": None},
        )

    def disarm(self, match_id: int) -> None:
        """Drop the match's pending job, if any."""
        queue = self.app.job_queue
        if queue is None:
            return
        for job in queue.get_jobs_by_name(_job_name(match_id)):
            job.schedule_removal()

    async def _fired(self, context: CallbackContext[Any, Any, Any, Any]) -> None:
        """A match's timer fired: let the Core settle it in that chat's turn, and tell the chat."""
        match_id = context.job.data if context.job is not None else None
        assert isinstance(match_id, int)
        state = self.app.bot_data
        runtime = state.runtime
        async with runtime.store.transaction():  # the match's end and its announcement commit together
            due = await runtime.core.on_deadline(match_id)
            if due is not None:  # in the match's own forum topic, if it lives in one
                await tell(runtime.store, due, runtime.core.deps.clock())
        state.wake_sender()


async def on_unreachable(runtime: Runtime, chat_id: int) -> None:
    """Telegram refused a message to a private chat (403): let the Core settle a private duel that cannot go on,
    and queue what it says, in one transaction."""
    async with runtime.store.transaction():
        due = await runtime.core.on_unreachable(chat_id)
        if due is not None:
            await tell(runtime.store, due, runtime.core.deps.clock())
