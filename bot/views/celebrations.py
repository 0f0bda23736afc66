"""Celebrations: one line for each milestone a win reached, with a message effect in a private chat."""

from __future__ import annotations

from dataclasses import replace

from bot.replies import Outcome
from bot.services.milestones import Milestone, MilestoneKind
from bot.texts import Html, lines, t

# Telegram's free message effects (sendMessage's message_effect_id; private chats only)
CONFETTI = "5046509860389126442"  # 🎉
FIRE = "5104841245755180586"  # 🔥
EFFECTS = {
    MilestoneKind.FIRST_WIN: CONFETTI,
    MilestoneKind.BEST: CONFETTI,
    MilestoneKind.STREAK: FIRE,
    MilestoneKind.DAYS: FIRE,
}


def line(language: str, milestone: Milestone) -> Html:
    """The cheer for one milestone."""
    return t(f"celebrate.{milestone.kind}", language, n=milestone.n, was=milestone.was)


def celebrated(language: str, outcome: Outcome, reached: tuple[Milestone, ...], private: bool) -> Outcome:
    """The outcome with a line per milestone under its first reply (the board that ended the game), which gets
    the first milestone's effect in a private chat."""
    if not reached or not outcome.replies:
        return outcome
    first, *rest = outcome.replies
    text = lines(first.text, *(line(language, m) for m in reached))
    shown = replace(first, text=text, effect=EFFECTS[reached[0].kind] if private else None)
    return Outcome((shown, *rest), outcome.toast)
