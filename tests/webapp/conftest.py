"""The browser the Mini App's browser tests share: one headless Chromium per test module (tests/webapp/browser.py
says how it is found, and why the tests skip without it)."""

from collections.abc import AsyncIterator
from typing import Any

import pytest_asyncio

from tests.webapp.browser import chromium


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def browser() -> AsyncIterator[Any]:
    """A running Chromium for the module's tests, closed after its last."""
    async with chromium() as running:
        yield running
