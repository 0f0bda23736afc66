"""Inline mode through the emulator: @bot offers the daily (invitation, then the result grid), race and duel
invitations and a stats card; the race link's /start race, as Telegram sends it when the bot joins a group,
starts a race there."""

from __future__ import annotations

import re

import pytest

from bot.inline.routes import CACHE_SECONDS
from bot.links import DUEL_ME
from bot.texts import plain, t
from engine.variant import PRESETS
from tests.e2e.client import Json, UserClient
from tests.e2e.conftest import UserFactory, next_id
from tests.e2e.games import RefereeGame
from tests.e2e.processes import EmulatorProcess

pytestmark = pytest.mark.e2e


def kinds(results: list[Json]) -> list[str]:
    return [str(r["id"]).split(":", 1)[0] for r in results]


def urls(result: Json) -> list[str]:
    return [b["url"] for row in result["reply_markup"]["inline_keyboard"] for b in row]


def test_an_inline_query_offers_the_daily_invitations_and_stats_then_the_daily_grid_once_played(
    user: UserClient, emulator_process: EmulatorProcess
) -> None:
    bot = emulator_process.bot_username
    first = user.ask_inline("")
    assert first.is_personal
    assert first.cache_time == CACHE_SECONDS
    assert kinds(first.results) == ["invite", "race", "duel", "stats"]
    invite, race, duel, card = first.results
    assert invite["title"] == plain(t("inline.invite.title"))
    assert urls(invite) == [f"https://t.me/{bot}?start=daily"]
    assert urls(race) == [f"https://t.me/{bot}?startgroup=race"]
    [duel_me] = urls(duel)  # signed: duelme_<user in base 36>-<expiry>-<signature>
    assert re.fullmatch(rf"https://t\.me/{bot}\?start={DUEL_ME}[0-9a-z]+-[0-9a-z]+-[\w-]{{12}}", duel_me)
    assert card["description"] == plain(t("inline.stats.none"))

    user.send_command("/daily")
    user.wait_new("Daily challenge")
    game = RefereeGame(user, PRESETS["classic"])
    game.play_to_the_end()
    share = user.wait_new("Bulls & Cows daily")

    after = user.ask_inline("")
    assert kinds(after.results) == ["daily", "race", "duel", "stats"]
    daily, *_, card = after.results
    sent = daily["input_message_content"]["message_text"]
    assert "🐂🐂🐂🐂" in sent
    assert game.turns[-1].guess not in sent
    assert plain(sent) == share.text
    assert f"solved in {len(game.turns)}" in daily["description"]
    assert card["description"].startswith("Games 1 · won 1")


def test_inline_titles_are_in_the_users_language(make_user: UserFactory) -> None:
    answer = make_user("Борис", language_code="ru").ask_inline("дуэль")
    [duel] = answer.results
    assert duel["title"] == plain(t("inline.duel.title", "ru"))
    assert re.search("Борис</b> вызывает тебя на дуэль", duel["input_message_content"]["message_text"])


def test_the_start_message_of_the_race_link_starts_a_race_in_the_group(
    make_user: UserFactory, emulator_process: EmulatorProcess
) -> None:
    group = make_user("Ann", chat_id=-(900_000 + next_id()), chat_type="supergroup")
    group.send_command(f"/start@{emulator_process.bot_username} race")  # what Telegram sends as the bot joins
    group.wait_new(plain(t("race.started", variant="", example="")).split(":")[0])
