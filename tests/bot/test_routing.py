"""The routing table: menus derived from the features' declarations, and who is asked first."""

from bot.models.who import Who
from bot.routing.routes import GROUP, PRIVATE, Route
from bot.routing.table import GROUP_MENU, PRIVATE_MENU
from bot.texts import t
from tests.bot.fakes import runtime_on


def test_the_menus_list_games_first_then_help():
    assert PRIVATE_MENU == (
        "start", "play", "think", "versus", "daily", "hint", "giveup", "undo", "reveal", "resign",
        "settings", "top", "stats", "rules", "help", "cancel", "language",
    )  # fmt: skip
    assert GROUP_MENU == (
        "challenge", "g", "duel", "stop", "resign", "daily", "top", "stats", "start", "help", "rules", "language",
        "settings",
    )  # fmt: skip


async def _nothing(*_: object) -> None:
    return None


def test_a_route_is_asked_only_in_its_chats_and_about_its_keys():
    private = Route(PRIVATE, _nothing, frozenset({"versus"}))
    assert private.asks(Who(1, 1, private=True), "versus")
    assert not private.asks(Who(1, 1, private=True), "play")
    assert not private.asks(Who(-1, 1, private=False), "versus")
    assert Route(GROUP, _nothing).asks(Who(-1, 1, private=False), "anything")


async def test_in_a_group_deep_links_and_solo_commands_get_the_note_and_board_commands_answer(tmp_path):
    async with runtime_on(tmp_path / "db.sqlite3") as runtime:
        group = Who(-100, 11, private=False, bot_username="bcbot", name="Ann")
        note = (await runtime.core.on_command(group, "play")).replies[0].text
        assert note == t("group.soon", link=t("group.link", url="https://t.me/bcbot?start=play"))
        for command, args in (("start", "duel_5"), ("start", "play"), ("cancel", ""), ("frobnicate", "")):
            assert (await runtime.core.on_command(group, command, args)).replies[0].text == note, command
        assert (await runtime.core.on_command(group, "top")).replies[0].text != note


async def test_in_private_group_only_commands_are_explained_before_anything_else(tmp_path):
    async with runtime_on(tmp_path / "db.sqlite3") as runtime:
        me = Who(5, 5)
        for command in ("challenge", "g", "guess", "duel", "stop"):
            [reply] = (await runtime.core.on_command(me, command)).replies
            assert reply.text == t("match.group_only"), command
        [none] = (await runtime.core.on_command(me, "resign")).replies
        assert none.text == t("vs.none")
