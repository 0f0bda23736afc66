"""Inline mode, in-process: @bot in any chat offers the daily (result or invitation), race and duel invitations
and a stats card, answered once through the outbox; the race link's /start race starts a race in the group."""

import json
from typing import Any

from bot.inline.routes import CACHE_SECONDS
from bot.links import DUEL_ME, Opened
from bot.texts import plain, t
from tests.bot.fakes import UPDATE_IDS, Call, RecordingRequest, handle
from tests.bot.members import Chat, Member, sent, without_awards
from tests.race.test_race import the_race, wrong_code

BOT = "bullscows_test_bot"


async def ask(app, request: RecordingRequest, query: str = "", language: str | None = "en", user_id: int = 1001):
    """Send an inline query as user `user_id`; the calls the bot made come back."""
    user: dict[str, Any] = {"id": user_id, "is_bot": False, "first_name": "Ann"}
    if language:
        user["language_code"] = language
    inline = {"id": f"q{next(UPDATE_IDS)}", "from": user, "query": query, "offset": ""}
    start = len(request.calls)
    await handle(app, {"update_id": next(UPDATE_IDS), "inline_query": inline})
    return request.calls[start:]


def answer(calls: list[Call]) -> dict[str, Any]:
    """The one answerInlineQuery among the calls, its results decoded."""
    [call] = [c for c in calls if c.method == "answerInlineQuery"]
    params = dict(call.params)
    if isinstance(params["results"], str):
        params["results"] = json.loads(params["results"])
    return params


def urls(result: dict[str, Any]) -> list[str]:
    markup = result.get("reply_markup") or {}
    return [b["url"] for row in markup.get("inline_keyboard", []) for b in row]


def by_id(results: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {r["id"].split(":", 1)[0]: r for r in results}


async def test_before_the_daily_an_inline_query_offers_an_invitation_race_and_duel_links_and_stats(app, recorded):
    given = answer(await ask(app, recorded))
    assert given["is_personal"] is True
    assert int(given["cache_time"]) == CACHE_SECONDS <= 60
    results = given["results"]
    assert [r["id"].split(":", 1)[0] for r in results] == ["invite", "race", "duel", "stats"]
    assert all(r["type"] == "article" for r in results)
    assert all(r["input_message_content"]["parse_mode"] == "HTML" for r in results)
    found = by_id(results)
    assert found["invite"]["title"] == plain(t("inline.invite.title"))
    assert "Bulls &amp; Cows daily 2025-01-01" in found["invite"]["input_message_content"]["message_text"]
    assert urls(found["invite"]) == [f"https://t.me/{BOT}?start=daily"]
    assert urls(found["race"]) == [f"https://t.me/{BOT}?startgroup=race"]
    [duel_me] = urls(found["duel"])
    payload = duel_me.removeprefix(f"https://t.me/{BOT}?start=")
    deps = app.bot_data.runtime.core.deps
    assert deps.links.open(DUEL_ME, payload, deps.clock()) == Opened(1001)  # signed, naming Ann
    assert DUEL_ME == "duelme_"
    assert "<b>Ann</b> challenges you" in found["duel"]["input_message_content"]["message_text"]
    assert found["stats"]["description"] == plain(t("inline.stats.none"))
    assert all("callback_data" not in b for r in results for row in r["reply_markup"]["inline_keyboard"] for b in row)


async def test_titles_and_texts_follow_the_users_telegram_language(app, recorded):
    found = by_id(answer(await ask(app, recorded, language="ru-RU"))["results"])
    assert found["race"]["title"] == plain(t("inline.race.title", "ru")) == "🏁 Гонка со мной"
    assert found["duel"]["description"] == plain(t("inline.duel.description", "ru"))
    assert "вызывает тебя на дуэль" in found["duel"]["input_message_content"]["message_text"]
    assert found["invite"]["reply_markup"]["inline_keyboard"][0][0]["text"] == t("daily.btn.open", "ru")


async def test_after_the_daily_the_result_is_its_spoiler_free_grid_and_the_stats_card_counts_it(app, recorded):
    chat = Chat(app, recorded)
    await chat.send("/daily")
    deps = app.bot_data.runtime.core.deps
    secret = (await deps.store.games.active_game(chat.chat_id)).secret
    await chat.send(next(c for c in ("0123", "4567", "8901") if c != secret))
    [_, share, _] = without_awards(sent(await chat.send(secret)))
    found = by_id(answer(await ask(app, recorded))["results"])
    daily = found["daily"]
    assert daily["id"] == "daily:2025-01-01"
    assert daily["title"] == plain(t("inline.daily.title"))
    assert daily["input_message_content"]["message_text"] == share.text
    assert "🐂🐂🐂🐂" in daily["input_message_content"]["message_text"]
    assert secret not in daily["input_message_content"]["message_text"]
    assert daily["description"].startswith("🐂 Bulls & Cows daily 1 January — solved in 2")
    card = found["stats"]["input_message_content"]["message_text"]
    assert "Games 1 · won 1 · clean 1" in card
    assert "Best <b>2</b>" in card
    assert found["stats"]["description"] == "Games 1 · won 1 · clean 1"
    assert urls(found["stats"]) == [f"https://t.me/{BOT}?start=play"]


async def test_the_stats_card_of_a_rated_player_shows_their_rating_line(app, recorded):
    ann, bob = Member(app, recorded, 1001, "Ann"), Member(app, recorded, 22, "Bob")
    await ann.send("/challenge")
    match, _ = await the_race(app)
    await bob.send(f"/g {wrong_code(match.secret)}")
    await ann.send(f"/g {match.secret}")
    card = by_id(answer(await ask(app, recorded))["results"])["stats"]["input_message_content"]["message_text"]
    assert card.endswith("Rating (digits) <b>1569?</b> · last game +69 · #1 of 2")
    ru = by_id(answer(await ask(app, recorded, language="ru"))["results"])["stats"]["input_message_content"]
    assert ru["message_text"].endswith("Рейтинг (цифры) <b>1569?</b> · за последнюю игру +69 · №1 из 2")


async def test_typed_words_pick_the_results_whose_title_has_them_and_other_words_show_all(app, recorded):
    assert [r["id"] for r in answer(await ask(app, recorded, "duel"))["results"]] == ["duel"]
    assert [r["id"] for r in answer(await ask(app, recorded, "гонка", language="ru"))["results"]] == ["race"]
    assert len(answer(await ask(app, recorded, "something else"))["results"]) == 4


async def test_an_inline_answer_refused_as_too_old_is_dropped_not_retried(app, recorded):
    too_old = "Bad Request: query is too old and response timeout expired or query ID is invalid"
    recorded.faults["answerInlineQuery"] = [(400, too_old, None)]
    calls = await ask(app, recorded)
    assert [c.method for c in calls] == ["answerInlineQuery"]
    store = app.bot_data.runtime.store
    async with store.conn.execute("SELECT COUNT(*) FROM outbox WHERE status = 'pending'") as cursor:
        assert (await cursor.fetchone())[0] == 0


async def test_the_race_link_adds_the_bot_to_a_group_where_start_race_starts_a_race_like_challenge(app, recorded):
    ann = Member(app, recorded, 11, "Ann")
    [started] = sent(await ann.send(f"/start@{BOT} race"))
    assert "Race!" in started.text
    match = await app.bot_data.runtime.core.deps.store.matches.active_match(ann.chat_id)
    assert match is not None
    assert match.kind == "race"
    [already] = sent(await ann.send("/start race"))
    assert already.text == t("match.already.race", "en", example="1234")


async def test_start_race_in_a_private_chat_is_the_usual_welcome(app, recorded):
    [welcome] = sent(await Chat(app, recorded).send("/start race"))
    assert "Race!" not in welcome.text


async def test_an_inline_query_delivered_twice_is_answered_once(app, recorded):
    user = {"id": 1001, "is_bot": False, "first_name": "Ann"}
    update = {"update_id": next(UPDATE_IDS), "inline_query": {"id": "q-twice", "from": user, "query": "", "offset": ""}}
    await handle(app, update)
    await handle(app, update)
    assert [c.method for c in recorded.calls].count("answerInlineQuery") == 1
