"""Which private chats' menu buttons this process has labelled, in which language: the Mini App's button is set in
a chat (through the outbox, after the commit) at its first update and after its language changes, not at every one."""

from __future__ import annotations

from collections import OrderedDict

REMEMBERED = 50_000  # chats: the most recent ones; one forgotten is labelled again at its next update, no harm done


class MenuLabels:
    """The language each recent private chat's menu button was last labelled in."""

    def __init__(self, size: int = REMEMBERED) -> None:
        self._given: OrderedDict[int, str] = OrderedDict()
        self.size = size

    def due(self, chat_id: int, language: str) -> bool:
        """Whether the chat's menu button must be labelled in `language` (it is taken as done from now on)."""
        done = self._given.get(chat_id) == language
        self._given[chat_id] = language
        self._given.move_to_end(chat_id)
        while len(self._given) > self.size:
            self._given.popitem(last=False)
        return not done

    def forget(self, chat_id: int) -> None:
        """The chat's update failed (its queued label with it): label it again at its next one."""
        self._given.pop(chat_id, None)
