"""The routing table: menus derived from the features' declarations, and who is asked first."""

from bot.models.who import Who
from bot.routing.routes import GROUP, PRIVATE, Route
from bot.routing.table import GROUP_MENU, PRIVATE_MENU


def test_the_menus_list_games_first_then_help():
    assert PRIVATE_MENU == (
        "start", "play", "think", "versus", "daily", "hint", "giveup", "undo", "reveal", "resign",
        "settings", "top", "stats", "rules", "help", "cancel",
    )  # fmt: skip
    assert GROUP_MENU == ("challenge", "g", "duel", "stop", "resign", "daily", "top", "stats", "start", "help", "rules")


async def _nothing(*_: object) -> None:
    return None


def test_a_route_is_asked_only_in_its_chats_and_about_its_keys():
    private = Route(PRIVATE, _nothing, frozenset({"versus"}))
    assert private.asks(Who(1, 1, private=True), "versus")
    assert not private.asks(Who(1, 1, private=True), "play")
    assert not private.asks(Who(-1, 1, private=False), "versus")
    assert Route(GROUP, _nothing).asks(Who(-1, 1, private=False), "anything")
