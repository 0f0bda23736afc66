"""What players type is read in the words of their chat's language, listed in its catalogue: a language made up at
test time (every text marked, every word with an x before it) is spoken and understood with no code of its own."""

from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

import bot.chats.languages
import bot.i18n
import bot.texts
from bot.i18n import DOMAIN, WORDS, Catalogues, po_path
from bot.parsing.commands import command_word
from bot.parsing.scores import parse_answer
from bot.parsing.words import listed
from bot.records.asked import top_asked
from bot.records.stats import Period
from engine.scoring import Score
from tests.bot.fakes import telegram_app
from tests.bot.members import Member

MARK = "ẍ "  # every text of the made-up language starts with it
SPEAKER = "eo"  # a language code Babel knows (its plurals, dates, numbers) and the bot has no catalogue for
UKRAINIAN_WORDS = {"words.bulls": "б, бик, бики, биків", "words.cows": "к, корова, корови, корів", "words.and": "і"}


def made_up(key: str, text: str) -> str:
    """The made-up language's text for an English one: words with an x before them ('c' is its bull, not a cow:
    its words come first in its chats), any other text marked."""
    if key.startswith(WORDS):
        return ", ".join(["x" + word for word in listed(text)] + (["c"] if key == "words.bulls" else []))
    return MARK + text if text else text


def write_catalogue(locales: Path, language: str, messages: dict[str, str | tuple[str, ...]]) -> None:
    catalog = Catalog(locale=language, domain=DOMAIN)
    for key, text in messages.items():
        catalog.add((key, key) if isinstance(text, tuple) else key, text)
    po = po_path(language, locales)
    po.parent.mkdir(parents=True)
    with po.open("wb") as out:
        write_po(out, catalog)


@pytest.fixture
def locales(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The bot's English catalogue, the made-up one (as eo), and Ukrainian answer words only, used by the bot."""
    folder = tmp_path / "locales"
    english = po_path("en", folder)
    english.parent.mkdir(parents=True)
    english.write_bytes(po_path("en").read_bytes())
    with po_path("en").open("rb") as source:
        catalog = read_po(source, domain=DOMAIN)
    messages: dict[str, str | tuple[str, ...]] = {}
    for message in catalog:
        if message.id:
            key = message.id[0] if isinstance(message.id, tuple | list) else message.id
            texts = message.string if isinstance(message.string, tuple | list) else (message.string,)
            marked = tuple(made_up(key, text) for text in texts)
            messages[key] = marked if len(marked) > 1 else marked[0]
    write_catalogue(folder, SPEAKER, messages)
    write_catalogue(folder, "uk", dict(UKRAINIAN_WORDS))
    catalogues = Catalogues(folder)
    for module in (bot.i18n, bot.texts, bot.chats.languages):
        monkeypatch.setattr(module, "CATALOGUES", catalogues)
    return folder


def test_its_answer_words_are_read_and_its_own_come_first(locales):
    assert parse_answer("1 xbull 2 xcows", SPEAKER) == Score(1, 2)
    assert parse_answer("xone xb xand xtwo xc", SPEAKER) == Score(1, 2)
    assert parse_answer("xno xbulls", SPEAKER) == Score(0, 0)
    assert parse_answer("1 bull 2 cows", SPEAKER) == Score(1, 2)  # English too, as everywhere
    assert parse_answer("2 c", SPEAKER) == Score(2, 0)  # its own 'c' is a bull
    assert parse_answer("2 c", "en") == Score(0, 2)  # an English chat's is a cow
    assert parse_answer("1 xbull 2 vacas", SPEAKER) is None


def test_its_command_and_top_words_are_read(locales):
    assert command_word("xgive up!", SPEAKER) == "giveup"
    assert command_word("XHint", SPEAKER) == "hint"
    assert command_word("xgive", SPEAKER) is None
    asked = top_asked("xweek xglobal 5", SPEAKER)
    assert (asked.period, asked.everywhere, asked.variant, asked.rating) == (Period.WEEK, True, "5", False)
    rating = top_asked("xrating xcolours", SPEAKER)
    assert (rating.rating, rating.variant) == (True, "mastermind")


def test_a_ukrainian_catalogue_with_its_answer_words_is_understood(locales):
    assert parse_answer("1 бик 2 корови", "uk") == Score(1, 2)
    assert parse_answer("1б і 2к", "uk-UA") == Score(1, 2)
    assert parse_answer("1 бик 2 корови", "en") == Score(1, 2)  # every catalogue's words, in every chat


def test_every_language_is_understood_in_every_chat_as_before_the_words_moved():
    assert parse_answer("1 бык 2 коровы", "en") == parse_answer("1 bull 2 cows", "ru") == Score(1, 2)
    assert command_word("сдаюсь", "en") == command_word("give up", "ru") == "giveup"


class Speaker(Member):
    """A player whose Telegram is in the made-up language, in their private chat."""

    def __init__(self, app, request):
        super().__init__(app, request, 7, "Zamenhof", chat_id=7, language_code=SPEAKER)


def texts(calls) -> list[str]:
    return [call.text for call in calls if call.text]


async def test_the_bot_asks_in_it_and_takes_an_answer_typed_in_its_words(locales, tmp_path):
    async with telegram_app(tmp_path / "db.sqlite3") as (app, request):
        player = Speaker(app, request)
        started = texts(await player.send("/think"))
        assert started
        assert all(text.startswith(MARK) for text in started)
        assert any("#1: <code>" in text for text in started)
        answered = texts(await player.send("1 xbull 2 xcows"))
        assert any("#2: <code>" in text for text in answered), answered
        assert all(text.startswith(MARK) for text in answered)
        unread = texts(await player.send("1 xbull 2 vacas"))
        assert unread == [made_up("gue.unreadable", bot.texts.EN["gue.unreadable"])]


async def test_its_give_up_word_ends_a_game_and_its_top_words_pick_the_board(locales, tmp_path):
    async with telegram_app(tmp_path / "db.sqlite3") as (app, request):
        player = Speaker(app, request)
        await player.send("/play")
        [gave_up] = texts(await player.send("xgive up"))
        assert MARK + "The secret was <b>" in gave_up
        [week] = texts(await player.send("/top xweek"))
        assert MARK + "this week" in week
        assert texts(await player.send("/top week")) == [week]
        [everything] = texts(await player.send("/top"))
        assert MARK + "this week" not in everything
        [unknown] = texts(await player.send("/top xfortnight"))
        names = "xclassic, xnozero, xmastermind"  # its own words for the named games
        assert unknown == bot.texts.t("variant.invalid", SPEAKER, name="xfortnight", names=names)
