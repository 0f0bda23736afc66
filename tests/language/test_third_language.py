"""A third language costs one file: a .po in the locales folder, compiled on first use, English where it is silent."""

import os
import shutil
from pathlib import Path

import pytest

import bot.chats.languages
import bot.texts
from bot.i18n import LOCALES, Catalogues, compile_catalogue, po_path
from bot.texts import t

UKRAINIAN = r"""
msgid ""
msgstr ""
"Language: uk\n"
"Content-Type: text/plain; charset=utf-8\n"

msgid "btn.play"
msgstr "🎯 Вгадую я"

msgid "ref.won"
msgid_plural "ref.won"
msgstr[0] "🎉 <b>{secret}</b>! Вгадано за {n} хід, {duration}."
msgstr[1] "🎉 <b>{secret}</b>! Вгадано за {n} ходи, {duration}."
msgstr[2] "🎉 <b>{secret}</b>! Вгадано за {n} ходів, {duration}."

msgid "ref.gave_up"
msgid_plural "ref.gave_up"
msgstr[0] ""
msgstr[1] ""
msgstr[2] ""

#, fuzzy
msgid "btn.rules"
msgstr "📖 Правила (не перевірено)"
"""


@pytest.fixture
def locales(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the bot's English catalogue plus one new file, uk, used by t()."""
    shutil.copytree(LOCALES / "en", tmp_path / "en", ignore=shutil.ignore_patterns("*.mo"))
    po = po_path("uk", tmp_path)
    po.parent.mkdir(parents=True)
    po.write_text(UKRAINIAN, encoding="utf-8")
    catalogues = Catalogues(tmp_path)
    monkeypatch.setattr(bot.texts, "CATALOGUES", catalogues)
    monkeypatch.setattr(bot.chats.languages, "CATALOGUES", catalogues)
    return tmp_path


def test_a_new_catalogue_is_found_and_used(locales):
    assert bot.texts.CATALOGUES.languages == ("en", "uk")
    assert bot.texts.CATALOGUES.supported("uk-UA") == "uk"
    assert t("btn.play", "uk") == "🎯 Вгадую я"


def test_its_plural_rules_come_from_the_language(locales):
    won = {n: t("ref.won", "uk", secret="0123", n=n, duration="5s") for n in (1, 3, 5, 21)}
    assert ["хід," in won[1], "ходи," in won[3], "ходів," in won[5], "хід," in won[21]] == [True] * 4


def test_what_it_does_not_translate_reads_in_english(locales):
    assert t("btn.think", "uk") == "🤖 I guess yours"
    assert t("ref.limit", "uk", limit=2) == "You have 2 attempts."
    assert t("btn.rules", "uk") == "📖 Rules"  # a fuzzy translation is not used until someone checks it
    assert t("ref.gave_up", "uk", secret="0123", n=2, duration="5s") == "The secret was <b>0123</b>. (2 guesses, 5s.)"


def test_the_compiled_catalogue_is_written_once_and_rebuilt_when_the_po_changes(locales):
    po = po_path("uk", locales)
    first = compile_catalogue(po)
    mo = po.with_suffix(".mo")
    assert mo.read_bytes() == first
    os.utime(po, (mo.stat().st_mtime + 10, mo.stat().st_mtime + 10))
    po.write_text(UKRAINIAN.replace("Вгадую я", "Я вгадую"), encoding="utf-8")
    os.utime(po, (mo.stat().st_mtime + 10, mo.stat().st_mtime + 10))
    assert "Я вгадую".encode() in compile_catalogue(po)
    assert "Я вгадую".encode() in mo.read_bytes()


def test_a_read_only_install_compiles_in_memory(locales, monkeypatch):
    def refuse(*args: object, **kwargs: object) -> None:
        raise PermissionError("read-only")

    monkeypatch.setattr("bot.i18n.tempfile.mkstemp", refuse)
    assert t("btn.play", "uk") == "🎯 Вгадую я"
    assert not po_path("uk", locales).with_suffix(".mo").exists()


async def test_the_bot_registers_its_menu_in_it_and_answers_its_speakers_in_it(locales, tmp_path):
    from tests.bot.fakes import telegram_app
    from tests.bot.members import Member, sent

    class Ukrainian(Member):
        @property
        def user(self) -> dict[str, object]:
            return {**super().user, "language_code": "uk"}

    from bot.telegram_io.menus import decorate

    async with telegram_app(tmp_path / "db.sqlite3") as (app, request):
        await decorate(app.bot)
        menus = {c.params.get("language_code") for c in request.calls if c.method == "setMyCommands"}
        assert menus == {None, "uk"}
        [welcome] = sent(await Ukrainian(app, request, 7, "Оля", chat_id=7).send("/start"))
        labels = [button["text"] for row in welcome.params["reply_markup"]["inline_keyboard"] for button in row]
        assert labels[:2] == ["🎯 Вгадую я", "🤖 I guess yours"]
        assert "Bulls and Cows" in welcome.params["text"]  # not translated in uk: English
