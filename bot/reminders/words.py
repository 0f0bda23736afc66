"""What the reminders say, and their panel: a reminder's words (times in the player's terms: "in 3 h"), the one button
under each, and the panel of /settings where a player switches each topic on or off."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import timedelta
from typing import TYPE_CHECKING

from bot import callback_data as cb
from bot.chats.settings import Setting
from bot.i18n import CATALOGUES, SOURCE_LANGUAGE
from bot.replies import Button, Keyboard, Outcome, Reply
from bot.texts import Html, t

if TYPE_CHECKING:
    from bot.reminders.kinds import LeaguePlace, Topic

PANEL = "rs"  # rs: the reminders' panel; rs:<topic>: switch that topic on or off (the panel redrawn in place)
OFF = "ro"  # ro: under a reminder: switch every reminder of the presser's off
ACTIONS = frozenset({PANEL, OFF})
# each topic's label on the panel
LABELS = {
    "streak": "remind.topic.streak",
    "puzzle": "remind.topic.puzzle",
    "league": "remind.topic.league",
    "ranked": "remind.topic.ranked",
}


def soon(left: timedelta, language: str) -> Html:
    """How long until something ends, as a player reads it at a glance: whole hours ('3 h', rounded), or minutes under
    an hour ('45 min')."""
    minutes = max(1, round(left.total_seconds() / 60))
    if minutes >= 60:
        return t("remind.hours", language, h=round(minutes / 60))
    return t("remind.minutes", language, m=minutes)


def ordinal(place: int) -> str:
    """An English ordinal: 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st.

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 102, 111)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '102nd', '111th']
    """
    if 11 <= place % 100 <= 13:
        return f"{place}th"
    return f"{place}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(place % 10, 'th') }"


def streaks(language: str, *, challenge: int, puzzle: int, left: timedelta) -> Html:
    """A streak (or two) about to end: the daily challenge's days in a row, the puzzle of the day's (0: not at
    risk)."""
    lines = []
    if challenge:
        lines.append(t("remind.streak.daily", language, n=challenge, wait=soon(left, language)))
    if puzzle:
        lines.append(t("remind.streak.puzzle", language, n=puzzle, wait=soon(left, language)))
    return Html("\n".join(lines))


def new_puzzle(language: str) -> Html:
    """A new puzzle of the day is out."""
    return t("remind.puzzle", language)


def league(language: str, *, standing: LeaguePlace, left: timedelta) -> Html:
    """The league week ends soon, and where the player stands in their division (an English place as an ordinal, '6th';
    other languages write the number into their own words)."""
    place, size = standing
    shown = ordinal(place) if CATALOGUES.supported(language) == SOURCE_LANGUAGE else str(place)
    return t("remind.league", language, place=shown, size=size, wait=soon(left, language))


def ranked(language: str, *, mark: int, guesses: int) -> Html:
    """Someone beat the player's mark on a ranked secret."""
    return t("remind.ranked", language, n=guesses, mark=mark)


def reminder(language: str, said: Html) -> Reply:
    """A reminder as sent: its words, and the one button that switches reminders off."""
    return Reply(said, ((Button(t("remind.btn.off", language), OFF),),))


def panel(language: str, topics: Iterable[Topic], wanted: set[str], edit: bool = True) -> Outcome:
    """The reminders' panel: what each topic is, on or off (a press switches it), and back to the settings."""
    rows: list[tuple[Button, ...]] = []
    for topic in topics:
        state = t("set.on" if topic in wanted else "set.off", language)
        label = t("remind.toggle", language, topic=t(LABELS[topic], language), state=state)
        rows.append((Button(label, cb.encode(PANEL, topic)),))
    rows.append((Button(t("btn.back", language), cb.encode(cb.SETTING, Setting.PANEL)),))
    keyboard: Keyboard = tuple(rows)
    return Outcome.say(Reply(t("remind.panel", language), keyboard, edit_origin=edit))


def switched_off(language: str) -> Outcome:
    """The reminder whose button was pressed, replaced by word that reminders are off (and the way back on)."""
    back = ((Button(t("set.reminders", language), PANEL),),)
    return Outcome.say(Reply(t("remind.stopped", language), back, edit_origin=True), toast=t("remind.off", language))


def already_off(language: str) -> Outcome:
    """A press on a reminder's button when none is on: a toast, nothing else."""
    return Outcome(toast=t("remind.off.already", language))


def open_button(language: str) -> Button:
    """The settings panel's button that opens the reminders' panel."""
    return Button(t("set.reminders", language), PANEL)
