"""Games side by side and one after another: chats never cross, and an old game's buttons go stale."""

from __future__ import annotations

import pytest

from bot.texts import EN, plain
from engine.history import fits
from engine.variant import PRESETS
from tests.e2e.client import UserClient
from tests.e2e.conftest import UserFactory
from tests.e2e.games import RefereeGame, is_board, turn_line

pytestmark = pytest.mark.e2e


def test_two_players_in_their_own_chats_play_at_the_same_time(make_user: UserFactory) -> None:
    alice, bob = make_user("Alice"), make_user("Bob")
    for player in (alice, bob):
        player.send_command("/play")
    games = []
    for player in (alice, bob):
        player.wait_new("picked a secret")
        games.append(RefereeGame(player, PRESETS["classic"]))

    while any(game.won is None for game in games):  # one guess each, in turn
        for game in games:
            if game.won is None:
                game.guess()

    for game in games:
        assert fits(game.turns[-1].guess, game.turns)
        scored_here = [m["guess"] for m in map(turn_line, game.user.texts()) if m]
        assert scored_here == [turn.guess for turn in game.turns], "a chat shows guesses that are not its own"


def test_a_new_game_replaces_the_old_one_only_when_confirmed_and_old_buttons_go_stale(user: UserClient) -> None:
    user.send_command("/think")
    board = user.wait_new(is_board)

    user.send_command("/play")
    confirm = user.wait_new(lambda m: plain(EN["btn.confirm"]) in m.labels)
    kept = user.press(confirm, plain(EN["btn.keep"]))
    assert kept is not None
    assert kept.text == plain(EN["kept"])

    user.send_command("/play")
    confirm = user.wait_new(lambda m: plain(EN["btn.confirm"]) in m.labels)
    user.press(confirm, plain(EN["btn.confirm"]))
    user.wait_new("picked a secret")

    old_board = user.current(board.message_id)  # edited before the new game's first message was sent
    assert plain(EN["gue.board.closed"]) in old_board.text
    assert not old_board.keyboard  # the abandoned board keeps its answers and loses its buttons
    stale = user.press(confirm, plain(EN["btn.confirm"]))  # the used confirmation, pressed again
    assert stale is not None
    assert stale.text == plain(EN["stale"])
    RefereeGame(user, PRESETS["classic"]).guess()  # numbered #1 in the new game
