"""The one way features are tested in-process: users who send messages and press buttons in their chats, each update
delivered as Telegram would (recorded in the inbox, processed through the whole Application, its replies sent through
the outbox), and what the bot sent read back from the recording request (tests/bot/fakes.py)."""

from __future__ import annotations

import itertools
from typing import Any

from telegram.ext import Application

from tests.bot.fakes import BOT_USER, EPOCH, UPDATE_IDS, USER, Call, RecordingRequest, handle

GROUP = -100555
_message_ids = itertools.count(10_000)


class Member:
    """One user who talks in a chat (a group by default) under their own id and name."""

    def __init__(
        self,
        app: Application,
        request: RecordingRequest,
        user_id: int,
        name: str,
        chat_id: int = GROUP,  # type: ignore[type-arg]
        username: str | None = None,
        language_code: str | None = None,
        topic: int | None = None,  # a forum topic (the group is then a forum) the member writes in
        forum: bool = False,  # the group is a forum (without a topic: its General topic)
    ) -> None:
        self.app, self.request, self.user_id, self.name, self.chat_id = app, request, user_id, name, chat_id
        self.username, self.language_code = username, language_code
        self.topic, self.forum = topic, forum or topic is not None

    def in_private(self) -> Member:
        """The same user in their private chat with the bot."""
        return Member(self.app, self.request, self.user_id, self.name, self.user_id, self.username, self.language_code)

    def in_topic(self, topic: int | None) -> Member:
        """The same user in a forum topic of the same group (None: its General topic)."""
        args = (self.app, self.request, self.user_id, self.name, self.chat_id, self.username, self.language_code)
        return Member(*args, topic=topic, forum=True)

    @property
    def where(self) -> dict[str, Any]:
        """What a message in the member's topic carries (as Telegram marks a forum topic's messages)."""
        return {} if self.topic is None else {"message_thread_id": self.topic, "is_topic_message": True}

    @property
    def user(self) -> dict[str, Any]:
        user: dict[str, Any] = {"id": self.user_id, "is_bot": False, "first_name": self.name}
        if self.username:
            user["username"] = self.username
        if self.language_code:
            user["language_code"] = self.language_code
        return user

    def opener(self) -> dict[str, Any]:
        """What Telegram gives a message in a topic that replies to nothing else: a reply to the topic's first
        (service) message."""
        if self.topic is None:
            return {}
        created = {"name": f"Topic {self.topic}", "icon_color": 7322096}
        first = {"message_id": self.topic, "date": 0, "chat": self.chat, "from": self.user, **self.where}
        return {"reply_to_message": {**first, "forum_topic_created": created}}

    @property
    def chat(self) -> dict[str, Any]:
        kind = "private" if self.chat_id > 0 else "supergroup"
        chat: dict[str, Any] = {"id": self.chat_id, "type": kind, **({"title": "Group"} if self.chat_id < 0 else {})}
        return {**chat, "is_forum": True} if self.forum else chat

    def message(self, text: str, **extra: Any) -> dict[str, Any]:
        message: dict[str, Any] = {
            "message_id": next(_message_ids),
            "date": int(EPOCH.timestamp()),
            "chat": self.chat,
            "from": self.user,
            "text": text,
            **self.where,
            **self.opener(),
            **extra,
        }
        if text.startswith("/") and "entities" not in extra:
            message["entities"] = [{"type": "bot_command", "offset": 0, "length": len(text.split(" ")[0])}]
        return message

    async def send(self, text: str, reply_to: Member | None = None, **extra: Any) -> list[Call]:
        """Send a message (as a reply to another member's message if told); the bot's calls come back."""
        if reply_to is not None:
            extra["reply_to_message"] = {**reply_to.message("hi"), "chat": self.chat}
        return await self.process({"update_id": next(UPDATE_IDS), "message": self.message(text, **extra)})

    async def press(self, data: str, message_id: int | None = None) -> list[Call]:
        """Press a button with this data on a bot message (by default the newest one in this chat that has it)."""
        if message_id is None:
            message_id = self.message_with(data)
        query = {
            "id": str(next(UPDATE_IDS)),
            "from": self.user,
            "chat_instance": "ci",
            "data": data,
            "message": {
                "message_id": message_id,
                "date": 0,
                "chat": self.chat,
                "text": "…",
                "from": BOT_USER,
                **self.where,  # the pressed message is in the topic the member sees it in
            },
        }
        return await self.process({"update_id": next(UPDATE_IDS), "callback_query": query})

    async def press_label(self, label: str) -> list[Call]:
        """Press the newest button in this chat whose label contains `label`."""
        for call in reversed(self.request.calls):
            for text, data in call.buttons:
                if label in text and self._here(call):
                    return await self.press(data, message_id_of(call))
        raise AssertionError(f"no button labelled {label!r}")

    def message_with(self, data: str) -> int:
        """The id of the newest bot message in this chat that carries a button with this data (1 if none does)."""
        for call in reversed(self.request.calls):
            if self._here(call) and any(d == data for _, d in call.buttons):
                return message_id_of(call)
        return 1

    def _here(self, call: Call) -> bool:
        return "chat_id" not in call.params or int(call.params["chat_id"]) == self.chat_id

    async def process(self, data: dict[str, Any]) -> list[Call]:
        start = len(self.request.calls)
        await handle(self.app, data)
        return self.request.calls[start:]


class Chat(Member):
    """Ann (user 1001) in her private chat with the bot, or with a negative `chat_id` in a group: what most
    one-player tests want."""

    def __init__(
        self,
        app: Application,  # type: ignore[type-arg]
        request: RecordingRequest,
        chat_id: int = USER,
        user_id: int = USER,
    ) -> None:
        super().__init__(app, request, user_id, "Ann", chat_id)


def message_id_of(call: Call) -> int:
    """The id of the message a call sent or edited."""
    if "message_id" in call.params:
        return int(call.params["message_id"])
    return int(call.params["_sent_id"])


def sent(calls: list[Call], chat_id: int | None = None) -> list[Call]:
    """The messages sent among the calls (to one chat if told)."""
    return [c for c in calls if c.method == "sendMessage" and (chat_id is None or int(c.params["chat_id"]) == chat_id)]


def without_awards(messages: list[Call]) -> list[Call]:
    """The messages but the announcements of achievements ('🏅 …'), for tests of what else a move sends."""
    return [m for m in messages if not str(m.params.get("text", "")).startswith("🏅")]


def topic_of(call: Call) -> int | None:
    """The forum topic a message was sent to (None: none, which in a forum is its General topic)."""
    thread = call.params.get("message_thread_id")
    return None if thread is None else int(thread)


def toasts(calls: list[Call]) -> list[str]:
    """The texts of the callback answers among the calls."""
    return [str(c.params.get("text", "")) for c in calls if c.method == "answerCallbackQuery"]


def secret_link(app: Application, match_id: int) -> str:  # type: ignore[type-arg]
    """The payload of a duel's signed "set my secret" link, as the bot makes it (valid for a day)."""
    from datetime import timedelta

    from bot.links import DUEL_SECRET

    deps = app.bot_data.runtime.core.deps
    return str(deps.links.payload(DUEL_SECRET, match_id, deps.clock() + timedelta(days=1)))
