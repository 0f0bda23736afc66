"""Heavy engine work stays off the event loop: big code tables are only ever built in worker threads."""

import threading
from functools import lru_cache

import pytest

from engine import variant as variant_module
from tests.bot.fakes import telegram_app
from tests.bot.members import Chat


@pytest.fixture
def table_builds(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The thread names in which any variant's code table or index was built during the test."""
    threads: list[str] = []

    def recorded(build):  # type: ignore[no-untyped-def]
        cached = lru_cache(maxsize=None)(build.__wrapped__)

        def wrapper(variant):  # type: ignore[no-untyped-def]
            threads.append(threading.current_thread().name)
            return cached(variant)

        return wrapper

    building = variant_module._all_codes

    def codes(variant):  # type: ignore[no-untyped-def]
        if variant not in variant_module._built:  # built now, not read from what was built
            threads.append(threading.current_thread().name)
        return building(variant)

    monkeypatch.setattr(variant_module, "_built", {})
    monkeypatch.setattr(variant_module, "_all_codes", codes)
    monkeypatch.setattr(variant_module, "_positions", recorded(variant_module._positions))
    return threads


async def test_a_six_digit_game_builds_its_code_table_only_in_worker_threads(tmp_path, table_builds):
    async with telegram_app(tmp_path / "db.sqlite3") as (app, request):
        chat = Chat(app, request)
        await chat.send("/play 6")
        await chat.send("012345")
        await chat.send("/cancel")
        await chat.send("/think 6")
        await chat.send("0 2")
    assert table_builds, "the game never needed its code table: the check would prove nothing"
    assert threading.main_thread().name not in table_builds
