"""A player whose Telegram is in Russian plays both ways round in Russian; an English player stays in English;
the menus and descriptions are registered in both languages."""

from __future__ import annotations

import re

import pytest

from bot.i18n import po_path, read_catalogue
from bot.texts import plain, t
from engine.guesser import next_guess
from engine.history import Turn
from engine.scoring import Score, score
from engine.variant import PRESETS
from tests.e2e.client import BotMessage, Emulator, UserClient, has_buttons
from tests.e2e.conftest import UserFactory
from tests.e2e.processes import BotProcess

pytestmark = pytest.mark.e2e

MAX_TURNS = 15
RUSSIAN = read_catalogue(po_path("ru"))
ENGLISH_WORDS = re.compile(r"\b(?:the|guess|guesses|secret|code|you|your|bulls|cows|game)\b", re.IGNORECASE)
CYRILLIC = re.compile(r"[а-яё]", re.IGNORECASE)


def pattern(key: str, **groups: str) -> re.Pattern[str]:
    """A regex for the Russian text `key` in any of its plural forms, each {field} as given or any text."""

    def one(template: str) -> str:
        parts = re.split(r"\{(\w+)\}", plain(template))
        return "".join(re.escape(part) if i % 2 == 0 else groups.get(part, ".+?") for i, part in enumerate(parts))

    return re.compile("|".join(f"(?:{one(template)})" for template in dict.fromkeys(RUSSIAN[key])))


SCORE = r"(?P<bulls>\d)🐂 (?P<cows>\d)🐄"
TURN = pattern("ref.turn", n=r"(?P<n>\d+)", guess=r"(?P<guess>\d+)", score=SCORE)
WON = pattern("ref.won", secret=r"\d+", n=r"\d+")
ASK = pattern("gue.board.ask", n=r"(?P<n>\d+)", guess=r"(?P<guess>\d+)")
SOLVED = re.compile("|".join(f"(?:{plain(s).split('{')[0]})" for s in RUSSIAN["gue.solved"]))


def in_russian(message: BotMessage) -> bool:
    """Whether a message reads in Russian: Cyrillic words, no English ones (score lines have no words at all)."""
    words = re.sub(r"[\d#→🐂🐄\s./|]", "", message.text)
    return not ENGLISH_WORDS.search(message.text) and (not words or bool(CYRILLIC.search(message.text)))


def play_referee(player: UserClient) -> BotMessage:
    """Find the bot's secret with the engine's guesses, reading Russian replies; the winning message."""
    turns: list[Turn] = []
    for _ in range(MAX_TURNS):
        code = next_guess(PRESETS["classic"], turns)
        player.send_text(code)
        reply = player.wait_new(lambda m: bool(TURN.search(m.text) or WON.search(m.text)))
        *_, line = TURN.finditer(reply.text)  # the board lists every guess: the newest is last
        assert line["guess"] == code, reply.describe()
        turns.append(Turn(code, Score(int(line["bulls"]), int(line["cows"]))))
        if WON.search(reply.text):
            return reply
    raise AssertionError(f"no win in {MAX_TURNS} guesses: {turns}")


def play_guesser(player: UserClient, secret: str) -> BotMessage:
    """Answer the bot's guesses about `secret` by typing them in Russian; the message that names the code."""
    board = player.wait_new(lambda m: bool(ASK.search(m.text)) and bool(m.keyboard))
    forms = ("{b}б {c}к", "{b} быка {c} коровы", "{b}б{c}к", "{b} быков {c} коров")
    for turn in range(MAX_TURNS):
        asked = ASK.search(player.current(board.message_id).text)
        assert asked, player.current(board.message_id).describe()
        truth = score(secret, asked["guess"])
        player.send_text(forms[turn % len(forms)].format(b=truth.bulls, c=truth.cows))
        after = int(asked["n"])

        def next_step(message: BotMessage, after: int = after) -> bool:
            moved = ASK.search(message.text)
            return bool(moved and int(moved["n"]) > after and message.keyboard) or bool(SOLVED.search(message.text))

        shown = player.wait_for(next_step)
        if SOLVED.search(shown.text):
            return shown
        board = shown
    raise AssertionError(f"the bot did not find {secret}")


def test_a_russian_player_plays_both_ways_in_russian_and_an_english_one_stays_english(
    make_user: UserFactory, emulator: Emulator, bot: BotProcess
) -> None:
    anya = make_user("Аня", language_code="ru")
    bob = make_user("Bob", language_code="en-GB")

    anya.send_command("/start")
    welcome = anya.wait_new(has_buttons(plain(t("btn.play", "ru")), plain(t("btn.think", "ru"))))
    assert "Быки и коровы" in welcome.text
    bob.send_command("/start")
    assert "Bulls and Cows" in bob.wait_new(has_buttons(plain(t("btn.play", "en")))).text

    anya.press(welcome, plain(t("btn.play", "ru")))
    anya.wait_new("Я загадал код: 4 цифры без повторов")
    won = play_referee(anya)
    assert "Отгадано за" in won.text

    anya.send_command("/think")
    solved = play_guesser(anya, "5039")
    assert "5039" in solved.text
    assert "Отгадал за" in solved.text

    everything = list(anya.events)
    assert [m.describe() for m in everything if not in_russian(m)] == []
    labels = [label for m in everything for label in m.labels]
    assert labels
    assert [label for label in labels if ENGLISH_WORDS.search(label)] == []

    bob.send_command("/play")
    assert bob.wait_new("I've picked a secret")


def test_the_menus_and_descriptions_are_registered_in_both_languages(emulator: Emulator, bot: BotProcess) -> None:
    bot.wait_until(lambda: "command menus and descriptions set" in bot.log(), "its menus set (in the background)")
    for scope in ("all_private_chats", "all_group_chats"):
        english = {c["command"]: c["description"] for c in emulator.my_commands(bot.token, scope)}
        russian = {c["command"]: c["description"] for c in emulator.my_commands(bot.token, scope, "ru")}
        assert english
        assert english.keys() == russian.keys()
        assert english["start"] == plain(t("cmd.start", "en"))
        assert russian["start"] == plain(t("cmd.start", "ru"))
        assert "language" in russian
    assert emulator.my_description(bot.token) == plain(t("bot.description", "en"))
    assert emulator.my_description(bot.token, "ru") == plain(t("bot.description", "ru"))
    assert emulator.my_description(bot.token, "ru", short=True) == plain(t("bot.short_description", "ru"))


def test_a_russian_player_may_choose_english(make_user: UserFactory, bot: BotProcess) -> None:
    anya = make_user("Аня", language_code="ru")
    anya.send_command("/language")
    chooser = anya.wait_new(has_buttons("English", "✓ Русский"))
    assert "Выбери язык" in chooser.text

    anya.press(chooser, "English")
    assert anya.wait_for(lambda m: plain(t("lang.set", "en")) in m.text)
    anya.send_command("/start")
    assert "Bulls and Cows" in anya.wait_new(has_buttons(plain(t("btn.play", "en")))).text
