"""Fixtures shared by every package's tests: an initialised Application on a fresh database, a private chat, and a
headless Chromium for the Mini App's browser tests."""

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
from telegram.ext import Application

from tests.bot.fakes import RecordingRequest, marked_up, telegram_app
from tests.bot.members import Chat
from tests.webapp.browser import chromium


@pytest.fixture
async def telegram(tmp_path: Path) -> AsyncIterator[tuple[Application, RecordingRequest]]:  # type: ignore[type-arg]
    """The Application on a fresh SQLite file, with the request that records what it sends; afterwards, every
    button label it sent is checked for HTML (a label is plain text: Telegram would show a tag or entity as it is),
    and every edit for one that changes nothing (Telegram refuses it: "400 message is not modified")."""
    async with telegram_app(tmp_path / "db.sqlite3") as pair:
        yield pair
    sent = [label for call in pair[1].calls for label in call.labels]
    assert marked_up(sent) == [], "button labels are plain text"
    unchanged = [(call.method, call.params.get("chat_id"), call.text[:60]) for call in pair[1].unchanged_edits()]
    assert unchanged == [], "an edit that changes nothing"


@pytest.fixture
def app(telegram: tuple[Application, RecordingRequest]) -> Application:  # type: ignore[type-arg]
    """The initialised Application."""
    return telegram[0]


@pytest.fixture
def recorded(telegram: tuple[Application, RecordingRequest]) -> RecordingRequest:
    """What the Application sent to Telegram."""
    return telegram[1]


@pytest.fixture
def chat(app: Application, recorded: RecordingRequest) -> Chat:  # type: ignore[type-arg]
    """The user's private chat with the bot."""
    return Chat(app, recorded)


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def browser() -> AsyncIterator[Any]:
    """A running Chromium for the module's Mini App browser tests (tests/webapp/browser.py says how it is found, and
    why the tests skip without it), closed after its last."""
    async with chromium() as running:
        yield running
