"""A Bot API stand-in for in-process tests: records every call and answers like Telegram would."""

from __future__ import annotations

import itertools
import json
import random
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from telegram.ext import Application
from telegram.request import BaseRequest, RequestData

from bot.config import Config, Secret
from bot.ports import ManualTimers, NoAdmins
from bot.runtime import Runtime, open_runtime
from bot.telegram_io.app import build_application, close_bot, open_bot

BOT_USER = {"id": 777, "is_bot": True, "first_name": "Bulls and Cows", "username": "bullscows_test_bot"}
USER = 1001
TOKEN = "123456:TEST-token"
EPOCH = datetime(2025, 1, 1, 12, 0, tzinfo=UTC)
UPDATE_IDS = itertools.count(1)  # Telegram numbers updates per bot, not per chat: one counter for every chat


@dataclass
class Call:
    """One Bot API call: the method name and its parameters."""

    method: str
    params: dict[str, Any]

    @property
    def text(self) -> str:
        return str(self.params.get("text", ""))

    @property
    def markup(self) -> list[list[dict[str, Any]]]:
        """The inline keyboard's rows of buttons, as sent."""
        markup = self.params.get("reply_markup") or {}
        if isinstance(markup, str):
            markup = json.loads(markup)
        rows: list[list[dict[str, Any]]] = markup.get("inline_keyboard", [])
        return rows

    @property
    def buttons(self) -> list[tuple[str, str]]:
        """(label, callback_data) of every inline button, row after row ('' for a link or share button)."""
        return [(b["text"], b.get("callback_data", "")) for row in self.markup for b in row]

    @property
    def labels(self) -> list[str]:
        """The label of every button the call sends: its keyboard's, and those of the inline results it offers."""
        results = self.params.get("results") or []
        if isinstance(results, str):
            results = json.loads(results)
        offered = [
            b["text"] for r in results for row in (r.get("reply_markup") or {}).get("inline_keyboard", []) for b in row
        ]
        return [label for label, _ in self.buttons] + offered


MARKUP = re.compile(r"</?[a-zA-Z][\w-]*[^>]*>|&(?:#\d+|#x[0-9a-fA-F]+|[a-zA-Z]+);")


def marked_up(labels: list[str]) -> list[str]:
    """The labels that hold an HTML tag or entity: Telegram would show it as it is, never as what it stands for."""
    return [label for label in labels if MARKUP.search(label)]


@dataclass
class RecordingRequest(BaseRequest):
    """Answers Bot API calls locally; `fail_edits_with` (`fail_sends_with`, `fail_answers_with`) makes edits
    (sends, callback answers) fail with that description; `faults[method]` lists the next answers of a method
    that fail, as (HTTP status, description, retry_after)."""

    calls: list[Call] = field(default_factory=list)
    fail_edits_with: str | None = None
    fail_sends_with: str | None = None
    fail_answers_with: str | None = None
    faults: dict[str, list[tuple[int, str, int | None]]] = field(default_factory=dict)  # method: (status, text, retry)
    unreachable: set[int] = field(default_factory=set)  # chats whose user never started the bot: sends get 403
    administrators: dict[int, set[int]] = field(default_factory=dict)  # group: who administers it (the first owns it)
    _ids: itertools.count[int] = field(default_factory=lambda: itertools.count(100))

    async def initialize(self) -> None:
        return None

    async def shutdown(self) -> None:
        return None

    @property
    def read_timeout(self) -> float | None:
        return 1.0

    async def do_request(
        self, url: str, method: str, request_data: RequestData | None = None, **_: Any
    ) -> tuple[int, bytes]:
        name = url.rsplit("/", 1)[-1]
        params = dict(request_data.parameters) if request_data else {}
        self.calls.append(Call(name, params))
        if self.faults.get(name):
            status, description, retry_after = self.faults[name].pop(0)
            answer: dict[str, Any] = {"ok": False, "error_code": status, "description": description}
            if retry_after is not None:
                answer["parameters"] = {"retry_after": retry_after}
            params["_refused"] = True
            return status, json.dumps(answer).encode()
        if name == "sendMessage" and int(params["chat_id"]) in self.unreachable:
            refused = "Forbidden: bot can't initiate conversation with a user"
            body = {"ok": False, "error_code": 403, "description": refused}
            params["_refused"] = True
            return 403, json.dumps(body).encode()
        failure = self.fail_edits_with if name.startswith("edit") else None
        failure = self.fail_sends_with if name == "sendMessage" else failure
        failure = self.fail_answers_with if name == "answerCallbackQuery" else failure
        if failure:
            body = {"ok": False, "error_code": 400, "description": failure}
            params["_refused"] = True
            return 400, json.dumps(body).encode()
        return 200, json.dumps({"ok": True, "result": self._result(name, params)}).encode()

    def unchanged_edits(self) -> list[Call]:
        """The edits that would change nothing of the message as the bot last sent or edited it: Telegram refuses
        each with "400 message is not modified" (an edit of a message the bot never sent here is not judged)."""
        shown: dict[tuple[int, int], tuple[str, list[list[dict[str, Any]]]]] = {}
        unchanged = []
        for call in self.calls:
            if call.params.get("_refused") or "chat_id" not in call.params:
                continue
            chat = int(call.params["chat_id"])
            if call.method == "sendMessage":
                shown[chat, int(call.params["_sent_id"])] = (call.text, call.markup)
                continue
            if call.method not in ("editMessageText", "editMessageReplyMarkup"):
                continue
            key = (chat, int(call.params["message_id"]))
            before = shown.get(key)
            text = call.text if call.method == "editMessageText" else (before[0] if before else "")
            after = (text, call.markup)
            if before == after:
                unchanged.append(call)
            if before is not None:
                shown[key] = after
        return unchanged

    def _result(self, name: str, params: dict[str, Any]) -> Any:
        if name == "getMe":
            return BOT_USER
        if name in {"sendMessage", "editMessageText", "editMessageReplyMarkup"}:
            chat_id = int(params["chat_id"])
            message_id = params.get("message_id") or next(self._ids)
            if name == "sendMessage":
                params["_sent_id"] = message_id
            message = {
                "message_id": message_id,
                "date": int(EPOCH.timestamp()),
                "chat": {"id": chat_id, "type": "private" if chat_id > 0 else "group"},
                "from": BOT_USER,
                "text": params.get("text", ""),
            }
            if params.get("reply_markup"):
                markup = params["reply_markup"]
                message["reply_markup"] = json.loads(markup) if isinstance(markup, str) else markup
            return message
        if name == "getUpdates":
            return []
        if name == "getChatAdministrators":
            admins = sorted(self.administrators.get(int(params["chat_id"]), ()))
            return [_administrator(user_id, owner=i == 0) for i, user_id in enumerate(admins)]
        return True


def _administrator(user_id: int, owner: bool) -> dict[str, Any]:
    """A ChatMember as getChatAdministrators answers it."""
    user = {"id": user_id, "is_bot": False, "first_name": f"User {user_id}"}
    if owner:
        return {"status": "creator", "user": user, "is_anonymous": False}
    rights = ("can_manage_chat", "can_delete_messages", "can_manage_video_chats", "can_restrict_members")
    more = ("can_promote_members", "can_change_info", "can_invite_users", "can_post_stories", "can_edit_stories")
    return {
        "status": "administrator",
        "user": user,
        "can_be_edited": False,
        "is_anonymous": False,
        **dict.fromkeys(rights, True),
        **dict.fromkeys((*more, "can_delete_stories"), False),
    }


class Clock:
    """A clock that moves only when told to."""

    def __init__(self, start: datetime = EPOCH) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


@asynccontextmanager
async def telegram_app(
    database: Path, seed: int = 1, clock: Clock | None = None, config: Config | None = None
) -> AsyncIterator[tuple[Application, RecordingRequest]]:  # type: ignore[type-arg]
    """An initialised Application on `database` with a recording request; shut down afterwards."""
    request = RecordingRequest()
    config = config or Config(token=Secret(TOKEN), database_path=database)
    app = build_application(config, request=request, rate_limit=False)
    await open_bot(app, config, random.Random(seed), clock or Clock())
    app.bot_data.sender.group_spacing = 0  # no waits for a group's turn here; the tests of pacing set it back
    try:
        yield app, request
    finally:
        await close_bot(app)


async def handle(app: Application, data: dict[str, Any]) -> None:  # type: ignore[type-arg]
    """Deliver one update as Telegram would: recorded in the inbox, processed, its replies sent (and those that come
    after it: a review it started)."""
    intake, sender = app.bot_data.intake, app.bot_data.sender
    await intake.record([data])
    await intake.drain()
    await sender.flush()
    deps = app.bot_data.runtime.core.deps
    if deps.busy:  # a review the update started in the background: delivered once made, as the bot would
        await deps.settle()
        await sender.flush()


@asynccontextmanager
async def runtime_on(
    database: Path, seed: int = 1, clock: Clock | None = None, daily_secret: str | None = None
) -> AsyncIterator[Runtime]:
    """A migrated database with the Core on it, closed afterwards."""
    config = Config(database_path=database, daily_secret=Secret(daily_secret) if daily_secret else None)
    runtime = await open_runtime(
        config, random.Random(seed), clock or Clock(), admins=NoAdmins(), timers=ManualTimers()
    )
    try:
        yield runtime
    finally:
        await runtime.close()
