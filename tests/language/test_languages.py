"""Who speaks what: a private chat follows the player's Telegram language until they choose one; a group speaks
the language of whoever first used the bot there until someone allowed changes it; private messages about a
group game come in the player's own language."""

from __future__ import annotations

import io
import json
from typing import Any

from bot.console import run_console
from bot.i18n import environment_language
from bot.texts import plain, t
from bot.who import Who
from tests.bot.fakes import runtime_on, telegram_app
from tests.bot.members import GROUP, Member, secret_link, sent, toasts


class Admins:
    """These users administer the group."""

    def __init__(self, *user_ids: int) -> None:
        self.user_ids = set(user_ids)

    async def is_admin(self, chat_id: int, user_id: int) -> bool:
        return user_id in self.user_ids


def buttons(call: Any) -> list[dict[str, str]]:
    markup = call.params.get("reply_markup") or {}
    markup = json.loads(markup) if isinstance(markup, str) else markup
    return [button for row in markup.get("inline_keyboard", []) for button in row]


def edits(calls: list[Any]) -> list[str]:
    return [c.params["text"] for c in calls if c.method == "editMessageText"]


async def test_a_private_chat_follows_the_telegram_language_until_the_player_chooses(tmp_path):
    async with telegram_app(tmp_path / "db.sqlite3") as (app, request):
        anya = Member(app, request, 11, "Аня", chat_id=11, language_code="ru")
        [welcome] = sent(await anya.send("/start"))
        assert "Быки и коровы" in welcome.params["text"]
        assert [b["text"] for b in buttons(welcome)][:2] == [t("btn.play", "ru"), t("btn.think", "ru")]

        anya.language_code = "en-GB"  # she switches her app to English: so does the bot, nothing was chosen
        [welcome] = sent(await anya.send("/start"))
        assert "Bulls and Cows" in welcome.params["text"]

        anya.language_code = "ru"
        [chosen] = sent(await anya.send("/language English"))
        assert chosen.params["text"] == t("lang.set", "en")
        [welcome] = sent(await anya.send("/start"))
        assert "Bulls and Cows" in welcome.params["text"]  # the choice wins over the app's language


async def test_a_language_without_a_catalogue_reads_in_english(tmp_path):
    async with telegram_app(tmp_path / "db.sqlite3") as (app, request):
        dieter = Member(app, request, 11, "Dieter", chat_id=11, language_code="de")
        [welcome] = sent(await dieter.send("/start"))
        assert "Bulls and Cows" in welcome.params["text"]
        [unknown] = sent(await dieter.send("/language deutsch"))
        assert unknown.params["text"] == t("lang.unknown", "en", name="deutsch", languages="English, Русский")


async def test_the_chooser_names_each_language_in_itself_and_redraws_in_the_new_one(tmp_path):
    async with telegram_app(tmp_path / "db.sqlite3") as (app, request):
        anya = Member(app, request, 11, "Аня", chat_id=11, language_code="ru")
        [chooser] = sent(await anya.send("/language"))
        assert chooser.params["text"] == t("lang.choose", "ru")
        offered = [(b["text"], b["callback_data"]) for b in buttons(chooser)]
        assert offered == [("English", "lg:en:11"), ("✓ Русский", "lg:ru:11")]
        assert edits(await anya.press("lg:en:11")) == [t("lang.set", "en")]


async def test_the_settings_board_switches_the_language_and_redraws_itself_in_it(tmp_path):
    async with telegram_app(tmp_path / "db.sqlite3") as (app, request):
        anya = Member(app, request, 11, "Аня", chat_id=11, language_code="ru")
        [board] = sent(await anya.send("/settings"))
        assert "<b>Настройки</b>" in board.params["text"]
        [language] = [b for b in buttons(board) if b["text"] == "🌐 Русский"]
        [redrawn] = edits(await anya.press(language["callback_data"]))
        assert "<b>Settings</b>" in redrawn
        [welcome] = sent(await anya.send("/start"))
        assert "Bulls and Cows" in welcome.params["text"]


async def test_a_group_speaks_the_language_of_whoever_first_used_the_bot_there(tmp_path):
    async with telegram_app(tmp_path / "db.sqlite3") as (app, request):
        app.bot_data.runtime.core.deps.admins = Admins()
        ann = Member(app, request, 11, "Ann", language_code="ru")
        bob = Member(app, request, 22, "Bob", language_code="en")
        [race] = sent(await ann.send("/challenge"))
        assert "<b>Гонка!</b>" in race.params["text"]
        [line] = sent(await bob.send("/g 1234"))
        assert "Bob #1 <code>1234</code> →" in line.params["text"]
        [note] = sent(await bob.send("/stop"))  # refused in the group's language, not Bob's
        assert note.params["text"] == t("race.stop_refused", "ru")


async def test_only_a_group_admin_changes_the_group_language_by_button_or_by_name(tmp_path):
    async with telegram_app(tmp_path / "db.sqlite3") as (app, request):
        app.bot_data.runtime.core.deps.admins = Admins(13)
        ann, bob, cat = (Member(app, request, uid, name, language_code="ru") for uid, name in enumerate("ABC", 11))
        [chooser] = sent(await bob.send("/language"))  # anyone may open the chooser
        assert chooser.params["text"] == t("lang.choose", "ru")
        assert toasts(await ann.press("lg:en:12")) == [t("lang.admins", "ru")]
        assert toasts(await bob.press("lg:en:12")) == [t("lang.admins", "ru")]  # asking is not enough
        [refused] = sent(await ann.send("/language en"))
        assert refused.params["text"] == t("lang.admins", "ru")
        assert edits(await cat.press("lg:en:12")) == [t("lang.set", "en")]
        [direct] = sent(await cat.send("/language ru"))
        assert direct.params["text"] == t("lang.set", "ru")


async def test_duel_messages_in_private_come_in_the_players_language_and_in_the_group_in_the_groups(tmp_path):
    async with telegram_app(tmp_path / "db.sqlite3") as (app, request):
        ann = Member(app, request, 11, "Ann", language_code="ru")
        bob = Member(app, request, 22, "Bob", language_code="en")
        [invite] = sent(await ann.send("/duel", reply_to=bob))
        assert "вызывает на дуэль" in invite.params["text"]
        accept = next(b["callback_data"] for b in buttons(invite) if b["text"] == t("btn.accept", "ru"))
        await bob.press(accept)
        match = await app.bot_data.runtime.core.deps.store.matches.active_match(GROUP)
        [ask] = sent(await bob.in_private().send(f"/start {secret_link(app, match.id)}"))
        assert ask.params["text"].startswith("Your secret for the duel")
        calls = await bob.in_private().send("5678")
        [mine] = sent(calls, bob.user_id)
        [group] = sent(calls, GROUP)
        assert mine.params["text"].startswith("🔒 Your secret is <b>5678</b>")
        assert group.params["text"] == t("duel.secret.group", "ru", name="Bob")
        await ann.in_private().send(f"/start {secret_link(app, match.id)}")
        await ann.in_private().send("2460")
        await bob.send("/resign")
        reveal = [c.params["text"] for c in sent(request.calls, bob.user_id)][-1]
        assert reveal == t("duel.reveal", "en", opponent="Ann", secret="2460")


async def test_typed_give_up_and_hint_words_work_in_russian(tmp_path):
    async with telegram_app(tmp_path / "db.sqlite3") as (app, request):
        anya = Member(app, request, 5, "Аня", chat_id=5, language_code="ru")
        await anya.send("/play")
        [hint] = sent(await anya.send("подсказка"))
        assert " цифра — <b>" in hint.text
        [ending] = sent(await anya.send("Сдаюсь!"))
        assert ending.text.startswith("🎯 <b>Твои ходы</b> · 4 цифры без повторов\n")
        assert "\nЯ загадал <b>" in ending.text


async def test_the_console_plays_in_the_terminal_language(tmp_path):
    async with runtime_on(tmp_path / "db.sqlite3") as runtime:
        out = io.StringIO()
        who = Who(0, 0, language_code=environment_language({"LANG": "ru_RU.UTF-8"}))
        assert await run_console(runtime.core, who, io.StringIO("/play\n"), out) == 0
    assert plain(t("console.intro", "ru")) in out.getvalue()
    assert "Я загадал код: 4 цифры без повторов. Твой ход!" in out.getvalue()


def test_the_terminal_language_is_read_as_gettext_reads_it():
    assert environment_language({"LANGUAGE": "ru:en", "LANG": "en_US.UTF-8"}) == "ru"
    assert environment_language({"LANG": "ru_RU.UTF-8"}) == "ru_RU"
    assert environment_language({"LANG": "C.UTF-8"}) is None
    assert environment_language({}) is None


def test_decimals_are_written_with_the_languages_separator():
    from bot.texts import decimal_text

    assert (decimal_text(2.75, 2, "en"), decimal_text(2.75, 2, "ru")) == ("2.75", "2,75")
    assert decimal_text(1.0, 1, "ru") == "1,0"


def test_a_catalogue_named_with_a_code_babel_does_not_know_formats_numbers_and_dates_as_the_source_language(
    monkeypatch,
):
    from bot import texts

    monkeypatch.setattr(texts.CATALOGUES, "supported", lambda language: language)  # as if bot/locales/xx existed
    assert texts.decimal_text(2.75, 2, "xx") == "2.75"
    assert texts.date_text("2026-11-25", "xx") == "25 November"
    assert texts.date_text("2026-11-25", "uk") == "25 листопада"  # a code Babel knows keeps its own
