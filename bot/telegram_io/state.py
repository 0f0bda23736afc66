"""What the Application carries for the bot, typed: python-telegram-bot's `bot_data` is a `BotState`, not a dict of
string keys (see ContextTypes in build_application)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

from telegram.ext import Application, CallbackContext, ExtBot, JobQueue

from bot.telegram_io.chat_menus import MenuLabels

if TYPE_CHECKING:
    from bot.runtime import Runtime
    from bot.telegram_io.intake import Intake
    from bot.telegram_io.sender import Sender


T = TypeVar("T")


class NotOpen(RuntimeError):
    """The bot's part asked for was not set up (open_bot sets them up, close_bot takes them down)."""


class BotState:
    """The open runtime (store and Core), the intake and the sender, and the Mini App's address when it is on. Each
    is set by open_bot (and serve) and cleared by close_bot; asking for one that is not there raises NotOpen."""

    def __init__(self) -> None:
        self._runtime: Runtime | None = None
        self._intake: Intake | None = None
        self._sender: Sender | None = None
        self.webapp_url: str | None = None  # WEBAPP_URL, while the Mini App is on: boards in private get its button
        self.menu_labels = MenuLabels()  # and each private chat's menu button is labelled in its language

    @property
    def runtime(self) -> Runtime:
        """The open runtime."""
        return _there(self._runtime, "runtime")

    @runtime.setter
    def runtime(self, runtime: Runtime | None) -> None:
        self._runtime = runtime

    @property
    def intake(self) -> Intake:
        """The intake that processes the inbox."""
        return _there(self._intake, "intake")

    @intake.setter
    def intake(self, intake: Intake | None) -> None:
        self._intake = intake

    @property
    def sender(self) -> Sender:
        """The sender that delivers the outbox."""
        return _there(self._sender, "sender")

    @sender.setter
    def sender(self, sender: Sender | None) -> None:
        self._sender = sender

    def wake_sender(self) -> None:
        """Tell the sender there is something new in the outbox; nothing while it is stopped (a timer may still fire
        as the bot closes: what it queued goes out at the next start)."""
        if self._sender is not None:
            self._sender.wake()

    def parts(self) -> tuple[Runtime | None, Intake | None, Sender | None]:
        """The runtime, the intake and the sender as they are (None where not set up), for closing."""
        return self._runtime, self._intake, self._sender


def _there(part: T | None, name: str) -> T:
    if part is None:
        raise NotOpen(f"the bot's {name} is not open")
    return part


# The handlers' context and the Application, with the bot's typed state (user and chat data stay PTB's dicts, unused;
# PTB's builder types its job queue's context with the default bot data, whatever ContextTypes says).
Context = CallbackContext[ExtBot[Any], dict[Any, Any], dict[Any, Any], BotState]
_JobContext = CallbackContext[ExtBot[None], dict[Any, Any], dict[Any, Any], dict[Any, Any]]
App = Application[ExtBot[None], Context, dict[Any, Any], dict[Any, Any], BotState, JobQueue[_JobContext]]
