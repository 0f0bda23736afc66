"""The routing table: menus derived from the features' declarations, and who is asked first."""

from collections.abc import Awaitable, Callable

from bot.i18n import CATALOGUES
from bot.register import COMMANDS, GROUP_MENU, PRIVATE_MENU
from bot.routes import Chats, Route
from bot.texts import t
from bot.who import Who
from tests.bot.members import Member, sent


def test_each_menu_lists_commands_of_its_kind_of_chat_once_games_first():
    chats = {command.name: command.chats for command in COMMANDS}
    for menu, kind in ((PRIVATE_MENU, Chats.PRIVATE), (GROUP_MENU, Chats.GROUP)):
        assert len(set(menu)) == len(menu)
        # /start in a group is answered too: with where one-player games are played (and a group's deep links)
        assert all(chats[name] in (kind, Chats.ANY) or name == "start" for name in menu), menu
    assert PRIVATE_MENU[:3] == ("start", "play", "think")
    assert GROUP_MENU[:4] == ("challenge", "g", "duel", "stop")


def test_help_names_every_command_of_the_menu_of_its_chat_in_every_language():
    for language in CATALOGUES.languages:
        for key, menu in (("help", PRIVATE_MENU), ("help.group", GROUP_MENU)):
            text = t(key, language, link="")
            named = [command for command in menu if f"/{command} " in text or f"/{command}," in text]
            assert set(menu) - set(named) == {"start", "help"}, (language, key)


async def test_help_and_rules_in_a_group_answer_for_the_group(app, recorded):
    ann = Member(app, recorded, 11, "Ann")
    [help_text] = sent(await ann.send("/help"))
    link = t("group.link", url="https://t.me/bullscows_test_bot?start=play")
    assert help_text.text == t("help.group", link=link)
    [rules] = sent(await ann.send("/rules"))
    assert rules.text.startswith("<b>Rules</b>")
    assert "4 digits, no repeats" in rules.text  # the group's variant


async def _nothing(*_: object) -> None:
    return None


def test_a_route_is_asked_only_in_its_chats_and_about_its_keys():
    private = Route(Chats.PRIVATE, _nothing, frozenset({"versus"}))
    assert private.asks(Who(1, 1, private=True), "versus")
    assert not private.asks(Who(1, 1, private=True), "play")
    assert not private.asks(Who(-1, 1, private=False), "versus")
    assert Route(Chats.GROUP, _nothing).asks(Who(-1, 1, private=False), "anything")


async def test_in_a_group_deep_links_and_solo_commands_get_the_note_and_board_commands_answer(app, recorded):
    ann = Member(app, recorded, 11, "Ann")
    [note] = sent(await ann.send("/play"))
    link = t("group.link", url="https://t.me/bullscows_test_bot?start=play")
    assert note.text == t("group.private_only", link=link)
    for text in ("/start duel_5", "/start play", "/cancel", "/frobnicate"):
        assert [c.text for c in sent(await ann.send(text))] == [note.text], text
    [top] = sent(await ann.send("/top"))
    assert top.text != note.text


async def test_in_private_group_only_commands_are_explained_before_anything_else(chat):
    for command in ("/challenge", "/g", "/guess", "/duel", "/stop"):
        [reply] = sent(await chat.send(command))
        assert reply.text == t("match.group_only"), command
    [none] = sent(await chat.send("/resign"))
    assert none.text == t("vs.none")


async def test_an_unknown_command_in_private_points_to_help(chat):
    [reply] = sent(await chat.send("/frobnicate"))
    assert "/help" in reply.text


async def test_a_match_command_in_a_group_with_no_match_says_so(app, recorded):
    ann = Member(app, recorded, 11, "Ann")
    for text in ("/g 1234", "/g", "/stop", "/resign"):
        [reply] = sent(await ann.send(text))
        assert reply.text == t("match.none"), text


async def test_a_move_reads_the_chats_settings_with_whether_a_match_is_on_and_its_game_once(chat, app, monkeypatch):
    store = app.bot_data.runtime.store
    asked: list[str] = []
    for repository, names in (
        (store.settings, ("of_chat", "of_chat_playing")),
        (store.games, ("active_game", "game", "latest_game")),
        (store.matches, ("any_active", "active_match", "match", "private_duel", "awaiting_secret")),
    ):
        for name in names:
            monkeypatch.setattr(repository, name, _counted(getattr(repository, name), asked))
    await chat.send("/play")
    asked.clear()
    [scored] = sent(await chat.send("0123"))  # past the private duel's and versus' routes, asked once for both
    assert "0123" in scored.text
    # the settings and whether a match is on come in one statement, the game in another
    assert sorted(asked) == ["active_game", "of_chat_playing"]


def _counted(function: Callable[..., Awaitable[object]], asked: list[str]) -> Callable[..., Awaitable[object]]:
    async def counted(*args: object, **kwargs: object) -> object:
        asked.append(function.__name__)
        return await function(*args, **kwargs)

    return counted
