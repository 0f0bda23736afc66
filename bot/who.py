"""Where an update comes from, as every transport describes it to the Core."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Mention:
    """A user named in a message by a text mention (Telegram resolved them: users without a @username)."""

    user_id: int
    name: str
    text: str  # how the mention reads in the message, to tell it apart from the command's other words
    is_bot: bool = False


@dataclass(frozen=True)
class Who:
    """Where an update comes from: the chat (and its forum topic, if any), the user, whether the chat is private."""

    chat_id: int
    user_id: int
    private: bool = True
    bot_username: str | None = None
    name: str = ""  # the user's display name, for leaderboards
    as_chat: bool = False  # posted as the group itself: an anonymous admin
    # sent by a person under their own account; False: posted as a chat (a channel, an anonymous admin), which may
    # start or stop a match but never plays one (no race or duel counts a chat as a player)
    person: bool = True
    reply_to: tuple[int, str] | None = None  # the user (id, name) whose message this one replies to
    language_code: str | None = None  # the language of the user's Telegram app ('ru', 'en-GB'), if known
    username: str | None = None  # the user's @username (without the @), if they have one
    mentions: tuple[Mention, ...] = ()  # users the message names by text mention
    # the forum topic the update comes from (its message_thread_id; a button press: the pressed message's), where
    # the replies go and where the chat's match is looked up; None: no topic (not a forum, or a forum's General)
    topic: int | None = None
