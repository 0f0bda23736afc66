"""The "🧮 Board" button: every board of a game in a private chat opens the Mini App on it."""

from __future__ import annotations

from dataclasses import replace

from bot.replies import BoardOf, Button, Outcome, Reply
from bot.texts import plain, t


def with_board_button(outcome: Outcome, url: str, language: str) -> Outcome:
    """The outcome with the Mini App's button as the last row of every reply that shows a one-player game's board
    (not a versus match's: the page plays games; replies to a private chat only: Telegram refuses web_app buttons
    elsewhere)."""
    if not any(_game_board(reply) for reply in outcome.replies):
        return outcome
    button = Button(plain(t("app.button", language)), web_app=url)
    replies = tuple(
        replace(reply, buttons=(*reply.buttons, (button,))) if _game_board(reply) else reply
        for reply in outcome.replies
    )
    return replace(outcome, replies=replies)


def _game_board(reply: Reply) -> bool:
    return reply.placement is not None and reply.placement.of == BoardOf.GAME
