"""Reminders, only when asked: a streak about to end, a new puzzle of the day, the league week about to end, a mark
beaten on a ranked secret; switched on in /settings, two a day at most, in the player's private chat only, sent
at the pace after every reply, and switched off by one tap or when the player blocks the bot.

The kinds of reminder are a registry (bot/register.py's `reminder_kinds`): a feature adds a polled kind (`ReminderKind`
with a `Finder`, or the league's `league_kind(places)`) or publishes an event the reminders answer (the ranked games'
RankedFinished).

What other features may use of it is exported here (tests/bot/test_layout.py keeps them to it)."""

from __future__ import annotations

from bot.reminders.kinds import Due, Finder, LeaguePlace, Places, ReminderKind, Topic, Wish, league_kind
from bot.reminders.words import open_button

__all__ = ["Due", "Finder", "LeaguePlace", "Places", "ReminderKind", "Topic", "Wish", "league_kind", "open_button"]
