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
from collections.abc import Callable, Iterable, Sequence
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
    switch_inline_query: str | None = None  # a share button: pick a chat, '@bot <this>' is typed there
    web_app: str | None = None  # the address of the Mini App the button opens


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
    effect: str | None = None  # the message effect it was sent with (message_effect_id)
    topic: int | None = None  # the forum topic it was sent to (message_thread_id); None: none, in a forum General

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
        where = f" in topic {self.topic}" if self.topic is not None else ""
        return f"#{self.message_id} ({kind}){where} {self.text!r}" + (f" keyboard: {rows}" if rows else "")


FAULT_KINDS = ("429", "500", "502", "html", "reset", "slow", "error")


@dataclass(frozen=True)
class Call:
    """One Bot API call a bot made, as the emulator recorded it."""

    seq: int  # order of arrival across all tokens
    method: str
    at: float  # seconds since the emulator started
    chat_id: int | str | None
    params: Json  # the call's parameters (for getUpdates only offset, limit and timeout)
    fault: str | None  # the injected fault kind, if one was
    status: int | None  # the HTTP status the emulator chose (0: the connection was reset unanswered)
    applied: bool  # the call took effect (a message was sent, an edit made, updates handed out...)
    answered: bool  # the HTTP answer was written out (False: reset, or a slow answer the client gave up on)
    update_ids: tuple[int, ...] = ()  # getUpdates: the updates it returned
    error: str | None = None  # why the emulator refused it, as Telegram would ("message is not modified"...)

    @classmethod
    def from_json(cls, item: Json) -> Call:
        return cls(
            seq=int(item["seq"]),
            method=str(item["method"]),
            at=float(item["at"]),
            chat_id=item.get("chat_id"),
            params=dict(item.get("params") or {}),
            fault=item.get("fault"),
            status=item.get("status"),
            applied=bool(item.get("applied")),
            answered=bool(item.get("answered")),
            update_ids=tuple(int(i) for i in item.get("update_ids") or ()),
            error=item.get("error"),
        )


@dataclass(frozen=True)
class BotCallAnswer:
    """What a raw Bot API call got: an HTTP status and body, or no answer at all (status None, see error)."""

    status: int | None
    body: Json | None = None  # the JSON answer, if it was JSON
    text: str = ""  # the answer as text (an HTML error page, say)
    content_type: str = ""
    error: str = ""  # why there was no answer: a reset, a timeout...
    seconds: float = 0.0  # how long the call took


@dataclass(frozen=True)
class CallStats:
    """How the calls of one method went: attempted, faulted (injected), applied (took effect), ok (2xx answered)."""

    attempted: int
    faulted: int
    applied: int
    ok: int


@dataclass(frozen=True)
class InlineAnswer:
    """How the bot answered an inline query (answerInlineQuery)."""

    results: list[Json]
    cache_time: int
    is_personal: bool
    next_offset: str
    button: Json | None


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

    def my_description(self, token: str, language_code: str = "", short: bool = False) -> str:
        """The description (or short description) the bot set for a language ('' for the default)."""
        body: Json = {"token": token, "language_code": language_code}
        text: str = self.post("getMyShortDescription" if short else "getMyDescription", body)
        return text

    def set_chat_member(self, chat_id: int, user_id: int, status: str, token: str | None = None) -> None:
        """What getChatMember and getChatAdministrators answer for a user in a chat: 'creator', 'administrator',
        'member' (the default)... With `token`, that bot is also sent the `chat_member` update Telegram sends a bot
        that administers the chat."""
        self.post("setChatMember", {"chat_id": chat_id, "user_id": user_id, "status": status})
        if token is not None:
            member = {"user": {"id": user_id, "is_bot": False, "first_name": f"User {user_id}"}, "status": status}
            old = {**member, "status": "member"}
            if status == "administrator":
                rights = ("can_manage_chat", "can_delete_messages", "can_manage_video_chats", "can_restrict_members")
                member.update(dict.fromkeys(rights, True), can_be_edited=False, is_anonymous=False)
                more = ("can_promote_members", "can_change_info", "can_invite_users", "can_post_stories")
                member.update(dict.fromkeys((*more, "can_edit_stories", "can_delete_stories"), False))
            elif status == "creator":
                member["is_anonymous"] = False
            chat = {"id": chat_id, "type": "supergroup", "title": "Group"}
            by = {"id": user_id, "is_bot": False, "first_name": f"User {user_id}"}
            change = {"chat": chat, "from": by, "date": int(time.time()), "old_chat_member": old}
            self.send_raw_update(token, {"chat_member": {**change, "new_chat_member": member}})

    def set_lookup_delay(self, seconds: float) -> None:
        """How long getChatMember and getChatAdministrators take to answer (0 by default)."""
        self.post("setLookupDelay", {"seconds": seconds})

    def bot_call(self, token: str, method: str, http_timeout: float = 10, **params: Any) -> BotCallAnswer:
        """Call a Bot API method as the bot with this token would (it is recorded as the bot's), with no retry."""
        request = urllib.request.Request(
            f"{self.bot_base_url}{token}/{method}",
            data=json.dumps(params).encode(),
            headers={"Content-Type": "application/json"},
        )
        started = time.monotonic()
        try:
            with urllib.request.urlopen(request, timeout=http_timeout) as response:
                status, raw, kind = response.status, response.read(), response.headers.get("Content-Type", "")
        except urllib.error.HTTPError as error:
            status, raw, kind = error.code, error.read(), error.headers.get("Content-Type", "")
        except OSError as error:  # reset, refused, timed out
            return BotCallAnswer(None, error=repr(error), seconds=time.monotonic() - started)
        text = raw.decode(errors="replace")
        body = json.loads(text) if "json" in kind else None
        return BotCallAnswer(status, body, text, kind, seconds=time.monotonic() - started)

    # --- faults and the record of calls ------------------------------------------------------------

    def inject(
        self,
        token: str,
        method: str,
        kind: str,
        *,
        count: int | None = None,
        probability: float | None = None,
        seed: int = 0,
        chat_id: int | None = None,
        skip: int = 0,
        retry_after: int = 1,
        delay: float | None = None,
        status: int | None = None,
        description: str | None = None,
        after_apply: bool = False,
    ) -> int:
        """Make the bot's next calls of `method` ('*' for any method) fail; the rule's id comes back.

        kind: '429' (with parameters.retry_after), '500', '502', 'html' (an nginx error page, status 502 or
        `status`), 'reset' (the connection is closed unanswered; with after_apply=True only after the call took
        effect), 'slow' (the call takes effect at once, the answer comes `delay` seconds later, 5 by default),
        'error' (any Telegram error: `status`, `description`, e.g. 401 'Unauthorized').
        Which calls: the next `count` (after letting `skip` through), or each with `probability` from a
        generator seeded with `seed` (at most `count` times if both are given). Neither: the next one call.
        `chat_id` limits the rule to calls for that chat. `delay` also holds a failure's answer back.
        """
        if kind not in FAULT_KINDS:
            raise ValueError(f"kind must be one of {FAULT_KINDS}, not {kind!r}")
        body: Json = {"token": token, "method": method, "kind": kind, "seed": seed, "skip": skip}
        body["retry_after"] = retry_after
        body["after_apply"] = after_apply
        for key, value in (
            ("count", count),
            ("probability", probability),
            ("chat_id", chat_id),
            ("delay", delay),
            ("status", status),
            ("description", description),
        ):
            if value is not None:
                body[key] = value
        result = self.post("faults", body)
        return int(result["id"])

    def flood_control(
        self,
        token: str,
        *,
        group_per_minute: int | None = 20,
        chat_per_second: int | None = None,
        bot_per_second: int | None = 30,
        methods: Sequence[str] = ("sendMessage",),
    ) -> None:
        """Turn on Telegram's flood control for a bot: more than `group_per_minute` messages to one group in a
        minute, `chat_per_second` to one chat or `bot_per_second` in all in a second get a 429 with the
        retry_after that ends the wait (recorded as fault 'flood'). None: no such limit. Injected faults come
        first. `flood_control_off` ends it."""
        self.post(
            "limits",
            {
                "token": token,
                "group_per_minute": group_per_minute,
                "chat_per_second": chat_per_second,
                "bot_per_second": bot_per_second,
                "methods": list(methods),
            },
        )

    def flood_control_off(self, token: str) -> None:
        """No flood control for this bot (the default)."""
        self.post("limits", {"token": token, "off": True})

    def clear_faults(self, token: str, method: str | None = None) -> None:
        """Remove the fault rules of a token (only those of `method` if given)."""
        self.post("faults/clear", {"token": token, **({"method": method} if method else {})})

    def faults(self, token: str) -> list[Json]:
        """The fault rules of a token, each with `fired` (faults injected) and `seen` (calls matched)."""
        rules: list[Json] = self.post("faults/list", {"token": token})
        return rules

    def calls(self, token: str, method: str | None = None) -> list[Call]:
        """Every Bot API call the bot with this token made (of `method` if given), oldest first, with its outcome."""
        body: Json = {"token": token}
        if method:
            body["method"] = method
        return [Call.from_json(item) for item in self.post("calls", body)]

    def call_stats(self, token: str, method: str) -> CallStats:
        """Counts of the calls of one method: attempted, faulted, applied, ok (exact: kept apart from the record
        of calls, which keeps the last MAX_RECORDS per token)."""
        stats: dict[str, Json] = self.post("callStats", {"token": token})
        mine = stats.get(method) or {}
        return CallStats(*(int(mine.get(key, 0)) for key in ("attempted", "faulted", "applied", "ok")))

    # --- updates, webhooks, inline queries -------------------------------------------------------------

    def pending_updates(self, token: str) -> list[Json]:
        """The updates not yet confirmed by the bot (by a getUpdates offset or a 2xx from its webhook)."""
        pending: list[Json] = self.post("pendingUpdates", {"token": token})
        return pending

    def wait_confirmed(self, token: str, timeout: float = DEFAULT_TIMEOUT) -> None:
        """Wait until the bot has confirmed every update queued for it (AssertionError with the rest if not)."""
        deadline = time.monotonic() + timeout
        while pending := self.pending_updates(token):
            if time.monotonic() > deadline:
                raise AssertionError(f"{len(pending)} update(s) still unconfirmed after {timeout:.0f} s: {pending}")
            time.sleep(POLL_INTERVAL)

    def send_raw_update(self, token: str, update: Json) -> int:
        """Queue any update (`{"edited_message": {...}}`, ...) for the bot; its update_id comes back."""
        result = self.post("sendRawUpdate", {"botToken": token, "update": update})
        return int(result["update_id"])

    def webhook_info(self, token: str) -> Json:
        """What getWebhookInfo answers the bot: url, pending_update_count, last_error_message..."""
        info: Json = self.post("webhookInfo", {"token": token})
        return info

    def webhook_deliveries(self, token: str) -> list[Json]:
        """Every POST of an update to the bot's webhook: {update_id, status (None if no answer), error, at}."""
        deliveries: list[Json] = self.post("webhookDeliveries", {"token": token})
        return deliveries

    def inline_answer(self, inline_query_id: str) -> InlineAnswer | None:
        """The bot's answer to an inline query, or None if it has not answered (yet)."""
        answer = self.post("getInlineAnswer", {"inlineQueryId": inline_query_id})
        if answer is None:
            return None
        return InlineAnswer(
            results=list(answer["results"]),
            cache_time=int(answer["cache_time"]),
            is_personal=bool(answer["is_personal"]),
            next_offset=str(answer["next_offset"]),
            button=answer.get("button"),
        )

    def callback_answer(self, callback_query_id: str) -> CallbackAnswer | None:
        """The bot's answer to a callback query, or None if it has not answered (yet)."""
        answer = self.post("getCallbackAnswer", {"callbackQueryId": callback_query_id})
        return None if answer is None else CallbackAnswer(answer["text"], bool(answer["show_alert"]))


@dataclass
class UserClient:
    """One simulated user talking to the bot in one chat (private unless chat_id/chat_type say otherwise), in a forum
    supergroup's topic if `topic` says which (its General topic with `forum` and no topic)."""

    emulator: Emulator
    token: str
    user_id: int
    chat_id: int | None = None
    chat_type: str = "private"
    first_name: str = "Alice"
    username: str | None = "alice"
    language_code: str = "en"  # the language of the user's Telegram app
    topic: int | None = None  # the forum topic this user writes in (message_thread_id); the chat is then a forum
    forum: bool = False  # the chat is a forum supergroup (implied by a topic)
    timeout: float = DEFAULT_TIMEOUT
    view: dict[int, BotMessage] = field(default_factory=dict)  # message id -> latest state
    events: list[BotMessage] = field(default_factory=list)  # every new message and edit, in order
    cursor: int = 0  # events before this one were consumed by a wait
    last_update_id: int | None = None  # the update_id of the last update this user sent

    def __post_init__(self) -> None:
        if self.chat_id is None:
            self.chat_id = self.user_id

    # --- identity --------------------------------------------------------------------------------

    @property
    def user(self) -> Json:
        """The Telegram User object this client sends as."""
        user: Json = {"id": self.user_id, "is_bot": False, "first_name": self.first_name}
        user["language_code"] = self.language_code
        if self.username:
            user["username"] = self.username
        return user

    @property
    def chat(self) -> Json:
        """The Telegram Chat object this client sends from."""
        chat: Json = {"id": self.chat_id, "type": self.chat_type}
        if self.chat_type in ("group", "supergroup"):
            chat["title"] = "Test group"
            if self.forum or self.topic is not None:
                chat["is_forum"] = True
        else:
            chat["first_name"] = self.first_name
            if self.username:
                chat["username"] = self.username
        return chat

    # --- acting ----------------------------------------------------------------------------------

    @property
    def where(self) -> Json:
        """What Telegram marks a message in this user's forum topic with (nothing outside a topic)."""
        return {} if self.topic is None else {"message_thread_id": self.topic, "is_topic_message": True}

    def _message(self, text: str, **extra: Any) -> Json:
        message: Json = {
            "botToken": self.token,
            "from": self.user,
            "chat": self.chat,
            "date": int(time.time()),
            "text": text,
            **self.where,
            **extra,
        }
        if self.topic is not None and "reply_to_message" not in message:
            # Telegram makes a topic's message that replies to nothing else a reply to the topic's first message
            created = {"name": f"Topic {self.topic}", "icon_color": 7322096}
            first = {"message_id": self.topic, "date": 0, "chat": self.chat, "from": self.user, **self.where}
            message["reply_to_message"] = {**first, "forum_topic_created": created}
        return message

    def send_text(self, text: str) -> int:
        """Send a plain text message; its message id comes back."""
        result = self.emulator.post("sendMessage", self._message(text))
        self.last_update_id = int(result["update_id"])
        return int(result["message_id"])

    def send_command(self, text: str, *, reply_to: Json | None = None) -> int:
        """Send a command such as '/play' or '/play mastermind' (with its bot_command entity), as a reply to
        `reply_to` (a message as `quoted` gives it) if told; its id comes back."""
        if not text.startswith("/"):
            raise ValueError(f"a command starts with '/': {text!r}")
        length = len(text.split(maxsplit=1)[0])
        entities = [{"offset": 0, "length": length, "type": "bot_command"}]
        extra: Json = {"entities": entities}
        if reply_to is not None:
            extra["reply_to_message"] = reply_to
        result = self.emulator.post("sendCommand", self._message(text, **extra))
        self.last_update_id = int(result["update_id"])
        return int(result["message_id"])

    def quoted(self, message_id: int, text: str) -> Json:
        """A message this user sent (its id and text), as Telegram quotes it in a reply to it."""
        return {"message_id": message_id, "date": int(time.time()), "chat": self.chat, "from": self.user, "text": text}

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
        if current.topic is not None:  # the pressed message is in its forum topic
            payload.update(message_thread_id=current.topic, is_topic_message=True)
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
        self.last_update_id = int(result["update_id"])
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

    def inline_query(self, query: str, offset: str = "", chat_type: str | None = "sender") -> str:
        """Type `@bot query` in some chat: the bot gets an inline_query update. Its id comes back."""
        body: Json = {"botToken": self.token, "from": self.user, "query": query, "offset": offset}
        if chat_type:
            body["chat_type"] = chat_type
        result = self.emulator.post("sendInlineQuery", body)
        self.last_update_id = int(result["update_id"])
        return str(result["inline_query_id"])

    def ask_inline(self, query: str, offset: str = "", *, timeout: float | None = None) -> InlineAnswer:
        """Send an inline query and wait until the bot answers it (answerInlineQuery)."""
        query_id = self.inline_query(query, offset)
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        while (answer := self.emulator.inline_answer(query_id)) is None:
            if time.monotonic() > deadline:
                raise AssertionError(f"the bot did not answer the inline query {query!r} within {self.timeout:.0f} s")
            time.sleep(POLL_INTERVAL)
        return answer

    def message_update(self, text: str, update_id: int, message_id: int | None = None) -> Json:
        """A whole Update carrying a text message from this user, as Telegram would POST it to a webhook."""
        message = self._message(text)
        del message["botToken"]
        message["message_id"] = update_id if message_id is None else message_id
        if text.startswith("/"):
            message["entities"] = [{"offset": 0, "length": len(text.split(maxsplit=1)[0]), "type": "bot_command"}]
        return {"update_id": update_id, "message": message}

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
    if button.switch_inline_query is not None:
        out["switch_inline_query"] = button.switch_inline_query
    return out


def _keyboard(markup: Any) -> tuple[tuple[Button, ...], ...]:
    if isinstance(markup, str):
        markup = json.loads(markup)
    if not isinstance(markup, dict):
        return ()
    rows: Iterable[Iterable[Json]] = markup.get("inline_keyboard") or ()
    return tuple(
        tuple(
            Button(
                b["text"],
                b.get("callback_data"),
                b.get("url"),
                b.get("switch_inline_query"),
                _web_app(b),
            )
            for b in row
        )
        for row in rows
    )


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
        effect=str(message["message_effect_id"]) if message.get("message_effect_id") else None,
        topic=int(message["message_thread_id"]) if message.get("message_thread_id") else None,
    )


def _web_app(button: Json) -> str | None:
    """The address a web_app button opens, if it is one."""
    info = button.get("web_app")
    return str(info["url"]) if isinstance(info, dict) and "url" in info else None
