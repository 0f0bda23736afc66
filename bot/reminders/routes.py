"""The reminders' buttons, in a private chat only: the panel /settings opens (each topic on or off), and the button
under each reminder that switches them all off. Both act on the presser's own reminders and carry no one's id: a
hand-made button can switch off nobody else's."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot import callback_data as cb
from bot import messages
from bot.deps import Deps
from bot.reminders import service, words
from bot.reminders.kinds import ReminderKind
from bot.replies import Outcome
from bot.routes import Feature
from bot.situation import Situation

ACTIONS = words.ACTIONS


class Reminders(Feature):
    """The reminders' panel and off button, and their timer's run, for the kinds the register lists."""

    def __init__(self, deps: Deps, kinds: Sequence[ReminderKind]) -> None:
        super().__init__(deps)
        self.kinds = tuple(kinds)
        self.topics = tuple(dict.fromkeys(kind.topic for kind in self.kinds))  # the panel's, in the register's order

    async def button(self, s: Situation, pressed: cb.Callback) -> Outcome | None:
        """The panel (rs), a topic switched (rs:<topic>), or every reminder switched off (ro), for the presser."""
        who, language = s.who, s.language
        if not who.private or who.as_chat or who.chat_id != who.user_id:  # a private chat's only
            return messages.stale(language)
        if pressed.action == words.OFF:
            if pressed.args:
                return messages.stale(language)
            gone = await service.switch_off(self.deps, who.user_id)
            return words.switched_off(language) if gone else words.already_off(language)
        if not pressed.args:
            return words.panel(language, self.topics, await service.topics(self.deps, who.user_id))
        topic = next((t for t in self.topics if (t.value,) == pressed.args), None)
        if topic is None:  # no topic of the panel's (forged, or a kind no longer registered)
            return messages.stale(language)
        return words.panel(language, self.topics, await service.toggle(self.deps, who.user_id, topic))

    async def run(self, wake: Callable[[], None]) -> int:
        """The timer's run: queue the reminders due now; how many were queued."""
        return await service.run(self.deps, self.kinds, wake)
