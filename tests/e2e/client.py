"""Simulated Telegram users for the end-to-end tests: they talk to the local Bot API emulator over HTTP.

A `UserClient` is one user in one chat. It sends texts, commands and button presses, and reads what the
bot sent to that chat: every new message and every edit arrives as an event, in order, and the client
keeps a view of each message's latest text and keyboard. Waiting is polling with a deadline, never a
fixed sleep. Standard library only, so the tests need nothing the project does not already have.
"""

from __future__ import annotations

import html
import json
import re
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

DEFAULT_TIMEOUT = 15.0  # generous for two shared cores; a healthy round trip takes milliseconds
POLL_INTERVAL = 0.01
BOT_USER_ID = 666  # the emulator's bot

Json = dict[str, Any]


class EmulatorError(RuntimeError):
    """The emulator refused a request; str() is its description."""


@dataclass(frozen=True)
class Button:
    """One inline keyboard button."""

    text: str
    callback_data: str | None = None
    url: str | None = None


@dataclass(frozen=True)
class BotMessage:
    """A bot message as it stood when the client last read it."""

    message_id: int
    chat_id: int
    text: str  # as the user sees it: HTML tags removed, entities decoded
    raw_text: str  # as the bot sent it
    keyboard: tuple[tuple[Button, ...], ...] = ()
    edited: bool = False  # this snapshot came from an edit (not the first sending)
    reply_to: int | None = None

    @property
    def buttons(self) -> list[Button]:
        """Every button of the inline keyboard, row by row."""
        return [button for row in self.keyboard for button in row]

    @property
    def labels(self) -> list[str]:
        """The labels of every button, row by row."""
        return [button.text for button in self.buttons]

    def button(self, which: str | Callable[[Button], bool]) -> Button:
        """The button whose label or callback data is `which` (exactly, or else as the only partial match),
        or the only one a predicate accepts."""
        if callable(which):
            chosen = [b for b in self.buttons if which(b)]
            if len(chosen) != 1:
                raise AssertionError(f"{len(chosen)} buttons match {_name(which)}: {self.describe()}")
            return chosen[0]
        exact = [b for b in self.buttons if which in (b.text, b.callback_data)]
        if len(exact) == 1:
            return exact[0]
        partial = [b for b in self.buttons if which in b.text]
        if not exact and len(partial) == 1:
            return partial[0]
        found = "several" if exact or partial else "no"
        raise AssertionError(f"{found} buttons match {which!r} in message {self.message_id}: {self.describe()}")

    def describe(self) -> str:
        """A one-message summary for failure reports."""
        rows = " / ".join(" | ".join(f"{b.text} [{b.callback_data}]" for b in row) for row in self.keyboard)
        kind = "edit" if self.edited else "new"
        return f"#{self.message_id} ({kind}) {self.text!r}" + (f" keyboard: {rows}" if rows else "")


@dataclass(frozen=True)
class CallbackAnswer:
    """How the bot answered a button press (answerCallbackQuery)."""

    text: str | None
    show_alert: bool


Predicate = Callable[[BotMessage], bool]


def plain_text(text: str, parse_mode: str | None) -> str:
    """The text a user sees for a message sent with this parse mode (HTML is the only one decoded)."""
    if (parse_mode or "").upper() != "HTML":
        return text
    return html.unescape(re.sub(r"<[^>]*>", "", text))


class Emulator:
    """The emulator's HTTP API: the user side at the root, plus a few inspection endpoints."""

    def __init__(self, base_url: str) -> None:
        self.base_url = base_url.rstrip("/")

    @property
    def bot_base_url(self) -> str:
        """What the bot takes as TELEGRAM_BASE_URL (PTB appends the token)."""
        return f"{self.base_url}/bot"

    def post(self, path: str, payload: Json) -> Any:
        """POST JSON to the emulator and return the `result`, or raise EmulatorError."""
        request = urllib.request.Request(
            f"{self.base_url}/{path.lstrip('/')}",
            data=json.dumps(payload).encode(),
            headers={"Content-Type": "application/json"},
        )
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                body = json.loads(response.read())
        except urllib.error.HTTPError as error:
            body = json.loads(error.read() or b"{}")
            raise EmulatorError(body.get("description") or body.get("message") or str(error)) from error
        if not body.get("ok", False):
            raise EmulatorError(str(body))
        return body["result"]

    def is_up(self) -> bool:
        """Whether the emulator answers at all."""
        try:
            self.post("getBotCalls", {"token": "-"})
        except (OSError, EmulatorError):
            return False
        return True

    def bot_calls(self, token: str) -> dict[str, int]:
        """How many times the bot with this token called each Bot API method."""
        calls: dict[str, int] = self.post("getBotCalls", {"token": token})
        return calls

    def my_commands(self, token: str, scope: str = "default", language_code: str = "") -> list[Json]:
        """The commands the bot registered with setMyCommands for a scope type ('all_private_chats', ...)."""
        body: Json = {"token": token, "scope": {"type": scope}}
        if language_code:
            body["language_code"] = language_code
        commands: list[Json] = self.post("getMyCommands", body)
        return commands

    def set_chat_member(self, chat_id: int, user_id: int, status: str) -> None:
        """What getChatMember answers for a user in a chat: 'creator', 'administrator', 'member' (the default)..."""
        self.post("setChatMember", {"chat_id": chat_id, "user_id": user_id, "status": status})

    def callback_answer(self, callback_query_id: str) -> CallbackAnswer | None:
        """The bot's answer to a callback query, or None if it has not answered (yet)."""
        answer = self.post("getCallbackAnswer", {"callbackQueryId": callback_query_id})
        return None if answer is None else CallbackAnswer(answer["text"], bool(answer["show_alert"]))


@dataclass
class UserClient:
    """One simulated user talking to the bot in one chat (private unless chat_id/chat_type say otherwise)."""

    emulator: Emulator
    token: str
    user_id: int
    chat_id: int | None = None
    chat_type: str = "private"
    first_name: str = "Alice"
    username: str | None = "alice"
    timeout: float = DEFAULT_TIMEOUT
    view: dict[int, BotMessage] = field(default_factory=dict)  # message id -> latest state
    events: list[BotMessage] = field(default_factory=list)  # every new message and edit, in order
    cursor: int = 0  # events before this one were consumed by a wait

    def __post_init__(self) -> None:
        if self.chat_id is None:
            self.chat_id = self.user_id

    # --- identity --------------------------------------------------------------------------------

    @property
    def user(self) -> Json:
        """The Telegram User object this client sends as."""
        user: Json = {"id": self.user_id, "is_bot": False, "first_name": self.first_name, "language_code": "en"}
        if self.username:
            user["username"] = self.username
        return user

    @property
    def chat(self) -> Json:
        """The Telegram Chat object this client sends from."""
        chat: Json = {"id": self.chat_id, "type": self.chat_type}
        if self.chat_type in ("group", "supergroup"):
            chat["title"] = "Test group"
        else:
            chat["first_name"] = self.first_name
            if self.username:
                chat["username"] = self.username
        return chat

    # --- acting ----------------------------------------------------------------------------------

    def _message(self, text: str, **extra: Any) -> Json:
        return {
            "botToken": self.token,
            "from": self.user,
            "chat": self.chat,
            "date": int(time.time()),
            "text": text,
            **extra,
        }

    def send_text(self, text: str) -> int:
        """Send a plain text message; its message id comes back."""
        result = self.emulator.post("sendMessage", self._message(text))
        return int(result["message_id"])

    def send_command(self, text: str) -> int:
        """Send a command such as '/play' or '/play mastermind' (with its bot_command entity); its id comes back."""
        if not text.startswith("/"):
            raise ValueError(f"a command starts with '/': {text!r}")
        length = len(text.split(maxsplit=1)[0])
        entities = [{"offset": 0, "length": length, "type": "bot_command"}]
        result = self.emulator.post("sendCommand", self._message(text, entities=entities))
        return int(result["message_id"])

    def press(
        self, message: BotMessage | int, button: str | Callable[[Button], bool], *, expect_answer: bool = True
    ) -> CallbackAnswer | None:
        """Press a button (by label, callback data or a predicate) on the latest state of a bot message.

        Waits until the bot answers the callback query, as every bot must, and returns that answer.
        """
        message_id = message if isinstance(message, int) else message.message_id
        current = self.current(message_id)
        target = current.button(button)
        if target.callback_data is None:
            raise AssertionError(f"button {target.text!r} has no callback data: {current.describe()}")
        payload: Json = {
            "message_id": message_id,
            "date": int(time.time()),
            "chat": self.chat,
            "from": {"id": BOT_USER_ID, "is_bot": True, "first_name": "Test Bot"},
            "text": current.text,
        }
        if current.keyboard:
            payload["reply_markup"] = {"inline_keyboard": [[_button_json(b) for b in row] for row in current.keyboard]}
        result = self.emulator.post(
            "sendCallback",
            {
                "botToken": self.token,
                "from": self.user,
                "message": payload,
                "data": target.callback_data,
                "chat_instance": str(self.chat_id),
            },
        )
        if not expect_answer:
            return None
        query_id = str(result["callback_query_id"])
        deadline = time.monotonic() + self.timeout
        while (answer := self.emulator.callback_answer(query_id)) is None:
            if time.monotonic() > deadline:
                raise AssertionError(
                    f"the bot did not answer the press of {target.text!r} [{target.callback_data}] within "
                    f"{self.timeout:.0f} s; seen since: {self._seen()}"
                )
            self.poll()
            time.sleep(POLL_INTERVAL)
        return answer

    # --- reading ---------------------------------------------------------------------------------

    def poll(self) -> list[BotMessage]:
        """Fetch what the bot sent or edited in this chat since the last poll; update the view and events."""
        fresh = []
        for item in self.emulator.post("getUpdates", {"token": self.token, "chatId": self.chat_id}):
            message = _bot_message(item, edited=int(item["messageId"]) in self.view)
            self.view[message.message_id] = message
            fresh.append(message)
        self.events.extend(fresh)
        return fresh

    def current(self, message_id: int) -> BotMessage:
        """The latest known state of a bot message in this chat."""
        self.poll()
        if message_id not in self.view:
            raise AssertionError(f"no bot message #{message_id} in chat {self.chat_id}")
        return self.view[message_id]

    def wait_for(
        self,
        predicate: Predicate | str | None = None,
        *,
        kind: str = "any",
        timeout: float | None = None,
    ) -> BotMessage:
        """The next new message or edit (kind 'new', 'edit' or 'any') that matches, consuming events up to it.

        A string predicate means "the text contains this". Fails with everything seen if none arrives in time.
        """
        check = _as_predicate(predicate)
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        while True:
            while self.cursor < len(self.events):
                event = self.events[self.cursor]
                self.cursor += 1
                if (kind == "any" or (kind == "edit") == event.edited) and check(event):
                    return event
            if time.monotonic() > deadline:
                raise AssertionError(
                    f"no {kind} bot message matching {_name(predicate)} in chat {self.chat_id} within "
                    f"{self.timeout if timeout is None else timeout:.0f} s; seen: {self._seen()}"
                )
            time.sleep(POLL_INTERVAL)
            self.poll()

    def wait_new(self, predicate: Predicate | str | None = None, *, timeout: float | None = None) -> BotMessage:
        """The next new (not edited) bot message that matches."""
        return self.wait_for(predicate, kind="new", timeout=timeout)

    def wait_edit(
        self, message: BotMessage | int, predicate: Predicate | str | None = None, *, timeout: float | None = None
    ) -> BotMessage:
        """The next edit of this message that matches."""
        message_id = message if isinstance(message, int) else message.message_id
        check = _as_predicate(predicate)

        def edit_of_the_message(message: BotMessage) -> bool:
            return message.message_id == message_id and check(message)

        edit_of_the_message.__name__ = f"#{message_id} and {_name(predicate)}"
        return self.wait_for(edit_of_the_message, kind="edit", timeout=timeout)

    def wait_messages(self, count: int, *, timeout: float | None = None) -> list[BotMessage]:
        """The next `count` new bot messages, in order."""
        return [self.wait_new(timeout=timeout) for _ in range(count)]

    def texts(self) -> list[str]:
        """The latest text of every bot message in this chat, oldest first."""
        self.poll()
        return [self.view[i].text for i in sorted(self.view)]

    def _seen(self) -> str:
        self.poll()
        recent = self.events[-12:]
        if not recent:
            return "nothing"
        return "\n  " + "\n  ".join(event.describe() for event in recent)


def text_has(*fragments: str) -> Predicate:
    """A predicate: the message text contains every fragment (case-insensitive)."""

    def check(message: BotMessage) -> bool:
        lowered = message.text.lower()
        return all(fragment.lower() in lowered for fragment in fragments)

    check.__name__ = f"text_has{fragments!r}"
    return check


def has_buttons(*labels_or_data: str) -> Predicate:
    """A predicate: the message has a keyboard with buttons of these labels or callback data."""

    def check(message: BotMessage) -> bool:
        present = {b.text for b in message.buttons} | {b.callback_data for b in message.buttons}
        return bool(message.keyboard) and all(x in present for x in labels_or_data)

    check.__name__ = f"has_buttons{labels_or_data!r}"
    return check


def _as_predicate(predicate: Predicate | str | None) -> Predicate:
    if predicate is None:
        return lambda _message: True
    if isinstance(predicate, str):
        return text_has(predicate)
    return predicate


def _name(predicate: Callable[..., bool] | str | None) -> str:
    if predicate is None:
        return "anything"
    if isinstance(predicate, str):
        return repr(predicate)
    return getattr(predicate, "__name__", repr(predicate))


def _button_json(button: Button) -> Json:
    out: Json = {"text": button.text}
    if button.callback_data is not None:
        out["callback_data"] = button.callback_data
    if button.url is not None:
        out["url"] = button.url
    return out


def _keyboard(markup: Any) -> tuple[tuple[Button, ...], ...]:
    if isinstance(markup, str):
        markup = json.loads(markup)
    if not isinstance(markup, dict):
        return ()
    rows: Iterable[Iterable[Json]] = markup.get("inline_keyboard") or ()
    return tuple(tuple(Button(b["text"], b.get("callback_data"), b.get("url")) for b in row) for row in rows)


def _bot_message(item: Json, *, edited: bool) -> BotMessage:
    message = item["message"]
    raw = str(message.get("text", ""))
    reply = message.get("reply_parameters")
    if isinstance(reply, str):  # the emulator keeps it as the bot sent it: a JSON string
        reply = json.loads(reply)
    reply_to = message.get("reply_to_message_id") or (reply or {}).get("message_id")
    return BotMessage(
        message_id=int(item["messageId"]),
        chat_id=int(message["chat_id"]),
        text=plain_text(raw, message.get("parse_mode")),
        raw_text=raw,
        keyboard=_keyboard(message.get("reply_markup")),
        edited=edited,
        reply_to=int(reply_to) if reply_to else None,
    )
