"""The "🧮 Board" button: every board of a game in a private chat opens the Mini App on it."""

from __future__ import annotations

from dataclasses import replace

from bot.replies import Button, Outcome
from bot.texts import plain, t


def with_board_button(outcome: Outcome, url: str, language: str) -> Outcome:
    """The outcome with the Mini App's button as the last row of every reply that shows a game's board (replies to a
    private chat only: Telegram refuses web_app buttons elsewhere)."""
    if not any(reply.board is not None for reply in outcome.replies):
        return outcome
    button = Button(plain(t("app.button", language)), web_app=url)
    replies = tuple(
        replace(reply, buttons=(*reply.buttons, (button,))) if reply.board is not None else reply
        for reply in outcome.replies
    )
    return replace(outcome, replies=replies)
