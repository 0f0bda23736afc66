"""Who sent an update: one identity per sender, whether a user or a chat posting as itself.

A message with `sender_chat` was posted as a chat: an anonymous group admin (the group itself) or a channel (a
linked channel's post, or a user posting as their channel). Telegram then names a shared service account as its
`from` user (@GroupAnonymousBot, @Channel_Bot), so that user id cannot tell two senders apart: the sender is the
chat. It is flood-limited and acts under the chat's id, but it is no person (`Who.person` is False): it may start a
race, or stop one it started, never play in a race or a duel (a player is a person: five channels of one account
are no race of six); only the group itself (an anonymous admin) holds a group admin's rights.

Where it was sent: the chat, and in a forum supergroup the topic (`topic_of`), which the replies go to.
"""

from __future__ import annotations

from telegram import Message, Update
from telegram.constants import ChatType, MessageEntityType

from bot.who import Mention, Who


def sender_id(update: Update) -> int | None:
    """The id that stands for whoever sent the update: the chat it was posted as, else the user; None if neither."""
    message = update.message or update.edited_message
    if message is not None and message.sender_chat is not None:
        return message.sender_chat.id
    user = update.effective_user
    return user.id if user is not None else None


def topic_of(update: Update) -> int | None:
    """The forum topic an update comes from: a message's, or for a button press the pressed message's; None for none.

    Only `is_topic_message` makes a thread a topic: a reply in a group without topics carries a `message_thread_id`
    too (the thread of replies it belongs to), and a message in a forum's General topic carries none. Private chats
    keep their games per chat, so they have no topics here.
    """
    query = update.callback_query
    message = query.message if query is not None else update.message or update.edited_message
    if not isinstance(message, Message) or message.chat.type == ChatType.PRIVATE or not message.is_topic_message:
        return None
    return message.message_thread_id


def who_of(update: Update, bot_username: str | None) -> Who | None:
    """Who sent an update, and where (None for updates without a chat and a sender)."""
    chat, user = update.effective_chat, update.effective_user
    if chat is None or user is None:
        return None
    message = update.message or update.edited_message
    posted_as = message.sender_chat if message is not None else None
    original = message.reply_to_message if message is not None else None
    # in a forum topic every message "replies" to the topic's opening service message: that names nobody; nor does a
    # message posted as a chat (no private chat to set a duel's secret in)
    replied = None
    if original is not None and original.forum_topic_created is None and original.sender_chat is None:
        replied = original.from_user
    reply_to = (replied.id, replied.full_name) if replied is not None and not replied.is_bot else None
    private, topic = chat.type == ChatType.PRIVATE, topic_of(update)
    if posted_as is not None:
        return Who(
            chat.id,
            posted_as.id,
            private,
            bot_username,
            posted_as.effective_name or "",
            as_chat=posted_as.id == chat.id,
            person=False,
            reply_to=reply_to,
            mentions=_mentions(message),
            topic=topic,
        )
    return Who(
        chat.id,
        user.id,
        private,
        bot_username,
        user.full_name,
        reply_to=reply_to,
        language_code=user.language_code,
        username=None if user.is_bot else user.username,
        mentions=_mentions(message),
        topic=topic,
    )


def _mentions(message: Message | None) -> tuple[Mention, ...]:
    """The users a message names by text mention (the entity carries the user; a @username one does not)."""
    if message is None or not message.entities:
        return ()
    found = message.parse_entities([MessageEntityType.TEXT_MENTION])
    return tuple(Mention(e.user.id, e.user.full_name, text, e.user.is_bot) for e, text in found.items() if e.user)
