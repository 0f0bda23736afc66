"""The reminders' fixtures: the Application on a fresh database with a clock the test moves."""

from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from bot.core import Core
from tests.bot.fakes import Clock, RecordingRequest, marked_up, telegram_app


@dataclass
class Bot:
    """The Application, what it sent, and its clock."""

    app: Any
    recorded: RecordingRequest
    clock: Clock

    @property
    def core(self) -> Core:
        core: Core = self.app.bot_data.runtime.core
        return core

    async def run_timer(self) -> int:
        """The reminders' timer runs once, and the sender sends what it queued; how many it queued."""
        queued = await self.core.features.reminders.run(lambda: None)
        await self.app.bot_data.sender.flush()
        return queued


@pytest.fixture
async def bot(tmp_path: Path) -> AsyncIterator[Bot]:
    """The Application at 2025-01-01 12:00 UTC (a Wednesday); afterwards its button labels are checked for HTML."""
    clock = Clock()
    async with telegram_app(tmp_path / "db.sqlite3", clock=clock) as (app, recorded):
        yield Bot(app, recorded, clock)
    assert marked_up([label for call in recorded.calls for label in call.labels]) == []
    assert recorded.unchanged_edits() == []
