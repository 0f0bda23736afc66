"""Where an update comes from, as every transport describes it to the Core."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Who:
    """Where an update comes from: the chat, the user, whether the chat is private."""

    chat_id: int
    user_id: int
    private: bool = True
    bot_username: str | None = None
    name: str = ""  # the user's display name, for leaderboards
    as_chat: bool = False  # posted as the group itself: an anonymous admin
    reply_to: tuple[int, str] | None = None  # the user (id, name) whose message this one replies to
    language_code: str | None = None  # the language of the user's Telegram app ('ru', 'en-GB'), if known
